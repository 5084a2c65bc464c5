"""Reading JSON: :func:`from_json`, which checks every field."""

from __future__ import annotations

import enum
import json
import random
import typing
from collections.abc import Callable
from typing import Any, TypeVar, overload

import attrs

from .._engine.core import Phase
from .._engine.history import ScoreSheet
from .._engine.results import DealResult
from .._errors import (
    ImpossibleViewError,
    InvalidCardError,
    InvalidRulesError,
    LoadError,
    NotAMoveError,
    brief,
)
from .._info.sampling import Sampler
from .._info.views import Concealed, View
from .._rules.rules import Rules
from .._vocab.cards import Card, Suit
from .._vocab.moves import Move
from .jsonform import (
    DEFAULT_MAX_SIZE,
    INT_LIMIT,
    LATER_OPTIONS,
    MOVE_CLASSES,
    RULE_OPTIONS,
    SCHEMA,
    STR_LIMIT,
    TYPES,
    enum_value,
    field_types,
    is_moveish,
    is_optional,
    is_union,
)
from .records import DealRecord, GameRecord, replay

__all__ = [
    "from_json",
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


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
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


def _number(text: str) -> int | _Huge:
    return int(text) if len(text) <= 30 else _Huge(len(text))


def _constant(text: str) -> None:
    raise LoadError(f"$: {text} is not a number JSON allows")


def _key(path: str, name: str) -> str:
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


def _decode_fields(value: Any, cls: type, path: str, extra: tuple[str, ...] = ()) -> dict[str, Any]:
    """The constructor arguments of ``cls`` read from the object ``value`` (a field with a
    default may be left out)."""
    fields = [f for f in attrs.fields(cls) if f.init]
    types_of = field_types(cls)
    optional = tuple(f.name for f in fields if is_optional(f))
    data = _object(value, path, (*extra, *(f.name for f in fields)), optional)
    return {
        f.name: _decode(data[f.name], types_of[f.name], _key(path, f.name))
        for f in fields
        if f.name in data
    }


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise LoadError(f"{path}: {brief(value)} is not a list")
    return value


def _decode(value: Any, tp: Any, path: str) -> Any:
    """The value of type ``tp`` that the JSON ``value`` at ``path`` stands for."""
    if tp is int:
        if isinstance(value, _Huge) or (type(value) is int and not -INT_LIMIT < value < INT_LIMIT):
            raise LoadError(f"{path}: {brief(value)} is out of range")
        if type(value) is not int:
            raise LoadError(f"{path}: {brief(value)} is not an int")
        return value
    if tp is bool:
        if type(value) is not bool:
            raise LoadError(f"{path}: {brief(value)} is not true or false")
        return value
    if tp is str:
        if type(value) is not str or len(value) > STR_LIMIT:
            raise LoadError(f"{path}: {brief(value)} is not a string of at most {STR_LIMIT}")
        return value
    if tp is Card:
        if type(value) is not str:
            raise LoadError(f"{path}: {brief(value)} is not a card")
        try:
            return Card.parse(value)
        except InvalidCardError:
            raise LoadError(f"{path}: {brief(value)} is not a card") from None
    if tp is Suit:
        suits = {s.letter: s for s in Suit}
        if type(value) is not str or value not in suits:
            raise LoadError(f"{path}: {brief(value)} is not a suit: use S, C, D or H")
        return suits[value]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        members = {enum_value(m): m for m in tp}
        if type(value) is not str or value not in members:
            raise LoadError(
                f"{path}: {brief(value)} is not a {tp.__name__}: use one of "
                + ", ".join(map(repr, members))
            )
        return members[value]
    if tp is Rules:
        return _decode_rules(value, path)
    if tp is ScoreSheet:
        items = _list(value, path)
        return ScoreSheet(_decode(x, DealResult, f"{path}[{i}]") for i, x in enumerate(items))
    if is_moveish(tp):
        return _decode_move(value, path, tp)
    if is_union(tp):
        if value is None and type(None) in typing.get_args(tp):
            return None
        rest = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(rest) != 1:  # pragma: no cover  (no such field)
            raise TypeError(f"cannot decode {tp!r}")
        return _decode(value, rest[0], path)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[0] is int and is_moveish(args[1]):
            return _decode_seat_move(value, path, args[1])  # a (seat, move) pair
        items = _list(value, path)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(x, args[0], f"{path}[{i}]") for i, x in enumerate(items))
        if len(items) != len(args):
            raise LoadError(f"{path}: {len(items)} items, not {len(args)}")
        return tuple(
            _decode(x, t, f"{path}[{i}]") for i, (x, t) in enumerate(zip(items, args, strict=True))
        )
    if origin is frozenset:
        items = _list(value, path)
        out = frozenset(_decode(x, args[0], f"{path}[{i}]") for i, x in enumerate(items))
        if len(out) != len(items):
            raise LoadError(f"{path}: an item appears twice")
        return out
    if attrs.has(tp):
        return _decode_attrs(value, tp, path)
    raise TypeError(f"cannot decode {tp!r}")  # pragma: no cover  (a new field type)


def _decode_attrs(value: Any, cls: type[T], path: str) -> T:
    return _construct(cls, _decode_fields(value, cls, path), path)


def _construct(cls: Callable[..., T], kwargs: dict[str, Any], path: str) -> T:
    try:
        return cls(**kwargs)
    except (InvalidRulesError, NotAMoveError, InvalidCardError) as exc:
        raise LoadError(f"{path}: {exc}") from None


def _decode_rules(value: Any, path: str) -> Rules:
    types_of = field_types(Rules)
    names = tuple(a.name for a in RULE_OPTIONS)
    # an option added after a document was written takes its default (older files load)
    data = _object(value, path, names, LATER_OPTIONS)
    options = {
        a.name: _decode(data[a.name], types_of[a.name], _key(path, a.name))
        for a in RULE_OPTIONS
        if a.name in data
    }
    return _construct(Rules, options, path)


def _decode_move(value: Any, path: str, tp: Any, extra: tuple[str, ...] = ()) -> Any:
    if not isinstance(value, dict) or type(value.get("move")) is not str:
        raise LoadError(f'{path}: {brief(value)} is not a move object with a "move" key')
    allowed = typing.get_args(tp) if is_union(tp) else (tp,)
    cls = MOVE_CLASSES.get(value["move"])
    if cls is None or cls not in allowed:
        raise LoadError(f"{_key(path, 'move')}: {brief(value['move'])} is not a kind of move here")
    return _construct(cls, _decode_fields(value, cls, path, ("move", *extra)), path)


def _decode_seat_move(value: Any, path: str, tp: Any) -> tuple[int, Any]:
    move = _decode_move(value, path, tp, extra=("seat",))
    return (_decode(value["seat"], int, _key(path, "seat")), move)


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
            default, 16,000,000, holds a record of about 9,000 three-player deals.

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
    try:
        data = json.loads(
            text, object_pairs_hook=_pairs, parse_int=_number, parse_constant=_constant
        )
    except json.JSONDecodeError as exc:
        raise LoadError(f"$: not JSON: {exc.msg} (line {exc.lineno} column {exc.colno})") from None
    except RecursionError:
        raise LoadError("$: nested too deeply") from None
    head = _object_head(data)
    kind = head["type"]
    cls = TYPES[kind]
    if expect is not None and expect is not cls and kind != "move":
        raise LoadError(f"type: a {kind} document, not a {_name(expect)}")
    body = {k: v for k, v in head.items() if k not in ("schema", "type")}
    if kind == "move":
        move: object = _decode_move(body, "$", Move)
        if expect is not None and not _is_instance(move, expect):
            raise LoadError(f"type: a move document, not a {_name(expect)}")
        return move
    if kind == "rules":
        return _decode_rules(body, "$")
    if kind == "view":
        return _check_view(_decode_attrs(body, View, "$"))
    rec = _decode_attrs(body, GameRecord, "$")
    state = replay(rec)
    return state if kind == "state" else rec


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


def _object_head(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise LoadError(f"$: {brief(data)} is not a tysiac document (a JSON object)")
    if isinstance(data, _Duplicated):
        raise LoadError(f"$: the key {brief(data.key)} appears twice")
    schema = data.get("schema")
    if schema != SCHEMA:
        if schema is None:
            raise LoadError(f'schema: missing: a tysiac document has "schema": "{SCHEMA}"')
        raise LoadError(f"schema: unknown schema {brief(schema)}: this version reads {SCHEMA!r}")
    kind = data.get("type")
    if type(kind) is not str or kind not in TYPES:
        raise LoadError(f"type: {brief(kind)} is not one of {', '.join(map(repr, TYPES))}")
    return data


# DealRecord is decoded through GameRecord's field types
_ = DealRecord
