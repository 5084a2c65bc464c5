"""JSON: :func:`to_json` and :func:`from_json`, schema ``tysiac/1``.

The encoding follows the classes' own fields (attrs fields and their type annotations),
so a field added to :class:`~tysiac.View` is encoded without changes here; the docs page
"JSON format" describes every field.  Decoding checks each value against the same types
and reports the first problem with its path, e.g. ``deals[2].moves[17].card``.

"""

from __future__ import annotations

import enum
import sys
import types
import typing
from typing import Any, Final

import attrs

from .._engine.state import State
from .._info.views import Concealed, View
from .._rules.rules import Rules
from .._vocab.moves import MOVE_TYPES, Move
from .records import GameRecord

__all__ = [
    "DEFAULT_MAX_SIZE",
    "INT_LIMIT",
    "LATER_OPTIONS",
    "MOVE_CLASSES",
    "MOVE_TAGS",
    "RULE_OPTIONS",
    "SCHEMA",
    "STR_LIMIT",
    "TYPES",
    "enum_value",
    "field_types",
    "is_moveish",
    "is_optional",
    "is_union",
]

#: The schema written in every document, and the only one read.
SCHEMA: Final = "tysiac/1"
#: The longest text :func:`from_json` reads by default (characters, or bytes): about 2 s of
#: loading at the slowest rate measured with ``benchmarks/json_load.py`` (3.3 MB/s, the pure
#: build, a record of two-player deals; see the JSON page, "Untrusted input").
DEFAULT_MAX_SIZE: Final = 6_000_000
INT_LIMIT: Final = 2**64
STR_LIMIT: Final = 200

#: The ``"move"`` tag of each move class (and of :class:`~tysiac.Concealed` in views).
MOVE_TAGS: Final[dict[type, str]] = {
    cls: "".join("-" + ch.lower() if ch.isupper() else ch for ch in cls.__name__).lstrip("-")
    for cls in (*MOVE_TYPES, Concealed)
}
MOVE_CLASSES: Final = {tag: cls for cls, tag in MOVE_TAGS.items()}
#: The ``"type"`` of each top-level document.
TYPES: Final[dict[str, type]] = {
    "rules": Rules,
    "state": State,
    "view": View,
    "move": Move,  # type: ignore[dict-item]
    "record": GameRecord,
}
RULE_OPTIONS: Final = tuple(a for a in attrs.fields(Rules) if a.init)
#: The rule options added after the schema's first documents: they may be missing on load.
LATER_OPTIONS: Final = (
    "barrel_clamp",
    "barrel_deals",
    "barrel_penalty",
    "barrel_knock_off",
    "barrel_failure",
    "bolt_penalty",
    "bolt_rule",
    "bolts_per_penalty",
    "dump_scores",
    "concession",
    "concession_payout",
    "concession_penalty_every",
    "blind_bids",
    "ace_marriage",
    "high_bid_step",
    "high_bids_from",
    "free_opening",
    "auction_max_bid",
    "barrel_mounting",
    "barrel_reset_every",
    "no_win_deals",
    "no_win_penalty",
    "concession_penalty",
    "concession_timing",
    "play_highest",
    "overtrump_declarer",
    "partnerships",
)


# --- encoding ---------------------------------------------------------------------------


_HINTS: Final[dict[type, dict[str, Any]]] = {}


def field_types(cls: type) -> dict[str, Any]:
    """The resolved field types of ``cls`` (worked out once per class).

    The public classes report ``tysiac`` as their module, so the names in their
    annotations are looked up in every module of the package.
    """
    found = _HINTS.get(cls)
    if found is None:
        names: dict[str, Any] = {}
        for name, module in sorted(sys.modules.items()):
            if name == "tysiac" or name.startswith("tysiac._"):
                names.update(vars(module))
        found = _HINTS[cls] = typing.get_type_hints(cls, globalns=names)
    return found


def is_moveish(tp: Any) -> bool:
    args = typing.get_args(tp) if is_union(tp) else (tp,)
    return bool(args) and all(a in MOVE_TAGS for a in args)


def is_union(tp: Any) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType)


def enum_value(value: enum.Enum) -> Any:
    return value.value if isinstance(value.value, str) else value.name.lower()


def is_optional(field: attrs.Attribute[Any]) -> bool:
    """Whether a field has a plain default value: then it is left out when it has it."""
    return field.default is not attrs.NOTHING and not isinstance(field.default, _FACTORY)


_FACTORY: Final[type[object]] = type(attrs.Factory(list))
