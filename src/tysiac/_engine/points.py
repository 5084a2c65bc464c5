"""A deal's points: the defenders' rounding and caps, what a bomb or a concession pays each
opponent, and the four-player sitter's musik."""

from __future__ import annotations

from .._rules.rules import Rules
from .._vocab.masks import ACE, PAIR_MASK, RANK_MASK
from .statics import (
    BOMB_PAYOUT_SIXTY,
    CONCESSION_PAYOUT_HALF_ANY_BID,
    CONCESSION_PAYOUT_HALF_BID,
    DEFENDER_CAP_BELOW_TARGET,
    DEFENDER_CAP_NONE,
    DEFENDER_CAP_NOTHING,
    HALF_ROUNDING_UP,
)

__all__ = [
    "bomb_gain",
    "concession_gain",
    "defender_gain",
    "round_defender",
    "sitter_cards",
    "sitter_score",
]


def round_defender(rules: Rules, total: int) -> int:
    """A defender's total rounded as the rules say (rules, section 10; 24→20, 25→20, 26→30)."""
    unit = rules.rounding_unit
    if unit == 1:
        return total
    low = total - total % unit
    rest = total - low
    if rest * 2 > unit or (rest * 2 == unit and rules.rounding_half is HALF_ROUNDING_UP):
        return low + unit
    return low


def defender_gain(rules: Rules, score: int, gain: int) -> int:
    """What a non-declarer with ``score`` adds for ``gain``: barrel and cap (rules, section 11)."""
    if rules.barrel is not None and score >= rules.barrel:
        return 0
    cap = rules.defender_cap
    if gain > 0 and cap is not DEFENDER_CAP_NONE:
        if cap is DEFENDER_CAP_BELOW_TARGET and score + gain > rules.target - 10:
            return max(0, rules.target - 10 - score)  # never above target - 10 (990)
        if cap is DEFENDER_CAP_NOTHING and score + gain >= rules.target:
            return 0
    return gain


def bomb_gain(rules: Rules, bid: int) -> int:
    """What a bomb pays each opponent (each defending pair), before the barrel and the cap:
    60, or half the bid rounded up to a multiple of 10 (rules, section 6, ``bomb_payout``)."""
    return 60 if rules.bomb_payout is BOMB_PAYOUT_SIXTY else -(-bid // 20) * 10


def concession_gain(rules: Rules, bid: int) -> int:
    """What a concession pays each opponent (each defending pair), before the barrel and the
    cap: 60, or half the bid rounded up to a multiple of 5 (``concession_payout``)."""
    payout = rules.concession_payout
    if payout is CONCESSION_PAYOUT_HALF_ANY_BID or (
        payout is CONCESSION_PAYOUT_HALF_BID and bid > 120
    ):
        return -(-bid // 10) * 5
    return 60


def sitter_score(rules: Rules, musik: int) -> int:
    """Four players: the sitter's score for the musik, 50 per ace plus a marriage in it."""
    values = rules.marriage_values
    aces = (musik & RANK_MASK[ACE]).bit_count()
    return 50 * aces + sum(values[s] for s in range(4) if musik & PAIR_MASK[s] == PAIR_MASK[s])


def sitter_cards(musik: int) -> int:
    """The sitter's scoring cards in ``musik``: its aces and the cards of a marriage."""
    out = musik & RANK_MASK[ACE]
    for pair in PAIR_MASK:
        if musik & pair == pair:
            out |= pair
    return out
