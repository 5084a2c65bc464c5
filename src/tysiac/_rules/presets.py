"""The named presets: the option values in which each differs from ``Rules()``."""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Final

from .options import BombRule, DefenderCap, RedealMarriage

__all__ = [
    "PRESETS",
]

#: The named presets: option values that differ from ``Rules()``.  A callable value is
#: computed from the target.
_PRESETS: Final[dict[str, dict[str, object]]] = {
    "app": {},
    "pl": {
        "redeal_marriage": RedealMarriage.BOTH,
        "marriage_on_first_trick": True,
        "trump_when_cannot_overtrump": False,
        "hide_musik_at_opening_bid": True,
        "barrel": None,
        "bomb": BombRule.AT_OPENING_BID,
        "claim": True,
    },
    "ro": {
        "rounding_unit": 1,
        # the Romanian rules: "when a player exceeds 800 points": strictly above 4/5 of the target
        "barrel": lambda target: target * 4 // 5 + 1,
        "defender_cap": DefenderCap.NONE,
    },
    "ru": {
        # the barrel (bochka) at 880 of 1000: mounted, three deals on it, 120 to fall off
        "barrel": lambda target: target * 22 // 25,
        "barrel_clamp": True,
        "barrel_deals": 3,
        "barrel_knock_off": True,
        "bolt_penalty": 120,
        "dump_scores": (555,),
        "rounding_unit": 5,
        "bid_step": 5,
        "blind_bids": True,
        "concession": True,
        "concession_penalty_every": 3,
    },
    "ua": {
        # the Ukrainian rules: the Russian ones with two deals on the barrel, and no dump,
        # bolts or concession
        "barrel": lambda target: target * 22 // 25,
        "barrel_clamp": True,
        "barrel_deals": 2,
        "barrel_knock_off": True,
        "rounding_unit": 5,
        "bid_step": 5,
        "blind_bids": True,
    },
}
#: The named presets, read-only (a ``MappingProxyType`` of ``MappingProxyType``).
PRESETS: Final[Mapping[str, Mapping[str, object]]] = types.MappingProxyType(
    {name: types.MappingProxyType(options) for name, options in _PRESETS.items()}
)
