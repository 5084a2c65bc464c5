"""``python -m tysiac``: play a seeded game among computer players and print the score sheet.

Example:
    >>> main(["--seed", "1", "--max-deals", "1"])  # doctest: +ELLIPSIS
    tysiac: preset app, 3 players (Layout.THREE), target 1000, seed 1; bots: greedy, ...
    ...
    0
"""

from __future__ import annotations

import argparse
import os
import sys

from ._errors import InvalidRulesError
from ._rules import PRESETS, Layout, Rules
from ._state import DealResult, Outcome, State
from .bots import Bot, GreedyBot, RandomBot, play_game

__all__ = ["main"]

#: Bot names accepted by ``--bots``.
BOT_NAMES = ("greedy", "random", "uniform")


def _make_bot(name: str, seed: int) -> Bot:
    if name == "greedy":
        return GreedyBot(seed=seed)
    return RandomBot(seed=seed, uniform=name == "uniform")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tysiac",
        description="Play a seeded game of Tysiąc (Thousand) among computer players and "
        "print the score sheet deal by deal.",
    )
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    parser.add_argument(
        "--preset", choices=sorted(PRESETS), default="app", help="the rules preset (default app)"
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=None,
        help="number of players (default: from --layout, else 3)",
    )
    parser.add_argument(
        "--layout",
        choices=[layout.value for layout in Layout],
        default=None,
        help="how the cards are dealt (default: the usual layout for the player count)",
    )
    parser.add_argument(
        "--target", type=int, default=None, help="the score that wins (default 1000)"
    )
    parser.add_argument(
        "--bots",
        default=None,
        metavar="NAMES",
        help="comma-separated bots, one per seat, or one name for every seat: "
        f"{', '.join(BOT_NAMES)} (default: greedy); 'random' is the cautious random "
        "player, 'uniform' plays every move at random (such games rarely end: "
        "use --max-deals)",
    )
    parser.add_argument(
        "--max-deals",
        type=int,
        default=None,
        metavar="N",
        help="stop after N deals even if nobody has won",
    )
    return parser


def _outcome(row: DealResult) -> str:
    if row.outcome is Outcome.REDEALT:
        return "redeal"
    if row.outcome is Outcome.BOMBED:
        return "bomb"
    if row.outcome is Outcome.CLAIMED:
        return "claim"
    if row.made is None:
        return "played"  # the draw game has no declarer
    return "made" if row.made else "failed"


def _table(state: State) -> list[str]:
    n = state.players
    head = ["Deal", "Dealer", "Declarer", "Contract", "Result"]
    for seat in range(n):
        head += [f"Δ{seat}", f"Seat {seat}"]
    rows = [head]
    for row in state.sheet:
        cells = [
            str(row.number),
            str(row.dealer),
            "-" if row.declarer is None else str(row.declarer),
            "-" if row.contract is None else str(row.contract),
            _outcome(row),
        ]
        for seat in range(n):
            cells += [f"{row.deltas[seat]:+d}", str(row.scores[seat])]
        rows.append(cells)
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = []
    for r in rows:
        # left-align the result column, right-align the numbers
        parts = [
            c.ljust(w) if i == 4 else c.rjust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ]
        lines.append("  ".join(parts).rstrip())
    return lines


def main(argv: list[str] | None = None) -> int:
    """Run the command line: play one game and print its score sheet.

    Args:
        argv: the arguments (default ``sys.argv[1:]``).

    Returns:
        The exit code, 0.  Invalid arguments exit with code 2 and a message (argparse).

    Example:
        >>> main(["--seed", "1", "--players", "2", "--max-deals", "1"])  # doctest: +ELLIPSIS
        tysiac: preset app, 2 players (Layout.TWO_CLASSIC), target 1000, seed 1; ...
        ...
        0
    """
    parser = _parser()
    args = parser.parse_args(argv)
    changes: dict[str, object] = {}
    if args.layout is not None:
        layout = Layout(args.layout)
        changes["layout"] = layout
        changes["players"] = layout.players if args.players is None else args.players
    elif args.players is not None:
        changes["players"] = args.players
    if args.target is not None:
        changes["target"] = args.target
    try:
        rules = Rules.preset(args.preset, **changes)
    except InvalidRulesError as exc:
        parser.error(str(exc))
    if args.max_deals is not None and args.max_deals < 0:
        parser.error(f"--max-deals {args.max_deals}: give 0 or more")
    n = rules.players
    names = ["greedy"] if args.bots is None else [b.strip() for b in args.bots.split(",")]
    unknown = [b for b in names if b not in BOT_NAMES]
    if unknown:
        parser.error(f"--bots: unknown bot {unknown[0]!r}: choose from {', '.join(BOT_NAMES)}")
    if len(names) == 1:
        names *= n
    if len(names) != n:
        parser.error(f"--bots: {len(names)} bots for {n} players: give one per seat, or one")
    bots = [_make_bot(name, args.seed + seat) for seat, name in enumerate(names)]
    state = play_game(rules, bots, seed=args.seed, max_deals=args.max_deals)
    lines = [
        f"tysiac: preset {args.preset}, {n} players ({rules.layout!r}), target {rules.target}, "
        f"seed {args.seed}; bots: {', '.join(names)}",
        *_table(state),
    ]
    deals = f"{len(state.sheet)} deal{'s' if len(state.sheet) != 1 else ''}"
    if state.winner is not None:
        score = state.sheet[-1].scores[state.winner]
        lines.append(f"Winner: seat {state.winner} with {score} points after {deals}")
    else:
        scores = ", ".join(f"seat {s}: {v}" for s, v in enumerate(state.scores))
        lines.append(f"No winner after {deals} (--max-deals); scores {scores}")
    try:
        for line in lines:
            print(line)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader stopped early (``python -m tysiac | head``): not an error here
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
