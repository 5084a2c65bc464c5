"""tysiac: the rules of the card game Tysiąc (Thousand, 1000) as an immutable-state engine.

>>> from tysiac import new_game, legal_moves, apply
>>> state = new_game(seed=7)
>>> legal_moves(state)[0]
Bid(100)
"""

import inspect

from ._cards import CARDS, Card, Rank, Suit, parse_cards
from ._compiled import COMPILED
from ._endgame import BarrelFailure, BoltRule, ConcessionPayout
from ._engine import apply, legal_moves, new_game
from ._errors import (
    IllegalMoveError,
    InvalidActionError,
    InvalidCardError,
    InvalidDealError,
    InvalidRulesError,
    InvalidSeatError,
    LoadError,
    NotABotError,
    NotAMoveError,
    NotAnActionError,
    NotAStateError,
    TysiacError,
)
from ._history import ScoreSheet
from ._json import from_json, to_json
from ._knowledge import HiddenPile, Pile
from ._moves import (
    Bid,
    Bomb,
    ChooseMusik,
    Claim,
    Concede,
    Contract,
    Discard,
    Give,
    Move,
    Pass,
    Play,
    Redeal,
)
from ._notation import parse_move
from ._records import DealRecord, GameRecord, record, replay
from ._rollout import Policy, rollout
from ._rules import (
    PRESETS,
    BombPayout,
    BombRule,
    Declaration,
    DefenderCap,
    HalfRounding,
    Layout,
    MarriageCards,
    RedealMarriage,
    Rules,
    TrumpTiming,
)
from ._sampling import ImpossibleViewError, sample_world
from ._state import DealResult, Outcome, Phase, State
from ._views import Concealed, View, observe
from .bots._tournament import tournament

__version__ = "0.1.0.dev0"

__all__ = [
    "CARDS",
    "COMPILED",
    "PRESETS",
    "BarrelFailure",
    "Bid",
    "BoltRule",
    "Bomb",
    "BombPayout",
    "BombRule",
    "Card",
    "ChooseMusik",
    "Claim",
    "Concealed",
    "Concede",
    "ConcessionPayout",
    "Contract",
    "DealRecord",
    "DealResult",
    "Declaration",
    "DefenderCap",
    "Discard",
    "GameRecord",
    "Give",
    "HalfRounding",
    "HiddenPile",
    "IllegalMoveError",
    "ImpossibleViewError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidRulesError",
    "InvalidSeatError",
    "Layout",
    "LoadError",
    "MarriageCards",
    "Move",
    "NotABotError",
    "NotAMoveError",
    "NotAStateError",
    "NotAnActionError",
    "Outcome",
    "Pass",
    "Phase",
    "Pile",
    "Play",
    "Policy",
    "Rank",
    "Redeal",
    "RedealMarriage",
    "Rules",
    "ScoreSheet",
    "State",
    "Suit",
    "TrumpTiming",
    "TysiacError",
    "View",
    "__version__",
    "apply",
    "from_json",
    "legal_moves",
    "new_game",
    "observe",
    "parse_cards",
    "parse_move",
    "record",
    "replay",
    "rollout",
    "sample_world",
    "to_json",
    "tournament",
]

# The public names report the package as their module: ``tysiac.Card``, not
# ``tysiac._cards.Card``, in tracebacks, ``help()``, the docs and pickles (which find them
# here).  The private modules stay an implementation detail.
for _name in __all__:
    _public = globals()[_name]
    if isinstance(_public, type) or inspect.isfunction(_public) or inspect.isbuiltin(_public):
        _public.__module__ = __name__
del _name, _public
