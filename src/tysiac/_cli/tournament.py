"""``tysiac tournament``: many seeded games among computer players, then a table per bot.

Example:
    >>> from tysiac.cli import main
    >>> main(["tournament", "--games", "3", "--target", "300", "--workers", "0"])
    ... # doctest: +ELLIPSIS
    bot ...
    3 games, seed 0; per game, with 95% intervals
    0
"""

from __future__ import annotations

import argparse
from typing import Final

from ..bots import Bot, HeuristicBot, LegacyGreedyBot, RandomBot, SearchBot, tournament
from .common import Command, Parser, add_rules_arguments, emit, rules_from_args

__all__ = [
    "BOT_NAMES",
    "COMMAND",
    "add_arguments",
    "make_bot",
    "run",
]

#: Bot names ``--bots`` accepts.
BOT_NAMES: Final = ("heuristic", "greedy", "legacy", "random", "uniform", "search")


def make_bot(name: str, seed: int) -> Bot:
    """The bot called ``name`` on the command line."""
    if name in ("heuristic", "greedy"):
        return HeuristicBot(seed=seed)
    if name == "legacy":
        return LegacyGreedyBot(seed=seed)
    if name == "search":
        return SearchBot(seed=seed)
    return RandomBot(seed=seed, uniform=name == "uniform")


def add_arguments(parser: Parser) -> None:
    """The options of ``tysiac tournament``."""
    parser.add_argument("--games", type=int, default=60, help="how many games (default 60)")
    parser.add_argument("--seed", type=int, default=0, help="the tournament's seed (default 0)")
    add_rules_arguments(parser)
    parser.add_argument(
        "--bots",
        default="heuristic,legacy,random",
        metavar="NAMES",
        help=f"comma-separated bots, one per seat: {', '.join(BOT_NAMES)} "
        "(default heuristic,legacy,random; they change seats from game to game)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="worker processes (default: one per CPU; 0 plays in this process)",
    )
    parser.add_argument(
        "--max-deals", type=int, default=1000, metavar="N", help="give up a game after N deals"
    )


def run(args: argparse.Namespace) -> int:
    """Run ``tysiac tournament`` with parsed arguments (``args.parser`` reports usage
    errors); print the table."""
    parser: Parser = args.parser
    names = [b.strip() for b in args.bots.split(",")]
    if args.players is None and args.layout is None and len(names) in (2, 4):
        args.players = len(names)
    rules = rules_from_args(args, parser)
    unknown = [b for b in names if b not in BOT_NAMES]
    if unknown:
        parser.error(
            f"argument --bots: unknown bot {unknown[0]!r}: choose from {', '.join(BOT_NAMES)}"
        )
    if len(names) != rules.players:
        parser.error(
            f"argument --bots: {len(names)} bots for {rules.players} players: give one per seat"
        )
    if args.games < 1:
        parser.error(f"argument --games: {args.games}: give 1 or more")
    if args.workers is not None and args.workers < 0:
        parser.error(f"argument --workers: {args.workers}: give 0 or more")
    if args.max_deals < 1:
        parser.error(f"argument --max-deals: {args.max_deals}: give 1 or more")
    bots = [make_bot(name, args.seed + i) for i, name in enumerate(names)]
    labels = [f"{i}:{name}" for i, name in enumerate(names)]
    result = tournament(
        bots,
        games=args.games,
        rules=rules,
        seed=args.seed,
        workers=args.workers,
        names=labels,
        max_deals=args.max_deals,
    )
    for line in result.table().splitlines():
        emit(line)
    return 0


COMMAND: Final = Command(
    name="tournament",
    help="play many seeded games among computer players and print a table per bot",
    add_arguments=add_arguments,
    run=run,
)
