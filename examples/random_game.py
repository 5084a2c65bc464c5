"""Play one game among three cautious random players, move by move, through the public API.

Run with ``python examples/random_game.py [SEED]``.
"""

from __future__ import annotations

import argparse

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


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line: an optional seed.  A bad one exits with a usage message."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seed", nargs="?", type=int, default=1, help="the game's seed (default 1)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    main(arguments().seed)
