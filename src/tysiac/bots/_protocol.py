"""The :class:`Bot` protocol and the checks shared by the library's bots."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from .._errors import ImpossibleViewError, InvalidDealError, NotAStateError, TysiacError, brief
from .._info.sampling import Sampler
from .._info.views import View
from .._vocab.moves import Move

__all__ = ["Bot", "check_seed", "check_view", "decide"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a move from a seat's :class:`~tysiac.View`.

    A bot is called only when its seat is to move, so ``view.legal_moves`` is never empty;
    it must return one of those moves.

    Example:
        >>> from tysiac import View, Move
        >>> class FirstMoveBot:
        ...     def choose(self, view: View) -> Move:
        ...         return view.legal_moves[0]
        >>> bot: Bot = FirstMoveBot()
    """

    def choose(self, view: View) -> Move:
        """The move to make in the position ``view`` shows (one of ``view.legal_moves``)."""
        ...


def check_seed(owner: str, seed: object) -> int | None:
    """``seed`` reduced mod 2**64 (like a game's seed), None, or
    :class:`~tysiac.InvalidDealError`."""
    if seed is None:
        return None
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidDealError(f"{owner}(seed={brief(seed)}): a bot's seed must be an int or None")
    return seed & 0xFFFF_FFFF_FFFF_FFFF


def check_view(owner: str, view: object) -> View:
    """``view`` if it is a :class:`~tysiac.View` in the compact form with a move to make,
    else a clear error: :class:`~tysiac.NotAStateError`, or
    :class:`~tysiac.ImpossibleViewError` for a view built by hand that keeps its values as
    given (fields of the wrong types, or that do not decode to themselves).  Fields of the
    right types that disagree are found only when a decision fails (see :func:`decide`)."""
    if not isinstance(view, View):
        raise NotAStateError(
            f"{owner}.choose({brief(view)}): {type(view).__name__} object is not a View: "
            "a bot chooses from observe(state, seat)"
        )
    if type(view) is not View:  # values no game produces (see View: "built by hand")
        raise ImpossibleViewError(
            f"{owner}.choose({brief(view)}): these fields are not a view that any game "
            "produces (built by hand or edited?): a bot chooses from observe(state, seat)"
        )
    if not view.legal_moves:
        raise NotAStateError(
            f"{owner}.choose(): seat {view.seat} has no legal move in phase {view.phase!r} "
            "(a bot is asked only when its seat is to move)"
        )
    return view


def decide(owner: str, view: object, choose: Callable[[View, tuple[Move, ...]], Move]) -> Move:
    """``choose(view, legal moves)`` for the bot ``owner``, ``view`` checked first (see
    :func:`check_view`).

    The bots trust a view's fields to fit together (a view built by hand may have a phase
    or legal moves edited alone); that is checked only when a decision fails, by drawing a
    world for the view, which must reproduce it exactly: :class:`~tysiac.ImpossibleViewError`
    when none does, else the decision's own error (a fault of the bot's).
    """
    checked = check_view(owner, view)
    try:
        return choose(checked, checked.legal_moves)
    except Exception as error:
        if not isinstance(error, TysiacError):
            try:
                Sampler(checked).draw(random.Random(0))
            except ImpossibleViewError as impossible:
                raise ImpossibleViewError(
                    f"{owner}.choose(): no game produces this view ({str(impossible)[:200]}): "
                    "a bot chooses from observe(state, seat)"
                ) from None
        raise
