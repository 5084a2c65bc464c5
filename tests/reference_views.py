"""A frozen copy of ``observe`` and of the knowledge scan as they were before views became
compact (issue 22): the eager builder that decoded every move and scanned the knowledge for
every view.  ``tests/test_view_reference.py`` checks the compact views against it.  Do not
change it along with the library: it is the yardstick.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tysiac import CARDS, Card, Layout, Move, Phase, Rules, State, legal_moves
from tysiac._engine.auction import unseen
from tysiac._engine.trickrules import trick_winner
from tysiac._info.inference import forbidden
from tysiac._info.knowledge import Pile, pile_view
from tysiac._info.placements import classes
from tysiac._info.views import Concealed
from tysiac._rules.layouts import GEOMETRY
from tysiac._rules.options import Declaration
from tysiac._vocab.cards import mask_cards
from tysiac._vocab.masks import (
    ACE,
    ACE_MARRIAGE,
    ACES,
    FULL,
    KING,
    QUEEN,
    bits,
    mask_points,
)
from tysiac._vocab.moves import ChooseMusik, Discard, Give, Play


class Facts(NamedTuple):
    """The part of the scan's result that views show."""

    possible: tuple[int, ...]
    piles: tuple[tuple[Pile, int, int], ...]
    proven: tuple[int, ...]
    excluded: tuple[int, ...]
    played: tuple[int, ...]
    shown: int
    received: tuple[int, ...]
    gave_blind: tuple[int, ...]
    timed: tuple[tuple[int, int, int], ...]
    proofs: tuple[tuple[int, int, int], ...]
    draws: tuple[int, ...]
    no_aces: tuple[tuple[int, int], ...]


def scan(
    rules: Rules,
    seat: int,
    dealer: int,
    declarer: int | None,
    hand: int,
    moves: Sequence[tuple[int, object]],
    musik: int,
    discards: int,
    hand_sizes: Sequence[int],
    marriages: Sequence[tuple[int, int]],
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
        moves: the deal's moves as the seat saw them (hidden ones as ``Concealed``).
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
    proven = [0] * n
    excluded = [0] * n
    played = [0] * n
    received = [0] * n
    gave_blind = [0] * n
    draws = [0] * n
    timed: list[tuple[int, int, int]] = []
    proofs: list[tuple[int, int, int]] = []
    no_aces: list[tuple[int, int]] = []
    aces_led = 0  # the seats that have played an ace (then they never hold all four)
    optional = rules.declaration is Declaration.OPTIONAL
    stock = geo.stock
    trick: list[int] = []
    leader = -1
    trump = pending = -1
    first = True
    ptr = 0
    chosen: int | None = None
    put_away = 0
    for who, move in moves:
        if isinstance(move, Play):
            c = move.card.index
            if who != seat:
                if not trick:
                    leader = who
                free = stock > 0 and f.free_while_stock
                if not free:
                    excluded[who] |= forbidden(trick, trump, c, f)
            elif not trick:
                leader = who
            declared = False
            suit, rank = divmod(c, 6)
            eligible = f.meld_first_trick or not first
            if not trick:
                eligible = eligible and (rank == QUEEN or (rank == KING and not f.queen_only))
            else:
                eligible = eligible and f.on_someone and rank == KING and trick[-1] == c - 1
            if eligible:
                if ptr < len(marriages) and marriages[ptr] == (who, suit):
                    declared = True
                    ptr += 1
                    if not trick and who != seat:
                        # the partner is proven in the leader's hand
                        partner = c + 1 if rank == QUEEN else c - 1
                        proven[who] |= 1 << partner
                        proofs.append((who, draws[who], partner))
                elif not trick and not optional and who != seat:
                    partner = c + 1 if rank == QUEEN else c - 1
                    excluded[who] |= 1 << partner
            if rank == ACE and f.ace_marriage and not aces_led >> who & 1:
                aces_led |= 1 << who
                if not trick and (f.meld_first_trick or not first):
                    # the first ace a seat plays declares the ace marriage, if any: it is led
                    if who == ace_marriage:
                        if who != seat:  # the other three aces are proven in its hand
                            for ace in bits(ACES & ~(1 << c)):
                                proven[who] |= 1 << ace
                                proofs.append((who, draws[who], ace))
                    elif not optional and who != seat:
                        no_aces.append((who, draws[who]))
            if declared:
                if f.trump_next:
                    pending = suit
                else:
                    trump = suit
            played[who] |= 1 << c
            proven[who] &= ~(1 << c)
            trick.append(c)
            if len(trick) == f.active:
                w = leader
                for _ in range(trick_winner(tuple(trick), trump)):
                    w = nxt[w]
                trick = []
                first = False
                if pending >= 0:
                    trump, pending = pending, -1
                if stock:
                    s = w
                    for _ in range(f.active):
                        draws[s] += 1
                        if s != seat and excluded[s]:
                            # a card excluded before a draw may have been drawn since
                            timed.append((s, draws[s], excluded[s] & ~played[s]))
                            excluded[s] = 0
                        s = nxt[s]
                    stock -= f.active
        elif isinstance(move, Give):
            c = move.card.index
            received[move.to] |= 1 << c
            if move.to != seat:
                proven[move.to] |= 1 << c
        elif isinstance(move, ChooseMusik):
            chosen = move.index
        elif isinstance(move, Discard):
            put_away += 1
        else:  # a Concealed move: a card given or put away that this seat did not see
            kind = getattr(move, "kind", None)
            to = getattr(move, "to", None)
            if kind == "Give" and isinstance(to, int) and 0 <= to < n:
                gave_blind[to] = 1
            elif kind == "Discard":
                put_away += 1
    if not geo.stock:  # hands only shrink in play: what a seat holds or played later, it held
        for who, _ in no_aces:
            rest = ACES & ~proven[who] & ~played[who]
            if rest.bit_count() == 1:  # the one ace it can have lacked
                excluded[who] |= rest
    others_played = 0
    for p in played:
        others_played |= p
    known = hand | others_played | discards
    for s in range(n):
        if s != seat:
            known |= proven[s]
    shown = 0
    if declarer is None:
        known |= musik  # a face-up musik still on the table (two players, open musik)
    elif seat != declarer:
        shown = musik  # the declarer took the musik this seat was shown
    unknown = FULL & ~known
    # blind bidding: a seat that has not looked at its cards yet does not know its own hand
    hidden_hand = not hand and hand_sizes[seat] > 0
    # --- slots: the other seats' hands and the face-down piles ----------------------------
    slots: list[int] = []  # allowed masks
    caps: list[int] = []
    owners: list[int | None] = []  # seat, or None for a pile
    pile_kinds: list[Pile] = []
    for s in range(n):
        if (s == seat and not hidden_hand) or s not in active:
            continue
        allowed = unknown & ~excluded[s]
        # the shown musik went to the declarer; a defender holds one of its cards only as
        # the card the declarer gave it unseen (3 players), and then at most one
        if shown and s != declarer and (not gave_blind[s] or played[s] & shown):
            allowed &= ~shown
        slots.append(allowed)
        caps.append(hand_sizes[s] - proven[s].bit_count())
        owners.append(s)
    for pile, size in _piles(rules, declarer, chosen, put_away, stock_size):
        allowed = unknown
        if pile is not Pile.DISCARDS and declarer is not None:
            allowed &= ~shown  # a shown musik went to the declarer
        if pile is Pile.DISCARDS and seat == declarer:
            slots.append(-1)  # known: not a slot
            caps.append(0)
            owners.append(None)
            pile_kinds.append(pile)
            continue
        slots.append(allowed)
        caps.append(size)
        owners.append(None)
        pile_kinds.append(pile)
    refined = _hall(unknown, [a if a >= 0 else 0 for a in slots], caps)
    possible = [0] * n
    possible[seat] = hand  # (a hand not looked at yet is a slot like the others')
    piles: list[tuple[Pile, int, int]] = []
    k = 0
    for i, owner in enumerate(owners):
        if owner is not None:
            possible[owner] = refined[i] | proven[owner]
        else:
            pile = pile_kinds[k]
            k += 1
            if slots[i] < 0:
                piles.append((pile, discards.bit_count(), discards))
            else:
                piles.append((pile, caps[i], refined[i]))
    return Facts(
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
    )


def _piles(
    rules: Rules, declarer: int | None, chosen: int | None, put_away: int, stock_size: int
) -> list[tuple[Pile, int]]:
    """The face-down piles now on the table and their sizes."""
    layout = rules.layout
    geo = GEOMETRY[layout]
    out: list[tuple[Pile, int]] = []
    if layout in (Layout.THREE, Layout.FOUR_SITTER):
        if declarer is None:
            out.append((Pile.MUSIK, geo.musiks[0]))
        return out
    if layout in (Layout.TWO_CLASSIC, Layout.TWO_MUSIKS_OF_THREE):
        size = geo.musiks[0]
        if chosen is None:
            out += [(Pile.MUSIK_0, size), (Pile.MUSIK_1, size)]
        else:
            out.append((Pile.MUSIK_1 if chosen == 0 else Pile.MUSIK_0, size))
    if put_away:
        out.append((Pile.DISCARDS, put_away))
    if stock_size:
        out.append((Pile.STOCK, stock_size))
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
    groups = classes(unknown, allowed)  # the cards by their allowed slot sets
    out = list(allowed)
    full = (1 << m) - 1
    for subset in range(1, full):
        cap = sum(caps[i] for i in range(m) if subset >> i & 1)
        inside = sum(mask.bit_count() for key, mask in groups if key & ~subset == 0)
        if inside >= cap:  # tight: only the cards inside may use these slots
            for key, mask in groups:
                if key & ~subset:
                    for i in range(m):
                        if subset >> i & 1:
                            out[i] &= ~mask
    return [a & unknown for a in out]


def _musik_seen(s: State, seat: int, moves: tuple[tuple[int, Move], ...]) -> int:
    seen = s._revealed
    if seat != s.declarer:
        return seen
    geo = GEOMETRY[s.rules.layout]
    start = geo.active * geo.hand
    if s.rules.layout in (Layout.THREE, Layout.FOUR_SITTER, Layout.TWO_OPEN_MUSIK):
        index: int | None = 0
    else:
        index = next((m.index for _, m in moves if isinstance(m, ChooseMusik)), None)
    if index is None or not geo.musiks:
        return seen
    pos = start + sum(geo.musiks[:index])
    for c in s._deck[pos : pos + geo.musiks[index]]:
        seen |= 1 << c
    return seen


def reference_observe(state: State, seat: int) -> dict[str, object]:
    """Every public attribute of ``observe(state, seat)`` as it was computed before views
    became compact (the eager builder, frozen here)."""

    s = state
    n = s.rules.players
    all_moves = s.moves
    visible: list[tuple[int, Move | Concealed]] = []
    given: list[tuple[int, Card]] = []
    for who, move in all_moves:
        if isinstance(move, Give):
            if seat in (who, move.to):
                visible.append((who, move))
                given.append((move.to, move.card))
            else:
                visible.append((who, Concealed("Give", move.to)))
        elif isinstance(move, Discard) and who != seat:
            visible.append((who, Concealed("Discard")))
        else:
            visible.append((who, move))
    plays = [(who, m.card) for who, m in all_moves if isinstance(m, Play)]
    per = GEOMETRY[s.rules.layout].active
    done = len(plays) // per * per if s.phase is Phase.PLAY else 0
    tricks = tuple(tuple(plays[i : i + per]) for i in range(0, done, per))
    winners = tuple(t[0][0] for t in tricks[1:])
    if tricks and s.leader is not None:
        winners += (s.leader,)
    seen = _musik_seen(s, seat, all_moves)
    hand = s._hands[seat]
    if s.phase is Phase.AUCTION and unseen(s, seat):
        hand = 0  # blind bidding: this seat has not looked at its cards yet
    own_discards = s._discards if seat == s.declarer else 0
    drawn = _drawn(s, seat, winners)
    facts = scan(
        s.rules,
        seat,
        s.dealer,
        s.declarer,
        hand,
        visible,
        seen,
        own_discards,
        [m.bit_count() for m in s._hands],
        [(who, suit) for who, suit in s._marriages if suit != ACE_MARRIAGE],
        len(s._stock),
        s.ace_marriage,
    )
    return dict(
        rules=s.rules,
        seat=seat,
        phase=s.phase,
        to_move=s.to_move,
        dealer=s.dealer,
        deal_number=s.deal_number,
        scores=s.scores,
        sheet=s.sheet,
        winner=s.winner,
        hand=mask_cards(hand),
        hand_sizes=tuple(m.bit_count() for m in s._hands),
        bid=s.bid,
        bidder=s.bidder,
        passed=s.passed,
        declarer=s.declarer,
        contract=s.contract,
        musik=mask_cards(seen),
        given=tuple(given),
        discards=mask_cards(own_discards),
        trump=s.trump,
        leader=s.leader,
        trick=s.trick,
        tricks=tricks,
        trick_winners=winners,
        card_points=tuple(mask_points(m) for m in s._taken) if s.phase is Phase.PLAY else (0,) * n,
        marriages=s.marriages,
        stock_size=len(s._stock),
        moves=tuple(visible),
        legal_moves=legal_moves(s) if s.to_move == seat else (),
        drawn=drawn,
        possible=tuple(frozenset(mask_cards(m)) for m in facts.possible),
        possible_piles=pile_view(facts.piles),
        ace_marriage=s.ace_marriage,
    )


def _drawn(s: State, seat: int, winners: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards ``seat`` drew from the stock, in order: after each trick the winner draws
    the next card of the stock, then the others in turn."""
    geo = GEOMETRY[s.rules.layout]
    if not geo.stock:
        return ()
    start = geo.active * geo.hand + sum(geo.musiks)
    count = geo.stock - len(s._stock)
    order = s.rules._play.trick_seats[s.dealer]
    out: list[Card] = []
    pos = start
    for w in winners:
        if pos - start >= count:
            break
        for who in order[w]:  # the winner draws first, then the others in turn
            if who == seat:
                out.append(CARDS[s._deck[pos]])
            pos += 1
    return tuple(out)
