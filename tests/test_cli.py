"""The command line (:mod:`tysiac.cli`): through ``main(argv)`` and as a program.

The subprocess tests run ``python -m tysiac`` for what only a real process shows:
streaming through a pipe, a reader that goes away, a full disk and Ctrl-C.
"""

from __future__ import annotations

import doctest
import errno
import io
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import pytest

import tysiac
from tysiac import Outcome, Rules, cli
from tysiac._cli import common as _cli_common
from tysiac._cli import rules as _cli_rules
from tysiac._cli import simulate as _cli_simulate
from tysiac._cli.botnames import BOTS
from tysiac._cli.table import row_cells
from tysiac.bots import Bot, HeuristicBot, RandomBot, play_game
from tysiac.cli import main

LONG_RUN = ["simulate", "--bots", "uniform", "--max-deals", "1000000", "--seed", "3"]


def rows(out: str) -> list[list[str]]:
    """The data rows of a score sheet: the lines that start with a deal number."""
    return [
        line.split() for line in out.splitlines() if line.split()[:1] and line.split()[0].isdigit()
    ]


def usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``main(argv)``, expect a usage error, and return its one line of stderr."""
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


# --- simulate -----------------------------------------------------------------------------


def test_simulate_prints_one_row_per_deal_and_the_winner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    state = play_game(Rules(), [HeuristicBot(seed=3 + i) for i in range(3)], seed=3)
    got = rows(out)
    assert len(got) == len(state.sheet)
    for cells, row in zip(got, state.sheet, strict=True):
        assert int(cells[0]) == row.number
        assert int(cells[1]) == row.dealer
        assert cells[2] == ("-" if row.declarer is None else str(row.declarer))
        assert [int(x) for x in cells[6::2]] == list(row.scores)
        assert [int(x) for x in cells[5::2]] == list(row.deltas)
    assert state.winner is not None
    last = out.strip().splitlines()[-1]
    assert last == (
        f"Winner: seat {state.winner} with {state.scores[state.winner]} points "
        f"after {len(state.sheet)} deals"
    )
    assert out.splitlines()[1].split()[:5] == ["Deal", "Dealer", "Declarer", "Contract", "Result"]


def test_simulate_is_the_default_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "4", "--max-deals", "2"]) == 0
    default = capsys.readouterr().out
    assert main(["simulate", "--seed", "4", "--max-deals", "2"]) == 0
    assert capsys.readouterr().out == default
    assert len(rows(default)) == 2


def test_simulate_header_names_options_as_typed(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--seed", "5", "--layout", "two-draw", "--target", "500", "--set", "claim=true"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    header = out.splitlines()[0]
    assert header == (
        "tysiac simulate --seed 5 --preset app --players 2 --layout two-draw --target 500 "
        "--set claim=true --bots heuristic,heuristic"
    )
    assert "Layout." not in out
    assert {r[4] for r in rows(out)} == {"played"}  # no declarer in the draw game


def test_set_layout_alone_takes_its_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--set", "layout=four-all-play", "--max-deals", "1"]) == 0
    assert " --players 4 --layout four-all-play " in capsys.readouterr().out.splitlines()[0]


def test_the_header_replays_the_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "6", "--players", "4", "--max-deals", "3", "--preset", "pl"]) == 0
    first = capsys.readouterr().out
    header = first.splitlines()[0].split()
    assert header[:2] == ["tysiac", "simulate"]
    assert main(header[1:]) == 0
    assert capsys.readouterr().out == first


def test_simulate_rows_are_aligned_and_use_the_result_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--seed", "2", "--preset", "pl", "--bots", "heuristic,random,heuristic"]) == 0
    out = capsys.readouterr().out
    table = out.splitlines()[1:-1]
    assert len({len(line) for line in table}) == 1  # every row as wide as the header
    results = {r[4] for r in rows(out)}
    assert results <= {"made", "failed", "bomb", "redeal", "claim", "played"}
    assert results & {"made", "failed"}


def test_simulate_four_players_and_max_deals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "4", "--max-deals", "2"]) == 0
    out = capsys.readouterr().out
    assert len(rows(out)) == 2
    assert out.splitlines()[1].count("Seat") == 4
    assert out.splitlines()[-1].startswith("No winner after 2 deals (--max-deals); scores ")
    assert main(["--max-deals", "0"]) == 0
    out = capsys.readouterr().out
    assert rows(out) == []
    assert out.splitlines()[-1].startswith("No winner after 0 deals")


def test_simulate_writes_nothing_to_stderr_off_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--bots", "uniform", "--max-deals", "5", "--seed", "9"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert len(rows(captured.out)) == 5


def test_deals_yields_the_rows_of_play_game() -> None:
    rules = Rules.preset("ro", players=2)
    bots: list[Bot] = [HeuristicBot(seed=1), RandomBot(seed=2)]
    streamed = [row for _, row in _cli_simulate.deals(rules, bots, 8, None)]
    again: list[Bot] = [HeuristicBot(seed=1), RandomBot(seed=2)]
    assert tuple(streamed) == tuple(play_game(rules, again, seed=8).sheet)


def test_every_outcome_has_its_word() -> None:
    state = play_game(Rules.preset("pl", bomb="any-bid"), seed=1)
    words = {row_cells(row)[4] for row in state.sheet}
    assert "made" in words  # every word of the sheet, not only the last deal's per outcome
    for row in state.sheet:
        word = row_cells(row)[4]
        expected = {
            Outcome.REDEALT: "redeal",
            Outcome.BOMBED: "bomb",
            Outcome.CLAIMED: "claim",
        }.get(row.outcome, "made" if row.made else "failed")
        assert word == expected


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["--players", "5"], "argument --players"),
        (["--preset", "xx"], "argument --preset"),
        (["--seed", "abc"], "argument --seed"),
        (["--bots", "heuristic,clever,random"], "argument --bots: unknown bot 'clever'"),
        (["--bots", "heuristic,heuristic"], "argument --bots: 2 bots for 3 players"),
        (["--bots", "greedy"], "unknown bot 'greedy' (now called 'heuristic')"),
        (["--bots", "legacy"], "unknown bot 'legacy' (LegacyGreedyBot left the library)"),
        (["--layout", "two-draw", "--players", "3"], "argument --layout: two-draw is a 2-player"),
        (["--layout", "nine"], "argument --layout"),
        (["--target", "55"], "argument --target: 55"),
        (["--target", "-5"], "argument --target: -5"),
        (["--max-deals", "-1"], "argument --max-deals: -1"),
        (["--set", "claim"], "argument --set: 'claim' is not OPTION=VALUE"),
        (["--set", "clam=true"], "argument --set: 'clam' is not a rule option"),
        (["--set", "claim=maybe"], "argument --set: claim='maybe': give true or false"),
        (["--set", "auto_claim=true"], "argument --set (--set auto_claim=true)"),
        (["--set", "layout=five"], "'five' is not a Layout"),
        (["--frobnicate"], "unrecognized arguments: --frobnicate"),
    ],
)
def test_simulate_usage_errors_are_one_line_naming_the_option(
    argv: list[str], option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = usage_error(argv, capsys)
    assert line.startswith("tysiac simulate: error: ")
    assert option in line
    assert line.endswith("(see 'tysiac simulate --help')")


@pytest.mark.parametrize("command", ["simulate", "play", "tournament"])
def test_every_command_names_the_same_bots_with_their_descriptions(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    text = " ".join(capsys.readouterr().out.split())  # argparse wraps the help
    assert list(BOTS) == ["heuristic", "random", "uniform", "search", "pimc"]
    for bot in BOTS.values():
        assert f"{bot.name}: {bot.about}" in text
    assert "greedy" not in text and "legacy" not in text


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--max-deals", "1", "--bots", "heuristic,random,uniform"],
        ["tournament", "--games", "1", "--workers", "0", "--max-deals", "1", "--bots",
         "uniform,heuristic,random"],
    ],
)  # fmt: skip
def test_the_commands_take_the_registry_names(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 0
    assert "uniform" in capsys.readouterr().out


def test_an_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    line = usage_error(["replya"], capsys)
    assert line.startswith("tysiac: error: unknown command 'replya': choose from simulate, ")


# --- rules, --version, --help ---------------------------------------------------------------


def _listing(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, tuple[str, str]]:
    assert main(["rules", *argv]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["option", "value", "meaning"]
    out = {}
    for line in lines[2:]:
        name, value, *meaning = line.split()
        out[name] = (value, " ".join(m for m in meaning if m != "*"))
    return out


@pytest.mark.parametrize("preset", sorted(tysiac.PRESETS))
def test_rules_lists_every_option_with_a_value_that_pastes_back(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    listing = _listing([preset], capsys)
    options = [a.name for a in Rules.__attrs_attrs__ if a.init]
    assert list(listing) == options
    for name, (_, meaning) in listing.items():
        assert meaning, f"no meaning for {name}"
        assert "RULES.md" not in meaning
    # each printed value, given back to --set, gives the same rules
    changes = dict(_cli_common.parse_option(f"{k}={v}") for k, (v, _) in listing.items())
    assert Rules(**changes) == Rules.preset(preset)  # type: ignore[arg-type]


def test_rules_marks_the_values_that_differ_from_the_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "--set", "players=2", "--set", "bomb=any-bid"]) == 0
    out = capsys.readouterr().out
    lines = {line.split()[0]: line for line in out.splitlines()[2:]}
    assert lines["players"].split()[1:3] == ["2", "*"]
    assert lines["layout"].split()[1:3] == ["two-classic", "*"]
    assert lines["bomb"].split()[1:3] == ["any-bid", "*"]
    assert "*" not in lines["target"].split()
    assert out.splitlines()[0].startswith(
        "Rules of preset app (the app's rules), --set players=2 --set bomb=any-bid"
    )


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["rules", "xx"], "argument PRESET: invalid choice: 'xx'"),
        (["rules", "--set", "players=7"], "players=7 must be 2, 3 or 4"),
        (["rules", "--set", "barrel=high"], "barrel='high': give a whole number or none"),
        (["rules", "--set", "marriage_values=40,60"], "marriage_values=(40, 60)"),
    ],
)
def test_rules_usage_errors(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = usage_error(argv, capsys)
    assert line.startswith("tysiac rules: error: ")
    assert needle in line


def test_parse_option_reads_every_kind_of_value() -> None:
    parse = _cli_common.parse_option
    assert parse("claim=yes") == ("claim", True)
    assert parse("must-beat=off") == ("must_beat", False)
    assert parse("barrel=none") == ("barrel", None)
    assert parse("barrel=700") == ("barrel", 700)
    assert parse("marriage_values=40,60,80,120") == ("marriage_values", (40, 60, 80, 120))
    assert parse("layout=Four-All-Play") == ("layout", "four-all-play")


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out == f"tysiac {tysiac.__version__}\n"


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for command in cli.COMMANDS:
        assert command.name in out
        with pytest.raises(SystemExit):
            main([command.name, "--help"])
        assert f"usage: tysiac {command.name}" in capsys.readouterr().out


@pytest.mark.parametrize("module", [cli, _cli_simulate, _cli_rules])
def test_the_command_line_docstring_examples(module: object) -> None:
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert attempted
    assert failed == 0


# --- output failures, in the process ------------------------------------------------------


class _FailingOut(io.StringIO):
    def __init__(self, error: OSError) -> None:
        super().__init__()
        self.error = error

    def write(self, text: str) -> int:
        raise self.error


def test_a_full_disk_is_one_line_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", _FailingOut(OSError(errno.ENOSPC, "No space left")))
    assert main(["--max-deals", "1"]) == 1
    assert capsys.readouterr().err == "tysiac: cannot write the output: No space left\n"


def test_a_closed_standard_output_is_one_line_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    assert main(["rules"]) == 1
    assert capsys.readouterr().err == "tysiac: cannot write the output: standard output is closed\n"


def test_a_closed_pipe_is_quiet(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", _FailingOut(BrokenPipeError(errno.EPIPE, "Broken pipe")))
    assert main(["--max-deals", "1"]) == 141
    assert capsys.readouterr().err == ""


def test_ctrl_c_exits_130_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(_cli_simulate, "deals", interrupted)
    assert main(["--seed", "1"]) == 130
    assert capsys.readouterr().err == ""


# --- the progress bar ---------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal_and_only_for_long_work() -> None:
    now = [0.0]
    terminal = _Terminal()
    bar = _cli_simulate.Progress(terminal, clock=lambda: now[0], delay=1.0, every=0.1)
    bar.update(0.5, "deal 1")
    assert terminal.getvalue() == ""  # short work: nothing yet
    now[0] = 1.5
    bar.update(0.5, "deal 9")
    assert terminal.getvalue() == "\r[############............] deal 9\x1b[K"
    now[0] = 1.55
    bar.update(0.75, "deal 10")  # too soon to redraw
    assert terminal.getvalue().count("\r") == 1
    bar.clear()
    assert terminal.getvalue().endswith("\r\x1b[K")
    assert not bar.shown
    pipe = io.StringIO()
    off = _cli_simulate.Progress(pipe, clock=lambda: now[0], delay=0.0)
    off.update(1.0, "done")
    off.clear()
    assert pipe.getvalue() == ""


def test_simulate_draws_the_bar_on_a_terminal_and_erases_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    ticks = iter(range(10_000))
    monkeypatch.setattr(time, "monotonic", lambda: float(next(ticks)))
    assert main(["--seed", "1", "--max-deals", "3"]) == 0
    drawn = terminal.getvalue()
    assert "] deal 2 of at most 3; best score " in drawn
    assert drawn.endswith("\r\x1b[K")  # erased at the end
    assert "\x1b" not in capsys.readouterr().out


# --- as a program ---------------------------------------------------------------------------


def _program(*argv: str) -> list[str]:
    return [sys.executable, "-m", "tysiac", *argv]


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # even if the test runner ignores it


def _read_lines(stream: IO[bytes], count: int, timeout: float = 60.0) -> list[str]:
    """Read ``count`` lines from a pipe, failing instead of hanging when they do not come."""
    fd = stream.fileno()
    data = b""
    end = time.monotonic() + timeout
    while data.count(b"\n") < count:
        left = end - time.monotonic()
        ready, _, _ = select.select([fd], [], [], max(left, 0))
        assert ready, f"no output after {timeout} s: {data!r}"
        chunk = os.read(fd, 65536)
        assert chunk, f"the program ended early: {data!r}"
        data += chunk
    return data.decode().splitlines()[:count]


def test_program_runs_and_exits_2_on_a_usage_error() -> None:
    done = subprocess.run(
        _program("--seed", "4", "--max-deals", "2"),
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert len(rows(done.stdout)) == 2
    assert done.stderr == ""
    for argv in (["--players", "7"], ["rules", "--set", "x=1"], ["nonsense"]):
        bad = subprocess.run(
            _program(*argv), check=False, capture_output=True, text=True, timeout=60
        )
        assert bad.returncode == 2
        assert bad.stdout == ""
        assert len(bad.stderr.splitlines()) == 1, bad.stderr
    version = subprocess.run(
        _program("--version"), check=False, capture_output=True, text=True, timeout=60
    )
    assert version.stdout == f"tysiac {tysiac.__version__}\n"


def test_program_streams_rows_and_exits_130_on_ctrl_c() -> None:
    with subprocess.Popen(
        _program(*LONG_RUN),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_default_sigint,  # noqa: PLW1509
    ) as proc:
        assert proc.stdout is not None
        assert proc.stderr is not None
        lines = _read_lines(proc.stdout, 5)  # the header, the column names and 3 deals
        assert [int(r[0]) for r in rows("\n".join(lines))] == [1, 2, 3]
        assert proc.poll() is None  # the rows came while the game still runs
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=60) == 130
        assert proc.stderr.read() == b""


def test_program_is_quiet_when_the_reader_goes_away() -> None:
    with subprocess.Popen(
        _program(*LONG_RUN), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as proc:
        assert proc.stdout is not None
        assert proc.stderr is not None
        _read_lines(proc.stdout, 3)
        proc.stdout.close()  # like `| head -3`
        assert proc.wait(timeout=60) == 141
        assert proc.stderr.read() == b""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_program_reports_a_full_disk_in_one_line() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            _program("--max-deals", "3"),
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 1
    assert done.stderr == "tysiac: cannot write the output: No space left on device\n"


@pytest.mark.parametrize(
    "argv",
    [("--seed", "3", "--max-deals", "1"), ("rules",), ("--help",), ("play", "--max-deals", "1")],
)
def test_an_output_that_cannot_hold_the_text_gets_plain_letters(argv: tuple[str, ...]) -> None:
    """Output in an encoding without "ą" or the suits' symbols (Windows' cp1252 for a
    redirected output): the text is printed with plain letters, never a traceback."""
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    done = subprocess.run(
        _program(*argv),
        check=False,
        capture_output=True,
        input=b"quit\n",
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr.decode("cp1252")
    assert b"Traceback" not in done.stderr
    text = done.stdout.decode("cp1252")
    assert text
    assert "ą" not in text and "♠" not in text
    if argv[0] == "play":
        assert "Tysiac: preset" in text  # the heading, its "ą" as "a"
