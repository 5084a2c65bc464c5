"""``sample_world``: a complete state that one seat cannot tell apart from the real one.

The world is drawn **uniformly among the placements** of the unseen cards that a real game
could have reached: every unseen card goes to a hand or face-down pile that the seat's
knowledge (:attr:`View.possible`) allows, each with its right size, and the deal's own
history must replay to it (bids above 120 backed by marriages, the contract cap, at most one
shown musik card with a defender, draws from the stock in order).  Placements are counted by
groups of interchangeable cards; the few cards that such constraints tie together are
enumerated case by case, so no rejection loop is needed.  The world's hidden history (the
cards given or put away unseen, which cards came from the stock when) is then rebuilt and
every move of the deal replayed through :func:`~tysiac.apply`; the world's future deals come
from a seed drawn from ``rng``.

"""

from __future__ import annotations

import itertools
import random
from typing import Final, NamedTuple

from .._engine.api import apply
from .._engine.core import Phase
from .._engine.results import Outcome
from .._engine.start import start_deal
from .._engine.state import State
from .._errors import IllegalMoveError, ImpossibleViewError, NotAStateError, brief
from .._rules.layouts import GEOMETRY
from .._rules.options import Layout
from .._vocab.cards import CARDS
from .._vocab.masks import ACES, QUEEN, bits
from .._vocab.moves import Discard, Give, Move
from .hidden import hidden_history
from .placements import count, pick, sample
from .problem import Problem, card_mask, problem_of
from .views import Concealed, View, observe

__all__ = [
    "CASE_LIMIT",
    "CLAIM_TRIES",
    "DRAW_LIMIT",
    "Sampler",
    "sample_world",
]

#: With automatic claims (``Rules.auto_claim``), the most worlds one call draws for the view
#: of a seat other than the declarer: the declarer did not claim at any of its leads, which
#: its unseen cards decided, so a world in which it would have is drawn again.
CLAIM_TRIES: Final = 2000
#: The most cases of tied cards one call enumerates; beyond it, :data:`DRAW_LIMIT` draws.
CASE_LIMIT: Final = 512
#: With more cases than :data:`CASE_LIMIT`, the most placements drawn (uniformly, ignoring
#: the ties) before giving up; the first one whose history replays is kept, which is still
#: exactly uniform among the placements that replay.
DRAW_LIMIT: Final = 20_000


def sample_world(view: View, rng: random.Random) -> State:
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
        ImpossibleViewError: the view cannot come from a real game (or, under automatic
            claims, none of :data:`CLAIM_TRIES` worlds drawn replays it).
        NotAStateError: ``view`` is not a View, or ``rng`` not a :class:`random.Random`.
    """
    if not isinstance(view, View):
        raise NotAStateError(f"{type(view).__name__} object is not a View: use observe()")
    if not isinstance(rng, random.Random):
        raise NotAStateError(f"rng={brief(rng)} must be a random.Random")
    if view.winner is not None:
        raise ImpossibleViewError("the game is over: there is no deal to sample")
    return Sampler(view).draw(rng)


class Sampler:
    """Worlds of one view (private): what does not depend on the random numbers is worked
    out once, so ``Sampler(view).draw(rng)`` is :func:`sample_world` ``(view, rng)`` and
    drawing many worlds of one view (a search) repeats only the random part."""

    def __init__(self, view: View) -> None:
        if not isinstance(view, View):
            raise NotAStateError(f"{type(view).__name__} object is not a View: use observe()")
        if view.winner is not None:
            raise ImpossibleViewError("the game is over: there is no deal to sample")
        self.view = view
        self._problem = problem_of(view)
        self._plan = _plan(self._problem)

    def draw(self, rng: random.Random) -> State:
        """One world, drawn uniformly (see :func:`sample_world`)."""
        view = self.view
        problem = self._problem
        if not _claims_unseen(view):
            world = _build(problem, _draw(problem, self._plan, rng), rng)
            if observe(world, view.seat) != view:
                raise ImpossibleViewError(
                    f"no world reproduces this view of seat {view.seat} in {view.phase!r}"
                )
            return world
        # automatic claims: a world whose declarer could have claimed at one of its leads
        # ends the deal there, so it is drawn again (rejection: exactly uniform over the rest)
        for _ in range(CLAIM_TRIES):
            try:
                world = _build(problem, _draw(problem, self._plan, rng), rng)
            except IllegalMoveError:  # the world's deal ended before the view's moves did
                continue
            if observe(world, view.seat) == view:
                return world
        raise ImpossibleViewError(
            f"no world reproduces this view of seat {view.seat} in {view.phase!r} within"
            f" {CLAIM_TRIES} draws (automatic claims)"
        )


def _claims_unseen(view: View) -> bool:
    """Whether the view's history holds automatic claims the engine did not make: then the
    declarer's unseen cards decided them, and a world must not allow one either."""
    return (
        view.rules.auto_claim
        and view.phase is Phase.PLAY
        and view.declarer is not None
        and view.seat != view.declarer
    )


# --- choosing the placement ------------------------------------------------------------------


def _tied(problem: Problem) -> int:
    """The unseen cards whose places decide whether the deal's history can be replayed."""
    view = problem.view
    rules = view.rules
    facts = problem.facts
    tied = 0
    seat = view.seat
    if rules.bid_cap_marriages:
        need = any(b > 120 for s, b in enumerate(problem.bids) if s != seat)
        decl = view.declarer
        if (
            decl is not None
            and decl != seat
            and view.contract is not None
            and view.contract > max(view.bid, 120)
        ):
            need = True
        if need:
            # a marriage card whose partner was dealt to this seat backs nobody's bid
            mine = (card_mask(view.hand) | facts.played[seat]) & ~facts.received[seat]
            if seat == view.declarer:
                mine = 0  # its cards may have come from the musik
            for suit in range(4):
                pair = 3 << (suit * 6 + QUEEN)
                if not mine & pair:
                    tied |= pair
            if rules.ace_marriage is not None and not mine & ACES:
                tied |= ACES  # the four aces back a bid too
    if facts.no_aces:
        tied |= ACES  # whoever led an ace without declaring lacked one of the others
    if facts.shown and any(facts.gave_blind):
        tied |= facts.shown
    for _, _, mask in facts.timed:
        tied |= mask
    return tied & problem.unknown


class _Plan(NamedTuple):
    """What :func:`_draw` needs to place the unseen cards: everything that does not depend
    on the random numbers, worked out once per view (the cases of the tied cards)."""

    allowed: list[int]
    caps: list[int]
    loose: int  # the cards no constraint ties
    draws: bool  # too many cases: draw whole placements and keep one whose history replays
    cases: list[tuple[int, list[int]]]  # (placements, the tied cards' places) of each case


def _plan(problem: Problem) -> _Plan:
    slots = problem.slots
    caps = [s.cap for s in slots]
    allowed = [s.allowed for s in slots]
    tied = _tied(problem)
    loose = problem.unknown & ~tied
    if not tied:
        return _Plan(allowed, caps, loose, False, [])
    cards = bits(tied)
    options = [[i for i, a in enumerate(allowed) if a >> c & 1] for c in cards]
    size = 1
    for o in options:
        size *= max(len(o), 1)
    if size > CASE_LIMIT:
        return _Plan(allowed, caps, loose, True, [])
    cases: list[tuple[int, list[int]]] = []
    ways_by_caps: dict[tuple[int, ...], int] = {}
    # the cards no constraint ties matter to the history only in these layouts
    fill_needed = problem.view.rules.layout not in (Layout.TWO_NO_MUSIK, Layout.FOUR_ALL_PLAY)
    # any fill of the loose cards stands for its case (they do not decide the history): one
    # fixed generator for all of them, never the caller's
    representative = random.Random(0)
    for choice in itertools.product(*options):
        fixed = [0] * len(slots)
        left = list(caps)
        ok = True
        for c, i in zip(cards, choice, strict=True):
            fixed[i] |= 1 << c
            left[i] -= 1
            if left[i] < 0:
                ok = False
                break
        if not ok:
            continue
        key = tuple(left)
        ways = ways_by_caps.get(key)
        if ways is None:
            ways = ways_by_caps[key] = count(loose, allowed, left)
        if not ways:
            continue
        if fill_needed:
            fill = sample(loose, allowed, left, representative)
            assert fill is not None
            trial = [f | x for f, x in zip(fixed, fill, strict=True)]
        else:
            trial = fixed
        if not _feasible(problem, trial):
            continue
        cases.append((ways, fixed))
    if not cases:
        raise ImpossibleViewError("no placement of the unseen cards fits this view")
    return _Plan(allowed, caps, loose, False, cases)


def _draw(problem: Problem, plan: _Plan, rng: random.Random) -> list[int]:
    """A placement of the unseen cards, uniform over those whose history replays."""
    allowed, caps = plan.allowed, plan.caps
    if plan.draws:
        for _ in range(DRAW_LIMIT):
            trial = sample(problem.unknown, allowed, caps, rng)
            if trial is None:
                break
            if _feasible(problem, trial):
                return trial
        raise ImpossibleViewError("no placement of the unseen cards fits this view")
    if not plan.cases:  # nothing ties the cards: every placement replays
        out = sample(plan.loose, allowed, caps, rng)
        if out is None:
            raise ImpossibleViewError("no placement of the unseen cards fits this view")
        return out
    fixed = plan.cases[pick([ways for ways, _ in plan.cases], rng)][1]
    left = [c - f.bit_count() for c, f in zip(caps, fixed, strict=True)]
    rest = sample(plan.loose, allowed, left, rng)
    assert rest is not None
    return [f | x for f, x in zip(fixed, rest, strict=True)]


def _feasible(problem: Problem, placement: list[int] | None) -> bool:
    if placement is None:
        return True  # nothing ties the cards: every placement replays
    return hidden_history(problem, placement) is not None


# --- rebuilding the hidden history ----------------------------------------------------------


def _build(problem: Problem, placement: list[int], rng: random.Random) -> State:
    history = hidden_history(problem, placement)
    if history is None:
        raise ImpossibleViewError("the deal's history cannot be rebuilt for this view")
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

    discards = iter(history.discards)
    for who, move in view.moves:
        real: Move
        if isinstance(move, Concealed):
            if move.kind == "Give":
                assert move.to is not None
                real = Give(CARDS[history.gifts[move.to]], to=move.to)
            else:
                real = Discard(CARDS[next(discards)])
        elif isinstance(move, Discard):
            real = move
            next(discards, None)
        else:
            real = move
        del who
        world = apply(world, real)
    return world
