"""Computer players: the :class:`Bot` protocol, :class:`RandomBot`, :class:`HeuristicBot`,
:class:`SearchBot`, :class:`PIMCBot`, :func:`play_game`, which plays a whole game among bots, and
:func:`tournament`, which plays many.

A bot sees only what its seat may know: it is handed the :class:`~tysiac.View` from
:func:`~tysiac.observe` and returns one of ``view.legal_moves``.

Example:
    >>> from tysiac import new_game, observe, apply
    >>> from tysiac.bots import HeuristicBot
    >>> state = new_game(seed=7)
    >>> move = HeuristicBot().choose(observe(state, state.to_move))
    >>> state = apply(state, move)
"""

from ._heuristic import HeuristicBot
from ._pimc import PIMCBot
from ._play_game import play_game
from ._protocol import Bot
from ._random import RandomBot
from ._search import SearchBot
from ._tournament import BotResult, Estimate, TournamentResult, tournament

__all__ = [
    "Bot",
    "BotResult",
    "Estimate",
    "HeuristicBot",
    "PIMCBot",
    "RandomBot",
    "SearchBot",
    "TournamentResult",
    "play_game",
    "tournament",
]
