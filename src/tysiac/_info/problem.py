"""What the sampler needs from a view: the slots the unseen cards may go to, and the
bids that tie them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .._vocab.cards import Card
from .._vocab.moves import Bid
from .facts import facts_of
from .knowledge import Facts, Pile
from .views import View

__all__ = [
    "Problem",
    "Slot",
    "card_mask",
    "problem_of",
]


def card_mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


class Slot(NamedTuple):
    seat: int | None  # a hand, or None for a pile
    pile: Pile | None
    cap: int
    allowed: int


class Problem(NamedTuple):
    """Everything the sampler needs, from the view only."""

    view: View
    facts: Facts
    slots: tuple[Slot, ...]
    unknown: int
    bids: tuple[int, ...]  # the highest bid of each seat this deal (0: none)


def problem_of(view: View) -> Problem:
    rules = view.rules
    seat = view.seat
    facts = facts_of(view)
    slots: list[Slot] = []
    unknown = 0
    active = rules._play.active_seats[view.dealer]
    for s in active:
        if s == seat and (view.hand or not view.hand_sizes[s]):
            continue  # (a hand not looked at yet, under blind bidding, is unknown too)
        free = card_mask(view.possible[s]) & ~facts.proven[s]
        slots.append(Slot(s, None, view.hand_sizes[s] - facts.proven[s].bit_count(), free))
        unknown |= free
    for hp in view.possible_piles:
        if hp.pile is Pile.DISCARDS and seat == view.declarer:
            continue  # this seat's own discards: known
        m = card_mask(sorted(hp.possible))
        slots.append(Slot(None, hp.pile, hp.size, m))
        unknown |= m
    bids = [0] * rules.players
    forced = True
    for who, move in view.moves:
        if isinstance(move, Bid):
            if not forced:  # the forced opening bid needs no marriage, whatever its amount
                bids[who] = max(bids[who], move.amount)
            forced = False
    return Problem(view, facts, tuple(slots), unknown, tuple(bids))
