"""Bad input of every kind ends in a TysiacError that also is the matching built-in error."""

from __future__ import annotations

import pytest

from tysiac import (
    Bid,
    ChooseMusik,
    Contract,
    Give,
    InvalidRulesError,
    NotAMoveError,
    NotAStateError,
    Pass,
    Play,
    Rules,
    TysiacError,
    apply,
    legal_moves,
    new_game,
    observe,
)


@pytest.mark.parametrize("value", ["state", None, 3, object()])
def test_not_a_state(value: object) -> None:
    for call in (
        lambda: legal_moves(value),  # type: ignore[arg-type]
        lambda: apply(value, Pass()),  # type: ignore[arg-type]
        lambda: observe(value, 0),  # type: ignore[arg-type]
    ):
        with pytest.raises(NotAStateError, match="is not a State") as info:
            call()
        assert isinstance(info.value, TysiacError)
        assert isinstance(info.value, TypeError)


def test_a_view_is_not_a_state() -> None:
    view = observe(new_game(seed=1), 0)
    with pytest.raises(NotAStateError, match="View object is not a State"):
        legal_moves(view)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: Bid(110.0), "Bid.amount"),  # type: ignore[arg-type]
        (lambda: Bid(True), "Bid.amount"),
        (lambda: Contract("120"), "Contract.amount"),  # type: ignore[arg-type]
        (lambda: ChooseMusik(0.0), "ChooseMusik.index"),  # type: ignore[arg-type]
        (lambda: Give("QH", to=1.0), "Give.to"),  # type: ignore[arg-type]
        (lambda: Play("QH", meld=1), "Play.meld"),  # type: ignore[arg-type]
    ],
)
def test_moves_check_their_fields(build: object, field: str) -> None:
    with pytest.raises(NotAMoveError, match=field) as info:
        build()  # type: ignore[operator]
    assert isinstance(info.value, TypeError)
    assert isinstance(info.value, ValueError)  # an IllegalMoveError too


def test_misspelt_rule_option() -> None:
    with pytest.raises(InvalidRulesError, match=r"unknown rule option.*plyers"):
        Rules(plyers=2)  # type: ignore[call-arg]
    with pytest.raises(InvalidRulesError, match="at most"):
        Rules(*range(60))
    assert Rules(players=2) == Rules.preset("app", players=2)


@pytest.mark.parametrize("name", [["pl"], None, 3, "xx"])
def test_unknown_preset_name(name: object) -> None:
    with pytest.raises(InvalidRulesError, match="unknown preset"):
        Rules.preset(name)  # type: ignore[arg-type]
