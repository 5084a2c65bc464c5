"""The "pl" and "ro" presets: complete games for each player count, and their own rules.

"pl" (seed 004): 2, 3 and 4 players; no barrel, defenders held at 990, the highest score
over 1000 wins.  "ro" (seed 001): 2 and 3 players; defenders unrounded, barrel above 800,
no cap on defenders.
"""

from __future__ import annotations

import random

import pytest

from strategies import play_cards as play
from strategies import run_moves as run
from tysiac import (
    Bid,
    Contract,
    DefenderCap,
    Give,
    Layout,
    Pass,
    Phase,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
)


def cautious_game(rules: Rules, seed: int) -> State:
    """Play a whole game: first legal move in the auction and contract, random cards."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    for _ in range(200_000):
        if state.is_over:
            return state
        moves = legal_moves(state)
        cautious = state.phase in (Phase.AUCTION, Phase.CONTRACT)
        state = apply(state, moves[0] if cautious else rng.choice(moves))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("preset", "players"), [("pl", 2), ("pl", 3), ("pl", 4), ("ro", 2), ("ro", 3)]
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_complete_game(preset: str, players: int, seed: int) -> None:
    rules = Rules.preset(preset, players=players)
    state = cautious_game(rules, seed)
    assert state.is_over
    assert legal_moves(state) == ()
    winner = state.winner
    assert winner is not None
    assert state.scores[winner] >= 1000
    assert state.scores[winner] == max(state.scores)
    previous = (0,) * players
    for row in state.sheet:
        assert row.scores == tuple(p + d for p, d in zip(previous, row.deltas, strict=True))
        previous = row.scores
        if preset == "pl" and row.declarer is not None:
            # pl: a non-declarer never reaches 1000 (held at 990)
            for seat in range(players):
                if seat != row.declarer:
                    assert row.scores[seat] < 1000 or row.deltas[seat] == 0
    assert previous == state.scores


def test_preset_player_counts() -> None:
    assert Rules.preset("pl", players=2).layout is Layout.TWO_CLASSIC
    assert Rules.preset("pl", players=4).layout is Layout.FOUR_SITTER
    assert Rules.preset("ro", players=2).layout is Layout.TWO_CLASSIC
    assert Rules.preset("pl").barrel is None
    assert Rules.preset("ro").barrel == 801
    assert Rules.preset("ro", target=500).barrel == 401


# --- the three-player scoring deal (see test_options.py): totals 103, 112, 25 -------------------

SCORE_D = "AH TH AD TD KD QD KC JS"
SCORE_L = "9C QH 9H 9D AC 9S QC JC"
SCORE_R = "TS KH JH JD TC AS KS QS"
SCORE_PLAY = "AH 9H JH QD 9D JD KC AC TC 9S AS JS QS KD QH KS AD QC TS TD JC KH TH 9C"


def score_deal(rules: Rules, scores: tuple[int, ...] | None = None) -> State:
    dd, ll, rr = SCORE_D.split(), SCORE_L.split(), SCORE_R.split()
    deal = [" ".join(rr[1:]), " ".join(dd[:-1]), " ".join(ll[1:]), f"{dd[-1]} {ll[0]} {rr[0]}"]
    state = new_game(rules, deal=deal, scores=scores)
    state = run(
        state, [Bid(100), Pass(), Pass(), Give(ll[0], to=2), Give(rr[0], to=0), Contract(100)]
    )
    return play(state, SCORE_PLAY)


@pytest.mark.parametrize(
    ("preset", "deltas"), [("app", (100, 100, 20)), ("pl", (100, 100, 20)), ("ro", (103, 100, 25))]
)
def test_defender_rounding(preset: str, deltas: tuple[int, ...]) -> None:
    row = score_deal(Rules.preset(preset)).sheet[-1]
    assert row.totals == (103, 112, 25)
    assert row.deltas == deltas


@pytest.mark.parametrize(
    ("preset", "start", "delta"),
    [("app", 800, 0), ("pl", 800, 100), ("pl", 850, 100), ("ro", 800, 103), ("ro", 801, 0)],
)
def test_barrel(preset: str, start: int, delta: int) -> None:
    # app: on the barrel from 800; pl: no barrel; ro: only above 800
    row = score_deal(Rules.preset(preset), scores=(start, 0, 0)).sheet[-1]
    assert row.deltas[0] == delta


def test_pl_defender_held_at_990() -> None:
    state = score_deal(Rules.preset("pl"), scores=(950, 0, 0))
    assert state.scores == (990, 100, 20) and not state.is_over


# --- ro: a defender may pass 1000 and win (2 players, no musik) -------------------------------

# seat 1 declares 100; seat 0 wins every trick and declares hearts and diamonds: 300
RICH = [
    "KH QH KD QD AS AC TS TC AD TD AH TH",
    "9S JS QS KS 9C JC QC KC 9D JD 9H JH",
]


def rich_deal(preset: str, scores: tuple[int, int]) -> State:
    rules = Rules.preset(preset, players=2, layout=Layout.TWO_NO_MUSIK)
    state = new_game(rules, deal=RICH, scores=scores)
    state = run(state, [Bid(100), Pass(), Contract(100)])
    state = play(state, "9S AS QH 9H QD 9D AD JD")
    while state.deal_number == 1 and not state.is_over:
        state = apply(state, legal_moves(state)[0])
    return state


@pytest.mark.parametrize(
    ("preset", "start", "after", "winner"),
    [
        ("ro", 800, 1100, 0),  # unrounded, no cap: the defender wins
        ("app", 800, 800, None),  # on the barrel
        ("app", 700, 990, None),  # held below the target
        ("pl", 850, 990, None),
    ],
)
def test_defender_passing_1000(preset: str, start: int, after: int, winner: int | None) -> None:
    state = rich_deal(preset, (start, 0))
    row = state.sheet[-1]
    assert row.totals == (300, 0)
    assert state.scores == (after, -100)
    assert state.winner == winner


# --- pl: several players over 1000, the highest wins --------------------------------------------

# the draw game of test_two_player.py: seat 0 scores 10, seat 1 210
DRAW = [
    "AD TD KD QD JD 9D",
    "AH TH KH QH JH 9H",
    "AS TS KS QS JS 9S AC TC KC QC JC 9C",
]
DRAW_PLAY = "AH 9D QH JD AS TS 9H QD JH 9S JS QS KD KH AC JC 9C QC AD TH KS TC KC TD"


def test_pl_highest_over_1000_wins() -> None:
    rules = Rules.preset("pl", players=2, layout=Layout.TWO_DRAW)
    state = play(new_game(rules, deal=DRAW, scores=(995, 990)), DRAW_PLAY)
    assert state.scores == (1005, 1200)
    assert state.winner == 1


def test_highest_over_target_wins_without_cap() -> None:
    # three players, pl with the cap off: the defender (1090) beats the declarer (1050)
    rules = Rules.preset("pl", defender_cap=DefenderCap.NONE)
    state = score_deal(rules, scores=(990, 950, 0))
    assert state.scores == (1090, 1050, 20)
    assert state.winner == 0
