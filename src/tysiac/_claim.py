"""The claim (*wykładanie*): can the declarer take every remaining trick whatever the others do?

The check is exhaustive: the declarer leads every trick, so the search chooses the
declarer's lead (and, where declaration is optional, whether to declare) and then tries
*every* legal reply of every other player, declarations "on someone" included.  A claim
is sound when some line of the declarer wins every trick against all replies.  As at the
table, the claim is checked against the cards laid down: the others' actual hands.
Positions are memoised within one check only.
"""

from __future__ import annotations

from ._cards import SUIT_MASK, bits
from ._rules import PlayFlags
from ._state import State
from ._tables import active_seats
from ._trickrules import can_meld_on_lead, can_meld_on_someone, play_mask, trick_winner

__all__ = ["claimable"]


def claimable(s: State) -> bool:
    """Whether the declarer, on lead with no stock left, can take every remaining trick."""
    decl = s.declarer
    if decl is None or s._trick or s._stock or s.phase.value != "play":
        return False
    hands = s._hands
    own = hands[decl]
    others = 0
    for i, h in enumerate(hands):
        if i != decl:
            others |= h
    # A quick necessary condition: in every suit the declarer holds, their top card beats every
    # card of that suit the others hold.  (Otherwise the holder of the higher card keeps it and
    # beats the declarer's lead of that suit, or is made to play it earlier and wins that trick.)
    for suit_mask in SUIT_MASK:
        mine = own & suit_mask
        if mine and (others & suit_mask).bit_length() > mine.bit_length():
            return False
    f = s.rules._play
    trump = s._trump
    pair_held = own >> 2 & own >> 3 & 0x041041
    if (
        trump >= 0
        and not f.on_someone
        and not pair_held
        and not own & SUIT_MASK[trump]
        and others & SUIT_MASK[trump]
    ):
        # Another necessary condition: when the trump cannot change and the declarer holds
        # none, an opponent holding a trump keeps it and wins the trick of a suit it lacks (at
        # the latest the last trick, when the trump is its only card).
        return False
    no_new_trump = not f.on_someone and (f.optional or not pair_held)
    if no_new_trump and (trump < 0 or not others & SUIT_MASK[trump]):
        # A quick sufficient condition, when no marriage can change the trump: nobody else
        # holds a trump, and each of the declarer's cards beats every card of its suit.
        for suit_mask in SUIT_MASK:
            mine = own & suit_mask
            if mine and (mine & -mine).bit_length() < (others & suit_mask).bit_length():
                break
        else:
            return True
    seats = active_seats(s.rules.layout, s.dealer)
    k = seats.index(decl)
    order = seats[k:] + seats[:k]
    return _Search(f, order).lead(hands, trump, not any(s._taken))


class _Search:
    __slots__ = ("f", "memo", "order")

    def __init__(self, f: PlayFlags, order: tuple[int, ...]) -> None:
        self.f = f
        self.order = order
        self.memo: dict[tuple[tuple[int, ...], int, bool], bool] = {}

    def lead(self, hands: tuple[int, ...], trump: int, first: bool) -> bool:
        decl = self.order[0]
        own = hands[decl]
        if not own:
            return True
        key = (hands, trump, first)
        known = self.memo.get(key)
        if known is not None:
            return known
        f = self.f
        result = False
        for c in reversed(bits(own)):  # high cards first: sound lines are found sooner
            rest = list(hands)
            rest[decl] = own ^ (1 << c)
            after = tuple(rest)
            meld = can_meld_on_lead(own, c, first, f)
            for declare in (False, True) if meld and f.optional else (meld,):
                t, pending = trump, -1
                if declare:
                    if f.trump_next:
                        pending = c // 6
                    else:
                        t = c // 6
                if self.follow(1, (c,), after, t, pending, first):
                    result = True
                    break
            if result:
                break
        self.memo[key] = result
        return result

    def follow(
        self,
        k: int,
        trick: tuple[int, ...],
        hands: tuple[int, ...],
        trump: int,
        pending: int,
        first: bool,
    ) -> bool:
        if k == len(self.order):
            if trick_winner(trick, trump) != 0:
                return False
            return self.lead(hands, pending if pending >= 0 else trump, False)
        f = self.f
        seat = self.order[k]
        hand = hands[seat]
        for c in bits(play_mask(hand, trick, trump, f)):
            rest = list(hands)
            rest[seat] = hand ^ (1 << c)
            after = tuple(rest)
            meld = can_meld_on_someone(trick, c, first, f)
            for declare in (False, True) if meld and f.optional else (meld,):
                t, p = trump, pending
                if declare:
                    if f.trump_next:
                        p = c // 6
                    else:
                        t = c // 6
                if not self.follow(k + 1, (*trick, c), after, t, p, first):
                    return False
        return True
