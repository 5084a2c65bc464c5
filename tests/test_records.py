"""Notation, JSON and game records: round trips, replay, located errors, golden files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import (
    LAYOUTS,
    PRESETS,
    play_deal,
    play_random,
    played_state,
    preset_rules,
    presets_and_layouts,
    rules,
    seeds,
)
from tysiac import (
    Bid,
    Bomb,
    ChooseMusik,
    Claim,
    Concede,
    Contract,
    DealRecord,
    Discard,
    GameRecord,
    Give,
    Layout,
    LoadError,
    Move,
    NotAMoveError,
    Pass,
    Play,
    Redeal,
    Rules,
    ScoreSheet,
    State,
    TysiacError,
    View,
    apply,
    from_json,
    legal_moves,
    move_text,
    new_game,
    observe,
    parse_move,
    record,
    replay,
    to_json,
)
from tysiac._engine.start import start_deal
from tysiac._vocab.dealing import shuffled_deck
from tysiac._vocab.moves import CHOOSE, DISCARDS, GIVES, MELDS, PLAYS

GOLDEN = Path(__file__).parent / "golden"

ALL_MOVES: list[Move] = [
    *PLAYS,
    *MELDS,
    *DISCARDS,
    *(give for row in GIVES for give in row),
    *CHOOSE,
    Pass(),
    Redeal(),
    Bomb(),
    Concede(),
    Claim(),
    *(Bid(a, blind=b) for a in (5, 100, 360) for b in (False, True)),
    *(Contract(a) for a in (100, 355)),
]

# --- notation -----------------------------------------------------------------------------

NOTATION = [
    (Bid(120), "bid 120"),
    (Pass(), "pass"),
    (Redeal(), "redeal"),
    (ChooseMusik(1), "musik 1"),
    (Give("QH", to=2), "give QH>2"),
    (Discard("9S"), "discard 9S"),
    (Contract(130), "contract 130"),
    (Bomb(), "bomb"),
    (Play("QH"), "QH"),
    (Play("KH", meld=True), "KH*"),
    (Claim(), "claim"),
    (Bid(120, blind=True), "bid 120 blind"),
    (Concede(), "concede"),
    (ChooseMusik(0), "musik 0"),
]


@pytest.mark.parametrize(("move", "text"), NOTATION)
def test_notation(move: Move, text: str) -> None:
    assert move_text(move) == text
    assert str(move) == text
    assert parse_move(text) == move
    assert parse_move(text.upper()) == move
    assert parse_move(f"  {text.lower()} ") == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("Q♥", Play("QH")),
        ("10♠*", Play("TS", meld=True)),
        ("give q♡ > 1", Give("QH", to=1)),
        ("Discard  a♦", Discard("AD")),
        ("BID\t100", Bid(100)),
        ("give 9C to seat 1", Give("9C", to=1)),
        ("Give  q♥  TO  Seat 2", Give("QH", to=2)),
        ("bid 120  BLIND", Bid(120, blind=True)),
    ],
)
def test_notation_symbols_and_spacing(text: str, move: Move) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize(
    "text",
    ["", "bid", "bid 1e3", "bid -10", "QX", "Qſ", "QK*", "ſ", "give QH", "QH**", "pas",
     "bid 120 130", "x" * 1000, "\u212ah", "bdi 120", "hello 110", "pass 150", "claim now",
     "give 9C to 1", "give 9C to seat", "contract 120 blind", "musik", "discard 9S 9C"],
)  # fmt: skip
def test_bad_notation(text: str) -> None:
    with pytest.raises(LoadError, match="is not a move"):
        parse_move(text)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("pass 150", "'pass' takes nothing after it"),
        ("bid one hundred", "write a bid as 'bid 120'"),
        ("give 9C", "'give QH>2' or 'give QH to seat 2'"),
        ("bdi 120", "e.g. 'bid 120', 'pass'"),
        ("QX", "'QX' is not a card"),
    ],
)
def test_bad_notation_says_what_was_expected(text: str, says: str) -> None:
    with pytest.raises(LoadError) as info:
        parse_move(text)
    assert says in str(info.value)


@given(move=st.sampled_from(sorted(set(ALL_MOVES), key=repr)))
def test_str_is_move_text_and_parses_back(move: Move) -> None:
    assert str(move) == move_text(move)
    assert parse_move(move_text(move)) == move


def test_move_text_of_a_subclass_and_of_a_non_move() -> None:
    class Loud(Bid):
        pass

    assert move_text(Loud(120)) == str(Loud(120)) == "bid 120"
    with pytest.raises(NotAMoveError, match="is not a move object"):
        move_text("bid 120")  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 120, b"pass", ["pass"]])
def test_notation_needs_a_string(value: object) -> None:
    with pytest.raises(LoadError):
        parse_move(value)  # type: ignore[arg-type]


# --- round trips --------------------------------------------------------------------------


def check_round_trips(state: State) -> None:
    text = to_json(state)
    back = from_json(text, State)
    assert back == state
    assert hash(back) == hash(state)
    assert to_json(back) == text  # deterministic
    rec = record(state)
    assert replay(rec) == state
    assert from_json(to_json(rec)) == rec
    assert from_json(to_json(state.rules), Rules) == state.rules
    for seat in range(state.players):
        view = observe(state, seat)
        assert from_json(to_json(view), View) == view
    for move in legal_moves(state):
        assert parse_move(str(move)) == move
        assert from_json(to_json(move)) == move


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())
@settings(max_examples=5)
@given(seed=seeds(), moves=st.integers(0, 120))
def test_round_trips_every_preset_and_layout(
    preset: str, layout: Layout, seed: int, moves: int
) -> None:
    rules_ = preset_rules(preset, layout, target=300)
    check_round_trips(played_state(rules_, seed, moves))


@settings(max_examples=25)
@given(rules_=rules(max_target=300), seed=seeds(), moves=st.integers(0, 150))
def test_round_trips_random_rules(rules_: Rules, seed: int, moves: int) -> None:
    check_round_trips(played_state(rules_, seed, moves, policy="uniform"))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_whole_games_round_trip(layout: Layout) -> None:
    state = played_state(Rules(players=layout.players, layout=layout, target=200), 5, 20_000)
    assert state.is_over
    rec = record(state)
    assert rec.deals[-1].result == state.sheet[-1]
    assert all(deal.result is not None for deal in rec.deals)
    assert replay(rec) == state
    assert from_json(to_json(state)) == state


@settings(max_examples=30)
@given(rules_=rules(max_target=1000))
def test_rules_round_trip(rules_: Rules) -> None:
    assert from_json(to_json(rules_)) == rules_


def test_json_is_deterministic_and_versioned() -> None:
    state = played_state(Rules(), 3, 70)
    assert to_json(state) == to_json(state)
    data = json.loads(to_json(state))
    assert data["schema"] == "tysiac/1"
    assert data["type"] == "state"
    assert list(data)[:4] == ["schema", "type", "version", "rules"]
    assert to_json(Bid(120)) == '{"schema":"tysiac/1","type":"move","move":"bid","amount":120}'
    assert json.loads(to_json(state, indent=2)) == data


def test_fixed_first_deal_and_scores_are_recorded() -> None:
    deal = ["9S JS QS KS TS AS 9C", "JC QC KC TC AC 9D JD", "QD KD TD AD 9H JH QH", "KH TH AH"]
    state = new_game(seed=11, deal=deal, scores=[10, 20, 30])
    state = play_random(state, random.Random(2), max_moves=60)
    rec = record(state)
    assert rec.deal is not None
    assert [" ".join(map(str, part)) for part in rec.deal] == deal
    assert rec.scores == (10, 20, 30)
    assert replay(rec) == state
    # the seed's own first deal is not written out
    assert record(new_game(seed=11)).deal is None


def test_record_fields() -> None:
    state = play_deal(new_game(seed=4), random.Random(4))
    state = apply(state, legal_moves(state)[0])
    rec = record(state)
    assert (rec.seed, rec.deal_number, rec.dealer, rec.sheet) == (4, 1, 0, ())
    assert rec.rules == Rules()
    assert len(rec.deals) == 2
    assert rec.deals[0].result == state.sheet[0]
    assert rec.deals[1].result is None
    assert rec.deals[1].moves == state.moves
    assert rec.moves == tuple(p for d in rec.deals for p in d.moves)
    assert record(new_game(seed=4)).deals == ()


def test_state_built_mid_game_records_from_its_first_deal() -> None:
    # how sample_world builds a state: a fresh deal mid-game, with the sheet and scores so far
    earlier = play_deal(play_deal(new_game(seed=8), random.Random(1)), random.Random(2))
    rules_ = earlier.rules
    state = start_deal(
        rules_, 99, earlier.deal_number, earlier.dealer, earlier.scores, earlier.bombs,
        earlier.sheet, shuffled_deck(1234, 1),
    )  # fmt: skip
    state = play_random(state, random.Random(3), max_moves=40)
    rec = record(state)
    assert rec.deal_number == earlier.deal_number
    assert rec.scores == earlier.scores
    assert rec.sheet == tuple(earlier.sheet)
    assert rec.deal is not None  # not the seed's deal
    assert replay(rec) == state
    assert from_json(to_json(state)) == state


# --- located errors -----------------------------------------------------------------------


def record_data(moves: int = 60) -> dict[str, object]:
    return json.loads(to_json(record(played_state(Rules(), 21, moves))))  # type: ignore[no-any-return]


def load(data: object) -> object:
    return from_json(json.dumps(data))


def first_play(data: dict[str, object]) -> tuple[int, int]:
    deals = data["deals"]
    assert isinstance(deals, list)
    for k, deal in enumerate(deals):
        for i, move in enumerate(deal["moves"]):
            if move["move"] == "play":
                return k, i
    raise AssertionError("no play")


def test_error_names_the_bad_card() -> None:
    data = record_data()
    k, i = first_play(data)
    data["deals"][k]["moves"][i]["card"] = "QX"  # type: ignore[index]
    with pytest.raises(LoadError, match=rf"^deals\[{k}\]\.moves\[{i}\]\.card: 'QX' is not a card"):
        load(data)


def test_error_names_the_illegal_move() -> None:
    data = record_data()
    k, i = first_play(data)
    move = data["deals"][k]["moves"][i]  # type: ignore[index]
    hand_card = move["card"]
    move["card"] = "AH" if hand_card != "AH" else "AS"
    with pytest.raises(LoadError, match=rf"^deals\[{k}\]\.moves\[{i}\]: .* is illegal"):
        load(data)


def test_error_names_a_move_out_of_turn() -> None:
    data = record_data()
    move = data["deals"][0]["moves"][0]  # type: ignore[index]
    move["seat"] = (move["seat"] + 1) % 3
    with pytest.raises(LoadError, match=r"^deals\[0\]\.moves\[0\]\.seat: seat \d is not to move"):
        load(data)


def test_error_names_a_result_that_does_not_follow() -> None:
    data = record_data()
    result = data["deals"][0]["result"]  # type: ignore[index]
    result["deltas"][0] += 10
    with pytest.raises(LoadError, match=r"^deals\[0\]\.result\.deltas: .* does not follow"):
        load(data)
    data = record_data()
    data["deals"][0]["result"]["scores"] = [1000, 0, 0]  # type: ignore[index]
    with pytest.raises(LoadError, match=r"^deals\[0\]\.result\.scores"):
        load(data)


def test_error_for_a_missing_or_extra_move() -> None:
    data = record_data()
    data["deals"][0]["moves"].pop()  # type: ignore[index]
    with pytest.raises(LoadError, match=r"^deals\[0\]\.result: the deal is not over"):
        load(data)
    data = record_data()
    data["deals"][0]["moves"].append(data["deals"][1]["moves"][0])  # type: ignore[index]
    with pytest.raises(LoadError, match=r"^deals\[0\]\.moves\[\d+\]: the deal is over"):
        load(data)
    data = record_data()
    data["deals"][0]["result"] = None  # type: ignore[index]
    with pytest.raises(LoadError, match=r"^deals\[0\]\.result: missing"):
        load(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(schema="tysiac/2"), r"^schema: unknown schema 'tysiac/2'"),
        (lambda d: d.pop("schema"), r"^schema: missing"),
        (lambda d: d.update(type="game"), r"^type: 'game' is not one of"),
        (lambda d: d.pop("seed"), r"^\$: the key 'seed' is missing"),
        (lambda d: d.update(extra=1), r"^\$: unknown key 'extra'"),
        (lambda d: d.update(seed=True), r"^seed: True is not an int"),
        (lambda d: d.update(seed=1.5), r"^seed: 1.5 is not an int"),
        (lambda d: d.update(seed="1"), r"^seed: '1' is not an int"),
        (lambda d: d.update(seed=-1), r"^seed: -1 is not from 0"),
        (lambda d: d.update(dealer=3), r"^dealer: 3 is not from 0 to 2"),
        (lambda d: d.update(scores=[0, 0]), r"^scores: 2 values for 3 seats"),
        (lambda d: d["rules"].update(players=5), r"^rules: unplayable rules: players=5"),
        (lambda d: d["rules"].update(max_bid=10**9), r"^rules: unplayable rules: max_bid"),
        (lambda d: d["rules"].pop("claim"), r"^rules: the key 'claim' is missing"),
        (lambda d: d["rules"].update(layout="five"), r"^rules\.layout: 'five' is not a Layout"),
        (lambda d: d.update(deal=[["AH"] * 7, [], [], []]), r"^deal: hand of seat 1 has 0 cards"),
        (lambda d: d["deals"][0]["moves"][0].update(move="jump"), r"\.move: 'jump' is not a kind"),
        (lambda d: d["deals"][0]["moves"][0].update(amount=10**40), r"amount: .* out of range"),
        (lambda d: d.update(deals={}), r"^deals: \{\} is not a list"),
    ],
)
def test_bad_fields_are_located(change: object, message: str) -> None:
    data = record_data(30)
    change(data)  # type: ignore[operator]
    with pytest.raises(LoadError, match=message):
        load(data)


def test_deal_with_a_card_twice_or_wrong_sizes() -> None:
    state = new_game(seed=1)
    data = json.loads(to_json(record(state)))
    hands = [[str(c) for c in h] for h in state.hands] + [[str(c) for c in state.musiks[0]]]
    data["deal"] = [hands[0], hands[1], [*hands[2][:-1], hands[0][0]], hands[3]]
    with pytest.raises(LoadError, match=r"^deal: .* dealt twice"):
        load(data)
    data["deal"] = [hands[0] + ["9S"], hands[1], hands[2], hands[3]]
    with pytest.raises(LoadError, match=r"^deal: hand of seat 0 has 8 cards"):
        load(data)
    data["deal"] = [*hands, ["9S"]]
    with pytest.raises(LoadError, match=r"^deal: deal has 5 parts"):
        load(data)


def test_text_level_problems() -> None:
    good = to_json(Pass())
    cases: list[tuple[str | bytes, str]] = [
        (good[:-3], r"^\$: not JSON"),
        ('{"schema":"tysiac/1","schema":"tysiac/1","type":"move","move":"pass"}', "twice"),
        ('{"schema":"tysiac/1","type":"move","move":"bid","amount":NaN}', "NaN"),
        ('{"schema":"tysiac/1","type":"move","move":"bid","amount":' + "9" * 5000 + "}", "range"),
        ("[" * 50_000 + "]" * 50_000, r"^\$: nested too deeply|is not a tysiac document"),
        ("[]", r"^\$: \[\] is not a tysiac document"),
        (b"\xff\xfe", r"^\$: not UTF-8"),
    ]
    for text, message in cases:
        with pytest.raises(LoadError, match=message):
            from_json(text)
    with pytest.raises(LoadError, match="max_size=10"):
        from_json(good, max_size=10)
    assert from_json(good.encode()) == Pass()
    with pytest.raises(LoadError, match=r"^type: a move document, not a State"):
        from_json(good, State)
    with pytest.raises(LoadError, match=r"^type: a rules document, not a State"):
        from_json(to_json(Rules()), State)
    assert from_json(good, Pass) == Pass()


def test_load_error_is_a_value_error() -> None:
    assert issubclass(LoadError, TysiacError)
    assert issubclass(LoadError, ValueError)


def test_replay_checks_python_records() -> None:
    rec = record(played_state(Rules(), 2, 40))
    bad = GameRecord(**{**_fields(rec), "deals": (DealRecord(((1, "QH"),), None),)})  # type: ignore[arg-type]
    with pytest.raises(LoadError, match=r"^deals\[0\]\.moves\[0\]"):
        replay(bad)
    with pytest.raises(LoadError, match=r"^rules"):
        replay(GameRecord(**{**_fields(rec), "rules": "app"}))  # type: ignore[arg-type]
    with pytest.raises(LoadError, match=r"^\$"):
        replay("record")  # type: ignore[arg-type]
    with pytest.raises(LoadError, match=r"^deals\[0\]: "):
        replay(GameRecord(**{**_fields(rec), "deals": (None,)}))  # type: ignore[arg-type]


def _fields(rec: GameRecord) -> dict[str, object]:
    return attrs.asdict(rec, recurse=False)


def test_sheet_is_a_sequence() -> None:
    state = played_state(Rules(target=300), 6, 5000)
    sheet = state.sheet
    assert isinstance(sheet, ScoreSheet)
    assert len(sheet) == len(tuple(sheet)) > 3
    assert sheet[-1] == tuple(sheet)[-1] == sheet.last
    assert sheet[1:3] == ScoreSheet(tuple(sheet)[1:3])
    assert list(reversed(sheet)) == list(reversed(tuple(sheet)))
    assert sheet != tuple(sheet)
    assert eval(repr(sheet[:2]), vars(__import__("tysiac"))) == sheet[:2]
    with pytest.raises(IndexError):
        sheet[len(sheet)]
    with pytest.raises(TysiacError):
        ScoreSheet([1, 2])  # type: ignore[list-item]


# --- golden files -------------------------------------------------------------------------

GOLDEN_FILES = sorted(GOLDEN.glob("*.json"))


def test_golden_files_exist() -> None:
    names = {p.name for p in GOLDEN_FILES}
    assert {"app-3.json", "pl-2-classic.json", "ro-4-sitter.json", "state-mid-deal.json"} <= names


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.name)
def test_golden_file_loads_and_replays(path: Path) -> None:
    text = path.read_text(encoding="utf-8").strip()
    obj = from_json(text)
    if isinstance(obj, GameRecord):
        assert to_json(obj) == text  # the format has not changed
        again = record(replay(obj))
        assert _fields(again) == {**_fields(obj), "version": again.version}
    else:
        assert isinstance(obj, State)
        assert json.loads(to_json(obj))["deals"] == json.loads(text)["deals"]


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.name)
def test_documents_without_the_later_options_load_with_their_defaults(path: Path) -> None:
    # a document written before an option existed lacks its key: the option takes its default
    from tysiac._records.jsonform import LATER_OPTIONS

    data = json.loads(path.read_text(encoding="utf-8"))
    for name in LATER_OPTIONS:
        del data["rules"][name]
    older = from_json(json.dumps(data))
    assert older == from_json(path.read_text(encoding="utf-8"))
    assert isinstance(older, GameRecord | State)
    loaded = older.rules
    defaults = Rules.preset(loaded.name or "app", target=loaded.target)
    assert all(getattr(loaded, name) == getattr(defaults, name) for name in LATER_OPTIONS)


def test_golden_results() -> None:
    state = replay(from_json((GOLDEN / "app-3.json").read_text(encoding="utf-8"), GameRecord))
    assert state.is_over
    assert (state.winner, state.sheet[-1].scores) == GOLDEN_APP_RESULT


#: The winner and final scores of tests/golden/app-3.json (written when the file was made).
GOLDEN_APP_RESULT: tuple[int, tuple[int, ...]] = (0, (260, -280, -20))


def test_presets_listed() -> None:
    assert set(PRESETS) == {"app", "pl", "ro", "ru", "ua"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(seat=3), r"^seat: 3 is not a seat"),
        (lambda d: d.update(dealer=-1), r"^dealer: -1 is not a seat"),
        (lambda d: d.update(scores=[0]), r"^scores: 1 values for 3 seats"),
        (lambda d: d.update(hand=["QH", "QH"]), r"^hand: a card appears twice"),
        (lambda d: d.update(hand=["QH", "QX"]), r"^hand\[1\]: 'QX' is not a card"),
        (lambda d: d.update(phase="lunch"), r"^phase: 'lunch' is not a Phase"),
        (lambda d: d.update(trump="X"), r"^trump: 'X' is not a suit"),
        (lambda d: d.update(sheet=[{}]), r"^sheet\[0\]: the key 'number' is missing"),
        (lambda d: d.update(moves=[{"seat": 7, "move": "pass"}]), r"^moves\[0\]\.seat: 7"),
        (lambda d: d.update(moves=[[0, {"move": "pass"}]]), r"^moves\[0\]: .* not a move"),
        (
            lambda d: d.update(moves=[{"seat": 1, "move": "concealed", "kind": "Play"}]),
            r"^moves\[0\]: .* is not a concealed move",
        ),
        (
            lambda d: d.update(moves=[{"seat": 1, "move": "concealed", "kind": "Give", "to": 5}]),
            r"^moves\[0\]: .* is not a concealed move",
        ),
    ],
)
def test_bad_views_are_located(change: object, message: str) -> None:
    data = json.loads(to_json(observe(played_state(Rules(), 4, 40), 1)))
    change(data)  # type: ignore[operator]
    with pytest.raises(LoadError, match=message):
        load(data)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_fixed_deal_in_every_layout(layout: Layout) -> None:
    from tysiac._records.records import deal_parts

    rules_ = Rules(players=layout.players, layout=layout, first_dealer=layout.players - 1)
    parts = deal_parts(rules_, rules_.first_dealer, shuffled_deck(99, 1))
    state = new_game(rules_, seed=1, deal=[list(p) for p in parts])
    state = play_random(state, random.Random(1), max_moves=30)
    rec = record(state)
    assert rec.deal == parts
    assert replay(rec) == state
    assert from_json(to_json(state)) == state


def test_fields_with_defaults_may_be_left_out() -> None:
    head = '{"schema":"tysiac/1","type":"move","move":"play","card":"QH"'
    assert to_json(Play("QH")) == head + "}"
    assert from_json(head + "}") == Play("QH")
    assert from_json(head + ',"meld":false}') == Play("QH")
    assert from_json(head + ',"meld":true}') == Play("QH", meld=True)
    with pytest.raises(LoadError, match=r"^\$: the key 'card' is missing"):
        from_json('{"schema":"tysiac/1","type":"move","move":"play"}')
    with pytest.raises(LoadError, match=r"^meld: 1 is not true or false"):
        from_json(head + ',"meld":1}')


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts()[::2])
def test_sampled_worlds_record_from_their_first_deal(preset: str, layout: Layout) -> None:
    from tysiac import sample_world

    rules_ = preset_rules(preset, layout, target=1500)
    state = play_deal(play_deal(new_game(rules_, seed=3), random.Random(3)), random.Random(4))
    state = play_random(state, random.Random(5), max_moves=12)
    if state.is_over:
        return
    view = observe(state, 0)
    world = sample_world(view, random.Random(6))
    rec = record(world)
    # the world begins at the viewed deal: the deals before it are rows without moves
    assert rec.deal_number == view.deal_number
    assert rec.scores == view.scores
    assert rec.sheet == tuple(view.sheet)
    assert len(rec.deals) <= 1
    assert replay(rec) == world
    assert from_json(to_json(world)) == world
    assert observe(replay(rec), 0) == view
