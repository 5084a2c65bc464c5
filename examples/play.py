"""Play Tysiąc in the terminal: you against two computer players (HeuristicBot).

Run ``python examples/play.py [SEED]``.  Type a move's number, or the move as the list shows
it (``QH``, ``pass``, ``bid 120``, ``give 9C>1``); ``help`` lists the moves, ``quit`` ends
the game, and Enter takes the suggested move.  Input may be piped in:
``yes '' | python examples/play.py`` plays a whole game on the suggestions.  This is
``tysiac play`` on the command line, started from Python through the public
:func:`tysiac.cli.main`.
"""

from __future__ import annotations

import sys

from tysiac.cli import main as tysiac


def main(seed: int = 1, target: int = 1000) -> int:
    """Play one game at seat 0 against two HeuristicBots, reading moves from standard input;
    return the exit code (0)."""
    return tysiac(["play", "--seed", str(seed), "--target", str(target), "--bots", "heuristic"])


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1))
