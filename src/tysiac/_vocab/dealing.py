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

from typing import Final, cast

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
    if _NATIVE:
        return _native_deck(seed, deal_number)
    # splitmix64(mix64(seed + deal_number * GOLDEN), 2), inlined
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
    deck = list(_IDENTITY)
    # the mixed-radix digits of x, four at a time: one division of the big number per group
    for m, i1, r1, i2, r2, i3, r3, i4, r4 in _GROUPS:
        rest = x % m
        x //= m
        j = rest % r1
        rest //= r1
        deck[i1], deck[j] = deck[j], deck[i1]
        j = rest % r2
        rest //= r2
        deck[i2], deck[j] = deck[j], deck[i2]
        j = rest % r3
        rest //= r3
        deck[i3], deck[j] = deck[j], deck[i3]
        j = rest % r4
        deck[i4], deck[j] = deck[j], deck[i4]
    return tuple(deck)


# The compiled build's path: the same numbers, each 64-bit word in three limbs (bits 0-21,
# 22-43 and 44-63), so that every intermediate value, products included, stays a machine
# integer of the compiled code instead of an allocated big one.  In Python the path above
# is the faster one.

_M22: Final = (1 << 22) - 1
_M20: Final = (1 << 20) - 1
#: GOLDEN and SplitMix64's two multipliers, in limbs.
_G: Final = (GOLDEN & _M22, GOLDEN >> 22 & _M22, GOLDEN >> 44)
_A0: Final = 0xBF58476D1CE4E5B9 & _M22
_A1: Final = 0xBF58476D1CE4E5B9 >> 22 & _M22
_A2: Final = 0xBF58476D1CE4E5B9 >> 44
_B0: Final = 0x94D049BB133111EB & _M22
_B1: Final = 0x94D049BB133111EB >> 22 & _M22
_B2: Final = 0x94D049BB133111EB >> 44
#: The products of the Fisher–Yates radices 24..19, 18..12 and 11..2 (each below 2**28).
_LIMB_GROUPS: Final = (96909120, 160392960, 39916800)
#: The cards in index order, the deck before its shuffle.
_IDENTITY: Final = tuple(range(24))


def _native_deck(seed: int, deal_number: int) -> tuple[int, ...]:
    """:func:`shuffled_deck`, on limbs."""
    g0, g1, g2 = _G
    d0, d1, d2 = _limb_mul(
        deal_number & _M22, deal_number >> 22 & _M22, deal_number >> 44 & _M20, g0, g1, g2
    )
    s0, s1, s2 = _limb_add(seed & _M22, seed >> 22 & _M22, seed >> 44 & _M20, d0, d1, d2)
    s0, s1, s2 = _limb_mix(s0, s1, s2)
    s0, s1, s2 = _limb_add(s0, s1, s2, g0, g1, g2)
    a0, a1, a2 = _limb_mix(s0, s1, s2)  # the first output: x's high word
    s0, s1, s2 = _limb_add(s0, s1, s2, g0, g1, g2)
    b0, b1, b2 = _limb_mix(s0, s1, s2)  # the second: x's low word
    # x = a << 64 | b: its remainder by each group's product, by long division limb by limb
    a2, a1, a0, b2, b1, b0, first = _limb_divide(a2, a1, a0, b2, b1, b0, _LIMB_GROUPS[0])
    a2, a1, a0, b2, b1, b0, second = _limb_divide(a2, a1, a0, b2, b1, b0, _LIMB_GROUPS[1])
    third = _limb_divide(a2, a1, a0, b2, b1, b0, _LIMB_GROUPS[2])[6]
    deck: list[object] = list(_IDENTITY)  # the cards as objects: moved, never unboxed
    rest = first
    i = 23
    while i > 0:
        if i == 17:
            rest = second
        elif i == 10:
            rest = third
        j = rest % (i + 1)
        rest //= i + 1
        card = deck[i]
        deck[i] = deck[j]
        deck[j] = card
        i -= 1
    return cast("tuple[int, ...]", tuple(deck))


def _limb_divide(
    a2: int, a1: int, a0: int, b2: int, b1: int, b0: int, m: int
) -> tuple[int, int, int, int, int, int, int]:
    """The quotient (in limbs) and the remainder of ``a << 64 | b`` by ``m`` (below 2**28)."""
    t = a2
    a2 = t // m
    t = (t % m) << 22 | a1
    a1 = t // m
    t = (t % m) << 22 | a0
    a0 = t // m
    t = (t % m) << 20 | b2
    b2 = t // m
    t = (t % m) << 22 | b1
    b1 = t // m
    t = (t % m) << 22 | b0
    return a2, a1, a0, b2, b1, t // m, t % m


def _limb_mix(z0: int, z1: int, z2: int) -> tuple[int, int, int]:
    """:func:`mix64` of the word ``z0, z1, z2``, in limbs."""
    z0 ^= (z1 >> 8 | z2 << 14) & _M22  # z ^= z >> 30
    z1 ^= z2 >> 8
    z0, z1, z2 = _limb_mul(z0, z1, z2, _A0, _A1, _A2)
    z0 ^= (z1 >> 5 | z2 << 17) & _M22  # z ^= z >> 27
    z1 ^= z2 >> 5
    z0, z1, z2 = _limb_mul(z0, z1, z2, _B0, _B1, _B2)
    z0 ^= (z1 >> 9 | z2 << 13) & _M22  # z ^= z >> 31
    return z0, z1 ^ z2 >> 9, z2


def _limb_mul(z0: int, z1: int, z2: int, c0: int, c1: int, c2: int) -> tuple[int, int, int]:
    """The word ``z * c`` (mod 2**64), in limbs: products below 2**44, sums below 2**47."""
    t = z0 * c0
    r0 = t & _M22
    t = (t >> 22) + z0 * c1 + z1 * c0
    return r0, t & _M22, ((t >> 22) + z0 * c2 + z1 * c1 + z2 * c0) & _M20


def _limb_add(z0: int, z1: int, z2: int, c0: int, c1: int, c2: int) -> tuple[int, int, int]:
    """The word ``z + c`` (mod 2**64), in limbs."""
    t = z0 + c0
    r0 = t & _M22
    t = (t >> 22) + z1 + c1
    return r0, t & _M22, ((t >> 22) + z2 + c2) & _M20


def _groups() -> tuple[tuple[int, int, int, int, int, int, int, int, int], ...]:
    """The Fisher–Yates positions 23..1 in groups of four, each as the product of the
    group's radices, then each position with its radix (the last group ends with position 0
    and radix 1: a swap of card 0 with itself)."""
    out = []
    positions = [*range(23, 0, -1), 0]
    for k in range(0, len(positions), 4):
        group = [(i, i + 1 if i else 1) for i in positions[k : k + 4]]
        m = 1
        for _, radix in group:
            m *= radix
        (i1, r1), (i2, r2), (i3, r3), (i4, r4) = group
        out.append((m, i1, r1, i2, r2, i3, r3, i4, r4))
    return tuple(out)


_GROUPS: Final = _groups()
#: Whether this module is compiled (its functions are then built-in functions).
_NATIVE: Final = type(mix64).__name__ == "builtin_function_or_method"
