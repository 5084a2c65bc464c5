"""The lean reference loop: random card play of one 3-player deal, as bare as Python allows.

No auction: a random seat declares, takes the musik (3 cards) and gives one random card to
each opponent; then 8 tricks of random legal cards under the default trick rules (follow
suit and beat the winning card if possible; void: trump, over-trumping if possible) with
marriages declared by leading a king or queen whose partner is held, from the second trick
on.  Hands are mutable lists of 24-bit masks; nothing is checked, nothing is kept.  It is
the yardstick ``playouts.py`` measures the engine against: about the least work a
pure-Python engine must do per deal.

Run by itself: ``python benchmarks/lean_playout.py [DEALS]``.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Final

_POINTS: Final = (0, 2, 3, 4, 10, 11)  # 9 J Q K 10 A
_MARRIAGE: Final = (40, 60, 80, 100)  # spades clubs diamonds hearts
_SUIT: Final = tuple(0x3F << (6 * suit) for suit in range(4))
#: the cards of the same suit above card ``c``
_HIGHER: Final = tuple(_SUIT[c // 6] & ~((2 << c) - 1) for c in range(24))
_CARD_POINTS: Final = tuple(_POINTS[c % 6] for c in range(24))


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _beats(card: int, best: int, trump: int) -> bool:
    if card // 6 == best // 6:
        return card > best
    return card // 6 == trump


def _allowed(hand: int, led: int, best: int, trump: int) -> int:
    """The cards of ``hand`` that may follow: ``led`` was led, ``best`` is winning."""
    same = hand & _SUIT[led // 6]
    if same:
        if best // 6 == led // 6:
            return same & _HIGHER[best] or same
        return same
    if trump >= 0:
        trumps = hand & _SUIT[trump]
        if trumps:
            if best // 6 == trump:
                return trumps & _HIGHER[best] or trumps
            return trumps
    return hand


def playout(rng: random.Random) -> list[int]:
    """Play one random deal; return each seat's points (cards and marriages)."""
    deck = list(range(24))
    rng.shuffle(deck)
    hands = [0, 0, 0]
    for i, card in enumerate(deck[:21]):
        hands[i % 3] |= 1 << card
    declarer = rng.randrange(3)
    for card in deck[21:]:
        hands[declarer] |= 1 << card
    for step in (1, 2):
        card = rng.choice(_cards(hands[declarer]))
        hands[declarer] ^= 1 << card
        hands[(declarer + step) % 3] |= 1 << card
    points = [0, 0, 0]
    trump = -1
    leader = declarer
    for number in range(8):
        lead = rng.choice(_cards(hands[leader]))
        if number and lead % 6 in (2, 3):
            pair = 3 << (lead // 6 * 6 + 2)
            if hands[leader] & pair == pair:
                trump = lead // 6
                points[leader] += _MARRIAGE[trump]
        hands[leader] ^= 1 << lead
        best, winner, taken = lead, leader, _CARD_POINTS[lead]
        for step in (1, 2):
            seat = (leader + step) % 3
            card = rng.choice(_cards(_allowed(hands[seat], lead, best, trump)))
            hands[seat] ^= 1 << card
            taken += _CARD_POINTS[card]
            if _beats(card, best, trump):
                best, winner = card, seat
        points[winner] += taken
        leader = winner
    return points


def main(argv: list[str] | None = None) -> int:
    """Time ``DEALS`` playouts (default 20000) and print the rate."""
    args = sys.argv[1:] if argv is None else argv
    try:
        deals = int(args[0]) if args else 20000
    except ValueError:
        print(f"usage: lean_playout.py [DEALS]: {args[0]!r} is not a number", file=sys.stderr)
        return 2
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(deals):
        playout(rng)
    elapsed = time.perf_counter() - start
    print(f"{deals / elapsed:.0f} deals/s ({elapsed / deals * 1e6:.1f} us/deal)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
