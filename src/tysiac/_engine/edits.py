"""Making a state from another off the trick play's hot path: :func:`core_after` for the
auction and the musik phases, :func:`replace` for the rare ends of a deal, the move log and
the illegal-move error.
"""

from __future__ import annotations

from typing import Final, NoReturn

from .._errors import IllegalMoveError, brief
from .._vocab.movecodes import log_plus
from .._vocab.moves import Move
from .core import Core, DealInfo, GameInfo, Phase
from .state import State, new_state
from .statics import CORE_CLASS, MAKE_CORE

__all__ = [
    "illegal",
    "log",
    "replace",
]


def replace(s: State, **changes: object) -> State:
    """A copy of ``s`` with some fields changed, by their names in :class:`Core`,
    :class:`GameInfo` or :class:`DealInfo` (``hands=``, ``scores=``, ``declarer=``, ...)."""
    top: dict[str, object] = {}
    game: dict[str, object] = {}
    deal: dict[str, object] = {}
    for name, value in changes.items():
        if name in _GAME_FIELDS:
            game[name] = value
        elif name in _DEAL_FIELDS:
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


_GAME_FIELDS: Final = frozenset(GameInfo._fields)
_DEAL_FIELDS: Final = frozenset(DealInfo._fields)


def core_after(
    c: Core, phase: Phase, to_move: int | None, deal: DealInfo, hands: tuple[int, ...], log: int
) -> Core:
    """``c`` with the fields that the auction and the musik phases change, named: the rest
    of the compact form is kept, and the play mask is unknown (-1: not the play phase)."""
    return MAKE_CORE(
        CORE_CLASS,
        (
            c.rules,
            c.game,
            phase,
            to_move,
            c.winner,
            deal,
            hands,
            c.stock,
            c.leader,
            c.trick,
            c.trump,
            c.pending_trump,
            c.taken,
            c.marriages,
            log,
            -1,  # play_mask
        ),
    )


def log(s: State, seat: int, move: Move) -> int:
    """The deal log of ``s`` with ``seat``'s ``move`` appended."""
    return log_plus(s._log, seat, move)


def illegal(s: State, move: object, rule: str) -> NoReturn:
    """Raise :class:`IllegalMoveError` naming the move, the phase and the rule."""
    who = "" if s.to_move is None else f" by seat {s.to_move}"
    raise IllegalMoveError(f"{brief(move)}{who} is illegal in {s.phase!r}: {rule}")
