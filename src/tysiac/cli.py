"""The command line, ``tysiac`` (also ``python -m tysiac``): subcommands for playing.

``tysiac simulate`` plays a seeded game among computer players and prints its score sheet;
it is the default, so ``tysiac --seed 1`` is ``tysiac simulate --seed 1``.  ``tysiac rules``
lists the rule options.  ``tysiac tournament`` plays many games among computer players and
tabulates them per bot; ``tysiac play`` seats you at the table in the terminal.
``tysiac replay FILE`` checks a saved game record (from
``tysiac simulate --record FILE``) and prints its score sheet.  ``tysiac --version`` prints
the version.

Exit codes: 0 success, 1 the output could not be written (a full disk), or a record that
does not replay (``tysiac replay``) or cannot be written (``--record``), 2 a usage error
(one line on stderr), 130 interrupted (Ctrl-C), 141 the reader of the output went away
(``tysiac simulate | head``), as for a Unix tool stopped by ``SIGPIPE``.

Example:
    >>> main(["--seed", "1", "--max-deals", "1"])  # doctest: +ELLIPSIS
    tysiac simulate --seed 1 --preset app --players 3 --layout three --target 1000 ...
    Deal  Dealer  Declarer  Contract  Result    Δ0  Seat 0    Δ1  Seat 1    Δ2  Seat 2
       1       0  ...
    No winner after 1 deal (--max-deals); scores seat 0: ..., seat 1: ..., seat 2: ...
    0
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Final

from ._cli import play as _cli_play
from ._cli import records as _cli_records
from ._cli import rules as _cli_rules
from ._cli import simulate as _cli_simulate
from ._cli import tournament as _cli_tournament
from ._cli.common import Command, OutputError, Parser, plain_fallback, silence_stdout
from ._version import __version__

__all__ = ["COMMANDS", "main"]

#: The subcommands, in the order ``tysiac --help`` lists them; the first is the default.
#: A subcommand is a :class:`~tysiac._cli.common.Command` in a module of its own: to add
#: one, write the module and add its ``COMMAND`` here.
COMMANDS: Final[tuple[Command, ...]] = (
    _cli_simulate.COMMAND,
    _cli_rules.COMMAND,
    _cli_tournament.COMMAND,
    _cli_play.COMMAND,
    _cli_records.COMMAND,
)


def _parser() -> Parser:
    parser = Parser(
        prog="tysiac",
        description="Tysiąc (Thousand, 1000): play seeded games among computer players "
        "and look up the rules.  Without a subcommand, 'simulate' runs.",
        epilog="'tysiac COMMAND --help' describes a subcommand.",
    )
    parser.add_argument("--version", action="version", version=f"tysiac {__version__}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", dest="command")
    for command in COMMANDS:
        about = command.help[:1].upper() + command.help[1:] + "."
        child = sub.add_parser(command.name, help=command.help, description=about)
        command.add_arguments(child)
        child.set_defaults(run=command.run, parser=child)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line.

    Args:
        argv: the arguments (default ``sys.argv[1:]``).  When the first is not a
            subcommand, ``simulate`` runs with all of them.

    Returns:
        The exit code: 0 success, 1 the output could not be written, 130 interrupted,
        141 the reader of the output went away.  A usage error exits with code 2 and
        one line on stderr (:class:`SystemExit`).
    """
    plain_fallback()  # an output that cannot hold "ą" or a suit's symbol gets letters
    args = list(sys.argv[1:] if argv is None else argv)
    names = [command.name for command in COMMANDS]
    if not args or (args[0] not in names and args[0] not in ("-h", "--help", "--version")):
        if args and not args[0].startswith("-"):
            parser = _parser()
            parser.error(f"unknown command {args[0]!r}: choose from {', '.join(names)}")
        args.insert(0, COMMANDS[0].name)
    parser = _parser()
    parsed, extra = parser.parse_known_args(args)
    if extra:  # reported by the subcommand's parser, which names itself
        parsed.parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        code: int = parsed.run(parsed)
        if sys.stdout is not None:
            sys.stdout.flush()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        silence_stdout()
        return 141
    except OutputError as error:
        silence_stdout()
        print(f"tysiac: cannot write the output: {error}", file=sys.stderr)
        return 1
    except OSError as error:  # the last flush
        silence_stdout()
        print(f"tysiac: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return 1
    return code
