"""Views built by hand (``attrs.evolve``, ``View(...)``) with fields of the wrong types or
values no game produces: the encoding, the bots, ``repr``/``str`` and ``to_json`` answer
with the library's errors (or, for ``repr`` and ``str``, a text), never with an error from
inside."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import attrs
import pytest

from strategies import auction_view, play_random
from tysiac import (
    Bid,
    Card,
    Contract,
    Give,
    ImpossibleViewError,
    NotAStateError,
    Phase,
    Play,
    Rules,
    TysiacError,
    View,
    from_json,
    new_game,
    observe,
    record,
    to_json,
)
from tysiac.bots import HeuristicBot, PIMCBot, RandomBot, SearchBot
from tysiac.encoding import action_mask


def _edited(**change: Any) -> View:
    """The auction view with ``change`` made by hand (attrs.evolve checks nothing)."""
    return attrs.evolve(auction_view(), **change)  # type: ignore[misc]


# fields of the wrong type, which the view's compact form would have kept as given
WRONG_TYPES: list[dict[str, Any]] = [
    {"legal_moves": None},
    {"legal_moves": 5},
    {"legal_moves": (1, 2)},
    {"legal_moves": [Bid(110)]},
    {"rules": 0},
    {"phase": "AUCTION"},
    {"seat": 1.0},
    {"to_move": "2"},
    {"scores": [0, 0, 0]},
    {"hand_sizes": (10, 10, "10")},
    {"sheet": ()},
    {"bid": None},
]
# values of the right types that no game produces together
IMPOSSIBLE: list[dict[str, Any]] = [
    {"hand": (Play(Card.parse("QH")),)},
    {"hand": (0, 0, 0, 0)},
    {"possible": (frozenset(),) * 3},
    {"tricks": "x"},
    {"moves": ((0, "x"),)},
]


@pytest.mark.parametrize("change", WRONG_TYPES)
def test_fields_of_the_wrong_type_make_a_hand_view(change: dict[str, Any]) -> None:
    view = _edited(**change)
    assert type(view) is not View  # kept as given, not in the compact form
    assert getattr(view, next(iter(change))) == next(iter(change.values()))


@pytest.mark.parametrize("change", [{"legal_moves": None}, {"legal_moves": 5}, {"rules": 0}])
def test_action_mask_of_a_hand_view_with_bad_moves(change: dict[str, Any]) -> None:
    with pytest.raises(TysiacError):
        action_mask(_edited(**change))


@pytest.mark.parametrize("change", WRONG_TYPES + IMPOSSIBLE)
def test_bots_refuse_a_view_no_game_produces(change: dict[str, Any]) -> None:
    view = _edited(**change)
    for bot in (RandomBot(seed=1), HeuristicBot(seed=1), SearchBot(iterations=5, seed=1)):
        with pytest.raises(ImpossibleViewError, match="observe"):
            bot.choose(view)
    with pytest.raises(ImpossibleViewError, match="PIMCBot"):
        PIMCBot(worlds=2, seed=1).choose(view)


def test_bots_take_a_view_rebuilt_from_its_fields() -> None:
    rng = random.Random(3)
    state = play_random(new_game(Rules(), seed=5), rng, "uniform", 12)
    assert state.to_move is not None
    view = observe(state, state.to_move)
    rebuilt = View(**{f.name: getattr(view, f.name) for f in attrs.fields(View)})
    assert type(rebuilt) is View and rebuilt == view
    for bot in (RandomBot(seed=1), HeuristicBot(seed=1)):
        assert bot.choose(rebuilt) == bot.choose(view)


@pytest.mark.parametrize("change", WRONG_TYPES + IMPOSSIBLE + [{"scores": {}}])
def test_repr_and_str_of_a_hand_view(change: dict[str, Any]) -> None:
    view = _edited(**change)
    text = repr(view)
    assert text.startswith("<View seat=")
    assert str(view)


@pytest.mark.parametrize("change", WRONG_TYPES[:4] + IMPOSSIBLE[:2] + [{"trump": 5}])
def test_to_json_of_a_hand_view_with_wrong_types(change: dict[str, Any]) -> None:
    view = _edited(**change)
    try:
        text = to_json(view)
    except ImpossibleViewError as error:
        assert "JSON" in str(error)
    else:  # written: then reading it back refuses it, or gives the same view
        with contextlib.suppress(TysiacError):
            assert from_json(text) == view


def _deep(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "change",
    [
        {"scores": None},
        {"deals": (None,)},
        {"version": _deep(100_000)},
        {"rules": 2},
    ],
)
def test_to_json_of_a_record_with_wrong_types(change: dict[str, Any]) -> None:
    edited = attrs.evolve(record(new_game(seed=1)), **change)
    with pytest.raises(NotAStateError, match="JSON"):
        to_json(edited)


@pytest.mark.parametrize(
    "change",
    [
        {"phase": Phase.PLAY},
        {"phase": Phase.CONTRACT},
        {"phase": Phase.GAME_OVER},
        {"phase": Phase.CHOOSE_MUSIK},
        {"legal_moves": (Contract(100), Contract(110))},
        {"legal_moves": (Play(Card.parse("QH")), Play(Card.parse("KH")))},
        {"legal_moves": (Give(Card.parse("QH"), to=1), Give(Card.parse("KH"), to=1))},
    ],
)
def test_fields_that_disagree_are_refused_when_a_decision_fails(change: dict[str, Any]) -> None:
    """Fields of the right types that disagree with each other make a compact view, which
    the bots trust until a decision fails: then they refuse it (no world reproduces it),
    and otherwise they return one of its legal moves."""
    view = _edited(**change)
    assert type(view) is View
    with pytest.raises(TysiacError):
        from_json(to_json(view))
    for bot in (HeuristicBot(seed=1), SearchBot(iterations=5, seed=1), PIMCBot(worlds=2, seed=1)):
        try:
            move = bot.choose(view)
        except ImpossibleViewError as error:
            assert "view" in str(error)  # the bot's, or its sampler's, refusal
        else:
            assert move in view.legal_moves
    if change == {"phase": Phase.PLAY}:  # the heuristic's play needs a trick to play to
        with pytest.raises(ImpossibleViewError, match="HeuristicBot"):
            HeuristicBot(seed=1).choose(view)


def test_a_fault_inside_a_bot_on_a_real_view_is_not_called_an_impossible_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The check runs only when a decision fails; on a view that a game produced, the
    bot's own error comes through unchanged."""

    def broken(self: HeuristicBot, view: View, moves: tuple[object, ...]) -> object:
        raise IndexError("a fault of the bot's")

    monkeypatch.setattr(HeuristicBot, "_choose", broken)
    with pytest.raises(IndexError, match="a fault of the bot's"):
        HeuristicBot(seed=1).choose(auction_view())
    with pytest.raises(ImpossibleViewError, match="no game produces this view"):
        HeuristicBot(seed=1).choose(_edited(phase=Phase.CONTRACT))
