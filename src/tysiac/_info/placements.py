"""Placements of unseen cards: counting, uniform sampling, and the deal's hidden history.

A *placement* puts every card the seat cannot locate into one *slot* (another seat's hand
or a face-down pile) that the seat's knowledge allows, each slot getting exactly its size.
Cards with the same allowed slots are interchangeable for counting: the number of
placements is a sum of multinomials over how many cards of each class go to each slot.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb

from .._vocab.masks import bits

__all__ = [
    "classes",
    "count",
    "pick",
    "sample",
]


def pick(weights: Sequence[int], rng: random.Random) -> int:
    """An index drawn with probability proportional to ``weights`` (exact, big ints)."""
    r = rng.randrange(sum(weights))
    for i, w in enumerate(weights):
        if r < w:
            return i
        r -= w
    raise AssertionError("unreachable: r < sum(weights)")


def classes(cards: int, allowed: Sequence[int]) -> list[tuple[int, int]]:
    """Group the cards of ``cards`` by the set of slots allowing them, as (slot set, cards)
    pairs: a bit set of slot numbers and a mask of cards."""
    groups: dict[int, int] = {}
    rest = cards
    while rest:
        low = rest & -rest
        rest ^= low
        key = 0
        for i, a in enumerate(allowed):
            if a & low:
                key |= 1 << i
        groups[key] = groups.get(key, 0) | low
    return sorted(groups.items())


def _ways(groups: list[tuple[int, int]], caps: tuple[int, ...], memo: dict[object, int]) -> int:
    """The number of placements of ``classes`` filling ``caps`` exactly."""
    key = (len(groups), caps)
    if key in memo:
        return memo[key]
    if not groups:
        result = 1 if not any(caps) else 0
    else:
        slots, cards = groups[0]
        result = 0
        for split, weight in _splits(slots, cards.bit_count(), caps):
            left = tuple(c - k for c, k in zip(caps, split, strict=True))
            result += weight * _ways(groups[1:], left, memo)
    memo[key] = result
    return result


def _splits(slots: int, n: int, caps: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    """Every way to share ``n`` distinguishable cards among the slots in ``slots`` within
    ``caps``, as (count per slot, number of card assignments)."""
    idx = [i for i in range(len(caps)) if slots >> i & 1]
    out: list[tuple[tuple[int, ...], int]] = []

    def rec(j: int, left: int, counts: list[int], weight: int) -> None:
        if j == len(idx) - 1:
            i = idx[j]
            if left <= caps[i]:
                counts[i] = left
                out.append((tuple(counts), weight))
                counts[i] = 0
            return
        i = idx[j]
        for k in range(min(left, caps[i]) + 1):
            counts[i] = k
            rec(j + 1, left - k, counts, weight * comb(left, k))
        counts[i] = 0

    if not idx:
        if n == 0:
            out.append(((0,) * len(caps), 1))
        return out
    rec(0, n, [0] * len(caps), 1)
    return out


def count(cards: int, allowed: Sequence[int], caps: Sequence[int]) -> int:
    """How many placements of ``cards`` fill the slots (``allowed`` masks, sizes ``caps``)."""
    if any(c < 0 for c in caps):
        return 0
    return _ways(classes(cards, allowed), tuple(caps), {})


def sample(
    cards: int, allowed: Sequence[int], caps: Sequence[int], rng: random.Random
) -> list[int] | None:
    """A uniformly random placement, as one mask per slot, or None when there is none."""
    if any(c < 0 for c in caps):
        return None
    groups = classes(cards, allowed)
    memo: dict[object, int] = {}
    left = tuple(caps)
    if _ways(groups, left, memo) == 0:
        return None
    out = [0] * len(caps)
    for k, (slots, mask) in enumerate(groups):
        rest = groups[k + 1 :]
        options = []
        for split, weight in _splits(slots, mask.bit_count(), left):
            after = tuple(c - x for c, x in zip(left, split, strict=True))
            w = weight * _ways(rest, after, memo)
            if w:
                options.append((w, split, after))
        _, split, after = options[pick([w for w, _, _ in options], rng)]
        members = bits(mask)
        rng.shuffle(members)
        pos = 0
        for i, k_ in enumerate(split):
            for c in members[pos : pos + k_]:
                out[i] |= 1 << c
            pos += k_
        left = after
    return out
