"""The :class:`State` class (private; :mod:`tysiac` exports it).

It has a module of its own so that the compiled build can compile it (see the contributor
page, "Two builds"): there it is a native class, whose field the engine reads and writes at
C speed, where the compact form's named tuples (:mod:`tysiac._engine.core`) stay pure.
In both builds the class is the same: one slot, ``_c``, refusing assignment and deletion
with :class:`attrs.exceptions.FrozenInstanceError`, compared and hashed by that field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, final

from attrs.exceptions import FrozenInstanceError

from .._errors import NotAStateError
from .._vocab.cards import CARDS, Card, Suit, mask_cards
from .._vocab.masks import ACE_MARRIAGE, mask_points
from .._vocab.movecodes import log_moves
from .core import Phase
from .text import state_text

if TYPE_CHECKING:
    from .._rules.rules import Rules
    from .._vocab.moves import Move
    from .core import Core, DealInfo, GameInfo
    from .history import ScoreSheet

__all__ = [
    "NATIVE",
    "State",
    "new_object",
    "new_state",
    "set_core",
]

#: The key that lets :func:`new_state` past ``State.__init__``, which refuses everybody else.
_KEY: Final = object()
_GAME_OVER: Final = Phase.GAME_OVER  # (``Phase.GAME_OVER`` is a slow read in 3.11: see _scoring)


@final
class State:
    """A complete, immutable game position: every card's place, the auction, the scores.

    A ``State`` knows everything, hidden cards included: give a player
    :func:`~tysiac.observe` of it, not the state itself.  States are created by
    :func:`~tysiac.new_game`, :func:`~tysiac.apply`, :func:`~tysiac.replay` and
    :func:`~tysiac.from_json` (``State(...)`` itself raises :class:`~tysiac.NotAStateError`);
    they compare equal and hash by value, and ``copy.copy`` and ``copy.deepcopy`` return the
    state itself.  A state carries its game's history (see :func:`~tysiac.record`), shared
    with the states it was played from, so hashing, copying and :func:`~tysiac.observe` cost
    the same after any number of deals, and so does comparing states of one game (their
    histories are the same objects); two games played separately compare their histories
    move by move, without recursion.

    Its only field holds the engine's compact form (cards as indexes 0..23, sets of cards as
    24-bit masks) in one tuple, so that making a state on the hot path costs one tuple;
    read the state through its properties.

    ``print(state)`` shows the position as a small table: the deal, the phase and the seat
    to move; the bid or the contract and the trump; each seat's score, card points taken
    this deal, card in the current trick and hand (every hand face up); then the musik,
    the discards and the stock, where there are any.

    Example:
        >>> print(new_game(seed=1))
        Deal 1, dealer 0: auction, seat 1 to move
        No bid yet; no trump
        Seat  Score  Points  Trick  Hand
           0      0       0         TS  KC  9D KD AD  QH TH  (dealer)
           1      0       0         QS AS  JC QC TC  TD  JH  (to move)
           2      0       0         JS KS  9C AC  JD  9H KH
        Musik: 9S  QD  AH
    """

    __slots__ = ("_c",)

    _c: Core

    def __init__(
        self, c: object = None, key: object = None, *args: object, **kwargs: object
    ) -> None:
        if key is not _KEY or args or kwargs:  # any other call is refused, however made
            raise NotAStateError(
                "State objects are not built directly: use new_game(), apply(), replay() or "
                "from_json()"
            )
        object.__setattr__(self, "_c", c)  # past __setattr__ (compiled: a plain store)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError

    def __eq__(self, other: object) -> bool:
        if type(other) is not State:
            return NotImplemented
        return self._c == other._c

    def __ne__(self, other: object) -> bool:
        if type(other) is not State:
            return NotImplemented
        return self._c != other._c

    def __hash__(self) -> int:
        return hash(self._c)

    def __reduce__(self) -> tuple[object, tuple[Core]]:
        return (new_state, (self._c,))

    def __copy__(self) -> State:
        return self

    def __deepcopy__(self, memo: object) -> State:
        return self

    @property
    def rules(self) -> Rules:
        """The rules of this game."""
        return self._c.rules

    @property
    def phase(self) -> Phase:
        """What happens next (:class:`Phase`)."""
        return self._c.phase

    @property
    def to_move(self) -> int | None:
        """The seat to move, or None when the game is over."""
        return self._c.to_move

    @property
    def winner(self) -> int | None:
        """The seat that won the game, or None while it goes on."""
        return self._c.winner

    @property
    def leader(self) -> int | None:
        """The seat that led the current trick (in the play phase)."""
        return self._c.leader

    @property
    def _game(self) -> GameInfo:
        return self._c.game

    @property
    def _deal(self) -> DealInfo:
        return self._c.deal

    @property
    def _hands(self) -> tuple[int, ...]:
        return self._c.hands

    @property
    def _stock(self) -> tuple[int, ...]:
        return self._c.stock

    @property
    def _trick(self) -> tuple[int, ...]:
        return self._c.trick

    @property
    def _trump(self) -> int:
        return self._c.trump

    @property
    def _pending_trump(self) -> int:
        return self._c.pending_trump

    @property
    def _taken(self) -> tuple[int, ...]:
        return self._c.taken

    @property
    def _marriages(self) -> tuple[tuple[int, int], ...]:
        return self._c.marriages

    @property
    def _log(self) -> int:
        return self._c.log

    # --- the game and deal records --------------------------------------------------------

    @property
    def deal_number(self) -> int:
        """The number of the current deal, from 1 (a redeal starts a new number)."""
        return self._c.game.deal_number

    @property
    def dealer(self) -> int:
        """The seat that dealt the current deal."""
        return self._c.game.dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """The score of each seat before the current deal."""
        return self._c.game.scores

    @property
    def sheet(self) -> ScoreSheet:
        """The score sheet: one :class:`DealResult` per finished deal, oldest first.

        A :class:`ScoreSheet`, an immutable sequence shared with the game's other states.
        """
        return self._c.game.sheet

    @property
    def bid(self) -> int:
        """The highest bid so far (0 before the first bid, and in the draw game)."""
        return self._c.deal.bid

    @property
    def bidder(self) -> int | None:
        """The seat that made the highest bid."""
        return self._c.deal.bidder

    @property
    def declarer(self) -> int | None:
        """The declarer (winner of the auction), once known."""
        return self._c.deal.declarer

    @property
    def contract(self) -> int | None:
        """The contract, once named."""
        return self._c.deal.contract

    @property
    def _seed(self) -> int:
        return self._c.game.seed

    @property
    def _bombs(self) -> tuple[int, ...]:
        return self._c.game.bombs

    @property
    def _deck(self) -> tuple[int, ...]:
        return self._c.game.deck

    @property
    def _musiks(self) -> tuple[int, ...]:
        return self._c.deal.musiks

    @property
    def _discards(self) -> int:
        return self._c.deal.discards

    @property
    def _revealed(self) -> int:
        return self._c.deal.revealed

    @property
    def _passed(self) -> int:
        return self._c.deal.passed

    @property
    def _acted(self) -> int:
        return self._c.deal.acted

    # --- public views of the compact fields ---------------------------------------------

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (then :attr:`winner` is set)."""
        return self._c.phase is _GAME_OVER

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand, in card order."""
        return tuple(mask_cards(m) for m in self._hands)

    @property
    def trump(self) -> Suit | None:
        """The trump suit (*atu*), or None before the first marriage."""
        return None if self._trump < 0 else Suit(self._trump)

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick as ``(seat, card)`` pairs in the order played."""
        if self.leader is None:
            return ()
        seats = _trick_seats(self, len(self._trick))
        return tuple((s, CARDS[c]) for s, c in zip(seats, self._trick, strict=True))

    @property
    def musiks(self) -> tuple[tuple[Card, ...], ...]:
        """The musik(s) still on the table (not yet taken), face down or up."""
        return tuple(mask_cards(m) for m in self._musiks)

    @property
    def revealed_musik(self) -> tuple[Card, ...]:
        """The musik cards that were turned face up for every seat this deal."""
        return mask_cards(self._revealed)

    @property
    def discards(self) -> tuple[Card, ...]:
        """Cards put away by the declarer (two-player layouts)."""
        return mask_cards(self._discards)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The face-down stock of the draw layouts, next card first."""
        return tuple(CARDS[c] for c in self._stock)

    @property
    def taken(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat has taken in tricks this deal."""
        return tuple(mask_cards(m) for m in self._taken)

    @property
    def card_points(self) -> tuple[int, ...]:
        """The card points each seat has taken in tricks this deal."""
        return tuple(mask_points(m) for m in self._taken)

    @property
    def marriages(self) -> tuple[tuple[int, Suit], ...]:
        """The marriages declared this deal, as ``(seat, suit)`` in order (the ace marriage
        is :attr:`ace_marriage`)."""
        return tuple((seat, Suit(suit)) for seat, suit in self._marriages if suit != ACE_MARRIAGE)

    @property
    def ace_marriage(self) -> int | None:
        """The seat that declared the ace marriage (all four aces) this deal, or None.

        It names no trump; see the rules, section 15 (option ``ace_marriage``).
        """
        for seat, suit in self._marriages:
            if suit == ACE_MARRIAGE:
                return seat
        return None

    @property
    def passed(self) -> tuple[int, ...]:
        """The seats that have passed in this deal's auction."""
        return tuple(s for s in range(self.rules.players) if self._passed >> s & 1)

    @property
    def bombs(self) -> tuple[int, ...]:
        """How many bombs each seat has thrown this game."""
        return self._bombs

    @property
    def moves(self) -> tuple[tuple[int, Move], ...]:
        """The moves of the current deal as ``(seat, move)``, oldest first."""
        return log_moves(self._c.log)

    @property
    def tricks_played(self) -> int:
        """The number of completed tricks in this deal."""
        return _tricks_played(self)

    def __repr__(self) -> str:
        bits_ = [
            f"phase={self.phase!r}",
            f"deal_number={self.deal_number}",
            f"dealer={self.dealer}",
            f"to_move={self.to_move}",
            f"scores={self.scores}",
        ]
        if self.declarer is not None:
            bits_.append(f"declarer={self.declarer}")
        if self.contract is not None:
            bits_.append(f"contract={self.contract}")
        if self._trump >= 0:
            bits_.append(f"trump={self.trump!r}")
        if self.winner is not None:
            bits_.append(f"winner={self.winner}")
        return f"<State {' '.join(bits_)}>"

    def __str__(self) -> str:

        return state_text(self)


#: Whether ``State`` is a native class (the compiled build).  The pure build makes states
#: with ``new_object(State)`` and ``set_core(state, core)``, two calls in C, where
#: ``State(core, _KEY)`` would run ``__init__`` in Python; the compiled build calls
#: ``State(core, _KEY)``, there one C function.  The hottest path (``tricks``) inlines
#: :func:`new_state` in both forms.
NATIVE: Final = type(vars(State)["_c"]).__name__ != "member_descriptor"

new_object: Final = object.__new__
set_core: Final = vars(State)["_c"].__set__


def _refuse(cls: object, *args: object, **kwargs: object) -> object:
    raise NotAStateError(
        "State objects are not built directly: use new_game(), apply(), replay() or from_json()"
    )


if not NATIVE:
    # ``State.__new__(State)`` refuses, as the compiled build's does (its __new__ runs
    # __init__): the pure build makes states with ``object.__new__``, never through it
    setattr(State, "__new__", staticmethod(_refuse))  # noqa: B010  (a class's slot)


def new_state(c: Core) -> State:
    """The engine's constructor of states (``State(...)`` is refused)."""
    if NATIVE:
        return State(c, _KEY)  # compiled: one C call
    s: State = new_object(State)  # pure: two calls in C, where State(c, _KEY) runs __init__
    set_core(s, c)
    return s


def _tricks_played(s: State) -> int:
    return sum(m.bit_count() for m in s._taken) // s.rules._play.active


def _trick_seats(s: State, count: int) -> tuple[int, ...]:
    leader = s.leader
    assert leader is not None
    return s.rules._play.trick_seats[s.dealer][leader][:count]
