"""A deal's moves as compact codes (private): 16 bits a move.

A state's deal log, and every finished deal's in the game's history, is one ``int``: the
codes of its moves, 16 bits each, newest lowest, below a leading 1 bit (:data:`EMPTY_LOG`
is the log of no moves).  An int holds no references, so the logs the states of a game
share cost the garbage collector nothing, and a deal's log takes about 100 bytes.  A move's
code is ``kind_and_value << 2 | seat``:

===========  ====================================================
code >> 2    move
===========  ====================================================
0..23        ``Play(card)``, by card index
24..47       ``Play(card, meld=True)``
48..143      ``Give(card, to)``: 48 + to * 24 + card
144..167     ``Discard(card)``
168, 169     ``ChooseMusik(0)``, ``ChooseMusik(1)``
170..173     ``Pass()``, ``Redeal()``, ``Bomb()``, ``Claim()``
174..1174    ``Bid(amount)``: 174 + amount // 5
1175..2175   ``Contract(amount)``: 1175 + amount // 5
2176         ``Concede()``
2177..3177   ``Bid(amount, blind=True)``: 2177 + amount // 5
16376..16379 a give to seat 0..3 that a view's seat did not see (``Concealed("Give", to)``)
16380        a discard that a view's seat did not see (``Concealed("Discard")``)
===========  ====================================================

The last two appear only in a view's log (:func:`tysiac.observe`), never in a state's.

Pickles store a deal's codes oldest first as little-endian unsigned 16-bit bytes.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Final

from .moves import (
    BOMB,
    CHOOSE,
    CLAIM,
    CONCEDE,
    DISCARDS,
    GIVES,
    MELDS,
    PASS,
    PLAYS,
    REDEAL,
    Bid,
    Concede,
    Contract,
    Give,
    Move,
)

__all__ = [
    "AMOUNT_UNIT",
    "BID_CODE",
    "BLIND_CODE",
    "CONCEALED_DISCARD",
    "CONCEALED_GIVE",
    "CONTRACT_CODE",
    "EMPTY_LOG",
    "GIVE_CODE",
    "MELD_CODE",
    "PASS_CODE",
    "SEAT_BITS",
    "SEAT_MASK",
    "codes_log",
    "encode_log",
    "last_bid_blind",
    "log_codes",
    "log_from_codes",
    "log_moves",
    "log_plus",
    "move_code",
    "move_of",
]

#: The log of a deal before its first move.
EMPTY_LOG: Final = 1
#: The bits of one move's code in a log: ``log << CODE_BITS | code`` appends a move.
CODE_BITS: Final = 16
#: The bits of the seat at the bottom of a code: ``kind << SEAT_BITS | seat``.
SEAT_BITS: Final = 2
#: ``code & SEAT_MASK`` is the seat of a code, ``code >> SEAT_BITS`` its kind and value.
SEAT_MASK: Final = (1 << SEAT_BITS) - 1
#: Bids and contracts are coded in units of this many points (the smallest bid step).
AMOUNT_UNIT: Final = 5

#: ``(BID_CODE + amount // AMOUNT_UNIT) << SEAT_BITS | seat`` is the code of a bid
#: (``BLIND_CODE``: a blind bid).
BID_CODE: Final = 174
#: ``(CONTRACT_CODE + amount // AMOUNT_UNIT) << SEAT_BITS | seat`` is the code of a contract.
CONTRACT_CODE: Final = 1175
_CONCEDE: Final = 2176
BLIND_CODE: Final = 2177
#: ``(MELD_CODE + card) << SEAT_BITS | seat`` is the code of a declaring play (a plain
#: play's: ``card << SEAT_BITS | seat``).
MELD_CODE: Final = 24
#: ``(GIVE_CODE + to * 24 + card) << SEAT_BITS | seat`` is the code of a give.
GIVE_CODE: Final = 48
#: ``(CONCEALED_GIVE + to) << SEAT_BITS | seat``: in a view's log, a give it did not see
#: (at the top of the code space, clear of the moves' codes).
CONCEALED_GIVE: Final = 16376
#: ``CONCEALED_DISCARD << SEAT_BITS | seat``: in a view's log, a discard it did not see.
CONCEALED_DISCARD: Final = 16380
_SHARED: Final[tuple[Move, ...]] = (
    *PLAYS,
    *MELDS,
    *(give for row in GIVES for give in row),
    *DISCARDS,
    *CHOOSE,
    PASS,
    REDEAL,
    BOMB,
    CLAIM,
)
assert len(_SHARED) == BID_CODE and _SHARED[MELD_CODE] is MELDS[0]
assert _SHARED[GIVE_CODE] is GIVES[0][0]
# the engine's own move objects live for the whole process: their ids are stable keys
_CODES: Final[dict[int, int]] = {id(m): i << SEAT_BITS for i, m in enumerate(_SHARED)}
#: ``PASS_CODE | seat`` is the code of a pass.
PASS_CODE: Final = _CODES[id(PASS)]


def _bid_code(move: Bid) -> int:
    return ((BLIND_CODE if move.blind else BID_CODE) + move.amount // AMOUNT_UNIT) << SEAT_BITS


def _contract_code(move: Contract) -> int:
    return (CONTRACT_CODE + move.amount // AMOUNT_UNIT) << SEAT_BITS


def _give_code(move: Give) -> int:
    return (GIVE_CODE + move.to * 24 + move.card.index) << SEAT_BITS


def _concede_code(move: Concede) -> int:
    return _CONCEDE << SEAT_BITS


#: The code of a move that is not one of the shared instances, by the move's exact class:
#: the moves with amounts, the rules' own gives, and the concession (any other move is
#: equal to a shared one).
_CODERS: Final[dict[type, Callable[[Move], int]]] = {
    Bid: _bid_code,  # type: ignore[dict-item]
    Contract: _contract_code,  # type: ignore[dict-item]
    Give: _give_code,  # type: ignore[dict-item]
    Concede: _concede_code,  # type: ignore[dict-item]
}


def _code(move: Move) -> int:
    """The code of a move the engine did not take from the shared tables (bids, contracts,
    the rules' own gives)."""
    coder = _CODERS.get(type(move))
    if coder is not None:
        return coder(move)
    return _CODES[id(next(m for m in _SHARED if m == move))]


def move_code(move: Move) -> int:
    """The code of ``move`` without its seat (``kind_and_value << SEAT_BITS``)."""
    code = _CODES.get(id(move))
    return _code(move) if code is None else code


def log_plus(log: int, seat: int, move: Move) -> int:
    """The deal log ``log`` with ``seat``'s ``move`` appended."""
    return log << CODE_BITS | (move_code(move) | seat)


# the unpackers and packers of logs of up to 255 codes, made once (struct.unpack and
# struct.pack would format and look up their format string at every call)
_STRUCTS: Final = [struct.Struct(f">{n}H") for n in range(256)]
_UNPACK: Final = tuple([s.unpack for s in _STRUCTS])
_PACK: Final = tuple([s.pack for s in _STRUCTS])


def _codes(log: int) -> tuple[int, ...]:
    """The codes of ``log``, oldest first."""
    n = (log.bit_length() - 1) // CODE_BITS
    data = (log ^ 1 << CODE_BITS * n).to_bytes(2 * n, "big")
    if n < len(_UNPACK):
        return _UNPACK[n](data)
    return struct.unpack(f">{n}H", data)


def log_codes(log: int) -> tuple[int, ...]:
    """The codes of the deal log ``log``, oldest first (unpacked in C)."""
    return _codes(log)


def codes_log(codes: tuple[int, ...]) -> int:
    """The deal log of ``codes`` (oldest first): the inverse of :func:`log_codes`."""
    n = len(codes)
    data = _PACK[n](*codes) if n < len(_PACK) else struct.pack(f">{n}H", *codes)
    return int.from_bytes(data, "big") | 1 << CODE_BITS * n


def _move(kind: int) -> Move:
    if kind < BID_CODE:
        return _SHARED[kind]
    if kind < CONTRACT_CODE:
        return Bid((kind - BID_CODE) * AMOUNT_UNIT)
    if kind < _CONCEDE:
        return Contract((kind - CONTRACT_CODE) * AMOUNT_UNIT)
    if kind == _CONCEDE:
        return CONCEDE
    return Bid((kind - BLIND_CODE) * AMOUNT_UNIT, blind=True)


def move_of(code: int) -> Move:
    """The move of a code (its seat is ``code & SEAT_MASK``); not a concealed code."""
    return _move(code >> SEAT_BITS)


def log_moves(log: int) -> tuple[tuple[int, Move], ...]:
    """The ``(seat, move)`` pairs of a deal's log, oldest first."""
    return tuple([(code & SEAT_MASK, _move(code >> SEAT_BITS)) for code in _codes(log)])


def last_bid_blind(log: int, seat: int) -> bool:
    """Whether ``seat``'s last bid in the deal log ``log`` was blind (False: no bid)."""
    for code in reversed(_codes(log)):  # newest first, unpacked in C (no big-int shifts)
        if code & SEAT_MASK == seat:
            kind = code >> SEAT_BITS
            if BID_CODE <= kind < CONTRACT_CODE:
                return False
            if kind >= BLIND_CODE:
                return True
    return False


def encode_log(log: int) -> bytes:
    """The codes of a deal's log, oldest first, as little-endian 16-bit bytes."""
    codes = _codes(log)
    return struct.pack(f"<{len(codes)}H", *codes)


def log_from_codes(data: bytes) -> int:
    """The deal log whose codes :func:`encode_log` gave."""
    log = EMPTY_LOG
    for (code,) in struct.iter_unpack("<H", data):
        log = log << CODE_BITS | code
    return log
