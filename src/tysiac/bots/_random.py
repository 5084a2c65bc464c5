""":class:`RandomBot`: random legal moves, cautious in the auction by default."""

from __future__ import annotations

import random

from .._engine.core import Phase
from .._info.views import View
from .._vocab.moves import Move
from ._protocol import check_seed, check_view

__all__ = ["RandomBot"]


class RandomBot:
    """A bot that plays random legal moves.

    By default it is a *cautious* random player: in the auction it always makes the first
    legal move (``Pass()``, or the forced opening bid), as declarer it names the lowest
    contract and never bombs, and otherwise (musik, giving, discarding, trick play) it picks
    a uniformly random legal move.  Cautious players keep scores rising, so games among them
    end.  With ``uniform=True`` every move is uniformly random, bids included; games among
    uniform players practically never end (declarers overbid and go negative).

    Args:
        seed: seeds the bot's own :class:`random.Random`; the same seed and the same views
            give the same moves.
        uniform: pick uniformly among all legal moves, in every phase.

    Raises:
        InvalidDealError: ``seed`` is neither an int nor None.

    Example:
        >>> from tysiac import new_game, observe, Bid
        >>> state = new_game(seed=7)
        >>> RandomBot(seed=1).choose(observe(state, state.to_move))
        Bid(100)
    """

    def __init__(self, seed: int | None = None, *, uniform: bool = False) -> None:
        self.seed = check_seed("RandomBot", seed)
        self._rng = random.Random(self.seed)
        self.uniform = bool(uniform)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r}, uniform={self.uniform!r})"

    def reseed(self, seed: int) -> None:
        """Start the bot's random choices afresh from ``seed`` (tournaments call this)."""
        self.seed = check_seed("RandomBot", seed)
        self._rng = random.Random(self.seed)

    def choose(self, view: View) -> Move:
        """A random legal move (see the class description for the cautious policy)."""
        moves = check_view("RandomBot", view).legal_moves
        if not self.uniform and view.phase in (Phase.AUCTION, Phase.CONTRACT):
            # Pass / the forced bid; the lowest contract (a Bomb() is always listed last)
            return moves[0]
        return self._rng.choice(moves)
