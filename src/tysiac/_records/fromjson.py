"""Reading JSON: :func:`from_json`, which checks every field.

This module holds the document: its size limit, its ``schema`` and ``type``, the readers
that take long lists (a record's deals, a view's moves) a value at a time, and the checks
of a loaded view beyond its types.  Building each value from its JSON is
:mod:`tysiac._records.decoding`'s.
"""

from __future__ import annotations

import json
import random
import typing
from collections.abc import Callable
from typing import Any, Final, TypeVar, overload

import attrs

from .._engine.core import Phase
from .._engine.history import ScoreSheet
from .._engine.results import DealResult
from .._errors import ImpossibleViewError, LoadError, brief
from .._info.sampling import Sampler
from .._info.views import Concealed, View
from .._vocab.moves import Move
from .decoding import (
    construct,
    decode,
    decode_move,
    decode_rules,
    decode_seat_move,
    key_path,
    object_pairs,
    parse_constant,
    parse_number,
)
from .jsonform import (
    DEFAULT_MAX_SIZE,
    MOVE_CLASSES,
    RULE_OPTIONS,
    SCHEMA,
    TYPES,
    field_types,
    is_moveish,
    is_optional,
    is_union,
)
from .records import DealRecord, GameRecord, Replayer, replay
from .stream import FLAT, SMALL, Text

__all__ = [
    "from_json",
]

T = TypeVar("T")


@overload
def from_json(text: str | bytes, expect: None = None, *, max_size: int = ...) -> object: ...


@overload
def from_json(text: str | bytes, expect: type[T], *, max_size: int = ...) -> T: ...


def from_json(
    text: str | bytes, expect: type[T] | None = None, *, max_size: int = DEFAULT_MAX_SIZE
) -> T | object:
    """Read a document written by :func:`to_json`; input from anywhere is safe.

    Every field is checked; a state or a record is replayed move by move, so it loads
    only if play can reach it.  Nothing in the text is executed.

    Args:
        text: the JSON text (``bytes`` are read as UTF-8).
        expect: the class of object wanted: :class:`~tysiac.State`,
            :class:`~tysiac.Rules`, :class:`~tysiac.View`, :class:`~tysiac.GameRecord` or a
            move class such as :class:`~tysiac.Play`; a document of another type is refused.
        max_size: the longest text accepted, in characters (bytes for ``bytes``); the
            default, 6,000,000, holds a record of about 4,000 deals and loads in about 2 s
            at most (see the JSON page, "Untrusted input"); raise it to load more.

    Raises:
        LoadError: the text is not a valid document; the message starts with the path
            of the problem (``$`` for the whole text), e.g.
            ``deals[0].moves[17].card: 'QX' is not a card``.

    Example:
        >>> from_json('{"schema":"tysiac/1","type":"move","move":"play","card":"QH"}')
        Play(Card.parse('QH'))
    """
    if not isinstance(max_size, int) or isinstance(max_size, bool) or max_size < 0:
        raise LoadError(f"max_size={brief(max_size)} must be an int, 0 or more")
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_size:
            raise LoadError(f"$: {len(text)} bytes, more than max_size={max_size}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LoadError(f"$: not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    if not isinstance(text, str):
        raise LoadError(f"$: {brief(text)} is not a JSON text (str or bytes)")
    if len(text) > max_size:
        raise LoadError(f"$: {len(text)} characters, more than max_size={max_size}")
    return _Document(Text(text, _DECODER), expect).read()


_DECODER: Final = json.JSONDecoder(
    object_pairs_hook=object_pairs, parse_int=parse_number, parse_constant=parse_constant
)

#: Reads the value at a position of the text: ``read(text, position, path)`` returns the
#: value decoded and where it ends.
_Reader = Callable[[Text, int, str], tuple[Any, int]]
_READERS: dict[Any, _Reader] = {}
#: The most distinct move texts a move reader remembers (each decoded once).
_MOVE_CACHE: Final = 4096


def _reader(tp: Any) -> _Reader:
    """How to read a value of type ``tp`` from the text (worked out once per type): the lists
    that may be long and the objects of a record or view a value at a time, anything else in
    one piece of at most SMALL characters."""
    found = _READERS.get(tp)
    if found is None:
        found = _READERS[tp] = _make_reader(tp)
    return found


def _make_reader(tp: Any) -> _Reader:
    if tp is ScoreSheet:
        rows = _sequence(_reader(DealResult))

        def sheet(text: Text, i: int, path: str) -> tuple[Any, int]:
            items, end = rows(text, i, path)
            return ScoreSheet(items), end

        return sheet
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is tuple and len(args) == 2 and args[0] is int and is_moveish(args[1]):
        return _pair_reader(args[1])
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _sequence(_reader(args[0]))
    if is_union(tp) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            inner = _reader(rest[0])

            def nullable(text: Text, i: int, path: str) -> tuple[Any, int]:
                if text.s.startswith("null", i):
                    return None, i + 4
                return inner(text, i, path)

            return nullable
    if tp in (DealRecord, View):
        return _object_reader(tp)

    def whole(text: Text, i: int, path: str) -> tuple[Any, int]:
        value, end = text.small(i, path)
        return decode(value, tp, path), end

    return whole


def _sequence(item: _Reader) -> _Reader:
    def read(text: Text, i: int, path: str) -> tuple[Any, int]:
        out: list[Any] = []

        def one(at: int, where: str) -> int:
            value, end = item(text, at, where)
            out.append(value)
            return end

        end = text.items(i, path, one)
        return tuple(out), end

    return read


def _pair_reader(tp: Any) -> _Reader:
    """(seat, move) objects, remembered by their text: the same few hundred recur."""
    seen: dict[str, tuple[int, Any]] = {}

    def read(text: Text, i: int, path: str) -> tuple[Any, int]:
        flat = FLAT.match(text.s, i, i + SMALL)  # a move is a flat object
        piece = flat.group() if flat else ""
        pair = seen.get(piece) if piece else None
        if pair is not None:
            return pair, i + len(piece)
        value, end = text.small(i, path)
        pair = decode_seat_move(value, path, tp)
        if piece and len(seen) < _MOVE_CACHE:
            seen[piece] = pair
        return pair, end

    return read


def _fields_of(cls: type, extra: tuple[str, ...] = ()) -> dict[str, _Reader]:
    types_of = field_types(cls)
    return {f.name: _reader(types_of[f.name]) for f in attrs.fields(cls) if f.init}


def _object_reader(cls: type) -> _Reader:
    readers = _fields_of(cls)
    required = [f.name for f in attrs.fields(cls) if f.init and not is_optional(f)]

    def read(text: Text, i: int, path: str) -> tuple[Any, int]:
        got: dict[str, Any] = {}

        def one(key: str, at: int) -> int:
            reader = readers.get(key)
            if reader is None:
                raise LoadError(f"{path}: unknown key {brief(key)}")
            if key in got:
                raise LoadError(f"{path}: the key {brief(key)} appears twice")
            got[key], end = reader(text, at, key_path(path, key))
            return end

        end = text.fields(i, path, one)
        _missing(got, required, path)
        return construct(cls, got, path), end

    return read


def _missing(got: dict[str, Any], required: list[str], path: str) -> None:
    for key in required:
        if key not in got:
            raise LoadError(f"{path}: the key {key!r} is missing")


#: Every key of a document, over every type of document.
_DOCUMENT_KEYS: Final = frozenset(
    {"schema", "type", "move"}
    | {f.name for cls in (*MOVE_CLASSES.values(), View, GameRecord) for f in attrs.fields(cls)}
    | {a.name for a in RULE_OPTIONS}
)


class _Document:
    """One document read field by field: ``schema`` and ``type`` (usually first) decide how
    the other fields are read; a record's deals are replayed as they are read."""

    def __init__(self, text: Text, expect: Any) -> None:
        self.text = text
        self.expect = expect
        self.kind: str | None = None
        self.schema: object = None
        self.seen: set[str] = set()
        self.pending: list[tuple[str, int]] = []  # fields met before the type
        self.body: dict[str, Any] = {}
        self.replayer: Replayer | None = None
        self.deals: list[Any] = []

    def read(self) -> object:
        text = self.text
        i = text.ws(0)
        if text.char(i) != "{":
            if text.char(i) in ("", "}", "]", ",", ":"):
                raise text.error(i, "Expecting value")
            if text.end_of_small(i) < 0 and i + SMALL < text.n:
                raise LoadError(f"$: {text.describe(i)} is not a tysiac document (a JSON object)")
            value, _ = text.value(i)
            raise LoadError(f"$: {brief(value)} is not a tysiac document (a JSON object)")
        end = text.ws(text.fields(i, "$", self.field))
        if end != text.n:
            raise text.error(end, "Extra data")
        return self.finish()

    def field(self, key: str, i: int) -> int:
        if key in self.seen:
            raise LoadError(f"$: the key {brief(key)} appears twice")
        self.seen.add(key)
        if key == "schema":
            self.schema, end = self.text.small(i, "schema")
            _check_schema(self.schema)
            return end
        if key == "type":
            kind, end = self.text.small(i, "type")
            if type(kind) is not str or kind not in TYPES:
                raise LoadError(f"type: {brief(kind)} is not one of {', '.join(map(repr, TYPES))}")
            cls = TYPES[kind]
            if self.expect is not None and self.expect is not cls and kind != "move":
                raise LoadError(f"type: a {kind} document, not a {_name(self.expect)}")
            self.kind = kind
            for name, at in self.pending:
                self.body_field(name, at)
            return end
        if self.kind is None:
            if key not in _DOCUMENT_KEYS:
                raise LoadError(f"$: unknown key {brief(key)}")
            self.pending.append((key, i))  # read once the type is known
            return self.text.skip(i)
        return self.body_field(key, i)

    def body_field(self, key: str, i: int) -> int:
        text = self.text
        kind = self.kind
        if kind in ("move", "rules"):  # flat objects of small values
            self.body[key], end = text.small(i, key_path("$", key))
            return end
        cls = View if kind == "view" else GameRecord
        reader = (_VIEW_FIELDS if cls is View else _RECORD_FIELDS).get(key)
        if reader is None:
            raise LoadError(f"$: unknown key {brief(key)}")
        if key == "deals" and cls is GameRecord and self.body.keys() >= _RECORD_START:
            # the start of the record is known: replay each deal as soon as it is read
            header = construct(GameRecord, {**self.body, "deals": ()}, "$")
            self.replayer = Replayer(header)
            item = _reader(DealRecord)

            def one(at: int, where: str) -> int:
                deal, end = item(text, at, where)
                assert self.replayer is not None
                self.replayer.deal(len(self.deals), deal)
                self.deals.append(deal)
                return end

            end = text.items(i, "deals", one)
            self.body["deals"] = tuple(self.deals)
            return end
        self.body[key], end = reader(text, i, key)
        return end

    def finish(self) -> object:
        if "schema" not in self.seen:
            raise LoadError(f'schema: missing: a tysiac document has "schema": "{SCHEMA}"')
        kind = self.kind
        if kind is None:
            raise LoadError(f"type: None is not one of {', '.join(map(repr, TYPES))}")
        body = self.body
        if kind == "move":
            move: object = decode_move(body, "$", Move)
            if self.expect is not None and not _is_instance(move, self.expect):
                raise LoadError(f"type: a move document, not a {_name(self.expect)}")
            return move
        if kind == "rules":
            return decode_rules(body, "$")
        if kind == "view":
            _missing(body, _VIEW_REQUIRED, "$")
            return _check_view(construct(View, body, "$"))
        _missing(body, _RECORD_REQUIRED, "$")
        rec = construct(GameRecord, body, "$")
        state = self.replayer.state if self.replayer is not None else replay(rec)
        return state if kind == "state" else rec


def _check_schema(schema: object) -> None:
    if schema != SCHEMA:
        raise LoadError(f"schema: unknown schema {brief(schema)}: this version reads {SCHEMA!r}")


_VIEW_FIELDS: Final = _fields_of(View)
_VIEW_REQUIRED: Final = [f.name for f in attrs.fields(View) if f.init and not is_optional(f)]
_RECORD_FIELDS: Final = _fields_of(GameRecord)
_RECORD_REQUIRED: Final = [f.name for f in attrs.fields(GameRecord) if f.init]
#: The fields of a record that its deals are replayed from.
_RECORD_START: Final = frozenset(_RECORD_REQUIRED) - {"deals"}


def _check_view(view: View) -> View:
    """The checks of a loaded view beyond its types: seats are seats, one value per seat."""
    n = view.rules.players
    for name in (
        "seat",
        "to_move",
        "dealer",
        "winner",
        "bidder",
        "declarer",
        "leader",
        "ace_marriage",
    ):
        seat = getattr(view, name)
        if seat is not None and not 0 <= seat < n:
            raise LoadError(f"{name}: {brief(seat)} is not a seat: use 0..{n - 1}")
    for name in ("scores", "hand_sizes", "card_points"):
        if len(getattr(view, name)) != n:
            raise LoadError(f"{name}: {len(getattr(view, name))} values for {n} seats")
    if len(set(view.hand)) != len(view.hand):
        raise LoadError("hand: a card appears twice")
    for i, (seat, move) in enumerate(view.moves):
        if not 0 <= seat < n:
            raise LoadError(f"moves[{i}].seat: {seat} is not a seat: use 0..{n - 1}")
        if isinstance(move, Concealed) and not (
            (move.kind == "Give" and move.to is not None and 0 <= move.to < n)
            or (move.kind == "Discard" and move.to is None)
        ):
            raise LoadError(
                f"moves[{i}]: {brief(move)} is not a concealed move: a Give to a seat, or a Discard"
            )
    _check_sheet(view)
    if view.winner is None and view.phase is not Phase.GAME_OVER:
        # the view must be one a game produces: a world drawn for it reproduces it exactly
        # (its knowledge follows from its moves, its sizes, phase and legal moves agree)
        try:
            Sampler(view).draw(random.Random(0))
        except ImpossibleViewError as exc:
            raise LoadError(f"$: no game reaches this view: {exc}") from None
    elif not (view.phase is Phase.GAME_OVER and view.winner is not None):
        raise LoadError(
            f"phase: {view.phase!r} with winner {brief(view.winner)}: a game is over exactly "
            "when it has a winner"
        )
    elif view.to_move is not None or view.legal_moves:
        raise LoadError("to_move: a game that is over has nobody to move and no legal moves")
    elif view.scores[view.winner] < view.rules.target:
        raise LoadError(
            f"winner: seat {view.winner} has {view.scores[view.winner]}, less than the "
            f"target {view.rules.target}"
        )
    return view


def _check_sheet(view: View) -> None:
    """The score sheet's rows come in order before this deal and end at the view's scores."""
    last = 0
    for i, row in enumerate(view.sheet):
        if not last < row.number < view.deal_number + (view.winner is not None):
            raise LoadError(f"sheet[{i}].number: {brief(row.number)} is out of order")
        if row.declarer is not None and not 0 <= row.declarer < view.rules.players:
            raise LoadError(f"sheet[{i}].declarer: {brief(row.declarer)} is not a seat")
        last = row.number
    if len(view.sheet) and view.sheet[-1].scores != view.scores:
        raise LoadError(
            f"scores: {brief(view.scores)} are not the scores of the last row of the sheet, "
            f"{brief(view.sheet[-1].scores)}"
        )


def _name(cls: object) -> str:
    name = getattr(cls, "__name__", None)
    return name if isinstance(name, str) and name.isidentifier() else brief(cls)


def _is_instance(value: object, cls: object) -> bool:
    try:
        return isinstance(value, cls)  # type: ignore[arg-type]
    except TypeError:
        return False


# DealRecord is decoded through GameRecord's field types
_ = DealRecord
