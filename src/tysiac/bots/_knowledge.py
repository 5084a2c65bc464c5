"""What a seat can work out from its :class:`~tysiac.View`: card locations, voids, partners.

The heuristic bots reason on card masks (bit ``suit * 6 + rank``), like the engine.  Every
fact here is derived from the view alone: the cards seen, who played what, who failed to
follow a suit.
"""

from __future__ import annotations

from typing import Final

from .._engine.core import Phase
from .._engine.trickrules import beats, trick_winner
from .._info.views import View
from .._rules.layouts import GEOMETRY, active_seats
from .._rules.options import TrumpTiming
from .._vocab.cards import RANK_POINTS, Card, Rank
from .._vocab.masks import ABOVE, FULL, PAIR_MASK, SUIT_MASK
from .._vocab.moves import Give

__all__ = [
    "ALL",
    "POINTS",
    "SUIT",
    "Knowledge",
    "beats",
    "card_mask",
    "pair_held",
    "winning_play",
]

#: Every card of the pack, as a mask (the engine's own table).
ALL: Final = FULL
#: ``SUIT[s]``: the mask of suit ``s`` (the engine's own table).
SUIT: Final = SUIT_MASK
#: ``POINTS[i]``: the card points of card ``i``.
POINTS: Final = tuple(RANK_POINTS[i % 6] for i in range(24))


def card_mask(cards: object) -> int:
    """The mask of an iterable of :class:`~tysiac.Card`."""
    mask = 0
    for c in cards:  # type: ignore[attr-defined]
        assert isinstance(c, Card)
        mask |= 1 << c.index
    return mask


def pair_held(mask: int, suit: int) -> bool:
    """Whether ``mask`` holds the king and the queen of ``suit``."""
    pair = PAIR_MASK[suit]
    return mask & pair == pair


def winning_play(trick: list[tuple[int, int]], trump: int) -> tuple[int, int]:
    """The ``(seat, card)`` winning ``trick`` so far (``trump`` -1 for none), by the
    engine's rule (:func:`~tysiac._engine.trickrules.trick_winner`)."""
    return trick[trick_winner(tuple([card for _, card in trick]), trump)]


class Knowledge:
    """The facts one seat can derive from its view of the current deal.

    Attributes:
        view: the view.
        me: the seat.
        seats: the seats that play this deal, in turn order from left of the dealer.
        active: the number of cards in a trick.
        hand: my cards (mask).
        played: cards played to tricks this deal, the current trick included.
        gone: cards out of play for everybody (played, or put away by me).
        known: ``known[seat]``: cards I know ``seat`` holds now.
        unknown: cards whose place I do not know (another hand, a musik, the stock).
        void: ``void[seat]``: bit ``s`` set when ``seat`` is known to hold no card of suit ``s``.
        lacks: ``lacks[seat]``: cards ``seat`` cannot hold, because it did not play them when
            the trick rules would have made it (it did not beat a card it could have beaten).
        possible: ``possible[seat]``: the cards the view says ``seat`` may hold.
        trump: the trump suit, -1 for none.
        declarer: the declarer, or None.
    """

    __slots__ = (
        "active",
        "declarer",
        "gone",
        "hand",
        "known",
        "lacks",
        "me",
        "played",
        "possible",
        "seats",
        "trick",
        "trump",
        "unknown",
        "view",
        "void",
    )

    def __init__(self, view: View) -> None:
        rules = view.rules
        self.view = view
        self.me = view.seat
        self.seats = active_seats(rules.layout, view.dealer)
        self.active = GEOMETRY[rules.layout].active
        self.declarer = view.declarer
        self.trump = -1 if view.trump is None else int(view.trump)
        self.hand = card_mask(view.hand)
        self.trick = [(seat, c.index) for seat, c in view.trick]
        played = 0
        for trick in view.tricks:
            for _, c in trick:
                played |= 1 << c.index
        for _, index in self.trick:
            played |= 1 << index
        self.played = played
        self.gone = played | card_mask(view.discards)
        known = [0] * rules.players
        if view.phase is not Phase.AUCTION:
            for seat, move in view.moves:
                if isinstance(move, Give) and seat == self.me:
                    known[move.to] |= 1 << move.card.index
            if self.declarer is not None and self.declarer != self.me:
                # the musik shown to all went into the declarer's hand
                given_to_me = 0
                for _, move in view.moves:
                    if isinstance(move, Give) and move.to == self.me:
                        given_to_me |= 1 << move.card.index
                known[self.declarer] |= card_mask(view.musik) & ~given_to_me
        for seat in range(rules.players):
            known[seat] &= ~(self.gone | self.hand)
        self.known = known
        self.unknown = ALL & ~(self.hand | self.gone)
        for mask in known:
            self.unknown &= ~mask
        self.void, self.lacks = _inferences(view)
        # what the view itself says each seat may hold (its own inferences included)
        self.possible = [card_mask(cards) for cards in view.possible]

    # --- who is who ------------------------------------------------------------------

    def partners(self) -> tuple[int, ...]:
        """The seats in play on my side of the deal.  Each for themselves: the other
        defenders when I defend (they score for themselves, but we all want the declarer to
        fail), none for the declarer and without a declarer.  In partnerships: my partner
        when it plays, whichever side we are on."""
        me = self.me
        if self.view.rules.partnerships:
            return tuple(s for s in self.seats if s != me and s % 2 == me % 2)
        if self.declarer is None or self.declarer == me:
            return ()
        return tuple(s for s in self.seats if s not in (me, self.declarer))

    def ours(self, seat: int | None) -> bool:
        """Whether ``seat`` is me or, in partnerships, my partner."""
        return seat == self.me or (
            seat is not None and self.view.rules.partnerships and seat % 2 == self.me % 2
        )

    def after_me(self) -> list[int]:
        """The seats still to play to the current trick after me."""
        order = list(self.seats)
        i = order.index(self.me)
        rest = [order[(i + k) % len(order)] for k in range(1, len(order))]
        return rest[: self.active - 1 - len(self.trick)]

    def may_hold(self, seat: int) -> int:
        """The cards ``seat`` may hold, as far as I know."""
        mask = (self.known[seat] | self.unknown) & ~self.lacks[seat] & self.possible[seat]
        for s in range(4):
            if self.void[seat] >> s & 1:
                mask &= ~SUIT[s]
        return mask

    # --- card strength ----------------------------------------------------------------

    def outstanding(self) -> int:
        """Cards that someone else may still play."""
        return ALL & ~(self.hand | self.gone)

    def is_top(self, card: int) -> bool:
        """Whether no card that someone else may still play beats ``card`` in its suit."""
        return not ABOVE[card] & self.outstanding()

    def can_beat(self, seat: int, card: int, led: int, trump: int) -> bool:
        """Whether ``seat`` may hold a card that beats ``card`` (of the led suit ``led``
        or a trump) in a trick led in ``led``."""
        mask = self.may_hold(seat)
        if mask & ABOVE[card]:
            return True
        suit = card // 6
        if trump < 0 or suit == trump:
            return False
        # ``card`` is not a trump: a seat out of the led suit may trump it
        if not mask & SUIT[trump]:
            return False
        if self.void[seat] >> led & 1:
            return True
        # not known to be void: likely only when few cards of the led suit are left
        left = self.unknown_count(led)
        return left <= len(self.seats) - 2

    def unknown_count(self, suit: int) -> int:
        """How many cards of ``suit`` others may hold."""
        return (self.outstanding() & SUIT[suit]).bit_count()

    def sure(self, card: int, seats: list[int] | None = None) -> bool:
        """Whether ``card`` played now wins the trick whatever the seats after me hold."""
        trump = self.trump
        if self.trick:
            led = self.trick[0][1] // 6
            if not beats(card, winning_play(self.trick, trump)[1], trump):
                return False
        else:
            led = card // 6
        for seat in self.after_me() if seats is None else seats:
            if self.can_beat(seat, card, led, trump):
                return False
        return True

    def suit_length(self, suit: int) -> int:
        """How many cards of ``suit`` I hold."""
        return (self.hand & SUIT[suit]).bit_count()


def _inferences(view: View) -> tuple[list[int], list[int]]:
    """Who is void in which suit, and who cannot hold which cards, from the tricks played.

    A seat that did not follow the led suit is void in it; under the trick rules of the
    rules page (section 3, Play) a seat that followed without beating a card it had to beat
    holds nothing higher in that suit, and a seat out of the led suit that did not trump holds
    no trump (or, where that is allowed, no trump high enough); a defender that did not
    overtrump the declarer's trump, where it must, no trump above it.  Draw layouts are read only
    from the tricks after the stock ran out.
    """
    rules = view.rules
    n = rules.players
    void = [0] * n
    lacks = [0] * n
    geo = GEOMETRY[rules.layout]
    tricks = [*view.tricks, view.trick] if view.trick else list(view.tricks)
    first = geo.stock // geo.active if geo.stock else 0
    if geo.stock and view.stock_size:
        return void, lacks  # free play and fresh cards while the stock lasts
    marriages = list(view.marriages)
    pending = 0
    trump = -1
    next_trick = rules.trump_timing is TrumpTiming.NEXT_TRICK
    declarer = view.declarer
    overtrump = rules.overtrump_declarer and declarer is not None
    for t, trick in enumerate(tricks):
        if not trick:
            continue
        trick_trump = trump
        lead_seat, lead = trick[0]
        if pending < len(marriages):
            seat, suit = marriages[pending]
            if seat == lead_seat and lead.suit is suit and lead.rank in (Rank.KING, Rank.QUEEN):
                pending += 1
                trump = int(suit)
                if not next_trick:
                    trick_trump = trump
        if t < first:
            continue
        led = int(lead.suit)
        best = lead.index
        best_seat = lead_seat
        trumped = False
        for seat, c in trick[1:]:
            card = c.index
            if pending < len(marriages) and marriages[pending] == (seat, c.suit):
                pending += 1  # a marriage "on someone"
                trump = int(c.suit)
            if card // 6 == led:
                if not trumped and rules.must_beat and not beats(card, best, trick_trump):
                    lacks[seat] |= ABOVE[best]
            else:
                void[seat] |= 1 << led
                if trick_trump >= 0 and rules.must_trump:
                    if card // 6 != trick_trump:
                        if not trumped or rules.trump_when_cannot_overtrump:
                            void[seat] |= 1 << trick_trump
                        else:
                            lacks[seat] |= ABOVE[best]
                    elif trumped and not beats(card, best, trick_trump):
                        lacks[seat] |= ABOVE[best]
                if (
                    overtrump
                    and trumped
                    and best_seat == declarer
                    and (declarer is None or seat != rules.partner(declarer))
                    and not beats(card, best, trick_trump)
                ):
                    lacks[seat] |= ABOVE[best]  # it could not overtrump the declarer
            if beats(card, best, trick_trump):
                if trick_trump >= 0 and card // 6 == trick_trump and led != trick_trump:
                    trumped = True
                best = card
                best_seat = seat
    return void, lacks
