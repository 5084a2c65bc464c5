""":class:`SearchBot`: determinized information-set Monte Carlo tree search (IS-MCTS).

Each iteration samples a world consistent with the bot's view (:func:`tysiac.sample_world`:
the others' hands and the hidden piles, drawn uniformly among the placements the view
allows), walks down one shared tree of move sequences using only the moves legal in that
world (single-observer IS-MCTS, with availability counts in the UCB rule), adds one node,
plays the deal out with a fast policy and backs up every seat's result.  The search horizon
is the end of the current deal: a seat's reward is its score for the deal minus the mean score
of the others, so the bot plays for the deal, not for the game.
"""

from __future__ import annotations

import math
import random
import time
from typing import Final, Literal

from .._engine import apply, legal_moves
from .._errors import InvalidDealError
from .._moves import Bid, Bomb, Contract, Discard, Give, Move, Pass, Redeal
from .._sampling import sample_world
from .._state import Phase, State
from .._views import View, observe
from ._estimate import give_order
from ._heuristic import HeuristicBot
from ._knowledge import card_mask
from ._protocol import check_seed, check_view

__all__ = ["SearchBot"]

_CAUTIOUS: Final = (Phase.AUCTION, Phase.CONTRACT)
#: At most this many moves are searched in the auction, the contract and the musik phases.
_WIDTH: Final = 5
#: Rewards are divided by this to keep them near [-1, 1].
_SCALE: Final = 200.0


class _Node:
    __slots__ = ("avail", "children", "moves", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Move, _Node] = {}
        self.moves: tuple[Move, ...] | None = None  # the searching seat's auction candidates
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


class SearchBot:
    """A bot that searches: IS-MCTS over worlds sampled from its view.

    It sees only its :class:`~tysiac.View`: the worlds it searches are drawn by
    :func:`tysiac.sample_world` from the view alone.  It plays every phase (auction, musik,
    giving, contract, bomb, tricks, claims); a position with one legal move is answered at
    once.  In the auction, the contract and the musik phases the tree considers only a few
    candidates (passing, the two smallest amounts, the bomb, the heuristic's choice, the
    cheapest cards to give away).

    Args:
        iterations: the search budget per decision, in iterations (sampled worlds); the
            default 50 took 0.12 s per decision on average (0.25 s at most) on the
            development machine.
        seconds: a time budget per decision instead (or as well: the search stops at the
            first budget reached).  A time budget makes the moves depend on the machine's
            speed; with ``seconds=None`` and a seed the bot is deterministic.
        seed: seeds the bot's :class:`random.Random` (worlds, tie-breaks, playouts).
        exploration: the UCB exploration constant.
        playout: how sampled deals are played out after the tree: ``"heuristic"``
            (:class:`HeuristicBot` in every seat; stronger, slower) or ``"random"`` (the
            cautious random policy: first legal move in the auction and the contract,
            random elsewhere; fast).

    Raises:
        InvalidDealError: ``seed`` is not an int or None, a budget is not positive,
            ``exploration`` is not a number of 0 or more, or ``playout`` is neither
            ``"heuristic"`` nor ``"random"``.

    Example:
        >>> from tysiac import new_game, observe
        >>> from tysiac.bots import SearchBot
        >>> state = new_game(seed=7)
        >>> SearchBot(iterations=5, seed=1).choose(observe(state, state.to_move))
        Bid(100)
    """

    def __init__(
        self,
        iterations: int | None = 50,
        *,
        seconds: float | None = None,
        seed: int | None = None,
        exploration: float = 0.7,
        playout: Literal["heuristic", "random"] = "heuristic",
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
        if (
            not isinstance(exploration, int | float)
            or isinstance(exploration, bool)
            or not 0 <= exploration < math.inf
        ):
            raise InvalidDealError(
                f"SearchBot(exploration={exploration!r:.40}): give a number, 0 or more"
            )
        if playout not in ("heuristic", "random"):
            raise InvalidDealError(f"SearchBot(playout={playout!r:.40}): 'heuristic' or 'random'")
        self.iterations = iterations
        self.seconds = seconds
        self.seed = check_seed("SearchBot", seed)
        self.exploration = float(exploration)
        self.playout = playout
        self._rng = random.Random(self.seed)
        self._me = 0

    def __repr__(self) -> str:
        return (
            f"SearchBot(iterations={self.iterations!r}, seconds={self.seconds!r}, "
            f"seed={self.seed!r}, exploration={self.exploration!r}, playout={self.playout!r})"
        )

    def reseed(self, seed: int) -> None:
        """Start the bot's random choices afresh from ``seed`` (tournaments call this)."""
        self.seed = check_seed("SearchBot", seed)
        self._rng = random.Random(self.seed)

    def choose(self, view: View) -> Move:
        """The most visited move of the search from ``view``."""
        moves = check_view("SearchBot", view).legal_moves
        if len(moves) == 1:
            return moves[0]
        root = self._search(view)
        best = max(
            [m for m in moves if m in root.children] or list(moves),
            key=lambda m: (
                root.children[m].visits if m in root.children else -1,
                root.children[m].reward if m in root.children else 0.0,
            ),
        )
        return best

    # --- the search -------------------------------------------------------------------

    def _search(self, view: View) -> _Node:
        rng = self._rng
        self._me = view.seat
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        players = view.rules.players
        helpers = [HeuristicBot(seed=rng.randrange(2**32)) for _ in range(players)]
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world = sample_world(view, rng)
            self._iterate(root, world, rng, helpers)
            done += 1
        return root

    def _iterate(
        self, root: _Node, world: State, rng: random.Random, helpers: list[HeuristicBot]
    ) -> None:
        deal = world.deal_number
        state = world
        node = root
        path: list[tuple[_Node, int]] = []
        c = self.exploration
        while not _deal_over(state, deal):
            mover = state.to_move
            assert mover is not None
            if node.moves is not None:
                legal = node.moves
            else:
                legal = _candidates(state, self._me, helpers[mover])
                if mover == self._me and state.phase is Phase.AUCTION:
                    node.moves = legal  # the same hand and history in every world
            children = node.children
            untried = [m for m in legal if m not in children]
            for m in legal:
                child = children.get(m)
                if child is not None:
                    child.avail += 1
            if untried:
                move = untried[rng.randrange(len(untried))]
                child = _Node()
                child.avail = 1
                children[move] = child
                path.append((child, mover))
                state = apply(state, move)
                break
            best_score = -math.inf
            move = legal[0]
            for m in legal:
                child = children[m]
                score = child.reward / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if score > best_score:
                    best_score, move = score, m
            node = children[move]
            path.append((node, mover))
            state = apply(state, move)
        state = self._playout(state, deal, rng, helpers)
        rewards = _rewards(state, deal)
        for visited, mover in path:
            visited.visits += 1
            visited.reward += rewards[mover]

    def _playout(
        self, state: State, deal: int, rng: random.Random, helpers: list[HeuristicBot]
    ) -> State:
        heuristic = self.playout == "heuristic"
        while not _deal_over(state, deal):
            seat = state.to_move
            assert seat is not None
            if heuristic:
                move = helpers[seat].choose(observe(state, seat))
            else:
                moves = legal_moves(state)
                move = moves[0] if state.phase in _CAUTIOUS else moves[rng.randrange(len(moves))]
            state = apply(state, move)
        return state


def _candidates(state: State, me: int, helper: HeuristicBot) -> tuple[Move, ...]:
    """The moves the tree considers: every legal card in play; in the auction and the
    contract only passing, the two smallest amounts, the bomb and (for the searching seat)
    the heuristic's own choice; at most five cards to give or put away, the cheapest first.
    A small budget is then not spread over twenty bids."""
    moves = legal_moves(state)
    phase = state.phase
    if len(moves) <= _WIDTH or phase is Phase.PLAY or phase is Phase.CHOOSE_MUSIK:
        return moves
    seat = state.to_move
    assert seat is not None
    keep: list[Move] = []
    if seat == me:
        keep.append(helper.choose(observe(state, seat)))
    if phase is Phase.GIVE or phase is Phase.DISCARD:
        order = give_order(state.rules, card_mask(state.hands[seat]))
        rank = {c: i for i, c in enumerate(order)}
        keep += sorted(
            moves, key=lambda m: rank[m.card.index] if isinstance(m, Give | Discard) else 99
        )[:_WIDTH]
    else:
        keep += [m for m in moves if isinstance(m, Pass | Redeal | Bomb)]
        keep += [m for m in moves if isinstance(m, Bid | Contract)][:2]
    return tuple(m for m in moves if m in keep)


def _deal_over(state: State, deal: int) -> bool:
    return state.is_over or state.deal_number != deal


def _rewards(state: State, deal: int) -> list[float]:
    """Each seat's score for the finished deal minus the mean of the others', scaled."""
    row = next(r for r in reversed(state.sheet) if r.number == deal)
    deltas = row.deltas
    n = len(deltas)
    total = sum(deltas)
    return [(d - (total - d) / (n - 1)) / _SCALE for d in deltas]
