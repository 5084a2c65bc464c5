"""What one seat may know: the :class:`View`, and :class:`Concealed`, a move it saw being
made without seeing its card.

See the rules, section 14 'What each seat may know'.  :func:`~tysiac.observe`
(:mod:`~tysiac._info.observe`) makes a view of a state; :func:`~tysiac._info.facts.facts_of`
runs the knowledge scan on one.

A :class:`View` holds the visible part of the state's compact form, copied out of it: ints
and tuples of ints (the seat's hand as a mask, the current trick as card indexes, the deal's
moves as this seat saw them as one int of 16-bit move codes, concealed moves coded as such),
and the rules, the scores and the score sheet.  Its public attributes are decoded from that
form when read, as :class:`~tysiac.State`'s are, and its knowledge
(:attr:`View.possible`, :attr:`View.possible_piles`) is worked out from it when asked.  It
holds no reference to the :class:`~tysiac.State`, its compact form, the seed, or any card
the seat may not see.

A view built by hand (``View(...)``, ``attrs.evolve``, :func:`~tysiac.from_json`) is stored
in the compact form when the values given are of the types :func:`~tysiac.observe` gives
and exactly what that form decodes to; otherwise (values no game produces, which the
sampler, the encoding and the bots refuse) it keeps the values given, in a private
subclass.  Either way a view equals another exactly when every public attribute does, with
the same types.  The compact form's encoder stays here beside the view, whose constructor
calls it; so do ``Concealed``, ``ViewCore``, ``_compact_view``, ``_hand_view`` and
``_Given``, which pickles name by this module's path.

Imports the vocabulary, the rules, the engine, :mod:`~tysiac._info.knowledge`,
:mod:`~tysiac._info.viewcodes` and :mod:`~tysiac._info.text`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final, NamedTuple

import attrs

from .._engine.core import Phase
from .._engine.history import ScoreSheet
from .._engine.text import cards_text
from .._errors import brief
from .._rules.rules import Rules
from .._vocab.cards import CARDS, Card, Suit, mask_cards
from .._vocab.movecodes import (
    CONCEALED_DISCARD,
    CONCEALED_GIVE,
    GIVE_CODE,
    SEAT_BITS,
    SEAT_MASK,
    codes_log,
    log_codes,
    move_code,
    move_of,
)
from .._vocab.moves import MOVE_TYPES, Move
from .knowledge import HiddenPile, pile_view
from .text import view_text
from .viewcodes import GIVE_END, cards_mask, scan_view, tricks_of

__all__ = [
    "Concealed",
    "View",
    "ViewCore",
    "view_code",
]


@attrs.frozen(slots=True, repr=False)
class Concealed:
    """A move this seat saw being made without seeing its card.

    Attributes:
        kind: the move's class name, ``"Give"`` or ``"Discard"``.
        to: for a ``Give``, the seat that received the card.
    """

    kind: str
    to: int | None = None

    def __repr__(self) -> str:
        return f"Concealed({self.kind!r}, to={self.to!r})"

    def __copy__(self) -> Concealed:
        return self

    def __deepcopy__(self, memo: object) -> Concealed:
        return self


class ViewCore(NamedTuple):
    """The compact form of a view (private): what the seat may see, as ints and tuples of
    ints beside the rules, the scores and the score sheet."""

    rules: Rules
    seat: int
    phase: Phase
    to_move: int | None
    winner: int | None
    dealer: int
    deal_number: int
    scores: tuple[int, ...]
    sheet: ScoreSheet
    hand: int  # mask (0 while a blind bidder has not looked)
    hand_sizes: tuple[int, ...]
    bid: int
    bidder: int | None
    passed: int  # mask of seats
    declarer: int | None
    contract: int | None
    musik: int  # mask: the musik cards this seat saw
    discards: int  # mask: this seat's own discards
    trump: int  # suit, -1 for none
    leader: int | None
    trick: tuple[int, ...]  # cards, in the order played
    card_points: tuple[int, ...]
    marriages: tuple[tuple[int, int], ...]  # (seat, suit), without the ace marriage
    ace_marriage: int | None
    stock_size: int
    log: int  # the deal's moves as this seat saw them (see ``_vocab.movecodes``)
    legal: tuple[Move, ...]  # this seat's legal moves when it is to move
    drawn: tuple[int, ...]  # cards this seat drew from the stock, in order


_make_core: Final = tuple.__new__
#: The concealed moves by their code's kind.
_CONCEALED: Final[dict[int, Concealed]] = {
    **{CONCEALED_GIVE + to: Concealed("Give", to) for to in range(4)},
    CONCEALED_DISCARD: Concealed("Discard"),
}


def _visible(code: int) -> tuple[int, Move | Concealed]:
    kind = code >> SEAT_BITS
    concealed = _CONCEALED.get(kind)
    return (code & SEAT_MASK, move_of(code) if concealed is None else concealed)


class View:
    """Everything one seat may know about a game, and nothing else.

    ``print(view)`` shows it as a small table, like ``print(state)`` but with only this
    seat's hand (the others as card counts) and only the musik cards it has seen;
    ``repr(view)`` is one short line.

    A view holds the visible part of the state's compact form and decodes its attributes
    when they are read, so :func:`observe` costs about what a move costs; the knowledge
    (:attr:`possible`, :attr:`possible_piles`) is worked out when asked, each time.  Views
    compare equal and hash by value (every attribute), pickle, and ``copy.copy`` and
    ``copy.deepcopy`` return the view itself.  Its attributes are :mod:`attrs` fields
    (``attrs.fields(View)``), so ``attrs.evolve`` makes a changed copy, checking nothing.

    Example:
        >>> view = observe(new_game(seed=1), 2)
        >>> print(view)
        Seat 2's view. Deal 1, dealer 0: auction, seat 1 to move
        No bid yet; no trump
        Seat  Score  Points  Trick  Hand
           0      0       0         7 cards  (dealer)
           1      0       0         7 cards  (to move)
           2      0       0         JS KS  9C AC  JD  9H KH  (you)
        >>> view
        <View seat=2 phase=Phase.AUCTION deal_number=1 to_move=1 hand='JS KS  9C AC  JD  9H KH'>

    Attributes:
        rules: the rules.
        seat: whose view this is.
        phase: the phase.
        to_move: the seat to move (None when the game is over).
        dealer: the dealer of this deal.
        deal_number: the number of this deal, from 1.
        scores: the scores before this deal.
        sheet: the score sheet of the finished deals.
        winner: the winner, once the game is over.
        hand: this seat's cards.
        hand_sizes: how many cards each seat holds.
        bid: the highest bid (0 before the first).
        bidder: who made it.
        passed: the seats that passed in this auction.
        declarer: the declarer, once known.
        contract: the contract, once named.
        musik: the musik cards this seat has seen (shown to all, or taken by this seat).
        given: cards this seat gave or received, as ``(to, card)``.
        discards: cards this seat put away (two-player layouts).
        trump: the trump suit, if any.
        leader: who led the current trick.
        trick: the current trick as ``(seat, card)``.
        tricks: this deal's completed tricks, each as ``(seat, card)`` pairs, with
            ``trick_winners`` beside them.
        trick_winners: who took each completed trick.
        card_points: card points each seat has taken in tricks this deal.
        marriages: marriages declared this deal, as ``(seat, suit)``.
        stock_size: cards left in the stock (draw layouts).
        moves: this deal's moves as this seat saw them: hidden cards appear as
            :class:`Concealed`.
        legal_moves: this seat's legal moves when it is to move, else ``()``.
        drawn: the cards this seat drew from the stock this deal, in order (draw layouts;
            empty once the game is over, like ``tricks``).
        possible: for every seat, the cards it may still hold as far as this seat knows
            (this seat's own entry is its hand; see "Information sets and search" in the
            docs).  Worked out from the view when read.
        possible_piles: every face-down pile on the table (musik, discards, stock) with its
            size and the cards that may lie in it.  Worked out from the view when read.
        ace_marriage: the seat that declared the ace marriage this deal, or None.
    """

    __slots__ = ("_v",)

    _v: Any  # a ViewCore; in a view built by hand that no game produces, its values
    __attrs_attrs__: ClassVar[Any]  # the public attributes (set below the class)

    def __new__(
        cls,
        rules: Rules,
        seat: int,
        phase: Phase,
        to_move: int | None,
        dealer: int,
        deal_number: int,
        scores: tuple[int, ...],
        sheet: ScoreSheet,
        winner: int | None,
        hand: tuple[Card, ...],
        hand_sizes: tuple[int, ...],
        bid: int,
        bidder: int | None,
        passed: tuple[int, ...],
        declarer: int | None,
        contract: int | None,
        musik: tuple[Card, ...],
        given: tuple[tuple[int, Card], ...],
        discards: tuple[Card, ...],
        trump: Suit | None,
        leader: int | None,
        trick: tuple[tuple[int, Card], ...],
        tricks: tuple[tuple[tuple[int, Card], ...], ...],
        trick_winners: tuple[int, ...],
        card_points: tuple[int, ...],
        marriages: tuple[tuple[int, Suit], ...],
        stock_size: int,
        moves: tuple[tuple[int, Move | Concealed], ...],
        legal_moves: tuple[Move, ...],
        drawn: tuple[Card, ...],
        possible: tuple[frozenset[Card], ...],
        possible_piles: tuple[HiddenPile, ...],
        ace_marriage: int | None = None,
    ) -> View:
        given_values = _Given(
            rules,
            seat,
            phase,
            to_move,
            dealer,
            deal_number,
            scores,
            sheet,
            winner,
            hand,
            hand_sizes,
            bid,
            bidder,
            passed,
            declarer,
            contract,
            musik,
            given,
            discards,
            trump,
            leader,
            trick,
            tricks,
            trick_winners,
            card_points,
            marriages,
            stock_size,
            moves,
            legal_moves,
            drawn,
            possible,
            possible_piles,
            ace_marriage,
        )
        return _from_values(given_values)

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return type(self) is type(other) and self._v == other._v

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return type(self) is not type(other) or self._v != other._v

    def __hash__(self) -> int:
        return hash(self._v)

    def __reduce__(self) -> tuple[Callable[[Any], View], tuple[Any]]:
        return (_compact_view, (self._v,))

    def __repr__(self) -> str:
        return (
            f"<View seat={self.seat} phase={self.phase!r} deal_number={self.deal_number} "
            f"to_move={self.to_move} hand={cards_text(self.hand)!r}>"
        )

    def __str__(self) -> str:
        return view_text(self)

    def __copy__(self) -> View:
        return self

    def __deepcopy__(self, memo: object) -> View:
        return self

    # --- the attributes, decoded from the compact form ---------------------------------

    @property
    def rules(self) -> Rules:
        return self._v.rules  # type: ignore[no-any-return]

    @property
    def seat(self) -> int:
        return self._v.seat  # type: ignore[no-any-return]

    @property
    def phase(self) -> Phase:
        return self._v.phase  # type: ignore[no-any-return]

    @property
    def to_move(self) -> int | None:
        return self._v.to_move  # type: ignore[no-any-return]

    @property
    def dealer(self) -> int:
        return self._v.dealer  # type: ignore[no-any-return]

    @property
    def deal_number(self) -> int:
        return self._v.deal_number  # type: ignore[no-any-return]

    @property
    def scores(self) -> tuple[int, ...]:
        return self._v.scores  # type: ignore[no-any-return]

    @property
    def sheet(self) -> ScoreSheet:
        return self._v.sheet  # type: ignore[no-any-return]

    @property
    def winner(self) -> int | None:
        return self._v.winner  # type: ignore[no-any-return]

    @property
    def hand(self) -> tuple[Card, ...]:
        return mask_cards(self._v.hand)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return self._v.hand_sizes  # type: ignore[no-any-return]

    @property
    def bid(self) -> int:
        return self._v.bid  # type: ignore[no-any-return]

    @property
    def bidder(self) -> int | None:
        return self._v.bidder  # type: ignore[no-any-return]

    @property
    def passed(self) -> tuple[int, ...]:
        mask = self._v.passed
        return tuple([s for s in range(self._v.rules.players) if mask >> s & 1])

    @property
    def declarer(self) -> int | None:
        return self._v.declarer  # type: ignore[no-any-return]

    @property
    def contract(self) -> int | None:
        return self._v.contract  # type: ignore[no-any-return]

    @property
    def musik(self) -> tuple[Card, ...]:
        return mask_cards(self._v.musik)

    @property
    def given(self) -> tuple[tuple[int, Card], ...]:
        out = []
        for code in log_codes(self._v.log):
            kind = code >> SEAT_BITS
            if GIVE_CODE <= kind < GIVE_END:
                to, card = divmod(kind - GIVE_CODE, 24)
                out.append((to, CARDS[card]))
        return tuple(out)

    @property
    def discards(self) -> tuple[Card, ...]:
        return mask_cards(self._v.discards)

    @property
    def trump(self) -> Suit | None:
        trump: int = self._v.trump
        return None if trump < 0 else Suit(trump)

    @property
    def leader(self) -> int | None:
        return self._v.leader  # type: ignore[no-any-return]

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        v: ViewCore = self._v
        if v.leader is None or not v.trick:
            return ()
        seats = v.rules._play.trick_seats[v.dealer][v.leader]
        return tuple([(seats[i], CARDS[c]) for i, c in enumerate(v.trick)])

    @property
    def tricks(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        return tricks_of(self._v)[0]

    @property
    def trick_winners(self) -> tuple[int, ...]:
        return tricks_of(self._v)[1]

    @property
    def card_points(self) -> tuple[int, ...]:
        return self._v.card_points  # type: ignore[no-any-return]

    @property
    def marriages(self) -> tuple[tuple[int, Suit], ...]:
        return tuple([(seat, Suit(suit)) for seat, suit in self._v.marriages])

    @property
    def stock_size(self) -> int:
        return self._v.stock_size  # type: ignore[no-any-return]

    @property
    def moves(self) -> tuple[tuple[int, Move | Concealed], ...]:
        return tuple([_visible(code) for code in log_codes(self._v.log)])

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        return self._v.legal  # type: ignore[no-any-return]

    @property
    def drawn(self) -> tuple[Card, ...]:
        return tuple([CARDS[c] for c in self._v.drawn])

    @property
    def possible(self) -> tuple[frozenset[Card], ...]:
        return tuple([frozenset(mask_cards(m)) for m in scan_view(self._v).possible])

    @property
    def possible_piles(self) -> tuple[HiddenPile, ...]:
        return pile_view(scan_view(self._v).piles)

    @property
    def ace_marriage(self) -> int | None:
        return self._v.ace_marriage  # type: ignore[no-any-return]


@attrs.frozen(slots=True)
class _Given:
    """The public attributes of a view, as values (private): the fields of ``View``."""

    rules: Rules
    seat: int
    phase: Phase
    to_move: int | None
    dealer: int
    deal_number: int
    scores: tuple[int, ...]
    sheet: ScoreSheet
    winner: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    bid: int
    bidder: int | None
    passed: tuple[int, ...]
    declarer: int | None
    contract: int | None
    musik: tuple[Card, ...]
    given: tuple[tuple[int, Card], ...]
    discards: tuple[Card, ...]
    trump: Suit | None
    leader: int | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    trick_winners: tuple[int, ...]
    card_points: tuple[int, ...]
    marriages: tuple[tuple[int, Suit], ...]
    stock_size: int
    moves: tuple[tuple[int, Move | Concealed], ...]
    legal_moves: tuple[Move, ...]
    drawn: tuple[Card, ...]
    possible: tuple[frozenset[Card], ...]
    possible_piles: tuple[HiddenPile, ...]
    ace_marriage: int | None = None


#: ``attrs.fields(View)``, ``attrs.evolve`` and the JSON encoding see the public attributes
#: as the view's fields (``View(**fields)`` takes them), whatever the view stores.
setattr(View, "__attrs_attrs__", _Given.__attrs_attrs__)  # noqa: B010
View.__annotations__ = dict(_Given.__annotations__)
_FIELDS: Final = tuple(f.name for f in attrs.fields(_Given))


class _HandView(View):
    """A view built by hand whose values no game produces (private): it keeps them."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Callable[[Any], View], tuple[Any]]:
        return (_hand_view, (self._v,))

    def __repr__(self) -> str:
        try:
            return super().__repr__()
        except Exception:  # fields that are not what they say (a hand of ints, say)
            return f"<View seat={brief(self.seat)} phase={brief(self.phase)}, built by hand>"

    def __str__(self) -> str:
        try:
            return super().__str__()
        except Exception:  # fields that do not fit together: no table to print
            return f"{self!r}: its fields do not fit together"


def _given_property(name: str) -> property:
    def read(self: View) -> object:
        return getattr(self._v, name)

    return property(read, doc=getattr(View, name).__doc__)


for _name in _FIELDS:
    setattr(_HandView, _name, _given_property(_name))

_new_object: Final = object.__new__
_set_v: Final = vars(View)["_v"].__set__


def _compact_view(v: ViewCore) -> View:
    """The view whose compact form is ``v`` (observe's constructor; pickles call it)."""
    view: View = _new_object(View)
    _set_v(view, v)
    return view


def _hand_view(values: _Given) -> View:
    view: View = _new_object(_HandView)
    _set_v(view, values)
    return view


def _from_values(values: _Given) -> View:
    """A view with exactly these attributes: compact when the compact form decodes to
    them, else a :class:`_HandView` keeping them."""
    try:
        if not _typed(values):
            return _hand_view(values)
        core = _encode(values)
        view = _compact_view(core)
        if all(getattr(view, name) == getattr(values, name) for name in _FIELDS):
            return view
    except Exception:  # values no game produces: the view keeps them as given
        pass
    return _hand_view(values)


def _typed(g: _Given) -> bool:
    """Whether the fields that the compact form keeps as given have the types and shapes
    ``observe`` gives them: seats in range, one value per seat, a tuple of moves (equal
    values of other types would pass the round trip: ``None`` for the moves in both)."""
    if type(g.rules) is not Rules:
        return False
    n = g.rules.players
    seats = (g.seat, g.dealer)
    maybe = (g.to_move, g.winner, g.bidder, g.declarer, g.leader, g.ace_marriage)
    return (
        type(g.phase) is Phase
        and type(g.sheet) is ScoreSheet
        and all([type(x) is int and 0 <= x < n for x in seats])
        and all([x is None or (type(x) is int and 0 <= x < n) for x in maybe])
        and all([type(x) is int for x in (g.deal_number, g.bid, g.stock_size)])
        and (g.contract is None or type(g.contract) is int)
        and all([_ints(t, n) for t in (g.scores, g.hand_sizes, g.card_points)])
        and type(g.legal_moves) is tuple
        and all([isinstance(m, MOVE_TYPES) for m in g.legal_moves])
    )


def _ints(values: object, n: int) -> bool:
    """Whether ``values`` is a tuple of ``n`` ints."""
    return type(values) is tuple and len(values) == n and all([type(x) is int for x in values])


def view_code(who: int, move: Move | Concealed) -> int:
    """The 16-bit code of ``(who, move)`` in a view's log, a :class:`Concealed` move coded as
    such (ValueError for what is neither a move nor a seat)."""
    if isinstance(move, Concealed):
        kind = CONCEALED_GIVE + move.to if move.kind == "Give" and move.to is not None else -1
        if move.kind == "Discard":
            kind = CONCEALED_DISCARD
        if kind < 0:
            raise ValueError("not a concealed move")
        return kind << SEAT_BITS | who
    if not 0 <= who <= SEAT_MASK:
        raise ValueError("not a seat")
    return move_code(move) | who


def _encode(g: _Given) -> ViewCore:
    """The compact form of the values ``g`` (checked by the caller, who decodes it back)."""
    marriages = tuple((seat, int(suit)) for seat, suit in g.marriages)
    return _make_core(
        ViewCore,
        (
            g.rules,
            g.seat,
            g.phase,
            g.to_move,
            g.winner,
            g.dealer,
            g.deal_number,
            g.scores,
            g.sheet,
            cards_mask(g.hand),
            g.hand_sizes,
            g.bid,
            g.bidder,
            sum(1 << s for s in set(g.passed)),
            g.declarer,
            g.contract,
            cards_mask(g.musik),
            cards_mask(g.discards),
            -1 if g.trump is None else int(g.trump),
            g.leader,
            tuple(card.index for _, card in g.trick),
            g.card_points,
            marriages,
            g.ace_marriage,
            g.stock_size,
            codes_log(tuple(view_code(who, move) for who, move in g.moves)),
            g.legal_moves,
            tuple(card.index for card in g.drawn),
        ),
    )
