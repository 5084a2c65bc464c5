"""The OpenSpiel adapter passes OpenSpiel's own checks (skipped without the extra)."""

from __future__ import annotations

import base64
import json
import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason='the extra "tysiac[openspiel]" is not installed')
np = pytest.importorskip("numpy", reason='the extra "tysiac[openspiel]" is not installed')

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from strategies import rules  # noqa: E402
from tysiac import (  # noqa: E402
    CARDS,
    Bid,
    Contract,
    Layout,
    LoadError,
    Pass,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
    observe,
    to_json,
)
from tysiac.contrib import _episode as episode  # noqa: E402
from tysiac.contrib import openspiel as adapter  # noqa: E402
from tysiac.encoding import encode_move, feature_names, features, num_actions  # noqa: E402

CASES: list[dict[str, Any]] = [
    {},
    {"preset": "pl"},
    {"preset": "ro", "players": 2},
    {"preset": "pl", "layout": "four-sitter"},
    {"preset": "app", "layout": "four-all-play"},
    {"preset": "ro", "layout": "two-draw"},
    {"preset": "pl", "episode": "game", "max_deals": 3},
    {"preset": "pl", "layout": "four-sitter", "partnerships": True},
    {
        "preset": "ru",
        "layout": "four-all-play",
        "partnerships": True,
        "episode": "game",
        "max_deals": 2,
    },
]


@pytest.mark.parametrize("params", CASES)
def test_random_sim_test(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_tysiac", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_parameters_make_the_rules() -> None:
    game = pyspiel.load_game("python_tysiac", {"preset": "pl", "layout": "four-sitter"})
    rules = Rules.preset("pl", players=4, layout=Layout.FOUR_SITTER)
    assert game.rules == rules
    assert game.num_players() == 4
    assert game.num_distinct_actions() == num_actions(rules)
    assert game.observation_tensor_size() == len(feature_names(rules))
    assert game.information_state_tensor_size() == len(feature_names(rules))
    assert game.max_chance_outcomes() == 24


@pytest.mark.parametrize(
    "params", [{"episode": "match"}, {"episode": "game", "max_deals": 0}, {"preset": "xx"}]
)
def test_bad_parameters(params: dict[str, Any]) -> None:
    with pytest.raises(Exception, match=r"episode|max_deals|preset|xx"):
        pyspiel.load_game("python_tysiac", params)


def deal(state: Any, cards: list[int]) -> None:
    for card in cards:
        assert state.is_chance_node()
        outcomes = dict(state.chance_outcomes())
        assert card in outcomes
        assert sum(outcomes.values()) == pytest.approx(1.0)
        state.apply_action(card)


def test_the_deal_comes_from_the_chance_cards() -> None:
    game = pyspiel.load_game("python_tysiac", {})
    state = game.new_initial_state()
    order = list(range(23, -1, -1))
    deal(state, order)
    assert not state.is_chance_node()
    hands = [" ".join(str(CARDS[c]) for c in order[i * 7 : i * 7 + 7]) for i in range(3)]
    musik = " ".join(str(CARDS[c]) for c in order[21:])
    expected = new_game(Rules(), seed=0, deal=[*hands, musik])
    live = state.tysiac_state
    assert isinstance(live, State)
    assert observe(live, 0) == observe(expected, 0)
    assert state.information_state_string(1).endswith(to_json(observe(expected, 1)))
    assert state.observation_string(2) == str(observe(expected, 2))
    tensor = state.observation_tensor(1)
    assert len(tensor) == len(feature_names(Rules()))
    assert state.legal_actions() == [
        i for i, ok in enumerate(state.legal_actions_mask(state.current_player())) if ok
    ]


def test_no_player_sees_cards_while_dealing() -> None:
    game = pyspiel.load_game("python_tysiac", {})
    a, b = game.new_initial_state(), game.new_initial_state()
    deal(a, [0, 1, 2])
    deal(b, [5, 4, 3])
    for p in range(3):
        assert a.information_state_string(p) == b.information_state_string(p)
        assert a.observation_tensor(p) == b.observation_tensor(p)


def random_episode(game: Any, seed: int) -> Any:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_partners_share_their_pairs_returns() -> None:
    params = {"layout": "four-all-play", "partnerships": True, "episode": "game", "max_deals": 2}
    game = pyspiel.load_game("python_tysiac", params)
    assert game.rules == Rules(players=4, layout=Layout.FOUR_ALL_PLAY, partnerships=True)
    state = random_episode(game, seed=4)
    returns = state.returns()
    assert returns[0] == returns[2] and returns[1] == returns[3]
    assert returns == [float(s) for s in state.pos.state.sheet[-1].scores]
    with pytest.raises(Exception, match="partnerships"):
        pyspiel.load_game("python_tysiac", {"players": 3, "partnerships": True})


def test_returns_are_the_score_changes() -> None:
    game = pyspiel.load_game("python_tysiac", {"episode": "game", "max_deals": 2})
    state = random_episode(game, seed=4)
    rows = state.pos.state.sheet
    assert len(rows) == 2
    assert state.returns() == [float(s) for s in rows[-1].scores]


def test_the_information_state_tensor_recalls_earlier_deals() -> None:
    """Two episodes whose first deals differ only in public moves (the auction: the same
    cards, declarer, contract and play, so the same scores) show the same current view in the
    second deal, and different information-state tensors: the tensor recalls the first deal,
    as the features of each player's view before its last move and that move."""
    game = pyspiel.load_game("python_tysiac", {"episode": "game", "max_deals": 2})
    rules = game.rules
    size = len(feature_names(rules))
    assert game.information_state_tensor_size() == 2 * size + num_actions(rules)
    assert game.observation_tensor_size() == size
    auctions: tuple[list[Bid | Pass], ...] = (
        [Bid(100), Pass(), Pass()],
        [Bid(100), Pass(), Bid(110), Bid(120), Pass()],
    )
    second = []
    for auction in auctions:
        state = game.new_initial_state()
        deal(state, list(range(24)))
        for move in auction:
            state.apply_action(encode_move(move, rules))
        assert state.tysiac_state.declarer == 1
        contract = encode_move(Contract(120), rules)
        while not state.is_chance_node():
            actions = state.legal_actions()
            before = state.tysiac_state
            last = contract if contract in actions else actions[0]
            state.apply_action(last)
        # the first deal as each player recalls it
        for p in range(rules.players):
            block = state.information_state_tensor(p)[size:]
            assert block[:size] == pytest.approx(features(observe(before, p)))
            assert block[size:] == [float(a == last) for a in range(num_actions(rules))]
        deal(state, list(range(24)))
        second.append(state)
    a, b = second
    assert a.tysiac_state.scores == b.tysiac_state.scores
    for p in range(rules.players):
        assert a.observation_tensor(p) == b.observation_tensor(p)
        assert a.information_state_tensor(p)[:size] == a.observation_tensor(p)
        assert a.information_state_tensor(p) != b.information_state_tensor(p)


def _dealt_state(params: dict[str, Any] | None = None, moves: int = 1) -> tuple[Any, Any]:
    game = pyspiel.load_game("python_tysiac", params or {"preset": "pl"})
    state = game.new_initial_state()
    deal(state, list(range(24)))
    for _ in range(moves):
        state.apply_action(state.legal_actions()[0])
    return game, state


def test_serialization_is_json_and_clones_share_the_state() -> None:
    game, state = _dealt_state()
    text = state.serialize()
    data = json.loads(text)  # plain JSON, no pickle
    assert data == {
        "format": adapter.FORMAT,
        "parameters": {
            "preset": "pl",
            "players": 0,
            "layout": "",
            "episode": "deal",
            "max_deals": 1,
            "partnerships": False,
        },
        "history": state.history(),
    }
    assert "__dict__" not in text
    loaded = game.deserialize_state(text)
    assert str(loaded) == str(state)
    # a state serialized before the partnerships parameter still loads
    del data["parameters"]["partnerships"]
    assert game.deserialize_state(json.dumps(data)).pos == state.pos
    assert loaded.pos == state.pos
    assert loaded.history() == state.history()
    clone = state.clone()
    assert clone.pos is state.pos  # immutable: the clone shares it


@pytest.fixture
def no_unpickling(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every way to unpickle raises (OpenSpiel's C++ code looks ``pickle.loads`` up)."""

    def refuse(*args: object, **kwargs: object) -> object:
        raise AssertionError("unpickling is blocked")

    monkeypatch.setattr(pickle, "loads", refuse)
    monkeypatch.setattr(pickle, "load", refuse)
    monkeypatch.setattr(pickle, "Unpickler", refuse)


@pytest.mark.parametrize(
    "params",
    [{"preset": "pl"}, {"preset": "ro", "layout": "two-draw"}, {"episode": "game", "max_deals": 2}],
)
@pytest.mark.usefixtures("no_unpickling")
def test_deserializing_needs_no_pickle(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_tysiac", params)
    state = random_episode(game, seed=3)
    for text in (state.serialize(), pyspiel.serialize_game_and_state(game, state)):
        if text.startswith("#"):  # the whole text of OpenSpiel's serializer
            loaded_game, loaded = adapter.deserialize_game_and_state(text)
            assert loaded_game.rules == game.rules
        else:
            loaded = game.deserialize_state(text)
        assert str(loaded) == str(state)
        assert loaded.history() == state.history()
        assert loaded.returns() == state.returns()
    # OpenSpiel's own state part is read from its history line only
    cpp = pyspiel.serialize_game_and_state(game, state).split("[State]\n", 1)[1]
    assert str(game.deserialize_state(cpp.strip())) == str(state)
    with pytest.raises(AssertionError, match="blocked"):  # OpenSpiel's reader unpickles
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))


CALLS: list[str] = []


def record_call(text: str) -> str:
    """What a hostile pickle would run: it records that it ran."""
    CALLS.append(text)
    return text


class Hostile:
    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (record_call, ("ran",))


def test_a_hostile_pickle_is_never_run() -> None:
    game, state = _dealt_state()
    payload = base64.b64encode(pickle.dumps({"pos": Hostile()})).decode()
    history = ",".join(f"-1:{a}" for a in state.history()[:24])
    text = f"history={history}\nmove_number=24\n__dict__={payload}"
    CALLS.clear()
    loaded = game.deserialize_state(text)
    assert loaded.history() == state.history()[:24]
    full = pyspiel.serialize_game_and_state(game, state)
    head = full.partition("__dict__=")[0]
    hostile = head + "__dict__=" + payload + "\n"
    _, loaded2 = adapter.deserialize_game_and_state(hostile)
    assert loaded2.history() == state.history()
    assert CALLS == []


def _hostile_texts(state: Any) -> list[object]:
    good = json.loads(state.serialize())
    history = good["history"]
    out: list[object] = [
        "",
        "x",
        "{",
        "[]",
        "null",
        "NaN",
        "[" * 100_000,
        json.dumps({**good, "format": "pickle"}),
        json.dumps({**good, "parameters": {**good["parameters"], "preset": "ro"}}),
        json.dumps({**good, "history": "0,1"}),
        json.dumps({**good, "extra": 1}),
        json.dumps({**good, "history": [0, 0]}),  # one card dealt twice
        json.dumps({**good, "history": [*history, 10**40]}),
        json.dumps({**good, "history": [*history[:24], 1.5]}),
        json.dumps({**good, "history": [*history[:24], 100_000]}),
        json.dumps({**good, "history": [*history[:24], -1]}),
        json.dumps({**good, "history": list(range(24)) * 50}),
        "history=-1:0,-1:0\nmove_number=2\n__dict__=",
        "history=0:0\nmove_number=1\n__dict__=",
        "history=-1:x\nmove_number=1\n__dict__=",
        "history=" + "-1:1," * 10_000,
        b"{}",
        None,
    ]
    return out


def test_hostile_serialized_states_get_a_clean_error() -> None:
    game, state = _dealt_state()
    for text in _hostile_texts(state):
        with pytest.raises(LoadError) as info:
            game.deserialize_state(text)
        assert len(str(info.value)) < 400
    for text in ["", "[Meta]\n[Game]\nkuhn_poker()\n[State]\n", "x\n[Game]", None]:
        with pytest.raises(LoadError):
            adapter.deserialize_game_and_state(text)  # type: ignore[arg-type]


def test_openspiels_own_serialization_holds_one_string() -> None:
    """What the adapter leaves for OpenSpiel's pickle is one string: no tysiac object, no
    tysiac name to import; the state is rebuilt from the history OpenSpiel writes beside it."""
    import pickletools

    game, state = _dealt_state(moves=3)
    text = pyspiel.serialize_game_and_state(game, state)
    payload = base64.b64decode(text.split("__dict__=")[1].strip())
    globals_ = [arg for op, arg, _ in pickletools.genops(payload) if "GLOBAL" in op.name]
    strings = [arg for op, arg, _ in pickletools.genops(payload) if isinstance(arg, str)]
    assert b"tysiac." not in payload
    assert all("tysiac" not in str(g) or "rebuilt" in str(g) for g in globals_), globals_
    assert "builtins" in strings and "str" in strings  # str("...") is all it holds
    _, loaded = pyspiel.deserialize_game_and_state(text)
    assert loaded.pos == state.pos


def play(bots: list[Any], game: Any, seed: int) -> Any:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return state


def test_mcts_bots_play_an_episode() -> None:
    game = pyspiel.load_game("python_tysiac", {"preset": "pl"})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [
        mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=np.random.RandomState(i))
        for i in range(game.num_players())
    ]
    state = play(bots, game, seed=1)
    assert state.is_terminal()
    assert len(state.pos.state.sheet) == 1


@pytest.mark.parametrize(
    "params",
    [
        {"preset": "pl"},
        {"preset": "app", "layout": "four-sitter"},
        {"preset": "ro", "layout": "two-classic", "episode": "game", "max_deals": 2},
    ],
)
def test_ismcts_bots_play_an_episode_on_sampled_worlds(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_tysiac", params)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = []
    for i in range(game.num_players()):
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(i))
        bot.set_resampler(adapter.resampler(seed=i))
        bots.append(bot)
    state = play(bots, game, seed=2)
    assert state.is_terminal()
    assert len(state.pos.state.sheet) == game.max_deals


def test_the_resampler_keeps_the_information_state() -> None:
    game = pyspiel.load_game("python_tysiac", {"preset": "pl"})
    state = game.new_initial_state()
    deal(state, list(range(24)))
    resample = adapter.resampler(seed=0)
    player = state.current_player()
    worlds = [resample(state, player) for _ in range(20)]
    key = state.information_state_string(player)
    assert all(w.information_state_string(player) == key for w in worlds)
    hands = {w.tysiac_state._hands for w in worlds if w.tysiac_state is not None}
    assert len(hands) > 1  # the other hands differ between worlds


def test_the_example_script(capsys: pytest.CaptureFixture[str]) -> None:
    from test_examples import load

    returns = load("openspiel_ismcts").main(2, simulations=4)
    out = capsys.readouterr().out
    assert len(returns) == 3
    assert out.startswith("score changes: ")
    assert load("openspiel_ismcts").arguments(["4"]).seed == 4


def test_the_module_docstring_examples_run() -> None:
    import doctest

    failed, attempted = doctest.testmod(adapter)
    assert attempted > 0
    assert failed == 0


@given(r=rules(), seed=st.integers(0, 2**32))
@settings(max_examples=60)
def test_every_deal_stays_inside_the_games_utility_bounds(r: Rules, seed: int) -> None:
    low, high, _ = episode.deal_bound(r)
    rng = random.Random(seed)
    state = new_game(r, seed=seed)
    for _ in range(400):  # uniform random moves: blind bids, concessions, bombs, penalties
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_moves(state)))
    for row in state.sheet:
        assert all(low <= d <= high for d in row.deltas), (row, low, high)
