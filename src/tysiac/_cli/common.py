"""What the subcommands of the command line share (private): the parser, the output, the
rule options.

A subcommand is a :class:`Command`: its name, a one-line help, a function that adds its
arguments to its parser, and a function that runs it on the parsed arguments and returns
the exit code.  :mod:`tysiac.cli` lists the commands.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import enum
import errno
import io
import os
import sys
import unicodedata
from collections.abc import Callable
from typing import Final, NoReturn

import attrs

from .._errors import InvalidRulesError
from .._rules.options import Layout
from .._rules.presets import PRESETS
from .._rules.rules import Rules

__all__ = [
    "Command",
    "OutputError",
    "Parser",
    "add_rules_arguments",
    "emit",
    "option_text",
    "parse_option",
    "plain_fallback",
    "rules_from_args",
    "silence_stdout",
    "typed_rules_options",
]


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, with exit code 2."""

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE (see 'PROG --help')`` on one line and exit with 2."""
        text = " ".join(message.split())
        self.exit(2, f"{self.prog}: error: {text} (see '{self.prog} --help')\n")


@attrs.frozen
class Command:
    """One subcommand of ``tysiac``.

    Attributes:
        name: the subcommand as typed (``simulate``).
        help: its one-line description, shown by ``tysiac --help``.
        add_arguments: adds the subcommand's arguments to its parser.
        run: runs it on the parsed arguments (the parser is ``args.parser``, for usage
            errors found after parsing); returns the exit code.
    """

    name: str
    help: str
    add_arguments: Callable[[Parser], None]
    run: Callable[[argparse.Namespace], int]


class OutputError(Exception):
    """Writing to standard output failed (a full disk, a broken device); not a closed pipe."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.error = error


#: What the command line prints in place of a character that the output's encoding lacks
#: (a Windows console or file in cp1252, say): suits as letters, the score sheet's delta as
#: ``d``, ``ł`` as ``l``; other letters lose their accents (``ą`` -> ``a``), and anything
#: else becomes ``?``.
_PLAIN: Final = {
    "♠": "S", "♣": "C", "♦": "D", "♥": "H", "♤": "S", "♧": "C", "♢": "D", "♡": "H",
    "Δ": "d", "ł": "l", "Ł": "L",
}  # fmt: skip
_PLAIN_ERRORS: Final = "tysiac-plain"


def _plain(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler :data:`_PLAIN_ERRORS` (see :data:`_PLAIN`)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = []
    for char in error.object[error.start : error.end]:
        plain = _PLAIN.get(char)
        if plain is None:
            plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
        out.append(plain or "?")
    return "".join(out), error.end


codecs.register_error(_PLAIN_ERRORS, _plain)


def plain_fallback() -> None:
    """Let standard output and error print text their encoding cannot hold (see
    :data:`_PLAIN`), where they would raise ``UnicodeEncodeError``; a UTF-8 stream is left
    as it is."""
    for stream in (sys.stdout, sys.stderr):
        if not isinstance(stream, io.TextIOWrapper) or stream.errors != "strict":
            continue
        try:
            if codecs.lookup(stream.encoding).name != "utf-8":
                stream.reconfigure(errors=_PLAIN_ERRORS)
        except (LookupError, ValueError, OSError):  # an odd or closed stream: as it is
            pass


def emit(line: str = "") -> None:
    """Write one line to standard output and flush it, so that a reader sees it at once.

    Raises:
        BrokenPipeError: the reader has gone (``tysiac simulate | head``).
        OutputError: any other failure to write (``tysiac simulate > /dev/full``).
    """
    if sys.stdout is None:  # started with standard output closed (``tysiac >&-``)
        raise OutputError(OSError(errno.EBADF, "standard output is closed"))
    try:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise OutputError(error) from None


def silence_stdout() -> None:
    """Point standard output at the null device, so that the exit flush cannot fail again."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test's capture): nothing will be flushed at exit
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)


# --- the rule options, shared by every subcommand that plays ---------------------------

_FIELDS: dict[str, attrs.Attribute[object]] = {
    a.name: a for a in attrs.fields(Rules) if a.init and not a.name.startswith("_")
}


def option_text(value: object) -> str:
    """An option's value as it is typed after ``--set OPTION=``: ``true``, ``three``, ``none``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(option_text(v) for v in value) or "none"
    if isinstance(value, enum.Enum):  # an option of the rules: Layout.THREE is "three"
        return str(value.value)
    return str(value)


def parse_option(text: str) -> tuple[str, object]:
    """Parse ``OPTION=VALUE`` (as given to ``--set``) into the option's name and value.

    The option is a keyword of :class:`~tysiac.Rules` (``-`` may stand for ``_``); the value
    is written as :func:`option_text` writes it.

    Raises:
        argparse.ArgumentTypeError: not ``OPTION=VALUE``, an unknown option, or a value of
            the wrong kind.
    """
    name, sep, raw = text.partition("=")
    name = name.strip().replace("-", "_")
    raw = raw.strip()
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"{text!r} is not OPTION=VALUE, e.g. claim=true")
    field = _FIELDS.get(name)
    if field is None:
        raise argparse.ArgumentTypeError(
            f"{name!r} is not a rule option: 'tysiac rules' lists them all"
        )
    kind = str(field.type)
    low = raw.lower()
    if kind == "bool":
        if low in ("true", "yes", "on", "1"):
            return name, True
        if low in ("false", "no", "off", "0"):
            return name, False
        raise argparse.ArgumentTypeError(f"{name}={raw!r}: give true or false")
    if kind in ("int", "int | None"):
        if kind == "int | None" and low == "none":
            return name, None
        try:
            return name, int(raw)
        except ValueError:
            extra = " or none" if kind == "int | None" else ""
            raise argparse.ArgumentTypeError(
                f"{name}={raw!r}: give a whole number{extra}"
            ) from None
    if kind.startswith("tuple"):
        if low == "none":
            return name, ()
        try:
            return name, tuple(int(v) for v in raw.split(","))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{name}={raw!r}: give whole numbers separated by commas, e.g. 40,60,80,100"
            ) from None
    return name, low  # an option enum, given by its value; Rules checks it


def add_rules_arguments(parser: Parser) -> None:
    """Add ``--preset``, ``--players``, ``--layout``, ``--target`` and ``--set`` to ``parser``."""
    group = parser.add_argument_group("rules")
    group.add_argument(
        "--preset", choices=sorted(PRESETS), default="app", help="the rules preset (default app)"
    )
    group.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=None,
        help="number of players (default: from --layout, else 3)",
    )
    group.add_argument(
        "--layout",
        choices=[layout.value for layout in Layout],
        default=None,
        help="how the cards are dealt (default: the usual layout for the player count)",
    )
    group.add_argument(
        "--target", type=int, default=None, help="the score that wins (default 1000)"
    )
    group.add_argument(
        "--set",
        dest="options",
        action="append",
        type=parse_option,
        default=[],
        metavar="OPTION=VALUE",
        help="change one rule option, e.g. --set claim=true (repeatable; 'tysiac rules' "
        "lists the options and their values)",
    )


def rules_from_args(args: argparse.Namespace, parser: Parser) -> Rules:
    """The :class:`~tysiac.Rules` the arguments of :func:`add_rules_arguments` ask for.

    A bad combination is a usage error naming the option as the user typed it.
    """
    changes: dict[str, object] = dict(args.options)
    if args.target is not None:
        if not 100 <= args.target <= 100_000 or args.target % 10:
            parser.error(
                f"argument --target: {args.target} is not a target: give a multiple of 10 "
                "from 100 to 100000"
            )
        changes["target"] = args.target
    if args.layout is not None:
        layout = Layout(args.layout)
        if args.players is not None and args.players != layout.players:
            parser.error(
                f"argument --layout: {layout.value} is a {layout.players}-player layout, "
                f"not for --players {args.players}"
            )
        changes["layout"] = layout
        changes.setdefault("players", layout.players)
    if args.players is not None:
        changes["players"] = args.players
    elif "players" not in changes and isinstance(changes.get("layout"), str):
        # --set layout=two-draw alone: the layout's player count, as for --layout
        with contextlib.suppress(ValueError):  # a bad layout: Rules names it below
            changes["players"] = Layout(changes["layout"]).players
    try:
        return Rules.preset(args.preset, **changes)
    except InvalidRulesError as error:
        given = " ".join(f"--set {k}={option_text(v)}" for k, v in args.options)
        where = f"argument --set ({given})" if given else "the rules"
        parser.error(f"{where}: {error}")


def typed_rules_options(args: argparse.Namespace, rules: Rules) -> list[str]:
    """The rule options of a run as they are typed: ``--preset app --layout three ...``."""
    out = ["--preset", args.preset, "--players", str(rules.players)]
    out += ["--layout", rules.layout.value, "--target", str(rules.target)]
    for name, value in args.options:
        out += ["--set", f"{name}={option_text(value)}"]
    return out
