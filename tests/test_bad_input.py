"""Bad input of every kind ends in a TysiacError that also is the matching built-in error."""

from __future__ import annotations

import types
from collections.abc import Callable

import pytest

from tysiac import (
    PRESETS,
    Bid,
    Card,
    ChooseMusik,
    Contract,
    Give,
    InvalidCardError,
    InvalidDealError,
    InvalidRulesError,
    InvalidSeatError,
    NotAMoveError,
    NotAStateError,
    Pass,
    Play,
    Rules,
    State,
    TysiacError,
    apply,
    legal_moves,
    new_game,
    observe,
    parse_cards,
    parse_move,
)


@pytest.mark.parametrize("value", ["state", None, 3, object()])
def test_not_a_state(value: object) -> None:
    calls: tuple[Callable[[], object], ...] = (
        lambda: legal_moves(value),  # type: ignore[call-overload]
        lambda: apply(value, Pass()),  # type: ignore[call-overload]
        lambda: observe(value, 0),  # type: ignore[call-overload]
    )
    for call in calls:
        with pytest.raises(NotAStateError, match="is not a State") as info:
            call()
        assert isinstance(info.value, TysiacError)
        assert isinstance(info.value, TypeError)


def test_a_view_is_not_a_state() -> None:
    view = observe(new_game(seed=1), 0)
    with pytest.raises(NotAStateError, match="View object is not a State"):
        legal_moves(view)  # type: ignore[call-overload]


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
        Rules(*range(100))  # more than the options
    assert Rules(players=2) == Rules.preset("app", players=2)


@pytest.mark.parametrize("name", [["pl"], None, 3, "xx"])
def test_unknown_preset_name(name: object) -> None:
    with pytest.raises(InvalidRulesError, match="unknown preset"):
        Rules.preset(name)  # type: ignore[arg-type]


# --- issue 8: bad input across the public surface, each by name ----------------------------


def test_max_bid_is_bounded() -> None:
    with pytest.raises(InvalidRulesError, match="max_bid"):
        Rules(max_bid=10**9, bid_step=5)
    with pytest.raises(InvalidRulesError, match="max_bid=5010"):
        Rules(max_bid=5010)
    assert Rules(max_bid=5000).max_bid == 5000
    with pytest.raises(InvalidRulesError, match="bombs_per_player"):
        Rules(bombs_per_player=10**6)
    with pytest.raises(InvalidRulesError, match="marriage_values"):
        Rules(marriage_values=(40, 60, 80, 10**4))


@pytest.mark.parametrize(
    "build",
    [
        lambda: Rules(players=[3]),  # type: ignore[arg-type]
        lambda: Rules([]),  # type: ignore[arg-type]
        lambda: Rules.preset("ro", target="1000"),
        lambda: Rules.preset("ro", target=None),
        lambda: Rules(players={}),  # type: ignore[arg-type]
        lambda: Rules(layout=[1]),
        lambda: Rules(marriage_values=iter(range(10**9))),
        lambda: Rules(barrel="800"),  # type: ignore[arg-type]
    ],
)
def test_rules_of_the_wrong_type(build: object) -> None:
    with pytest.raises(InvalidRulesError):
        build()  # type: ignore[operator]


HUGE = 10**5000


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: Card.parse(HUGE), InvalidCardError),  # type: ignore[arg-type]
        (lambda: Bid(HUGE), NotAMoveError),
        (lambda: Contract(-HUGE), NotAMoveError),
        (lambda: Give("QH", to=HUGE), NotAMoveError),
        (lambda: observe(new_game(seed=1), HUGE), InvalidSeatError),
        (lambda: new_game(scores=[HUGE, 0, 0]), InvalidDealError),
        (lambda: new_game(deal=[HUGE]), InvalidDealError),  # type: ignore[list-item]
        (lambda: Rules(target=HUGE), InvalidRulesError),
        (lambda: Rules(layout=HUGE), InvalidRulesError),
        (lambda: Rules.preset(HUGE), InvalidRulesError),  # type: ignore[arg-type]
        (lambda: Card(HUGE, 0), InvalidCardError),
        (lambda: Card.from_index(HUGE), InvalidCardError),
        (lambda: parse_cards([HUGE]), InvalidCardError),  # type: ignore[list-item]
    ],
)
def test_huge_ints_in_messages(call: object, error: type[Exception]) -> None:
    with pytest.raises(error) as info:
        call()  # type: ignore[operator]
    assert len(str(info.value)) < 400


def nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "call",
    [
        Card.parse,
        parse_cards,
        lambda v: parse_cards([v]),
        lambda v: Rules(marriage_values=v),
        lambda v: Rules(players=v),
        lambda v: Rules(layout=v),
        lambda v: new_game(deal=v),
        lambda v: new_game(scores=v),
        lambda v: new_game(seed=v),
        lambda v: observe(new_game(seed=1), v),
        Bid,
        Play,
        lambda v: apply(new_game(seed=1), v),
        parse_move,
    ],
)
def test_deep_nesting_in_messages(call: object) -> None:
    with pytest.raises(TysiacError) as info:
        call(nested(50_000))  # type: ignore[operator]
    assert len(str(info.value)) < 400


def test_a_move_in_words_is_not_a_move_object_and_the_message_says_what_to_pass() -> None:
    with pytest.raises(NotAMoveError) as info:
        apply(new_game(seed=1), "pass")  # type: ignore[call-overload]
    message = str(info.value)
    assert message.startswith("'pass' is not a move object: use a move class such as Pass()")
    assert "parse_move('pass')" in message
    assert message.endswith("(phase AUCTION)")
    assert "pass Bid" not in message
    with pytest.raises(NotAMoveError) as info:
        apply(new_game(seed=1), 120)  # type: ignore[call-overload]
    assert "parse_move" not in str(info.value)  # only text is read with parse_move


def test_messages_cap_the_value_they_quote() -> None:
    with pytest.raises(InvalidCardError) as info:
        Card.parse("Q" * 10_000)
    assert len(str(info.value)) < 300
    with pytest.raises(NotAMoveError) as info2:
        apply(new_game(seed=1), "x" * 10_000)  # type: ignore[call-overload]
    assert len(str(info2.value)) < 300


@pytest.mark.parametrize(
    "call",
    [
        State,
        lambda: State(()),
        lambda: State((1, 2, 3)),
        lambda: State(new_game(seed=1)._c),
        lambda: State(c=()),
        lambda: State(1, 2, 3),
        lambda: State(rules=Rules()),
        lambda: State.__new__(State),  # the same error in both builds
    ],
)
def test_states_are_not_built_directly(call: object) -> None:
    with pytest.raises(NotAStateError, match="not built directly"):
        call()  # type: ignore[operator]


def test_states_are_frozen_and_compare_by_value() -> None:
    """In both builds (a native class in the compiled one): no attribute can be set or
    deleted, equal positions are equal and hash alike, and a pickled state comes back
    equal."""
    import pickle

    from attrs.exceptions import FrozenInstanceError

    state = apply(new_game(seed=1), Bid(100))
    for name in ("_c", "phase", "extra"):
        with pytest.raises(FrozenInstanceError):
            setattr(state, name, None)
        with pytest.raises(AttributeError):
            delattr(state, name)
    assert state._c.deal.bid == 100
    twin = apply(new_game(seed=1), Bid(100))
    assert twin == state and twin is not state and hash(twin) == hash(state)
    assert state != new_game(seed=1) and state != new_game(seed=2)
    assert state != state._c and state._c != state
    again = pickle.loads(pickle.dumps(state))
    assert type(again) is State and again == state and hash(again) == hash(state)
    assert not hasattr(state, "__dict__")


def test_presets_are_read_only() -> None:
    with pytest.raises(TypeError):
        PRESETS["pl"]["claim"] = False  # type: ignore[index]
    with pytest.raises(TypeError):
        PRESETS["mine"] = {}  # type: ignore[index]
    with pytest.raises(TypeError):
        del PRESETS["pl"]  # type: ignore[attr-defined]
    assert isinstance(PRESETS, types.MappingProxyType)
    assert all(isinstance(v, types.MappingProxyType) for v in PRESETS.values())
    assert Rules.preset("pl").claim is True


class MyPlay(Play):
    def __repr__(self) -> str:
        return "MyPlay!"


class MyBid(Bid):
    pass


class MyGive(Give):
    pass


def test_the_log_holds_the_librarys_own_moves() -> None:
    import random

    from strategies import play_random
    from tysiac import Phase

    rng = random.Random(3)
    state = new_game(seed=3)
    state = apply(state, MyBid(100))
    assert type(state.moves[-1][1]) is Bid
    state = play_random(state, rng, stop=lambda s: s.phase is Phase.GIVE)
    give = legal_moves(state)[0]
    assert isinstance(give, Give)
    state = apply(state, MyGive(give.card, to=give.to))
    assert type(state.moves[-1][1]) is Give
    state = play_random(state, rng, stop=lambda s: s.phase is Phase.PLAY)
    card = legal_moves(state)[0]
    assert isinstance(card, Play)
    after = apply(state, MyPlay(card.card))
    logged = after.moves[-1][1]
    assert type(logged) is Play and logged is legal_moves(state)[0]
    for seat in range(3):
        assert all(type(m) is not MyPlay for _, m in observe(after, seat).moves)


@pytest.mark.parametrize("text", ["Qſ", "ſQ", "QK", "Q\u212a", "9ſ", "Aß", "Q\uff33"])
def test_card_parse_accepts_ascii_and_suit_symbols_only(text: str) -> None:
    with pytest.raises(InvalidCardError):
        Card.parse(text)


@pytest.mark.parametrize(
    ("text", "card"),
    [("qh", "QH"), ("Q♥", "QH"), ("q♡", "QH"), ("10♠", "TS"), ("t♧", "TC"), ("a♢", "AD")],
)
def test_card_parse_still_reads(text: str, card: str) -> None:
    assert str(Card.parse(text)) == card


def test_copies_of_immutable_objects_are_themselves() -> None:
    import copy

    from tysiac import DealResult, ScoreSheet, record

    state = new_game(seed=1)
    objects: list[object] = [
        state,
        observe(state, 0),
        Rules(),
        Card.parse("QH"),
        Pass(),
        Bid(100),
        Play("QH", meld=True),
        record(state),
        ScoreSheet(),
        DealResult(1, 0, __import__("tysiac").Outcome.REDEALT, None, None, (), (), (), ()),
    ]
    for obj in objects:
        assert copy.copy(obj) is obj
        assert copy.deepcopy(obj) is obj
        assert copy.deepcopy([obj])[0] is obj


def test_cards_unpickle_to_the_shared_card() -> None:
    import pickle

    card = Card.parse("QH")
    assert pickle.loads(pickle.dumps(card)) is card


@pytest.mark.parametrize(
    ("rules", "scores"),
    [
        (Rules(), (5000, 0, 0)),
        (Rules(), (0, 1000, 0)),
        (Rules(target=500), (0, 0, 500)),
        (Rules.preset("pl", players=2), (990, 1000)),
    ],
)
def test_starting_scores_that_already_won_are_refused(
    rules: Rules, scores: tuple[int, ...]
) -> None:
    with pytest.raises(InvalidDealError, match="already has the target"):
        new_game(rules, seed=1, scores=scores)
    below = tuple(min(s, rules.target - 10) for s in scores)
    assert new_game(rules, seed=1, scores=below).scores == below
