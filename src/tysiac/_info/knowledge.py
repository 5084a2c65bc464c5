"""What one seat knows about where the unseen cards are: voids, proofs, hidden piles.

Everything here is computed from what the seat's :class:`~tysiac.View` holds (its hand, the
deal's moves as it saw them, the musik it saw, its own discards and draws, the declared
marriages), never from the state: so it cannot leak.  The scan replays the deal's visible
moves and collects, per other seat, the cards it is *proven* to hold (a marriage partner it
declared, a card this seat gave it) and the cards it is *excluded* from holding (a void shown
by failing to follow or to trump, a failure to beat where beating is forced, a marriage card
led without declaring under automatic declaration).  A declared ace marriage proves the other
three aces in the leader's hand.  A final counting step removes every place that no placement
of the right sizes can use (Hall's condition on the slots).  This module holds what the scan
gives (:class:`Facts`, :class:`Pile`, :class:`HiddenPile`); the scan itself is
:func:`~tysiac._info.inference.scan`, compiled in the compiled build.

See the docs' page "Information sets and search" for what is and is not covered: the
per-card sets ignore the few constraints that tie cards together (a bid above 120 needs a
marriage behind it; a defender holds at most one card of a shown musik; an ace led without
declaring the ace marriage where it is automatic proves that the leader lacked one of the
other three, known per card only when it held or played the other two); ``sample_world``
honours those as well (``Facts.no_aces``).
"""

from __future__ import annotations

import enum
from typing import NamedTuple

import attrs

from .._vocab.cards import Card, mask_cards

__all__ = [
    "Facts",
    "HiddenPile",
    "Pile",
    "pile_view",
]


class Pile(enum.Enum):
    """A face-down pile of cards that is not in anybody's hand."""

    MUSIK = "musik"
    """The musik of the three-handed layouts, before the declarer takes it."""
    MUSIK_0 = "musik-0"
    """The first of the two musiks of the two-player layouts (until it is taken)."""
    MUSIK_1 = "musik-1"
    """The second of the two musiks of the two-player layouts (until it is taken)."""
    DISCARDS = "discards"
    """The cards the declarer put away (two-player layouts)."""
    STOCK = "stock"
    """The stock of the draw layouts."""

    def __repr__(self) -> str:
        return f"Pile.{self.name}"

    def __str__(self) -> str:
        return self.__repr__()


@attrs.frozen(slots=True, repr=False)
class HiddenPile:
    """One face-down pile and what a seat knows of it.

    Attributes:
        pile: which pile.
        size: how many cards it holds.
        possible: the cards that may lie in it (exactly its cards when the seat knows them,
            as a declarer knows its own discards).
    """

    pile: Pile
    size: int
    possible: frozenset[Card]

    def __repr__(self) -> str:
        cards = " ".join(str(c) for c in sorted(self.possible))
        return f"HiddenPile({self.pile!r}, size={self.size}, possible={cards!r})"


class Facts(NamedTuple):
    """The result of :func:`scan` (masks of card indexes)."""

    possible: tuple[int, ...]  # per seat
    piles: tuple[tuple[Pile, int, int], ...]  # (pile, size, possible mask)
    proven: tuple[int, ...]  # per seat: cards it is known to hold (other seats only)
    excluded: tuple[int, ...]  # per seat: cards it cannot hold now
    played: tuple[int, ...]  # per seat: cards it played this deal
    shown: int  # the musik cards every seat saw (3 players: taken by the declarer)
    received: tuple[int, ...]  # per seat: cards this seat gave it / it was given (known)
    gave_blind: tuple[int, ...]  # per seat: 1 if it received a card this seat did not see
    timed: tuple[tuple[int, int, int], ...]  # draw layouts: (seat, draw count, excluded mask)
    proofs: tuple[tuple[int, int, int], ...]  # draw layouts: (seat, draw count, card held)
    draws: tuple[int, ...]  # draw layouts: draws made by each seat
    # (seat, draw count): an ace it led without declaring the ace marriage where it had to:
    # it did not hold all four aces then (a constraint on the aces together)
    no_aces: tuple[tuple[int, int], ...]
    won: tuple[int, ...] = ()  # per seat: the tricks it won this deal
    top_bid: tuple[int, ...] = ()  # per seat: the highest amount it bid (0: none)


def pile_view(piles: tuple[tuple[Pile, int, int], ...]) -> tuple[HiddenPile, ...]:
    """The public form of the piles of :class:`Facts`."""
    return tuple(HiddenPile(p, size, frozenset(mask_cards(mask))) for p, size, mask in piles)
