"""The command-line page's sample sessions are run: ``docs/cli.md`` cannot go stale.

Every ```` ```text ```` block of the page is a terminal session: a line ``$ tysiac ...`` is a
command, the lines up to the next ``$`` its output (standard output and standard error, as
a terminal shows them).  The commands run through :func:`tysiac.cli.main` in a temporary
folder, with what the page's shell needs: ``printf '...' |`` feeds standard input,
``| head -N`` keeps the first lines, ``> /dev/null`` drops the output.  ``...`` in an
output stands for any text, as in a doctest.  Set ``TYSIAC_UPDATE_GOLDEN=1`` to write the
actual outputs into the page (blocks with ``...`` are left as they are), then read the diff.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import json
import os
import re
import shlex
import sys
from pathlib import Path

import pytest

from tysiac.cli import main

PAGE = Path(__file__).resolve().parents[1] / "docs" / "cli.md"
_BLOCK = re.compile(r"(```text\n)(.*?)(```)", re.DOTALL)
_CHECKER = doctest.OutputChecker()


def _sessions(block: str) -> list[tuple[str, str]]:
    """The ``(command, output)`` pairs of a block."""
    pairs: list[tuple[str, str]] = []
    for line in block.splitlines(keepends=True):
        if line.startswith("$ "):
            pairs.append((line[2:].rstrip("\n"), ""))
        else:
            assert pairs, f"output before any command in a text block of {PAGE.name}"
            command, output = pairs[-1]
            pairs[-1] = (command, output + line)
    return pairs


def _broken_record(folder: Path) -> None:
    """``broken.json``: the page's record of ``game.json`` with a card misspelt."""
    data = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    data["deals"][0]["moves"][3]["card"] = "QX"
    (folder / "broken.json").write_text(json.dumps(data), encoding="utf-8")


def _run(command: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """What ``command`` prints, run as the page's shell would."""
    stdin = ""
    piped = re.fullmatch(r"printf '([^']*)' \| (.*)", command)
    if piped:
        stdin = piped[1].replace("\\n", "\n")
        command = piped[2]
    head = re.fullmatch(r"(.*) \| head -(\d+)", command)
    if head:
        command = head[1]
    quiet = command.endswith(" > /dev/null")
    command = command.removesuffix(" > /dev/null")
    argv = shlex.split(command)
    assert argv[0] == "tysiac", command
    if "broken.json" in argv:
        _broken_record(folder)
    monkeypatch.chdir(folder)
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    out = io.StringIO()
    # a usage error exits (SystemExit): its line is the output
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(out),
        contextlib.suppress(SystemExit),
    ):
        main(argv[1:])
    text = "" if quiet else out.getvalue()
    if head:
        text = "".join(text.splitlines(keepends=True)[: int(head[2])])
    return text


def test_the_pages_sessions_print_what_the_page_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = PAGE.read_text(encoding="utf-8")
    update = bool(os.environ.get("TYSIAC_UPDATE_GOLDEN"))
    ran = 0

    def check(block: re.Match[str]) -> str:
        nonlocal ran
        lines = []
        for command, expected in _sessions(block[2]):
            actual = _run(command, tmp_path, monkeypatch)
            ran += 1
            if update and "..." not in expected:
                expected = actual
            assert _CHECKER.check_output(expected, actual, doctest.ELLIPSIS), (
                f"docs/cli.md, '$ {command}':\n--- the page\n{expected}--- printed\n{actual}"
            )
            lines.append(f"$ {command}\n{expected}")
        return block[1] + "".join(lines) + block[3]

    new = _BLOCK.sub(check, page)
    if update and new != page:
        PAGE.write_text(new, encoding="utf-8")
    assert ran >= 5  # the page shows sessions of simulate, play, replay and a usage error
