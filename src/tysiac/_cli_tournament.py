"""``tysiac tournament``: many seeded games among computer players, then a table per bot.

Example:
    >>> main(["--games", "3", "--target", "300", "--workers", "0"])  # doctest: +ELLIPSIS
    bot ...
    3 games, seed 0; per game, with 95% intervals
    0
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Final

from ._errors import InvalidRulesError
from ._rules import PRESETS, Layout, Rules
from .bots import Bot, HeuristicBot, LegacyGreedyBot, RandomBot, tournament

__all__ = ["add_arguments", "main", "run"]

#: Bot names ``--bots`` accepts.
BOT_NAMES: Final = ("heuristic", "greedy", "legacy", "random", "uniform")


def make_bot(name: str, seed: int) -> Bot:
    """The bot called ``name`` on the command line."""
    if name in ("heuristic", "greedy"):
        return HeuristicBot(seed=seed)
    if name == "legacy":
        return LegacyGreedyBot(seed=seed)
    return RandomBot(seed=seed, uniform=name == "uniform")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``tysiac tournament``."""
    parser.add_argument("--games", type=int, default=60, help="how many games (default 60)")
    parser.add_argument("--seed", type=int, default=0, help="the tournament's seed (default 0)")
    parser.add_argument(
        "--preset", choices=sorted(PRESETS), default="app", help="the rules preset (default app)"
    )
    parser.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=None, help="number of players"
    )
    parser.add_argument(
        "--layout", choices=[x.value for x in Layout], default=None, help="how the cards are dealt"
    )
    parser.add_argument("--target", type=int, default=None, help="the score that wins")
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
    parser: argparse.ArgumentParser = args.parser
    changes: dict[str, object] = {}
    names = [b.strip() for b in args.bots.split(",")]
    if args.layout is not None:
        changes["layout"] = Layout(args.layout)
        changes["players"] = Layout(args.layout).players if args.players is None else args.players
    elif args.players is not None:
        changes["players"] = args.players
    elif len(names) in (2, 4):
        changes["players"] = len(names)
    if args.target is not None:
        changes["target"] = args.target
    try:
        rules = Rules.preset(args.preset, **changes)
    except InvalidRulesError as exc:
        parser.error(str(exc))
    unknown = [b for b in names if b not in BOT_NAMES]
    if unknown:
        parser.error(f"--bots: unknown bot {unknown[0]!r}: choose from {', '.join(BOT_NAMES)}")
    if len(names) != rules.players:
        parser.error(f"--bots: {len(names)} bots for {rules.players} players: give one per seat")
    if args.games < 1:
        parser.error(f"--games {args.games}: give 1 or more")
    if args.workers is not None and args.workers < 0:
        parser.error(f"--workers {args.workers}: give 0 or more")
    if args.max_deals < 1:
        parser.error(f"--max-deals {args.max_deals}: give 1 or more")
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
    try:
        print(result.table())
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m tysiac._cli_tournament``: the ``tysiac tournament`` command on its own."""
    parser = argparse.ArgumentParser(
        prog="tysiac tournament",
        description="Play many seeded games among computer players and print a table of "
        "results per bot, with 95% intervals.",
    )
    add_arguments(parser)
    parser.set_defaults(parser=parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
