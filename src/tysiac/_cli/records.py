"""``tysiac replay FILE`` (private), and the record that ``tysiac simulate --record FILE``
writes.

Example:
    >>> import tempfile, pathlib
    >>> from tysiac import new_game
    >>> from tysiac.cli import main
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
    >>> write_record(str(path), new_game(seed=1))
    >>> main(["replay", str(path)])  # doctest: +ELLIPSIS
    tysiac replay ...game.json: 3 players (Layout.THREE), target 1000, seed 1, 0 deals
    Deal  Dealer  Declarer  Contract  Result    Δ0  Seat 0    Δ1  Seat 1    Δ2  Seat 2
    No winner yet after 0 deals; scores seat 0: 0, seat 1: 0, seat 2: 0
    0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final

from .._engine.state import State
from .._errors import LoadError
from .._records.analysis import GameAnalysis, analyse
from .._records.fromjson import from_json
from .._records.jsonform import DEFAULT_MAX_SIZE
from .._records.records import GameRecord, record, replay
from .._records.tojson import to_json
from .._vocab.notation import move_text
from .common import Command, Parser, emit
from .table import ScoreTable, row_cells

__all__ = [
    "COMMAND",
    "FILE_MAX_SIZE",
    "load_game",
    "replay_file",
    "sheet_lines",
    "write_record",
]


def write_record(path: str, state: State) -> None:
    """Write the record of the game that led to ``state`` to ``path`` (JSON, one line).

    Raises:
        OSError: the file cannot be written.
    """
    Path(path).write_text(to_json(record(state)) + "\n", encoding="utf-8")


#: The longest file the command line loads: a saved game of one's own, not input from a
#: stranger, so more than ``from_json``'s default (which bounds a request's time).
FILE_MAX_SIZE: Final = 20 * DEFAULT_MAX_SIZE


def load_game(path: str, max_size: int = FILE_MAX_SIZE) -> State:
    """The state at the end of the record (or state) saved in ``path``, every move checked.

    Raises:
        LoadError: the file cannot be read, or does not hold a record that replays; the
            message names the file and the problem.
    """
    try:
        with open(path, "rb") as file:
            data = file.read(max_size + 1)
    except OSError as exc:
        raise LoadError(f"{path}: cannot read the file: {exc.strerror or exc}") from None
    try:
        obj = from_json(data, max_size=max_size)
    except LoadError as exc:
        raise LoadError(f"{path}: {exc}") from None
    if isinstance(obj, GameRecord):
        return replay(obj)
    if isinstance(obj, State):
        return obj
    raise LoadError(f"{path}: type: a {type(obj).__name__} document, not a game record")


def sheet_lines(state: State) -> list[str]:
    """The score sheet of ``state`` as ``tysiac simulate`` prints it: a heading, then one
    line per deal."""
    table = ScoreTable(state.rules, len(state.sheet))
    return [table.line(table.head), *(table.line(row_cells(row)) for row in state.sheet)]


def analysis_lines(analysis: GameAnalysis) -> list[str]:
    """The lines ``tysiac replay FILE --analyse`` prints: for each deal's trick play, every
    card with the deal's double-dummy value before it and what it cost its side, then each
    seat's cost for the deal; last, each seat's cost over the game."""
    lines: list[str] = []
    n = len(analysis.costs)
    for deal in analysis.deals:
        whose = "the declarer's" if deal.declarer is not None else f"seat {deal.seat}'s"
        lines.append(
            f"Deal {deal.number} (dealer {deal.dealer}"
            + (f", declarer {deal.declarer}" if deal.declarer is not None else "")
            + f"): double-dummy values are {whose} total"
        )
        lines.append("  Seat  Move   Value  Cost")
        for play in deal.plays:
            cost = str(play.cost) if play.cost else "-"
            lines.append(f"  {play.seat:>4}  {move_text(play.move):<5}  {play.value:>5}  {cost:>4}")
        lines.append("  Cost: " + ", ".join(f"seat {s} {deal.costs[s]}" for s in range(n)))
    lines.append(
        "Cost over the game: " + ", ".join(f"seat {s} {analysis.costs[s]}" for s in range(n))
    )
    return lines


def replay_file(path: str, out: Callable[[str], None] = emit, analyse_it: bool = False) -> int:
    """``tysiac replay FILE``: check a saved game and print its score sheet (with
    ``analyse_it``, ``--analyse``: and the double-dummy analysis of every card played).

    Returns:
        The exit code: 0 for a record that replays, 1 (with the :class:`LoadError`
        message on stderr) for one that does not.
    """
    try:
        state = load_game(path)
    except LoadError as exc:
        print(f"tysiac replay: {exc}", file=sys.stderr)
        return 1
    rules = state.rules
    count = len(state.sheet)
    deals = f"{count} deal{'s' if count != 1 else ''}"
    out(
        f"tysiac replay {path}: {rules.players} players ({rules.layout!r}), target "
        f"{rules.target}, seed {state._seed}, {deals}"
    )
    for line in sheet_lines(state):
        out(line)
    if state.winner is not None:
        score = state.sheet[-1].scores[state.winner]
        out(f"Winner: seat {state.winner} with {score} points after {deals}")
    else:
        scores = ", ".join(f"seat {s}: {v}" for s, v in enumerate(state.scores))
        out(f"No winner yet after {deals}; scores {scores}")
    if analyse_it:
        for line in analysis_lines(analyse(state)):
            out(line)
    return 0


def _add_arguments(parser: Parser) -> None:
    parser.add_argument(
        "file",
        metavar="FILE",
        help="a game record (JSON) written by 'tysiac simulate --record FILE' or tysiac.to_json",
    )
    parser.add_argument(
        "--analyse",
        "--analyze",
        action="store_true",
        help="also print every card played with its double-dummy value and what it cost "
        "its side (tysiac.analyse)",
    )


def _run(args: argparse.Namespace) -> int:
    return replay_file(args.file, analyse_it=args.analyse)


#: ``tysiac replay``.
COMMAND: Final = Command(
    name="replay",
    help="check a saved game record move by move and print its score sheet (--analyse: "
    "and what each card cost, double dummy)",
    add_arguments=_add_arguments,
    run=_run,
)
