"""HeuristicBot against two cautious RandomBots over seeded games: count the wins.

The HeuristicBot changes seats from game to game.  Run with
``python examples/tournament.py [GAMES]``.
"""

from __future__ import annotations

import argparse
from collections import Counter

from tysiac import Rules
from tysiac.bots import Bot, HeuristicBot, RandomBot, play_game


def main(games: int = 30) -> Counter[str]:
    """Play ``games`` seeded 3-player games and print the wins of each kind of bot."""
    wins: Counter[str] = Counter()
    deals = 0
    for seed in range(1, games + 1):
        hero_seat = seed % 3
        bots: list[Bot] = [
            HeuristicBot(seed=seed) if seat == hero_seat else RandomBot(seed=seed + seat)
            for seat in range(3)
        ]
        state = play_game(Rules(), bots, seed=seed)
        deals += len(state.sheet)
        wins["heuristic" if state.winner == hero_seat else "random"] += 1
    print(f"{games} games, {deals} deals")
    print(f"HeuristicBot won {wins['heuristic']}, the RandomBots won {wins['random']}")
    return wins


def _games(text: str) -> int:
    try:
        games = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of games") from None
    if games < 1:
        raise argparse.ArgumentTypeError(f"{games}: give 1 game or more")
    return games


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line: an optional number of games.  A bad one exits with a usage
    message."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "games", nargs="?", type=_games, default=30, help="how many games (default 30)"
    )
    return parser.parse_args(argv)


if __name__ == "__main__":
    main(arguments().games)
