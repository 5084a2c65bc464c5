"""The exception hierarchy: every error the library raises is a :class:`TysiacError`.

Each class also inherits the built-in exception a caller would naturally catch, so
``except ValueError`` keeps working for code that does not know about tysiac.
"""

from __future__ import annotations

import reprlib

__all__ = [
    "ArgumentTypeError",
    "ArgumentValueError",
    "IllegalMoveError",
    "ImpossibleViewError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidRulesError",
    "InvalidSeatError",
    "LoadError",
    "NotABotError",
    "NotAMoveError",
    "NotAStateError",
    "NotAnActionError",
    "SearchLimit",
    "TysiacError",
    "WrongPhaseError",
    "brief",
]


class TysiacError(Exception):
    """Base class of every exception raised by :mod:`tysiac`."""


class InvalidCardError(TysiacError, ValueError):
    """A card (or a list of cards) could not be parsed or does not exist."""


class InvalidRulesError(TysiacError, ValueError):
    """A :class:`~tysiac.Rules` object that cannot be played: the message names the options."""


class InvalidDealError(TysiacError, ValueError):
    """The ``deal`` or ``scores`` given to :func:`~tysiac.new_game` do not fit the rules."""


class InvalidSeatError(TysiacError, ValueError):
    """A seat number outside ``0 .. players - 1``."""


class IllegalMoveError(TysiacError, ValueError):
    """A move that is not among :func:`~tysiac.legal_moves` of the state it was applied to.

    The message names the move, the phase and the rule that forbids it.  The state the
    move was applied to is left unchanged (states are immutable).
    """


class NotAMoveError(IllegalMoveError, TypeError):
    """Something that is not a move object at all was passed to :func:`~tysiac.apply`
    (or to :func:`tysiac.encoding.encode_move`)."""


class NotAStateError(TysiacError, TypeError):
    """Something that is not a :class:`~tysiac.State` (or, where one is accepted, a
    :class:`~tysiac.View`) was passed where a state is needed."""


class InvalidActionError(TysiacError, ValueError):
    """An action number, or a move, outside the :mod:`tysiac.encoding` layout of the rules.

    Raised by :func:`~tysiac.encoding.decode_move` for a number out of range or reserved,
    and by :func:`~tysiac.encoding.encode_move` for a move with no number under the rules
    (an amount that is not a multiple of the bid step up to the maximum bid, a seat not in
    the game).  The message names the bad input.
    """


class NotAnActionError(InvalidActionError, TypeError):
    """Something that is not an integer (a ``bool`` included) was passed as an action."""


class NotABotError(TysiacError, TypeError):
    """Something that is not a bot (an object with a ``choose(view)`` method), or not a list
    of bots, was given where bots are needed."""


class WrongPhaseError(TysiacError, ValueError):
    """A state in a phase the call cannot work on: :func:`~tysiac.solve` needs the trick
    play (:attr:`Phase.PLAY <tysiac.Phase.PLAY>`).  The message names the phase."""


class ImpossibleViewError(TysiacError, ValueError):
    """A :class:`~tysiac.View` that no real game can produce was given to
    :func:`~tysiac.sample_world`."""


class LoadError(TysiacError, ValueError):
    """Input from outside that cannot be loaded: :func:`~tysiac.from_json`,
    :func:`~tysiac.replay` and :func:`~tysiac.parse_move`.

    The message starts with where the problem is, as a path into the input
    (``deals[2].moves[17].card: 'QX' is not a card``); ``$`` is the whole input.
    """


class ArgumentTypeError(TysiacError, TypeError):
    """An argument of the wrong type where no public error fits (private, not exported).

    Defined here, not beside its users, because a compiled module cannot define an
    exception with a second built-in base (see the contributor page, "Two builds").
    """


class SearchLimit(Exception):  # noqa: N818  (a signal, not an error)
    """A search stopped at its node budget (private: the caller that set the budget catches
    it, and it never reaches a user).  Defined here, beside the other classes a compiled
    module raises."""


class ArgumentValueError(TysiacError, ValueError):
    """An argument of the right type but a value out of range where no public error fits
    (private, not exported; defined here for the same reason as :class:`ArgumentTypeError`)."""


class _Brief(reprlib.Repr):
    """A repr that is short, never recurses deeply and never fails."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = 40
        self.maxother = 40
        self.maxlong = 40
        for name in ("maxtuple", "maxlist", "maxarray", "maxdict", "maxset", "maxfrozenset"):
            setattr(self, name, 6)

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"<int of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return repr(x)

    def repr_instance(self, x: object, level: int) -> str:
        try:
            text = repr(x)
        except Exception:  # a repr that fails (or recurses) must not hide the real error
            return f"<{type(x).__name__} object>"
        if len(text) > self.maxother:
            return text[: self.maxother - 3] + "..."
        return text


_BRIEF = _Brief()


def brief(value: object) -> str:
    """``repr(value)`` cut short: safe for huge ints, deep nesting and failing reprs."""
    try:
        return _BRIEF.repr(value)
    except Exception:
        return f"<{type(value).__name__} object>"
