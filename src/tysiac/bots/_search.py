""":class:`SearchBot`: information-set Monte Carlo tree search over worlds sampled from its
view.

Each decision grows a search tree over the bot's information set (``_tree.py``): every
iteration draws one world consistent with the view (:func:`tysiac.sample_world`'s sampler:
the others' hands and the hidden piles, uniformly among the placements the view allows),
walks down the tree by UCB1 with availability counts on the moves legal in that world, adds
one node, plays the rest of the deal out with a fast playout policy and backs the result up.
The horizon is the end of the current deal: a seat's reward is its score for the deal minus
the others' mean.  The move played is the root's most visited child.
"""

from __future__ import annotations

import random
import time
from typing import Final, Literal

from .._engine.results import DealResult
from .._engine.rollout import rollout
from .._engine.state import State
from .._errors import InvalidDealError, brief
from .._info.observe import observe
from .._info.sampling import Sampler
from .._info.views import View
from .._vocab.moves import Claim, Move
from ._heuristic import HeuristicBot
from ._knowledge import card_mask
from ._policy import Policy
from ._protocol import check_seed, decide
from ._tree import Node, candidates, grow

__all__ = ["SearchBot"]

#: The default budget: tree iterations (one world, one playout each) per decision.
DEFAULT_ITERATIONS: Final = 150

Playout = Literal["fast", "heuristic", "random"]


class SearchBot:
    """A bot that searches: information-set Monte Carlo tree search on its view.

    Each decision grows a tree over the bot's information set (single-observer IS-MCTS):
    every iteration draws one world consistent with the view (as :func:`tysiac.sample_world`
    draws them), walks down the tree by UCB1 with availability counts over the moves legal in
    that world, each node choosing for the seat to move there, adds one node, plays the deal
    out with a fast playout policy and backs up each seat's score for the deal minus the
    others' mean.  It plays the root's most visited move.  Below the root the tree grows
    through the trick play; other phases below the root are left to the playout policy.

    It sees only its :class:`~tysiac.View`: the worlds it searches are drawn from the view
    alone, and the tree, which holds moves and counts, is dropped after the decision.  It
    plays every phase (auction, musik, giving, contract, bomb, tricks; it claims whenever a
    claim is offered, which scores every remaining trick); a position with one legal move is
    answered at once.  The root's candidates are every legal card in trick play, and in the
    other phases a few moves: passing, the two smallest bids, the redeal; the bomb and the
    three smallest contracts; the cheapest cards to give away; both musiks; always with
    :class:`HeuristicBot`'s own choice, which is tried first and keeps a small bias (as the
    playout policy's move does below the root).  See the bots page, "How SearchBot searches".

    Args:
        iterations: the search budget per decision, in tree iterations (one sampled world
            and one playout each); default 150, which took 0.108 s of CPU time per decision
            on average, 0.27 s or less in 99% of them and 0.37 s at the most over 21,164
            decisions on the development machine (see the bots page, "Strength").
        seconds: a time budget per decision instead (or as well: the search stops at the
            first budget reached).  A time budget makes the moves depend on the machine's
            speed; with ``seconds=None`` and a seed the bot is deterministic.
        seed: seeds the bot's :class:`random.Random` (worlds, playouts).
        playout: how sampled deals are played out: ``"fast"`` (a rule-based policy on the
            sampled world's cards, bidding like :class:`HeuristicBot`), ``"heuristic"``
            (:class:`HeuristicBot` in every seat, on each seat's view; slower) or
            ``"random"`` (the cautious random policy: first legal move in the auction and
            the contract, random elsewhere).

    Raises:
        InvalidDealError: ``seed`` is not an int or None, a budget is not positive, or
            ``playout`` is not one of the three.

    Example:
        >>> from tysiac import new_game, observe
        >>> from tysiac.bots import SearchBot
        >>> state = new_game(seed=7)
        >>> SearchBot(iterations=20, seed=1).choose(observe(state, state.to_move))
        Bid(100)
    """

    def __init__(
        self,
        iterations: int | None = DEFAULT_ITERATIONS,
        *,
        seconds: float | None = None,
        seed: int | None = None,
        playout: Playout = "fast",
    ) -> None:
        if iterations is None and seconds is None:
            raise InvalidDealError("SearchBot: give iterations=, seconds= or both")
        if iterations is not None and (
            not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1
        ):
            raise InvalidDealError(f"SearchBot(iterations={brief(iterations)}): give 1 or more")
        if seconds is not None and (
            not isinstance(seconds, int | float) or isinstance(seconds, bool) or not seconds > 0
        ):
            raise InvalidDealError(f"SearchBot(seconds={brief(seconds)}): give a positive time")
        if not isinstance(playout, str) or playout not in ("fast", "heuristic", "random"):
            raise InvalidDealError(
                f"SearchBot(playout={brief(playout)}): 'fast', 'heuristic' or 'random'"
            )
        self.iterations = iterations
        self.seconds = seconds
        self.seed = check_seed("SearchBot", seed)
        self.playout: Playout = playout
        self._rng = random.Random(self.seed)

    def __repr__(self) -> str:
        return (
            f"SearchBot(iterations={self.iterations!r}, seconds={self.seconds!r}, "
            f"seed={self.seed!r}, playout={self.playout!r})"
        )

    def reseed(self, seed: int) -> None:
        """Start the bot's random choices afresh from ``seed`` (tournaments call this)."""
        self.seed = check_seed("SearchBot", seed)
        self._rng = random.Random(self.seed)

    def choose(self, view: View) -> Move:
        """The root's most visited move after the search (see the class)."""
        return decide("SearchBot", view, self._choose)

    def _choose(self, view: View, moves: tuple[Move, ...]) -> Move:
        if len(moves) == 1:
            return moves[0]
        if Claim() in moves:
            return Claim()  # every remaining trick: nothing scores more
        rng = self._rng
        prior = HeuristicBot(seed=rng.randrange(2**32)).choose(view)
        roots = candidates(view.phase, view.rules, card_mask(view.hand), moves, prior)
        if len(roots) == 1:
            return roots[0]
        return self._tree(view, roots, prior).best()

    # --- the search -------------------------------------------------------------------

    def _tree(self, view: View, candidates: tuple[Move, ...], prior: Move) -> Node:
        """The search tree of one decision: its root's children are ``candidates``."""
        rng = self._rng
        budget = self.iterations
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        policy = Policy()
        sampler = Sampler(view)  # the view's joint constraints, counted once

        def playout(state: State, rng: random.Random) -> DealResult:
            return self._playout(state, policy, rng)

        root = Node()
        done = 0
        while budget is None or done < budget:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            grow(root, sampler.draw(rng), candidates, prior, policy, playout, rng)
            done += 1
        return root

    def _playout(self, state: State, policy: Policy, rng: random.Random) -> DealResult:
        kind = self.playout
        if kind == "fast":
            return rollout(state, rng, policy.move)
        if kind == "random":
            return rollout(state, rng)
        helpers: dict[int, HeuristicBot] = {}

        def heuristic(state: State, moves: tuple[Move, ...], rng: random.Random) -> Move:
            seat = state.to_move
            assert seat is not None
            bot = helpers.get(seat)
            if bot is None:
                bot = helpers[seat] = HeuristicBot(seed=rng.randrange(2**32))
            return bot.choose(observe(state, seat))

        return rollout(state, rng, heuristic)
