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
cards excluded before a draw) are grouped into classes of interchangeable cards (these
*atoms* are :mod:`tysiac._info.atoms`'s, the constraints :mod:`tysiac._info.requirements`'s);
every other unseen card is *loose*: nothing but the slot sizes ties it.  The units and
classes are placed one after another by a dynamic programme whose state summarises what the
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

from .._rules.options import Layout
from .._vocab.masks import bits
from .atoms import MAX, SHOWN, SUM, Atom, plan
from .placements import count, pick, sample
from .problem import Problem, card_mask
from .requirements import late_cards, requirements

__all__ = [
    "Joint",
]


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
        self._refine()
        reqs = requirements(problem)
        self.requirements = reqs
        built = plan(problem, self.allowed, self.caps, reqs)
        atoms = built.atoms
        self._coords = built.coords
        self._timed = built.timed
        self._req_at = built.req_at
        self._via_at = built.via_at
        self._both_at = built.both_at
        self._via_shown = built.via_shown
        self._base = built.base
        self._dead = built.dead
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
            late = late_cards(problem, decl) & card_mask(view.musik)
            for i, slot in enumerate(problem.slots):
                if slot.seat == decl:
                    self.allowed[i] &= ~late

    # -- counting ---------------------------------------------------------------------------
    #
    # A state of the programme is a *summary* (the coordinates after the slot counts) with,
    # for each summary, the number of ways to reach each vector of slot counts.  A vector of
    # counts is packed in one int as the room left in each slot, a 6-bit field per slot with
    # its top bit set: taking cards from a field that has too little room clears that bit.

    def _count(self, atoms: list[Atom]) -> None:
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
            if kind == MAX:
                if v > out[j]:
                    out[j] = min(v, bound)
            elif kind == SUM:
                out[j] = min(out[j] + v, bound)
            else:
                out[j] += v
                if kind == SHOWN and out[j] > bound:
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
