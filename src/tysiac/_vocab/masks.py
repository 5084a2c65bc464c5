"""The engine's integer card tables: masks by suit and rank, bit lists and card points.

A card is its index ``suit * 6 + rank`` (0..23) and a set of cards a 24-bit mask (see
:mod:`tysiac._cards`, which re-exports these names).  This module holds only ints and
tuples of ints, so that the compiled build compiles it with the engine (the card classes
stay pure: see the performance page, "Two builds").
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ABOVE",
    "ACE",
    "ACES",
    "ACE_MARRIAGE",
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

FULL: Final = (1 << 24) - 1
#: Mask of every card of a suit, indexed by suit.
SUIT_MASK: Final = tuple(0x3F << (6 * s) for s in range(4))
#: Mask of the cards of the same suit that beat card ``i``.
ABOVE: Final = tuple(FULL & ~((1 << (i + 1)) - 1) & SUIT_MASK[i // 6] for i in range(24))
#: Mask of all cards of one rank, indexed by rank.
RANK_MASK: Final = tuple(sum(1 << (s * 6 + r) for s in range(4)) for r in range(6))
#: Mask of the king and queen of a suit, indexed by suit.
PAIR_MASK: Final = tuple((1 << (s * 6 + 2)) | (1 << (s * 6 + 3)) for s in range(4))
QUEEN: Final = 2
KING: Final = 3
ACE: Final = 5
#: The card points of one suit's cards, indexed by their 6-bit rank mask (9 J Q K 10 A).
SUIT_POINTS: Final = tuple(
    sum((0, 2, 3, 4, 10, 11)[r] for r in range(6) if k >> r & 1) for k in range(64)
)
#: The four aces, as a mask.
ACES: Final = RANK_MASK[ACE]
#: The code of the ace marriage in the engine's list of declarations, ``(seat, code)``
#: beside the marriages' ``(seat, suit)``: it names no suit (the rules, section 15).
ACE_MARRIAGE: Final = 4
NINE: Final = 0


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
