""":class:`SearchBot`: determinized Monte Carlo search over worlds sampled from its view.

Each decision samples worlds consistent with the bot's view (:func:`tysiac.sample_world`:
the others' hands and the hidden piles, drawn uniformly among the placements the view
allows), plays every candidate move in each world and the deal out from there with a fast
playout policy, and keeps the move with the best mean result.  The candidates share their
worlds (and their playouts' random numbers), so that two moves are compared on the same
cards; the budget goes by successive halving: after each round the worse half of the
candidates is dropped and the next round's worlds go to the rest.  The horizon is the end of
the current deal: a result is the seat's score for the deal minus the others' mean.
"""

from __future__ import annotations

import math
import random
import time
from typing import Final, Literal

from .._engine import apply
from .._errors import InvalidDealError
from .._moves import Bid, Bomb, Claim, Contract, Discard, Give, Move, Pass, Redeal
from .._rollout import rollout
from .._sampling import Sampler
from .._state import DealResult, Phase, State
from .._views import View, observe
from ._estimate import give_order
from ._heuristic import HeuristicBot
from ._knowledge import card_mask
from ._policy import Policy
from ._protocol import check_seed, check_view

__all__ = ["SearchBot"]

#: The default budget: playouts per decision.
DEFAULT_ITERATIONS: Final = 200
#: The heuristic's own move wins a near tie by this many points per deal.
PRIOR_BONUS: Final = 2.0
#: At most this many cards to give or put away are searched (the cheapest first).
_GIVE_WIDTH: Final = 6

Playout = Literal["fast", "heuristic", "random"]


class SearchBot:
    """A bot that searches: determinized Monte Carlo over worlds sampled from its view.

    It sees only its :class:`~tysiac.View`: the worlds it searches are drawn by
    :func:`tysiac.sample_world` from the view alone.  It plays every phase (auction, musik,
    giving, contract, bomb, tricks; it claims whenever a claim is offered, which scores
    every remaining trick); a position with one legal move is answered at once.  The
    candidates are every legal card in trick play, and in the other phases a few moves:
    passing, the two smallest bids, the redeal; the bid and the two next contracts, the
    bomb; the cheapest cards to give away; both musiks; always with
    :class:`HeuristicBot`'s own choice, which also wins near ties.

    Args:
        iterations: the search budget per decision, in playouts (a playout is one
            candidate move played out in one sampled world); default 200, which took
            0.105 s of CPU time per decision on average (0.31 s or less in 99% of them) on
            the development machine (see the bots page, "Strength").
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
            raise InvalidDealError(f"SearchBot(iterations={iterations!r:.40}): give 1 or more")
        if seconds is not None and (
            not isinstance(seconds, int | float) or isinstance(seconds, bool) or not seconds > 0
        ):
            raise InvalidDealError(f"SearchBot(seconds={seconds!r:.40}): give a positive time")
        if playout not in ("fast", "heuristic", "random"):
            raise InvalidDealError(
                f"SearchBot(playout={playout!r:.40}): 'fast', 'heuristic' or 'random'"
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
        """The candidate move with the best mean result over the sampled worlds."""
        moves = check_view("SearchBot", view).legal_moves
        if len(moves) == 1:
            return moves[0]
        if Claim() in moves:
            return Claim()  # every remaining trick: nothing scores more
        rng = self._rng
        prior = HeuristicBot(seed=rng.randrange(2**32)).choose(view)
        candidates = _candidates(view, moves, prior)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(view, candidates, prior)

    # --- the search -------------------------------------------------------------------

    def _search(self, view: View, candidates: tuple[Move, ...], prior: Move) -> Move:
        rng = self._rng
        start = time.perf_counter()
        budget = self.iterations
        policy = Policy()
        me = view.seat
        total = {m: 0.0 for m in candidates}
        alive = list(candidates)
        rounds = math.ceil(math.log2(len(alive)))
        done = 0
        worlds = 0
        sampler = Sampler(view)  # the view's cases of tied cards, worked out once
        for r in range(rounds):
            # a time budget is shared out like the playouts: the same share per round
            deadline = None
            if self.seconds is not None:
                deadline = start + self.seconds * (r + 1) / rounds
            if budget is None:
                per = 1 << 30
            else:
                per = max(1, (budget - done) // ((rounds - r) * len(alive)))
            for _ in range(per):
                if deadline is not None and worlds and time.perf_counter() >= deadline:
                    break
                world = sampler.draw(rng)
                playout_seed = rng.getrandbits(64)
                for m in alive:
                    after = apply(world, m)
                    if len(after.sheet) == len(world.sheet):
                        row = self._playout(after, policy, random.Random(playout_seed))
                    else:  # the move ended the deal (a redeal, a bomb, a claim)
                        row = after.sheet[len(world.sheet)]
                    total[m] += _reward(row, me)
                done += len(alive)
                worlds += 1
            alive.sort(key=lambda m: -(total[m] + (PRIOR_BONUS * worlds if m == prior else 0)))
            alive = alive[: max(1, (len(alive) + 1) // 2)]
        return alive[0]

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


def _candidates(view: View, moves: tuple[Move, ...], prior: Move) -> tuple[Move, ...]:
    """The moves the search compares: every legal card in trick play and both musiks; in
    the auction passing, the redeal and the two smallest bids; in the contract phase the
    bomb and the three smallest contracts; the cheapest cards to give or put away; and
    always the heuristic's own choice ``prior``."""
    phase = view.phase
    if phase is Phase.PLAY or phase is Phase.CHOOSE_MUSIK:
        return moves
    keep: list[Move] = [prior]
    if phase is Phase.GIVE or phase is Phase.DISCARD:
        order = give_order(view.rules, card_mask(view.hand))
        rank = {c: i for i, c in enumerate(order)}
        keep += sorted(
            moves, key=lambda m: rank[m.card.index] if isinstance(m, Give | Discard) else 99
        )[:_GIVE_WIDTH]
    elif phase is Phase.AUCTION:
        keep += [m for m in moves if isinstance(m, Pass | Redeal)]
        keep += [m for m in moves if isinstance(m, Bid)][:2]
    else:
        keep += [m for m in moves if isinstance(m, Bomb)]
        keep += [m for m in moves if isinstance(m, Contract)][:3]
    return tuple(m for m in moves if m in keep)


def _reward(row: DealResult, seat: int) -> float:
    """``seat``'s score for the deal of ``row`` minus the mean of the others'."""
    deltas = row.deltas
    mine = deltas[seat]
    return mine - (sum(deltas) - mine) / (len(deltas) - 1)
