"""What a view requires of the unseen cards' marriages, and whether a unit meets it.

A bid above 120 (or a contract above the bid) needs marriages, whole, in the bidder's dealt
hand: :func:`requirements` lists each such need of a view and the region (slots, located
cards, excluded cards, gifts the viewer did not see) where the marriages must lie;
:func:`unit_inside` and :func:`unit_via` tell whether a placed unit (a marriage or the four
aces) meets one.  The draw layouts' timing (the first draw that may have brought a card
excluded before it) is here too: :func:`first_draws`, :func:`late_cards`.  The counting
itself is :mod:`tysiac._info.joint`'s, over the atoms of :mod:`tysiac._info.atoms`.

Imports: the rules' layouts and options, the masks, the moves, and within ``_info`` only
``knowledge`` and ``problem``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .._rules.layouts import GEOMETRY
from .._rules.options import Layout
from .._vocab.masks import bits
from .._vocab.moves import ChooseMusik
from .knowledge import Pile
from .problem import Problem, card_mask

__all__ = [
    "Requirement",
    "first_draws",
    "late_cards",
    "requirements",
    "unit_inside",
    "unit_via",
]


class Requirement(NamedTuple):
    """One seat's need for marriages: ``need`` more than 120 (a bid or a contract).

    A unit counts for it when every card of the unit lies in the requirement's region: an
    unseen card in one of ``slots`` (and not in ``excluded`` nor in ``slot_excluded[i]`` for
    its slot ``i``), a card the viewer has located in ``known``.  ``via`` lists the slots of
    defenders whose gift the viewer did not see, with the cards it knows they hold: one card
    of each may have come from the declarer's dealt hand (three-handed layouts).
    """

    seat: int
    need: int
    slots: frozenset[int]
    known: int
    excluded: int
    slot_excluded: tuple[tuple[int, int], ...]
    via: tuple[tuple[int, int], ...]


def requirements(problem: Problem) -> list[Requirement]:
    """The marriages each bid above 120 and a contract above the bid need, and where."""
    view = problem.view
    rules = view.rules
    if not rules.bid_cap_marriages:
        return []
    facts = problem.facts
    layout = rules.layout
    seat = view.seat
    decl = view.declarer
    n = rules.players
    slot_of = {s.seat: i for i, s in enumerate(problem.slots) if s.seat is not None}
    pile_of = {s.pile: i for i, s in enumerate(problem.slots) if s.pile is not None}
    hand = card_mask(view.hand)
    known = [facts.played[s] | facts.proven[s] for s in range(n)]
    known[seat] = hand | facts.played[seat]
    seat_slot = {s: frozenset([slot_of[s]]) if s in slot_of else frozenset() for s in range(n)}
    out: list[Requirement] = []

    def add(
        t: int,
        amount: int,
        slots: frozenset[int],
        located: int,
        excluded: int = 0,
        slot_excluded: tuple[tuple[int, int], ...] = (),
        via: tuple[tuple[int, int], ...] = (),
    ) -> None:
        if amount > 120:
            out.append(Requirement(t, amount - 120, slots, located, excluded, slot_excluded, via))

    contract = 0
    if decl is not None and view.contract is not None and view.contract > view.bid:
        contract = view.contract
    chosen = next((m.index for _, m in view.moves if isinstance(m, ChooseMusik)), None)
    discards_seen = card_mask(view.discards)
    if layout in (Layout.THREE, Layout.FOUR_SITTER) and decl is not None:
        if seat == decl:
            musik = card_mask(view.musik)
        else:
            musik = facts.shown  # hidden (an unraised forced bid): no bid needs a marriage
        gifts = 0
        for s in range(n):
            if s != decl:
                gifts |= facts.received[s]
        blind = tuple(
            (slot_of[s], known[s])
            for s in range(n)
            if facts.gave_blind[s] and s in slot_of and s != decl
        )
        for t, amount in enumerate(problem.bids):
            if t == decl:
                add(t, amount, seat_slot[t], (known[t] | gifts) & ~musik, musik, via=blind)
            elif facts.gave_blind[t]:
                add(t, amount, seat_slot[t], known[t] & ~facts.shown, facts.shown)
            else:
                add(t, amount, seat_slot[t], known[t] & ~facts.received[t], facts.received[t])
        add(decl, contract, seat_slot[decl], known[decl])
        return out
    two_musiks = layout in (Layout.TWO_CLASSIC, Layout.TWO_MUSIKS_OF_THREE)
    if two_musiks and decl is not None and chosen is not None:
        taken = card_mask(view.musik)
        pile = pile_of.get(Pile.DISCARDS)
        region = seat_slot[decl] | (frozenset([pile]) if pile is not None else frozenset())
        for t, amount in enumerate(problem.bids):
            if t == decl:
                located = (known[t] | discards_seen) & ~taken
                add(t, amount, region, located, taken)
            else:
                add(t, amount, seat_slot[t], known[t])
        add(decl, contract, seat_slot[decl], known[decl])
        return out
    if GEOMETRY[layout].stock:
        musik = card_mask(view.musik) if layout is Layout.TWO_OPEN_MUSIK else 0
        pile = pile_of.get(Pile.DISCARDS)
        for t, amount in enumerate(problem.bids):
            late = late_cards(problem, t)  # drawn, never dealt
            away = musik if t == decl else 0
            slots = seat_slot[t]
            if t == decl and pile is not None:
                slots = slots | frozenset([pile])
            own = known[t] | (discards_seen if t == decl else 0)
            located = own & ~away & ~(late & ~discards_seen)
            slot_excluded = tuple((i, late) for i in seat_slot[t])
            add(t, amount, slots, located, away, slot_excluded)
        if decl is not None:
            late = late_cards(problem, decl) & ~musik  # a kept musik card was never drawn
            located = known[decl] & ~discards_seen & ~late
            slot_excluded = tuple((i, late) for i in seat_slot[decl])
            add(decl, contract, seat_slot[decl], located, 0, slot_excluded)
        return out
    # no musik to take (or not taken yet): the dealt hands are what each seat holds or played
    for t, amount in enumerate(problem.bids):
        add(t, amount, seat_slot[t], known[t])
    if decl is not None:
        add(decl, contract, seat_slot[decl], known[decl])
    return out


def first_draws(problem: Problem, s: int) -> dict[int, int]:
    """Draw layouts: for each card excluded from ``s``'s hand before one of its draws, the
    first draw that may have brought it (it was not dealt to ``s``)."""
    out: dict[int, int] = {}
    for who, draw, mask in problem.facts.timed:
        if who == s:
            for c in bits(mask):
                out[c] = max(out.get(c, 0), draw)
    return out


def late_cards(problem: Problem, s: int) -> int:
    """Draw layouts: the cards ``s`` cannot have been dealt (drawn after an exclusion)."""
    m = 0
    for c in first_draws(problem, s):
        m |= 1 << c
    return m


def unit_inside(cards: Sequence[int], where: dict[int, int], r: Requirement) -> bool:
    """Whether every card of a unit lies in the requirement's region."""
    excluded = dict(r.slot_excluded)
    for c in cards:
        i = where.get(c)
        if i is None:
            if not r.known >> c & 1:
                return False
        elif i not in r.slots or r.excluded >> c & 1 or excluded.get(i, 0) >> c & 1:
            return False
    return True


def unit_via(cards: Sequence[int], where: dict[int, int], r: Requirement) -> list[bool]:
    """For each blind defender of ``r.via``, whether a unit it holds exactly one card of
    (the card the declarer gave it) lies otherwise in the declarer's region; last, whether
    it lies there but for exactly one card with each of two blind defenders."""
    held: list[list[int]] = []
    for slot, located in r.via:
        mine: list[int] = []
        for c in cards:
            i = where.get(c, -1)
            if i == slot or (i < 0 and located >> c & 1):
                mine.append(c)
        held.append(mine)
    out: list[bool] = []
    for b in range(len(r.via)):
        ok = False
        if len(held[b]) == 1 and not r.excluded >> held[b][0] & 1:
            ok = unit_inside([c for c in cards if c not in held[b]], where, r)
        out.append(ok)
    both = False
    if len(r.via) == 2 and len(held[0]) == 1 and len(held[1]) == 1:
        given = held[0] + held[1]
        if not any(r.excluded >> c & 1 for c in given):
            both = unit_inside([c for c in cards if c not in given], where, r)
    out.append(both)
    return out
