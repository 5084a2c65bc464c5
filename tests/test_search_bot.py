"""Tests of :class:`tysiac.bots.SearchBot`: legal in every phase, deterministic, views only."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from strategies import preset_rules, presets_and_layouts, rules, seeds
from tysiac import (
    Bid,
    Claim,
    InvalidDealError,
    Layout,
    Pass,
    Phase,
    Rules,
    apply,
    legal_moves,
    new_game,
    observe,
)
from tysiac.bots import Bot, HeuristicBot, SearchBot, play_game


def _deal_with_search_at(
    rules: Rules, seat: int, seed: int, iterations: int = 6
) -> tuple[set[Phase], int]:
    """Play the first deal with a SearchBot at ``seat``: the phases it decided, moves made."""
    n = rules.players
    bots: list[Bot] = [HeuristicBot(seed=s) for s in range(n)]
    bots[seat] = SearchBot(iterations=iterations, seed=seed, playout="random")
    state = new_game(rules, seed=seed)
    phases: set[Phase] = set()
    made = 0
    while not state.is_over and state.deal_number <= 1:
        mover = state.to_move
        assert mover is not None
        view = observe(state, mover)
        move = bots[mover].choose(view)
        assert move in legal_moves(state)
        if mover == seat and len(view.legal_moves) > 1:
            phases.add(view.phase)
            made += 1
        state = apply(state, move)
    return phases, made


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())
def test_search_bot_plays_legal_moves_in_every_preset_and_layout(
    preset: str, layout: Layout
) -> None:
    _, made = _deal_with_search_at(preset_rules(preset, layout), 1, seed=11)
    assert made > 0


def test_search_bot_decides_in_every_phase() -> None:
    seen: set[Phase] = set()
    for layout in (Layout.THREE, Layout.TWO_CLASSIC):
        rules = preset_rules("pl", layout)
        for seed in range(6):
            seen |= _deal_with_search_at(rules, 1, seed=seed, iterations=4)[0]
    assert seen >= {
        Phase.AUCTION,
        Phase.CHOOSE_MUSIK,
        Phase.DISCARD,
        Phase.GIVE,
        Phase.CONTRACT,
        Phase.PLAY,
    }


def test_search_bot_is_deterministic_for_a_seed_and_an_iteration_budget() -> None:
    def run(seed: int) -> list[object]:
        rules = Rules(target=300)
        bots: list[Bot] = [SearchBot(iterations=12, seed=seed), HeuristicBot(1), HeuristicBot(2)]
        state = new_game(rules, seed=5)
        chosen: list[object] = []
        while not state.is_over and state.deal_number <= 2:
            seat = state.to_move
            assert seat is not None
            move = bots[seat].choose(observe(state, seat))
            if seat == 0:
                chosen.append(move)
            state = apply(state, move)
        return chosen

    assert run(3) == run(3)


def test_search_bot_finishes_a_game() -> None:
    bots: list[Bot] = [SearchBot(iterations=4, seed=1, playout="random"), HeuristicBot(1)]
    final = play_game(Rules(players=2, target=200), bots, seed=2)
    assert final.is_over


def test_search_bot_with_a_time_budget() -> None:
    state = new_game(seed=3)
    seat = state.to_move
    assert seat is not None
    move = SearchBot(iterations=None, seconds=0.05, seed=1).choose(observe(state, seat))
    assert move in legal_moves(state)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": 0},
        {"iterations": None},
        {"seconds": -1.0},
        {"playout": "smart"},
        {"playout": 3},
        {"seconds": True},
    ],
)
def test_search_bot_rejects_bad_budgets(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidDealError):
        SearchBot(**kwargs)  # type: ignore[arg-type]


@settings(max_examples=12)
@given(rules_=rules(max_target=300), seed=seeds())
def test_search_bot_plays_legal_moves_under_any_options(rules_: Rules, seed: int) -> None:
    seat = 1 if rules_.players > 2 else 0
    phases, made = _deal_with_search_at(rules_, seat, seed=seed % 1000, iterations=2)
    assert made >= 0 and phases <= set(Phase)


@pytest.mark.parametrize("playout", ["fast", "heuristic", "random"])
def test_search_bot_plays_a_deal_with_each_playout(playout: str) -> None:
    bots: list[Bot] = [
        SearchBot(iterations=8, seed=2, playout=playout),  # type: ignore[arg-type]
        HeuristicBot(1),
        HeuristicBot(2),
    ]
    state = new_game(Rules.preset("pl"), seed=4)
    while not state.is_over and state.deal_number == 1:
        seat = state.to_move
        assert seat is not None
        move = bots[seat].choose(observe(state, seat))
        assert move in legal_moves(state)
        state = apply(state, move)
    assert state.sheet


def test_search_bot_claims_whenever_a_claim_is_offered() -> None:
    rules_ = Rules.preset("pl")
    claimed = 0
    for seed in range(30):
        state = new_game(rules_, seed=seed)
        bots: list[Bot] = [SearchBot(iterations=4, seed=s) for s in range(3)]
        while not state.is_over and state.deal_number == 1:
            seat = state.to_move
            assert seat is not None
            view = observe(state, seat)
            move = bots[seat].choose(view)
            if Claim() in view.legal_moves:
                assert move == Claim()
                claimed += 1
            state = apply(state, move)
        if claimed >= 2:
            break
    assert claimed


def test_search_bot_auction_candidates_are_pass_the_smallest_bids_and_the_heuristics() -> None:
    state = apply(new_game(seed=32), Bid(100))
    view = observe(state, 2)
    move = SearchBot(iterations=30, seed=3).choose(view)
    assert move in (Pass(), Bid(110), Bid(120))
