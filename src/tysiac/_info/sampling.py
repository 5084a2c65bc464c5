"""``sample_world``: a complete state that one seat cannot tell apart from the real one.

The world is drawn **uniformly among the placements** of the unseen cards that a real game
could have reached: every unseen card goes to a hand or face-down pile that the seat's
knowledge (:attr:`View.possible`) allows, each with its right size, and the deal's own
history must replay to it (bids above 120 backed by marriages, the contract cap, at most one
shown musik card with a defender, draws from the stock in order).  The constraints that tie
cards together are counted exactly by :mod:`~tysiac._info.joint`, which draws a placement
uniformly among those that satisfy them; the world's hidden history (the cards given or put
away unseen, which cards came from the stock when) is then rebuilt, and a placement for
which it cannot be (rare: the counting leaves a few choices of the history to this check) is
drawn again, which keeps the draw exactly uniform.  Every move of the deal is replayed
through :func:`~tysiac.apply`; the world's future deals come from a seed drawn from ``rng``.

A view whose fields disagree (edited by hand) is refused with
:class:`~tysiac.ImpossibleViewError`: its shape first (:mod:`~tysiac._info.shape`), then the
counting, and in the end the world, which must reproduce the view exactly.
"""

from __future__ import annotations

import random
from typing import Final, overload

from .._engine.api import apply
from .._engine.core import Phase
from .._engine.results import Outcome
from .._engine.start import start_deal
from .._engine.state import State
from .._errors import IllegalMoveError, ImpossibleViewError, NotAStateError, brief
from .._rules.layouts import GEOMETRY
from .._vocab.cards import CARDS
from .._vocab.masks import bits
from .._vocab.moves import Discard, Give, Move
from .hidden import HiddenHistory, hidden_history
from .joint import Joint
from .observe import observe
from .problem import Problem, problem_of
from .shape import check_shape
from .views import Concealed, View

__all__ = [
    "DRAW_LIMIT",
    "Sampler",
    "sample_world",
]

#: The most placements one call draws before it gives up.  A placement is drawn exactly
#: uniformly among those that satisfy the joint constraints (:mod:`~tysiac._info.joint`);
#: it is kept if the deal's hidden history can be rebuilt for it (which almost every such
#: placement allows) and, under automatic claims (``Rules.auto_claim``) for a seat other
#: than the declarer, if the declarer could not have claimed at any of its leads, which its
#: unseen cards decided.  Keeping the first that passes is exactly uniform over the rest.
DRAW_LIMIT: Final = 1000


# The public signature, and an implementation that takes any object: a compiled function
# checks its typed arguments itself, with a bare TypeError, where this one raises
# NotAStateError (as legal_moves and apply do; see the performance page, "Two builds").
@overload
def sample_world(view: View, rng: random.Random) -> State: ...
@overload
def sample_world(view: View, rng: random.Random, /) -> State: ...  # type: ignore[overload-cannot-match]
def sample_world(view: object, rng: object) -> State:
    """A complete, playable state consistent with ``view``, drawn uniformly.

    "Uniformly" means uniform over the placements of the unseen cards that a real game could
    have reached (see the docs' page "Information sets and search"), not the posterior of a
    real player's strategy.  ``observe(world, view.seat) == view`` always holds, and
    ``legal_moves(world) == view.legal_moves`` when the seat is to move.

    Args:
        view: what one seat knows (from :func:`~tysiac.observe`).
        rng: the source of randomness; the world's future deals come from a seed drawn from
            it, never from the real game's seed.

    Raises:
        ImpossibleViewError: the view cannot come from a real game (its fields disagree, or
            no placement of the unseen cards replays to it).
        NotAStateError: ``view`` is not a View, or ``rng`` not a :class:`random.Random`.
    """
    if not isinstance(view, View):
        raise NotAStateError(f"{type(view).__name__} object is not a View: use observe()")
    if not isinstance(rng, random.Random):
        raise NotAStateError(f"rng={brief(rng)} must be a random.Random")
    return Sampler(view).draw(rng)


class Sampler:
    """Worlds of one view (private): what does not depend on the random numbers is worked
    out once, so ``Sampler(view).draw(rng)`` is :func:`sample_world` ``(view, rng)`` and
    drawing many worlds of one view (a search) repeats only the random part.

    Raises:
        ImpossibleViewError: the view cannot come from a real game.
    """

    def __init__(self, view: object) -> None:
        if not isinstance(view, View):
            raise NotAStateError(f"{type(view).__name__} object is not a View: use observe()")
        check_shape(view)  # first: compiled code trusts the types of the fields it reads
        if view.winner is not None:
            raise ImpossibleViewError("the game is over: there is no deal to sample")
        self.view = view
        self._problem = problem_of(view)
        draws = self._problem.facts.draws[view.seat]
        if len(view.drawn) != draws:
            raise ImpossibleViewError(
                f"view.drawn holds {len(view.drawn)} cards, but seat {view.seat} drew {draws}"
            )
        self._joint = Joint(self._problem)
        if not self._joint.total:
            raise ImpossibleViewError(
                f"no placement of the unseen cards fits this view of seat {view.seat} in "
                f"{view.phase!r}"
            )
        self.tries = 0  # placements drawn by the last draw()

    def draw(self, rng: random.Random) -> State:
        """One world, drawn uniformly (see :func:`sample_world`)."""
        view = self.view
        problem = self._problem
        claims = _claims_unseen(view)
        for tries in range(1, DRAW_LIMIT + 1):
            self.tries = tries
            placement = self._joint.draw(rng)
            if placement is None:  # pragma: no cover  (counted: there is one)
                break
            history = hidden_history(problem, placement)
            if history is None:
                continue  # a relaxed constraint the history does not allow: drawn again
            try:
                world = _world(problem, history, rng)
            except _ClaimError:  # the world's declarer claimed where the real one could not
                if claims:
                    continue
                raise ImpossibleViewError(
                    f"the moves of this view of seat {view.seat} in {view.phase!r} do not "
                    "replay: the deal ends with a claim before them"
                ) from None
            except IllegalMoveError as exc:
                raise ImpossibleViewError(
                    f"the moves of this view of seat {view.seat} in {view.phase!r} do not "
                    f"replay: {exc}"
                ) from None
            if observe(world, view.seat) == view:
                return world
            if not (claims and _claimed(world, view, len(view.moves))):
                raise ImpossibleViewError(
                    f"no world reproduces this view of seat {view.seat} in {view.phase!r}"
                )
        raise ImpossibleViewError(
            f"no world reproduces this view of seat {view.seat} in {view.phase!r} within"
            f" {DRAW_LIMIT} draws"
        )


class _ClaimError(Exception):
    """A world's declarer claimed (automatically) before the view's moves were all made."""


def _claimed(world: State, view: View, made: int) -> bool:
    """Whether the world has moves beyond the view's first ``made`` ones: a claim the engine
    made on its own (``auto_claim``), which may end the deal."""
    return world.deal_number != view.deal_number or len(world.moves) > made


def _claims_unseen(view: View) -> bool:
    """Whether the view's history holds automatic claims the engine did not make: then the
    declarer's unseen cards decided them, and a world must not allow one either."""
    return (
        view.rules.auto_claim
        and view.phase is Phase.PLAY
        and view.declarer is not None
        and view.seat != view.declarer
    )


# --- rebuilding the hidden history ----------------------------------------------------------


def _build(problem: Problem, placement: list[int], rng: random.Random) -> State:
    """The world of ``placement`` (one mask per slot of ``problem.slots``)."""
    history = hidden_history(problem, placement)
    if history is None:
        raise ImpossibleViewError("the deal's history cannot be rebuilt for this view")
    return _world(problem, history, rng)


def _world(problem: Problem, history: HiddenHistory, rng: random.Random) -> State:
    """The world of ``history``: its deal dealt, and the view's moves replayed with the
    hidden cards filled in."""
    view = problem.view
    rules = view.rules
    geo = GEOMETRY[rules.layout]
    stock = list(history.stock)
    # the undrawn part of the stock in a uniformly random order
    drawn = sum(problem.facts.draws)
    tail = stock[drawn:]
    rng.shuffle(tail)
    stock[drawn:] = tail
    deck: list[int] = []
    for s in sorted(rules._play.active_seats[view.dealer]):
        deck += bits(history.originals[s])
    for m in history.musiks[: len(geo.musiks)]:
        deck += bits(m)
    deck += stock
    if sorted(deck) != list(range(24)) or len(deck) != 24:
        raise ImpossibleViewError("the rebuilt deal does not hold the 24 cards once each")
    bombs = [0] * rules.players
    for row in view.sheet:
        if row.outcome is Outcome.BOMBED and row.declarer is not None:
            bombs[row.declarer] += 1
    seed = rng.getrandbits(64)
    world = start_deal(
        rules,
        seed,
        view.deal_number,
        view.dealer,
        view.scores,
        tuple(bombs),
        view.sheet,  # a ScoreSheet: the world's history starts at this deal
        tuple(deck),
    )

    discards = list(history.discards)
    taken = 0
    for made, (who, move) in enumerate(view.moves):
        real: Move
        if isinstance(move, Concealed):
            if move.kind == "Give" and move.to is not None and 0 <= move.to < rules.players:
                gift = history.gifts[move.to]
                if gift < 0:
                    raise ImpossibleViewError(f"no card was given to seat {move.to} in this view")
                real = Give(CARDS[gift], to=move.to)
            elif move.kind == "Discard" and taken < len(discards):
                real = Discard(CARDS[discards[taken]])
                taken += 1
            else:
                raise ImpossibleViewError(f"{brief(move)} by seat {who} does not fit this view")
        else:
            real = move
            if isinstance(move, Discard):
                taken += 1
        if _claimed(world, view, made):
            raise _ClaimError
        world = apply(world, real)
    return world
