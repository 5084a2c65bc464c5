"""The seeded card generator and the deal itself.

Deals must be the same on every Python version, so the shuffle does not use
:mod:`random`.  The generator is SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit
counter advanced by the golden-ratio constant and passed through a fixed mixing
function.  Deal ``k`` (from 1) of a game with seed ``s`` starts its own stream at
``mix(s + k * GOLDEN)``; its first two outputs make one 128-bit number ``x`` (the first
output in the high half).  The 24 card indexes ``0..23`` are then shuffled with a
Fisher–Yates pass from the top: for ``i`` from 23 down to 1, ``x, j = divmod(x, i + 1)``
and cards ``i`` and ``j`` swap places.  That reads ``x`` as a mixed-radix number, so each
of the 24! orders has probability within ``24! / 2**128`` (below ``2**-48``) of uniform.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "GOLDEN",
    "MASK64",
    "mix64",
    "shuffled_deck",
    "splitmix64",
]

MASK64: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15


def mix64(z: int) -> int:
    """SplitMix64's output function: a bijection of 64-bit integers."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def splitmix64(state: int, count: int) -> list[int]:
    """The first ``count`` outputs of SplitMix64 started at ``state``."""
    out = []
    for _ in range(count):
        state = (state + GOLDEN) & MASK64
        out.append(mix64(state))
    return out


def shuffled_deck(seed: int, deal_number: int) -> tuple[int, ...]:
    """The 24 card indexes in the order dealt for deal ``deal_number`` of game ``seed``."""
    # splitmix64(mix64(...), 2), inlined: this runs once a deal
    z = (seed + deal_number * GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    state = (z ^ (z >> 31)) + GOLDEN & MASK64
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    first = z ^ (z >> 31)
    state = (state + GOLDEN) & MASK64
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    x = first << 64 | z ^ (z >> 31)
    deck = list(range(24))
    # the mixed-radix digits of x, four at a time: one division of the big number per group
    for m, radices in _GROUPS:
        rest = x % m
        x //= m
        for i in radices:
            j = rest % (i + 1)
            rest //= i + 1
            card = deck[i]
            deck[i] = deck[j]
            deck[j] = card
    return tuple(deck)


def _groups() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The Fisher–Yates positions 23..1 in groups of four, with the product of their radices."""
    out = []
    positions = list(range(23, 0, -1))
    for k in range(0, len(positions), 4):
        group = tuple(positions[k : k + 4])
        m = 1
        for i in group:
            m *= i + 1
        out.append((m, group))
    return tuple(out)


_GROUPS: Final = _groups()
