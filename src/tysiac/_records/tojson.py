"""Writing JSON: :func:`to_json`."""

from __future__ import annotations

import enum
import json
import typing
from typing import Any

import attrs

from .._engine.history import ScoreSheet
from .._engine.state import State
from .._errors import ArgumentTypeError, ArgumentValueError, NotAStateError, brief
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
    if tp in (int, bool, str):
        return value
    if tp is Card:
        return str(value)
    if tp is Suit:
        return value.letter
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return enum_value(value)
    if tp is Rules:
        return _encode_rules(value)
    if tp is ScoreSheet:
        return [_encode_attrs(row) for row in value]
    if is_moveish(tp):
        return _encode_move(value)
    if is_union(tp):
        if value is None:
            return None
        rest = [a for a in typing.get_args(tp) if a is not type(None)]
        return _encode(value, rest[0] if len(rest) == 1 else type(value))
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[0] is int and is_moveish(args[1]):
            return {"seat": value[0], **_encode_move(value[1])}  # a (seat, move) pair
        if len(args) == 2 and args[1] is Ellipsis:
            return [_encode(x, args[0]) for x in value]
        return [_encode(x, t) for x, t in zip(value, args, strict=True)]
    if origin is frozenset:
        return [_encode(x, args[0]) for x in sorted(value)]
    if attrs.has(tp):
        return _encode_attrs(value)
    raise TypeError(f"cannot encode {tp!r}")  # pragma: no cover  (a new field type)


def _encode_attrs(value: Any) -> dict[str, Any]:
    types_of = field_types(type(value))
    return {
        f.name: _encode(getattr(value, f.name), types_of[f.name])
        for f in attrs.fields(type(value))
        if f.init and not (is_optional(f) and getattr(value, f.name) == f.default)
    }


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
        NotAStateError: ``obj`` is none of these.
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
    elif isinstance(obj, GameRecord):
        body = {"type": "record", **_encode_attrs(obj)}
    elif isinstance(obj, Rules):
        body = {"type": "rules", **_encode_rules(obj)}
    elif isinstance(obj, View):
        body = {"type": "view", **_encode_attrs(obj)}
    elif isinstance(obj, MOVE_TYPES):
        body = {"type": "move", **_encode_move(obj)}
    else:
        raise NotAStateError(
            f"{type(obj).__name__} object cannot be written as JSON: pass Rules, a State, "
            "a View, a move or a GameRecord"
        )
    return json.dumps(
        {**head, **body}, ensure_ascii=True, allow_nan=False, indent=indent,
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
