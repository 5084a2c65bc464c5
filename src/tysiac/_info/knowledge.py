"""What one seat knows about where the unseen cards are: voids, proofs, hidden piles.

Everything here is computed from what the seat's :class:`~tysiac.View` holds (its hand, the
deal's moves as it saw them, the musik it saw, its own discards and draws, the declared
marriages), never from the state: so it cannot leak.  The scan replays the deal's visible
moves and collects, per other seat, the cards it is *proven* to hold (a marriage partner it
declared, a card this seat gave it) and the cards it is *excluded* from holding (a void shown
by failing to follow or to trump, a failure to beat where beating is forced, a marriage card
led without declaring under automatic declaration).  A declared ace marriage proves the other
three aces in the leader's hand.  A final counting step removes every place that no placement
of the right sizes can use (Hall's condition on the slots).

See the docs' page "Information sets and search" for what is and is not covered: the
per-card sets ignore the few constraints that tie cards together (a bid above 120 needs a
marriage behind it; a defender holds at most one card of a shown musik; an ace led without
declaring the ace marriage where it is automatic proves that the leader lacked one of the
other three, known per card only when it held or played the other two); ``sample_world``
honours those as well (``Facts.no_aces``).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple

import attrs

from .._engine.trickrules import trick_winner
from .._rules.flags import PlayFlags
from .._rules.layouts import GEOMETRY
from .._rules.options import Declaration, Layout
from .._rules.rules import Rules
from .._vocab.cards import Card, mask_cards
from .._vocab.masks import ABOVE, ACE, ACES, FULL, KING, QUEEN, SUIT_MASK, bits
from .._vocab.moves import ChooseMusik, Discard, Give, Play
from .placements import classes

__all__ = [
    "Facts",
    "HiddenPile",
    "Pile",
    "forbidden",
    "pile_view",
    "scan",
]


class Pile(enum.Enum):
    """A face-down pile of cards that is not in anybody's hand."""

    MUSIK = "musik"
    """The musik of the three-handed layouts, before the declarer takes it."""
    MUSIK_0 = "musik-0"
    """The first of the two musiks of the two-player layouts (until it is taken)."""
    MUSIK_1 = "musik-1"
    """The second of the two musiks of the two-player layouts (until it is taken)."""
    DISCARDS = "discards"
    """The cards the declarer put away (two-player layouts)."""
    STOCK = "stock"
    """The stock of the draw layouts."""

    def __repr__(self) -> str:
        return f"Pile.{self.name}"

    def __str__(self) -> str:
        return self.__repr__()


@attrs.frozen(slots=True, repr=False)
class HiddenPile:
    """One face-down pile and what a seat knows of it.

    Attributes:
        pile: which pile.
        size: how many cards it holds.
        possible: the cards that may lie in it (exactly its cards when the seat knows them,
            as a declarer knows its own discards).
    """

    pile: Pile
    size: int
    possible: frozenset[Card]

    def __repr__(self) -> str:
        cards = " ".join(str(c) for c in sorted(self.possible))
        return f"HiddenPile({self.pile!r}, size={self.size}, possible={cards!r})"


class Facts(NamedTuple):
    """The result of :func:`scan` (masks of card indexes)."""

    possible: tuple[int, ...]  # per seat
    piles: tuple[tuple[Pile, int, int], ...]  # (pile, size, possible mask)
    proven: tuple[int, ...]  # per seat: cards it is known to hold (other seats only)
    excluded: tuple[int, ...]  # per seat: cards it cannot hold now
    played: tuple[int, ...]  # per seat: cards it played this deal
    shown: int  # the musik cards every seat saw (3 players: taken by the declarer)
    received: tuple[int, ...]  # per seat: cards this seat gave it / it was given (known)
    gave_blind: tuple[int, ...]  # per seat: 1 if it received a card this seat did not see
    timed: tuple[tuple[int, int, int], ...]  # draw layouts: (seat, draw count, excluded mask)
    proofs: tuple[tuple[int, int, int], ...]  # draw layouts: (seat, draw count, card held)
    draws: tuple[int, ...]  # draw layouts: draws made by each seat
    # (seat, draw count): an ace it led without declaring the ace marriage where it had to:
    # it did not hold all four aces then (a constraint on the aces together)
    no_aces: tuple[tuple[int, int], ...]


def forbidden(trick: Sequence[int], trump: int, card: int, f: PlayFlags) -> int:
    """The cards a player cannot have held when it played ``card`` to ``trick``.

    The converse of :func:`~tysiac._engine.trickrules.play_mask`: the trick rules force a card of
    the led suit, a card beating the winning one, a trump; playing something else proves the
    hand held none.
    """
    if not trick:
        return 0
    led = trick[0] // 6
    win = trick[trick_winner(tuple(trick), trump)]
    if card // 6 == led:
        if f.must_beat and win // 6 == led:
            if card < win:
                return ABOVE[win]
            if f.play_highest:
                return ABOVE[card]  # it beat the trick: with its highest card of the suit
        return 0
    out = SUIT_MASK[led]
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


def pile_view(piles: tuple[tuple[Pile, int, int], ...]) -> tuple[HiddenPile, ...]:
    """The public form of the piles of :class:`Facts`."""
    return tuple(HiddenPile(p, size, frozenset(mask_cards(mask))) for p, size, mask in piles)
