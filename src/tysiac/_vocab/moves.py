"""The moves: small frozen objects passed to :func:`~tysiac.apply`.

Every move's ``repr`` pastes back into Python, e.g. ``Play(Card.parse('QH'))``, and its
``str`` is its notation, e.g. ``QH``: :func:`~tysiac.move_text` writes it (the notation
module installs it as every move class's ``__str__``) and :func:`~tysiac.parse_move`
reads it back.  The
engine hands out shared instances (one ``Play`` per card, one ``Bid`` per amount), so
collecting legal moves allocates nothing; moves built by the caller compare equal to them.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from .._errors import NotAMoveError, brief
from .cards import CARDS, Card, card_index

__all__ = [
    "BOMB",
    "CHOOSE",
    "CLAIM",
    "CONCEDE",
    "DISCARDS",
    "GIVES",
    "MELDS",
    "MOVE_INT_LIMIT",
    "MOVE_TYPES",
    "PASS",
    "PLAYS",
    "REDEAL",
    "SUIT_DISCARDS",
    "SUIT_GIVES",
    "SUIT_PLAYS",
    "Bid",
    "Bomb",
    "ChooseMusik",
    "Claim",
    "Concede",
    "Contract",
    "Discard",
    "Give",
    "Move",
    "Pass",
    "Play",
    "Redeal",
]


def _card(value: Card | str) -> Card:
    return CARDS[card_index(value)]


#: The largest number a move may hold (bids, contracts, seats, musik indexes): far above
#: any game's, and small enough to print.
MOVE_INT_LIMIT: Final = 10**9


def _int(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise NotAMoveError(
            f"{type(instance).__name__}.{attribute.name} must be an int, not {brief(value)}"
        )
    if not -MOVE_INT_LIMIT <= value <= MOVE_INT_LIMIT:
        raise NotAMoveError(
            f"{type(instance).__name__}.{attribute.name}={brief(value)} is out of range: "
            f"at most {MOVE_INT_LIMIT:_} either way"
        )


def _bool(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise NotAMoveError(
            f"{type(instance).__name__}.{attribute.name} must be True or False, not {brief(value)}"
        )


@attrs.frozen(slots=True, repr=False)
class Bid:
    """Bid ``amount`` in the auction (the forced opening bid is a ``Bid`` too).

    ``blind=True`` bids before looking at the hand, where
    :attr:`Rules.blind_bids <tysiac.Rules.blind_bids>` allows it: the contract then counts
    double, won or lost (see the rules, section 4 "The auction").
    """

    amount: int = attrs.field(validator=_int)
    """The bid: a multiple of :attr:`Rules.bid_step <tysiac.Rules.bid_step>`."""
    blind: bool = attrs.field(default=False, validator=_bool, kw_only=True)
    """Whether the bid is made blind, before looking at the hand."""

    def __repr__(self) -> str:
        if self.blind:
            return f"Bid({self.amount!r}, blind=True)"
        return f"Bid({self.amount!r})"


@attrs.frozen(slots=True, repr=False)
class Pass:
    """Pass in the auction: final for this deal."""

    def __repr__(self) -> str:
        return "Pass()"


@attrs.frozen(slots=True, repr=False)
class Redeal:
    """Ask for a redeal instead of making one's first auction move (four nines, few points)."""

    def __repr__(self) -> str:
        return "Redeal()"


@attrs.frozen(slots=True, repr=False)
class ChooseMusik:
    """Two players: the declarer takes musik ``index`` (0 or 1)."""

    index: int = attrs.field(validator=_int)
    """Which musik: 0 or 1."""

    def __repr__(self) -> str:
        return f"ChooseMusik({self.index!r})"


@attrs.frozen(slots=True, repr=False)
class Give:
    """The declarer gives ``card`` face down to seat ``to`` (the left-hand opponent first).

    ``card`` may be given as a :class:`~tysiac.Card` or as a string such as ``"9S"``.
    """

    card: Card = attrs.field(converter=_card)
    """The card given."""
    to: int = attrs.field(validator=_int)
    """The seat that receives it."""

    def __repr__(self) -> str:
        return f"Give({self.card!r}, to={self.to!r})"


@attrs.frozen(slots=True, repr=False)
class Discard:
    """Two players: the declarer puts ``card`` away face down after taking a musik."""

    card: Card = attrs.field(converter=_card)
    """The card put away."""

    def __repr__(self) -> str:
        return f"Discard({self.card!r})"


@attrs.frozen(slots=True, repr=False)
class Contract:
    """The declarer names the contract: at least the bid."""

    amount: int = attrs.field(validator=_int)
    """The contract: the points the declarer must make (at least the bid)."""

    def __repr__(self) -> str:
        return f"Contract({self.amount!r})"


@attrs.frozen(slots=True, repr=False)
class Bomb:
    """The declarer throws a bomb (*bomba*) instead of naming a contract: the deal is not played."""

    def __repr__(self) -> str:
        return "Bomb()"


@attrs.frozen(slots=True, repr=False)
class Concede:
    """The declarer concedes (*rospisat'*, the write-off) instead of playing: it loses the
    bid and each opponent scores; instead of naming the contract, or, with
    ``Rules.concession_timing=BEFORE_GIVES``, before giving or putting away its first card
    (see the rules, section 15)."""

    def __repr__(self) -> str:
        return "Concede()"


@attrs.frozen(slots=True, repr=False)
class Play:
    """Play ``card`` to the trick.

    ``meld=True`` declares the marriage that the card completes (or, for an ace led from
    all four, the ace marriage: :attr:`Rules.ace_marriage <tysiac.Rules.ace_marriage>`),
    where :attr:`Rules.declaration <tysiac.Rules.declaration>` is ``OPTIONAL``; under
    automatic declaration the engine declares by itself and ``meld`` stays ``False``.
    """

    card: Card = attrs.field(converter=_card)
    """The card played."""
    meld: bool = attrs.field(default=False, validator=_bool)
    """Whether playing the card declares its marriage, or the ace marriage (optional
    declaration only)."""
    # the card's index, plus 24 for a declaring play (the move's code in a deal's log, see
    # ``_movecodes``): one read for the engine's hot path; not part of equality or the repr
    _code: int = attrs.field(init=False, repr=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_code", self.card.index + (24 if self.meld else 0))

    def __repr__(self) -> str:
        if self.meld:
            return f"Play({self.card!r}, meld=True)"
        return f"Play({self.card!r})"


@attrs.frozen(slots=True, repr=False)
class Claim:
    """The declarer lays the cards down and takes every remaining trick (*wykładanie*)."""

    def __repr__(self) -> str:
        return "Claim()"


#: Any move.
Move: TypeAlias = (
    Bid | Pass | Redeal | ChooseMusik | Give | Discard | Contract | Bomb | Concede | Play | Claim
)

MOVE_TYPES: Final = (
    Bid,
    Pass,
    Redeal,
    ChooseMusik,
    Give,
    Discard,
    Contract,
    Bomb,
    Concede,
    Play,
    Claim,
)


def _same(self: object) -> object:
    return self


def _same_memo(self: object, memo: object) -> object:
    return self


for _cls in MOVE_TYPES:  # moves are immutable: a copy is the move itself
    setattr(_cls, "__copy__", _same)  # noqa: B010
    setattr(_cls, "__deepcopy__", _same_memo)  # noqa: B010

# shared instances handed out by legal_moves
PASS: Final = Pass()
REDEAL: Final = Redeal()
BOMB: Final = Bomb()
CONCEDE: Final = Concede()
CLAIM: Final = Claim()
PLAYS: Final = tuple(Play(c) for c in CARDS)
#: ``SUIT_PLAYS[suit][bits]``: the ``Play`` moves of the cards of ``suit`` whose rank bits
#: (bit ``rank``) are set in ``bits`` (0..63), in rank order.
SUIT_PLAYS: Final = tuple(
    tuple(tuple(PLAYS[s * 6 + r] for r in range(6) if chunk >> r & 1) for chunk in range(64))
    for s in range(4)
)
MELDS: Final = tuple(Play(c, meld=True) for c in CARDS)
DISCARDS: Final = tuple(Discard(c) for c in CARDS)
#: ``SUIT_DISCARDS[suit][bits]``: the ``Discard`` moves of the cards of ``suit`` whose rank
#: bits are set in ``bits`` (0..63), in rank order.
SUIT_DISCARDS: Final = tuple(
    tuple(tuple(DISCARDS[s * 6 + r] for r in range(6) if chunk >> r & 1) for chunk in range(64))
    for s in range(4)
)
#: ``GIVES[to][card]``: shared ``Give`` objects.
GIVES: Final = tuple(tuple(Give(c, to) for c in CARDS) for to in range(4))
#: ``SUIT_GIVES[to][suit][bits]``: the ``Give`` moves to seat ``to`` of the cards of
#: ``suit`` whose rank bits are set in ``bits`` (0..63), in rank order.
SUIT_GIVES: Final = tuple(
    tuple(
        tuple(
            tuple(GIVES[to][s * 6 + r] for r in range(6) if chunk >> r & 1) for chunk in range(64)
        )
        for s in range(4)
    )
    for to in range(4)
)
CHOOSE: Final = (ChooseMusik(0), ChooseMusik(1))
