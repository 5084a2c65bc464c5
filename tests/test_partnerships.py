"""Four players in partnerships (``partnerships=True``; the rules, section 13, Decisions
20 to 23): partners sit opposite (seats 0 and 2, 1 and 3), their deal points count together,
and each pair keeps one score.
"""

from __future__ import annotations

import random

import pytest

from strategies import choose_move
from strategies import run_moves as run
from tysiac import (
    Bid,
    Bomb,
    BombRule,
    Concede,
    Contract,
    InvalidDealError,
    InvalidRulesError,
    InvalidSeatError,
    Layout,
    Outcome,
    Pass,
    Phase,
    Play,
    Rules,
    State,
    View,
    apply,
    from_json,
    legal_moves,
    new_game,
    observe,
    sample_world,
    to_json,
)
from tysiac.bots import Bot, HeuristicBot, PIMCBot, RandomBot, SearchBot, play_game, tournament
from tysiac.bots._tree import rewards
from tysiac.cli import main

# all four play (dealer 0, seat 1 opens): seat 1 holds the heart and diamond marriages
ALL_PLAY = [
    "9S JS QS 9C JC 9D",
    "AH KH QH AD KD QD",
    "AS TS KS AC TC KC",
    "TH JH 9H TD JD QC",
]
# seat 1 makes 78 card points and its two marriages (180): 258; its partner, seat 3, takes
# TH KH TC 9C (trick 2) and KD KS TD 9S (trick 4): 42.  Together 300, the most seat 1 may
# name (120 + 180); seats 0 and 2 take nothing.
ALL_PLAY_CARDS = "AD KC JD 9D KH TC TH 9C QC JC QH AC KD KS TD 9S JH JS AH TS QD AS 9H QS"

# the dealer (seat 0) sits out; its musik scores 50 for the ace + 80 for the diamonds = 130
SITTER = ["", "AS TS KS QS JS 9S AC", "TC KC QC JC 9C AD TD", "JD 9D TH QH JH 9H KH", "AH KD QD"]


def all_play(**options: object) -> Rules:
    return Rules(players=4, layout=Layout.FOUR_ALL_PLAY, partnerships=True, **options)  # type: ignore[arg-type]


def first_moves(state: State) -> State:
    """Play the current deal out with the first legal move."""
    number = state.deal_number
    while state.deal_number == number and not state.is_over:
        state = apply(state, legal_moves(state)[0])
    return state


def contract_300(rules: Rules, scores: tuple[int, ...] | None = None) -> State:
    """The all-play deal: seat 1 declares 300 and the cards of ``ALL_PLAY_CARDS`` are played."""
    state = new_game(rules, deal=ALL_PLAY, seed=1, scores=scores)
    state = run(state, [Bid(100), Pass(), Pass(), Pass(), Contract(300)])
    for card in ALL_PLAY_CARDS.split():
        state = apply(state, Play(card))
    return state


# --- the option ---------------------------------------------------------------------------


def test_partnerships_are_off_by_default_and_need_four_players() -> None:
    assert Rules(players=4).partnerships is False
    assert Rules(players=4).partner(0) is None
    assert all_play().partner(0) == 2 and all_play().partner(1) == 3
    assert Rules(players=4, partnerships=True).partner(2) == 0  # the sitter layout too
    for players in (2, 3):
        with pytest.raises(InvalidRulesError, match=r"partnerships=True needs players=4.*players="):
            Rules(players=players, partnerships=True)
    with pytest.raises(InvalidRulesError, match="partnerships=1 must be True or False"):
        Rules(players=4, partnerships=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [-1, 4, 1.0, True, "1", None])
def test_partner_of_what_is_not_a_seat(seat: object) -> None:
    with pytest.raises(InvalidSeatError, match=r"is not a seat: use 0\.\.3"):
        all_play().partner(seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidSeatError, match=r"is not a seat: use 0\.\.2"):
        Rules().partner(3 if seat == 4 else seat)  # type: ignore[arg-type]


def test_partners_start_with_one_score() -> None:
    with pytest.raises(InvalidDealError, match=r"partners .* must start with the same score"):
        new_game(all_play(), seed=1, scores=(100, 0, 0, 0))
    state = new_game(all_play(), seed=1, scores=(100, 20, 100, 20))
    assert state.scores == (100, 20, 100, 20)


# --- the deal score (Decision 20) -----------------------------------------------------------


def test_the_declarer_makes_the_contract_with_its_partners_points() -> None:
    row = contract_300(all_play()).sheet[-1]
    assert row.totals == (0, 258, 0, 42)
    assert row.deltas == (0, 300, 0, 300)  # 258 + 42 = 300: made, on both partners' lines
    assert row.scores == (0, 300, 0, 300)
    assert row.made is True
    # each for themselves, the same cards fail: 258 < 300
    alone = contract_300(Rules(players=4, layout=Layout.FOUR_ALL_PLAY)).sheet[-1]
    assert alone.deltas == (0, -300, 0, 40)


def test_the_declarers_pair_fails_below_the_contract() -> None:
    # the first legal moves: seat 1 (0) and seat 3 (17) make 17 of 100
    state = first_moves(apply(apply(new_game(all_play(), deal=ALL_PLAY, seed=1), Bid(100)), Pass()))
    row = state.sheet[-1]
    assert row.totals == (0, 0, 103, 17)
    assert row.deltas == (100, -100, 100, -100)  # the defenders' 103 rounds to 100


def test_the_defending_pair_rounds_its_sum_once() -> None:
    # seed 7: the defenders (seats 0 and 2) take 47 and 8: 55 rounds down to 50 (each
    # alone would round to 50 + 10 = 60)
    row = first_moves(new_game(all_play(), seed=7)).sheet[-1]
    assert (row.declarer, row.contract, row.totals) == (1, 100, (47, 44, 8, 61))
    assert row.deltas == (50, 100, 50, 100)
    alone = first_moves(new_game(Rules(players=4, layout=Layout.FOUR_ALL_PLAY), seed=7))
    assert alone.sheet[-1].deltas == (50, -100, 10, 60)


def test_the_cap_and_the_barrel_apply_to_the_pairs_score() -> None:
    # the defenders' 50 is capped at 990 - 980 = 10, once for the pair
    row = first_moves(new_game(all_play(barrel=None), seed=7, scores=(980, 0, 980, 0))).sheet[-1]
    assert row.deltas == (10, 100, 10, 100)
    assert row.scores == (990, 100, 990, 100)
    # a pair on the barrel (800) scores only as declarer
    row = first_moves(new_game(all_play(), seed=7, scores=(800, 0, 800, 0))).sheet[-1]
    assert row.deltas == (0, 100, 0, 100)


def test_a_bomb_pays_the_defending_pair_once() -> None:
    for partnerships, deltas in ((True, (60, 0, 60, 0)), (False, (60, 0, 60, 60))):
        rules = Rules(
            players=4,
            layout=Layout.FOUR_ALL_PLAY,
            partnerships=partnerships,
            bomb=BombRule.ANY_BID,
        )
        state = new_game(rules, deal=ALL_PLAY, seed=1)
        state = run(state, [Bid(100), Pass(), Pass(), Pass(), Bomb()])
        row = state.sheet[-1]
        assert row.outcome is Outcome.BOMBED and row.deltas == deltas


def test_a_concession_costs_the_pair_the_bid_and_pays_the_defenders_once() -> None:
    state = new_game(all_play(concession=True), deal=ALL_PLAY, seed=1)
    state = run(state, [Bid(100), Pass(), Pass(), Pass(), Concede()])
    row = state.sheet[-1]
    assert row.outcome is Outcome.CONCEDED
    assert row.deltas == (60, -100, 60, -100)


def test_a_blind_contract_counts_double_for_the_pair() -> None:
    state = new_game(all_play(blind_bids=True), deal=ALL_PLAY, seed=1)
    state = run(state, [Bid(100, blind=True), Pass(), Pass(), Pass(), Contract(100)])
    for card in ALL_PLAY_CARDS.split():
        state = apply(state, Play(card))
    assert state.sheet[-1].deltas == (0, 200, 0, 200)


# --- the sitter (Decision 21) ---------------------------------------------------------------


def test_the_sitters_musik_counts_for_its_defending_pair() -> None:
    state = new_game(Rules(players=4, partnerships=True), deal=SITTER, seed=1)
    state = first_moves(run(state, [Bid(100), Pass(), Pass()]))
    row = state.sheet[-1]
    assert (row.declarer, row.totals) == (1, (0, 152, 48, 0))
    # seats 1 and 3: 152 >= 100; seats 0 and 2: 48 rounds to 50, plus the musik's 130
    assert row.deltas == (180, 100, 180, 100)
    assert [str(card) for card in row.shown] == ["QD", "KD", "AH"]


def test_the_sitters_musik_is_lost_when_its_partner_declares() -> None:
    state = new_game(Rules(players=4, partnerships=True), deal=SITTER, seed=1)
    state = first_moves(run(state, [Bid(100), Bid(110), Pass(), Pass()]))
    row = state.sheet[-1]
    assert (row.declarer, row.contract, row.totals) == (2, 110, (0, 160, 0, 0))
    assert row.deltas == (-110, 160, -110, 160)  # no 130 for the musik: the contract rules


# --- the end game (Decisions 22 and 23) -----------------------------------------------------


def test_the_russian_end_game_is_played_by_pairs() -> None:
    ru = Rules.preset("ru", players=4, layout=Layout.FOUR_ALL_PLAY, partnerships=True)
    row = contract_300(ru, scores=(0, 600, 0, 600)).sheet[-1]
    assert row.bolts == (1, 0, 1, 0)  # the defending pair scored nothing: one bolt, its own
    assert row.barrel_deals == (-1, 0, -1, 0)  # the declarer's pair mounts the barrel
    assert row.scores == (0, ru.barrel, 0, ru.barrel)  # clamped at its level (880)


def test_the_declarers_pair_wins() -> None:
    state = contract_300(all_play(), scores=(0, 900, 0, 900))
    assert state.is_over and state.winner == 1
    assert state.scores == (0, 1200, 0, 1200)


def test_a_defending_pair_that_wins_is_named_by_its_first_seat_in_turn() -> None:
    state = first_moves(
        new_game(all_play(defender_cap="none", barrel=None), seed=7, scores=(980, 0, 980, 0))
    )
    assert state.scores == (1030, 100, 1030, 100)
    assert state.winner == 2  # seat 2 plays before seat 0 (the dealer) from the dealer's left


# --- a whole short game, by hand ------------------------------------------------------------

# seed 2, to 300 without a barrel, every move the first legal one: each deal's declarer,
# contract and totals, then the pairs' deltas worked out by hand (sum both partners; the
# declarer's pair +/- the contract, the defending pair its sum rounded to 10, a 5 down,
# capped at 290)
SHORT_GAME = [
    # declarer, contract, totals, pair 0 (seats 0, 2) delta, pair 1 (seats 1, 3) delta
    (1, 100, (63, 0, 20, 37), 80, -100),  # 0 + 37 < 100; 63 + 20 = 83 -> 80
    (2, 100, (24, 36, 124, 16), 100, 50),  # 148 >= 100; 36 + 16 = 52 -> 50
    (3, 100, (27, 37, 33, 23), 60, -100),  # 60 < 100; 60
    (0, 100, (0, 0, 89, 31), -100, 30),  # 89 < 100; 31 -> 30
    (1, 100, (28, 45, 8, 39), 40, -100),  # 84 < 100; 36 -> 40
    (2, 100, (0, 58, 125, 17), 100, 70),  # 125; 75 -> 70 (a 5 rounds down)
    (3, 100, (40, 20, 42, 18), 10, -100),  # 38 < 100; 82 -> 80, capped: 280 + 10 = 290
    (0, 100, (31, 21, 59, 89), -100, 110),  # 90 < 100; 110
    (1, 100, (0, 0, 67, 53), 70, -100),  # 53 < 100; 67 -> 70
    (2, 100, (0, 0, 65, 135), -100, 130),  # 65 < 100; 135 -> 130
    (3, 100, (88, 0, 0, 32), 90, -100),  # 32 < 100; 88 -> 90
    (0, 100, (0, 44, 136, 0), 100, 40),  # 136 >= 100: 250 + 100 = 350, the pair wins
]


def test_a_short_game_scored_by_pairs_by_hand() -> None:
    rules = all_play(target=300, barrel=None)
    state = new_game(rules, seed=2)
    while not state.is_over:
        state = apply(state, legal_moves(state)[0])
    assert len(state.sheet) == len(SHORT_GAME)
    scores = [0, 0]
    for row, (declarer, contract, totals, ours, theirs) in zip(
        state.sheet, SHORT_GAME, strict=True
    ):
        assert (row.declarer, row.contract, row.totals) == (declarer, contract, totals)
        assert row.deltas == (ours, theirs, ours, theirs)
        scores = [scores[0] + ours, scores[1] + theirs]
        assert row.scores == (scores[0], scores[1], scores[0], scores[1])
    assert scores == [350, -170]
    assert state.winner == 0 and state.scores == (350, -170, 350, -170)


# --- the bots play for their pair -----------------------------------------------------------

# seat 1 leads AS to the first trick; seat 3 (seat 1's partner), void in spades, may throw
# any card: TD is a ten the declarer's AD may catch later
SMEAR = [
    "TS JS 9S TH JD 9D",
    "AS AH KH QH AD KD",
    "KS QS AC TC KC QC",
    "TD QD JC 9C JH 9H",
]


def test_the_heuristic_smears_a_ten_onto_its_partners_trick() -> None:
    for partnerships, smears in ((True, True), (False, False)):
        rules = Rules(players=4, layout=Layout.FOUR_ALL_PLAY, partnerships=partnerships)
        state = run(
            new_game(rules, deal=SMEAR, seed=1),
            [Bid(100), Pass(), Pass(), Pass(), Contract(100), Play("AS"), Play("QS")],
        )
        assert state.to_move == 3
        move = HeuristicBot(seed=1).choose(observe(state, 3))
        assert (move == Play("TD")) is smears, move


def test_the_heuristic_does_not_outbid_its_partner() -> None:
    # dealer 2: seat 3 opens 100, seat 0 passes, seat 1 holds 180 in marriages
    for partnerships, bids in ((True, False), (False, True)):
        rules = Rules(
            players=4, layout=Layout.FOUR_ALL_PLAY, partnerships=partnerships, first_dealer=2
        )
        state = run(new_game(rules, deal=ALL_PLAY, seed=1), [Bid(100), Pass()])
        assert state.to_move == 1
        move = HeuristicBot(seed=1).choose(observe(state, 1))
        assert isinstance(move, Bid) is bids, move


def test_search_rewards_are_the_pairs() -> None:
    row = contract_300(all_play()).sheet[-1]
    scores = rewards(row)
    assert scores[1] == scores[3] > 0 > scores[0] == scores[2]


@pytest.mark.parametrize("layout", [Layout.FOUR_SITTER, Layout.FOUR_ALL_PLAY])
def test_every_bot_plays_a_partnership_game(layout: Layout) -> None:
    rules = Rules(players=4, layout=layout, partnerships=True, target=300, barrel=None)
    bots: list[Bot] = [
        PIMCBot(worlds=2, nodes=4_000, seed=1),
        SearchBot(iterations=20, seed=2),
        HeuristicBot(seed=3),
        RandomBot(seed=4),
    ]
    final = play_game(rules, bots, seed=5)
    assert final.is_over and final.winner is not None
    partner = rules.partner(final.winner)
    assert partner is not None and final.scores[partner] == final.scores[final.winner]


# --- what a seat may see --------------------------------------------------------------------


def seen(view: View) -> tuple[object, ...]:
    """Everything a view shows but its rules."""
    return (
        view.seat,
        view.phase,
        view.hand,
        view.hand_sizes,
        view.moves,
        view.legal_moves,
        view.musik,
        view.given,
        view.trick,
        view.tricks,
        view.scores,
        view.possible,
        view.possible_piles,
        view.card_points,
        view.marriages,
    )


@pytest.mark.parametrize("layout", [Layout.FOUR_SITTER, Layout.FOUR_ALL_PLAY])
def test_partnerships_change_nothing_a_seat_may_see(layout: Layout) -> None:
    """The same deal played with and without partnerships: every seat's legal moves and
    view are the same (but for the rules), and a world drawn for a view keeps the partner's
    hand hidden: the partner's cards vary over the worlds as anyone's do."""
    pairs = Rules(players=4, layout=layout, partnerships=True)
    alone = Rules(players=4, layout=layout)
    rng = random.Random(5)
    a, b = new_game(pairs, seed=9), new_game(alone, seed=9)
    partner_hands: set[tuple[str, ...]] = set()
    while a.deal_number == 1:
        assert legal_moves(a) == legal_moves(b)
        for seat in range(4):
            assert seen(observe(a, seat)) == seen(observe(b, seat))
        mover = a.to_move
        assert mover is not None
        if a.phase is Phase.PLAY:
            view = observe(a, mover)
            for _ in range(5):
                world = sample_world(view, rng)
                partner_hands.add(tuple(map(str, world.hands[(mover + 2) % 4])))
        move = choose_move(a, rng)
        a, b = apply(a, move), apply(b, move)
    assert len(partner_hands) > 1


def test_tysiac_rules_lists_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--set", "players=4", "--set", "partnerships=true"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("partnerships"))
    assert line.split()[1:3] == ["true", "*"] and "pairs" in line


def test_old_rules_documents_load_without_the_option() -> None:
    rules = all_play()
    text = to_json(rules)
    assert '"partnerships":true' in text
    assert from_json(text) == rules
    old = text.replace('"partnerships":true,', "")
    assert from_json(old) == Rules(players=4, layout=Layout.FOUR_ALL_PLAY)


def test_a_tournament_counts_a_win_for_both_partners() -> None:
    rules = Rules(players=4, layout=Layout.FOUR_ALL_PLAY, partnerships=True, target=300)
    bots: list[Bot] = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]
    result = tournament(bots, games=4, rules=rules, seed=1, workers=0, max_deals=40)
    wins = [row.wins.mean for row in result.rows]
    assert wins[0] == wins[2] and wins[1] == wins[3]
    assert wins[0] + wins[1] == 1.0  # every game has one winning pair
    scores = [row.score for row in result.rows]
    assert scores[0] == scores[2] and scores[1] == scores[3]
