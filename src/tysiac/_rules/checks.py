"""The checks of a :class:`~tysiac.Rules`: the options' types, ranges and combinations."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs

from .._errors import brief
from .options import BarrelMounting, ConcessionTiming, Layout

if TYPE_CHECKING:
    from .rules import Rules

__all__ = [
    "MAX_BID",
    "MAX_BOMBS",
    "MAX_MARRIAGE",
    "on_ladder",
    "problems",
]

#: The highest ``max_bid``: above any contract a hand can make (120 card points plus four
#: marriages of at most :data:`MAX_MARRIAGE` each).
MAX_BID: Final = 5000
#: The highest marriage value.
MAX_MARRIAGE: Final = 1000
#: The most bombs per player and game.
MAX_BOMBS: Final = 100
_INT_LIMIT: Final = 10**6


def on_ladder(r: Rules, amount: int) -> bool:
    """Whether ``amount`` is a bid (or contract) amount: a multiple of ``bid_step``, and of
    ``high_bid_step`` from ``high_bids_from`` up (see the rules, section 4 'The auction')."""
    if amount % r.bid_step:
        return False
    high = r.high_bid_step
    return high is None or amount < r.high_bids_from or amount % high == 0


def _ladder_text(r: Rules) -> str:
    if r.high_bid_step is None:
        return ""
    return f", and of high_bid_step={r.high_bid_step} from high_bids_from={r.high_bids_from}"


def problems(r: Rules) -> list[str]:
    out: list[str] = []

    def is_int(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    for a in attrs.fields(type(r)):
        if not a.init:
            continue
        value = getattr(r, a.name)
        if a.type in ("int", int) and not is_int(value):
            out.append(f"{a.name}={brief(value)} must be an int")
        elif a.type in ("int", int, "int | None") and is_int(value) and abs(value) > _INT_LIMIT:
            out.append(f"{a.name}={brief(value)} is out of range")
        if a.type in ("bool", bool) and not isinstance(value, bool):
            out.append(f"{a.name}={brief(value)} must be True or False")
    if r.barrel is not None and not is_int(r.barrel):
        out.append(f"barrel={brief(r.barrel)} must be None or an int")
    if out:
        return out
    if r.players not in (2, 3, 4):
        out.append(f"players={r.players} must be 2, 3 or 4")
    elif r.layout.players != r.players:
        out.append(
            f"layout={r.layout!r} is a {r.layout.players}-player layout, not for "
            f"players={r.players}"
        )
    if r.partnerships and r.players != 4:
        out.append(f"partnerships=True needs players=4 (two pairs), not players={r.players}")
    if not 100 <= r.target <= 100_000 or r.target % 10:
        out.append(f"target={r.target} must be a multiple of 10 from 100 to 100000")
    if not 0 <= r.first_dealer < max(r.players, 1):
        out.append(f"first_dealer={r.first_dealer} must be a seat, 0..{r.players - 1}")
    if not 0 <= r.forced_bidder < max(r.players, 1) or (
        r.forced_bidder == 0 and r.layout is Layout.FOUR_SITTER
    ):
        out.append(
            f"forced_bidder={r.forced_bidder} must be a seat offset from the dealer, "
            f"0..{r.players - 1} (not 0 when the dealer sits out)"
        )
    if not 10 <= r.redeal_threshold <= 18:
        out.append(f"redeal_threshold={r.redeal_threshold} must be from 10 to 18")
    high = r.high_bid_step
    if high is not None and not is_int(high):
        out.append(f"high_bid_step={brief(high)} must be None or an int")
        return out
    if not 0 < r.high_bids_from <= MAX_BID:
        out.append(f"high_bids_from={r.high_bids_from} must be from 1 to {MAX_BID}")
    if r.bid_step <= 0 or r.bid_step % 5:
        out.append(f"bid_step={r.bid_step} must be a positive multiple of 5")
    elif high is not None and (high <= 0 or high % r.bid_step or high > MAX_BID):
        out.append(
            f"high_bid_step={high} must be None or a positive multiple of "
            f"bid_step={r.bid_step}, at most {MAX_BID}"
        )
    elif high is not None and r.high_bids_from % high:
        out.append(f"high_bids_from={r.high_bids_from} must be a multiple of high_bid_step={high}")
    elif r.opening_bid <= 0 or not on_ladder(r, r.opening_bid):
        out.append(
            f"opening_bid={r.opening_bid} must be a positive multiple of bid_step={r.bid_step}"
            + _ladder_text(r)
        )
    elif r.max_bid < r.opening_bid or not on_ladder(r, r.max_bid) or r.max_bid > MAX_BID:
        out.append(
            f"max_bid={r.max_bid} must be a multiple of bid_step={r.bid_step}"
            f"{_ladder_text(r)}, at least opening_bid={r.opening_bid} and at most {MAX_BID}"
        )
    elif r.auction_max_bid is not None and (
        not is_int(r.auction_max_bid)
        or not r.opening_bid <= r.auction_max_bid <= r.max_bid
        or not on_ladder(r, r.auction_max_bid)
    ):
        out.append(
            f"auction_max_bid={brief(r.auction_max_bid)} must be None or a multiple of "
            f"bid_step={r.bid_step}{_ladder_text(r)} from opening_bid={r.opening_bid} to "
            f"max_bid={r.max_bid}"
        )
    if r.free_opening and r.layout is Layout.FOUR_SITTER:
        out.append(
            "free_opening=True needs a dealer who plays: when everyone passes the dealer "
            "plays the opening bid, and layout=Layout.FOUR_SITTER sits the dealer out"
        )
    if r.overtrump_declarer and r.layout.players == 2:
        out.append(
            f"overtrump_declarer=True needs three seats in play: with layout={r.layout!r} no "
            "defender plays after the declarer's trump (its card leads the trick or ends it)"
        )
    if not 1 <= r.bombs_per_player <= MAX_BOMBS:
        out.append(f"bombs_per_player={r.bombs_per_player} must be from 1 to {MAX_BOMBS}")
    if r.ace_marriage is not None and (
        not is_int(r.ace_marriage) or not 0 <= r.ace_marriage <= MAX_MARRIAGE
    ):
        out.append(
            f"ace_marriage={brief(r.ace_marriage)} must be None or an int from 0 to {MAX_MARRIAGE}"
        )
    if any(v < 0 for v in r.marriage_values):
        out.append(f"marriage_values={r.marriage_values} must not be negative")
    if r.rounding_unit not in (1, 5, 10):
        out.append(f"rounding_unit={r.rounding_unit} must be 1, 5 or 10")
    target_ok = 100 <= r.target <= 100_000 and not r.target % 10
    # (a barrel computed from a bad target is not blamed: the target is)
    if target_ok and r.barrel is not None and not 0 < r.barrel < r.target:
        out.append(f"barrel={r.barrel} must be None or an int between 0 and target={r.target}")
    if r.auto_claim and not r.claim:
        out.append("auto_claim=True needs claim=True")
    for name, low in (
        ("barrel_deals", 1),
        ("barrel_reset_every", 1),
        ("no_win_deals", 1),
        ("bolt_penalty", 0),
        ("concession_penalty_every", 1),
        ("concession_penalty", 0),
    ):
        value = getattr(r, name)
        if value is not None and (not is_int(value) or not low <= value <= 100_000):
            out.append(f"{name}={brief(value)} must be None or an int from {low} to 100000")
    for name, low in (("barrel_penalty", 0), ("bolts_per_penalty", 1), ("no_win_penalty", 0)):
        value = getattr(r, name)
        if not low <= value <= 100_000:
            out.append(f"{name}={brief(value)} must be an int from {low} to 100000")
    if r.barrel is None and (r.barrel_clamp or r.barrel_knock_off or r.barrel_deals is not None):
        out.append("barrel_clamp, barrel_knock_off and barrel_deals need a barrel (barrel=None)")
    if r.concession_timing is not ConcessionTiming.AFTER_GIVES and not r.concession:
        out.append(f"concession_timing={r.concession_timing!r} needs concession=True")
    if r.concession_penalty is not None and r.concession_penalty_every is None:
        out.append(
            f"concession_penalty={r.concession_penalty} needs concession_penalty_every "
            "(which concessions it costs)"
        )
    mounted = r.barrel_clamp or r.barrel_knock_off or r.barrel_deals is not None
    if r.barrel_mounting is not BarrelMounting.ALL_STAY and not mounted:
        out.append(
            f"barrel_mounting={r.barrel_mounting!r} needs a barrel that players mount: "
            "barrel_clamp, barrel_knock_off or barrel_deals"
        )
    if r.barrel_reset_every is not None and not mounted:
        out.append(
            f"barrel_reset_every={r.barrel_reset_every} needs a barrel that players mount "
            "and fall from: barrel_clamp, barrel_knock_off or barrel_deals"
        )
    return out
