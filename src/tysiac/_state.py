"""The immutable game :class:`State`, its :class:`Phase` and the score-sheet rows."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from ._cards import ACE_MARRIAGE, CARDS, Card, Suit, mask_cards, mask_points
from ._errors import NotAStateError
from ._movecodes import log_moves
from ._moves import Move
from ._rules import Rules

if TYPE_CHECKING:
    from ._history import History, ScoreSheet

__all__ = ["Core", "DealResult", "Outcome", "Phase", "State", "make_core", "new_state"]


class Phase(enum.Enum):
    """The phase of a deal: who does what next."""

    AUCTION = "auction"
    """Bidding (*licytacja*): ``Bid``, ``Pass`` or ``Redeal``."""
    CHOOSE_MUSIK = "choose-musik"
    """Two players with two musiks: the declarer picks one (``ChooseMusik``)."""
    DISCARD = "discard"
    """Two players: the declarer puts cards away (``Discard``)."""
    GIVE = "give"
    """Three-handed play: the declarer gives one card to each opponent (``Give``)."""
    CONTRACT = "contract"
    """The declarer names the contract (``Contract``) or bombs (``Bomb``)."""
    PLAY = "play"
    """Trick play (``Play``, and ``Claim`` where allowed)."""
    GAME_OVER = "game-over"
    """Somebody won; there are no legal moves."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"

    def __str__(self) -> str:
        return self.__repr__()

    # members are singletons: identity hashing is correct and much faster than Enum's
    __hash__ = object.__hash__


class Outcome(enum.Enum):
    """How a deal ended, on the score sheet."""

    PLAYED = "played"
    """All tricks were played (or, without a declarer, the draw game was played out)."""
    CLAIMED = "claimed"
    """The declarer claimed the remaining tricks."""
    BOMBED = "bombed"
    """The declarer threw a bomb; the cards were not played."""
    REDEALT = "redealt"
    """A player asked for a redeal; nobody scored."""
    CONCEDED = "conceded"
    """The declarer conceded (*rospisat'*); the cards were not played."""

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"

    def __str__(self) -> str:
        return self.__repr__()


@attrs.frozen(slots=True)
class DealResult:
    """One row of the score sheet: how a deal ended and what each seat scored.

    Attributes:
        number: the deal's number in the game, from 1 (redeals count).
        dealer: the seat that dealt.
        outcome: how the deal ended.
        declarer: the declarer, or None (redeal, draw game).
        contract: the contract (for a bomb: the bid), or None.
        totals: each seat's card points plus declared marriages this deal.
        marriages: the marriages declared, as ``(seat, suit)`` in order.
        deltas: what each seat added to its score.
        scores: the scores after the deal.
        shown: cards shown to every seat when the deal was scored: the four-player
            sitter's scoring cards in the musik (its aces and a marriage), which become
            public then (see the rules, section 13 "Four players").
        bolts: each seat's bolts so far, when the rules count bolts (else ``()``).
        barrel_deals: for each seat, the deals it has played on the barrel, or -1 when it
            is not on the barrel, when the rules mount the barrel (else ``()``).
        concessions: each seat's concessions so far, when the rules allow them (else
            ``()``).
        deal_deltas: what the deal itself gave each seat, before mounting the barrel,
            bolts, penalties and the dump, when any of those rules is on (else ``()``:
            then it equals ``deltas``).
        ace_marriage: the seat that declared the ace marriage (all four aces) this deal,
            or None; it is in that seat's total (see the rules, section 15).
    """

    number: int
    dealer: int
    outcome: Outcome
    declarer: int | None
    contract: int | None
    totals: tuple[int, ...]
    marriages: tuple[tuple[int, Suit], ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    shown: tuple[Card, ...] = ()
    bolts: tuple[int, ...] = ()
    barrel_deals: tuple[int, ...] = ()
    concessions: tuple[int, ...] = ()
    deal_deltas: tuple[int, ...] = ()
    ace_marriage: int | None = None

    def __copy__(self) -> DealResult:
        return self

    def __deepcopy__(self, memo: object) -> DealResult:
        return self

    @property
    def made(self) -> bool | None:
        """Whether the declarer made the contract (None without a played contract)."""
        if self.declarer is None or self.outcome in (
            Outcome.BOMBED,
            Outcome.REDEALT,
            Outcome.CONCEDED,
        ):
            return None
        deltas = self.deal_deltas or self.deltas
        return deltas[self.declarer] > 0  # the declarer scores +contract or -contract


class GameInfo(NamedTuple):
    """The part of a state that changes once a deal (private)."""

    seed: int
    deal_number: int
    dealer: int
    scores: tuple[int, ...]
    bombs: tuple[int, ...]
    sheet: ScoreSheet  # the finished deals' rows
    deck: tuple[int, ...]
    history: History  # the finished deals' moves, and where the known history starts


class DealInfo(NamedTuple):
    """The part of a state that the auction and the musik change, and the play does not."""

    musiks: tuple[int, ...]
    discards: int
    revealed: int
    bid: int
    bidder: int | None
    passed: int
    acted: int
    declarer: int | None
    contract: int | None


class Core(NamedTuple):
    """The engine's compact form of a state (private): cards as indexes 0..23, sets of
    cards as 24-bit masks, seats as ints.  Built with :func:`make_core` on the hot path."""

    rules: Rules
    game: GameInfo  # seed, deal number, dealer, scores, bombs, sheet, deck, history
    phase: Phase
    to_move: int | None
    winner: int | None
    deal: DealInfo  # the auction and the musik
    hands: tuple[int, ...]  # per seat, as masks
    stock: tuple[int, ...]  # next card first
    leader: int | None  # the leader of the current trick
    trick: tuple[int, ...]  # the current trick, cards in the order played
    trump: int  # the trump suit, -1 for none
    pending_trump: int  # a trump declared for the next trick, -1 for none
    taken: tuple[int, ...]  # the cards taken, per seat, as masks
    marriages: tuple[tuple[int, int], ...]  # declared: (seat, suit); (seat, 4) the ace marriage
    log: int  # the deal's moves, 16 bits a move, newest lowest (see ``_movecodes``)
    play_mask: int  # play phase: the cards the seat to move may play (else -1, unknown)


#: ``make_core(Core, values)``: a :class:`Core` (or a :class:`DealInfo`, a
#: :class:`GameInfo`) from a tuple of its fields, without the keyword handling of
#: ``Core(...)`` (the hot path makes one per move; both builds call it at C speed).
make_core = tuple.__new__


@attrs.frozen(slots=True, repr=False, init=False)
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

    _c: Core

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise NotAStateError(
            "State objects are not built directly: use new_game(), apply(), replay() or from_json()"
        )

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
        return self.phase is Phase.GAME_OVER

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
        from ._text import state_text  # noqa: PLC0415  (the text module reads states)

        return state_text(self)


_new = object.__new__
_set_c = State.__dict__["_c"].__set__


def new_state(c: Core) -> State:
    """The engine's constructor of states (``State(...)`` is refused)."""
    s: State = _new(State)
    _set_c(s, c)
    return s


def _tricks_played(s: State) -> int:
    return sum(m.bit_count() for m in s._taken) // s.rules._play.active


def _trick_seats(s: State, count: int) -> list[int]:
    seat = s.leader
    assert seat is not None
    nxt = s.rules._play.next_seat[s.dealer]
    out = []
    for _ in range(count):
        out.append(seat)
        seat = nxt[seat]
    return out


def all_cards(s: State) -> int:
    """The union of every card location (for invariant checks): always all 24 cards."""
    m = s._discards | sum(1 << c for c in s._trick) | sum(1 << c for c in s._stock)
    for x in (*s._hands, *s._musiks, *s._taken):
        m |= x
    return m
