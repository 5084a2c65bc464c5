"""GreedyBot against two cautious RandomBots over seeded games: count the wins.

The GreedyBot changes seats from game to game.  Run with
``python examples/tournament.py [GAMES]``.
"""

from __future__ import annotations

import sys
from collections import Counter

from tysiac import Rules
from tysiac.bots import Bot, GreedyBot, RandomBot, play_game


def main(games: int = 30) -> Counter[str]:
    """Play ``games`` seeded 3-player games and print the wins of each kind of bot."""
    wins: Counter[str] = Counter()
    deals = 0
    for seed in range(1, games + 1):
        greedy_seat = seed % 3
        bots: list[Bot] = [
            GreedyBot(seed=seed) if seat == greedy_seat else RandomBot(seed=seed + seat)
            for seat in range(3)
        ]
        state = play_game(Rules(), bots, seed=seed)
        deals += len(state.sheet)
        wins["greedy" if state.winner == greedy_seat else "random"] += 1
    print(f"{games} games, {deals} deals")
    print(f"GreedyBot won {wins['greedy']}, the RandomBots won {wins['random']}")
    return wins


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
