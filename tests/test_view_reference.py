"""Compact views (issue 22) show exactly what the eager builder showed.

``reference_views.py`` keeps a frozen copy of ``observe`` and of the knowledge scan as they
were before views became compact; every public attribute of a view, the knowledge included,
must equal what that copy gives, for every seat of random states of every preset and layout
(in both builds: CI runs this module on each).
"""

from __future__ import annotations

import pickle
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference_views import reference_observe
from strategies import LAYOUTS, PRESETS, choose_move, preset_rules, rules
from tysiac import Layout, Rules, State, View, apply, from_json, new_game, observe, to_json

FIELDS = tuple(f.name for f in attrs.fields(View))


def states(preset: str, layout: object, seed: int, count: int) -> list[State]:
    """``count`` states of random play (uniform moves) from a new game."""
    return played(preset_rules(preset, layout), seed, count)  # type: ignore[arg-type]


def played(rules: Rules, seed: int, count: int) -> list[State]:
    """``count`` states of random play (uniform moves) from a new game under ``rules``."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    out: list[State] = []
    while len(out) < count:
        if state.is_over:
            out.append(state)
            state = new_game(rules, seed=rng.randrange(2**32))
            continue
        out.append(state)
        state = apply(state, choose_move(state, rng, "uniform"))
    return out


def check(state: State) -> None:
    for seat in range(state.rules.players):
        view = observe(state, seat)
        want = reference_observe(state, seat)
        assert set(want) == set(FIELDS)
        for name in FIELDS:
            assert getattr(view, name) == want[name], name


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("layout", LAYOUTS, ids=str)
def test_every_attribute_equals_the_eager_builders(preset: str, layout: object) -> None:
    seed = PRESETS.index(preset) * 100 + LAYOUTS.index(layout)
    for state in states(preset, layout, seed, count=160):
        check(state)


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    layout=st.sampled_from(LAYOUTS),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 400),
)
def test_random_states_show_what_the_eager_builder_showed(
    preset: str, layout: object, seed: int, moves: int
) -> None:
    check(states(preset, layout, seed, moves + 1)[-1])


@settings(max_examples=80, deadline=None)
@given(rules=rules(max_target=300), seed=st.integers(0, 2**32), moves=st.integers(0, 120))
def test_views_under_any_options_show_what_the_eager_builder_showed(
    rules: Rules, seed: int, moves: int
) -> None:
    """Every play, marriage, trump and stock option the knowledge scan reads (declarations
    "on someone", the trump from the next trick, the ace marriage, overtrumping, free play
    while the stock lasts...), drawn at random."""
    for state in played(rules, seed, moves + 1)[-3:]:
        check(state)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_game_over_in_a_draw_layout_shows_no_draws(preset: str) -> None:
    """At the end of the game the view shows the last deal's moves but, like its tricks,
    none of its draws from the stock (as the eager builder did)."""
    rules = preset_rules(preset, Layout.TWO_DRAW, target=100)
    rng = random.Random(5)
    state = new_game(rules, seed=5)
    while not state.is_over:
        state = apply(state, choose_move(state, rng, "uniform"))
    check(state)
    for seat in range(2):
        view = observe(state, seat)
        assert view.moves and view.tricks == () and view.drawn == ()


@settings(max_examples=40, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    layout=st.sampled_from(LAYOUTS),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 200),
)
def test_a_view_rebuilt_from_its_attributes_is_the_same_view(
    preset: str, layout: object, seed: int, moves: int
) -> None:
    """``View(**attributes)`` (``attrs.evolve``, ``from_json``) gives back the compact view:
    equal, the same hash, and of the same class."""
    state = states(preset, layout, seed, moves + 1)[-1]
    for seat in range(state.rules.players):
        view = observe(state, seat)
        again = attrs.evolve(view)  # type: ignore[misc]
        assert type(again) is View
        assert again == view
        assert hash(again) == hash(view)
        assert pickle.loads(pickle.dumps(view)) == view
        assert from_json(to_json(view), View) == view


def test_a_view_built_by_hand_keeps_the_values_given() -> None:
    view = observe(new_game(seed=1), 0)
    forged = attrs.evolve(view, hand=view.hand[:-1], possible=())  # type: ignore[misc]
    assert forged.hand == view.hand[:-1]
    assert forged.possible == ()
    assert forged != view
    assert isinstance(forged, View)
    assert pickle.loads(pickle.dumps(forged)) == forged
    again = attrs.evolve(forged, hand=view.hand, possible=view.possible)  # type: ignore[misc]
    assert again == view
