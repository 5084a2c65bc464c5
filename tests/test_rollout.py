"""rollout(): the fast playout of a deal equals the engine's own play of the same moves."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import played_state, preset_rules, presets_and_layouts, rules, seeds
from tysiac import (
    Claim,
    DealResult,
    IllegalMoveError,
    Layout,
    Move,
    NotAStateError,
    Phase,
    Play,
    Rules,
    State,
    TysiacError,
    apply,
    legal_moves,
    new_game,
    observe,
    rollout,
    sample_world,
)


def mirror(state: State, moves: tuple[Move, ...], rng: random.Random) -> Move:
    """The default policy, move by move through the public API: it must make the same
    choices from the same random numbers as the fast path."""
    if state.phase in (Phase.AUCTION, Phase.CONTRACT):
        return moves[0]
    if state.phase is not Phase.PLAY:
        return moves[int(rng.random() * len(moves))]
    cards = sorted({m.card for m in moves if isinstance(m, Play)}, key=lambda c: c.index)
    card = cards[int(rng.random() * len(cards))]
    meld = Play(card, meld=True)
    return meld if meld in moves else Play(card)


def check_equal(state: State, k: int) -> DealResult:
    fast = rollout(state, random.Random(k))
    slow = rollout(state, random.Random(k), policy=mirror)
    assert fast == slow
    return fast


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())
@given(seed=seeds(), moves=st.integers(0, 40), k=st.integers(0, 2**32))
@settings(max_examples=25)
def test_rollout_equals_the_engine(
    preset: str, layout: Layout, seed: int, moves: int, k: int
) -> None:
    state = played_state(preset_rules(preset, layout), seed, moves)
    if state.is_over:
        return
    row = check_equal(state, k)
    assert row.number == state.deal_number
    assert len(row.scores) == state.players


@given(r=rules(), seed=seeds(), moves=st.integers(0, 40), k=st.integers(0, 2**32))
@settings(max_examples=150)
def test_rollout_equals_the_engine_under_any_options(
    r: Rules, seed: int, moves: int, k: int
) -> None:
    state = played_state(r, seed, moves)
    if not state.is_over:
        check_equal(state, k)


@given(seed=seeds(), k=st.integers(0, 2**32))
@settings(max_examples=30)
def test_rollout_of_a_sampled_world(seed: int, k: int) -> None:
    state = played_state(Rules.preset("pl"), seed, 12)
    if state.is_over:
        return
    world = sample_world(observe(state, state.to_move), random.Random(k))  # type: ignore[arg-type]
    check_equal(world, k)


def test_rollout_is_reproducible_and_leaves_the_state() -> None:
    state = new_game(seed=3)
    before = (state, legal_moves(state))
    rows = {rollout(state, random.Random(9)) for _ in range(3)}
    assert len(rows) == 1
    assert (state, legal_moves(state)) == before
    assert len(state.sheet) == 0
    # different random numbers give different deals (not one fixed answer)
    assert len({rollout(state, random.Random(k)).totals for k in range(20)}) > 1


def test_rollout_scores_like_the_engine_at_the_end_of_a_game() -> None:
    state = new_game(Rules.preset("app"), seed=5, scores=(990, 0, 0))
    row = check_equal(state, 1)
    assert row.scores[0] == 990 + row.deltas[0]


def test_a_policy_plays_every_move() -> None:
    seen: list[Move] = []

    def first(state: State, moves: tuple[Move, ...], rng: random.Random) -> Move:
        move = moves[-1] if isinstance(moves[-1], Claim) else moves[0]
        seen.append(move)
        return move

    state = new_game(Rules.preset("pl"), seed=2)
    row = rollout(state, random.Random(0), policy=first)
    replayed = state
    for move in seen:
        replayed = apply(replayed, move)
    assert replayed.sheet[-1] == row


def test_rollout_refuses_bad_arguments() -> None:
    state = new_game(seed=1)
    with pytest.raises(NotAStateError):
        rollout("state", random.Random(1))  # type: ignore[call-overload]
    with pytest.raises(TysiacError, match=r"random\.Random") as info:
        rollout(state, 7)  # type: ignore[call-overload]
    assert isinstance(info.value, TypeError)
    with pytest.raises(TysiacError, match="callable"):
        rollout(state, random.Random(1), policy=3)  # type: ignore[call-overload]

    def bad(state: State, moves: tuple[Move, ...], rng: random.Random) -> Move:
        return Play("AS") if state.phase is Phase.PLAY else moves[0]

    with pytest.raises(IllegalMoveError):
        for seed in range(5):  # some deal has AS outside the hand to move
            rollout(new_game(seed=seed), random.Random(1), policy=bad)
    over = new_game(Rules.preset("app"), seed=5, scores=(990, 990, 990))
    while not over.is_over:
        over = apply(over, legal_moves(over)[0])
    with pytest.raises(IllegalMoveError, match="game is over"):
        rollout(over, random.Random(1))


@pytest.mark.parametrize("layout", [Layout.FOUR_SITTER, Layout.FOUR_ALL_PLAY])
def test_rollout_scores_partnerships_by_pairs(layout: Layout) -> None:
    rules_ = Rules.preset("ru", players=4, layout=layout, partnerships=True)
    for seed in range(20):
        state = played_state(rules_, seed, 6)
        if state.is_over:
            continue
        row = check_equal(state, seed)
        assert row.deltas[0] == row.deltas[2] and row.deltas[1] == row.deltas[3]
        assert row.scores[0] == row.scores[2] and row.scores[1] == row.scores[3]
