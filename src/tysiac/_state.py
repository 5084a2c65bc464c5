"""The immutable game :class:`State`, its :class:`Phase` and the score-sheet rows."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, NamedTuple

import attrs

from ._cards import Card, Suit
from ._rules import Rules

if TYPE_CHECKING:
    from ._history import History, ScoreSheet

__all__ = [
    "NATIVE",
    "Core",
    "DealResult",
    "Outcome",
    "Phase",
    "State",
    "make_core",
    "new_state",
]


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


def all_cards(s: State) -> int:
    """The union of every card location (for invariant checks): always all 24 cards."""
    m = s._discards | sum(1 << c for c in s._trick) | sum(1 << c for c in s._stock)
    for x in (*s._hands, *s._musiks, *s._taken):
        m |= x
    return m


# the State class has a module of its own, compiled in the compiled build (a named tuple,
# such as Core above, cannot be); it imports Phase from here, so it comes last
from ._stateclass import NATIVE, State, new_state  # noqa: E402
from ._stateclass import _new as _new  # noqa: E402, PLC0414
from ._stateclass import _set_c as _set_c  # noqa: E402, PLC0414
