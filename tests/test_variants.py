"""The options that let every table play its own variant: one scenario per option value, on
hand-made deals whose results were worked out by hand (the rules page, sections 4, 6, 7, 13
and 15).

Three-player seats: seat 0 deals, seat 1 bids first, seat 2 next.
"""

from __future__ import annotations

import random

import pytest

from strategies import run_moves as run
from tysiac import (
    CARDS,
    BarrelMounting,
    Bid,
    BoltRule,
    Card,
    Concede,
    ConcessionPayout,
    ConcessionTiming,
    Contract,
    Give,
    IllegalMoveError,
    InvalidRulesError,
    Layout,
    Move,
    Outcome,
    Pass,
    Phase,
    Play,
    Redeal,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
    parse_cards,
)
from tysiac._engine.endgame import Settled, Tallies, settle
from tysiac._engine.trickrules import play_mask

#: Seat 0 (dealer): 9 card points; seat 1: the hearts marriage; seat 2: the clubs marriage.
DEAL = ["9S JS QS 9C JC 9D JD", "AH TH KH QH AS TS KS", "AC TC KC QC AD TD KD", "9H JH QD"]
#: Seat 1 declares: the musik's 9H to seat 2, JH to seat 0.
GIVES: list[Move] = [Give("9H", to=2), Give("JH", to=0)]


def bids(state: State) -> list[int]:
    return [m.amount for m in legal_moves(state) if isinstance(m, Bid) and not m.blind]


def contracts(state: State) -> list[int]:
    return [m.amount for m in legal_moves(state) if isinstance(m, Contract)]


# --- bid steps that change with the amount (high_bid_step, high_bids_from) ------------------

LADDER = Rules(bid_step=5, high_bid_step=10, bid_cap_marriages=False, max_bid=260)


def test_bids_go_by_5_below_200_and_by_10_from_200() -> None:
    state = apply(new_game(LADDER, deal=DEAL, seed=1), Bid(100))
    assert bids(state) == [*range(105, 200, 5), *range(200, 261, 10)]
    state = apply(state, Bid(195))
    assert bids(apply(state, Pass()))[:3] == [200, 210, 220]
    with pytest.raises(IllegalMoveError, match="multiples of 5, and of 10 from 200"):
        apply(state, Bid(205))


@pytest.mark.parametrize(("bid", "after"), [(100, 105), (195, 200), (200, 210), (250, 260)])
def test_without_jump_bids_the_next_bid_is_the_next_rung(bid: int, after: int) -> None:
    rules = Rules(
        bid_step=5, high_bid_step=10, bid_cap_marriages=False, jump_bids=False, opening_bid=bid
    )
    assert bids(apply(new_game(rules, deal=DEAL, seed=1), Bid(bid))) == [after]


def test_contracts_follow_the_same_steps() -> None:
    state = run(new_game(LADDER, deal=DEAL, seed=1), [Bid(100), Bid(190), Pass(), Pass()])
    state = run(state, [Give("9H", to=0), Give("JH", to=1)])
    assert contracts(state) == [190, 195, *range(200, 261, 10)]
    with pytest.raises(IllegalMoveError, match="and of 10 from 200"):
        apply(state, Contract(215))


def test_the_high_step_and_its_start_are_checked() -> None:
    with pytest.raises(InvalidRulesError, match="high_bid_step=15 must be None or a positive"):
        Rules(high_bid_step=15)
    with pytest.raises(InvalidRulesError, match="high_bids_from=205 must be a multiple of"):
        Rules(bid_step=5, high_bid_step=10, high_bids_from=205)
    with pytest.raises(InvalidRulesError, match="max_bid=355 must be a multiple of bid_step=5,"):
        Rules(bid_step=5, high_bid_step=10, max_bid=355)
    assert Rules(bid_step=5, high_bid_step=10).max_bid == 360
    with pytest.raises(InvalidRulesError, match="opening_bid=205"):
        Rules(bid_step=5, high_bid_step=10, opening_bid=205)


def test_one_step_throughout_by_default() -> None:
    assert Rules().high_bid_step is None and Rules().high_bids_from == 200
    state = apply(new_game(Rules(bid_cap_marriages=False), deal=DEAL, seed=1), Bid(100))
    assert bids(state) == list(range(110, 361, 10))


# --- the free opening (free_opening) -------------------------------------------------------

FREE = Rules(free_opening=True)


def test_the_first_bidder_may_pass_or_open_at_any_amount() -> None:
    state = new_game(FREE, deal=DEAL, seed=1)  # seat 1 holds the hearts marriage: cap 220
    assert legal_moves(state)[0] == Pass()
    assert bids(state) == list(range(100, 221, 10))
    no_jumps = new_game(Rules(free_opening=True, jump_bids=False), deal=DEAL, seed=1)
    assert legal_moves(no_jumps) == (Pass(), Bid(100))
    with pytest.raises(IllegalMoveError, match="the opening bid is at least 100"):
        apply(state, Bid(90))


def test_a_pass_before_any_bid_is_final_and_the_next_seat_may_open() -> None:
    state = run(new_game(FREE, deal=DEAL, seed=1), [Pass(), Bid(120)])
    assert state.to_move == 0  # seat 1 passed: it is out of this auction
    state = apply(state, Pass())
    assert state.declarer == 2 and state.bid == 120


def test_when_everyone_passes_the_dealer_plays_the_opening_bid() -> None:
    state = run(new_game(FREE, deal=DEAL, seed=1), [Pass(), Pass(), Pass()])
    assert (state.declarer, state.bid, state.to_move) == (0, 100, 0)
    assert set(state.hands[0]) == set(parse_cards(DEAL[0] + " " + DEAL[3]))  # the musik too
    state = run(state, [Give("9H", to=1), Give("JH", to=2)])
    assert contracts(state) == [100, 110, 120]  # no marriage: capped at 120
    # 14 card points in the dealer's hand: the dealer cannot make 100 whatever is played
    while state.deal_number == 1:
        state = apply(state, legal_moves(state)[0])
    assert state.sheet[0].deltas[0] == -100


@pytest.mark.parametrize(
    "layout", [lay for lay in Layout if lay.players != 4 or lay is Layout.FOUR_ALL_PLAY]
)
def test_the_dealer_plays_when_everyone_passes_in_every_layout_with_an_auction(
    layout: Layout,
) -> None:
    state = new_game(Rules(players=layout.players, layout=layout, free_opening=True), seed=5)
    if state.phase is not Phase.AUCTION:
        return  # no auction (the two-player draw game)
    while state.phase is Phase.AUCTION:
        assert Pass() in legal_moves(state)
        state = apply(state, Pass())
    assert state.declarer == state.dealer and state.bid == 100


def test_a_free_opening_needs_a_dealer_who_plays() -> None:
    with pytest.raises(InvalidRulesError, match=r"free_opening=True .* layout=Layout\.FOUR_SITTER"):
        Rules(players=4, layout=Layout.FOUR_SITTER, free_opening=True)


def test_the_opening_bid_is_forced_by_default() -> None:
    state = new_game(Rules(), deal=DEAL, seed=1)
    assert legal_moves(state) == (Bid(100),)
    with pytest.raises(IllegalMoveError, match="must open with Bid"):
        apply(state, Pass())


# --- separate caps for the auction and the contract (auction_max_bid) -----------------------


def test_the_auction_is_capped_below_the_contract() -> None:
    rules = Rules(auction_max_bid=120, bid_cap_marriages=False)
    state = apply(new_game(rules, deal=DEAL, seed=1), Bid(100))
    assert bids(state) == [110, 120]
    with pytest.raises(IllegalMoveError, match="at most 120"):
        apply(state, Bid(130))
    state = run(state, [Pass(), Pass(), Give("9H", to=2), Give("JH", to=0)])
    assert state.declarer == 1 and contracts(state) == list(range(100, 361, 10))


def test_the_auction_cap_and_the_marriages_cap_together() -> None:
    rules = Rules(auction_max_bid=150)
    state = new_game(rules, deal=DEAL, seed=1)
    assert bids(apply(state, Bid(100))) == [110, 120, 130, 140, 150]  # not to 180
    state = run(state, [Bid(100), Bid(110), Pass(), Bid(150), Pass()])
    state = run(state, [Give("9H", to=2), Give("JH", to=0)])
    assert state.declarer == 1
    assert contracts(state) == list(range(150, 221, 10))  # the hearts marriage: 220
    unlimited = apply(new_game(Rules(), deal=DEAL, seed=1), Bid(100))
    assert bids(unlimited) == list(range(110, 181, 10))  # seat 2: the clubs marriage


@pytest.mark.parametrize("cap", [90, 370, 125])
def test_the_auction_cap_is_checked(cap: int) -> None:
    with pytest.raises(InvalidRulesError, match=f"auction_max_bid={cap} must be None or a"):
        Rules(auction_max_bid=cap)


# --- the end of a deal: the barrel, bolts and streaks (settle, step by step) ------------------

RU = Rules.preset("ru", dump_scores=())


def settled(
    rules: Rules,
    before: tuple[int, ...],
    deltas: tuple[int, ...],
    *,
    declarer: int = 2,
    made: bool | None = True,
    tallies: Tallies | None = None,
    seats: tuple[int, ...] = (0, 1, 2),
    took: tuple[bool, ...] = (True, True, True),
) -> Settled:
    return settle(
        rules, before, deltas, declarer, 100, made, seats, took, False, tallies or Tallies.start(3)
    )


def tallies(
    barrel: tuple[int, ...] = (-1, -1, -1),
    falls: tuple[int, ...] = (0, 0, 0),
    streaks: tuple[int, ...] = (0, 0, 0),
    bolts: tuple[int, ...] = (0, 0, 0),
) -> Tallies:
    return Tallies(bolts, barrel, (0, 0, 0), falls, streaks)


def test_two_players_mounting_in_one_deal_both_stay_by_default() -> None:
    out = settled(RU, (830, 850, 0), (60, 40, 100))
    assert out.scores == (880, 880, 100) and out.tallies.barrel == (0, 0, -1)


def test_one_stays_the_declarer_first() -> None:
    rules = Rules.preset("ru", dump_scores=(), barrel_mounting=BarrelMounting.ONE_STAYS)
    out = settled(rules, (830, 780, 0), (60, 100, 20), declarer=1)
    assert out.scores == (760, 880, 20)  # seat 0 falls back from 880 for 120
    assert out.tallies.barrel == (-1, 0, -1) and out.tallies.falls == (1, 0, 0)


@pytest.mark.parametrize(("seats", "stays"), [((0, 1, 2), 0), ((1, 2, 0), 1)])
def test_one_stays_else_the_first_from_the_dealers_left(seats: tuple[int, ...], stays: int) -> None:
    rules = Rules.preset("ru", dump_scores=(), barrel_mounting="one-stays")
    out = settled(rules, (830, 850, 0), (60, 40, -100), seats=seats)
    assert out.scores[stays] == 880 and out.scores[1 - stays] == 760
    assert out.tallies.barrel[stays] == 0 and out.tallies.barrel[1 - stays] == -1


def test_one_stays_needs_a_mounted_barrel() -> None:
    with pytest.raises(InvalidRulesError, match=r"barrel_mounting=BarrelMounting\.ONE_STAYS needs"):
        Rules(barrel_mounting=BarrelMounting.ONE_STAYS)


RESET = Rules.preset("ru", dump_scores=(), barrel_reset_every=3)


@pytest.mark.parametrize(("rules", "expected"), [(RESET, 0), (RU, 760)])
def test_the_third_fall_knocked_off_resets_to_zero(rules: Rules, expected: int) -> None:
    before = tallies(barrel=(-1, 1, -1), falls=(0, 2, 0))
    out = settled(rules, (830, 880, 0), (60, 0, 100), tallies=before)
    assert out.scores == (880, expected, 100)
    assert out.tallies.falls == (0, 3, 0)


def test_the_third_fall_by_a_failed_contract_resets_to_zero() -> None:
    before = tallies(barrel=(-1, 0, -1), falls=(0, 2, 0))
    out = settled(RESET, (0, 880, 0), (40, -100, 60), declarer=1, made=False, tallies=before)
    assert out.scores == (40, 0, 60)
    first = tallies(barrel=(-1, 0, -1))
    second = settled(RESET, (0, 880, 0), (40, -100, 60), declarer=1, made=False, tallies=first)
    assert second.scores == (40, 780, 60) and second.tallies.falls == (0, 1, 0)


def test_the_third_fall_when_the_time_on_the_barrel_runs_out_resets_to_zero() -> None:
    before = tallies(barrel=(-1, 2, -1), falls=(0, 2, 0))
    out = settled(RESET, (0, 880, 0), (40, 0, 100), tallies=before)
    assert out.scores == (40, 0, 100) and out.tallies.barrel == (-1, -1, -1)


def test_barrel_resets_need_a_mounted_barrel() -> None:
    with pytest.raises(InvalidRulesError, match="barrel_reset_every=3 needs a barrel"):
        Rules(barrel_reset_every=3)


STREAK = Rules.preset("ru", dump_scores=(), bolt_penalty=None, no_win_deals=3)


def test_a_no_win_streak_costs_120_and_starts_again() -> None:
    out = settled(STREAK, (100, 100, 100), (0, 20, 100), tallies=tallies(streaks=(2, 2, 2)))
    assert out.scores == (-20, 120, 200)
    assert out.tallies.streaks == (0, 0, 0)
    out = settled(STREAK, (100, 100, 100), (0, 20, -100), tallies=tallies(streaks=(1, 0, 2)))
    assert out.scores == (100, 120, -120) and out.tallies.streaks == (2, 0, 0)


def test_deals_on_the_barrel_do_not_count_in_a_streak() -> None:
    out = settled(
        STREAK, (880, 0, 0), (0, 20, 100), tallies=tallies((0, -1, -1), streaks=(2, 0, 0))
    )
    assert out.scores[0] == 880 and out.tallies.streaks == (2, 0, 0)


def test_the_streak_comes_after_the_bolts_and_before_the_dump() -> None:
    rules = Rules.preset("ru", no_win_deals=3)  # bolts, and the dump at 555
    before = tallies(streaks=(2, 0, 0), bolts=(2, 0, 0))
    out = settled(rules, (795, 0, 0), (0, 20, 100), tallies=before)
    assert out.scores[0] == 0  # 795, a bolt -120 = 675, the streak -120 = 555: dumped
    assert out.tallies.bolts == (3, 0, 0) and out.tallies.streaks == (0, 0, 0)


def test_the_streak_through_the_engine_is_on_the_score_sheet() -> None:
    rules = Rules.preset("ru", no_win_deals=1, dump_scores=())
    state = run(new_game(rules, deal=DEAL, seed=1), [Bid(100), Pass(), Pass(), *GIVES])
    row = apply(state, Concede()).sheet[-1]
    assert row.deltas == (60, -220, 60)  # the concession's -100, then the streak's -120
    assert row.no_wins == (0, 0, 0) and row.barrel_falls == ()
    assert Rules.preset("ru").no_win_deals is None


@pytest.mark.parametrize(
    ("rule", "bolts"), [(BoltRule.NO_TRICK, (0, 1, 0)), (BoltRule.NO_POINTS, (0, 0, 0))]
)
def test_bolts_for_the_declarer_too(rule: BoltRule, bolts: tuple[int, ...]) -> None:
    rules = Rules.preset("ru", dump_scores=(), bolt_rule=rule)
    out = settled(
        rules, (0, 0, 0), (60, -100, 60), declarer=1, made=False, took=(True, False, True)
    )
    assert out.tallies.bolts == bolts


def test_a_redeal_keeps_the_running_tallies() -> None:
    # a redeal's row carries no tallies: the next deal counts on from the row before it
    rules = Rules.preset("ru", blind_bids=False)
    state, rng = new_game(rules, seed=1), random.Random(1)
    while not state.is_over and state.deal_number < 60:
        moves = legal_moves(state)
        state = apply(state, Redeal() if Redeal() in moves else rng.choice(moves))
    rows = list(state.sheet)
    checked = 0
    for a, b, c in zip(rows, rows[1:], rows[2:], strict=False):
        if b.outcome is Outcome.REDEALT and c.outcome is not Outcome.REDEALT:
            assert all(x >= y for x, y in zip(c.bolts, a.bolts, strict=True))
            checked += 1
    assert checked


# --- the write-off before giving cards (concession_timing, HALF_ANY_BID, concession_penalty) --

WRITE_OFF = Rules.preset(
    "ru",
    dump_scores=(),
    concession_timing=ConcessionTiming.BEFORE_GIVES,
    concession_payout=ConcessionPayout.HALF_ANY_BID,
    concession_penalty=120,
)


def test_the_write_off_comes_before_the_first_give_and_not_after() -> None:
    state = run(new_game(WRITE_OFF, deal=DEAL, seed=1), [Bid(100), Pass(), Pass()])
    assert state.phase is Phase.GIVE and legal_moves(state)[-1] == Concede()
    row = apply(state, Concede()).sheet[-1]
    assert row.outcome is Outcome.CONCEDED and row.deltas == (50, -100, 50)  # half the bid
    given = apply(state, GIVES[0])
    assert Concede() not in legal_moves(given)
    with pytest.raises(IllegalMoveError, match="before giving or putting away its first card"):
        apply(given, Concede())
    named = apply(given, GIVES[1])
    assert Concede() not in legal_moves(named)
    with pytest.raises(IllegalMoveError, match="BEFORE_GIVES"):
        apply(named, Concede())


def test_after_the_gives_by_default() -> None:
    state = run(new_game(Rules.preset("ru"), deal=DEAL, seed=1), [Bid(100), Pass(), Pass()])
    assert Concede() not in legal_moves(state)
    with pytest.raises(IllegalMoveError, match="once the cards are given"):
        apply(state, Concede())
    assert legal_moves(run(state, GIVES))[-1] == Concede()


@pytest.mark.parametrize(
    ("payout", "bid", "gain"),
    [
        (ConcessionPayout.HALF_ANY_BID, 100, 50),
        (ConcessionPayout.HALF_ANY_BID, 130, 65),
        (ConcessionPayout.HALF_BID, 100, 60),
        (ConcessionPayout.HALF_BID, 130, 65),
        (ConcessionPayout.SIXTY, 130, 60),
    ],
)
def test_what_each_opponent_gets_for_a_write_off(
    payout: ConcessionPayout, bid: int, gain: int
) -> None:
    rules = Rules.preset("ru", dump_scores=(), concession_payout=payout, opening_bid=bid)
    state = run(new_game(rules, deal=DEAL, seed=1), [Bid(bid), Pass(), Pass(), *GIVES])
    row = apply(state, Concede()).sheet[-1]
    assert row.deltas == (gain, -bid, gain)


@pytest.mark.parametrize(("penalty", "third"), [(120, -220), (None, -200)])
def test_every_third_write_off_costs_120_or_the_bid_again(penalty: int | None, third: int) -> None:
    rules = Rules.preset("ru", dump_scores=(), concession_penalty=penalty)
    before = Tallies((0, 0, 0), (-1, -1, -1), (0, 2, 0), (0, 0, 0), (0, 0, 0))
    out = settle(
        rules, (0, 0, 0), (60, -100, 60), 1, 100, None, (0, 1, 2), (True,) * 3, True, before
    )
    assert out.scores[1] == third and out.tallies.concessions == (0, 3, 0)


def test_a_write_off_on_the_barrel_falls_off_it() -> None:
    state = new_game(WRITE_OFF, deal=DEAL, seed=1, scores=(0, 880, 0))
    state = run(state, [Bid(100), Pass(), Pass()])
    row = apply(state, Concede()).sheet[-1]
    assert row.scores == (50, 780, 50)  # as a concession after the gives: below the barrel


def test_the_write_off_before_putting_cards_away_with_two_players() -> None:
    rules = Rules.preset("ru", players=2, concession_timing="before-gives")
    state = new_game(rules, seed=3)
    while state.phase is Phase.AUCTION or state.phase is Phase.CHOOSE_MUSIK:
        state = apply(state, legal_moves(state)[0])
    assert state.phase is Phase.DISCARD and legal_moves(state)[-1] == Concede()
    assert Concede() not in legal_moves(apply(state, legal_moves(state)[0]))


def test_without_gives_the_write_off_replaces_the_contract() -> None:
    rules = Rules.preset(
        "ru", players=4, layout=Layout.FOUR_ALL_PLAY, concession_timing="before-gives"
    )
    state = new_game(rules, seed=3)
    while state.phase is Phase.AUCTION:
        state = apply(state, legal_moves(state)[0])
    assert state.phase is Phase.CONTRACT and legal_moves(state)[-1] == Concede()


def test_the_write_off_options_are_checked() -> None:
    with pytest.raises(
        InvalidRulesError, match=r"concession_timing=.*BEFORE_GIVES needs concession"
    ):
        Rules(concession_timing=ConcessionTiming.BEFORE_GIVES)
    with pytest.raises(
        InvalidRulesError, match="concession_penalty=120 needs concession_penalty_every"
    ):
        Rules(concession=True, concession_penalty=120)


# --- forced highest play (play_highest) ------------------------------------------------------

#: Seat 1 holds the hearts and no club or diamond; seat 0 the diamonds; seat 2 the clubs.
HIGH_DEAL = [
    "TC AD TD KD QD JD TS",
    "KH QH TH 9H AS KS QS",
    "AH JH AC KC QC JC 9C",
    "9D JS 9S",
]


def _second_trick(play_highest: bool) -> State:
    """Seat 1 declares hearts on the first trick; seat 2 wins it and leads the 9 of
    diamonds."""
    rules = Rules(marriage_on_first_trick=True, play_highest=play_highest)
    state = run(new_game(rules, deal=HIGH_DEAL, seed=1), [Bid(100), Pass(), Pass()])
    state = run(state, [Give("9D", to=2), Give("JS", to=0), Contract(100)])
    state = run(state, [Play("KH"), Play("AH"), Play("TS")])  # hearts are trump
    assert state.trump is not None and state.to_move == 2
    return apply(state, Play("9D"))


def cards(state: State) -> list[str]:
    return [str(m.card) for m in legal_moves(state) if isinstance(m, Play)]


@pytest.mark.parametrize(
    ("highest", "beat", "trump"),
    [
        (True, ["AD"], ["TH"]),
        (False, ["JD", "QD", "KD", "TD", "AD"], ["9H", "QH", "TH"]),
    ],
)
def test_forced_highest_play(highest: bool, beat: list[str], trump: list[str]) -> None:
    state = _second_trick(highest)
    assert cards(state) == beat  # seat 0 beats the 9 of diamonds: with its highest diamond
    state = apply(state, Play("AD"))
    assert cards(state) == trump  # seat 1, void in diamonds, trumps: with its highest trump
    if highest:
        with pytest.raises(IllegalMoveError):
            apply(state, Play("9H"))


def test_forced_highest_play_under_a_higher_trump() -> None:
    # void in clubs, holding 9H QH under the trick's AH (hearts trump)
    hand = sum(1 << Card.parse(c).index for c in ("9H", "QH", "9S"))
    trick = (Card.parse("AC").index, Card.parse("AH").index)
    hearts = Card.parse("AH").index // 6

    def allowed(**options: bool) -> list[str]:
        mask = play_mask(hand, trick, hearts, Rules(play_highest=True, **options)._play)
        return [str(c) for c in CARDS if mask >> c.index & 1]

    assert allowed() == ["QH"]  # a trump, the highest, though it cannot overtrump
    assert allowed(trump_when_cannot_overtrump=False) == ["9S", "9H", "QH"]  # any card
    assert allowed(must_beat=False) == ["QH"]
