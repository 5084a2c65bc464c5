"""Play Tysiąc in the terminal: you against two computer players (HeuristicBot).

Run ``python examples/play.py [SEED]``.  Type a move's number, or the move in words (``QH``,
``pass``, ``bid 120``); press Enter for the suggested move.  Input may be piped in:
``yes '' | python examples/play.py`` plays a whole game on the suggestions.  The same game is
``tysiac play`` on the command line.
"""

from __future__ import annotations

import sys

from tysiac import Rules, State
from tysiac._cli.play import play_terminal
from tysiac.bots import HeuristicBot


def main(seed: int = 1, target: int = 1000) -> State:
    """Play one game at seat 0 against two HeuristicBots, reading moves from stdin."""
    rules = Rules(target=target)
    bots = [HeuristicBot(seed=seed + 1), HeuristicBot(seed=seed + 2)]
    return play_terminal(rules, seat=0, bots=bots, seed=seed)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
