"""A game's history, shared between states: the :class:`ScoreSheet` and the finished deals.

Both are persistent vectors: full chunks of 32 items in one tuple, and a tail of fewer
than 32.  Appending copies the tail (and, every 32 items, the tuple of chunks), so the
states of one game share almost all of their history; equality, hashing, pickling and
copying never recurse, and ``len``, indexing and the last row cost the same at any length.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Final, Generic, NamedTuple, TypeVar, overload

from .._errors import InvalidDealError, brief
from .._vocab.movecodes import encode_log, log_from_codes, log_moves
from .._vocab.moves import Move
from .results import DealResult

__all__ = [
    "HISTORY_SETTERS",
    "History",
    "Log",
    "Origin",
    "ScoreSheet",
]

_T = TypeVar("_T")
_CHUNK: Final = 32


class _Vec(Generic[_T]):
    """An immutable vector of items that is cheap to extend by one (private base)."""

    __slots__ = ("_chunks", "_len", "_tail")

    _chunks: tuple[tuple[_T, ...], ...]
    _tail: tuple[_T, ...]
    _len: int

    def _init(self, chunks: tuple[tuple[_T, ...], ...], tail: tuple[_T, ...]) -> None:
        object.__setattr__(self, "_chunks", chunks)
        object.__setattr__(self, "_tail", tail)
        object.__setattr__(self, "_len", len(chunks) * _CHUNK + len(tail))

    @classmethod
    def _build(cls, items: Iterable[_T]) -> _Vec[_T]:
        flat = tuple(items)
        cut = len(flat) - len(flat) % _CHUNK
        out = object.__new__(cls)
        out._init(
            tuple(flat[i : i + _CHUNK] for i in range(0, cut, _CHUNK)),
            flat[cut:],
        )
        return out

    def _plus(self, item: _T) -> _Vec[_T]:
        """A new vector: this one with ``item`` appended (once a deal: kept lean)."""
        out = _new(type(self))
        tail = (*self._tail, item)
        if len(tail) == _CHUNK:
            _set_chunks(out, (*self._chunks, tail))
            _set_tail(out, ())
        else:
            _set_chunks(out, self._chunks)
            _set_tail(out, tail)
        _set_len(out, self._len + 1)
        return out

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __len__(self) -> int:
        return self._len

    def _item(self, index: int) -> _T:
        n = self._len
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError(f"index {brief(index)} out of range for {n} items")
        full = len(self._chunks) * _CHUNK
        if index >= full:
            return self._tail[index - full]
        return self._chunks[index // _CHUNK][index % _CHUNK]

    def _iter(self) -> Iterator[_T]:
        for chunk in self._chunks:
            yield from chunk
        yield from self._tail

    def _same(self, other: _Vec[_T]) -> bool:
        return self is other or (
            self._len == other._len and self._tail == other._tail and self._chunks == other._chunks
        )

    def _last(self) -> _T | None:
        if self._tail:
            return self._tail[-1]
        if self._chunks:
            return self._chunks[-1][-1]
        return None

    def __copy__(self) -> _Vec[_T]:
        return self

    def __deepcopy__(self, memo: object) -> _Vec[_T]:
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), tuple(self._iter())))


_new = object.__new__
# the slots' own setters: faster than object.__setattr__, and past the immutability guard
_set_chunks = _Vec.__dict__["_chunks"].__set__
_set_tail = _Vec.__dict__["_tail"].__set__
_set_len = _Vec.__dict__["_len"].__set__


def _rebuild(cls: type[_Vec[_T]], items: tuple[_T, ...]) -> _Vec[_T]:
    return cls._build(items)


class ScoreSheet(_Vec[DealResult], Sequence[DealResult]):
    """The score sheet: one :class:`~tysiac.DealResult` per finished deal, oldest first.

    An immutable sequence (``len``, indexing, slicing to a sheet, iteration) shared by the
    states of a game, so it costs the same to read at any game length; ``tuple(sheet)``
    gives a tuple.  Two sheets are equal when their rows are; a sheet is never equal to a
    tuple.

    Args:
        rows: the rows, oldest first.

    Raises:
        InvalidDealError: an item is not a :class:`~tysiac.DealResult`.
    """

    __slots__ = ()

    def __init__(self, rows: Iterable[DealResult] = ()) -> None:
        try:
            items = tuple(rows)
        except TypeError:
            raise InvalidDealError(f"rows={brief(rows)} must be DealResult objects") from None
        for row in items:
            if not isinstance(row, DealResult):
                raise InvalidDealError(f"{brief(row)} is not a DealResult")
        built = ScoreSheet._build(items)
        self._init(built._chunks, built._tail)

    @overload
    def __getitem__(self, index: int) -> DealResult: ...

    @overload
    def __getitem__(self, index: slice) -> ScoreSheet: ...

    def __getitem__(self, index: int | slice) -> DealResult | ScoreSheet:
        """A row; a slice gives a :class:`ScoreSheet` of rows."""
        if isinstance(index, slice):
            return ScoreSheet._build(tuple(self._iter())[index])  # type: ignore[return-value]
        if not isinstance(index, int):
            raise TypeError(f"sheet indices must be ints or slices, not {type(index).__name__}")
        return self._item(index)

    def __iter__(self) -> Iterator[DealResult]:
        return self._iter()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreSheet):
            return NotImplemented
        return self._same(other)

    def __hash__(self) -> int:
        # equal sheets have equal lengths and last rows: O(1) at any length
        return hash((ScoreSheet, self._len, self._last()))

    @property
    def last(self) -> DealResult | None:
        """The newest row, or None before the first deal ends."""
        return self._last()

    def plus(self, row: DealResult) -> ScoreSheet:
        """A new sheet: this one with ``row`` added at the end."""
        return self._plus(row)  # type: ignore[return-value]

    def __repr__(self) -> str:
        return f"ScoreSheet({tuple(self._iter())!r})"


#: The empty score sheet.


class Origin(NamedTuple):
    """Where a state's known history starts: the first deal it saw begin."""

    deal_number: int
    dealer: int
    scores: tuple[int, ...]
    bombs: tuple[int, ...]
    deck: tuple[int, ...]
    earlier: int  # rows of the score sheet from before (their moves are unknown)


#: A finished deal's moves as the engine logged them: an int, 16 bits a move (``_movecodes``).
Log = int


class History(_Vec[Log]):
    """The moves of every finished deal since :attr:`origin`, shared between states (private).

    Each item is a finished deal's log, the int its states already share, so that finishing
    a deal costs one append and nothing is copied; pickling stores each deal's moves as two
    bytes a move (see ``_movecodes``).
    """

    __slots__ = ("origin",)

    origin: Origin

    def __init__(self, origin: Origin, deals: Iterable[Log] = ()) -> None:
        built = _Vec._build(deals)
        self._init(built._chunks, built._tail)
        _set_origin(self, origin)

    def plus(self, log: Log) -> History:
        """A new history: this one with a finished deal's log added."""
        out: History = self._plus(log)  # type: ignore[assignment]
        _set_origin(out, self.origin)
        return out

    def deals(self) -> Iterator[tuple[tuple[int, Move], ...]]:
        """The finished deals' moves as ``(seat, move)``, oldest first."""
        return map(log_moves, self._iter())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        return self is other or (
            self.origin == other.origin
            and self._len == other._len
            and all(a == b for a, b in zip(self, other, strict=True))
        )

    def __iter__(self) -> Iterator[Log]:
        return self._iter()

    def __hash__(self) -> int:
        return hash((History, self._len, self.origin.deal_number))

    def __reduce__(self) -> tuple[object, ...]:
        return (_history_from_codes, (self.origin, tuple(map(encode_log, self._iter()))))

    def __repr__(self) -> str:
        return f"<History from deal {self.origin.deal_number}, {self._len} finished>"


def _history_from_codes(origin: Origin, deals: tuple[bytes, ...]) -> History:
    return History(origin, map(log_from_codes, deals))


_set_origin = History.__dict__["origin"].__set__
#: The setters of a :class:`History`'s slots: chunks, tail, length, origin.  The start of a
#: game (``start.start_game``, compiled) fills a new history with them: no deal finished,
#: four slot stores, no call of a Python function.
HISTORY_SETTERS: Final = (_set_chunks, _set_tail, _set_len, _set_origin)
