"""The action encoding: one fixed number for every move (see :mod:`tysiac.encoding`).

The layout (the same in versions 1 and 2), with ``K = max_bid // bid_step`` amounts
``bid_step, 2 * bid_step, ..., max_bid``:

======================  ==========================================================
numbers                 moves
======================  ==========================================================
0                       ``Pass()``
1                       ``Redeal()``
2                       ``Bomb()``
3                       ``Claim()``
4                       ``Concede()`` (where ``Rules.concession`` allows it)
5, 6                    ``ChooseMusik(0)``, ``ChooseMusik(1)``
7 .. 30                 ``Play(card)``: ``7 + card.index``
31 .. 54                ``Play(card, meld=True)``: ``31 + card.index``
55 .. 78                ``Discard(card)``: ``55 + card.index``
79 .. 174               ``Give(card, to)``: ``79 + 24 * to + card.index`` (``to`` 0..3)
175 .. 174 + K          ``Bid(k * bid_step)``: ``174 + k``
175 + K .. 174 + 2K     ``Contract(k * bid_step)``: ``174 + K + k``
175 + 2K .. 174 + 3K     ``Bid(k * bid_step, blind=True)`` (where ``Rules.blind_bids``)
======================  ==========================================================

The numbers 0..174 are the same under every rules; only the three amount blocks at the
end depend on ``bid_step`` and ``max_bid``.  With ``Rules.high_bid_step`` the amounts
between its larger steps keep their numbers, and are never legal.

Which numbers are legal (the mask) is :mod:`tysiac._info.actionmask`.  This module also
holds what the encoding's modules share: :func:`check_rules`, :func:`short` (a bad
argument quoted) and :func:`fill` (numbers written into the caller's array).
"""

from __future__ import annotations

import reprlib
from array import array
from collections.abc import Callable, Mapping
from typing import Any, Final

from .._errors import (
    InvalidActionError,
    InvalidRulesError,
    NotAMoveError,
    NotAnActionError,
)
from .._rules.rules import Rules
from .._vocab.cards import CARDS
from .._vocab.moves import (
    BOMB,
    CHOOSE,
    CLAIM,
    DISCARDS,
    MELDS,
    MOVE_TYPES,
    PASS,
    PLAYS,
    REDEAL,
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
from .._vocab.moves import CONCEDE as CONCEDE_MOVE

__all__ = [
    "BID_BASE",
    "BOMB_ACTION",
    "CHOOSE_BASE",
    "CLAIM_ACTION",
    "CONCEDE",
    "DISCARD_BASE",
    "FIXED",
    "GIVE_BASE",
    "GIVE_SEATS",
    "MELD_BASE",
    "PASS_ACTION",
    "PLAY_BASE",
    "REDEAL_ACTION",
    "amounts",
    "check_rules",
    "decode_move",
    "encode_move",
    "fill",
    "num_actions",
    "short",
]

PASS_ACTION: Final = 0
REDEAL_ACTION: Final = 1
BOMB_ACTION: Final = 2
CLAIM_ACTION: Final = 3
#: The number of ``Concede()`` (legal only where ``Rules.concession`` allows it).
CONCEDE: Final = 4
CHOOSE_BASE: Final = 5
PLAY_BASE: Final = 7
MELD_BASE: Final = PLAY_BASE + 24
DISCARD_BASE: Final = MELD_BASE + 24
GIVE_BASE: Final = DISCARD_BASE + 24
#: Seats a ``Give`` may name in the layout, whatever the player count.
GIVE_SEATS: Final = 4
#: The actions whose numbers do not depend on the rules: 0 .. FIXED - 1.
FIXED: Final = GIVE_BASE + 24 * GIVE_SEATS
BID_BASE: Final = FIXED


_GIVES: Final = tuple(tuple(Give(c, to) for c in CARDS) for to in range(GIVE_SEATS))
_SINGLE: Final[dict[int, Move]] = {
    PASS_ACTION: PASS,
    REDEAL_ACTION: REDEAL,
    BOMB_ACTION: BOMB,
    CLAIM_ACTION: CLAIM,
}

_repr: Final = reprlib.Repr()
_repr.maxstring = 40
_repr.maxother = 40
_repr.maxlong = 40


def short(value: object) -> str:
    """``repr(value)``, cut short (never raises, never spends long on a huge object)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 120:
        return f"<an int of {value.bit_length()} bits>"
    try:
        return _repr.repr(value)
    except Exception:  # a broken __repr__ must not hide the real error
        return f"<{type(value).__name__} object>"


def check_rules(rules: object) -> Rules:
    """``rules``, if it is a :class:`~tysiac.Rules`."""
    if not isinstance(rules, Rules):
        raise InvalidRulesError(
            f"rules={short(rules)} is not a Rules object: pass the game's rules, e.g. "
            "state.rules or view.rules"
        )
    return rules


def amounts(rules: Rules) -> int:
    """``K``: how many bid amounts the layout has (``bid_step, ..., max_bid``)."""
    return rules.max_bid // rules.bid_step


def num_actions(rules: Rules) -> int:
    """The number of actions under ``rules``: ``175 + 3 * (max_bid // bid_step)``.

    Every action number is in ``range(num_actions(rules))``.  With the usual bidding
    (``bid_step=10``, ``max_bid=360``) that is 283 for every preset and layout.

    Raises:
        InvalidRulesError: ``rules`` is not a :class:`~tysiac.Rules`.

    Example:
        >>> from tysiac import Rules
        >>> num_actions(Rules()), num_actions(Rules(players=2))
        (283, 283)
    """
    return FIXED + 3 * amounts(check_rules(rules))


def _amount(move: Bid | Contract, rules: Rules, base: int) -> int:
    amount = move.amount
    step = rules.bid_step
    if amount <= 0 or amount > rules.max_bid or amount % step:
        raise InvalidActionError(
            f"{short(move)} has no action number under these rules: amounts are multiples "
            f"of bid_step={step} from {step} to max_bid={rules.max_bid}"
        )
    return base + amount // step - 1


def _bid(move: Bid, rules: Rules) -> int:
    if move.blind:  # a blind bid: the block after the contracts
        if not rules.blind_bids:
            raise InvalidActionError(
                f"{short(move)} has no action number under these rules: blind bids are off"
            )
        return _amount(move, rules, BID_BASE + 2 * amounts(rules))
    return _amount(move, rules, BID_BASE)


def _concede(move: Concede, rules: Rules) -> int:
    if not rules.concession:
        raise InvalidActionError(
            f"{short(move)} has no action number under these rules: concessions are off"
        )
    return CONCEDE


def _contract(move: Contract, rules: Rules) -> int:
    return _amount(move, rules, BID_BASE + amounts(rules))


def _choose(move: ChooseMusik, rules: Rules) -> int:
    if move.index not in (0, 1):
        raise InvalidActionError(f"{short(move)} has no action number: a musik index is 0 or 1")
    return CHOOSE_BASE + move.index


def _give(move: Give, rules: Rules) -> int:
    if not 0 <= move.to < rules.players:
        raise InvalidActionError(
            f"{short(move)} has no action number under these rules: to= is a seat, "
            f"0..{rules.players - 1}"
        )
    return GIVE_BASE + 24 * move.to + move.card.index


def _discard(move: Discard, rules: Rules) -> int:
    return DISCARD_BASE + move.card.index


def _play(move: Play, rules: Rules) -> int:
    return (MELD_BASE if move.meld else PLAY_BASE) + move.card.index


def _pass(move: Pass, rules: Rules) -> int:
    return PASS_ACTION


def _redeal(move: Redeal, rules: Rules) -> int:
    return REDEAL_ACTION


def _bomb(move: Bomb, rules: Rules) -> int:
    return BOMB_ACTION


def _claim(move: Claim, rules: Rules) -> int:
    return CLAIM_ACTION


_ENCODERS: Final[dict[type, Callable[[object, Rules], int]]] = {
    Bid: _bid,  # type: ignore[dict-item]
    Contract: _contract,  # type: ignore[dict-item]
    ChooseMusik: _choose,  # type: ignore[dict-item]
    Give: _give,  # type: ignore[dict-item]
    Discard: _discard,  # type: ignore[dict-item]
    Play: _play,  # type: ignore[dict-item]
    Pass: _pass,  # type: ignore[dict-item]
    Redeal: _redeal,  # type: ignore[dict-item]
    Bomb: _bomb,  # type: ignore[dict-item]
    Claim: _claim,  # type: ignore[dict-item]
    Concede: _concede,  # type: ignore[dict-item]
}


def encode_move(move: Move, rules: Rules) -> int:
    """The action number of ``move`` under ``rules``.

    Every move that ``rules`` can ever make legal has a number, whether or not it is legal
    now; so do moves of other layouts (``ChooseMusik`` in a three-player game, say), which
    are simply never legal there.

    Raises:
        InvalidActionError: ``move`` has no number under ``rules``: a ``Bid`` or
            ``Contract`` amount that is not a multiple of ``bid_step`` from ``bid_step`` to
            ``max_bid``, a ``Give`` to a seat that is not in the game, a ``ChooseMusik``
            index other than 0 and 1.
        NotAMoveError: ``move`` is not a move object at all.
        InvalidRulesError: ``rules`` is not a :class:`~tysiac.Rules`.

    Example:
        >>> from tysiac import Rules, Bid, Play
        >>> encode_move(Bid(120), Rules()), encode_move(Play("QH"), Rules())
        (186, 27)
    """
    rules = check_rules(rules)
    encoder = _ENCODERS.get(type(move))
    if encoder is None:
        if isinstance(move, MOVE_TYPES):  # a move kind this version does not know
            raise InvalidActionError(
                f"{short(move)} has no action number in version 1 of the encoding"
            )
        raise NotAMoveError(
            f"{short(move)} is not a move: encode Bid, Pass, Redeal, ChooseMusik, Give, "
            "Discard, Contract, Bomb, Play or Claim"
        )
    return encoder(move, rules)


def _index(action: object) -> int:
    if isinstance(action, int) and not isinstance(action, bool):
        return action
    if not isinstance(action, bool) and hasattr(type(action), "__index__"):
        try:  # numpy and torch integers
            return int(action.__index__())  # type: ignore[attr-defined]
        except Exception:
            pass
    raise NotAnActionError(f"{short(action)} is not an action: pass an int")


def decode_move(action: int, rules: Rules) -> Move:
    """The move whose action number under ``rules`` is ``action``.

    ``decode_move(encode_move(move, rules), rules) == move`` for every move that has a
    number.  ``action`` is an ``int`` (or an integer type with ``__index__``, such as a
    numpy integer), not a ``bool``.  The move returned is the engine's shared instance where
    there is one, as in :func:`~tysiac.legal_moves`.

    Raises:
        InvalidActionError: ``action`` is not in ``range(num_actions(rules))``, is a
            ``Give`` to a seat that is not in the game, or is reserved for a future move.
        NotAnActionError: ``action`` is not an integer (a ``bool`` is refused too).
        InvalidRulesError: ``rules`` is not a :class:`~tysiac.Rules`.

    Example:
        >>> from tysiac import Rules
        >>> decode_move(186, Rules()), decode_move(27, Rules())
        (Bid(120), Play(Card.parse('QH')))
    """
    rules = check_rules(rules)
    a = _index(action)
    k = amounts(rules)
    total = FIXED + 3 * k
    if not 0 <= a < total:
        raise InvalidActionError(
            f"action {short(action)} is out of range: use 0..{total - 1} under these rules"
        )
    if a < CHOOSE_BASE:
        move = _SINGLE.get(a)
        if move is None:
            if rules.concession:
                return CONCEDE_MOVE
            raise InvalidActionError(
                f"action {a} is reserved for Concede(), a move these rules do not have"
            )
        return move
    if a < PLAY_BASE:
        return CHOOSE[a - CHOOSE_BASE]
    if a < MELD_BASE:
        return PLAYS[a - PLAY_BASE]
    if a < DISCARD_BASE:
        return MELDS[a - MELD_BASE]
    if a < GIVE_BASE:
        return DISCARDS[a - DISCARD_BASE]
    if a < FIXED:
        to, card = divmod(a - GIVE_BASE, 24)
        if to >= rules.players:
            raise InvalidActionError(
                f"action {a} is Give(..., to={to}) but these rules have seats "
                f"0..{rules.players - 1}"
            )
        return _GIVES[to][card]
    block, i = divmod(a - BID_BASE, k)
    if block == 0:
        return rules._play.bids[i + 1]
    if block == 1:
        return rules._play.contracts[i + 1]
    if rules.blind_bids:
        return rules._play.blind_bids[i + 1]
    raise InvalidActionError(
        f"action {a} is reserved for blind bids, a move these rules do not have"
    )


#: The buffer formats (``struct`` codes) an ``out`` array may hold: numbers and bools for a
#: mask, floats for features (so that no number is cut short on the way).
_NUMBER_FORMATS: Final = frozenset("bBhHiIlLqQnNefd?")
_FLOAT_FORMATS: Final = frozenset("efd")


def fill(out: object, values: array[Any] | bytearray, size: int) -> None:
    """``out[:] = values`` (``size`` of them: an ``array.array`` of floats, or a
    ``bytearray`` of 0s and 1s), through the buffer protocol where ``out`` reads it (NumPy
    arrays do).  An ``out`` with a buffer must be writable, one-dimensional and hold floats
    (features) or numbers (a mask): a ``bytearray`` takes a mask, never features.

    Raises:
        InvalidActionError: ``out`` is not a writable sequence of ``size`` numbers of a kind
            that holds ``values``; anything ``out`` raises itself is reported as this error.
    """
    try:
        length = len(out)  # type: ignore[arg-type]
    except Exception:  # not sized, or a __len__ of its own that fails
        length = -1
    if length != size or isinstance(out, Mapping):
        raise InvalidActionError(f"out={short(out)} is not a writable sequence of {size} numbers")
    floats = not isinstance(values, bytearray)
    try:
        buffer = memoryview(out)  # type: ignore[arg-type]
    except TypeError:  # no buffer (a list, say): its items are set one by one
        pass
    except Exception as error:  # a buffer that cannot be read (NumPy's dates, say)
        raise InvalidActionError(
            f"out={short(out)} holds no numbers ({type(error).__name__}: {str(error)[:60]})"
        ) from None
    else:
        with buffer:
            kind = buffer.format.lstrip("@=<>!")
            fits = kind in (_FLOAT_FORMATS if floats else _NUMBER_FORMATS)
            if buffer.readonly or buffer.ndim != 1 or not fits:
                wanted = "floats" if floats else "numbers"
                raise InvalidActionError(
                    f"out={short(out)} must be a writable one-dimensional array of {wanted} "
                    f"(it has format {buffer.format!r}, shape {buffer.shape}"
                    f"{', read-only' if buffer.readonly else ''})"
                )
    given: object = values
    try:
        if isinstance(out, array):
            if not (isinstance(values, array) and values.typecode == out.typecode):
                given = array(out.typecode, list(values))
        elif not floats:
            given = memoryview(values)
        out[:] = given  # type: ignore[index]
    except Exception as error:  # whatever the caller's object raises
        raise InvalidActionError(
            f"out={short(out)} cannot take {size} numbers "
            f"({type(error).__name__}: {str(error)[:60]})"
        ) from None
