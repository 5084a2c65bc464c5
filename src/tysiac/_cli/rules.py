"""``tysiac rules`` (private): every rule option of a preset, its value and its meaning.

Example:
    >>> from tysiac.cli import main
    >>> main(["rules", "pl", "--set", "players=2"])  # doctest: +ELLIPSIS
    Rules of preset pl (Polish club rules), --set players=2; * marks a value that differs ...
    option                        value              meaning
    players                       2 *                Number of players: 2, 3 or 4.
    layout                        two-classic *      How cards are dealt (Layout); must match ...
    ...
    0
"""

from __future__ import annotations

import argparse
import ast
import inspect
import itertools
import re
from typing import Final

import attrs

from .._errors import InvalidRulesError
from .._rules import rules as _rules
from .._rules.presets import PRESETS
from .._rules.rules import Rules
from .common import Command, Parser, emit, option_text, parse_option

__all__ = [
    "COMMAND",
    "PRESET_TEXT",
    "meanings",
]

#: What each preset is, in a few words.
PRESET_TEXT: Final = {
    "app": "the app's rules, the default",
    "pl": "Polish club rules",
    "ro": 'Romanian rules, "O mie"',
    "ru": 'Russian rules, "Тысяча"',
    "ua": 'Ukrainian rules, "Тисяча"',
}


def _plain(text: str) -> str:
    text = re.sub(r":\w+:`~?(?:[\w.]+\.)?([^`<]+?)(?: <[^>]+>)?`", r"\1", text)
    text = text.replace("``", "").replace("*", "")
    return " ".join(text.split())


def meanings() -> dict[str, str]:
    """The one-line meaning of every option of :class:`~tysiac.Rules`, from its docstring."""
    try:
        tree = ast.parse(inspect.getsource(_rules))
    except (OSError, TypeError):  # no source shipped: meanings are left out
        return {}
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "Rules":
            body = node.body
            for first, second in itertools.pairwise(body):
                if (
                    isinstance(first, ast.AnnAssign)
                    and isinstance(first.target, ast.Name)
                    and isinstance(second, ast.Expr)
                    and isinstance(second.value, ast.Constant)
                    and isinstance(second.value.value, str)
                ):
                    out[first.target.id] = _plain(second.value.value)
    return out


def _add_arguments(parser: Parser) -> None:
    parser.add_argument(
        "preset",
        nargs="?",
        choices=sorted(PRESETS),
        default="app",
        metavar="PRESET",
        help="the preset: "
        + "; ".join(f"{name}, {text}" for name, text in PRESET_TEXT.items())
        + " (default app)",
    )
    parser.add_argument(
        "--set",
        dest="options",
        action="append",
        type=parse_option,
        default=[],
        metavar="OPTION=VALUE",
        help="change one option, e.g. --set players=2 (repeatable)",
    )


def _run(args: argparse.Namespace) -> int:
    parser: Parser = args.parser
    changes = dict(args.options)
    given = " ".join(f"--set {k}={option_text(v)}" for k, v in args.options)
    try:
        rules = Rules.preset(args.preset, **changes)
    except InvalidRulesError as error:
        parser.error(f"argument --set ({given}): {error}")
    default = Rules()
    text = meanings()
    title = f"Rules of preset {args.preset} ({PRESET_TEXT[args.preset].split(',')[0]})"
    if given:
        title += f", {given}"
    emit(f"{title}; * marks a value that differs from the default, Rules()")
    rows = [("option", "value", "meaning")]
    for field in attrs.fields(Rules):
        if not field.init or field.name.startswith("_"):
            continue
        value = getattr(rules, field.name)
        mark = " *" if value != getattr(default, field.name) else ""
        rows.append((field.name, option_text(value) + mark, text.get(field.name, "")))
    widths = [max(len(r[i]) for r in rows) + 3 for i in range(2)]
    for name, value, meaning in rows:
        emit(f"{name.ljust(widths[0])}{value.ljust(widths[1])}{meaning}".rstrip())
    return 0


#: ``tysiac rules``.
COMMAND: Final = Command(
    name="rules",
    help="list every rule option of a preset, its value and its meaning",
    add_arguments=_add_arguments,
    run=_run,
)
