"""``tysiac simulate`` (private): play a seeded game among computer players and print the
score sheet, one row as each deal ends.

Example:
    >>> from tysiac.cli import main
    >>> main(["simulate", "--seed", "1", "--max-deals", "2"])  # doctest: +ELLIPSIS
    tysiac simulate --seed 1 --preset app --players 3 --layout three --target 1000 ... 2
    Deal  Dealer  Declarer  Contract  Result    Δ0  Seat 0    Δ1  Seat 1    Δ2  Seat 2
       1       0  ...
       2       1  ...
    No winner after 2 deals (--max-deals); scores seat 0: ..., seat 1: ..., seat 2: ...
    0
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Final, TextIO

from .._engine.api import apply, new_game
from .._engine.results import DealResult
from .._engine.state import State
from .._info.observe import observe
from .._rules.rules import Rules
from ..bots import Bot
from .botnames import DEFAULT_BOT, bots_help, make_bot, read_bot_names
from .common import Command, Parser, add_rules_arguments, emit, rules_from_args, typed_rules_options
from .records import write_record
from .table import ScoreTable, row_cells

__all__ = [
    "COMMAND",
    "Progress",
    "deals",
    "row_cells",
]


def _add_arguments(parser: Parser) -> None:
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    add_rules_arguments(parser)
    parser.add_argument(
        "--bots",
        default=None,
        metavar="NAMES",
        help="comma-separated bots, one per seat, or one name for every seat (default "
        f"{DEFAULT_BOT}): {bots_help()}",
    )
    parser.add_argument(
        "--max-deals",
        type=int,
        default=None,
        metavar="N",
        help="stop after N deals even if nobody has won",
    )
    parser.add_argument(
        "--record",
        default=None,
        metavar="FILE",
        help="also write the game's record (JSON) to FILE, for 'tysiac replay FILE'",
    )


def deals(
    rules: Rules, bots: Sequence[Bot], seed: int, max_deals: int | None
) -> Iterator[tuple[State, DealResult]]:
    """Play a game among ``bots`` and yield ``(state, row)`` as each deal ends.

    ``state`` is the state after the deal (the next deal's first state, or the finished
    game) and ``row`` the deal's line of the score sheet.  The moves are those of
    :func:`tysiac.bots.play_game` with the same arguments.
    """
    state = new_game(rules, seed=seed)
    number = state.deal_number
    done = 0
    while not state.is_over and (max_deals is None or done < max_deals):
        seat = state.to_move
        assert seat is not None
        state = apply(state, bots[seat].choose(observe(state, seat)))
        if state.deal_number != number or state.is_over:
            number = state.deal_number
            done += 1
            yield state, state.sheet[-1]


class Progress:
    """A progress bar on a terminal's stderr, for long work only.

    Nothing is drawn unless ``stream`` is a terminal, nor before ``delay`` seconds have
    passed; then the bar is redrawn at most every ``every`` seconds.

    Args:
        stream: where to draw (``sys.stderr``).
        clock: the time in seconds (``time.monotonic``).
        delay: draw nothing during the first ``delay`` seconds.
        every: the least time between two drawings.
    """

    WIDTH: Final = 24

    def __init__(
        self,
        stream: TextIO,
        clock: Callable[[], float] = time.monotonic,
        delay: float = 1.0,
        every: float = 0.1,
    ) -> None:
        try:
            self.enabled = stream.isatty()
        except (AttributeError, ValueError):
            self.enabled = False
        self.shown = False
        self._stream = stream
        self._clock = clock
        self._next = clock() + delay
        self._every = every

    def update(self, fraction: float, text: str) -> None:
        """Draw the bar at ``fraction`` (0..1) with ``text`` beside it, if it is time to."""
        if not self.enabled:
            return
        now = self._clock()
        if now < self._next:
            return
        self._next = now + self._every
        full = round(min(max(fraction, 0.0), 1.0) * self.WIDTH)
        bar = "#" * full + "." * (self.WIDTH - full)
        self._stream.write(f"\r[{bar}] {text}\x1b[K")
        self._stream.flush()
        self.shown = True

    def clear(self) -> None:
        """Erase the bar (before a row is printed on the same terminal, and at the end)."""
        if self.shown:
            self._stream.write("\r\x1b[K")
            self._stream.flush()
            self.shown = False


def _stdout_is_terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _run(args: argparse.Namespace) -> int:
    parser: Parser = args.parser
    rules = rules_from_args(args, parser)
    if args.max_deals is not None and args.max_deals < 0:
        parser.error(f"argument --max-deals: {args.max_deals}: give 0 or more")
    n = rules.players
    names = read_bot_names(args.bots, n, parser)
    bots = [make_bot(name, args.seed + seat) for seat, name in enumerate(names)]
    typed = ["tysiac simulate", "--seed", str(args.seed), *typed_rules_options(args, rules)]
    typed += ["--bots", ",".join(names)]
    if args.max_deals is not None:
        typed += ["--max-deals", str(args.max_deals)]
    table = ScoreTable(rules, args.max_deals)
    emit(" ".join(typed))
    emit(table.line(table.head))
    progress = Progress(sys.stderr, clock=time.monotonic)
    same_terminal = progress.enabled and _stdout_is_terminal()
    state: State | None = None
    count = 0
    try:
        for after, row in deals(rules, bots, args.seed, args.max_deals):
            state = after
            count += 1
            if same_terminal:
                progress.clear()
            emit(table.line(row_cells(row)))
            best = max(row.scores)
            fraction = best / rules.target
            text = f"deal {count}"
            if args.max_deals:
                fraction = max(fraction, count / args.max_deals)
                text += f" of at most {args.max_deals}"
            progress.update(fraction, f"{text}; best score {best} of {rules.target}")
    finally:
        progress.clear()
    if args.record is not None:
        try:
            write_record(
                args.record, state if state is not None else new_game(rules, seed=args.seed)
            )
        except OSError as error:
            print(
                f"tysiac simulate: cannot write the record {args.record}: "
                f"{error.strerror or error}",
                file=sys.stderr,
            )
            return 1
    scores = state.scores if state is not None else (0,) * n
    word = f"{count} deal{'s' if count != 1 else ''}"
    if state is not None and state.winner is not None:
        emit(f"Winner: seat {state.winner} with {scores[state.winner]} points after {word}")
    else:
        listed = ", ".join(f"seat {s}: {v}" for s, v in enumerate(scores))
        emit(f"No winner after {word} (--max-deals); scores {listed}")
    return 0


#: ``tysiac simulate``.
COMMAND: Final = Command(
    name="simulate",
    help="play a seeded game among computer players and print the score sheet (the default)",
    add_arguments=_add_arguments,
    run=_run,
)
