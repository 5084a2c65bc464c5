"""The feature encoding's blocks spelled out: their names (:func:`feature_names`) and the
features of a view built by hand (:func:`hand_features`), block by block from its public
attributes: the first implementation, which the compact writer of
:mod:`tysiac._info.features` must agree with.

Seats are *relative*: offset ``(seat - view.seat) % players``, so block position 0 is
always the viewer ("me"), 1 the player on its left (the next seat clockwise), and so on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .._engine.core import Phase
from .._rules.layouts import GEOMETRY
from .._rules.rules import Rules
from .._vocab.cards import CARDS, Card, Suit
from .._vocab.moves import Bid
from .actions import check_rules
from .knowledge import Pile
from .views import View

__all__ = [
    "CARDS_SCALE",
    "PHASES",
    "PILES",
    "POINTS_SCALE",
    "SEAT_NAMES",
    "feature_names",
    "hand_features",
]

#: The phases in the order of the ``phase`` block.
PHASES: Final = (
    Phase.AUCTION,
    Phase.CHOOSE_MUSIK,
    Phase.DISCARD,
    Phase.GIVE,
    Phase.CONTRACT,
    Phase.PLAY,
    Phase.GAME_OVER,
)
_PHASE_INDEX: Final = {p: i for i, p in enumerate(PHASES)}
#: The hidden piles in the order of the ``pile`` block.
PILES: Final = (Pile.MUSIK, Pile.MUSIK_0, Pile.MUSIK_1, Pile.DISCARDS, Pile.STOCK)
#: The names of the relative seats, by player count.
SEAT_NAMES: Final = {
    2: ("me", "opponent"),
    3: ("me", "left", "right"),
    4: ("me", "left", "across", "right"),
}
_CARD_NAMES: Final = tuple(str(c) for c in CARDS)
_SUIT_NAMES: Final = tuple(s.letter for s in Suit)
#: Counts of cards (hand sizes, tricks, piles) are divided by this.
CARDS_SCALE: Final = 12.0
#: Card points are divided by this.
POINTS_SCALE: Final = 120.0


def feature_names(rules: Rules) -> tuple[str, ...]:
    """The name of each entry of :func:`features` under ``rules``, in order.

    A name is the block's name followed by its indexes in brackets: a relative seat
    (``me``, ``left``, ``across``, ``right``; ``opponent`` with two players), a card
    (``QH``), a suit letter, a phase, or a position in the trick (``0`` is the led card).

    Raises:
        InvalidRulesError: ``rules`` is not a :class:`~tysiac.Rules`.

    Example:
        >>> from tysiac import Rules
        >>> names = feature_names(Rules())
        >>> names[:3], names[16]
        (('phase[AUCTION]', 'phase[CHOOSE_MUSIK]', 'phase[DISCARD]'), 'hand[9S]')
    """
    rules = check_rules(rules)
    seats = SEAT_NAMES[rules.players]
    active = GEOMETRY[rules.layout].active
    out: list[str] = []

    def per(block: str, labels: tuple[str, ...]) -> None:
        out.extend(f"{block}[{label}]" for label in labels)

    def per_card(block: str) -> None:
        per(block, _CARD_NAMES)

    per("phase", tuple(p.name for p in PHASES))
    per("to_move", seats)
    per("dealer", seats)
    per("score", seats)
    per_card("hand")
    per("hand_size", seats)
    out.append("bid")
    per("bidder", seats)
    per("last_bid", seats)
    per("passed", seats)
    per("declarer", seats)
    out.append("contract")
    per_card("musik")
    for seat in seats:
        per_card(f"given[{seat}]")
    per_card("discards")
    out.append("stock_size")
    per("trump", (*_SUIT_NAMES, "none"))
    per("leader", seats)
    for position in range(active):
        per_card(f"trick[{position}]")
    for seat in seats:
        per_card(f"played[{seat}]")
    per("card_points", seats)
    per("tricks_taken", seats)
    for seat in seats:
        per(f"marriages[{seat}]", _SUIT_NAMES)
    for seat in seats:
        per_card(f"possible[{seat}]")
    for pile in PILES:
        per(f"pile[{pile.name}]", (*_CARD_NAMES, "size"))
    per("ace_marriage", seats)  # version 2
    per("partner", seats)  # version 3
    return tuple(out)


def hand_features(view: View) -> tuple[float, ...]:
    """The features of a view built by hand, read from its public attributes (the first
    implementation, which the compact one must agree with)."""
    rules = view.rules
    n = rules.players
    me = view.seat
    active = GEOMETRY[rules.layout].active
    max_bid = float(rules.max_bid)
    out: list[float] = []

    def one_hot(size: int, index: int | None) -> None:
        block = [0.0] * size
        if index is not None:
            block[index] = 1.0
        out.extend(block)

    def rel(seat: int | None) -> int | None:
        return None if seat is None else (seat - me) % n

    def by_seat(values: tuple[float, ...] | list[float]) -> None:
        out.extend(float(values[(me + r) % n]) for r in range(n))

    def cards(items: Iterable[Card]) -> list[float]:
        block = [0.0] * 24
        for card in items:
            block[card.index] = 1.0
        return block

    one_hot(len(PHASES), _PHASE_INDEX[view.phase])
    one_hot(n, rel(view.to_move))
    one_hot(n, rel(view.dealer))
    by_seat([s / rules.target for s in view.scores])
    out.extend(cards(view.hand))
    by_seat([h / CARDS_SCALE for h in view.hand_sizes])
    out.append(view.bid / max_bid)
    one_hot(n, rel(view.bidder))
    last = [0.0] * n
    for who, move in view.moves:
        if type(move) is Bid:
            last[who] = max(last[who], move.amount / max_bid)
    by_seat(last)
    passed = [0.0] * n
    for who in view.passed:
        passed[who] = 1.0
    by_seat(passed)
    one_hot(n, rel(view.declarer))
    out.append(0.0 if view.contract is None else view.contract / max_bid)
    out.extend(cards(view.musik))
    given = [[0.0] * 24 for _ in range(n)]
    for to, card in view.given:
        given[to][card.index] = 1.0
    for r in range(n):
        out.extend(given[(me + r) % n])
    out.extend(cards(view.discards))
    out.append(view.stock_size / CARDS_SCALE)
    one_hot(5, 4 if view.trump is None else int(view.trump))
    one_hot(n, rel(view.leader))
    trick = [[0.0] * 24 for _ in range(active)]
    for position, (_, card) in enumerate(view.trick):
        trick[position][card.index] = 1.0
    for block in trick:
        out.extend(block)
    played = [[0.0] * 24 for _ in range(n)]
    for done in view.tricks:
        for who, card in done:
            played[who][card.index] = 1.0
    for who, card in view.trick:
        played[who][card.index] = 1.0
    for r in range(n):
        out.extend(played[(me + r) % n])
    by_seat([p / POINTS_SCALE for p in view.card_points])
    taken = [0.0] * n
    for who in view.trick_winners:
        taken[who] += 1.0 / CARDS_SCALE
    by_seat(taken)
    marriages = [[0.0] * 4 for _ in range(n)]
    for who, suit in view.marriages:
        marriages[who][int(suit)] = 1.0
    for r in range(n):
        out.extend(marriages[(me + r) % n])
    for r in range(n):
        out.extend(cards(view.possible[(me + r) % n]))
    piles = {pile: [0.0] * 25 for pile in PILES}
    for hidden in view.possible_piles:
        block = piles[hidden.pile]
        for card in hidden.possible:
            block[card.index] = 1.0
        block[24] += hidden.size / CARDS_SCALE
    for pile in PILES:
        out.extend(piles[pile])
    aces = [0.0] * n
    if view.ace_marriage is not None:
        aces[view.ace_marriage] = 1.0
    by_seat(aces)
    partner = rules.partner(me)
    one_hot(n, rel(partner))
    return tuple(out)
