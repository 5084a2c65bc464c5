"""The engine's compact form of a state (private): :class:`Core` and its parts, and the
:class:`Phase` of a deal.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, NamedTuple

from .._rules.rules import Rules

if TYPE_CHECKING:
    from .history import History, ScoreSheet

__all__ = [
    "Core",
    "DealInfo",
    "GameInfo",
    "Phase",
    "make_core",
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
