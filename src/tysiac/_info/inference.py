"""The knowledge scan: what one seat knows, from what its view holds (see
:mod:`~tysiac._info.knowledge` for what it finds and :class:`~tysiac._info.knowledge.Facts`
for its result).

Compiled in the compiled build (its result's types live in the pure ``knowledge`` module:
an enum, an attrs class and a named tuple); :attr:`View.possible <tysiac.View.possible>`,
the features and the sampler run it whenever they are asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .._engine.trickrules import trick_winner
from .._rules.flags import PlayFlags
from .._rules.layouts import GEOMETRY
from .._rules.options import Declaration, Layout
from .._rules.rules import Rules
from .._vocab.masks import ABOVE, ACE, ACES, BIT, FULL, KING, QUEEN, SUIT_MASK, bits
from .._vocab.movecodes import (
    AMOUNT_UNIT,
    BID_CODE,
    BLIND_CODE,
    CONCEALED_DISCARD,
    CONCEALED_GIVE,
    CONTRACT_CODE,
    GIVE_CODE,
    SEAT_BITS,
    SEAT_MASK,
)
from .knowledge import Facts, Pile

__all__ = [
    "forbidden",
    "scan",
]

_GIVE_END: Final = GIVE_CODE + 4 * 24
_DISCARD_END: Final = _GIVE_END + 24
_CHOOSE: Final = _DISCARD_END  # ChooseMusik(0); ChooseMusik(1) is the next kind
# names bound once (enum members and the result's class; see the contributor page)
_MUSIK: Final = Pile.MUSIK
_MUSIK_0: Final = Pile.MUSIK_0
_MUSIK_1: Final = Pile.MUSIK_1
_DISCARDS: Final = Pile.DISCARDS
_STOCK: Final = Pile.STOCK
_OPTIONAL: Final = Declaration.OPTIONAL
_THREE: Final = Layout.THREE
_FOUR_SITTER: Final = Layout.FOUR_SITTER
_TWO_CLASSIC: Final = Layout.TWO_CLASSIC
_TWO_MUSIKS_OF_THREE: Final = Layout.TWO_MUSIKS_OF_THREE
_FACTS: Final = Facts
_MAKE: Final = tuple.__new__
# the number of cards in each 12-bit half of a mask (int.bit_count is a generic method
# call in the compiled build)
_COUNT: Final = tuple([bin(m).count("1") for m in range(4096)])


def _card_count(mask: int) -> int:
    """The number of cards in ``mask``."""
    return _COUNT[mask & 0xFFF] + _COUNT[mask >> 12]


def forbidden(trick: Sequence[int], trump: int, card: int, f: PlayFlags, over: bool = False) -> int:
    """The cards a player cannot have held when it played ``card`` to ``trick``.

    The converse of :func:`~tysiac._engine.trickrules.play_mask`: the trick rules force a card of
    the led suit, a card beating the winning one, a trump; playing something else proves the
    hand held none.  ``over``: the winning card is the declarer's and the player a defender
    (the rule ``overtrump_declarer``).
    """
    if not trick:
        return 0
    win = trick[trick_winner(tuple(trick), trump)]
    return _forbidden(trick[0] // 6, win, trump, card, f, over)


def _forbidden(led: int, win: int, trump: int, card: int, f: PlayFlags, over: bool) -> int:
    """:func:`forbidden` of a trick whose led suit is ``led`` and winning card ``win``."""
    if card // 6 == led:
        if f.must_beat and win // 6 == led:
            if card < win:
                return ABOVE[win]
            if f.play_highest:
                return ABOVE[card]  # it beat the trick: with its highest card of the suit
        return 0
    out = SUIT_MASK[led]
    if over and f.overtrump_declarer and win // 6 == trump:
        # a defender made to overtrump the declarer's trump when it can (Decision 24)
        if card // 6 == trump and card > win:
            return out | ABOVE[card] if f.play_highest else out
        out |= ABOVE[win]  # it could not: the other rules then bound it
    if f.must_trump and trump >= 0:
        if card // 6 == trump:
            if win // 6 == trump and f.must_beat and card < win:
                out |= ABOVE[win]
                if f.play_highest and f.trump_when_cannot_overtrump:
                    out |= ABOVE[card]  # made to trump: with its highest trump
            elif f.play_highest:
                out |= ABOVE[card]  # its highest trump
        elif win // 6 != trump or f.trump_when_cannot_overtrump or not f.must_beat:
            out |= SUIT_MASK[trump]
        else:
            out |= ABOVE[win]
    return out


def scan(
    rules: Rules,
    seat: int,
    dealer: int,
    declarer: int | None,
    hand: int,
    codes: tuple[int, ...],
    musik: int,
    discards: int,
    hand_sizes: tuple[int, ...],
    marriages: tuple[tuple[int, int], ...],
    stock_size: int,
    ace_marriage: int | None = None,
) -> Facts:
    """What ``seat`` knows (see the module docstring); all arguments come from its view.

    Args:
        rules: the rules.
        seat: the seat whose knowledge this is.
        dealer: the dealer of the deal.
        declarer: the declarer, if known.
        hand: the seat's hand (mask).
        codes: the codes of the deal's moves as the seat saw them, oldest first (see
            :mod:`tysiac._vocab.movecodes`; hidden ones as concealed codes).
        musik: the musik cards the seat saw (mask).
        discards: the cards the seat put away (mask).
        hand_sizes: every seat's hand size.
        marriages: the declared marriages, as ``(seat, suit)``.
        stock_size: cards left in the stock.
        ace_marriage: the seat that declared the ace marriage, if any.
    """
    f = rules._play
    layout = rules.layout
    geo = GEOMETRY[layout]
    n = rules.players
    active = f.active_seats[dealer]
    nxt = f.next_seat[dealer]
    seats_of = f.trick_seats[dealer]  # by the trick's leader: its seats in playing order
    proven = [0] * n
    excluded = [0] * n
    played = [0] * n
    received = [0] * n
    gave_blind = [0] * n
    draws = [0] * n
    won = [0] * n
    top_bid = [0] * n
    timed: list[tuple[int, int, int]] = []
    proofs: list[tuple[int, int, int]] = []
    no_aces: list[tuple[int, int]] = []
    aces_led = 0  # the seats that have played an ace (then they never hold all four)
    optional = rules.declaration is _OPTIONAL
    stock = geo.stock
    trick: list[int] = []
    leader = -1
    win = wpos = -1  # the trick's winning card so far and its position (trick_winner's rule)
    trump = pending = -1
    ptr = 0
    chosen: int | None = None
    put_away = 0
    # the flags the loop reads, bound once
    free_while_stock = f.free_while_stock
    meld_first_trick = f.meld_first_trick
    queen_only = f.queen_only
    on_someone = f.on_someone
    aces_count = f.ace_marriage
    trump_next = f.trump_next
    per_trick = f.active
    overtrump = f.overtrump_declarer and declarer is not None
    decl = -1 if declarer is None else declarer  # (ints compare natively when compiled)
    ace_seat = -1 if ace_marriage is None else ace_marriage
    # a card of the led suit that beats the trick, or that need not, proves nothing unless
    # the highest play is forced: that common case skips the call to _forbidden
    must_beat = f.must_beat
    plain_follow = not must_beat or not f.play_highest
    no_free = not free_while_stock
    watch = no_free or stock <= 0  # whether the trick rules bind the plays now
    melds = meld_first_trick  # whether a lead may declare now (not in the first trick)
    led = -1
    pos = 0  # the cards played to the trick so far
    prev = -1  # the last of them
    for code in codes:
        who = code & SEAT_MASK
        kind = code >> SEAT_BITS
        if kind < GIVE_CODE:  # a play, plain or declaring
            c = kind % 24
            suit = c // 6
            bit = BIT[c]
            if pos == 0:  # a lead
                leader = who
                led = suit
                rank = c - 6 * suit
                if QUEEN <= rank <= KING:  # a queen or a king (adjacent ranks): a marriage card
                    if melds and (rank == QUEEN or not queen_only):
                        if ptr < len(marriages) and marriages[ptr] == (who, suit):
                            ptr += 1
                            if who != seat:  # the partner is proven in the leader's hand
                                partner = c + 1 if rank == QUEEN else c - 1
                                proven[who] = proven[who] | 1 << partner
                                proofs.append((who, draws[who], partner))
                            if trump_next:
                                pending = suit
                            else:
                                trump = suit
                        elif not optional and who != seat:
                            partner = c + 1 if rank == QUEEN else c - 1
                            excluded[who] = excluded[who] | 1 << partner
                elif rank == ACE and aces_count and not aces_led >> who & 1:
                    aces_led |= 1 << who
                    if melds:  # the first ace a seat plays declares the ace marriage, if any
                        if who == ace_seat:
                            if who != seat:  # the other three aces are proven in its hand
                                for ace in bits(ACES & ~bit):
                                    proven[who] = proven[who] | 1 << ace
                                    proofs.append((who, draws[who], ace))
                        elif not optional and who != seat:
                            no_aces.append((who, draws[who]))
                win = c
                wpos = 0
            else:
                if (
                    watch
                    and who != seat
                    and not (
                        suit == led
                        and plain_follow
                        and (c > win or not must_beat or win // 6 != led)
                    )
                ):
                    over = False
                    if overtrump and win // 6 == trump and suit != led:
                        # the winning card's seat is the declarer's, and who plays defends
                        over = seats_of[leader][wpos] == decl and who != f.partners[decl]
                    excluded[who] = excluded[who] | _forbidden(led, win, trump, c, f, over)
                if (
                    on_someone
                    and prev == c - 1
                    and c - 6 * suit == KING
                    and melds
                    and ptr < len(marriages)
                    and marriages[ptr] == (who, suit)
                ):  # a king on its queen: the marriage declared "on someone"
                    ptr += 1
                    if trump_next:
                        pending = suit
                    else:  # a new trump within the trick: the cards so far, again
                        trump = suit
                        wpos = trick_winner(tuple(trick), trump)
                        win = trick[wpos]
                elif aces_count and c - 6 * suit == ACE:
                    aces_led |= 1 << who
                if suit == win // 6:
                    if c > win:
                        win = c
                        wpos = pos
                elif suit == trump:
                    win = c
                    wpos = pos
            played[who] = played[who] | bit
            if proven[who] & bit:
                proven[who] = proven[who] ^ bit
            trick.append(c)
            pos += 1
            prev = c
            if pos == per_trick:
                w = seats_of[leader][wpos]
                won[w] = won[w] + 1
                trick = []
                pos = 0
                melds = True
                if pending >= 0:
                    trump, pending = pending, -1
                if stock:
                    s = w
                    for _ in range(per_trick):
                        draws[s] = draws[s] + 1
                        if s != seat and excluded[s]:
                            # a card excluded before a draw may have been drawn since
                            timed.append((s, draws[s], excluded[s] & ~played[s]))
                            excluded[s] = 0
                        s = nxt[s]
                    stock -= per_trick
                    watch = no_free or stock <= 0
        elif kind < _GIVE_END:
            to = (kind - GIVE_CODE) // 24
            c = (kind - GIVE_CODE) % 24
            received[to] = received[to] | 1 << c
            if to != seat:
                proven[to] = proven[to] | 1 << c
        elif kind < _DISCARD_END or kind == CONCEALED_DISCARD:
            put_away += 1
        elif kind == _CHOOSE or kind == _CHOOSE + 1:
            chosen = kind - _CHOOSE
        elif CONCEALED_GIVE <= kind < CONCEALED_DISCARD:  # a card given that it did not see
            to = kind - CONCEALED_GIVE
            if to < n:
                gave_blind[to] = 1
        elif BID_CODE <= kind < CONTRACT_CODE or BLIND_CODE <= kind < CONCEALED_GIVE:
            amount = (kind - (BID_CODE if kind < CONTRACT_CODE else BLIND_CODE)) * AMOUNT_UNIT
            if amount > top_bid[who]:
                top_bid[who] = amount
    if not geo.stock:  # hands only shrink in play: what a seat holds or played later, it held
        for who, _ in no_aces:
            rest = ACES & ~proven[who] & ~played[who]
            if rest and (rest & (rest - 1)) == 0:  # the one ace it can have lacked
                excluded[who] = excluded[who] | rest
    known = hand | discards
    for s in range(n):  # (a seat's own cards are never among its proofs)
        known |= played[s] | proven[s]
    shown = 0
    if decl < 0:
        known |= musik  # a face-up musik still on the table (two players, open musik)
    elif seat != decl:
        shown = musik  # the declarer took the musik this seat was shown
    unknown = FULL & ~known
    # blind bidding: a seat that has not looked at its cards yet does not know its own hand
    hidden_hand = not hand and hand_sizes[seat] > 0
    # --- slots: the other seats' hands and the face-down piles ----------------------------
    slots: list[int] = []  # allowed masks
    caps: list[int] = []
    owners: list[int] = []  # the seats of the first slots
    plain = True  # every slot allows every unknown card, and no size is below 0
    for s in active:
        if s == seat and not hidden_hand:
            continue
        allowed = unknown & ~excluded[s]
        # the shown musik went to the declarer; a defender holds one of its cards only as
        # the card the declarer gave it unseen (3 players), and then at most one
        if shown and s != decl and (not gave_blind[s] or played[s] & shown):
            allowed &= ~shown
        cap = hand_sizes[s] - _card_count(proven[s])
        if allowed != unknown or cap < 0:
            plain = False
        slots.append(allowed)
        caps.append(cap)
        owners.append(s)
    piles_on = _piles(rules, declarer, chosen, put_away, stock_size)
    k = len(slots)  # the first pile's slot
    for pile, size in piles_on:
        if pile is _DISCARDS and seat == decl:
            continue  # known: not a slot
        allowed = unknown
        if pile is not _DISCARDS and decl >= 0:
            allowed &= ~shown  # a shown musik went to the declarer
        if allowed != unknown or size < 0:
            plain = False
        slots.append(allowed)
        caps.append(size)
    if plain and len(slots) > 1:
        # nothing excluded anywhere (the common case): every unknown card may go to every
        # slot of a positive size (see _hall)
        refined = [unknown if cap else 0 for cap in caps]
    else:
        refined = _hall(unknown, slots, caps)
    possible = [0] * n
    possible[seat] = hand  # (a hand not looked at yet is a slot like the others')
    piles: list[tuple[Pile, int, int]] = []
    for i in range(k):
        s = owners[i]
        possible[s] = refined[i] | proven[s]
    for pile, size in piles_on:
        if pile is _DISCARDS and seat == decl:
            piles.append((pile, _card_count(discards), discards))
        else:
            piles.append((pile, size, refined[k]))
            k += 1
    return _MAKE(  # a Facts, made at C speed (see _engine.core.make_core)
        _FACTS,
        (
            tuple(possible),
            tuple(piles),
            tuple(proven),
            tuple(excluded),
            tuple(played),
            shown,
            tuple(received),
            tuple(gave_blind),
            tuple(timed),
            tuple(proofs),
            tuple(draws),
            tuple(no_aces),
            tuple(won),
            tuple(top_bid),
        ),
    )


def _piles(
    rules: Rules, declarer: int | None, chosen: int | None, put_away: int, stock_size: int
) -> list[tuple[Pile, int]]:
    """The face-down piles now on the table and their sizes."""
    layout = rules.layout
    geo = GEOMETRY[layout]
    out: list[tuple[Pile, int]] = []
    if layout is _THREE or layout is _FOUR_SITTER:
        if declarer is None:
            out.append((_MUSIK, geo.musiks[0]))
        return out
    if layout is _TWO_CLASSIC or layout is _TWO_MUSIKS_OF_THREE:
        size = geo.musiks[0]
        if chosen is None:
            out += [(_MUSIK_0, size), (_MUSIK_1, size)]
        else:
            out.append((_MUSIK_1 if chosen == 0 else _MUSIK_0, size))
    if put_away:
        out.append((_DISCARDS, put_away))
    if stock_size:
        out.append((_STOCK, stock_size))
    return out


def _hall(unknown: int, allowed: list[int], caps: list[int]) -> list[int]:
    """Drop every (card, slot) that no placement with the slot sizes ``caps`` can use.

    Placing every unknown card in one allowed slot, each slot exactly full, is a transport
    problem; by Hall's theorem card ``x`` can go to slot ``s`` unless some set ``S`` of slots
    containing ``s`` is already exactly filled by the cards allowed only inside ``S`` and
    ``x`` is not one of them.
    """
    m = len(allowed)
    if m <= 1:
        return [a & unknown for a in allowed]
    if not unknown:
        return [0] * m
    if min(caps) >= 0 and all([a == unknown for a in allowed]):
        # nothing excluded anywhere (the common case): a set of slots is tight only when
        # its sizes sum to 0, so every card may go to every slot of a positive size
        return [unknown if cap else 0 for cap in caps]
    if m == 2:  # the commonest case, spelled out: the only sets to test are the two slots
        a0 = allowed[0] & unknown
        a1 = allowed[1] & unknown
        nowhere = unknown & ~(a0 | a1)
        first = allowed[0]
        if a1 and _card_count(a0 & ~a1 | nowhere) >= caps[0]:  # full without a1's cards
            first &= ~a1
        second = allowed[1]
        if a0 and _card_count(a1 & ~a0 | nowhere) >= caps[1]:
            second &= ~a0
        return [first & unknown, second & unknown]
    # the cards by their allowed slot sets (as ``classes`` groups them), split slot by slot
    groups = [(0, unknown)] if unknown else []
    for i in range(m):
        a = allowed[i]
        bit = 1 << i
        split: list[tuple[int, int]] = []
        for key, mask in groups:
            if mask & a:
                split.append((key | bit, mask & a))
            if mask & ~a:
                split.append((key, mask & ~a))
        groups = split
    full = (1 << m) - 1
    cap = [0] * full  # the total size of each set of slots
    for subset in range(1, full):
        low = subset & -subset
        cap[subset] = cap[subset ^ low] + caps[low.bit_length() - 1]
    out = list(allowed)
    for subset in range(1, full):
        inside = 0
        outside = 0  # the cards that some slot outside the set allows
        for key, mask in groups:
            if key & ~subset:
                outside |= mask
            else:
                inside += _card_count(mask)
        if inside >= cap[subset] and outside:  # tight: only the cards inside may use them
            for i in range(m):
                if subset >> i & 1:
                    out[i] = out[i] & ~outside
    return [a & unknown for a in out]
