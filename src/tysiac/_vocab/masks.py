"""The engine's integer card tables: masks by suit and rank, bit lists and card points.

A card is its index ``suit * SUIT_SIZE + rank`` (0..23: ranks 9 J Q K 10 A are 0..5, suits
♠ ♣ ♦ ♥ 0..3) and a set of cards a 24-bit mask with bit ``index`` set, so a suit's cards are
six adjacent bits (see :mod:`tysiac._vocab.cards`, which re-exports these names).  This
module holds only ints and tuples of ints, so that the compiled build compiles it with the
engine (the card classes stay pure: see the contributor page, "Two builds").
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ABOVE",
    "ACE",
    "ACES",
    "ACE_MARRIAGE",
    "BIT",
    "BITS_HIGH",
    "BITS_LOW",
    "FULL",
    "KING",
    "NINE",
    "PAIR_MASK",
    "QUEEN",
    "RANK_MASK",
    "SUIT_MASK",
    "SUIT_POINTS",
    "bits",
    "mask_points",
]

#: The cards of one suit: a card's suit is ``index // SUIT_SIZE``, its rank ``index % SUIT_SIZE``.
SUIT_SIZE: Final = 6
#: The ranks, as numbers (a card's index is ``suit * SUIT_SIZE + rank``).
NINE: Final = 0
JACK: Final = 1
QUEEN: Final = 2
KING: Final = 3
TEN: Final = 4
ACE: Final = 5
#: The mask of all 24 cards.
FULL: Final = (1 << 24) - 1
#: Each card's bit, by index: a lookup, where ``1 << card`` would make a new int in Python
#: for most cards.
BIT: Final = tuple(1 << card for card in range(24))
#: Mask of every card of a suit, indexed by suit.
SUIT_MASK: Final = tuple(0x3F << (6 * s) for s in range(4))
#: Mask of the cards of the same suit that beat card ``i``.
ABOVE: Final = tuple(FULL & ~((1 << (i + 1)) - 1) & SUIT_MASK[i // 6] for i in range(24))
#: Mask of all cards of one rank, indexed by rank.
RANK_MASK: Final = tuple(sum(1 << (s * 6 + r) for s in range(4)) for r in range(6))
#: Mask of the king and queen of a suit, indexed by suit.
PAIR_MASK: Final = tuple((1 << (s * 6 + 2)) | (1 << (s * 6 + 3)) for s in range(4))
#: The ranks of a marriage, as rank bits: ``MARRIAGE_RANKS >> rank & 1`` for a queen or king.
MARRIAGE_RANKS: Final = 1 << QUEEN | 1 << KING
#: Bit ``suit * SUIT_SIZE`` of every suit: where :func:`marriage_bits` marks a marriage.
MARRIAGE_BITS: Final = 0x041041
#: The card points of one suit's cards, indexed by their 6-bit rank mask (9 J Q K 10 A).
SUIT_POINTS: Final = tuple(
    sum((0, 2, 3, 4, 10, 11)[r] for r in range(6) if k >> r & 1) for k in range(64)
)
#: The four aces, as a mask.
ACES: Final = RANK_MASK[ACE]
#: The code of the ace marriage in the engine's list of declarations, ``(seat, code)``
#: beside the marriages' ``(seat, suit)``: it names no suit (the rules, section 15).
ACE_MARRIAGE: Final = 4


#: ``BITS_LOW[m]``: the card indexes (0..11) in the 12-bit mask ``m``, ascending.
BITS_LOW: Final = tuple(tuple(c for c in range(12) if m >> c & 1) for m in range(4096))
#: ``BITS_HIGH[m]``: the card indexes (12..23) in ``mask >> 12 == m``, ascending.
BITS_HIGH: Final = tuple(tuple(c + 12 for c in low) for low in BITS_LOW)


def bits(mask: int) -> list[int]:
    """The card indexes in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_points(mask: int) -> int:
    """The card points of the cards in ``mask``."""
    return (
        SUIT_POINTS[mask & 63]
        + SUIT_POINTS[mask >> 6 & 63]
        + SUIT_POINTS[mask >> 12 & 63]
        + SUIT_POINTS[mask >> 18]
    )


def marriage_bits(hand: int) -> int:
    """Bit ``suit * SUIT_SIZE`` set for every suit whose queen and king are both in ``hand``
    (the queen's bit shifted down by :data:`QUEEN`, and-ed with the king's by :data:`KING`)."""
    return hand >> QUEEN & hand >> KING & MARRIAGE_BITS


def marriage_suits(hand: int) -> int:
    """The suits whose queen and king are both in ``hand``, as a 4-bit set (bit ``suit``)."""
    pairs = hand >> QUEEN & hand >> KING & MARRIAGE_BITS
    return (pairs & 1) | (pairs >> 5 & 2) | (pairs >> 10 & 4) | (pairs >> 15 & 8)
