"""The action mask: which action numbers are legal in a state or a view (see
:mod:`tysiac.encoding`), as a tuple or written into an array of the caller's.

The numbers are those of :mod:`tysiac._info.actions`: a legal move is looked up by the
identity of the engine's shared move object where it is one, and numbered by
:func:`~tysiac._info.actions.encode_move` otherwise.
"""

from __future__ import annotations

from typing import Final

from .._engine.api import legal_moves
from .._engine.state import State
from .._errors import NotAStateError
from .._rules.rules import Rules
from .._vocab.moves import (
    BOMB,
    CHOOSE,
    CLAIM,
    DISCARDS,
    MELDS,
    PASS,
    PLAYS,
    REDEAL,
    Bid,
    Contract,
    Move,
)
from .actions import (
    BID_BASE,
    BOMB_ACTION,
    CHOOSE_BASE,
    CLAIM_ACTION,
    DISCARD_BASE,
    FIXED,
    MELD_BASE,
    PASS_ACTION,
    PLAY_BASE,
    REDEAL_ACTION,
    encode_move,
    fill,
    short,
)
from .views import View

__all__ = [
    "action_mask",
    "action_mask_into",
]


#: The action numbers of the engine's shared moves that mean the same under every rules, by
#: the moves' ids (those objects live as long as the process): a legal move is looked up
#: without hashing it.  Gives are left out: their numbers depend on the player count.
_SHARED: Final[dict[int, int]] = {
    **{id(PASS): PASS_ACTION, id(REDEAL): REDEAL_ACTION, id(BOMB): BOMB_ACTION},
    id(CLAIM): CLAIM_ACTION,
    **{id(m): CHOOSE_BASE + i for i, m in enumerate(CHOOSE)},
    **{id(m): PLAY_BASE + i for i, m in enumerate(PLAYS)},
    **{id(m): MELD_BASE + i for i, m in enumerate(MELDS)},
    **{id(m): DISCARD_BASE + i for i, m in enumerate(DISCARDS)},
}


def _legal(x: object) -> tuple[Rules, tuple[Move, ...]]:
    """The rules and the legal moves of ``x``."""
    if type(x) is View:  # a view's compact form: its fields, read directly
        v = x._v
        return v.rules, v.legal
    if isinstance(x, View):
        return x.rules, x.legal_moves
    if isinstance(x, State):
        return x.rules, legal_moves(x)
    raise NotAStateError(
        f"{short(x)} is neither a State nor a View: pass a state or observe(state, seat)"
    )


def _other(move: Move, rules: Rules, step: int, top: int, k: int) -> int:
    """The action number of a move that is not one of the shared ones (a bid, a contract,
    a give, a concession; a bad amount raises :func:`encode_move`'s error)."""
    if (type(move) is Bid and not move.blind) or type(move) is Contract:
        amount = move.amount
        if 0 < amount <= top and not amount % step:
            return BID_BASE + (k if type(move) is Contract else 0) + amount // step - 1
    return encode_move(move, rules)


def action_mask(x: State | View) -> tuple[bool, ...]:
    """Which actions are legal: ``mask[encode_move(m, rules)]`` is True for every legal ``m``.

    For a :class:`~tysiac.State` the legal moves are :func:`~tysiac.legal_moves` of it;
    for a :class:`~tysiac.View` they are its :attr:`~tysiac.View.legal_moves` (empty when
    that seat is not to move), so the mask of a view depends on the view alone.  The mask
    has :func:`num_actions` entries; :func:`action_mask_into` writes it into an array of
    yours.

    Raises:
        NotAStateError: ``x`` is neither a State nor a View.

    Example:
        >>> from tysiac import new_game, observe
        >>> state = new_game(seed=7)
        >>> mask = action_mask(state)
        >>> [a for a, legal in enumerate(mask) if legal], len(mask)
        ([184], 283)
        >>> any(action_mask(observe(state, 0)))
        False
    """
    rules, moves = _legal(x)
    step = rules.bid_step
    top = rules.max_bid
    k = top // step
    mask = [False] * (FIXED + 3 * k)
    shared = _SHARED
    for move in moves:  # each number marked as it is found (no list of numbers)
        a = shared.get(id(move))
        mask[_other(move, rules, step, top, k) if a is None else a] = True
    return tuple(mask)


def action_mask_into(x: State | View, out: object) -> None:
    """Write :func:`action_mask` of ``x`` into ``out`` in place, as 1 (legal) and 0.

    ``out`` is a writable sequence of exactly :func:`num_actions` numbers: a NumPy array of
    any numeric or bool dtype (a row of a batch, say), an ``array.array`` of a numeric type,
    or a list.  NumPy is not needed: the mask is handed over as one ``array.array`` through
    the buffer protocol.

    Raises:
        NotAStateError: ``x`` is neither a State nor a View.
        InvalidActionError: ``out`` is not a writable sequence of that length.

    Example:
        >>> from array import array
        >>> from tysiac import new_game
        >>> from tysiac.encoding import action_mask_into
        >>> out = array("b", bytes(283))
        >>> action_mask_into(new_game(seed=7), out)
        >>> [a for a, legal in enumerate(out) if legal]
        [184]
    """
    rules, moves = _legal(x)
    step = rules.bid_step
    top = rules.max_bid
    k = top // step
    size = FIXED + 3 * k
    mask = bytearray(size)
    shared = _SHARED
    for move in moves:
        a = shared.get(id(move))
        mask[_other(move, rules, step, top, k) if a is None else a] = 1
    fill(out, mask, size)
