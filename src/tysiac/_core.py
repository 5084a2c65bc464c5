"""Shared low-level helpers of the engine: fast state copies, move tables, the deal start."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NoReturn

from ._cards import ACES
from ._errors import IllegalMoveError, brief
from ._history import History, Origin, ScoreSheet
from ._movecodes import EMPTY_LOG, log_plus
from ._moves import GIVES, Move
from ._rules import Layout, Rules
from ._state import Core, DealInfo, DealResult, GameInfo, Phase, State, make_core, new_state
from ._tables import GEOMETRY

__all__ = [
    "GIVES",
    "bid_cap",
    "held_marriages",
    "illegal",
    "log",
    "replace",
    "start_deal",
]

#: ``BIT[card]``: the mask of one card.
BIT: Final = tuple(1 << c for c in range(24))


def replace(s: State, **changes: object) -> State:
    """A copy of ``s`` with some fields changed, by their names in :class:`Core`,
    :class:`GameInfo` or :class:`DealInfo` (``hands=``, ``scores=``, ``declarer=``, ...)."""
    top: dict[str, object] = {}
    game: dict[str, object] = {}
    deal: dict[str, object] = {}
    for name, value in changes.items():
        if name in _GAME:
            game[name] = value
        elif name in _DEAL:
            deal[name] = value
        else:
            top[name] = value
    c = s._c
    if game:
        top["game"] = c.game._replace(**game)  # type: ignore[arg-type]
    if deal:
        top["deal"] = c.deal._replace(**deal)  # type: ignore[arg-type]
    # the play mask (a function of the rest) is left unknown: replace() never makes a state
    # in the play phase that is then played from (a claim ends the deal)
    top["play_mask"] = -1
    return new_state(c._replace(**top))  # type: ignore[arg-type]


_GAME: Final = frozenset(GameInfo._fields)
# Names from modules that stay pure, bound once: C statics in the compiled build (see
# ``_tricks``).
_SHEET: Final = ScoreSheet
_OPEN_MUSIK: Final = Layout.TWO_OPEN_MUSIK
_AUCTION: Final = Phase.AUCTION
_PLAY: Final = Phase.PLAY
_CORE: Final = Core
_GAME_INFO: Final = GameInfo
_DEAL_INFO: Final = DealInfo
_MAKE: Final = make_core
_NEW_STATE: Final = new_state
_DEAL: Final = frozenset(DealInfo._fields)


def held_marriages(rules: Rules, hand: int) -> int:
    """The total value of the marriages (K and Q of a suit) in ``hand``, and of the ace
    marriage (all four aces) where the rules have it."""
    pairs = hand >> 2 & hand >> 3 & 0x041041
    value = rules._play.marriage_sums[
        (pairs & 1) | (pairs >> 5 & 2) | (pairs >> 10 & 4) | (pairs >> 15 & 8)
    ]
    if rules.ace_marriage is not None and hand & ACES == ACES:
        value += rules.ace_marriage
    return value


def bid_cap(rules: Rules, hand: int) -> int:
    """The highest bid or contract allowed with ``hand`` (option ``bid_cap_marriages``).

    See the rules, section 4 'The auction'.
    """
    pairs = hand >> 2 & hand >> 3 & 0x041041  # a suit's bit 2 when it holds Q and K
    return rules._play.bid_caps[
        (pairs & 1)
        | (pairs >> 5 & 2)
        | (pairs >> 10 & 4)
        | (pairs >> 15 & 8)
        | (16 if hand & ACES == ACES else 0)
    ]


def log(s: State, seat: int, move: Move) -> int:
    """The deal log of ``s`` with ``seat``'s ``move`` appended."""
    return log_plus(s._log, seat, move)


def illegal(s: State, move: object, rule: str) -> NoReturn:
    """Raise :class:`IllegalMoveError` naming the move, the phase and the rule."""
    who = "" if s.to_move is None else f" by seat {s.to_move}"
    raise IllegalMoveError(f"{brief(move)}{who} is illegal in {s.phase!r}: {rule}")


def split_deck(
    rules: Rules, dealer: int, deck: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The hands (per seat), musiks and stock that ``deck`` makes in this layout.

    Deck order: the hands of the seats in play in seat order, then each musik, then the
    stock (next card to draw first).
    """
    geo = GEOMETRY[rules.layout]
    size = geo.hand
    hands = [0] * rules.players
    pos = 0
    for seat in sorted(rules._play.active_seats[dealer]):
        m = 0
        for card in deck[pos : pos + size]:
            m |= 1 << card
        hands[seat] = m
        pos += size
    musiks = []
    for size in geo.musiks:
        m = 0
        for card in deck[pos : pos + size]:
            m |= 1 << card
        musiks.append(m)
        pos += size
    return tuple(hands), tuple(musiks), deck[pos:]


def start_deal(
    rules: Rules,
    seed: int,
    deal_number: int,
    dealer: int,
    scores: tuple[int, ...],
    bombs: tuple[int, ...],
    sheet: ScoreSheet | tuple[DealResult, ...],
    deck: tuple[int, ...],
    history: History | None = None,
) -> State:
    """The first state of a deal dealt from ``deck``.

    ``history`` is the game's history of finished deals; without it, the history starts
    at this deal (a new game, or a state built mid-game: :func:`~tysiac.record` then records
    from this deal on, with ``scores`` as the starting scores).
    """
    if type(sheet) is not _SHEET:
        sheet = ScoreSheet(sheet)  # rows given as a tuple (a state built mid-game)
    if history is None:
        history = History(Origin(deal_number, dealer, scores, bombs, deck, len(sheet)))
    hands, musiks, stock = split_deck(rules, dealer, deck)
    layout = rules.layout
    revealed = musiks[0] if layout is _OPEN_MUSIK else 0
    if GEOMETRY[layout].auction:
        phase, leader = _AUCTION, None
        first = (dealer + rules.forced_bidder) % rules.players
    else:
        first = rules._play.active_seats[dealer][0]  # the draw game: the non-dealer leads
        phase, leader = _PLAY, first
    return _NEW_STATE(
        _MAKE(
            _CORE,
            (
                rules,
                _MAKE(_GAME_INFO, (seed, deal_number, dealer, scores, bombs, sheet, deck, history)),
                phase,
                first,
                None,
                _MAKE(_DEAL_INFO, (musiks, 0, revealed, 0, None, 0, 0, None, None)),
                hands,
                stock,
                leader,
                (),
                -1,
                -1,
                (0,) * rules.players,
                (),
                EMPTY_LOG,
                -1 if leader is None else hands[leader],  # the draw game: a lead, any card
            ),
        )
    )


Applier = Callable[[State, Move], State]
Lister = Callable[[State], tuple[Move, ...]]
