"""The atoms of the exact joint sampler: what :mod:`tysiac._info.joint` counts, and the state.

A *unit* is a marriage (its king and queen) or the four aces (with the ace marriage); the
other unseen cards that a constraint names (a shown musik's cards, cards excluded before a
draw) are grouped into classes of interchangeable cards.  :func:`plan` lists these *atoms*
with every way to place each (its change to the state, and how many placements make it) and
lays out the coordinates of the dynamic programme's state; the programme itself, and the
draw, are :mod:`tysiac._info.joint`'s.

Imports: the rules' layouts and options, the masks, and within ``_info`` only ``problem``
and ``requirements``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from math import comb
from typing import Final, NamedTuple

from .._rules.layouts import GEOMETRY
from .._rules.options import Layout
from .._vocab.masks import ACES, QUEEN, bits
from .problem import Problem, card_mask
from .requirements import Requirement, first_draws, unit_inside, unit_via

__all__ = [
    "COUNT",
    "MAX",
    "SHOWN",
    "SUM",
    "TIMED",
    "Atom",
    "Plan",
    "plan",
]

#: The kinds of the coordinates of a state.
COUNT: Final = 0  # cards placed in a slot: never above its size
SUM: Final = 1  # a requirement's marriage value: saturates at the need
MAX: Final = 2  # the best marriage a blind gift could complete: saturates at the need
SHOWN: Final = 3  # shown musik cards a blind defender holds: at most 1
TIMED: Final = 4  # excluded cards of one draw level in a seat's hand: checked by level


class Unit(NamedTuple):
    cards: tuple[int, ...]
    value: int


class Atom(NamedTuple):
    """A unit (placed card by card) or a class of interchangeable cards (placed by counts).

    ``options`` are (effect, ways, placements): the sparse change to the state, the number
    of placements with that change, and for a unit the placements themselves (a slot per
    unseen card), for a class the count per slot.
    """

    cards: tuple[int, ...]
    is_class: bool
    options: list[tuple[tuple[tuple[int, int], ...], int, list[tuple[int, ...]]]]


class Plan(NamedTuple):
    """The atoms of a view and the state they change: ``coords`` are the (kind, bound) of each
    coordinate (the slot counts first); ``timed`` the draw layouts' levels (coordinates,
    fixed counts, draws) of each seat; ``req_at``, ``via_at``, ``both_at`` and ``via_shown``
    where each requirement's coordinates are (-1: none); ``base`` what the located units give
    every state; ``dead``: a located unit no real game allows."""

    atoms: list[Atom]
    coords: list[tuple[int, int]]
    timed: list[tuple[list[int], list[int], int]]
    req_at: list[int]
    via_at: list[list[int]]
    both_at: list[int]
    via_shown: list[list[int]]
    base: list[tuple[int, int]]
    dead: bool


def plan(problem: Problem, allowed: list[int], caps: list[int], reqs: list[Requirement]) -> Plan:
    """The atoms of ``problem`` and the coordinates of the programme's state; ``allowed`` (one
    mask per slot) loses the cards the draw layouts' timing rules out, in place."""
    coords: list[tuple[int, int]] = []  # (kind, bound) of each state coordinate
    timed: list[tuple[list[int], list[int], int]] = []  # (coords, fixed, draws)
    view = problem.view
    rules = view.rules
    facts = problem.facts
    unknown = problem.unknown
    m = len(caps)
    # coordinates: the count per slot, then per requirement its value and vias
    for cap in caps:
        coords.append((COUNT, cap))
    req_at: list[int] = []
    via_at: list[list[int]] = []
    both_at: list[int] = []
    for r in reqs:
        req_at.append(len(coords))
        coords.append((SUM, r.need))
        vias = []
        for _ in r.via:
            vias.append(len(coords))
            coords.append((MAX, r.need))
        via_at.append(vias)
        if len(r.via) == 2:
            both_at.append(len(coords))
            coords.append((MAX, r.need))
        else:
            both_at.append(-1)
    # a blind defender's shown cards
    shown_at: dict[int, int] = {}
    shown = facts.shown
    if shown and any(facts.gave_blind):
        for i, slot in enumerate(problem.slots):
            if slot.seat is not None and facts.gave_blind[slot.seat]:
                shown_at[i] = len(coords)
                coords.append((SHOWN, 1))
    via_shown = [[shown_at.get(slot, -1) for slot, _ in r.via] for r in reqs]
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
            lows = first_draws(problem, s)
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
                    allowed[i] &= ~(1 << c)
            placed = {c: lo for c, lo in placed.items() if lo <= k}
            levels = []
            for level in range(1, k + 1):
                low_at[i, level] = len(coords)
                levels.append(len(coords))
                coords.append((TIMED, 0))
            timed.append((levels, fixed, k))
            lows_of[i] = placed
    # the units: each marriage and the four aces, when something needs them
    units: list[Unit] = []
    need_aces = bool(facts.no_aces) and not geo.stock
    if reqs:
        for suit, worth in enumerate(rules.marriage_values):
            units.append(Unit(tuple(bits(3 << (suit * 6 + QUEEN))), worth))
        if rules.ace_marriage is not None:
            units.append(Unit(tuple(bits(ACES)), rules.ace_marriage))
            need_aces = False
    if need_aces:
        units.append(Unit(tuple(bits(ACES)), 0))
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

    atoms: list[Atom] = []
    tied = 0
    aces = tuple(bits(ACES))
    base: list[tuple[int, int]] = []  # what the located units give every state
    dead = False  # a located unit no real game allows
    for unit in units:
        free = [c for c in unit.cards if unknown >> c & 1]
        options: dict[tuple[tuple[int, int], ...], list[tuple[int, ...]]] = {}
        choices = [[i for i in range(m) if allowed[i] >> c & 1] for c in free]
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
                if unit_inside(unit.cards, where, r):
                    eff[req_at[k_]] = eff.get(req_at[k_], 0) + unit.value
                elif r.via:
                    got = unit_via(unit.cards, where, r)
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
                dead = True
            for key in options:
                base += list(key)
            continue
        if matters:
            atoms.append(
                Atom(tuple(free), False, [(k, len(p), p) for k, p in sorted(options.items())])
            )
            for c in free:
                tied |= 1 << c
    # the other cards a constraint names, by classes of interchangeable cards
    singles: dict[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], list[int]] = {}
    for c in bits(unknown & ~tied):
        signature = tuple((i, tuple(card_effect(c, i))) for i in range(m) if allowed[i] >> c & 1)
        if any(len(e) > 1 for _, e in signature):
            singles.setdefault(signature, []).append(c)
    for signature, cards in sorted(singles.items(), key=lambda kv: kv[1]):
        targets = [i for i, _ in signature]
        effects = dict(signature)
        class_options: list[tuple[tuple[tuple[int, int], ...], int, list[tuple[int, ...]]]]
        class_options = []
        for counts in compositions(len(cards), len(targets)):
            eff2: dict[int, int] = {}
            for i, k in zip(targets, counts, strict=True):
                for j, v in effects[i]:
                    eff2[j] = eff2.get(j, 0) + v * k
            per_slot = [0] * m
            for i, k in zip(targets, counts, strict=True):
                per_slot[i] = k
            ways = multinomial(len(cards), counts)
            class_options.append((tuple(sorted(eff2.items())), ways, [tuple(per_slot)]))
        atoms.insert(0, Atom(tuple(cards), True, class_options))
    return Plan(atoms, coords, timed, req_at, via_at, both_at, via_shown, base, dead)


def compositions(n: int, k: int) -> list[tuple[int, ...]]:
    """Every way to write ``n`` as an ordered sum of ``k`` counts (0 allowed)."""
    if k == 1:
        return [(n,)]
    out: list[tuple[int, ...]] = []
    for first in range(n + 1):
        for rest in compositions(n - first, k - 1):
            out.append((first, *rest))
    return out


def multinomial(n: int, counts: Sequence[int]) -> int:
    out = 1
    left = n
    for k in counts:
        out *= comb(left, k)
        left -= k
    return out
