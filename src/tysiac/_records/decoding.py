"""Building each kind of object from parsed JSON: the decoders of :func:`~tysiac.from_json`.

Each field type has a decoder (worked out once per type) that checks a JSON value and builds
the value it stands for (ints in range, cards, suits, enums, moves, rules, tuples, sets and
attrs classes), raising :class:`~tysiac.LoadError` with the path of what is wrong.  The JSON
decoder's hooks (repeated keys, numbers too long to read, constants JSON does not allow) are
here too.  The document itself (its schema and type, its limits, the readers of long lists,
the checks of a loaded view) is :mod:`tysiac._records.fromjson`'s.

Imports: the engine's history and results, the errors, the rules, the cards and the moves'
forms (``jsonform``).
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs

from .._engine.history import ScoreSheet
from .._engine.results import DealResult
from .._errors import InvalidCardError, InvalidRulesError, LoadError, NotAMoveError, brief
from .._rules.rules import Rules
from .._vocab.cards import Card, Suit
from .jsonform import (
    INT_LIMIT,
    LATER_OPTIONS,
    MOVE_CLASSES,
    RULE_OPTIONS,
    STR_LIMIT,
    enum_value,
    field_types,
    is_moveish,
    is_optional,
    is_union,
)

__all__ = [
    "construct",
    "decode",
    "decode_attrs",
    "decode_move",
    "decode_rules",
    "decode_seat_move",
    "key_path",
    "object_pairs",
    "parse_constant",
    "parse_number",
]

T = TypeVar("T")


class _Duplicated(dict[str, Any]):
    """A JSON object with a repeated key (reported where the decoder meets it)."""

    key: str = ""


class _Huge:
    """A JSON number too long to be read."""

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"<a number of {self.digits} digits>"


def object_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    dup = _Duplicated(out)
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            dup.key = key
            break
        seen.add(key)
    return dup


def parse_number(text: str) -> int | _Huge:
    return int(text) if len(text) <= 30 else _Huge(len(text))


def parse_constant(text: str) -> None:
    raise LoadError(f"$: {text} is not a number JSON allows")


def key_path(path: str, name: str) -> str:
    """The path of the key ``name`` of the object at ``path`` (``$`` is the document)."""
    return name if path == "$" else f"{path}.{name}"


def _object(
    value: Any, path: str, keys: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise LoadError(f"{path}: {brief(value)} is not an object")
    if isinstance(value, _Duplicated):
        raise LoadError(f"{path}: the key {brief(value.key)} appears twice")
    for key in keys:
        if key not in value and key not in optional:
            raise LoadError(f"{path}: the key {key!r} is missing")
    for key in value:
        if key not in keys:
            raise LoadError(f"{path}: unknown key {brief(key)}")
    return value


_FIELD_PLANS: dict[tuple[type, tuple[str, ...]], Any] = {}


def _decode_fields(value: Any, cls: type, path: str, extra: tuple[str, ...] = ()) -> dict[str, Any]:
    """The constructor arguments of ``cls`` read from the object ``value`` (a field with a
    default may be left out)."""
    plan = _FIELD_PLANS.get((cls, extra))
    if plan is None:
        fields = [f for f in attrs.fields(cls) if f.init]
        types_of = field_types(cls)
        optional = tuple(f.name for f in fields if is_optional(f))
        decoders = tuple((f.name, _value_decoder(types_of[f.name])) for f in fields)
        plan = _FIELD_PLANS[cls, extra] = (
            (*extra, *(f.name for f in fields)),
            optional,
            decoders,
        )
    keys, optional, decoders = plan
    data = _object(value, path, keys, optional)
    return {
        name: decode(data[name], key_path(path, name)) for name, decode in decoders if name in data
    }


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise LoadError(f"{path}: {brief(value)} is not a list")
    return value


def decode(value: Any, tp: Any, path: str) -> Any:
    """The value of type ``tp`` that the JSON ``value`` at ``path`` stands for."""
    return _value_decoder(tp)(value, path)


_Decoder = Callable[[Any, str], Any]
_DECODERS: dict[Any, _Decoder] = {}


def _value_decoder(tp: Any) -> _Decoder:
    """The decoder of the JSON values of type ``tp`` (worked out once per type)."""
    found = _DECODERS.get(tp)
    if found is None:
        found = _DECODERS[tp] = _make_decoder(tp)
    return found


def _decode_int(value: Any, path: str) -> int:
    if type(value) is int and -INT_LIMIT < value < INT_LIMIT:
        return value
    if isinstance(value, _Huge) or type(value) is int:
        raise LoadError(f"{path}: {brief(value)} is out of range")
    raise LoadError(f"{path}: {brief(value)} is not an int")


def _decode_bool(value: Any, path: str) -> bool:
    if type(value) is not bool:
        raise LoadError(f"{path}: {brief(value)} is not true or false")
    return value


def _decode_str(value: Any, path: str) -> str:
    if type(value) is not str or len(value) > STR_LIMIT:
        raise LoadError(f"{path}: {brief(value)} is not a string of at most {STR_LIMIT}")
    return value


_CARDS_BY_TEXT: Final = {str(Card.from_index(i)): Card.from_index(i) for i in range(24)}


def _decode_card(value: Any, path: str) -> Card:
    if type(value) is str:
        card = _CARDS_BY_TEXT.get(value)
        if card is not None:
            return card
        try:
            return Card.parse(value)
        except InvalidCardError:
            pass
    raise LoadError(f"{path}: {brief(value)} is not a card")


_SUITS: Final = {s.letter: s for s in Suit}


def _decode_suit(value: Any, path: str) -> Suit:
    if type(value) is not str or value not in _SUITS:
        raise LoadError(f"{path}: {brief(value)} is not a suit: use S, C, D or H")
    return _SUITS[value]


def _make_decoder(tp: Any) -> _Decoder:
    simple: dict[Any, _Decoder] = {
        int: _decode_int,
        bool: _decode_bool,
        str: _decode_str,
        Card: _decode_card,
        Suit: _decode_suit,
        Rules: decode_rules,
    }
    if tp in simple:
        return simple[tp]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        members = {enum_value(m): m for m in tp}
        enum_name = tp.__name__

        def member(value: Any, path: str) -> Any:
            if type(value) is not str or value not in members:
                raise LoadError(
                    f"{path}: {brief(value)} is not a {enum_name}: use one of "
                    + ", ".join(map(repr, members))
                )
            return members[value]

        return member
    if tp is ScoreSheet:
        row = _value_decoder(DealResult)

        def sheet(value: Any, path: str) -> ScoreSheet:
            items = _list(value, path)
            return ScoreSheet(row(x, f"{path}[{i}]") for i, x in enumerate(items))

        return sheet
    if is_moveish(tp):
        return lambda value, path: decode_move(value, path, tp)
    if is_union(tp):
        rest = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(rest) != 1:  # pragma: no cover  (no such field)
            raise TypeError(f"cannot decode {tp!r}")
        inner = _value_decoder(rest[0])
        nullable = type(None) in typing.get_args(tp)

        def optional(value: Any, path: str) -> Any:
            if value is None and nullable:
                return None
            return inner(value, path)

        return optional
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[0] is int and is_moveish(args[1]):
            kind = args[1]
            return lambda value, path: decode_seat_move(value, path, kind)  # a (seat, move)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _value_decoder(args[0])
            return lambda value, path: tuple(
                item(x, f"{path}[{i}]") for i, x in enumerate(_list(value, path))
            )
        items = [_value_decoder(t) for t in args]

        def fixed(value: Any, path: str) -> tuple[Any, ...]:
            got = _list(value, path)
            if len(got) != len(items):
                raise LoadError(f"{path}: {len(got)} items, not {len(items)}")
            pairs = enumerate(zip(got, items, strict=True))
            return tuple(d(x, f"{path}[{i}]") for i, (x, d) in pairs)

        return fixed
    if origin is frozenset:
        member_of = _value_decoder(args[0])

        def unique(value: Any, path: str) -> frozenset[Any]:
            got = _list(value, path)
            out = frozenset(member_of(x, f"{path}[{i}]") for i, x in enumerate(got))
            if len(out) != len(got):
                raise LoadError(f"{path}: an item appears twice")
            return out

        return unique
    if attrs.has(tp):
        return lambda value, path: decode_attrs(value, tp, path)
    raise TypeError(f"cannot decode {tp!r}")  # pragma: no cover  (a new field type)


def decode_attrs(value: Any, cls: type[T], path: str) -> T:
    return construct(cls, _decode_fields(value, cls, path), path)


def construct(cls: Callable[..., T], kwargs: dict[str, Any], path: str) -> T:
    try:
        return cls(**kwargs)
    except (InvalidRulesError, NotAMoveError, InvalidCardError) as exc:
        raise LoadError(f"{path}: {exc}") from None


def decode_rules(value: Any, path: str) -> Rules:
    types_of = field_types(Rules)
    names = tuple(a.name for a in RULE_OPTIONS)
    # an option added after a document was written takes its default (older files load)
    data = _object(value, path, names, LATER_OPTIONS)
    options = {
        a.name: decode(data[a.name], types_of[a.name], key_path(path, a.name))
        for a in RULE_OPTIONS
        if a.name in data
    }
    return construct(Rules, options, path)


def decode_move(value: Any, path: str, tp: Any, extra: tuple[str, ...] = ()) -> Any:
    if not isinstance(value, dict) or type(value.get("move")) is not str:
        raise LoadError(f'{path}: {brief(value)} is not a move object with a "move" key')
    allowed = typing.get_args(tp) if is_union(tp) else (tp,)
    cls = MOVE_CLASSES.get(value["move"])
    if cls is None or cls not in allowed:
        raise LoadError(
            f"{key_path(path, 'move')}: {brief(value['move'])} is not a kind of move here"
        )
    return construct(cls, _decode_fields(value, cls, path, ("move", *extra)), path)


def decode_seat_move(value: Any, path: str, tp: Any) -> tuple[int, Any]:
    move = decode_move(value, path, tp, extra=("seat",))
    return (decode(value["seat"], int, key_path(path, "seat")), move)
