"""The joint constraints on the unseen cards, counted exactly: the sampler's proposal.

The per-card sets of :attr:`View.possible` leave out the constraints that tie unseen cards
together: a bid above 120 (or a contract above the bid) needs marriages, whole, in the
bidder's dealt hand; a defender holds at most one card of a shown musik; in the draw layouts
a seat holds now at most as many excluded cards as it drew since; a seat that led an ace
without declaring the ace marriage did not hold all four.  This module counts the
placements of the unseen cards that satisfy a *relaxation* of those constraints, exactly,
and draws one of them uniformly; :mod:`tysiac._info.sampling` keeps a drawn placement only
if the deal's hidden history can be rebuilt for it (:func:`~tysiac._info.hidden.hidden_history`),
so the worlds are uniform over the placements a real game could have reached.

How the count works.  A *unit* is a marriage (its king and queen) or the four aces (with
the ace marriage); the other unseen cards that a constraint names (a shown musik's cards,
cards excluded before a draw) are grouped into classes of interchangeable cards; every
other unseen card is *loose*: nothing but the slot sizes ties it.  The units and classes are
placed one after another by a dynamic programme whose state summarises what the
constraints need to know (the cards placed in each slot, the marriage value each
requirement has collected, the best marriage a blind gift could complete, the shown cards
each defender holds, the excluded cards by the draw they were excluded at); a placement of
the loose cards is counted by :func:`~tysiac._info.placements.count` for each final state.
Every number is exact (Python ints), so the draw is exactly uniform over the placements that
satisfy the relaxation, in time bounded by the number of states (a few thousand at most),
never by luck.

The relaxation is what the rebuilt history needs, with two freedoms left to the check that
follows: which card a blind gift was (a gift may complete one of the declarer's marriages,
and is assumed not to break the receiver's), and, in the draw layouts, the order of the
draws beyond the counting bound above (and the aces drawn after an ace was led).  Those
fail rarely: the check almost always keeps the first placement drawn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import product
from math import comb
from typing import Final, NamedTuple

from .._rules.layouts import GEOMETRY
from .._rules.options import Layout
from .._vocab.masks import ACES, QUEEN, bits
from .._vocab.moves import ChooseMusik
from .knowledge import Pile
from .placements import count, pick, sample
from .problem import Problem, card_mask

__all__ = [
    "Joint",
    "Requirement",
    "requirements",
]

#: The kinds of the coordinates of a state.
_COUNT: Final = 0  # cards placed in a slot: never above its size
_SUM: Final = 1  # a requirement's marriage value: saturates at the need
_MAX: Final = 2  # the best marriage a blind gift could complete: saturates at the need
_SHOWN: Final = 3  # shown musik cards a blind defender holds: at most 1
_TIMED: Final = 4  # excluded cards of one draw level in a seat's hand: checked by level


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


class _Unit(NamedTuple):
    cards: tuple[int, ...]
    value: int


class _Atom(NamedTuple):
    """A unit (placed card by card) or a class of interchangeable cards (placed by counts).

    ``options`` are (effect, ways, placements): the sparse change to the state, the number
    of placements with that change, and for a unit the placements themselves (a slot per
    unseen card), for a class the count per slot.
    """

    cards: tuple[int, ...]
    is_class: bool
    options: list[tuple[tuple[tuple[int, int], ...], int, list[tuple[int, ...]]]]


# --- what the view requires -------------------------------------------------------------------


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
            late = _late(problem, t)  # drawn, never dealt
            away = musik if t == decl else 0
            slots = seat_slot[t]
            if t == decl and pile is not None:
                slots = slots | frozenset([pile])
            own = known[t] | (discards_seen if t == decl else 0)
            located = own & ~away & ~(late & ~discards_seen)
            slot_excluded = tuple((i, late) for i in seat_slot[t])
            add(t, amount, slots, located, away, slot_excluded)
        if decl is not None:
            late = _late(problem, decl) & ~musik  # a kept musik card was never drawn
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


def _lows(problem: Problem, s: int) -> dict[int, int]:
    """Draw layouts: for each card excluded from ``s``'s hand before one of its draws, the
    first draw that may have brought it (it was not dealt to ``s``)."""
    out: dict[int, int] = {}
    for who, draw, mask in problem.facts.timed:
        if who == s:
            for c in bits(mask):
                out[c] = max(out.get(c, 0), draw)
    return out


def _late(problem: Problem, s: int) -> int:
    """Draw layouts: the cards ``s`` cannot have been dealt (drawn after an exclusion)."""
    m = 0
    for c in _lows(problem, s):
        m |= 1 << c
    return m


# --- the dynamic programme --------------------------------------------------------------------


class Joint:
    """The placements that satisfy the relaxed joint constraints of one view, counted.

    ``Joint(problem).draw(rng)`` is a placement (one mask per slot of ``problem.slots``)
    drawn uniformly among them; :attr:`total` is their number (0: the view is impossible).
    """

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        slots = problem.slots
        self.allowed = [s.allowed for s in slots]
        self.caps = [s.cap for s in slots]
        self._coords: list[tuple[int, int]] = []  # (kind, bound) of each state coordinate
        self._timed: list[tuple[list[int], list[int], int]] = []  # (coords, fixed, draws)
        self._refine()
        reqs = requirements(problem)
        self.requirements = reqs
        atoms = self._atoms(reqs)
        self.loose = problem.unknown
        for atom in atoms:
            for c in atom.cards:
                self.loose &= ~(1 << c)
        self.atoms = atoms
        self._count(atoms)

    # -- per-card refinements -----------------------------------------------------------

    def _refine(self) -> None:
        """Constraints on single cards that the knowledge leaves out (exact)."""
        problem = self.problem
        view = problem.view
        if view.rules.layout is Layout.TWO_OPEN_MUSIK and view.declarer is not None:
            # a musik card the declarer kept was in its hand from the start: one excluded
            # since a draw went to the discards
            decl = view.declarer
            late = _late(problem, decl) & card_mask(view.musik)
            for i, slot in enumerate(problem.slots):
                if slot.seat == decl:
                    self.allowed[i] &= ~late

    # -- the atoms ------------------------------------------------------------------------

    def _atoms(self, reqs: list[Requirement]) -> list[_Atom]:
        problem = self.problem
        view = problem.view
        rules = view.rules
        facts = problem.facts
        unknown = problem.unknown
        m = len(self.caps)
        # coordinates: the count per slot, then per requirement its value and vias
        for cap in self.caps:
            self._coords.append((_COUNT, cap))
        req_at: list[int] = []
        via_at: list[list[int]] = []
        both_at: list[int] = []
        for r in reqs:
            req_at.append(len(self._coords))
            self._coords.append((_SUM, r.need))
            vias = []
            for _ in r.via:
                vias.append(len(self._coords))
                self._coords.append((_MAX, r.need))
            via_at.append(vias)
            if len(r.via) == 2:
                both_at.append(len(self._coords))
                self._coords.append((_MAX, r.need))
            else:
                both_at.append(-1)
        self._req_at = req_at
        self._via_at = via_at
        self._both_at = both_at
        # a blind defender's shown cards
        shown_at: dict[int, int] = {}
        shown = facts.shown
        if shown and any(facts.gave_blind):
            for i, slot in enumerate(problem.slots):
                if slot.seat is not None and facts.gave_blind[slot.seat]:
                    shown_at[i] = len(self._coords)
                    self._coords.append((_SHOWN, 1))
        self._shown_at = shown_at
        self._via_shown = [[shown_at.get(slot, -1) for slot, _ in r.via] for r in reqs]
        # draw layouts: a seat's excluded cards by the draw they were excluded before
        low_at: dict[tuple[int, int], int] = {}  # (slot, level) -> coordinate
        lows_of: dict[int, dict[int, int]] = {}  # slot -> card -> level
        geo = GEOMETRY[rules.layout]
        if geo.stock:
            musik = card_mask(view.musik) if rules.layout is Layout.TWO_OPEN_MUSIK else 0
            discards = card_mask(view.discards)
            for i, slot in enumerate(problem.slots):
                s = slot.seat
                if s is None or s == view.seat:
                    continue
                lows = _lows(problem, s)
                away = musik if s == view.declarer else 0
                k = facts.draws[s]
                if not lows or not k:
                    continue
                placed = {c: lo for c, lo in lows.items() if unknown >> c & 1 and not away >> c & 1}
                own = (facts.played[s] | facts.proven[s]) & ~away
                if s == view.declarer:
                    own &= ~discards
                fixed = [0] * (k + 2)
                for c, lo in lows.items():
                    if own >> c & 1:
                        for d in range(1, min(lo, k + 1) + 1):
                            fixed[d] += 1
                for c, lo in placed.items():
                    if lo > k:  # excluded before a draw it has not made: not in its hand
                        self.allowed[i] &= ~(1 << c)
                placed = {c: lo for c, lo in placed.items() if lo <= k}
                coords = []
                for level in range(1, k + 1):
                    low_at[i, level] = len(self._coords)
                    coords.append(len(self._coords))
                    self._coords.append((_TIMED, 0))
                self._timed.append((coords, fixed, k))
                lows_of[i] = placed
        # the units: each marriage and the four aces, when something needs them
        units: list[_Unit] = []
        need_aces = bool(facts.no_aces) and not geo.stock
        if reqs:
            for suit, worth in enumerate(rules.marriage_values):
                units.append(_Unit(tuple(bits(3 << (suit * 6 + QUEEN))), worth))
            if rules.ace_marriage is not None:
                units.append(_Unit(tuple(bits(ACES)), rules.ace_marriage))
                need_aces = False
        if need_aces:
            units.append(_Unit(tuple(bits(ACES)), 0))
        no_aces = [s for s, _ in facts.no_aces] if not geo.stock else []
        slot_of = {s.seat: i for i, s in enumerate(problem.slots) if s.seat is not None}
        known = [facts.played[s] | facts.proven[s] for s in range(rules.players)]
        known[view.seat] |= card_mask(view.hand)

        def card_effect(c: int, i: int) -> list[tuple[int, int]]:
            effect = [(i, 1)]
            if i in shown_at and shown >> c & 1:
                effect.append((shown_at[i], 1))
            levels = lows_of.get(i)
            if levels is not None and c in levels:
                effect.append((low_at[i, levels[c]], 1))
            return effect

        atoms: list[_Atom] = []
        tied = 0
        aces = tuple(bits(ACES))
        self._base: list[tuple[int, int]] = []  # what the located units give every state
        self._dead = False  # a located unit no real game allows
        for unit in units:
            free = [c for c in unit.cards if unknown >> c & 1]
            options: dict[tuple[tuple[int, int], ...], list[tuple[int, ...]]] = {}
            choices = [[i for i in range(m) if self.allowed[i] >> c & 1] for c in free]
            matters = False
            for place in product(*choices):
                where = dict(zip(free, place, strict=True))
                if unit.cards == aces and any(
                    all(
                        where.get(c) == slot_of.get(s) if c in where else known[s] >> c & 1
                        for c in aces
                    )
                    for s in no_aces
                ):
                    matters = True  # it led an ace without declaring: it lacked one
                    continue
                eff: dict[int, int] = {}
                for c, i in where.items():
                    for j, v in card_effect(c, i):
                        eff[j] = eff.get(j, 0) + v
                for k_, r in enumerate(reqs):
                    if not unit.value:
                        continue
                    if _inside(unit.cards, where, r):
                        eff[req_at[k_]] = eff.get(req_at[k_], 0) + unit.value
                    elif r.via:
                        got = _via(unit.cards, where, r)
                        for b, completes in enumerate(got[:-1]):
                            if completes:
                                j = via_at[k_][b]
                                eff[j] = max(eff.get(j, 0), unit.value)
                        if got[-1] and both_at[k_] >= 0:
                            j = both_at[k_]
                            eff[j] = max(eff.get(j, 0), unit.value)
                if any(j >= m for j in eff):
                    matters = True
                options.setdefault(tuple(sorted(eff.items())), []).append(place)
            if not free:  # every card located: the same for every placement
                if not options:
                    self._dead = True
                for key in options:
                    self._base += list(key)
                continue
            if matters:
                atoms.append(
                    _Atom(tuple(free), False, [(k, len(p), p) for k, p in sorted(options.items())])
                )
                for c in free:
                    tied |= 1 << c
        # the other cards a constraint names, by classes of interchangeable cards
        singles: dict[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], list[int]] = {}
        for c in bits(unknown & ~tied):
            signature = tuple(
                (i, tuple(card_effect(c, i))) for i in range(m) if self.allowed[i] >> c & 1
            )
            if any(len(e) > 1 for _, e in signature):
                singles.setdefault(signature, []).append(c)
        for signature, cards in sorted(singles.items(), key=lambda kv: kv[1]):
            targets = [i for i, _ in signature]
            effects = dict(signature)
            class_options: list[tuple[tuple[tuple[int, int], ...], int, list[tuple[int, ...]]]]
            class_options = []
            for counts in _compositions(len(cards), len(targets)):
                eff2: dict[int, int] = {}
                for i, k in zip(targets, counts, strict=True):
                    for j, v in effects[i]:
                        eff2[j] = eff2.get(j, 0) + v * k
                per_slot = [0] * m
                for i, k in zip(targets, counts, strict=True):
                    per_slot[i] = k
                ways = _multinomial(len(cards), counts)
                class_options.append((tuple(sorted(eff2.items())), ways, [tuple(per_slot)]))
            atoms.insert(0, _Atom(tuple(cards), True, class_options))
        return atoms

    # -- counting ---------------------------------------------------------------------------
    #
    # A state of the programme is a *summary* (the coordinates after the slot counts) with,
    # for each summary, the number of ways to reach each vector of slot counts.  A vector of
    # counts is packed in one int as the room left in each slot, a 6-bit field per slot with
    # its top bit set: taking cards from a field that has too little room clears that bit.

    def _count(self, atoms: list[_Atom]) -> None:
        m = len(self.caps)
        self._guards = sum(32 << (6 * i) for i in range(m))
        room = sum((32 + cap) << (6 * i) for i, cap in enumerate(self.caps))
        # each atom's options grouped by their change to the summary
        self._groups: list[list[tuple[tuple[tuple[int, int], ...], list[tuple[int, int, int]]]]]
        self._groups = []
        for atom in atoms:
            by_effect: dict[tuple[tuple[int, int], ...], list[tuple[int, int, int]]] = {}
            for o, (eff, ways, _) in enumerate(atom.options):
                taken = sum(v << (6 * j) for j, v in eff if j < m)
                rest = tuple((j - m, v) for j, v in eff if j >= m)
                by_effect.setdefault(rest, []).append((taken, ways, o))
            self._groups.append(sorted(by_effect.items()))
        base = tuple((j - m, v) for j, v in self._base if j >= m)
        start = self._summary(tuple(0 for _ in self._coords[m:]), base)
        taken0 = sum(v << (6 * j) for j, v in self._base if j < m)
        layer: dict[tuple[int, ...], dict[int, int]] = {}
        if start is not None and not self._dead and (room - taken0) & self._guards == self._guards:
            layer = {start: {room - taken0: 1}}
        self._layers: list[dict[tuple[int, ...], dict[int, int]]] = [layer]
        self._back: list[dict[tuple[int, ...], list[tuple[tuple[int, ...], int]]]] = []
        guards = self._guards
        for groups in self._groups:
            nxt: dict[tuple[int, ...], dict[int, int]] = {}
            back: dict[tuple[int, ...], list[tuple[tuple[int, ...], int]]] = {}
            for summary, ways_by_room in layer.items():
                for g, (effect, deltas) in enumerate(groups):
                    after = self._summary(summary, effect)
                    if after is None:
                        continue
                    into = nxt.get(after)
                    if into is None:
                        into = nxt[after] = {}
                    reached = False
                    for free, n in ways_by_room.items():
                        for taken, ways, _ in deltas:
                            key = free - taken
                            if key & guards == guards:
                                into[key] = into.get(key, 0) + n * ways
                                reached = True
                    if reached:
                        back.setdefault(after, []).append((summary, g))
            self._layers.append({k: v for k, v in nxt.items() if v})
            self._back.append(back)
            layer = self._layers[-1]
        finals: list[tuple[tuple[int, ...], int, int]] = []
        ways_by_left: dict[int, int] = {}
        for summary, ways_by_room in layer.items():
            if not self._accepts(summary):
                continue
            for key, n in ways_by_room.items():
                w = ways_by_left.get(key)
                if w is None:
                    left = [(key >> (6 * i) & 63) - 32 for i in range(m)]
                    w = ways_by_left[key] = count(self.loose, self.allowed, left)
                if w:
                    finals.append((summary, key, n * w))
        self._finals = finals
        self.total = sum(w for _, _, w in finals)

    def _summary(
        self, state: tuple[int, ...], eff: tuple[tuple[int, int], ...]
    ) -> tuple[int, ...] | None:
        """The summary ``state`` changed by ``eff`` (offsets into the summary), or None when a
        constraint no longer holds."""
        if not eff:
            return state
        m = len(self.caps)
        out = list(state)
        coords = self._coords
        for j, v in eff:
            kind, bound = coords[j + m]
            if kind == _MAX:
                if v > out[j]:
                    out[j] = min(v, bound)
            elif kind == _SUM:
                out[j] = min(out[j] + v, bound)
            else:
                out[j] += v
                if kind == _SHOWN and out[j] > bound:
                    return None
        for levels, fixed, k in self._timed:
            total = 0
            for d in range(k + 1, 0, -1):  # the cards excluded at draw d or later
                if d <= k:
                    total += out[levels[d - 1] - m]
                if fixed[d] + total > k - d + 1:
                    return None
        # states that the acceptance cannot tell apart are one: a gift's marriage counts up
        # to what the requirement still lacks, and not at all once it lacks nothing
        # (a blind defender holding a shown card was given that card: no gift of it counts)
        for k, at in enumerate(self._req_at):
            vias = self._via_at[k]
            if vias:
                lack = self.requirements[k].need - out[at - m]
                shown = self._via_shown[k]
                held = False
                for b, j in enumerate(vias):
                    if out[j - m] > lack:
                        out[j - m] = lack
                    if shown[b] >= 0 and out[shown[b] - m]:
                        out[j - m] = 0
                        held = True
                both = self._both_at[k]
                if both >= 0 and (held or out[both - m] > lack):
                    out[both - m] = 0 if held else lack
        return tuple(out)

    def _accepts(self, summary: tuple[int, ...]) -> bool:
        """Whether every requirement has its marriages (the gifts' counted where usable)."""
        m = len(self.caps)
        for k, r in enumerate(self.requirements):
            value = summary[self._req_at[k] - m]
            if r.via:
                extra = sum(summary[j - m] for j in self._via_at[k])
                if self._both_at[k] >= 0:
                    extra = max(extra, summary[self._both_at[k] - m])
                value += extra
            if value < r.need:
                return False
        return True

    @property
    def states(self) -> int:
        """The summaries of the dynamic programme, over all its layers (its work)."""
        return sum(len(layer) for layer in self._layers)

    def admits(self, placement: Sequence[int]) -> bool:
        """Whether ``placement`` (one mask per slot) satisfies the relaxed constraints: true
        of every placement a real game reaches (the tests check it on real states)."""
        m = len(self.caps)
        where: dict[int, int] = {}
        for i, cards in enumerate(placement):
            if cards & ~self.allowed[i] or cards.bit_count() != self.caps[i]:
                return False
            for c in bits(cards):
                where[c] = i
        if self._dead:
            return False
        summary = self._summary(
            tuple(0 for _ in self._coords[m:]), tuple((j - m, v) for j, v in self._base if j >= m)
        )
        for atom in self.atoms:
            if atom.is_class:
                counts = [0] * m
                for c in atom.cards:
                    counts[where[c]] += 1
                key: tuple[int, ...] = tuple(counts)
            else:
                key = tuple(where[c] for c in atom.cards)
            found = [eff for eff, _, places in atom.options if key in places]
            if not found or summary is None:
                return False
            summary = self._summary(summary, tuple((j - m, v) for j, v in found[0] if j >= m))
        return summary is not None and self._accepts(summary)

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, rng: random.Random) -> list[int] | None:
        """A placement drawn uniformly among those counted, or None when there is none."""
        if not self.total:
            return None
        finals = self._finals
        summary, key, _ = finals[pick([w for _, _, w in finals], rng) if len(finals) > 1 else 0]
        m = len(self.caps)
        placement = [0] * m
        for layer in range(len(self.atoms) - 1, -1, -1):
            atom = self.atoms[layer]
            groups = self._groups[layer]
            before = self._layers[layer]
            choices: list[tuple[tuple[int, ...], int, int]] = []  # (summary, room, option)
            weights: list[int] = []
            for prior, g in self._back[layer][summary]:
                ways_by_room = before[prior]
                for taken, ways, o in groups[g][1]:
                    n = ways_by_room.get(key + taken)
                    if n:
                        choices.append((prior, key + taken, o))
                        weights.append(n * ways)
            summary, key, o = choices[pick(weights, rng) if len(choices) > 1 else 0]
            places = atom.options[o][2]
            if atom.is_class:
                cards = list(atom.cards)
                rng.shuffle(cards)
                pos = 0
                for i, k in enumerate(places[0]):
                    for c in cards[pos : pos + k]:
                        placement[i] |= 1 << c
                    pos += k
            else:
                place = places[rng.randrange(len(places))] if len(places) > 1 else places[0]
                for c, i in zip(atom.cards, place, strict=True):
                    placement[i] |= 1 << c
        left = [self.caps[i] - placement[i].bit_count() for i in range(m)]
        rest = sample(self.loose, self.allowed, left, rng)
        if rest is None:  # pragma: no cover  (counted: a fill exists)
            return None
        return [a | b for a, b in zip(placement, rest, strict=True)]


def _inside(cards: Sequence[int], where: dict[int, int], r: Requirement) -> bool:
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


def _via(cards: Sequence[int], where: dict[int, int], r: Requirement) -> list[bool]:
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
            ok = _inside([c for c in cards if c not in held[b]], where, r)
        out.append(ok)
    both = False
    if len(r.via) == 2 and len(held[0]) == 1 and len(held[1]) == 1:
        given = held[0] + held[1]
        if not any(r.excluded >> c & 1 for c in given):
            both = _inside([c for c in cards if c not in given], where, r)
    out.append(both)
    return out


def _compositions(n: int, k: int) -> list[tuple[int, ...]]:
    """Every way to write ``n`` as an ordered sum of ``k`` counts (0 allowed)."""
    if k == 1:
        return [(n,)]
    out: list[tuple[int, ...]] = []
    for first in range(n + 1):
        for rest in _compositions(n - first, k - 1):
            out.append((first, *rest))
    return out


def _multinomial(n: int, counts: Sequence[int]) -> int:
    out = 1
    left = n
    for k in counts:
        out *= comb(left, k)
        left -= k
    return out
