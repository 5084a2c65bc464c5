"""The claim (*wykładanie*): is the declarer certain to take every remaining trick?

"Certain" is judged on what the declarer knows, never on the others' actual hands: the test
sees the declarer's own hand and the set of *outstanding* cards (every card that is neither
in that hand, nor played, nor put away by the declarer) and nothing else, so its answer and
its running time depend on the declarer's view only.

The test looks for a *line*: an order in which the declarer leads its cards, declaring every
marriage it holds on the way (and the ace marriage, with all four aces), that wins every
trick whoever holds the outstanding cards and however they play.  It plays that line against
a pessimistic model of the others: each lead of a suit removes only the *lowest* outstanding
card of that suit (the holder keeps the high ones), and nothing else leaves the outstanding
set.  Under the trick rules everyone must
follow suit, so the real outstanding cards of a suit are always a subset of the model's top
ones, and a lead that wins in the model wins at the table:

- a trump lead wins when it beats every outstanding trump;
- any other lead wins when no trump is outstanding and it beats every outstanding card of
  its suit;
- in the four-player all-play layout an outstanding king and queen of one suit could be
  declared "on someone" mid-trick, so no claim is offered while such a pair is out.

The search over lead orders is memoised and bounded (:data:`NODE_LIMIT` positions): it may
miss a certain claim (one that needs the others' shown voids, or a line that changes the
trump to draw a suit), but it never offers one that can fail.  See the rules page,
section 9 "The claim".
"""

from __future__ import annotations

from typing import Final

from .._rules.flags import PlayFlags
from .._vocab.masks import ACE, ACES, FULL, KING, QUEEN, SUIT_MASK, marriage_bits

__all__ = [
    "NODE_LIMIT",
    "Line",
    "claim_line",
    "outstanding",
]

#: The most positions one claim test examines before it gives up (and offers no claim).
NODE_LIMIT: Final = 200

#: A line: the declarer's leads in order, as ``(card index, declares a marriage)``.
Line = tuple[tuple[int, bool], ...]


def outstanding(hand: int, taken: tuple[int, ...], discards: int) -> int:
    """The cards the declarer cannot place outside the others' hands: neither in ``hand``,
    nor taken in a trick, nor put away by the declarer (``discards``)."""
    gone = hand | discards
    for pile in taken:
        gone |= pile
    return FULL & ~gone


def _top(mask: int) -> int:
    """The highest card of ``mask`` (which holds cards of one suit), or -1."""
    return mask.bit_length() - 1


def claim_line(f: PlayFlags, hand: int, out: int, trump: int, first: bool) -> Line | None:
    """A line that takes every trick, as ``(card, declares)`` leads, or None.

    Args:
        f: the play options.
        hand: the declarer's hand (a mask), on lead with an empty trick.
        out: the outstanding cards (see :func:`outstanding`).
        trump: the trump suit, -1 for none.
        first: whether the next trick is the deal's first.
    """
    for suit_mask in SUIT_MASK:
        # every suit's first lead must beat all its outstanding cards (implied by the model:
        # a suit's outstanding cards leave only when that suit is led); compared by their
        # highest bits, as _top() would, without its calls (most tests end here)
        mine = hand & suit_mask
        if mine and (out & suit_mask).bit_length() > mine.bit_length():
            return None
    if f.on_someone:
        pairs = marriage_bits(out)
        if pairs and (f.meld_first_trick or not first or hand.bit_count() > 1):
            return None
    if not marriage_bits(hand) and not (f.ace_marriage and hand & ACES == ACES):
        return _plain_line(hand, out, trump)  # nothing to declare: no search needed
    return _Search(f).run(hand, out, trump, first)


def _plain_line(hand: int, out: int, trump: int) -> Line | None:
    """The search's line for a hand that has nothing to declare, found without searching.

    With no marriage the trump never changes, and a lead that wins keeps every later lead
    winning that did before (it takes only the lowest outstanding card of its suit), so the
    search never backtracks where a line exists: it leads, at each trick, the first suit's
    top card (in suit order; only trumps while a trump is outstanding) that wins.  This
    does the same, trick by trick, and fails where none wins.
    """
    line: list[tuple[int, bool]] = []
    while hand:
        trumps_out = out & SUIT_MASK[trump] if trump >= 0 else 0
        for suit_mask in SUIT_MASK:
            mine = hand & suit_mask
            if not mine or (trumps_out and suit_mask != SUIT_MASK[trump]):
                continue  # a plain lead loses to an outstanding trump
            card = mine.bit_length() - 1
            suit_out = out & suit_mask
            if suit_out.bit_length() <= card:  # it beats every outstanding card of its suit
                break
        else:
            return None
        line.append((card, False))
        hand ^= 1 << card
        out ^= suit_out & -suit_out  # the model: the lowest card of the suit falls
    return tuple(line)


class _Search:
    __slots__ = ("f", "failed", "nodes")

    def __init__(self, f: PlayFlags) -> None:
        self.f = f
        self.failed: set[tuple[int, int]] = set()
        self.nodes = 0

    def run(self, hand: int, out: int, trump: int, first: bool) -> Line | None:
        if not hand:
            return ()
        key = (hand, trump)  # the outstanding cards follow from the hand left
        if key in self.failed:
            return None
        self.nodes += 1
        if self.nodes > NODE_LIMIT:
            return None
        f = self.f
        may_meld = f.meld_first_trick or not first
        trumps_out = out & SUIT_MASK[trump] if trump >= 0 else 0
        for card, declares in self._candidates(hand, may_meld, trumps_out, trump):
            suit = card // 6
            this_trump, next_trump = trump, trump
            if declares and card % 6 != ACE:  # the ace marriage names no trump
                next_trump = suit
                if not f.trump_next:
                    this_trump = suit
            suit_out = out & SUIT_MASK[suit]
            if suit == this_trump:
                wins = suit_out.bit_length() <= card  # _top(suit_out) < card
            else:
                no_trump_out = this_trump < 0 or not out & SUIT_MASK[this_trump]
                wins = no_trump_out and suit_out.bit_length() <= card
            if not wins:
                continue
            rest = self.run(hand ^ 1 << card, out ^ (suit_out & -suit_out), next_trump, False)
            if rest is not None:
                return ((card, declares), *rest)
        self.failed.add(key)
        return None

    def _candidates(
        self, hand: int, may_meld: bool, trumps_out: int, trump: int
    ) -> list[tuple[int, bool]]:
        """The leads worth trying: per suit its top card, and the cards that declare."""
        f = self.f
        plain: list[tuple[int, bool]] = []  # plain winners first: they never change the trump
        melds: list[tuple[int, bool]] = []  # (nor does the ace marriage); then the marriages
        # all four aces: the first ace led declares the ace marriage; leading one where it
        # may not be declared would waste it (every suit's top card is then its ace)
        aces = f.ace_marriage and hand & ACES == ACES
        if aces and not may_meld:
            return plain
        for suit in range(4):
            mine = hand & SUIT_MASK[suit]
            if not mine:
                continue
            base = suit * 6
            pair = mine >> (base + QUEEN) & 3 == 3
            if trumps_out and suit != trump and not (pair and may_meld and not f.trump_next):
                continue  # a plain lead loses to an outstanding trump
            top = _top(mine)
            if pair:
                if may_meld:
                    melds.append((base + QUEEN, True))
                    if not f.queen_only:
                        melds.append((base + KING, True))
                # leading a half without declaring would waste the marriage
                if top != base + QUEEN and top != base + KING:
                    plain.append((top, aces))
            else:
                plain.append((top, aces))
        return plain + melds if melds else plain
