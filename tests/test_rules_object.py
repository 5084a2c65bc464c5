"""The frozen rules object: defaults, presets, changes, validation (RULES.md 3, 4, 6)."""

from __future__ import annotations

import pytest

from tysiac import (
    BombPayout,
    BombRule,
    Declaration,
    DefenderCap,
    HalfRounding,
    InvalidRulesError,
    Layout,
    MarriageCards,
    RedealMarriage,
    Rules,
    TrumpTiming,
    TysiacError,
)


def test_defaults_are_the_app_rules() -> None:
    r = Rules()
    # RULES.md 3: three players, 1000 points, forced 100, step 10, barrel 800, cap 990.
    assert r.players == 3
    assert r.layout is Layout.THREE
    assert r.target == 1000
    assert r.first_dealer == 0
    assert r.redeal is True
    assert r.redeal_four_nines is True
    assert r.redeal_threshold == 10
    assert r.redeal_marriage is RedealMarriage.POINTS
    assert r.opening_bid == 100
    assert r.bid_step == 10
    assert r.jump_bids is True
    assert r.bid_cap_marriages is True
    assert r.max_bid == 360
    assert r.hide_musik_at_opening_bid is False
    assert r.contract_raise is True
    assert r.bomb is BombRule.OFF
    assert r.must_beat is True
    assert r.must_trump is True
    assert r.trump_when_cannot_overtrump is True
    assert r.marriage_values == (40, 60, 80, 100)
    assert r.marriage_cards is MarriageCards.KING_OR_QUEEN
    assert r.declaration is Declaration.AUTOMATIC
    assert r.marriage_on_first_trick is False
    assert r.trump_timing is TrumpTiming.THIS_TRICK
    assert r.rounding_unit == 10
    assert r.rounding_half is HalfRounding.DOWN
    assert r.defender_marriages_count is True
    assert r.declarer_rounded is False
    assert r.barrel == 800
    assert r.defender_cap is DefenderCap.BELOW_TARGET
    assert r.claim is False
    assert r.auto_claim is False


def test_rules_equal_the_app_preset() -> None:
    assert Rules() == Rules.preset("app")
    assert Rules.preset() == Rules()
    assert hash(Rules()) == hash(Rules.preset("app"))


def test_pl_preset_values() -> None:
    pl = Rules.preset("pl")
    assert pl.redeal_marriage is RedealMarriage.BOTH
    assert pl.marriage_on_first_trick is True
    assert pl.trump_when_cannot_overtrump is False
    assert pl.hide_musik_at_opening_bid is True
    assert pl.barrel is None
    assert pl.bomb is BombRule.AT_OPENING_BID
    assert pl.claim is True
    # everything else as in app
    assert pl.players == 3
    assert pl.target == 1000
    assert pl.defender_cap is DefenderCap.BELOW_TARGET
    assert pl.rounding_unit == 10
    assert pl.rounding_half is HalfRounding.DOWN
    assert pl.bomb_payout is BombPayout.SIXTY
    assert pl != Rules()


def test_ro_preset_values() -> None:
    ro = Rules.preset("ro")
    assert ro.rounding_unit == 1
    assert ro.barrel == 801  # "above 800"
    assert ro.defender_cap is DefenderCap.NONE
    assert ro.trump_when_cannot_overtrump is True
    assert ro.marriage_on_first_trick is False
    assert ro.bomb is BombRule.OFF
    assert Rules.preset("ro", target=500).barrel == 401


def test_preset_with_changes() -> None:
    r = Rules.preset("pl", target=500, bid_step=5, jump_bids=False)
    assert r.target == 500
    assert r.bid_step == 5
    assert r.jump_bids is False
    assert r.claim is True  # kept from the preset
    assert r.barrel is None  # the pl preset's barrel is not recomputed from the target
    assert Rules.preset("app", target=500).barrel == 400
    assert Rules.preset("pl", players=2).layout is Layout.TWO_CLASSIC


def test_unknown_preset() -> None:
    with pytest.raises(InvalidRulesError, match="nope"):
        Rules.preset("nope")
    with pytest.raises(ValueError):
        Rules.preset("APP")


def test_unknown_option_in_preset() -> None:
    with pytest.raises(InvalidRulesError, match="no_such_option"):
        Rules.preset("app", no_such_option=True)


def test_target_500_moves_the_barrel() -> None:
    assert Rules(target=500).barrel == 400
    assert Rules(target=1000).barrel == 800
    assert Rules(target=500, barrel=None).barrel is None
    assert Rules(barrel=700).barrel == 700


def test_default_layout_follows_players() -> None:
    assert Rules(players=2).layout is Layout.TWO_CLASSIC
    assert Rules(players=3).layout is Layout.THREE
    assert Rules(players=4).layout is Layout.FOUR_SITTER


def test_rules_are_frozen() -> None:
    r = Rules()
    with pytest.raises(AttributeError):
        r.target = 500  # type: ignore[misc]
    with pytest.raises(AttributeError):
        r.barrel = None  # type: ignore[misc]
    assert r.target == 1000
    assert r.barrel == 800


def test_rules_hashable_and_comparable() -> None:
    assert len({Rules(), Rules(), Rules(target=500)}) == 2
    assert Rules(target=500) == Rules(target=500)


@pytest.mark.parametrize(
    ("changes", "names"),
    [
        ({"players": 4, "layout": Layout.TWO_CLASSIC}, ("players", "layout")),
        ({"players": 3, "layout": "two-draw"}, ("players", "layout")),
        ({"players": 2, "layout": Layout.FOUR_ALL_PLAY}, ("players", "layout")),
        ({"players": 5}, ("players",)),
        ({"bid_step": 7}, ("bid_step",)),
        ({"bid_step": 0}, ("bid_step",)),
        ({"barrel": 1200}, ("barrel",)),
        ({"barrel": 1000}, ("barrel",)),
        ({"target": 500, "barrel": 600}, ("barrel",)),
        ({"redeal_threshold": 9}, ("redeal_threshold",)),
        ({"redeal_threshold": 19}, ("redeal_threshold",)),
        ({"rounding_unit": 7}, ("rounding_unit",)),
        ({"auto_claim": True}, ("auto_claim", "claim")),
        ({"first_dealer": 3}, ("first_dealer",)),
        ({"opening_bid": 105}, ("opening_bid",)),
        ({"bombs_per_player": 0}, ("bombs_per_player",)),
        ({"marriage_values": (40, 60, 80)}, ("marriage_values",)),
        ({"target": "1000"}, ("target",)),
        ({"claim": 1}, ("claim",)),
    ],
)
def test_invalid_combinations_name_the_options(
    changes: dict[str, object], names: tuple[str, ...]
) -> None:
    with pytest.raises(InvalidRulesError) as info:
        Rules(**changes)  # type: ignore[arg-type]
    for name in names:
        assert name in str(info.value)
    # the preset path validates the same way
    with pytest.raises(InvalidRulesError):
        Rules.preset("app", **changes)


def test_redeal_threshold_bounds_are_inclusive() -> None:
    assert Rules(redeal_threshold=10).redeal_threshold == 10
    assert Rules(redeal_threshold=18).redeal_threshold == 18


def test_valid_non_default_combinations() -> None:
    assert Rules(claim=True, auto_claim=True).auto_claim is True
    assert Rules(bid_step=5).bid_step == 5
    assert Rules(rounding_unit=5).rounding_unit == 5
    assert Rules(rounding_unit=1).rounding_unit == 1
    assert Rules(players=4, layout=Layout.FOUR_ALL_PLAY).layout is Layout.FOUR_ALL_PLAY
    assert Rules(players=2, layout="two-draw").layout is Layout.TWO_DRAW


def test_invalid_rules_error_is_a_value_error() -> None:
    assert issubclass(InvalidRulesError, ValueError)
    assert issubclass(InvalidRulesError, TysiacError)


def test_string_enum_values_are_accepted() -> None:
    r = Rules(
        declaration="optional",
        redeal_marriage="both",
        bomb="any-bid",
        bomb_payout="half-bid",
        marriage_cards="queen-only",
        trump_timing="next-trick",
        rounding_half="up",
        defender_cap="nothing",
        layout="three",
    )
    assert r.declaration is Declaration.OPTIONAL
    assert r.redeal_marriage is RedealMarriage.BOTH
    assert r.bomb is BombRule.ANY_BID
    assert r.bomb_payout is BombPayout.HALF_BID
    assert r.marriage_cards is MarriageCards.QUEEN_ONLY
    assert r.trump_timing is TrumpTiming.NEXT_TRICK
    assert r.rounding_half is HalfRounding.UP
    assert r.defender_cap is DefenderCap.NOTHING
    assert r.layout is Layout.THREE
    assert r == Rules(
        declaration=Declaration.OPTIONAL,
        redeal_marriage=RedealMarriage.BOTH,
        bomb=BombRule.ANY_BID,
        bomb_payout=BombPayout.HALF_BID,
        marriage_cards=MarriageCards.QUEEN_ONLY,
        trump_timing=TrumpTiming.NEXT_TRICK,
        rounding_half=HalfRounding.UP,
        defender_cap=DefenderCap.NOTHING,
    )
    assert Rules.preset("pl", declaration="optional").declaration is Declaration.OPTIONAL


def test_bad_enum_string_names_the_choices() -> None:
    with pytest.raises(InvalidRulesError, match="optional"):
        Rules(declaration="sometimes")


@pytest.mark.parametrize("target", [-1, 0, 95, 1005, 10**6])
def test_a_bad_target_is_blamed_alone(target: int) -> None:
    """The barrel computed from a bad target is not blamed as if the caller had set it."""
    with pytest.raises(InvalidRulesError) as exc:
        Rules(target=target)
    assert f"target={target}" in str(exc.value)
    assert "barrel" not in str(exc.value)


def test_a_barrel_at_or_above_the_target_is_still_blamed() -> None:
    with pytest.raises(InvalidRulesError, match="barrel=1000"):
        Rules(barrel=1000)
