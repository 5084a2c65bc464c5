"""Play one game among three cautious random players, move by move, through the public API.

Run with ``python examples/random_game.py [SEED]``.
"""

from __future__ import annotations

import sys

from tysiac import apply, new_game, observe
from tysiac.bots import RandomBot


def main(seed: int = 1) -> int:
    """Play the game of ``seed`` to its end; print the winner and the number of deals."""
    bot = RandomBot(seed=seed)  # cautious: passes, names the lowest contract, random cards
    s = new_game(seed=seed)
    while not s.is_over:
        seat = s.to_move
        assert seat is not None  # only a finished game has nobody to move
        s = apply(s, bot.choose(observe(s, seat)))
    assert s.winner is not None
    print(f"seat {s.winner} wins with {s.sheet[-1].scores[s.winner]} after {len(s.sheet)} deals")
    return s.winner


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
