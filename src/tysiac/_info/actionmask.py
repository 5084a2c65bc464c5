"""The action mask: which action numbers are legal in a state or a view (see
:mod:`tysiac.encoding`), as a tuple or written into an array of the caller's.

This module checks what it is given and finds the legal moves; the compiled
:mod:`~tysiac._info.actionbits` marks their numbers.
"""

from __future__ import annotations

from .._engine.api import legal_moves
from .._engine.state import State
from .._errors import ImpossibleViewError, NotAStateError
from .._rules.rules import Rules
from .._vocab.moves import MOVE_TYPES, Move
from .actionbits import mask_bytes, mask_tuple
from .actions import fill, short
from .views import View

__all__ = [
    "action_mask",
    "action_mask_into",
    "mask_array",
]


def _legal(x: object) -> tuple[Rules, tuple[Move, ...]]:
    """The rules and the legal moves of ``x``."""
    if type(x) is View:  # a view's compact form: its fields, read directly
        v = x._v
        return v.rules, v.legal
    if isinstance(x, View):  # built by hand: its values checked before they are read
        rules, moves = x.rules, x.legal_moves
        if not (
            isinstance(rules, Rules)
            and isinstance(moves, tuple)
            and all([isinstance(m, MOVE_TYPES) for m in moves])
        ):
            raise ImpossibleViewError(
                f"{short(x)} has no rules or legal moves that fit: use observe(state, seat)"
            )
        return rules, tuple(moves)
    if isinstance(x, State):
        return x.rules, legal_moves(x)
    raise NotAStateError(
        f"{short(x)} is neither a State nor a View: pass a state or observe(state, seat)"
    )


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
    if type(x) is View:  # the common case, inline: the view's compact fields
        v = x._v
        return mask_tuple(v.rules, v.legal)
    rules, moves = _legal(x)
    return mask_tuple(rules, moves)


def action_mask_into(x: State | View, out: object) -> None:
    """Write :func:`action_mask` of ``x`` into ``out`` in place, as 1 (legal) and 0.

    ``out`` is a writable sequence of exactly :func:`num_actions` numbers: a NumPy array of
    any numeric or bool dtype (a row of a batch, say), an ``array.array`` of a numeric type,
    or a list.  NumPy is not needed: the mask is handed over as one ``array.array`` through
    the buffer protocol.

    Raises:
        NotAStateError: ``x`` is neither a State nor a View.
        InvalidActionError: ``out`` is not a writable sequence of that length, or it is an
            array of something other than numbers (strings, dates), or not one-dimensional.

    Example:
        >>> from array import array
        >>> from tysiac import new_game
        >>> from tysiac.encoding import action_mask_into
        >>> out = array("b", bytes(283))
        >>> action_mask_into(new_game(seed=7), out)
        >>> [a for a, legal in enumerate(out) if legal]
        [184]
    """
    mask = mask_array(x)
    fill(out, mask, len(mask))


def mask_array(x: State | View) -> bytearray:
    """:func:`action_mask` of ``x`` as a new ``bytearray`` of 0s and 1s (its errors as
    there)."""
    rules, moves = _legal(x)
    return mask_bytes(rules, moves)
