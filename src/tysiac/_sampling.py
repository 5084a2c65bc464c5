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

import heapq
import itertools
import random
from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from ._cards import ACES, CARDS, KING, QUEEN, Card, bits
from ._core import held_marriages, start_deal
from ._errors import IllegalMoveError, NotAStateError, TysiacError
from ._knowledge import Facts, Pile, scan
from ._moves import Bid, ChooseMusik, Discard, Give, Move, Play
from ._rules import Layout, Rules
from ._state import Outcome, Phase, State
from ._tables import GEOMETRY
from ._views import Concealed, View, observe
from ._worlds import count, pick, sample

__all__ = ["ImpossibleViewError", "sample_world"]

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

_MARRIAGE_CARDS: Final = sum(1 << (s * 6 + r) for s in range(4) for r in (QUEEN, KING))


class ImpossibleViewError(TysiacError, ValueError):
    """A :class:`~tysiac.View` that no real game can produce was given to ``sample_world``."""


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


class _Slot(NamedTuple):
    seat: int | None  # a hand, or None for a pile
    pile: Pile | None
    cap: int
    allowed: int


class _Problem(NamedTuple):
    """Everything the sampler needs, from the view only."""

    view: View
    facts: Facts
    slots: tuple[_Slot, ...]
    unknown: int
    bids: tuple[int, ...]  # the highest bid of each seat this deal (0: none)


def _problem(view: View) -> _Problem:
    rules = view.rules
    seat = view.seat
    hand = _mask(view.hand)
    facts = scan(
        rules,
        seat,
        view.dealer,
        view.declarer,
        hand,
        view.moves,
        _mask(view.musik),
        _mask(view.discards),
        view.hand_sizes,
        [(s, int(x)) for s, x in view.marriages],
        view.stock_size,
        view.ace_marriage,
    )
    slots: list[_Slot] = []
    unknown = 0
    active = rules._play.active_seats[view.dealer]
    for s in active:
        if s == seat and (view.hand or not view.hand_sizes[s]):
            continue  # (a hand not looked at yet, under blind bidding, is unknown too)
        free = _mask(view.possible[s]) & ~facts.proven[s]
        slots.append(_Slot(s, None, view.hand_sizes[s] - facts.proven[s].bit_count(), free))
        unknown |= free
    for hp in view.possible_piles:
        if hp.pile is Pile.DISCARDS and seat == view.declarer:
            continue  # this seat's own discards: known
        m = _mask(sorted(hp.possible))
        slots.append(_Slot(None, hp.pile, hp.size, m))
        unknown |= m
    bids = [0] * rules.players
    forced = True
    for who, move in view.moves:
        if isinstance(move, Bid):
            if not forced:  # the forced opening bid needs no marriage, whatever its amount
                bids[who] = max(bids[who], move.amount)
            forced = False
    return _Problem(view, facts, tuple(slots), unknown, tuple(bids))


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
        raise NotAStateError(f"rng={rng!r:.60} must be a random.Random")
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
        self._problem = _problem(view)
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


def _tied(problem: _Problem) -> int:
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
            mine = (_mask(view.hand) | facts.played[seat]) & ~facts.received[seat]
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


def _plan(problem: _Problem) -> _Plan:
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


def _draw(problem: _Problem, plan: _Plan, rng: random.Random) -> list[int]:
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


def _feasible(problem: _Problem, placement: list[int] | None) -> bool:
    if placement is None:
        return True  # nothing ties the cards: every placement replays
    return _history(problem, placement) is not None


# --- rebuilding the hidden history ----------------------------------------------------------


class _History(NamedTuple):
    originals: tuple[int, ...]  # each seat's dealt hand
    musiks: tuple[int, ...]  # the musiks as dealt
    stock: tuple[int, ...]  # the stock as dealt, next card first (draws included)
    gifts: tuple[int, ...]  # per seat: the card the declarer gave it (-1: none)
    discards: tuple[int, ...]  # the declarer's discards, in order


def _hands_and_piles(problem: _Problem, placement: list[int]) -> tuple[list[int], dict[Pile, int]]:
    view = problem.view
    facts = problem.facts
    n = view.rules.players
    hands = [0] * n
    hands[view.seat] = _mask(view.hand)
    piles: dict[Pile, int] = {}
    for slot, cards in zip(problem.slots, placement, strict=True):
        if slot.seat is not None:
            hands[slot.seat] = cards | facts.proven[slot.seat]
        else:
            assert slot.pile is not None
            piles[slot.pile] = cards
    if view.seat == view.declarer and view.discards:
        piles[Pile.DISCARDS] = _mask(view.discards)
    return hands, piles


def _backed(rules: Rules, bid: int, hand: int) -> bool:
    """Whether ``hand`` may have bid ``bid`` under the bid cap."""
    if bid <= 120 or not rules.bid_cap_marriages:
        return True
    return 120 + held_marriages(rules, hand) >= bid


def _history(problem: _Problem, placement: list[int]) -> _History | None:
    """The deal's hidden history that makes this placement replay, or None."""
    view = problem.view
    rules = view.rules
    layout = rules.layout
    geo = GEOMETRY[layout]
    facts = problem.facts
    n = rules.players
    hands, piles = _hands_and_piles(problem, placement)
    poss = [hands[s] | facts.played[s] for s in range(n)]
    if not geo.stock and any(poss[s] & ACES == ACES for s, _ in facts.no_aces):
        return None  # a seat led an ace from all four without declaring the ace marriage
    decl = view.declarer
    musik_seen = _mask(view.musik)
    gifts = [-1] * n
    if layout in (Layout.THREE, Layout.FOUR_SITTER) and decl is not None:
        known = {to: card.index for to, card in view.given}
        blind = [s for s in range(n) if facts.gave_blind[s]]
        for s in range(n):
            if s in known:
                gifts[s] = known[s]
        choices = []
        for s in blind:
            shown_here = poss[s] & facts.shown
            if shown_here.bit_count() > 1:
                return None
            choices.append(bits(shown_here) if shown_here else bits(poss[s]))
        for combo in itertools.product(*choices) if choices else [()]:
            g = list(gifts)
            for s, c in zip(blind, combo, strict=True):
                g[s] = c
            result = _three(problem, hands, poss, g)
            if result is not None:
                return result
        return None
    if layout in (Layout.THREE, Layout.FOUR_SITTER):  # the auction: the musik lies there
        if not _bids_ok(problem, poss):
            return None
        return _History(tuple(poss), (piles.get(Pile.MUSIK, 0),), (), tuple(gifts), ())
    if layout in (Layout.TWO_CLASSIC, Layout.TWO_MUSIKS_OF_THREE):
        return _two_musiks(problem, poss, piles, musik_seen)
    if geo.stock:
        return _draws(problem, poss, piles)
    # no musik, no stock: the dealt hands are the possessions
    originals = tuple(poss)
    if not _bids_ok(problem, originals):
        return None
    if not _contract_ok(problem, poss):
        return None
    return _History(originals, (), (), tuple(gifts), ())


def _bids_ok(problem: _Problem, originals: Sequence[int]) -> bool:
    rules = problem.view.rules
    return all(_backed(rules, b, originals[s]) for s, b in enumerate(problem.bids))


def _contract_ok(problem: _Problem, poss: Sequence[int]) -> bool:
    """The contract above the bid needs marriages in the declarer's hand when named: its
    cards then are all it holds or played since (``poss``), the gifts being made."""
    view = problem.view
    decl = view.declarer
    if decl is None or view.contract is None or view.contract <= view.bid:
        return True
    return _backed(view.rules, view.contract, poss[decl])


def _three(
    problem: _Problem,
    hands: list[int],
    poss: list[int],
    gifts: list[int],
) -> _History | None:
    view = problem.view
    decl = view.declarer
    assert decl is not None
    n = view.rules.players
    received = 0
    for s in range(n):
        if gifts[s] >= 0:
            received |= 1 << gifts[s]
    if received & ~(poss[decl] | received):
        return None
    decl_poss = poss[decl] | received
    if view.seat == decl:
        musik = _mask(view.musik)
    elif problem.facts.shown:
        musik = problem.facts.shown
    else:
        # a hidden musik: any three cards the declarer held (nothing depends on which)
        musik = sum(1 << c for c in bits(decl_poss)[:3])
    if musik & ~decl_poss:
        return None
    originals = [0] * n
    for s in range(n):
        if s == decl:
            originals[s] = decl_poss & ~musik
        elif poss[s] or hands[s]:
            originals[s] = poss[s] & ~(1 << gifts[s] if gifts[s] >= 0 else 0)
    if not _bids_ok(problem, originals):
        return None
    if not _contract_ok(problem, poss):
        return None
    return _History(tuple(originals), (musik,), (), tuple(gifts), ())


def _two_musiks(
    problem: _Problem,
    poss: list[int],
    piles: dict[Pile, int],
    musik_seen: int,
) -> _History | None:
    view = problem.view
    decl = view.declarer
    chosen = next((m.index for _, m in view.moves if isinstance(m, ChooseMusik)), None)
    if decl is None or chosen is None:
        musiks = (piles.get(Pile.MUSIK_0, 0), piles.get(Pile.MUSIK_1, 0))
        if not _bids_ok(problem, poss):
            return None
        return _History(tuple(poss), musiks, (), (-1,) * len(poss), ())
    discards = piles.get(Pile.DISCARDS, 0)
    decl_poss = poss[decl] | discards
    other = piles.get(Pile.MUSIK_1 if chosen == 0 else Pile.MUSIK_0, 0)
    if musik_seen:
        taken = musik_seen
    else:
        size = GEOMETRY[view.rules.layout].musiks[0]
        taken = sum(1 << c for c in bits(decl_poss)[:size])
    if taken & ~decl_poss:
        return None
    originals = list(poss)
    originals[decl] = decl_poss & ~taken
    if not _bids_ok(problem, originals):
        return None
    at_contract = decl_poss & ~discards
    if (
        view.contract is not None
        and view.contract > view.bid
        and not _backed(view.rules, view.contract, at_contract)
    ):
        return None
    musiks = (taken, other) if chosen == 0 else (other, taken)
    return _History(tuple(originals), musiks, (), (-1,) * len(poss), tuple(bits(discards)))


def _draws(problem: _Problem, poss: list[int], piles: dict[Pile, int]) -> _History | None:
    """The draw layouts: which card each seat drew when (a matching over time)."""
    view = problem.view
    rules = view.rules
    geo = GEOMETRY[rules.layout]
    facts = problem.facts
    seat = view.seat
    decl = view.declarer
    n = rules.players
    discards = piles.get(Pile.DISCARDS, 0)
    musik = 0
    if rules.layout is Layout.TWO_OPEN_MUSIK:
        musik = _mask(view.musik)  # face up for everyone
    # every seat's cards by the epoch (number of its draws) in which each was played
    epochs = _play_epochs(problem)
    drawn_by: list[list[int]] = [[] for _ in range(n)]
    drawn_by[seat] = [c.index for c in view.drawn]
    originals = [0] * n
    for s in range(n):
        own = poss[s] | (discards if s == decl else 0)
        if s == decl and musik:
            own &= ~musik
        if s == seat:
            got = sum(1 << c for c in drawn_by[s])
            originals[s] = own & ~got
            continue
        k = facts.draws[s]
        lows: dict[int, int] = {}
        for who, draw, mask in facts.timed:
            if who == s:
                for c in bits(mask & (own | musik)):
                    lows[c] = max(lows.get(c, 0), draw)
        if s == decl and any(lows.get(c, 0) for c in bits(musik & ~discards)):
            return None  # a musik card the declarer kept was in its hand all along
        highs = dict(epochs)
        for who, draw, card in facts.proofs:
            if who == s:
                highs[card] = min(highs.get(card, k), draw)  # held when proven
        early = discards if s == decl else 0
        assignment = None
        # the marriages that back this seat's bid (or contract) must have been dealt to it
        held = own | (musik if s == decl else 0)  # the open musik backs a contract too
        for backing in _backings(rules, held, problem.bids[s], view.contract if s == decl else 0):
            forced = dict(highs)
            for c in bits(backing & own):
                forced[c] = 0
            for low in _ace_witnesses(problem, s, held & ~early, own & ~early, lows):
                assignment = _match(own, k, geo.hand, low, forced, early)
                if (assignment is not None and _backed(rules, problem.bids[s], assignment[0])) and (
                    s != decl
                    or view.contract is None
                    or view.contract <= view.bid
                    or _backed(rules, view.contract, (assignment[0] | musik) & ~discards)
                ):
                    break
                assignment = None
            if assignment is not None:
                break
        if assignment is None:
            return None
        originals[s], drawn_by[s] = assignment
    if not _bids_ok(problem, originals):
        return None
    if (
        decl is not None
        and view.contract is not None
        and view.contract > view.bid
        and not _backed(rules, view.contract, (originals[decl] | musik) & ~discards)
    ):
        return None
    # the stock as dealt: the draws in their order, then what is left, shuffled by caller
    order: list[int] = []
    seats = rules._play.trick_seats[view.dealer]
    counters = [0] * n
    for w in view.trick_winners:
        if len(order) >= facts.draws[0] + facts.draws[1]:
            break
        for who in seats[w]:  # the winner draws first, then the others in turn
            order.append(drawn_by[who][counters[who]])
            counters[who] += 1
    stock_left = piles.get(Pile.STOCK, 0)
    return _History(
        tuple(originals),
        (musik,) if rules.layout is Layout.TWO_OPEN_MUSIK else (),
        (*order, *bits(stock_left)),
        (-1,) * n,
        tuple(bits(discards)),
    )


def _ace_witnesses(
    problem: _Problem, seat: int, in_play: int, drawable: int, lows: dict[int, int]
) -> list[dict[int, int]]:
    """The draw layouts: the earliest draws (``lows``) to try for ``seat``'s cards, so that
    it lacked one of the four aces when it led an ace without declaring the ace marriage
    (``Facts.no_aces``): one ace of its cards in play (``in_play``) that it could have drawn
    (``drawable``) came after that lead.  Just ``[lows]`` when nothing needs a witness."""
    for who, draw in problem.facts.no_aces:
        if who == seat and in_play & ACES == ACES:
            return [{**lows, a: max(lows.get(a, 0), draw + 1)} for a in bits(ACES & drawable)]
    return [lows]


def _backings(rules: Rules, own: int, bid: int, contract: int | None) -> list[int]:
    """The sets of marriage cards (as masks) worth trying as dealt to a seat: none first,
    then every set of the marriages among ``own`` (its cards) that backs the higher of its
    bid and contract."""
    need = max(bid, contract or 0) - 120
    out = [0]
    if need <= 0 or not rules.bid_cap_marriages:
        return out
    # the marriages held, as (cards, value): each suit's pair, and the four aces
    held = [(3 << (s * 6 + QUEEN), v) for s, v in enumerate(rules.marriage_values)]
    if rules.ace_marriage is not None:
        held.append((ACES, rules.ace_marriage))
    held = [(cards, value) for cards, value in held if own & cards == cards]
    for r in range(1, len(held) + 1):
        for combo in itertools.combinations(held, r):
            if sum(value for _, value in combo) >= need:
                out.append(sum(cards for cards, _ in combo))
    return out


def _play_epochs(problem: _Problem) -> dict[int, int]:
    """For every card played this deal, the number of draws its player had made by then."""
    view = problem.view
    per = GEOMETRY[view.rules.layout].active
    draws = [0] * view.rules.players
    out: dict[int, int] = {}
    plays = [(who, m.card.index) for who, m in view.moves if isinstance(m, Play)]
    stock = GEOMETRY[view.rules.layout].stock
    seats = view.rules._play.trick_seats[view.dealer]
    for i, (who, c) in enumerate(plays):
        out[c] = draws[who]
        if (i + 1) % per == 0 and stock > 0:
            for w in seats[view.trick_winners[i // per]]:  # every seat in play draws one
                draws[w] += 1
            stock -= per
    return out


def _match(
    own: int,
    k: int,
    hand_size: int,
    lows: dict[int, int],
    epochs: dict[int, int],
    early: int,
) -> tuple[int, list[int]] | None:
    """Assign a seat's cards to the epoch each came from: the dealt hand (epoch 0, ``hand_size``
    cards) or its draws 1..k (one card each); a card excluded in epoch e came later than e,
    a played card came no later than the epoch it was played in, and ``early`` cards (put
    away before the play) were dealt."""
    cards = bits(own)
    if len(cards) != hand_size + k:
        return None
    spans: list[tuple[int, int, int]] = []  # (low, high, card)
    for c in cards:
        low = lows.get(c, 0)
        high = epochs.get(c, k)
        if early >> c & 1:
            low = high = 0  # put away before the play: dealt, and never in the hand since
        if low > high:
            return None
        spans.append((low, high, c))
    spans.sort()
    slots = [0] * hand_size + list(range(1, k + 1))
    heap: list[tuple[int, int]] = []
    j = 0
    original = 0
    drawn = [0] * (k + 1)
    for epoch in slots:
        while j < len(spans) and spans[j][0] <= epoch:
            heapq.heappush(heap, (spans[j][1], spans[j][2]))
            j += 1
        if not heap:
            return None
        high, c = heapq.heappop(heap)
        if high < epoch:
            return None
        if epoch == 0:
            original |= 1 << c
        else:
            drawn[epoch] = c
    return original, drawn[1:]


# --- building the world -----------------------------------------------------------------------


def _build(problem: _Problem, placement: list[int], rng: random.Random) -> State:
    history = _history(problem, placement)
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
    from ._engine import apply  # noqa: PLC0415  (the engine imports the views)

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
