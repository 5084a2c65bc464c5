"""The converters of :class:`~tysiac.Rules`' options: from what a caller passes to the
option's type, or an :class:`~tysiac.InvalidRulesError`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from .._errors import InvalidRulesError, brief
from .checks import MAX_MARRIAGE
from .layouts import DEFAULT_LAYOUT
from .options import (
    BarrelFailure,
    BarrelMounting,
    BoltRule,
    BombPayout,
    BombRule,
    ConcessionPayout,
    ConcessionTiming,
    Declaration,
    DefenderCap,
    HalfRounding,
    Layout,
    MarriageCards,
    Option,
    RedealMarriage,
    TrumpTiming,
)

__all__ = [
    "default_barrel",
    "default_layout",
    "to_barrel_failure",
    "to_bolt_rule",
    "to_bomb_payout",
    "to_bomb_rule",
    "to_concession_payout",
    "to_declaration",
    "to_defender_cap",
    "to_half_rounding",
    "to_layout",
    "to_marriage_cards",
    "to_redeal_marriage",
    "to_scores",
    "to_trump_timing",
    "to_values",
]

_E = TypeVar("_E", bound=Option)


def _convert(cls: type[_E], value: object) -> _E:
    if isinstance(value, cls):
        return value
    try:
        if not isinstance(value, str):
            raise ValueError  # the values are strings (and Enum's own message quotes value)
        return cls(value)
    except ValueError:
        choices = ", ".join(repr(m.value) for m in cls)
        raise InvalidRulesError(
            f"{brief(value)} is not a {cls.__name__}: use a {cls.__name__} member or one of "
            f"{choices}"
        ) from None


def to_layout(value: object) -> Layout:
    return _convert(Layout, value)


def to_redeal_marriage(value: object) -> RedealMarriage:
    return _convert(RedealMarriage, value)


def to_bomb_rule(value: object) -> BombRule:
    return _convert(BombRule, value)


def to_bomb_payout(value: object) -> BombPayout:
    return _convert(BombPayout, value)


def to_marriage_cards(value: object) -> MarriageCards:
    return _convert(MarriageCards, value)


def to_declaration(value: object) -> Declaration:
    return _convert(Declaration, value)


def to_trump_timing(value: object) -> TrumpTiming:
    return _convert(TrumpTiming, value)


def to_half_rounding(value: object) -> HalfRounding:
    return _convert(HalfRounding, value)


def to_bolt_rule(value: object) -> BoltRule:
    return _convert(BoltRule, value)


def to_barrel_failure(value: object) -> BarrelFailure:
    return _convert(BarrelFailure, value)


def to_barrel_mounting(value: object) -> BarrelMounting:
    return _convert(BarrelMounting, value)


def to_concession_payout(value: object) -> ConcessionPayout:
    return _convert(ConcessionPayout, value)


def to_concession_timing(value: object) -> ConcessionTiming:
    return _convert(ConcessionTiming, value)


def to_scores(value: object) -> tuple[int, ...]:
    if not isinstance(value, Iterable) or isinstance(value, str | bytes):
        raise InvalidRulesError(f"dump_scores={brief(value)}: give a tuple of ints")
    items = tuple(value)
    if len(items) > 8 or not all(isinstance(v, int) and not isinstance(v, bool) for v in items):
        raise InvalidRulesError(f"dump_scores={brief(value)}: give at most 8 ints")
    return tuple(sorted(set(items)))


def to_defender_cap(value: object) -> DefenderCap:
    return _convert(DefenderCap, value)


def to_values(value: object) -> tuple[int, int, int, int]:
    wanted = f"marriage_values={brief(value)}: give four ints from 0 to {MAX_MARRIAGE}, for ♠ ♣ ♦ ♥"
    if not isinstance(value, Iterable) or isinstance(value, (str, bytes, Mapping)):
        raise InvalidRulesError(wanted)
    try:
        items = tuple(itertools.islice(value, 5))
    except Exception:  # an iterable that fails is not four ints either
        raise InvalidRulesError(wanted) from None
    if len(items) != 4 or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_MARRIAGE for v in items
    ):
        raise InvalidRulesError(wanted)
    return (int(items[0]), int(items[1]), int(items[2]), int(items[3]))


def default_layout(self: Any) -> Layout:
    players = self.players
    if type(players) is not int:
        return Layout.THREE  # the type check then reports players
    return DEFAULT_LAYOUT.get(players, Layout.THREE)


def default_barrel(self: Any) -> int | None:
    target = self.target
    return target * 4 // 5 if isinstance(target, int) else None
