"""The PettingZoo adapter passes PettingZoo's own checks (skipped without the extra)."""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import Any, Final

import pytest

pytest.importorskip("pettingzoo", reason='the extra "tysiac[pettingzoo]" is not installed')
np = pytest.importorskip("numpy", reason='the extra "tysiac[pettingzoo]" is not installed')

from gymnasium.spaces import Discrete  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from tysiac import (  # noqa: E402
    InvalidActionError,
    InvalidDealError,
    InvalidRulesError,
    InvalidSeatError,
    Layout,
    NotAnActionError,
    Rules,
    TysiacError,
    new_game,
    observe,
)
from tysiac.contrib.pettingzoo import REWARD_SCALE, env, raw_env  # noqa: E402
from tysiac.encoding import feature_names, num_actions  # noqa: E402

#: The warnings PettingZoo's api_test gives every third-party Dict observation.
ALLOWED = (
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
    "Observation is not a NumPy array",
)

#: The four-player layouts played in partnerships, as cases of their own.
PAIRS_SITTER: Final = "pairs-four-sitter"
PAIRS_ALL_PLAY: Final = "pairs-four-all-play"

CASES: list[tuple[str, Layout | str]] = [
    ("app", Layout.THREE),
    ("pl", Layout.THREE),
    ("ro", Layout.TWO_CLASSIC),
    ("pl", Layout.FOUR_SITTER),
    ("app", Layout.FOUR_ALL_PLAY),
    ("ro", Layout.TWO_DRAW),
    ("pl", PAIRS_SITTER),
    ("ru", PAIRS_ALL_PLAY),
]


def rules_of(preset: str, layout: Layout | str) -> Rules:
    if isinstance(layout, str):  # the four-player layouts in partnerships
        four = Layout.FOUR_SITTER if layout == PAIRS_SITTER else Layout.FOUR_ALL_PLAY
        return Rules.preset(preset, players=4, layout=four, partnerships=True)
    return Rules.preset(preset, players=layout.players, layout=layout)


def check_warnings(caught: list[warnings.WarningMessage]) -> None:
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(ALLOWED)]
    assert unexpected == []


@pytest.mark.parametrize(("preset", "layout"), CASES)
def test_api_test(preset: str, layout: Layout | str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(rules_of(preset, layout)), num_cycles=200)
        api_test(env(rules_of(preset, layout), episode="game", max_deals=3), num_cycles=200)
    check_warnings(caught)


@pytest.mark.parametrize(("preset", "layout"), CASES[:3])
def test_seed_test(preset: str, layout: Layout | str) -> None:
    def factory(**kwargs: Any) -> Any:
        return env(rules_of(preset, layout), **kwargs)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        seed_test(factory, num_cycles=200)
    check_warnings(caught)


@pytest.mark.parametrize(("preset", "layout"), CASES[:2])
def test_render_test(preset: str, layout: Layout | str, capsys: pytest.CaptureFixture[str]) -> None:
    def factory(render_mode: str | None = None) -> Any:
        return env(rules_of(preset, layout), render_mode=render_mode)

    render_test(factory)
    assert "view. Deal 1" in capsys.readouterr().out  # "human" printed the views


def test_ansi_render_is_the_view_text() -> None:
    game = env(render_mode="ansi")
    game.reset(seed=5)
    seat = new_game(seed=5).to_move
    assert seat is not None
    assert game.render() == str(observe(new_game(seed=5), seat))


def play_episode(game: Any, seed: int) -> tuple[dict[str, float], int]:
    """Random legal play until every agent is done: the summed rewards and the steps."""
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    steps = 0
    for agent in game.agent_iter(max_iter=100_000):
        observation, reward, termination, truncation, _ = game.last()
        totals[agent] += reward
        if termination or truncation:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(np.int64(rng.choice(legal)))  # a numpy integer
        steps += 1
    return totals, steps


@pytest.mark.parametrize(("preset", "layout"), CASES)
def test_a_deal_rewards_its_score_changes_over_100(preset: str, layout: Layout | str) -> None:
    game = env(rules_of(preset, layout))
    totals, steps = play_episode(game, seed=3)
    state = game.unwrapped.state_
    assert steps > 0
    assert len(state.sheet) == 1  # one deal per episode
    deltas = state.sheet[-1].deltas
    assert [totals[a] for a in game.possible_agents] == [d / REWARD_SCALE for d in deltas]
    assert REWARD_SCALE == 100.0


@pytest.mark.parametrize("layout", [PAIRS_SITTER, PAIRS_ALL_PLAY])
def test_partners_receive_their_pairs_rewards(layout: str) -> None:
    for seed in range(3):
        game = env(rules_of("app", layout))
        totals, _ = play_episode(game, seed=seed)
        rewards = [totals[a] for a in game.possible_agents]
        assert rewards[0] == rewards[2] and rewards[1] == rewards[3]


@pytest.mark.parametrize(("preset", "layout"), CASES)
def test_each_step_keeps_the_selection_infos_and_rewards(preset: str, layout: Layout | str) -> None:
    """Whole games cut at two deals, step by step: the agent to move is selected while
    nobody is done; its info holds the legal moves and every other agent's none; rewards
    come only when a deal ends; the cumulative rewards are PettingZoo's (an agent's reset
    when it acts, then every step's rewards added); the observation's arrays are writable,
    of the space's types."""
    from tysiac import legal_moves

    rules = rules_of(preset, layout)
    game = raw_env(rules, episode="game", max_deals=2)
    game.reset(seed=4)
    rng = np.random.default_rng(4)
    cumulative = dict.fromkeys(game.possible_agents, 0.0)
    deal_ends = 0
    while not any(game.truncations.values()) and not any(game.terminations.values()):
        state = game.state_
        assert state.to_move is not None  # (nobody is done: the game goes on)
        mover = game.possible_agents[state.to_move]
        assert game.agent_selection == mover
        for agent in game.agents:
            expected = legal_moves(state) if agent == mover else ()
            assert game.infos[agent] == {"legal_moves": expected}
        observation = game.observe(mover)
        assert observation["observation"].dtype == np.float32
        assert observation["action_mask"].dtype == np.int8
        assert observation["action_mask"].flags.writeable
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        game.step(action)
        after = game.state_
        ended = after.deal_number != state.deal_number or after.winner is not None
        deal_ends += ended
        cumulative[mover] = 0.0
        for agent in game.agents:
            reward = game.rewards[agent]
            if not ended:
                assert reward == 0.0
            cumulative[agent] += reward
        assert game._cumulative_rewards == cumulative
    assert deal_ends == 2
    done = [a for a in game.agents if game.truncations[a] or game.terminations[a]]
    assert done == game.agents and game.agent_selection == done[0]


def test_game_episodes_truncate_after_max_deals() -> None:
    game = raw_env(Rules(), episode="game", max_deals=2)
    game.reset(seed=2)
    rng = np.random.default_rng(2)
    while not any(game.truncations.values()):
        assert not any(game.terminations.values())
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(int(rng.choice(np.flatnonzero(mask))))
    assert game.state_.deal_number == 3  # two deals played, the third dealt
    assert len(game.state_.sheet) == 2


def test_spaces_follow_the_encoding() -> None:
    rules = rules_of("ro", Layout.FOUR_SITTER)
    game = raw_env(rules)
    game.reset(seed=1)
    space: Any = game.observation_space("player_3")
    assert space["observation"].shape == (len(feature_names(rules)),)
    assert space["action_mask"].shape == (num_actions(rules),)
    assert game.action_space("player_0") == Discrete(num_actions(rules))
    observation = game.observe("player_3")
    assert observation["observation"].dtype == np.float32
    assert observation["action_mask"].dtype == np.int8
    assert game.possible_agents == ["player_0", "player_1", "player_2", "player_3"]


def test_reset_seed_fixes_the_deals() -> None:
    a, b = raw_env(), raw_env()
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.state_ == b.state_ == new_game(Rules(), seed=9)
    b.reset(seed=10)
    assert a.state_ != b.state_


@pytest.mark.parametrize(
    "kwargs",
    [
        {"episode": "match"},
        {"episode": ["deal"]},  # not hashable: still the library's error
        {"max_deals": 0},
        {"max_deals": True},
        {"render_mode": "rgb"},
        {"render_mode": {}},
    ],
)
def test_bad_arguments(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=next(iter(kwargs))) as caught:
        raw_env(**kwargs)
    assert isinstance(caught.value, TysiacError)


def test_rules_that_are_not_rules() -> None:
    with pytest.raises(InvalidRulesError, match="rules='app'"):
        raw_env("app")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "seed", [1.5, float("nan"), float("inf"), "12", b"1", True, [1], 3j, np.array([3])]
)
def test_reset_refuses_a_seed_that_is_not_an_int(seed: object) -> None:
    game = raw_env()
    game.reset(seed=3)
    before = game.state_
    with pytest.raises(InvalidDealError, match="seed="):
        game.reset(seed=seed)  # type: ignore[arg-type]
    assert game.state_ is before
    game.reset(seed=np.int64(3))  # NumPy's integers are ints
    assert game.state_ == before


@pytest.mark.parametrize("agent", ["player_9", None, 0, ["player_0"], "Player_0"])
def test_an_unknown_agent_raises(agent: object) -> None:
    game = raw_env()
    game.reset(seed=1)
    for ask in (game.observe, game.observation_space, game.action_space):
        with pytest.raises(InvalidSeatError, match="agent="):
            ask(agent)  # type: ignore[arg-type]


def test_an_illegal_action_raises() -> None:
    game = raw_env()
    game.reset(seed=1)
    mask = game.observe(game.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=r"not legal|illegal|not among"):
        game.step(illegal)


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (283, InvalidActionError),  # one past the last action number
        (-1, InvalidActionError),
        (np.int64(10**6), InvalidActionError),
        (184.0, NotAnActionError),  # a float, even a whole one
        (True, NotAnActionError),
        (None, NotAnActionError),  # None is for an agent that is done
        ("184", NotAnActionError),
    ],
)
def test_an_action_that_is_not_an_action_number_raises(action: object, error: type) -> None:
    """The environment checks actions itself (env() adds no AssertOutOfBoundsWrapper): a
    bad one raises the library's error naming it, and the game is left as it was."""
    game = env()
    game.reset(seed=7)
    before = game.unwrapped.state_
    agent = game.agent_selection
    with pytest.raises(error, match="action") as caught:
        game.step(action)
    assert type(caught.value) is error  # (NotAnActionError is an InvalidActionError too)
    assert game.unwrapped.state_ is before
    assert game.agent_selection == agent
    game.step(np.int64(184))  # a legal action number, as a numpy integer: accepted
    assert game.unwrapped.state_ != before


def test_the_core_package_imports_no_numpy() -> None:
    code = (
        "import sys, tysiac, tysiac.encoding, tysiac.contrib; "
        "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_example_script(capsys: pytest.CaptureFixture[str]) -> None:
    from test_examples import load

    totals = load("pettingzoo_random").main(1, episodes=2)
    out = capsys.readouterr().out
    assert list(totals) == ["player_0", "player_1", "player_2"]
    assert f"player_0: {totals['player_0']:+.2f}" in out
    assert load("pettingzoo_random").arguments(["4"]).seed == 4


def test_the_module_docstring_examples_run() -> None:
    import doctest

    import tysiac.contrib.pettingzoo as module

    failed, attempted = doctest.testmod(module)
    assert attempted > 0
    assert failed == 0


@pytest.mark.parametrize(("preset", "layout"), CASES)
def test_an_observation_is_worked_out_once_per_step_when_asked(
    preset: str, layout: Layout | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No view is made until an agent's observation is asked for; asked again before the
    next step it is the same dict; it holds the features and the mask of the agent's view
    (the mask only for the agent to move)."""
    from tysiac._info.observe import observe_with
    from tysiac.contrib import pettingzoo as adapter
    from tysiac.encoding import action_mask, features

    seen: list[int] = []

    def counting(state: Any, seat: int, legal: Any) -> Any:
        seen.append(seat)
        return observe_with(state, seat, legal)

    # (the environment observes with the legal moves it worked out for the infos)
    monkeypatch.setattr(adapter, "observe_with", counting)
    game = raw_env(rules_of(preset, layout))
    game.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(40):
        if game.terminations[game.agent_selection]:
            break
        assert seen == []  # stepping and selecting make no view
        agent = game.agent_selection
        first = game.observe(agent)
        assert game.observe(agent) is first
        assert len(seen) == 1
        seat = game.possible_agents.index(agent)
        view = observe(game.state_, seat)
        assert first["observation"].tolist() == list(np.float32(features(view)))
        assert first["action_mask"].tolist() == [int(b) for b in action_mask(view)]
        other = game.possible_agents[(seat + 1) % len(game.possible_agents)]
        assert not game.observe(other)["action_mask"].any()
        assert len(seen) == 2
        seen.clear()
        game.step(int(rng.choice(np.flatnonzero(first["action_mask"]))))
