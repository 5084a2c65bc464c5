"""The earlier lean reference loop: the yardstick of the first speed figures.

The same deal as ``lean_playout.py`` (no auction: a random seat declares, takes the musik
and gives one random card to each opponent; then 8 tricks of random legal cards with
marriages), written more loosely: the legal cards and the trick's winner are found by
scanning the trick for each card, and a trick is a list.  It is slower than
``lean_playout.py``, so ratios against it are higher (``NOTES.md`` beside this file has
figures against both).

Run by itself: ``python benchmarks/lean_playout_earlier.py [DEALS]``; as the yardstick of
``speed.py``: ``python benchmarks/speed.py --lean benchmarks/lean_playout_earlier.py``.
"""

from __future__ import annotations

import random
import sys
import time

POINTS = [0, 2, 3, 4, 10, 11]  # 9 J Q K 10 A
MELD = [40, 60, 80, 100]  # spades clubs diamonds hearts
SUIT = [0x3F << (6 * s) for s in range(4)]
ABOVE = [((1 << 24) - 1) & ~((1 << (c + 1)) - 1) & SUIT[c // 6] for c in range(24)]
CARDPTS = [POINTS[c % 6] for c in range(24)]


def bits(m: int) -> list[int]:
    """The cards of mask ``m``, lowest first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def legal(hand: int, trick: list[int], trump: int | None) -> int:
    """The cards of ``hand`` that may be played to ``trick``."""
    if not trick:
        return hand
    led = trick[0] // 6
    win = trick[0]
    for c in trick[1:]:
        if c // 6 == win // 6:
            if c > win:
                win = c
        elif trump is not None and c // 6 == trump:
            win = c
    follow = hand & SUIT[led]
    if follow:
        if win // 6 == led:
            up = follow & ABOVE[win]
            return up or follow
        return follow
    if trump is not None:
        tr = hand & SUIT[trump]
        if tr:
            if win // 6 == trump:
                up = tr & ABOVE[win]
                return up or tr
            return tr
    return hand


def winner_index(trick: list[int], trump: int | None) -> int:
    """The position in ``trick`` of the winning card."""
    win, wi = trick[0], 0
    for i, c in enumerate(trick[1:], 1):
        if c // 6 == win // 6:
            if c > win:
                win, wi = c, i
        elif trump is not None and c // 6 == trump:
            win, wi = c, i
    return wi


def playout(rng: random.Random) -> list[int]:
    """Play one random deal; each seat's card points and marriages."""
    deck = list(range(24))
    rng.shuffle(deck)
    hands = [0, 0, 0]
    for i in range(21):
        hands[i % 3] |= 1 << deck[i]
    decl = rng.randrange(3)
    for c in deck[21:]:
        hands[decl] |= 1 << c
    for k in (1, 2):
        c = rng.choice(bits(hands[decl]))
        hands[decl] ^= 1 << c
        hands[(decl + k) % 3] |= 1 << c
    pts = [0, 0, 0]
    trump = None
    leader = decl
    for t in range(8):
        trick: list[int] = []
        for k in range(3):
            p = (leader + k) % 3
            m = legal(hands[p], trick, trump)
            c = rng.choice(bits(m))
            if k == 0 and t > 0 and c % 6 in (2, 3):
                pair = (1 << (c // 6 * 6 + 2)) | (1 << (c // 6 * 6 + 3))
                if hands[p] & pair == pair:
                    trump = c // 6
                    pts[p] += MELD[trump]
            hands[p] ^= 1 << c
            trick.append(c)
        w = (leader + winner_index(trick, trump)) % 3
        pts[w] += CARDPTS[trick[0]] + CARDPTS[trick[1]] + CARDPTS[trick[2]]
        leader = w
    return pts


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    rng = random.Random(1)
    t0 = time.perf_counter()
    for _ in range(n):
        playout(rng)
    dt = time.perf_counter() - t0
    print(f"{n / dt:.0f} deals/s  ({dt / n * 1e6:.1f} us/deal)")
