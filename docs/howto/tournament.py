"""A tournament split over processes: HeuristicBot against two cautious RandomBots.

Every game is fixed by its seed, so a tournament is reproducible and can be split at will:
each process (or each machine of a cluster) plays its own range of seeds, and the results are
simply added.  Usage::

    python tournament.py --first 0 --count 60 --processes 4

On a cluster, give job ``k`` the seeds ``--first k*N --count N`` and sum the printed wins.
"""

from __future__ import annotations

import argparse
import multiprocessing

from tysiac import Rules
from tysiac.bots import Bot, HeuristicBot, RandomBot, play_game


def play_one(seed: int) -> tuple[int, bool]:
    """Play the game of ``seed``; HeuristicBot sits at seat ``seed % 3``.  Did it win?"""
    seat = seed % 3
    bots: list[Bot] = [RandomBot(seed=seed * 3 + s) for s in range(3)]
    bots[seat] = HeuristicBot(seed=seed)
    final = play_game(Rules(target=500), bots, seed=seed)
    return seed, final.winner == seat


def main(argv: list[str] | None = None) -> int:
    """Play the seeds ``first .. first + count - 1`` on ``processes`` worker processes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--count", type=int, default=30, help="how many games")
    parser.add_argument("--processes", type=int, default=2, help="worker processes")
    args = parser.parse_args(argv)
    seeds = range(args.first, args.first + args.count)
    with multiprocessing.Pool(args.processes) as pool:
        results = pool.map(play_one, seeds, chunksize=max(1, args.count // (4 * args.processes)))
    wins = sum(won for _, won in results)
    print(
        f"seeds {args.first}..{args.first + args.count - 1}: "
        f"HeuristicBot won {wins} of {len(results)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
