"""The Russian end game and the preset "ru" (the rules, section 15).

The order at the end of a deal is tested step by step on :func:`settle` with explicit
tallies, and through the engine with concessions, blind bids and whole games.
"""

from __future__ import annotations

import random

import pytest

from strategies import run_moves as run
from tysiac import (
    BarrelFailure,
    Bid,
    BoltRule,
    Concede,
    ConcessionPayout,
    Contract,
    DealResult,
    GameRecord,
    Give,
    IllegalMoveError,
    Move,
    Outcome,
    Pass,
    Phase,
    Redeal,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
    observe,
    parse_cards,
    replay,
)
from tysiac._engine.endgame import Settled, Tallies, settle
from tysiac.bots import play_game

RU = Rules.preset("ru")
DEAL = ["9S JS QS 9C JC 9D JD", "AH TH KH QH AS TS KS", "AC TC KC QC AD TD KD", "9H JH QD"]
GIVES: list[Move] = [Give("9H", to=2), Give("JH", to=0)]


def settled(
    rules: Rules,
    before: tuple[int, ...],
    deltas: tuple[int, ...],
    *,
    declarer: int = 1,
    made: bool | None = True,
    tallies: Tallies | None = None,
    took: tuple[bool, ...] = (True, True, True),
    conceded: bool = False,
    contract: int = 100,
) -> Settled:
    return settle(
        rules,
        before,
        deltas,
        declarer,
        contract,
        made,
        (0, 1, 2),
        took,
        conceded,
        tallies or Tallies.start(3),
    )


def on_barrel(*deals: int) -> Tallies:
    """Tallies with each seat's deals on the barrel (-1: not on it)."""
    return Tallies((0, 0, 0), tuple(deals), (0, 0, 0), (0, 0, 0), (0, 0, 0))


# --- the dump -------------------------------------------------------------------------------


def test_landing_on_555_dumps_to_zero() -> None:
    out = settled(RU, (455, 0, 500), (100, 20, 55))
    assert out.scores == (0, 20, 0)
    assert out.deltas == (-455, 20, -500)


def test_passing_over_555_keeps_the_score() -> None:
    assert settled(RU, (550, 0, 0), (10, 20, 20)).scores == (560, 20, 20)


@pytest.mark.parametrize(("dump", "expected"), [((555,), -555), ((-555, 555), 0), ((), -555)])
def test_the_negative_dump_is_an_option(dump: tuple[int, ...], expected: int) -> None:
    rules = Rules.preset("ru", dump_scores=dump)
    assert settled(rules, (-455, 0, 0), (-100, 20, 20), declarer=0).scores[0] == expected


# --- the barrel -------------------------------------------------------------------------------


@pytest.mark.parametrize(("clamp", "expected"), [(True, 880), (False, 890)])
def test_mounting_clamps_to_the_barrel_level(clamp: bool, expected: int) -> None:
    rules = Rules.preset("ru", barrel_clamp=clamp)
    out = settled(rules, (830, 0, 0), (60, 100, 20))
    assert out.scores[0] == expected
    assert out.tallies.barrel == (0, -1, -1)  # mounted: no barrel deal used yet


def test_three_deals_on_the_barrel_then_a_fall() -> None:
    tallies = on_barrel(0, -1, -1)
    scores: tuple[int, ...] = (880, 0, 0)
    for k in range(1, 4):
        out = settled(RU, scores, (0, 100, 20), tallies=tallies)
        scores, tallies = out.scores, out.tallies
        if k < 3:
            assert scores[0] == 880 and tallies.barrel[0] == k
    assert scores[0] == 760 and tallies.barrel[0] == -1  # 120 for falling off


def test_unlimited_deals_on_the_barrel() -> None:
    rules = Rules.preset("ru", barrel_deals=None)
    tallies = on_barrel(0, -1, -1)
    scores: tuple[int, ...] = (880, 0, 0)
    for _ in range(6):
        out = settled(rules, scores, (0, 100, 20), tallies=tallies)
        scores, tallies = out.scores, out.tallies
    assert scores[0] == 880 and tallies.barrel[0] == 6


@pytest.mark.parametrize(("knock", "expected"), [(True, 760), (False, 880)])
def test_a_second_mount_knocks_the_first_off(knock: bool, expected: int) -> None:
    rules = Rules.preset("ru", barrel_knock_off=knock)
    out = settled(rules, (880, 800, 0), (0, 100, 20), tallies=on_barrel(1, -1, -1))
    assert out.scores == (expected, 880, 20)
    assert out.tallies.barrel[1] == 0
    assert (out.tallies.barrel[0] == -1) is knock


@pytest.mark.parametrize(
    ("failure", "score", "barrel"),
    [(BarrelFailure.LOSES_CONTRACT, 760, -1), (BarrelFailure.USES_A_DEAL, 880, 1)],
)
def test_a_declarer_failing_on_the_barrel(failure: BarrelFailure, score: int, barrel: int) -> None:
    rules = Rules.preset("ru", barrel_failure=failure)
    out = settled(rules, (0, 880, 0), (40, -120, 40), made=False, tallies=on_barrel(-1, 0, -1))
    assert out.scores[1] == score
    assert out.tallies.barrel[1] == barrel


@pytest.mark.parametrize(
    ("failure", "expected"), [(BarrelFailure.LOSES_CONTRACT, 780), (BarrelFailure.USES_A_DEAL, 760)]
)
def test_a_failing_declarer_who_fell_off_is_not_knocked_off_again(
    failure: BarrelFailure, expected: int
) -> None:
    """880 fails a contract of 100 while seat 2 mounts: 780 (it fell off, and is not on the
    barrel when the newcomer knocks the others off); with USES_A_DEAL it stays on at 880
    until seat 2 knocks it off: 760."""
    rules = Rules.preset("ru", barrel_failure=failure)
    out = settled(rules, (0, 880, 800), (40, -100, 100), made=False, tallies=on_barrel(-1, 0, -1))
    assert out.scores == (40, expected, 880)
    assert out.tallies.barrel == (-1, -1, 0)


@pytest.mark.parametrize(
    ("failure", "score", "barrel"),
    [(BarrelFailure.LOSES_CONTRACT, 780, -1), (BarrelFailure.USES_A_DEAL, 880, 2)],
)
def test_a_concession_on_the_barrel_follows_barrel_failure(
    failure: BarrelFailure, score: int, barrel: int
) -> None:
    rules = Rules.preset("ru", barrel_failure=failure)
    out = settled(
        rules, (0, 880, 0), (60, -100, 60), made=None, conceded=True, tallies=on_barrel(-1, 1, -1)
    )
    assert out.scores[1] == score
    assert out.tallies.barrel[1] == barrel
    assert out.tallies.concessions == (0, 1, 0)


def test_a_win_from_the_barrel_ends_the_game() -> None:
    s = new_game(RU, deal=DEAL, seed=1, scores=(0, 880, 0))
    s = run(s, [Bid(100), Pass(), Pass(), *GIVES, Contract(120)])
    while s.deal_number == 1 and not s.is_over:
        s = apply(s, legal_moves(s)[0])
    row = s.sheet[-1]
    if row.made:
        assert s.is_over and s.winner == 1


def test_a_win_short_of_the_target_stays_on_the_barrel() -> None:
    out = settled(RU, (0, 880, 0), (40, 100, 40), tallies=on_barrel(-1, 0, -1))
    assert out.scores[1] == 880 and out.tallies.barrel[1] == 1


# --- bolts ------------------------------------------------------------------------------------


def test_every_third_bolt_costs_120() -> None:
    tallies = Tallies.start(3)
    scores: tuple[int, ...] = (100, 100, 100)
    for k in range(1, 4):
        out = settled(RU, scores, (0, 100, 20), tallies=tallies)
        scores, tallies = out.scores, out.tallies
        assert tallies.bolts[0] == k
    assert scores[0] == 100 - 120


@pytest.mark.parametrize(
    ("rule", "bolts"), [(BoltRule.NO_POINTS, (1, 0, 0)), (BoltRule.NO_TRICK, (0, 0, 1))]
)
def test_what_earns_a_bolt(rule: BoltRule, bolts: tuple[int, ...]) -> None:
    rules = Rules.preset("ru", bolt_rule=rule)
    out = settled(rules, (0, 0, 0), (0, 100, 5), took=(True, True, False))
    assert out.tallies.bolts == bolts


def test_deals_on_the_barrel_earn_no_bolt() -> None:
    out = settled(RU, (880, 0, 0), (0, 100, 20), tallies=on_barrel(0, -1, -1))
    assert out.tallies.bolts == (0, 0, 0)


def test_bolts_are_off_outside_ru() -> None:
    out = settled(Rules(), (0, 0, 0), (0, 100, 20))
    assert out.scores == (0, 100, 20)
    assert out.tallies == Tallies.start(3)


# --- the concession -----------------------------------------------------------------------------


def concede_from(state: State) -> State:
    """Seat 1 declares an unopposed 100, gives two cards and concedes."""
    s = run(state, [Bid(100), Pass(), Pass(), *GIVES])
    assert Concede() in legal_moves(s)
    return apply(s, Concede())


def concede(rules: Rules, scores: tuple[int, ...]) -> State:
    """Seat 1 declares an unopposed 100 in a new game, gives two cards and concedes."""
    return concede_from(new_game(rules, deal=DEAL, seed=1, scores=scores))


def test_a_concession_pays_each_opponent_sixty() -> None:
    row = concede(RU, (0, 0, 0)).sheet[-1]
    assert row.outcome is Outcome.CONCEDED
    assert row.deltas == (60, -100, 60)
    assert row.made is None
    assert row.concessions == (0, 1, 0)


def test_the_order_through_a_concession() -> None:
    """An opponent at 495 lands on 555 and is dumped; one at 830 mounts the barrel at 880."""
    row = concede(RU, (495, 0, 830)).sheet[-1]
    assert row.deal_deltas == (60, -100, 60)
    assert row.scores == (0, -100, 880)
    assert row.barrel_deals == (-1, -1, 0)


def on_the_barrel(rules: Rules, scores: tuple[int, ...], deals: int) -> State:
    """Deal 2 of a game (the cards ``DEAL``, dealer 0) in which seat 1 has played ``deals``
    deals on the barrel: a record that starts after a first deal, replayed."""
    row = DealResult(
        number=1,
        dealer=2,
        outcome=Outcome.PLAYED,
        declarer=1,
        contract=100,
        totals=(0, 120, 0),
        marriages=(),
        deltas=(0, 100, 0),
        scores=scores,
        bolts=(0, 0, 0),
        barrel_deals=(-1, deals, -1),
        concessions=(0, 0, 0),
        deal_deltas=(0, 100, 0),
    )
    game = GameRecord(
        version="test",
        rules=rules,
        seed=1,
        deal=tuple(tuple(parse_cards(part)) for part in DEAL),
        deal_number=2,
        dealer=0,
        scores=scores,
        bombs=(0, 0, 0),
        sheet=(row,),
        deals=(),
    )
    return replay(game)


@pytest.mark.parametrize(
    ("failure", "seat2", "scores", "barrel"),
    [
        (BarrelFailure.LOSES_CONTRACT, 0, (60, 780, 60), (-1, -1, -1)),
        (BarrelFailure.USES_A_DEAL, 0, (60, 880, 60), (-1, 2, -1)),
        # seat 2 mounts with the 60 it gets: it knocks off only a seat still on the barrel
        (BarrelFailure.LOSES_CONTRACT, 830, (60, 780, 880), (-1, -1, 0)),
        (BarrelFailure.USES_A_DEAL, 830, (60, 760, 880), (-1, -1, 0)),
    ],
)
def test_a_declarer_on_the_barrel_concedes(
    failure: BarrelFailure, seat2: int, scores: tuple[int, ...], barrel: tuple[int, ...]
) -> None:
    """Through the engine: seat 1, on the barrel for one deal, concedes its bid of 100."""
    rules = Rules.preset("ru", barrel_failure=failure)
    row = concede_from(on_the_barrel(rules, (0, 880, seat2), deals=1)).sheet[-1]
    assert row.outcome is Outcome.CONCEDED
    assert row.scores == scores
    assert row.barrel_deals == barrel


@pytest.mark.parametrize(
    ("payout", "gain"), [(ConcessionPayout.SIXTY, 60), (ConcessionPayout.HALF_BID, 75)]
)
def test_concession_payouts(payout: ConcessionPayout, gain: int) -> None:
    rules = Rules.preset("ru", concession_payout=payout, blind_bids=False)
    s = new_game(rules, deal=DEAL, seed=1)
    s = run(s, [Bid(100), Bid(150), Pass(), Pass()])  # seat 2 holds the clubs marriage
    decl = s.declarer
    assert decl == 2
    while s.phase is Phase.GIVE:
        s = apply(s, legal_moves(s)[0])
    row = apply(s, Concede()).sheet[-1]
    assert row.deltas[decl] == -150
    assert [row.deltas[i] for i in (0, 1)] == [gain, gain]


@pytest.mark.parametrize(("every", "third"), [(3, -200), (None, -100)])
def test_every_third_concession_costs_the_bid_again(every: int | None, third: int) -> None:
    rules = Rules.preset("ru", concession_penalty_every=every, dump_scores=())
    tallies = Tallies((0, 0, 0), (-1, -1, -1), (0, 2, 0), (0, 0, 0), (0, 0, 0))
    out = settled(rules, (0, 0, 0), (60, -100, 60), made=None, conceded=True, tallies=tallies)
    assert out.scores[1] == third
    assert out.tallies.concessions == (0, 3, 0)


def test_concessions_are_off_outside_ru() -> None:
    s = run(new_game(deal=DEAL, seed=1), [Bid(100), Pass(), Pass(), *GIVES])
    assert Concede() not in legal_moves(s)
    with pytest.raises(IllegalMoveError):
        apply(s, Concede())


# --- blind bids -------------------------------------------------------------------------------


def test_a_player_sees_its_hand_after_its_first_auction_move() -> None:
    s = new_game(RU, deal=DEAL, seed=1)
    assert legal_moves(s) == (Bid(100), Bid(100, blind=True))
    assert observe(s, 1).hand == () and observe(s, 2).hand == ()
    s = apply(s, Bid(100))
    assert observe(s, 1).hand != ()
    assert observe(s, 2).hand == ()
    moves = legal_moves(s)
    assert Bid(110, blind=True) in moves
    assert max(m.amount for m in moves if isinstance(m, Bid)) == 120  # not looked: at most 120
    assert Redeal() not in moves
    s = apply(s, Pass())
    assert observe(s, 2).hand != ()
    assert Bid(110, blind=True) in legal_moves(s)  # seat 0 has not looked yet
    s = apply(s, Bid(110))
    assert all(not getattr(m, "blind", False) for m in legal_moves(s))  # seat 1 has


def test_a_blind_bid_is_only_for_a_player_who_has_not_looked() -> None:
    s = run(new_game(RU, deal=DEAL, seed=1), [Bid(100), Pass(), Bid(110)])
    with pytest.raises(IllegalMoveError):
        apply(s, Bid(120, blind=True))  # seat 1 has looked at its cards


@pytest.mark.parametrize("blind", [True, False])
def test_a_blind_contract_counts_double(blind: bool) -> None:
    s = new_game(RU, deal=DEAL, seed=1)
    s = run(s, [Bid(100, blind=blind), Pass(), Pass(), *GIVES, Contract(100)])
    while s.deal_number == 1:
        s = apply(s, legal_moves(s)[0])
    row = s.sheet[-1]
    assert row.deal_deltas[1] == (2 if blind else 1) * (100 if row.made else -100)


def test_blind_bids_are_off_outside_ru() -> None:
    s = new_game(deal=DEAL, seed=1)
    assert legal_moves(s) == (Bid(100),)
    with pytest.raises(IllegalMoveError):
        apply(s, Bid(100, blind=True))


# --- whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ru_plays_whole_games(players: int) -> None:
    rules = Rules.preset("ru", players=players)
    final = play_game(rules, seed=players, max_deals=400)
    assert final.sheet
    assert all(
        row.bolts and row.barrel_deals for row in final.sheet if row.outcome is not Outcome.REDEALT
    )


def test_ru_random_games_keep_their_tallies_consistent() -> None:
    rng = random.Random(3)
    for seed in range(5):
        s = new_game(RU, seed=seed)
        while s.deal_number <= 6 and not s.is_over:
            moves = legal_moves(s)
            s = apply(s, moves[0] if s.phase is Phase.CONTRACT else rng.choice(moves))
        for row in s.sheet:
            assert all(k >= -1 for k in row.barrel_deals)
            assert all(score != 555 for score in row.scores)


# --- the Ukrainian rules ("ua") -------------------------------------------------------------------


UA = Rules.preset("ua")


def test_ua_is_ru_with_two_barrel_deals_and_no_dump_bolts_or_concession() -> None:
    ukrainian = Rules.preset(
        "ru",
        barrel_deals=2,
        dump_scores=(),
        bolt_penalty=None,
        concession=False,
        concession_penalty_every=None,
    )
    assert ukrainian == UA
    assert UA.name == "ua" and UA.barrel == 880 and UA.barrel_clamp and UA.barrel_knock_off


def test_ua_falls_off_the_barrel_after_two_deals() -> None:
    tallies = on_barrel(0, -1, -1)
    scores: tuple[int, ...] = (880, 0, 0)
    out = settled(UA, scores, (0, 100, 20), tallies=tallies)
    assert out.scores[0] == 880 and out.tallies.barrel[0] == 1
    out = settled(UA, out.scores, (0, 100, 20), tallies=out.tallies)
    assert out.scores[0] == 760 and out.tallies.barrel[0] == -1


def test_ua_has_no_dump_bolts_or_concession() -> None:
    out = settled(UA, (455, 0, 0), (100, 20, 0))
    assert out.scores == (555, 20, 0)  # no dump, and no bolt for seat 2's empty deal
    assert out.tallies.bolts == (0, 0, 0)
    s = run(new_game(UA, deal=DEAL, seed=1), [Bid(100), Pass(), Pass(), *GIVES])
    assert Concede() not in legal_moves(s)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ua_plays_whole_games(players: int) -> None:
    final = play_game(Rules.preset("ua", players=players), seed=players, max_deals=400)
    assert final.sheet
    assert all(
        row.barrel_deals and not row.bolts
        for row in final.sheet
        if row.outcome is not Outcome.REDEALT
    )
