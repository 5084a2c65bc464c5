"""What one seat may know: :func:`observe` and the :class:`View`.

See the rules, section 14 'What each seat may know'.

A :class:`View` is built from plain values copied out of the state; it holds no
reference to the :class:`~tysiac.State`, the seed, or any card the seat may not see.
"""

from __future__ import annotations

import attrs

from .._engine.api import legal_moves
from .._engine.auction import unseen
from .._engine.core import Phase
from .._engine.history import ScoreSheet
from .._engine.state import State
from .._engine.text import cards_text
from .._errors import InvalidSeatError, NotAStateError, brief
from .._rules.layouts import GEOMETRY
from .._rules.options import Layout
from .._rules.rules import Rules
from .._vocab.cards import CARDS, Card, Suit, mask_cards
from .._vocab.masks import ACE_MARRIAGE, mask_points
from .._vocab.moves import ChooseMusik, Discard, Give, Move, Play
from .knowledge import HiddenPile, pile_view, scan
from .text import view_text

__all__ = [
    "Concealed",
    "View",
    "observe",
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


@attrs.frozen(slots=True, repr=False)
class View:
    """Everything one seat may know about a game, and nothing else.

    ``print(view)`` shows it as a small table, like ``print(state)`` but with only this
    seat's hand (the others as card counts) and only the musik cards it has seen;
    ``repr(view)`` is one short line.

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
        drawn: the cards this seat drew from the stock this deal, in order (draw layouts).
        possible: for every seat, the cards it may still hold as far as this seat knows
            (this seat's own entry is its hand; see "Information sets and search" in the
            docs).
        possible_piles: every face-down pile on the table (musik, discards, stock) with its
            size and the cards that may lie in it.
        ace_marriage: the seat that declared the ace marriage this deal, or None.
    """

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


def observe(state: State, seat: int) -> View:
    """The :class:`View` of ``state`` from ``seat``: what that player may know.

    Raises:
        InvalidSeatError: ``seat`` is not a seat of this game.
    """

    if not isinstance(state, State):
        raise NotAStateError(
            f"{type(state).__name__} object is not a State: make one with new_game()"
        )
    n = state.rules.players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise InvalidSeatError(f"seat={brief(seat)} is not a seat: use 0..{n - 1}")
    s = state
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
    return View(
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
