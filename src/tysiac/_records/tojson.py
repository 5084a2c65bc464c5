"""Writing JSON: :func:`to_json`."""

from __future__ import annotations

import enum
import json
import typing
from collections.abc import Callable
from typing import Any

import attrs

from .._engine.history import ScoreSheet
from .._engine.results import DealResult
from .._engine.state import State
from .._errors import (
    ArgumentTypeError,
    ArgumentValueError,
    ImpossibleViewError,
    NotAStateError,
    brief,
)
from .._info.views import View
from .._rules.rules import Rules
from .._vocab.cards import Card, Suit
from .._vocab.moves import MOVE_TYPES, Move
from .jsonform import (
    MOVE_TAGS,
    RULE_OPTIONS,
    SCHEMA,
    enum_value,
    field_types,
    is_moveish,
    is_optional,
    is_union,
)
from .records import GameRecord, record

__all__ = [
    "MAX_INDENT",
    "to_json",
]

#: The widest ``indent`` :func:`to_json` accepts.
MAX_INDENT = 16


def _encode(value: Any, tp: Any) -> Any:
    """The JSON value of ``value``, of type ``tp``."""
    return _encoder(tp)(value)


_Encoder = Callable[[Any], Any]
_ENCODERS: dict[Any, _Encoder] = {}
#: The most moves (and seat-move pairs) an encoder remembers the JSON of.
_MOVE_CACHE = 4096


def _encoder(tp: Any) -> _Encoder:
    """The encoder of the values of type ``tp`` (worked out once per type)."""
    found = _ENCODERS.get(tp)
    if found is None:
        found = _ENCODERS[tp] = _make_encoder(tp)
    return found


def _same(value: Any) -> Any:
    return value


def _make_encoder(tp: Any) -> _Encoder:
    if tp in (int, bool, str):
        return _same
    if tp is Card:
        return str
    if tp is Suit:
        return lambda value: value.letter
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return enum_value
    if tp is Rules:
        return _encode_rules
    if tp is ScoreSheet:
        row = _encoder(DealResult)
        return lambda value: [row(x) for x in value]
    if is_moveish(tp):
        return _move_encoder()
    if is_union(tp):
        rest = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(rest) == 1:
            inner = _encoder(rest[0])
            return lambda value: None if value is None else inner(value)
        return lambda value: None if value is None else _encoder(type(value))(value)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[0] is int and is_moveish(args[1]):
            return _pair_encoder()  # a (seat, move) pair
        if len(args) == 2 and args[1] is Ellipsis:
            item = _encoder(args[0])
            return lambda value: [item(x) for x in value]
        items = [_encoder(t) for t in args]
        return lambda value: [e(x) for x, e in zip(value, items, strict=True)]
    if origin is frozenset:
        member = _encoder(args[0])
        return lambda value: [member(x) for x in sorted(value)]
    if attrs.has(tp):
        return _encode_attrs
    raise TypeError(f"cannot encode {tp!r}")  # pragma: no cover  (a new field type)


def _move_encoder() -> _Encoder:
    """Moves (immutable) by their JSON object, each worked out once; json.dumps only reads
    the objects it is given, so they may be shared."""
    seen: dict[Any, dict[str, Any]] = {}

    def encode(move: Any) -> dict[str, Any]:
        found = seen.get(move)
        if found is None:
            found = _encode_move(move)
            if len(seen) < _MOVE_CACHE:
                seen[move] = found
        return found

    return encode


def _pair_encoder() -> _Encoder:
    seen: dict[Any, dict[str, Any]] = {}

    def encode(pair: Any) -> dict[str, Any]:
        found = seen.get(pair)
        if found is None:
            found = {"seat": pair[0], **_encode_move(pair[1])}
            if len(seen) < _MOVE_CACHE:
                seen[pair] = found
        return found

    return encode


_PLANS: dict[type, list[tuple[str, _Encoder, bool, Any]]] = {}


def _encode_attrs(value: Any) -> dict[str, Any]:
    cls = type(value)
    plan = _PLANS.get(cls)
    if plan is None:
        types_of = field_types(cls)
        plan = _PLANS[cls] = [
            (f.name, _encoder(types_of[f.name]), is_optional(f), f.default)
            for f in attrs.fields(cls)
            if f.init
        ]
    out: dict[str, Any] = {}
    for name, encode, optional, default in plan:
        item = getattr(value, name)
        if not (optional and item == default):
            out[name] = encode(item)
    return out


def _encode_rules(rules: Rules) -> dict[str, Any]:
    types_of = field_types(Rules)
    return {a.name: _encode(getattr(rules, a.name), types_of[a.name]) for a in RULE_OPTIONS}


def _encode_move(move: Any) -> dict[str, Any]:
    return {"move": MOVE_TAGS[type(move)], **_encode_attrs(move)}


def to_json(obj: Rules | State | View | Move | GameRecord, *, indent: int | None = None) -> str:
    """``obj`` as a JSON document of schema ``tysiac/1``; the same object gives the same text.

    A state is written as the record of its game (:func:`~tysiac.record`), so loading it
    replays and checks every move.

    Args:
        obj: a :class:`~tysiac.Rules`, :class:`~tysiac.State`, :class:`~tysiac.View`, any
            move or a :class:`~tysiac.GameRecord`.
        indent: spaces per level of nesting, an int from 0 to 16 (None: one line, the
            default; 0: one value a line, not indented).

    Raises:
        NotAStateError: ``obj`` is none of these, or a :class:`~tysiac.GameRecord` built by
            hand with a field of the wrong type.
        ImpossibleViewError: ``obj`` is a :class:`~tysiac.View` built by hand with a field
            of the wrong type.
        TypeError: ``indent`` is not an int or None (a :class:`~tysiac.TysiacError`).
        ValueError: ``indent`` is an int outside 0 .. 16 (a :class:`~tysiac.TysiacError`).

    Example:
        >>> to_json(Bid(120))
        '{"schema":"tysiac/1","type":"move","move":"bid","amount":120}'
    """
    _check_indent(indent)
    head: dict[str, Any] = {"schema": SCHEMA}
    if isinstance(obj, State):
        body = {"type": "state", **_encode_attrs(record(obj))}
    elif isinstance(obj, Rules):
        body = {"type": "rules", **_encode_rules(obj)}
    elif isinstance(obj, MOVE_TYPES):
        body = {"type": "move", **_encode_move(obj)}
    elif isinstance(obj, GameRecord | View):
        # built by the library, or by hand (attrs.evolve checks no field): written as JSON
        # only when every field is of its type
        try:
            kind = "record" if isinstance(obj, GameRecord) else "view"
            body = {"type": kind, **_encode_attrs(obj)}
            return _dumps({**head, **body}, indent)
        except (AttributeError, IndexError, KeyError, TypeError, ValueError, RecursionError):
            error = ImpossibleViewError if isinstance(obj, View) else NotAStateError
            raise error(
                f"{brief(obj)} cannot be written as JSON: a field is not of its type "
                f"(built by hand?): write what record(state), observe() or from_json() give"
            ) from None
    else:
        raise NotAStateError(
            f"{type(obj).__name__} object cannot be written as JSON: pass Rules, a State, "
            "a View, a move or a GameRecord"
        )
    return _dumps({**head, **body}, indent)


def _dumps(document: dict[str, Any], indent: int | None) -> str:
    """``document`` as JSON text, one line (``indent=None``) or indented."""
    return json.dumps(
        document, ensure_ascii=True, allow_nan=False, indent=indent,
        separators=(",", ":") if indent is None else (",", ": "),
    )  # fmt: skip


def _check_indent(indent: object) -> None:
    """``indent`` must be None or a small int: json.dumps would take a float, a string, or
    a width that makes a text of gigabytes."""
    if indent is None:
        return
    if not isinstance(indent, int) or isinstance(indent, bool):
        raise ArgumentTypeError(
            f"to_json(indent={brief(indent)}): give an int from 0 to {MAX_INDENT}, or None"
        )
    if not 0 <= indent <= MAX_INDENT:
        raise ArgumentValueError(
            f"to_json(indent={brief(indent)}): give an int from 0 to {MAX_INDENT}, or None"
        )
