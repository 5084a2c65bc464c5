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

from ..bots import tournament
from .botnames import bots_help, make_bot, read_bot_names
from .common import Command, Parser, add_rules_arguments, emit, rules_from_args

__all__ = [
    "COMMAND",
    "DEFAULT_BOTS",
    "add_arguments",
    "run",
]

#: The players of ``tysiac tournament`` unless ``--bots`` says otherwise.
DEFAULT_BOTS: Final = "heuristic,random,random"


def add_arguments(parser: Parser) -> None:
    """The options of ``tysiac tournament``."""
    parser.add_argument("--games", type=int, default=60, help="how many games (default 60)")
    parser.add_argument("--seed", type=int, default=0, help="the tournament's seed (default 0)")
    add_rules_arguments(parser)
    parser.add_argument(
        "--bots",
        default=DEFAULT_BOTS,
        metavar="NAMES",
        help=f"comma-separated bots, one per seat (default {DEFAULT_BOTS}; they change seats "
        f"from game to game): {bots_help()}",
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
    names = read_bot_names(args.bots, rules.players, parser, one_for_all=False)
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
