"""The solver's search (private): the exact value of a trick-play position, every card open.

A position's value is what one side still takes from it: the card points of the tricks it
wins, the marriages it declares, the leftover cards of the two-player layouts when it takes
the last trick, and what a claim gives the declarer.  The *max side* is the declarer (or, in
the draw game, the seat the solve is asked about); every other seat plays, together, to make
the value as small as possible.

The search plays the engine's own rules on its integer form (:mod:`tysiac._engine.trickrules`
for the cards a seat may play, the trick's winner and the declarations; the claim test of
:mod:`tysiac._engine.claim`), with:

- alpha-beta, fail-soft, driven by null-window tests (MTD(f): :meth:`Tree.exact`);
- a transposition table at the start of each trick, keyed on every hand, the leader, the
  trump and the stock's position (everything the rest of the deal depends on: the cards
  already played follow from the hands), holding a lower and an upper bound and the best
  lead; it holds at most :data:`TABLE_LIMIT` positions and is emptied when full;
- bounds before searching a trick: the points still in play (and the marriages the max side
  may still declare) above, what the max side can take for certain below;
- move ordering: the table's best lead first, then cards that declare, then cards that win
  the trick, the richest first when the max side wins, the poorest when it loses.

No two cards of the pack are worth the same points, so two cards that are equivalent for
taking tricks (adjacent in rank, held by one seat) still change the score by which trick each
ends in: the search keeps both (merging them is exact only for equal points).
"""

from __future__ import annotations

from typing import Final

from .._engine.claim import claim_line, outstanding
from .._engine.trickrules import (
    can_meld_on_someone,
    trick_winner,
)
from .._errors import SearchLimit
from .._rules.flags import PlayFlags
from .._vocab.masks import (
    ABOVE,
    ACE,
    ACES,
    KING,
    MARRIAGE_BITS,
    PAIR_MASK,
    QUEEN,
    SUIT_MASK,
    mask_points,
)

__all__ = [
    "INFINITE",
    "TABLE_LIMIT",
    "Tree",
]

#: The most trick-start positions one :class:`Tree` keeps in its transposition table; when
#: it is full it is emptied (the values stay exact; only time is lost).  About 100 bytes a
#: position: some 30 MB at the limit.
TABLE_LIMIT: Final = 1 << 18

#: Above any value (card points and marriages are far below it).
INFINITE: Final = 1 << 30

#: The card points of each card, by index.
POINTS: Final = tuple((0, 2, 3, 4, 10, 11)[c % 6] for c in range(24))

# a table entry: the lower bound, the upper bound (16 bits each), then the best lead (card + 1)
_BOUND_BITS: Final = 16
_BOUND_MASK: Final = (1 << _BOUND_BITS) - 1
# A table key fits a machine word.  Without a stock every card stays with the seat it was
# dealt to (or given to before the play), so the cards still held, the leader and the trump
# say everything; with a stock (two players) both hands, its position, the leader and the
# trump.


class Tree:
    """One deal's trick play, searched from the position last :meth:`load`-ed.

    The rules, the seats, the max side, the stock and the leftover cards are fixed when the
    tree is made; :meth:`load` sets a position of that deal (a sampled world is another deal:
    make another tree).
    """

    def __init__(
        self,
        f: PlayFlags,
        seats: tuple[tuple[int, ...], ...],
        maxers: int,
        declarer: int,
        marriage_values: tuple[int, ...],
        leftover: int,
        discards: int,
        stock: tuple[int, ...],
    ) -> None:
        """Args:
        f: the rules' play flags.
        seats: by the trick's leader, the seats of a trick in the order they play.
        maxers: the max side, one bit per seat.
        declarer: the declarer, or -1 (the draw game: no claims).
        marriage_values: by suit the marriages' values, then the ace marriage's.
        leftover: the cards that go to the last trick's winner (two-player layouts).
        discards: the declarer's discards (for the claim test's outstanding cards).
        stock: the stock when the position is loaded, next card first.
        """
        self.f = f
        self.seats = seats
        self.maxers = maxers
        self.declarer = declarer
        self.values = marriage_values
        self.leftover = leftover
        self.leftover_points = mask_points(leftover)
        self.discards = discards
        self.stock = stock
        self.active = f.active
        self.claims = f.claim and declarer >= 0
        self.auto_claim = f.auto_claim and declarer >= 0
        self.free_while_stock = f.free_while_stock
        # the play options, read at every node: native attributes, not the flags' tuple
        self.must_beat = f.must_beat
        self.must_trump = f.must_trump
        self.trump_when_cannot_overtrump = f.trump_when_cannot_overtrump
        self.play_highest = f.play_highest
        self.overtrump_declarer = f.overtrump_declarer and declarer >= 0
        # the declarer's partner (partnerships) plays with it: never made to overtrump it
        self.declarer_partner = f.partners[declarer] if declarer >= 0 else -1
        self.meld_first_trick = f.meld_first_trick
        self.queen_only = f.queen_only
        self.optional = f.optional
        self.trump_next = f.trump_next
        self.on_someone = f.on_someone
        self.aces_declare = f.ace_marriage
        self.marriage_sums = f.marriage_sums
        # (a sitter, holding no card, is on the min side: it changes nothing)
        self.max_seats = tuple(s for s in range(len(seats)) if maxers >> s & 1)
        self.all_seats = tuple(range(len(seats)))
        # the last trick is played out without a search, but for an optional declaration
        # "on someone", a choice of the seat
        self.plain_last = not (f.on_someone and f.optional)
        # every seat's hand, as native ints (a list would box each new hand)
        self.h0 = 0
        self.h1 = 0
        self.h2 = 0
        self.h3 = 0
        self.seat_count = len(seats)
        self.held = 0  # the cards in the hands
        # what _bounds and _groups find, read by their callers (no tuple to allocate)
        self.low = 0
        self.high = 0
        self.group1 = 0
        self.group2 = 0
        # the current trick: its cards in slots, how many, and the card winning it so far
        self.c0 = 0
        self.c1 = 0
        self.c2 = 0
        self.c3 = 0
        self.points = 0  # the card points in the trick
        self.count = 0
        self.win = -1
        self.win_pos = 0
        self.leader = 0
        self.trump = -1
        self.pending = -1
        self.spos = 0
        self.first = False
        self.table: dict[int, int] = {}
        self.nodes = 0
        self.limit = -1  # the most nodes a search may visit (-1: no limit)
        self.best = -1  # the last turn's best card (-1: none, or a claim)

    def load(
        self,
        hands: tuple[int, ...],
        trick: tuple[int, ...],
        leader: int,
        trump: int,
        pending: int,
        first: bool,
    ) -> None:
        """Set the position: every hand, the current trick, its leader, the trump and the
        trump declared for the next trick (-1: none), and whether no trick was taken yet."""
        held = 0
        for seat in range(len(hands)):
            self._set(seat, hands[seat])
            held |= hands[seat]
        self.held = held
        points = 0
        for k in range(len(trick)):
            self._put(k, trick[k])
            points += POINTS[trick[k]]
        self.points = points
        self.count = len(trick)
        self.win_pos = trick_winner(trick, trump) if trick else 0
        self.win = trick[self.win_pos] if trick else -1
        self.leader = leader
        self.trump = trump
        self.pending = pending
        self.spos = 0
        self.first = first

    def _hand(self, seat: int) -> int:
        if seat == 0:
            return self.h0
        if seat == 1:
            return self.h1
        if seat == 2:
            return self.h2
        return self.h3

    def _set(self, seat: int, hand: int) -> None:
        if seat == 0:
            self.h0 = hand
        elif seat == 1:
            self.h1 = hand
        elif seat == 2:
            self.h2 = hand
        else:
            self.h3 = hand

    def _card(self, k: int) -> int:
        """The trick's ``k``-th card."""
        if k == 0:
            return self.c0
        if k == 1:
            return self.c1
        if k == 2:
            return self.c2
        return self.c3

    def _put(self, k: int, card: int) -> None:
        if k == 0:
            self.c0 = card
        elif k == 1:
            self.c1 = card
        elif k == 2:
            self.c2 = card
        else:
            self.c3 = card

    def _others(self, p: int) -> int:
        """The cards the seats other than ``p`` hold."""
        return self.held & ~self._hand(p)

    # --- the drivers ---------------------------------------------------------------------

    def exact(self, guess: int) -> int:
        """The loaded position's value (what the max side still takes): null-window tests,
        the first at ``guess`` (as MTD(f)), then halving the interval the bounds leave (the
        values span a few hundred points: a handful of tests)."""
        lower = 0
        upper = self._ceiling()
        beta = guess if guess > lower else lower + 1
        if beta > upper:
            beta = upper
        while lower < upper:
            g = self.search(beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
            beta = (lower + upper + 1) // 2
        return lower

    def _ceiling(self) -> int:
        """Above the loaded position's value: every point left, every marriage."""
        left = self.held
        for k in range(self.count):
            left |= 1 << self._card(k)
        stock = self.stock
        for k in range(self.spos, len(stock)):
            left |= 1 << stock[k]
        total = mask_points(left) + self.leftover_points
        for v in self.values:
            total += v
        return total

    def at_least(self, bound: int) -> bool:
        """Whether the loaded position's value is at least ``bound`` (one null-window test)."""
        return self.search(bound - 1, bound) >= bound

    def search(self, alpha: int, beta: int) -> int:
        """The value of the loaded position, fail-soft within ``(alpha, beta)``: above
        ``alpha`` and below ``beta`` it is exact, else a bound on that side."""
        if not self.count:
            return self._start(alpha, beta)
        return self._turn(alpha, beta, -1)

    # --- the search ----------------------------------------------------------------------

    def _start(self, alpha: int, beta: int) -> int:
        """A trick's start: the last trick played out, or the table, the bounds, the claim,
        then the leader's turn."""
        self.nodes += 1
        if self.nodes > self.limit >= 0:
            raise SearchLimit
        if (
            self._hand(self.leader).bit_count() == 1
            and self.spos >= len(self.stock)
            and self.plain_last
        ):
            return self._last()
        if self.stock:
            key = self.h0 | self.h1 << 24 | self.spos << 48 | self.leader << 53
            key |= (self.trump + 1) << 55
        else:
            key = self.held | self.leader << 24 | (self.trump + 1) << 26
        entry = self.table.get(key)
        hint = -1
        lower = 0
        upper = INFINITE
        if entry is not None:
            lower = entry & _BOUND_MASK
            upper = entry >> _BOUND_BITS & _BOUND_MASK
            hint = (entry >> (2 * _BOUND_BITS)) - 1
            if lower >= beta or lower >= upper:
                return lower
            if upper <= alpha:
                return upper
        else:  # a new position: its bounds before any search (kept in its entry after)
            self._bounds()
            lower = self.low
            upper = self.high
            if lower >= beta or lower >= upper or upper <= alpha:
                if len(self.table) >= TABLE_LIMIT:
                    self.table.clear()
                self.table[key] = lower | upper << _BOUND_BITS
                return lower if lower >= beta or lower >= upper else upper
        a = alpha if alpha > lower else lower
        b = beta if beta < upper else upper
        value = self._turn(a, b, hint)
        if value <= a:
            if value < upper:
                upper = value
        elif value >= b:
            if value > lower:
                lower = value
        else:
            lower = upper = value
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
        self.table[key] = lower | upper << _BOUND_BITS | (self.best + 1) << (2 * _BOUND_BITS)
        return value

    def _last(self) -> int:
        """The last trick, every seat holding one card: played out (a king may still declare
        "on someone", automatically: see ``plain_last``), its winner taking it and the
        leftover."""
        f = self.f
        seats = self.seats[self.leader]
        trick: tuple[int, ...] = ()
        trump = self.trump
        gain = 0
        for seat in seats:
            card = self._hand(seat).bit_length() - 1
            if f.on_someone and trick and can_meld_on_someone(trick, card, self.first, f):
                if self.maxers >> seat & 1:  # declared automatically
                    gain += self.values[card // 6]
                if not f.trump_next:
                    trump = card // 6
            trick = trick + (card,)  # noqa: RUF005
        w = seats[trick_winner(trick, trump)]
        if self.maxers >> w & 1:
            for c in trick:
                gain += POINTS[c]
            gain += self.leftover_points
        return gain

    def _bounds(self) -> None:
        """At a trick's start: what the max side takes for certain (``low``), and at most
        (``high``).

        Above: every point left, the leftover, and the marriages the max side may still
        declare.  Both sides: the *quick tricks* of the seat on lead, its cards above every
        card any other seat holds in the suit, led one after another: each wins while every
        other seat (its own side's too) still follows the suit or holds no trump, so the
        leader keeps the lead.
        Their points are the max side's for certain, or never.
        """
        values = self.values
        remaining = self.held
        stock = self.stock
        if self.spos < len(stock):
            for k in range(self.spos, len(stock)):
                remaining |= 1 << stock[k]
            upper = mask_points(remaining) + self.leftover_points
            # cards still to draw may complete a marriage or the four aces in any hand
            upper += self.marriage_sums[_suits(remaining >> QUEEN & remaining >> KING)]
            if remaining & ACES == ACES and self.aces_declare:
                upper += values[4]
            self.low = 0
            self.high = upper
            return
        upper = mask_points(remaining) + self.leftover_points
        held = 0
        kings = 0
        for seat in self.max_seats:
            h = self._hand(seat)
            held |= h >> QUEEN & h >> KING
            kings |= h
            if self.aces_declare and h & ACES == ACES:
                upper += values[4]
        if self.on_someone:  # a king declares on the queen played just before it
            held |= kings >> KING & remaining >> QUEEN
            self.low = 0
            self.high = upper + self.marriage_sums[_suits(held)]
            return
        upper += self.marriage_sums[_suits(held)]
        leader = self.leader
        side = self.maxers >> leader & 1
        # a quick trick is the leader's own: above every card any other seat holds in the
        # suit, and not trumped by any of them, its partners included (a partner made to
        # beat or to trump would take the lead, and the leads after it would not be certain)
        theirs = self._others(leader)
        hand = self._hand(leader)
        # a king or queen led from a marriage in hand may declare and change the trump,
        # which would spoil the later leads: such cards are left out
        pairs = hand >> QUEEN & hand >> KING & MARRIAGE_BITS
        cashable = hand & ~(pairs << QUEEN | pairs << KING)
        trump = self.trump
        trumps = SUIT_MASK[trump] if trump >= 0 else 0
        quick = 0
        for suit in range(4):
            suit_mask = SUIT_MASK[suit]
            highest = (theirs & suit_mask).bit_length()
            tops = (cashable & suit_mask) >> highest << highest
            if not tops:
                continue
            follows = 24  # how many leads of the suit every other seat with trumps follows
            if trumps and suit != trump:
                for seat in self.all_seats:
                    if seat == leader:
                        continue
                    h = self._hand(seat)
                    if h & trumps:
                        count = (h & suit_mask).bit_count()
                        if count < follows:
                            follows = count
            while tops and follows > 0:
                card = tops.bit_length() - 1
                quick += POINTS[card]
                tops ^= 1 << card
                follows -= 1
        if not side:
            self.low = 0
            self.high = upper - quick
            return
        self.high = upper
        if pairs and not self.auto_claim and (quick or not self.first or self.meld_first_trick):
            # the quick tricks, then a marriage led: declared (an automatic claim on the way
            # might not count it)
            best = 0
            for suit in range(4):
                if pairs >> (suit * 6) & 1 and values[suit] > best:
                    best = values[suit]
            self.low = quick + best
            return
        self.low = quick

    def _turn(self, alpha: int, beta: int, hint: int) -> int:
        """The seat to move plays each of its cards (and declares where it may), in the
        order of :meth:`_groups`."""
        count = self.count
        p = self.seats[self.leader][count]
        hand = self._hand(p)
        maxing = self.maxers >> p & 1 == 1
        if not count or (self.free_while_stock and self.spos < len(self.stock)):
            mask = hand
        else:
            mask = self._legal(hand)
        best = -INFINITE if maxing else INFINITE
        if not count and self.claims and p == self.declarer and self.spos >= len(self.stock):
            claimed = self._claim_value()
            if claimed >= 0:
                best = claimed
                if best > alpha:
                    alpha = best
                if alpha >= beta:
                    self.best = -1
                    return best
        best_card = -1
        self._groups(mask, p, maxing)
        first_group = self.group1
        second_group = self.group2
        if hint >= 0 and mask >> hint & 1:
            first_group &= ~(1 << hint)
            second_group &= ~(1 << hint)
        else:
            hint = -1
        # the hint, then the first group high cards first, then the second low cards first
        for group in range(3):
            if group == 0:
                m = 1 << hint if hint >= 0 else 0
            elif group == 1:
                m = first_group
            else:
                m = second_group
            high = group < 2
            while m:
                if high:
                    card = m.bit_length() - 1
                else:
                    card = (m & -m).bit_length() - 1
                m ^= 1 << card
                can = self._declares(hand, card)
                both = can and self.optional  # the plain play, then the declaring one
                for option in range(2 if both else 1):
                    value = self._play(p, card, option == 1 if both else can, alpha, beta)
                    if maxing:
                        if value > best:
                            best = value
                            best_card = card
                            if value > alpha:
                                alpha = value
                                if alpha >= beta:
                                    self.best = card
                                    return best
                    elif value < best:
                        best = value
                        best_card = card
                        if value < beta:
                            beta = value
                            if alpha >= beta:
                                self.best = card
                                return best
        self.best = best_card
        return best

    def _legal(self, hand: int) -> int:
        """The cards of ``hand`` that may follow to the trick: the engine's rule
        (:func:`~tysiac._engine.trickrules.play_mask`), on the trick's winning card."""
        led = self.c0 // 6
        win = self.win
        trump = self.trump
        follow = hand & SUIT_MASK[led]
        if follow:
            if self.must_beat and win // 6 == led:
                up = follow & ABOVE[win]
                if up and self.play_highest:
                    return 1 << (up.bit_length() - 1)
                return up or follow
            return follow
        if (
            self.overtrump_declarer
            and win // 6 == trump
            and self.seats[self.leader][self.win_pos] == self.declarer
            and self.seats[self.leader][self.count] != self.declarer_partner
        ):
            # a defender (the declarer has played) overtrumps the declarer's trump if it can
            up = hand & ABOVE[win]
            if up:
                return 1 << (up.bit_length() - 1) if self.play_highest else up
        if self.must_trump and trump >= 0:
            trumps = hand & SUIT_MASK[trump]
            if trumps:
                if self.play_highest:
                    top = 1 << (trumps.bit_length() - 1)
                    if win // 6 != trump or top > 1 << win or not self.must_beat:
                        return top
                    return top if self.trump_when_cannot_overtrump else hand
                if win // 6 != trump:
                    return trumps
                up = trumps & ABOVE[win] if self.must_beat else trumps
                if up:
                    return up
                return trumps if self.trump_when_cannot_overtrump else hand
        return hand

    def _declares(self, hand: int, card: int) -> bool:
        """Whether playing ``card`` from ``hand`` now declares (or, optionally, may declare)
        a marriage or the ace marriage (the engine's rules, in
        :mod:`~tysiac._engine.trickrules`)."""
        if self.first and not self.meld_first_trick:
            return False
        rank = card % 6
        if not self.count:
            if rank == QUEEN or (rank == KING and not self.queen_only):
                pair = PAIR_MASK[card // 6]
                return hand & pair == pair
            return rank == ACE and self.aces_declare and hand & ACES == ACES
        if self.on_someone:
            prev = self._card(self.count - 1)
            return prev % 6 == QUEEN and card == prev + 1
        return False

    def _groups(self, mask: int, p: int, maxing: bool) -> None:
        """The cards of ``mask`` in two groups to try in turn (``group1``, tried high cards
        first, then ``group2``, low cards first; within a suit points rise with rank).  On
        a lead the top cards of their suits, then the rest; on a follow, when the seat's
        side wins the trick so far, the cards that do not beat it (richest first: points
        for the side), then the winners; otherwise the winners (richest first), then the
        rest (poorest first)."""
        if not self.count:
            others = self._others(p)
            top = 0
            for suit_mask in SUIT_MASK:
                mine = mask & suit_mask
                if mine and (others & suit_mask).bit_length() < mine.bit_length():
                    top |= 1 << (mine.bit_length() - 1)
            self.group1 = top
            self.group2 = mask & ~top
            return
        win = self.win
        trump = self.trump
        seat = self.seats[self.leader][self.win_pos]
        ours = (self.maxers >> seat & 1 == 1) == maxing
        beat = mask & ABOVE[win]
        if win // 6 != trump and trump >= 0:
            beat |= mask & SUIT_MASK[trump]
        if ours:
            self.group1 = mask & ~beat
            self.group2 = beat
        else:
            self.group1 = beat
            self.group2 = mask & ~beat

    def _play(self, p: int, card: int, meld: bool, alpha: int, beta: int) -> int:
        """The value after seat ``p`` plays ``card`` (declaring when ``meld``), its gains
        included; the position is restored before returning."""
        hand = self._hand(p)
        self._set(p, hand ^ (1 << card))
        self.held ^= 1 << card
        trump = self.trump
        pending = self.pending
        win = self.win
        win_pos = self.win_pos
        count = self.count
        gain = 0
        rewin = False
        if meld:
            if card % 6 == ACE:
                if self.maxers >> p & 1:
                    gain = self.values[4]
            else:
                suit = card // 6
                if self.maxers >> p & 1:
                    gain = self.values[suit]
                if self.trump_next:
                    self.pending = suit
                elif suit != trump:
                    self.trump = suit
                    rewin = count > 0  # "on someone": the trick's winner under the new trump
        self._put(count, card)
        points = self.points
        self.points = points + POINTS[card]
        if not count:
            self.win = card
            self.win_pos = 0
        elif rewin:
            self._rewin(count + 1)
        elif (card // 6 == win // 6 and card > win) or (
            card // 6 == self.trump and win // 6 != self.trump
        ):
            self.win = card
            self.win_pos = count
        self.count = count + 1
        if count + 1 < self.active:
            value = gain + self._turn(alpha - gain, beta - gain, -1)
        else:
            value = gain + self._close(alpha - gain, beta - gain)
        self.count = count
        self.points = points
        self.win = win
        self.win_pos = win_pos
        self.trump = trump
        self.pending = pending
        self._set(p, hand)
        self.held ^= 1 << card
        return value

    def _rewin(self, count: int) -> None:
        """The winning card of the trick's first ``count`` cards, under the current trump
        (the engine's :func:`~tysiac._engine.trickrules.trick_winner`)."""
        trump = self.trump
        win = self.c0
        pos = 0
        for k in range(1, count):
            c = self._card(k)
            if c // 6 == win // 6:
                if c > win:
                    win = c
                    pos = k
            elif c // 6 == trump:
                win = c
                pos = k
        self.win = win
        self.win_pos = pos

    def _close(self, alpha: int, beta: int) -> int:
        """The value once the trick is complete: its winner takes it (and draws first from
        the stock), then the next trick, the end of the deal or a claim."""
        leader = self.leader
        seats = self.seats
        w = seats[leader][self.win_pos]
        points = self.points
        gain = points if self.maxers >> w & 1 else 0
        trump = self.trump
        pending = self.pending
        first = self.first
        spos = self.spos
        win = self.win
        win_pos = self.win_pos
        if pending >= 0:
            self.trump = pending
            self.pending = -1
        stock = self.stock
        drawn = spos < len(stock)
        if drawn:  # the winner draws first, then the others in turn
            k = spos
            for seat in seats[w]:
                self._set(seat, self._hand(seat) | 1 << stock[k])
                self.held |= 1 << stock[k]
                k += 1
            self.spos = k
        if not self._hand(w):  # that was the last trick
            if self.maxers >> w & 1:
                gain += self.leftover_points
            value = gain
        else:
            self.leader = w
            self.count = 0
            self.first = False
            claimed = -1
            if self.auto_claim and w == self.declarer and self.spos >= len(stock):
                claimed = self._claim_value()
            if claimed >= 0:
                value = gain + claimed
            else:
                # the next trick fills the slots: this trick's cards come back after
                c0 = self.c0
                c1 = self.c1
                c2 = self.c2
                c3 = self.c3
                self.points = 0
                value = gain + self._start(alpha - gain, beta - gain)
                self.c0 = c0
                self.c1 = c1
                self.c2 = c2
                self.c3 = c3
                self.points = points
            self.leader = leader
            self.count = self.active
        if drawn:
            k = spos
            for seat in seats[w]:
                self._set(seat, self._hand(seat) ^ 1 << stock[k])
                self.held ^= 1 << stock[k]
                k += 1
        self.spos = spos
        self.trump = trump
        self.pending = pending
        self.first = first
        self.win = win
        self.win_pos = win_pos
        return value

    def _claim_value(self) -> int:
        """With the declarer on lead: what a claim gives it (every card left, the leftover,
        the marriages of its certain line), or -1 when it has no certain line."""
        decl = self.declarer
        hand = self._hand(decl)
        remaining = self.held
        # the cards played: every card neither in a hand nor put away
        played = ~remaining & ~self.leftover & ((1 << 24) - 1)
        out = outstanding(hand, (played,), self.discards)
        line = claim_line(self.f, hand, out, self.trump, self.first)
        if line is None:
            return -1
        value = mask_points(remaining) + self.leftover_points
        values = self.values
        for card, declares in line:
            if declares:
                value += values[4] if card % 6 == ACE else values[card // 6]
        return value


def _suits(pairs: int) -> int:
    """The 4-bit set of suits whose bit ``suit * 6`` is set in ``pairs``."""
    return (pairs & 1) | (pairs >> 5 & 2) | (pairs >> 10 & 4) | (pairs >> 15 & 8)
