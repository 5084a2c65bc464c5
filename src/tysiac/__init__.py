"""tysiac: the rules of the card game Tysiąc (Thousand, 1000) as an immutable-state engine.

>>> from tysiac import new_game, legal_moves, apply
>>> state = new_game(seed=7)
>>> legal_moves(state)[0]
Bid(100)
"""

import inspect

from ._compiled import COMPILED
from ._engine.api import apply, legal_moves, new_game
from ._engine.core import Phase
from ._engine.history import ScoreSheet
from ._engine.results import DealResult, Outcome
from ._engine.rollout import Policy, rollout
from ._engine.state import State
from ._errors import (
    IllegalMoveError,
    ImpossibleViewError,
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
    WrongPhaseError,
)
from ._info.knowledge import HiddenPile, Pile
from ._info.observe import observe
from ._info.sampling import sample_world
from ._info.views import Concealed, View
from ._records.analysis import DealAnalysis, GameAnalysis, PlayAnalysis, analyse
from ._records.fromjson import from_json
from ._records.records import DealRecord, GameRecord, record, replay
from ._records.tojson import to_json
from ._rules.options import (
    BarrelFailure,
    BarrelMounting,
    BoltRule,
    BombPayout,
    BombRule,
    ConcessionPayout,
    ConcessionTiming,
    Declaration,
    DefenderCap,
    HalfRounding,
    Layout,
    MarriageCards,
    RedealMarriage,
    TrumpTiming,
)
from ._rules.presets import PRESETS
from ._rules.rules import Rules
from ._search.solve import Solution, solve
from ._version import __version__
from ._vocab.cards import CARDS, Card, Rank, Suit, parse_cards
from ._vocab.moves import (
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
from ._vocab.notation import move_text, parse_move
from .bots._tournament import tournament

__all__ = [
    "CARDS",
    "COMPILED",
    "PRESETS",
    "BarrelFailure",
    "BarrelMounting",
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
    "ConcessionTiming",
    "Contract",
    "DealAnalysis",
    "DealRecord",
    "DealResult",
    "Declaration",
    "DefenderCap",
    "Discard",
    "GameAnalysis",
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
    "PlayAnalysis",
    "Policy",
    "Rank",
    "Redeal",
    "RedealMarriage",
    "Rules",
    "ScoreSheet",
    "Solution",
    "State",
    "Suit",
    "TrumpTiming",
    "TysiacError",
    "View",
    "WrongPhaseError",
    "__version__",
    "analyse",
    "apply",
    "from_json",
    "legal_moves",
    "move_text",
    "new_game",
    "observe",
    "parse_cards",
    "parse_move",
    "record",
    "replay",
    "rollout",
    "sample_world",
    "solve",
    "to_json",
    "tournament",
]

# The public names report the package as their module: ``tysiac.Card``, not
# ``tysiac._vocab.cards.Card``, in tracebacks, ``help()``, the docs and pickles (which find them
# here).  The private modules stay an implementation detail.
for _name in __all__:
    _public = globals()[_name]
    if isinstance(_public, type) or inspect.isfunction(_public) or inspect.isbuiltin(_public):
        _public.__module__ = __name__
del _name, _public
