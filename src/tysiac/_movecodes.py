"""Finished deals' moves as compact bytes (private): two bytes per move.

A state keeps every finished deal's moves (for :func:`~tysiac.record`); stored as the deal's
linked list of tuples they would take about 2 kB a deal, as codes about 100 bytes.  A move's
code is ``kind_and_value << 2 | seat``, little-endian, unsigned 16 bits:

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
===========  ====================================================
"""

from __future__ import annotations

import struct
from typing import Any, Final

from ._moves import (
    BOMB,
    CHOOSE,
    CLAIM,
    DISCARDS,
    GIVES,
    MELDS,
    PASS,
    PLAYS,
    REDEAL,
    Bid,
    Contract,
    Give,
    Move,
)

__all__ = ["decode_moves", "encode_log"]

_BID: Final = 174
_CONTRACT: Final = 1175
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
assert len(_SHARED) == _BID
# the engine's own move objects live for the whole process: their ids are stable keys
_CODES: Final[dict[int, int]] = {id(m): i << 2 for i, m in enumerate(_SHARED)}


def _code(move: Move) -> int:
    """The code of a move the engine did not take from the shared tables (bids, contracts,
    the rules' own gives)."""
    if type(move) is Bid:
        return (_BID + move.amount // 5) << 2
    if type(move) is Contract:
        return (_CONTRACT + move.amount // 5) << 2
    if type(move) is Give:
        return (48 + move.to * 24 + move.card.index) << 2
    return _CODES[id(next(m for m in _SHARED if m == move))]


def encode_log(log: tuple[object, ...]) -> bytes:
    """The moves of a deal's log (linked list, newest first) as codes, oldest first."""
    codes: list[int] = []
    get = _CODES.get
    node: Any = log
    while node:
        node, seat, move = node
        code = get(id(move))
        codes.append((_code(move) if code is None else code) | seat)
    codes.reverse()
    return struct.pack(f"<{len(codes)}H", *codes)


def decode_moves(data: bytes) -> tuple[tuple[int, Move], ...]:
    """The ``(seat, move)`` pairs of an encoded deal, oldest first."""
    out: list[tuple[int, Move]] = []
    for (code,) in struct.iter_unpack("<H", data):
        seat, kind = code & 3, code >> 2
        if kind < _BID:
            move = _SHARED[kind]
        elif kind < _CONTRACT:
            move = Bid((kind - _BID) * 5)
        else:
            move = Contract((kind - _CONTRACT) * 5)
        out.append((seat, move))
    return tuple(out)
