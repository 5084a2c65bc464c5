"""Names the compiled engine reads as C statics, bound once here (private).

In the compiled build a module-level name declared ``Final`` is a C static: reading it is one
load, also from another compiled module that imports it.  A name imported straight from a
module that stays pure (the enums, the named tuples, the move classes and tables) is looked up
in the importing module's dictionary at every use instead, and an enum member read as
``Phase.PLAY`` runs the enum metaclass's ``__getattr__`` in Python 3.11.  So the engine's hot
and warm paths read such names from here, by names that say what they are:

- an enum member: its enum's name and the member's, ``PHASE_PLAY``, ``OUTCOME_BOMBED``,
  ``LAYOUT_THREE``, ``BOMB_RULE_OFF``;
- a class: its name and ``_CLASS``, ``PLAY_CLASS``, ``CORE_CLASS``;
- a shared move or table of moves: what it holds, ``PASS_MOVE``, ``PLAYS_BY_SUIT``.

In the pure build these are ordinary module globals, as cheap as any other.  See the
contributor page, "Hot-path conventions".
"""

from __future__ import annotations

from typing import Final

from .._rules.options import (
    BombPayout,
    BombRule,
    ConcessionPayout,
    DefenderCap,
    HalfRounding,
    Layout,
    RedealMarriage,
)
from .._vocab.moves import (
    GIVES,
    PASS,
    REDEAL,
    SUIT_DISCARDS,
    SUIT_GIVES,
    SUIT_PLAYS,
    Bid,
    Give,
    Pass,
    Play,
    Redeal,
)
from .core import Core, DealInfo, GameInfo, Phase, make_core
from .history import ScoreSheet
from .results import Outcome

__all__ = [
    "BID_CLASS",
    "BOMB_PAYOUT_SIXTY",
    "BOMB_RULE_AT_OPENING_BID",
    "BOMB_RULE_OFF",
    "BOMB_RULE_UP_TO_120",
    "CONCESSION_PAYOUT_HALF_ANY_BID",
    "CONCESSION_PAYOUT_HALF_BID",
    "CORE_CLASS",
    "DEAL_INFO_CLASS",
    "DEFENDER_CAP_BELOW_TARGET",
    "DEFENDER_CAP_NONE",
    "DEFENDER_CAP_NOTHING",
    "DISCARDS_BY_SUIT",
    "GAME_INFO_CLASS",
    "GIVES_BY_SUIT",
    "GIVES_TO",
    "GIVE_CLASS",
    "HALF_ROUNDING_UP",
    "LAYOUT_FOUR_SITTER",
    "LAYOUT_THREE",
    "LAYOUT_TWO_CLASSIC",
    "LAYOUT_TWO_MUSIKS_OF_THREE",
    "LAYOUT_TWO_OPEN_MUSIK",
    "MAKE_CORE",
    "OUTCOME_BOMBED",
    "OUTCOME_CLAIMED",
    "OUTCOME_CONCEDED",
    "OUTCOME_PLAYED",
    "OUTCOME_REDEALT",
    "PASS_CLASS",
    "PASS_MOVE",
    "PASS_ONLY",
    "PHASE_AUCTION",
    "PHASE_CHOOSE_MUSIK",
    "PHASE_CONTRACT",
    "PHASE_DISCARD",
    "PHASE_GAME_OVER",
    "PHASE_GIVE",
    "PHASE_PLAY",
    "PLAYS_BY_SUIT",
    "PLAY_CLASS",
    "REDEAL_CLASS",
    "REDEAL_MARRIAGE_BOTH",
    "REDEAL_MARRIAGE_NEVER",
    "REDEAL_MOVE",
    "SCORE_SHEET_CLASS",
]

# the phases
PHASE_AUCTION: Final = Phase.AUCTION
PHASE_CHOOSE_MUSIK: Final = Phase.CHOOSE_MUSIK
PHASE_DISCARD: Final = Phase.DISCARD
PHASE_GIVE: Final = Phase.GIVE
PHASE_CONTRACT: Final = Phase.CONTRACT
PHASE_PLAY: Final = Phase.PLAY
PHASE_GAME_OVER: Final = Phase.GAME_OVER

# how a deal ends
OUTCOME_PLAYED: Final = Outcome.PLAYED
OUTCOME_CLAIMED: Final = Outcome.CLAIMED
OUTCOME_BOMBED: Final = Outcome.BOMBED
OUTCOME_REDEALT: Final = Outcome.REDEALT
OUTCOME_CONCEDED: Final = Outcome.CONCEDED

# the layouts and options the phases test
LAYOUT_THREE: Final = Layout.THREE
LAYOUT_TWO_CLASSIC: Final = Layout.TWO_CLASSIC
LAYOUT_TWO_MUSIKS_OF_THREE: Final = Layout.TWO_MUSIKS_OF_THREE
LAYOUT_TWO_OPEN_MUSIK: Final = Layout.TWO_OPEN_MUSIK
LAYOUT_FOUR_SITTER: Final = Layout.FOUR_SITTER
BOMB_RULE_OFF: Final = BombRule.OFF
BOMB_RULE_AT_OPENING_BID: Final = BombRule.AT_OPENING_BID
BOMB_RULE_UP_TO_120: Final = BombRule.UP_TO_120
BOMB_PAYOUT_SIXTY: Final = BombPayout.SIXTY
DEFENDER_CAP_NONE: Final = DefenderCap.NONE
DEFENDER_CAP_BELOW_TARGET: Final = DefenderCap.BELOW_TARGET
DEFENDER_CAP_NOTHING: Final = DefenderCap.NOTHING
HALF_ROUNDING_UP: Final = HalfRounding.UP
CONCESSION_PAYOUT_HALF_BID: Final = ConcessionPayout.HALF_BID
CONCESSION_PAYOUT_HALF_ANY_BID: Final = ConcessionPayout.HALF_ANY_BID
REDEAL_MARRIAGE_BOTH: Final = RedealMarriage.BOTH
REDEAL_MARRIAGE_NEVER: Final = RedealMarriage.NEVER

# the classes of the pure modules, and the constructor of the compact form
CORE_CLASS: Final = Core
GAME_INFO_CLASS: Final = GameInfo
DEAL_INFO_CLASS: Final = DealInfo
SCORE_SHEET_CLASS: Final = ScoreSheet
#: ``MAKE_CORE(CORE_CLASS, fields)``: a named tuple from a tuple of its fields (see ``core``).
MAKE_CORE: Final = make_core
BID_CLASS: Final = Bid
PASS_CLASS: Final = Pass
REDEAL_CLASS: Final = Redeal
GIVE_CLASS: Final = Give
PLAY_CLASS: Final = Play

# the shared moves and tables of moves
PASS_MOVE: Final = PASS
PASS_ONLY: Final = (PASS,)
REDEAL_MOVE: Final = REDEAL
#: ``PLAYS_BY_SUIT[suit][rank bits]``: the plays of those cards, in rank order.
PLAYS_BY_SUIT: Final = SUIT_PLAYS
#: ``GIVES_BY_SUIT[to][suit][rank bits]``: the gives of those cards to seat ``to``.
GIVES_BY_SUIT: Final = SUIT_GIVES
#: ``DISCARDS_BY_SUIT[suit][rank bits]``: the discards of those cards.
DISCARDS_BY_SUIT: Final = SUIT_DISCARDS
#: ``GIVES_TO[to][card]``: the give of one card to seat ``to``.
GIVES_TO: Final = GIVES
