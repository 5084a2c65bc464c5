"""The versioned encoding: ``tysiac.encoding`` action numbers, masks and view features."""

from __future__ import annotations

import math
import random
import re
from array import array
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tysiac.encoding as enc
from strategies import (
    LAYOUTS,
    auction_view,
    play_random,
    preset_rules,
    presets_and_layouts,
    rules,
    seeds,
)
from tysiac import (
    CARDS,
    Bid,
    Bomb,
    Card,
    ChooseMusik,
    Claim,
    Concede,
    Contract,
    Declaration,
    Discard,
    Give,
    ImpossibleViewError,
    InvalidActionError,
    InvalidRulesError,
    Layout,
    Move,
    NotAMoveError,
    NotAnActionError,
    NotAStateError,
    Pass,
    Phase,
    Pile,
    Play,
    Redeal,
    Rules,
    State,
    TysiacError,
    View,
    apply,
    legal_moves,
    new_game,
    observe,
)
from tysiac.encoding import (
    VERSION,
    action_mask,
    decode_move,
    encode_move,
    feature_names,
    features,
    num_actions,
)

# --- helpers ---------------------------------------------------------------------------------


def all_moves(r: Rules) -> list[Move]:
    """Every move that has an action number under ``r``, built independently of the layout."""
    amounts = range(r.bid_step, r.max_bid + 1, r.bid_step)
    out: list[Move] = [Pass(), Redeal(), Bomb(), Claim(), ChooseMusik(0), ChooseMusik(1)]
    out += [Play(c) for c in CARDS] + [Play(c, meld=True) for c in CARDS]
    out += [Discard(c) for c in CARDS]
    out += [Give(c, to) for to in range(r.players) for c in CARDS]
    out += [Bid(a) for a in amounts] + [Contract(a) for a in amounts]
    return out


def check_mask(mask: tuple[bool, ...], moves: tuple[Move, ...], r: Rules) -> None:
    """``mask`` marks exactly the actions of ``moves``."""
    assert len(mask) == num_actions(r)
    assert all(type(b) is bool for b in mask)
    legal = [a for a, b in enumerate(mask) if b]
    assert sorted(encode_move(m, r) for m in moves) == legal
    assert {decode_move(a, r) for a in legal} == set(moves)


def check_features(view: View) -> None:
    """Every feature is a finite float, and the named blocks say what the view says."""
    x = features(view)
    names = feature_names(view.rules)
    assert len(x) == len(names) == len(set(names))
    assert all(type(v) is float and math.isfinite(v) for v in x)
    f = dict(zip(names, x, strict=True))
    r = view.rules
    n = r.players
    seat_names = {2: ("me", "opponent"), 3: ("me", "left", "right")}.get(
        n, ("me", "left", "across", "right")
    )
    rel = {(view.seat + k) % n: seat_names[k] for k in range(n)}

    def one_hot(block: str, seat: int | None) -> None:
        for s, name in rel.items():
            assert f[f"{block}[{name}]"] == float(s == seat), (block, seat)

    assert [p for p in Phase if f[f"phase[{p.name}]"] == 1.0] == [view.phase]
    assert sum(f[f"phase[{p.name}]"] for p in Phase) == 1.0
    one_hot("to_move", view.to_move)
    one_hot("dealer", view.dealer)
    one_hot("bidder", view.bidder)
    one_hot("declarer", view.declarer)
    one_hot("leader", view.leader)
    for s, name in rel.items():
        assert f[f"score[{name}]"] == view.scores[s] / r.target
        assert f[f"hand_size[{name}]"] == view.hand_sizes[s] / 12
        assert f[f"passed[{name}]"] == float(s in view.passed)
        assert f[f"card_points[{name}]"] == view.card_points[s] / 120
        assert math.isclose(f[f"tricks_taken[{name}]"], view.trick_winners.count(s) / 12)
        bids = [m.amount for w, m in view.moves if w == s and isinstance(m, Bid)]
        assert f[f"last_bid[{name}]"] == max(bids, default=0) / r.max_bid
        played = {c for t in view.tricks for w, c in t if w == s}
        played |= {c for w, c in view.trick if w == s}
        given_to = {c for to, c in view.given if to == s}
        for c in CARDS:
            assert f[f"played[{name}][{c}]"] == float(c in played)
            assert f[f"given[{name}][{c}]"] == float(c in given_to)
        for suit in "SCDH":
            declared = any(w == s and m.letter == suit for w, m in view.marriages)
            assert f[f"marriages[{name}][{suit}]"] == float(declared)
        assert f[f"ace_marriage[{name}]"] == float(view.ace_marriage == s)
    for c in CARDS:
        assert f[f"hand[{c}]"] == float(c in view.hand)
        assert f[f"musik[{c}]"] == float(c in view.musik)
        assert f[f"discards[{c}]"] == float(c in view.discards)
    for position in range(4 if r.layout is Layout.FOUR_ALL_PLAY else 2 if n == 2 else 3):
        card = view.trick[position][1] if position < len(view.trick) else None
        for c in CARDS:
            assert f[f"trick[{position}][{c}]"] == float(c == card)
    assert f["bid"] == view.bid / r.max_bid
    assert f["contract"] == (view.contract or 0) / r.max_bid
    assert f["stock_size"] == view.stock_size / 12
    for s, name in rel.items():
        for c in CARDS:
            assert f[f"possible[{name}][{c}]"] == float(c in view.possible[s])
    if view.hand or not view.hand_sizes[view.seat]:  # (blind bidding: not looked at yet)
        assert view.possible[view.seat] == frozenset(view.hand)
    piles = {p.pile: p for p in view.possible_piles}
    assert len(piles) == len(view.possible_piles)
    for pile in Pile:
        hidden = piles.get(pile)
        size = 0 if hidden is None else hidden.size
        assert f[f"pile[{pile.name}][size]"] == size / 12
        for c in CARDS:
            assert f[f"pile[{pile.name}][{c}]"] == float(
                hidden is not None and c in hidden.possible
            )
    trump = "none" if view.trump is None else view.trump.letter
    assert [k for k in "SCDH" if f[f"trump[{k}]"]] + ["none"] * int(f["trump[none]"]) == [trump]


def check_state(state: State) -> None:
    """Round trip, masks of the state and of every view, features of every view."""
    r = state.rules
    moves = legal_moves(state)
    for move in moves:
        action = encode_move(move, r)
        assert decode_move(action, r) == move
    check_mask(action_mask(state), moves, r)
    for seat in range(r.players):
        view = observe(state, seat)
        check_mask(action_mask(view), view.legal_moves, r)
        assert view.legal_moves == (moves if seat == state.to_move else ())
        check_features(view)


# --- random games ----------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())
def test_random_games(preset: str, layout: Layout) -> None:
    r = preset_rules(preset, layout)
    for seed in range(2):
        rng = random.Random(seed)
        checked = 0

        def hook(before: State, move: Move, after: State, rng: random.Random = rng) -> None:
            nonlocal checked
            assert decode_move(encode_move(move, r), r) == move
            if rng.random() < 0.25:  # every legal move is checked on a quarter of the states
                check_state(after)
                checked += 1

        start = new_game(r, seed=seed)
        check_state(start)
        play_random(start, rng, max_moves=120, on_move=hook)
        assert checked > 5


@pytest.mark.parametrize("layout", LAYOUTS)
def test_optional_declaration_melds(layout: Layout) -> None:
    """``Play(card, meld=True)`` (optional declaration) round-trips and is masked."""
    r = Rules.preset("pl", players=layout.players, layout=layout, declaration=Declaration.OPTIONAL)
    melds = 0

    def hook(before: State, move: Move, after: State) -> None:
        nonlocal melds
        moves = legal_moves(after)
        melds += sum(isinstance(m, Play) and m.meld for m in moves)
        if any(isinstance(m, Play) and m.meld for m in moves):
            check_state(after)

    for seed in range(6):
        play_random(new_game(r, seed=seed), random.Random(seed), max_moves=150, on_move=hook)
    assert melds > 0


@settings(max_examples=25)
@given(rules(max_target=300), seeds(), st.integers(0, 2**32 - 1))
def test_random_rules(r: Rules, seed: int, rng_seed: int) -> None:
    """Any valid rules: every move met round-trips, masks agree, features fit the names."""
    rng = random.Random(rng_seed)

    def hook(before: State, move: Move, after: State) -> None:
        assert decode_move(encode_move(move, r), r) == move
        if rng.random() < 0.1:
            check_state(after)

    play_random(new_game(r, seed=seed), rng, max_moves=80, on_move=hook)


# --- the layout ------------------------------------------------------------------------------


def test_version() -> None:
    assert VERSION == 3 and type(VERSION) is int


def test_golden_action_numbers() -> None:
    """These numbers are those of versions 1 to 3: changing one needs a new VERSION."""
    r = Rules()
    golden: dict[int, Move] = {
        0: Pass(),
        1: Redeal(),
        2: Bomb(),
        3: Claim(),
        5: ChooseMusik(0),
        6: ChooseMusik(1),
        7: Play("9S"),
        27: Play("QH"),
        30: Play("AH"),
        31: Play("9S", meld=True),
        51: Play("QH", meld=True),
        55: Discard("9S"),
        78: Discard("AH"),
        79: Give("9S", to=0),
        103: Give("9S", to=1),
        150: Give("AH", to=2),
        175: Bid(10),
        184: Bid(100),
        186: Bid(120),
        210: Bid(360),
        211: Contract(10),
        222: Contract(120),
        246: Contract(360),
    }
    for action, move in golden.items():
        assert encode_move(move, r) == action, move
        assert decode_move(action, r) == move
    assert num_actions(r) == 283
    # four players: the last give; other bidding: the amount blocks move, the rest does not
    assert encode_move(Give("AH", to=3), Rules(players=4)) == 174
    small = Rules(bid_step=5, max_bid=200)
    assert num_actions(small) == 175 + 3 * 40
    assert encode_move(Bid(100), small) == 175 + 19
    assert encode_move(Contract(5), small) == 175 + 40
    assert encode_move(Play("QH"), small) == 27


@pytest.mark.parametrize(
    "r",
    [
        Rules(),
        Rules(players=2),
        Rules(players=4),
        Rules.preset("pl", players=4, layout=Layout.FOUR_ALL_PLAY),
        Rules(bid_step=5, max_bid=150),
        Rules(bid_step=20, opening_bid=100, max_bid=100),
    ],
)
def test_actions_are_a_bijection(r: Rules) -> None:
    """Distinct moves get distinct numbers; every number decodes or is refused."""
    moves = all_moves(r)
    actions = [encode_move(m, r) for m in moves]
    assert len(set(actions)) == len(moves)
    assert all(0 <= a < num_actions(r) for a in actions)
    for a in range(num_actions(r)):
        try:
            move = decode_move(a, r)
        except InvalidActionError:
            assert a not in actions
        else:
            assert encode_move(move, r) == a
            assert move in moves
    # the holes: Concede, gives to missing seats, blind bids (3 blocks of amounts)
    k = r.max_bid // r.bid_step
    assert num_actions(r) - len(actions) == 1 + 24 * (4 - r.players) + k


def test_shared_instances() -> None:
    """Decoding returns the engine's own move objects, as legal_moves does."""
    state = new_game(seed=3)
    for move in legal_moves(state):
        assert decode_move(encode_move(move, state.rules), state.rules) is move


def test_numpy_like_integers() -> None:
    class Index:
        def __index__(self) -> int:
            return 184

    assert decode_move(Index(), Rules()) == Bid(100)  # type: ignore[arg-type]


def test_feature_names_golden() -> None:
    names = feature_names(Rules())
    assert len(names) == 551
    assert names[:7] == tuple(f"phase[{p.name}]" for p in Phase)
    assert names[7:10] == ("to_move[me]", "to_move[left]", "to_move[right]")
    assert names[16] == "hand[9S]" and names[39] == "hand[AH]"
    assert names[347] == "marriages[right][H]"
    assert names[348] == "possible[me][9S]" and names[419] == "possible[right][AH]"
    assert names[420] == "pile[MUSIK][9S]" and names[444] == "pile[MUSIK][size]"
    assert names[544] == "pile[STOCK][size]"  # the end of version 1
    assert names[545:548] == ("ace_marriage[me]", "ace_marriage[left]", "ace_marriage[right]")
    assert names[548:] == ("partner[me]", "partner[left]", "partner[right]")  # version 3
    assert feature_names(Rules(players=2))[7:9] == ("to_move[me]", "to_move[opponent]")
    four = feature_names(Rules(players=4, layout=Layout.FOUR_ALL_PLAY))
    assert four[7:11] == ("to_move[me]", "to_move[left]", "to_move[across]", "to_move[right]")
    assert "trick[3][AH]" in four
    assert "trick[3][AH]" not in feature_names(Rules(players=4))  # the sitter's trick of 3


@pytest.mark.parametrize("layout", [Layout.FOUR_SITTER, Layout.FOUR_ALL_PLAY])
def test_the_partner_block_marks_the_seat_across(layout: Layout) -> None:
    for partnerships in (True, False):
        rules = Rules(players=4, layout=layout, partnerships=partnerships)
        state = new_game(rules, seed=3)
        names = feature_names(rules)
        for seat in range(4):
            named = dict(zip(names, features(observe(state, seat)), strict=True))
            block = [named[f"partner[{s}]"] for s in ("me", "left", "across", "right")]
            assert block == ([0.0, 0.0, 1.0, 0.0] if partnerships else [0.0] * 4)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_feature_sizes_depend_on_the_layout_only(layout: Layout) -> None:
    sizes = {
        len(feature_names(preset_rules(p, layout, target=t)))
        for p in Rules.PRESET_NAMES
        for t in (500, 1000)
    }
    assert len(sizes) == 1


def test_features_of_a_known_position() -> None:
    """Relative seats: a seat's own entries come first, then its left-hand neighbour."""
    state = new_game(seed=7)  # seat 1 makes the forced bid; the dealer is seat 0
    state = apply(state, Bid(100))
    view = observe(state, 2)
    f = dict(zip(feature_names(state.rules), features(view), strict=True))
    assert f["to_move[me]"] == 1.0  # seat 2 bids next
    assert f["dealer[left]"] == 1.0  # seat 0 is on seat 2's left
    assert f["bidder[right]"] == 1.0 and f["last_bid[right]"] == 100 / 360
    assert f["bid"] == 100 / 360


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [
        *(Bid(0), Bid(-10), Bid(105), Bid(370), Contract(0), Contract(365), Contract(10**9)),
        *(Give("9S", to=3), Give("9S", to=-1), ChooseMusik(2), ChooseMusik(-1)),
    ],
)
def test_moves_without_a_number(move: Move) -> None:
    with pytest.raises(InvalidActionError) as info:
        encode_move(move, Rules())
    assert repr(move)[:12] in str(info.value)
    assert not isinstance(info.value, TypeError)


@pytest.mark.parametrize("thing", [None, "Bid(100)", 3, Bid, Card.parse("QH"), ("x" * 10_000,)])
def test_not_a_move(thing: object) -> None:
    with pytest.raises(NotAMoveError) as info:
        encode_move(thing, Rules())  # type: ignore[arg-type]
    assert len(str(info.value)) < 300 and isinstance(info.value, TypeError)


@pytest.mark.parametrize(
    "action", [-1, 283, 10**5000, 4, 247, 282], ids=["-1", "283", "huge", "4", "247", "282"]
)
def test_actions_out_of_range_or_reserved(action: int) -> None:
    with pytest.raises(InvalidActionError) as info:
        decode_move(action, Rules())
    assert len(str(info.value)) < 300
    assert isinstance(info.value, ValueError) and not isinstance(info.value, TypeError)


def test_gives_to_missing_seats() -> None:
    with pytest.raises(InvalidActionError, match="to=3"):
        decode_move(174, Rules())
    with pytest.raises(InvalidActionError, match="to=2"):
        decode_move(79 + 48, Rules(players=2))
    assert decode_move(174, Rules(players=4)) == Give("AH", to=3)


@pytest.mark.parametrize("action", [True, False, 1.0, "3", None, b"\x03", [3], 184.0])
def test_not_an_action(action: object) -> None:
    with pytest.raises(NotAnActionError) as info:
        decode_move(action, Rules())  # type: ignore[arg-type]
    assert isinstance(info.value, InvalidActionError) and isinstance(info.value, TypeError)
    assert isinstance(info.value, TysiacError)


def test_broken_index() -> None:
    class Broken:
        def __index__(self) -> int:
            raise RuntimeError("no")

        def __repr__(self) -> str:
            raise RuntimeError("no repr either")

    with pytest.raises(NotAnActionError, match="Broken"):
        decode_move(Broken(), Rules())  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, "app", 3, new_game(seed=1)])
def test_not_rules(bad: object) -> None:
    for call in (
        lambda: num_actions(bad),  # type: ignore[arg-type]
        lambda: encode_move(Pass(), bad),  # type: ignore[arg-type]
        lambda: decode_move(0, bad),  # type: ignore[arg-type]
        lambda: feature_names(bad),  # type: ignore[arg-type]
    ):
        with pytest.raises(InvalidRulesError):
            call()


@pytest.mark.parametrize("bad", [None, Rules(), "state", 7])
def test_not_a_state_or_view(bad: object) -> None:
    with pytest.raises(NotAStateError):
        action_mask(bad)  # type: ignore[arg-type]
    with pytest.raises(NotAStateError):
        features(bad)  # type: ignore[arg-type]


def test_features_need_a_view() -> None:
    with pytest.raises(NotAStateError, match="observe"):
        features(new_game(seed=1))  # type: ignore[arg-type]


def test_public_module() -> None:
    import tysiac

    assert tysiac.encoding is enc
    assert set(enc.__all__) >= {
        "VERSION",
        "num_actions",
        "encode_move",
        "decode_move",
        "action_mask",
        "features",
        "feature_names",
    }
    assert tysiac.InvalidActionError is InvalidActionError


# --- non-interference ------------------------------------------------------------------------


def parts_of(state: State) -> list[list[Card]]:
    """The current deal as ``new_game(deal=...)`` takes it (at the start of a deal)."""
    parts = [list(h) for h in state.hands] + [list(m) for m in state.musiks]
    if state.stock:
        parts.append(list(state.stock))
    return parts


def visible(view: View) -> set[Card]:
    cards = set(view.hand) | set(view.musik) | set(view.discards)
    cards |= {c for _, c in view.given} | {c for _, c in view.trick}
    cards |= {c for t in view.tricks for _, c in t}
    return cards


def swap_pairs(state: State, seat: int) -> list[tuple[int, int]]:
    """Pairs of parts of the deal that ``seat`` cannot see at the start of the auction."""
    hidden = [i for i, p in enumerate(parts_of(state)) if p and i != seat]
    return [(a, b) for a in hidden for b in hidden if a < b]


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())
def test_features_and_mask_see_only_the_view(preset: str, layout: Layout) -> None:
    """Two games that differ only in what a seat cannot see (other hands, hidden piles, the
    seed) give that seat equal views, features and masks, until a swapped card shows."""
    r = preset_rules(preset, layout)
    steps = 0
    for seed in range(3):
        base = new_game(r, seed=seed)
        for seat in range(r.players):
            pairs: list[tuple[int, int] | None] = [*swap_pairs(base, seat)[:2]]
            for pair in pairs or [None]:
                parts = parts_of(base)
                if pair is not None:
                    a, b = pair
                    # the last cards: a stock's last card is drawn last
                    parts[a][-1], parts[b][-1] = parts[b][-1], parts[a][-1]
                    swapped = {parts[a][-1], parts[b][-1]}
                else:
                    swapped = set()
                one = new_game(r, seed=seed + 1000, deal=parts_of(base))
                two = new_game(r, seed=seed + 2000, deal=parts)
                rng = random.Random(seed)
                while not one.is_over and one.deal_number == 1:
                    v1, v2 = observe(one, seat), observe(two, seat)
                    if visible(v1) & swapped:
                        break
                    assert v1 == v2
                    assert features(v1) == features(v2)
                    assert action_mask(v1) == action_mask(v2)
                    steps += 1
                    common = [m for m in legal_moves(one) if m in legal_moves(two)]
                    if not common:
                        break
                    move = rng.choice(common)
                    if isinstance(move, Play) and move.card.is_marriage_card:
                        partner = Card(move.card.suit, 5 - move.card.rank)
                        if partner in swapped:
                            break  # a marriage declared (or not) shows where its partner is
                    nxt = apply(one, move), apply(two, move)
                    if nxt[0].deal_number != 1:
                        break  # the next deal comes from each game's own seed
                    one, two = nxt
    assert steps > 20


def test_docs_feature_table() -> None:
    """The index ranges tabled on the docs page are those of ``feature_names``."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "encoding.md").read_text("utf-8")
    shapes = [
        Rules(players=2),
        Rules(),
        Rules(players=4),
        Rules(players=4, layout=Layout.FOUR_ALL_PLAY),
    ]
    expected: dict[str, list[str]] = {}
    for r in shapes:
        names = feature_names(r)
        for i, name in enumerate(names):
            block = name.split("[")[0]
            expected.setdefault(block, [])
            ranges = expected[block]
            if len(ranges) < shapes.index(r) + 1:
                ranges.append(f"{i}..{i}")
            else:
                ranges[-1] = f"{ranges[-1].split('..')[0]}..{i}"
    rows = {}
    for line in page.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and re.fullmatch(r"`\w+`", cells[0]) and ".." in cells[1]:
            rows[cells[0].strip("`")] = cells[1:]
    assert rows == expected
    described = {
        line.split("|")[1].strip().strip("`")
        for line in page.splitlines()
        if line.startswith("| `") and len(line.split("|")) == 5
    }
    assert described == set(expected)


@pytest.mark.parametrize(
    "change",
    [
        {"scores": ()},
        {"hand": ("QH",)},
        {"possible": ()},
        {"possible_piles": (None,)},
        {"phase": "auction"},
        {"moves": ((7, Bid(100)),)},
    ],
    ids=repr,
)
def test_features_of_a_view_built_by_hand(change: dict[str, Any]) -> None:
    """A view whose fields do not fit together is refused with a TysiacError."""
    view = attrs.evolve(observe(apply(new_game(seed=1), Bid(100)), 0), **change)  # type: ignore[misc]
    with pytest.raises(ImpossibleViewError):
        features(view)


def test_every_move_kind_has_a_number() -> None:
    """A new kind of move needs its place in the layout (and the docs' table)."""
    from tysiac._info import actions as _actions
    from tysiac._vocab.moves import MOVE_TYPES

    assert set(MOVE_TYPES) <= set(_actions._ENCODERS)


def test_concede_and_blind_bids_take_their_reserved_numbers() -> None:
    """``Concede()`` and blind bids have the numbers reserved for them (the rules, section
    15), and only where the rules have those moves."""
    r = Rules(concession=True, blind_bids=True)
    assert encode_move(Concede(), r) == 4
    assert decode_move(4, r) == Concede()
    assert encode_move(Bid(100, blind=True), r) == 175 + 72 + 9
    assert encode_move(Bid(100), r) == 184
    assert decode_move(175 + 72 + 9, r) == Bid(100, blind=True)
    assert decode_move(282, r) == Bid(360, blind=True)
    for move in (Concede(), Bid(100, blind=True)):
        with pytest.raises(InvalidActionError):
            encode_move(move, Rules())
    for action in (4, 256):
        with pytest.raises(InvalidActionError):
            decode_move(action, Rules())


# --- writing into arrays of the caller's (features_into, action_mask_into) ---------------


class _Sized:
    """A sequence whose ``__len__`` returns or raises what it is told."""

    def __init__(self, length: object) -> None:
        self.length = length

    def __len__(self) -> int:
        if isinstance(self.length, type):
            raise self.length("boom")
        return self.length  # type: ignore[return-value]


class _Refusing(list[float]):
    """A list of the right length whose ``__setitem__`` raises ``error``."""

    def __init__(self, error: type[Exception], size: int) -> None:
        super().__init__([0.0] * size)
        self.error = error

    def __setitem__(self, index: object, value: object) -> None:
        raise self.error("boom")


def test_into_arrays_and_lists() -> None:
    view = auction_view()
    n = len(feature_names(view.rules))
    expected = features(view)
    doubles = array("d", bytes(8 * n))
    enc.features_into(view, doubles)
    assert tuple(doubles) == expected
    floats = [0.0] * n
    enc.features_into(view, floats)
    assert tuple(floats) == expected
    singles = array("f", bytes(4 * n))
    enc.features_into(view, singles)
    assert tuple(singles) == tuple(array("f", expected))
    mask = action_mask(view)
    for out in (bytearray(283), array("b", bytes(283)), array("d", bytes(8 * 283)), [0] * 283):
        enc.action_mask_into(view, out)
        assert [bool(x) for x in out] == list(mask)


@pytest.mark.parametrize(
    "make",
    [
        bytearray,  # bytes hold no floats: it used to grow 8 times
        lambda size: dict.fromkeys(range(size), 0.0),
        lambda size: memoryview(array("d", bytes(8 * size))).cast("B").cast("d", (size, 1)),
        lambda size: array("b", bytes(size)),
        lambda size: array("u", "x" * size),
        lambda size: bytes(8 * size),
        lambda size: _Sized(2**70),
        lambda size: _Sized(-1),
        lambda size: _Sized(RuntimeError),
        lambda size: _Sized(ValueError),
        lambda size: _Refusing(IndexError, size),
        lambda size: _Refusing(KeyError, size),
        lambda size: _Refusing(RuntimeError, size),
        lambda size: [0.0] * (size - 1),
        lambda size: "x" * size,
    ],
)
def test_features_into_refuses_what_cannot_hold_them(make: Any) -> None:
    view = auction_view()
    size = len(feature_names(view.rules))
    out = make(size)
    length = len(out) if isinstance(out, bytearray | dict) else None
    with pytest.raises(InvalidActionError, match="out="):
        enc.features_into(view, out)
    if length is not None:
        assert len(out) == length  # left as it was


@pytest.mark.parametrize(
    "make",
    [
        lambda size: dict.fromkeys(range(size), 0),
        lambda size: array("u", "x" * size),
        bytes,
        lambda size: _Sized(RuntimeError),
        lambda size: _Refusing(KeyError, size),
        lambda size: [0] * (size + 1),
    ],
)
def test_action_mask_into_refuses_what_cannot_hold_it(make: Any) -> None:
    with pytest.raises(InvalidActionError, match="out="):
        enc.action_mask_into(auction_view(), make(283))


def test_into_numpy_arrays() -> None:
    np = pytest.importorskip("numpy", reason="NumPy is an extra (installed with pettingzoo)")
    view = auction_view()
    size = len(feature_names(view.rules))
    expected = np.array(features(view))
    for out in (
        np.zeros(size),
        np.zeros(size, ">f8"),
        np.zeros((3, size))[1],
        np.zeros(2 * size)[::2],
    ):
        enc.features_into(view, out)
        assert (out == expected).all()
    for dtype in ("i1", "u1", "?", "U1", "S1", "M8[s]", "c16"):  # no floats: numbers cut short
        with pytest.raises(InvalidActionError, match="out="):
            enc.features_into(view, np.zeros(size, dtype))
    with pytest.raises(InvalidActionError, match="one-dimensional"):
        enc.features_into(view, np.zeros((size, size)))
    frozen = np.zeros(size)
    frozen.setflags(write=False)
    with pytest.raises(InvalidActionError, match="read-only"):
        enc.features_into(view, frozen)
    mask = np.array(action_mask(view))
    for dtype in ("?", "i1", "u1", "i8", "f2", "f8"):
        out = np.zeros(283, dtype)
        enc.action_mask_into(view, out)
        assert (out.astype(bool) == mask).all()
    with pytest.raises(InvalidActionError, match="out="):
        enc.action_mask_into(view, np.zeros(283, "U1"))
