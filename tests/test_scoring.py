"""Deal scores, rounding, the barrel, the 990 cap and the end of the game (RULES.md 3.8, 3.9).

Two real deals are played out card by card; their totals are worked out by hand below.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from strategies import run_moves as run
from tysiac import (
    Bid,
    Contract,
    DealResult,
    Give,
    HalfRounding,
    IllegalMoveError,
    Outcome,
    Pass,
    Phase,
    Play,
    Rules,
    State,
    Suit,
    apply,
    legal_moves,
    new_game,
    parse_cards,
)
from tysiac._engine.points import round_defender

# --- the worked example of seed 000 ----------------------------------------------------------
# Seat 0 deals, seat 1 wins the auction at 100, gives JC to seat 2 and KH to seat 0.
# Hands then: seat 0 KS AS TC JD 9H JH KH TH; seat 1 JS 9C QC KC AC KD AD QH;
# seat 2 9S QS TS JC 9D QD TD AH.
#  1. 1:JS 2:QS 0:KS  seat 0 wins  2+3+4      =  9  (0: 9)
#  2. 0:KH 1:QH 2:AH  seat 2 wins  4+3+11     = 18  (2: 18; KH without QH: no marriage)
#  3. 2:TD 0:JD 1:AD  seat 1 wins  10+2+11    = 23  (1: 23)
#  4. 1:KD 2:QD 0:JH  seat 1 wins  4+3+2      =  9  (1: 32)
#  5. 1:QC 2:JC 0:TC  clubs marriage (60), trump ♣; seat 0 wins 3+2+10 = 15  (0: 24)
#  6. 0:9H 1:KC 2:TS  seat 1 trumps: 0+4+10   = 14  (1: 46)
#  7. 1:9C 2:9S 0:TH  seat 1 wins  0+0+10     = 10  (1: 56)
#  8. 1:AC 2:9D 0:AS  seat 1 wins  11+0+11    = 22  (1: 78)
# Declarer 78 + 60 = 138; seat 0 24 -> 20; seat 2 18 -> 20.
WORKED_DEAL = ["KS AS TC JD 9H JH TH", "9C QC KC AC KD AD QH", "9S QS TS 9D QD TD AH", "JS JC KH"]
WORKED_GIVES = (Give("JC", to=2), Give("KH", to=0))
WORKED_PLAYS = "JS QS KS KH QH AH TD JD AD KD QD JH QC JC TC 9H KC TS 9C 9S TH AC 9D AS"

# --- a deal where defender seat 0 takes 100 card points and two marriages --------------------
# Seat 1 wins at 100, gives QC to seat 2 and 9D to seat 0.  Hands then:
# seat 0 JS 9D QD KD AD JH QH KH; seat 1 KS TS 9C JC TC AC JD 9H; seat 2 9S QS AS QC KC TD TH AH.
#  1. 1:9C 2:KC 0:JS  seat 2 wins 0+4+2 = 6
#  2. 2:TD 0:AD 1:JD  seat 0 wins 10+11+2 = 23
#  3. 0:QH 1:9H 2:AH  hearts marriage for seat 0 (100), trump ♥; seat 2 wins 3+0+11 = 14 (2: 20)
#  4. 2:AS 0:JH 1:KS  seat 0 trumps: 11+2+4 = 17 (0: 40)
#  5. 0:QD 1:JC 2:QS  diamonds marriage (80), trump ♦; seat 0 wins 3+2+3 = 8 (0: 48)
#  6. 0:9D 1:TC 2:TH  seat 0 wins 20 (0: 68)
#  7. 0:KD 1:AC 2:9S  seat 0 wins 15 (0: 83)
#  8. 0:KH 1:TS 2:QC  seat 0 wins 17 (0: 100)
# Seat 0: 100 + 180 = 280; seat 1 (declarer, 100): 0 -> -100; seat 2: 20.
BIG_DEAL = ["JS QD KD AD JH QH KH", "KS TS JC TC AC 9D 9H", "9S QS AS KC TD TH AH", "9C QC JD"]
BIG_GIVES = (Give("QC", to=2), Give("9D", to=0))
BIG_PLAYS = "9C KC JS TD AD JD QH 9H AH AS JH KS QD JC QS 9D TC TH KD AC 9S KH TS QC"


def play_deal(
    deal: list[str],
    gives: tuple[Give, Give],
    cards: str,
    contract: int,
    rules: Rules | None = None,
    scores: Sequence[int] | None = None,
) -> State:
    """Play the first deal (seat 1 declares at 100) and return the state after it."""
    s = new_game(rules, deal=deal, scores=scores, seed=11)
    s = run(s, [Bid(100), Pass(), Pass(), *gives, Contract(contract)])
    plays = [Play(c) for c in parse_cards(cards)]
    s = run(s, plays[:-1])
    assert s.deal_number == 1
    assert s.phase is Phase.PLAY
    return apply(s, plays[-1])


def worked(contract: int = 120, **kwargs: object) -> State:
    """The seed-000 deal played with ``contract``."""
    return play_deal(WORKED_DEAL, WORKED_GIVES, WORKED_PLAYS, contract, **kwargs)  # type: ignore[arg-type]


def big(**kwargs: object) -> State:
    """The deal where defender seat 0 scores 280, the declarer playing 100."""
    return play_deal(BIG_DEAL, BIG_GIVES, BIG_PLAYS, 100, **kwargs)  # type: ignore[arg-type]


def test_worked_example_of_seed_000() -> None:
    s = worked()
    row = s.sheet[-1]
    assert row == DealResult(
        number=1,
        dealer=0,
        outcome=Outcome.PLAYED,
        declarer=1,
        contract=120,
        totals=(24, 138, 18),
        marriages=((1, Suit.CLUBS),),
        deltas=(20, 120, 20),
        scores=(20, 120, 20),
    )
    assert row.made is True
    assert s.scores == (20, 120, 20)
    # the next deal: dealer 1, seat 2 opens
    assert s.deal_number == 2
    assert s.dealer == 1
    assert s.to_move == 2
    assert s.phase is Phase.AUCTION


def test_worked_example_trick_by_trick() -> None:
    s = new_game(deal=WORKED_DEAL, seed=11)
    s = run(s, [Bid(100), Pass(), Pass(), *WORKED_GIVES, Contract(120)])
    expected_points = [(9, 0, 0), (9, 0, 18), (9, 23, 18), (9, 32, 18), (24, 32, 18),
                       (24, 46, 18), (24, 56, 18)]  # fmt: skip
    cards = parse_cards(WORKED_PLAYS)
    for trick, points in enumerate(expected_points):
        s = run(s, [Play(c) for c in cards[3 * trick : 3 * trick + 3]])
        assert s.card_points == points
    assert s.marriages == ((1, Suit.CLUBS),)
    assert s.trump is Suit.CLUBS


def test_declarer_makes_a_raised_contract() -> None:
    assert worked(130).sheet[-1].deltas == (20, 130, 20)


def test_declarer_fails_and_loses_the_contract_unrounded() -> None:
    # 138 falls short of 140 (it would round to 140, but the declarer is not rounded)
    row = worked(140).sheet[-1]
    assert row.totals == (24, 138, 18)
    assert row.deltas == (20, -140, 20)
    assert row.made is False
    assert row.scores == (20, -140, 20)


def test_declarer_rounded_option() -> None:
    row = worked(140, rules=Rules(declarer_rounded=True)).sheet[-1]
    assert row.deltas == (20, 140, 20)


def test_defender_marriages_and_a_failing_declarer() -> None:
    row = big().sheet[-1]
    assert row.totals == (280, 0, 20)
    assert row.marriages == ((0, Suit.HEARTS), (0, Suit.DIAMONDS))
    assert row.deltas == (280, -100, 20)
    assert row.made is False


def test_defender_marriages_count_option() -> None:
    row = big(rules=Rules(defender_marriages_count=False)).sheet[-1]
    assert row.deltas == (100, -100, 20)


@pytest.mark.parametrize(
    ("total", "rounded"),
    [(0, 0), (4, 0), (5, 0), (6, 10), (14, 10), (15, 10), (16, 20), (18, 20),
     (24, 20), (25, 20), (26, 30), (100, 100), (135, 130), (136, 140)],
)  # fmt: skip
def test_round_defender_five_rounds_down(total: int, rounded: int) -> None:
    assert round_defender(Rules(), total) == rounded


def test_round_defender_options() -> None:
    up = Rules(rounding_half=HalfRounding.UP)
    assert [round_defender(up, t) for t in (24, 25, 26)] == [20, 30, 30]
    assert [round_defender(Rules(rounding_unit=1), t) for t in (24, 25, 26)] == [24, 25, 26]
    assert [round_defender(Rules(rounding_unit=5), t) for t in (22, 23, 24)] == [20, 25, 25]


def test_unrounded_defenders_in_ro() -> None:
    row = worked(rules=Rules.preset("ro")).sheet[-1]
    assert row.deltas == (24, 120, 18)


# --- barrel (RULES.md 3.9) -------------------------------------------------------------------


def test_defender_on_the_barrel_adds_nothing() -> None:
    row = worked(scores=[800, 0, 850]).sheet[-1]
    assert row.deltas == (0, 120, 0)
    assert row.scores == (800, 120, 850)


def test_defender_just_below_the_barrel_scores() -> None:
    row = worked(scores=[790, 0, 799]).sheet[-1]
    assert row.deltas == (20, 120, 20)
    assert row.scores == (810, 120, 819)


def test_declarer_on_the_barrel_scores() -> None:
    s = worked(scores=[0, 850, 0])
    assert s.sheet[-1].deltas == (20, 120, 20)
    assert s.scores == (20, 970, 20)
    assert not s.is_over
    assert worked(140, scores=[0, 850, 0]).scores == (20, 710, 20)


def test_no_barrel_option() -> None:
    row = worked(rules=Rules(barrel=None), scores=[800, 0, 900]).sheet[-1]
    assert row.deltas == (20, 120, 20)


# --- the 990 cap -----------------------------------------------------------------------------


def test_defender_capped_at_990() -> None:
    s = big(scores=[790, 0, 0])
    row = s.sheet[-1]
    # 790 + 280 would pass 1000: held at 990
    assert row.deltas == (200, -100, 20)
    assert s.scores == (990, -100, 20)
    assert not s.is_over
    assert s.winner is None


def test_defender_never_above_990_with_rounding_to_5() -> None:
    # RULES.md 3.9: "A non-declarer never goes above 990."  With defenders rounded to 5,
    # scores need not be multiples of 10: 715 + 280 = 995 stays below 1000 but is above 990.
    s = big(rules=Rules(rounding_unit=5), scores=[715, 0, 0])
    assert s.sheet[-1].totals[0] == 280
    assert s.scores[0] == 990


def test_defender_cap_nothing_and_none() -> None:
    assert big(rules=Rules(defender_cap="nothing"), scores=[790, 0, 0]).scores == (790, -100, 20)
    s = big(rules=Rules(defender_cap="none"), scores=[790, 0, 0])
    assert s.scores == (1070, -100, 20)
    assert s.winner == 0


def test_cap_without_barrel() -> None:
    s = worked(rules=Rules(barrel=None), scores=[980, 0, 990])
    assert s.sheet[-1].deltas == (10, 120, 0)
    assert s.scores == (990, 120, 990)
    assert not s.is_over


def test_ro_defender_may_win() -> None:
    s = big(rules=Rules.preset("ro"), scores=[790, 0, 0])
    assert s.scores == (1070, -100, 20)
    assert s.is_over
    assert s.winner == 0


# --- winning ---------------------------------------------------------------------------------


def test_declarer_reaching_1000_wins() -> None:
    s = worked(scores=[0, 900, 0])
    assert s.phase is Phase.GAME_OVER
    assert s.is_over
    assert s.winner == 1
    assert s.to_move is None
    assert s.scores == (20, 1020, 20)
    assert s.sheet[-1].scores == (20, 1020, 20)
    assert legal_moves(s) == ()
    with pytest.raises(IllegalMoveError, match="GAME_OVER"):
        apply(s, Bid(100))
    with pytest.raises(IllegalMoveError):
        apply(s, Pass())


def test_declarer_exactly_at_1000_wins() -> None:
    s = worked(scores=[0, 880, 0])
    assert s.winner == 1
    assert s.scores[1] == 1000


def test_defenders_do_not_win_in_app() -> None:
    # seat 0 at 990 on the barrel adds nothing; seat 2 at 790 is held at 990
    s = big(scores=[0, 0, 990])
    assert s.scores == (280, -100, 990)
    assert s.winner is None
    s = worked(scores=[990, 0, 790])
    assert s.scores == (990, 120, 810)
    assert s.winner is None


# --- the 500-point game ----------------------------------------------------------------------


def test_500_game_barrel_and_cap() -> None:
    r = Rules(target=500)
    assert r.barrel == 400
    assert big(rules=r, scores=[390, 0, 0]).scores == (490, -100, 20)
    assert big(rules=r, scores=[400, 0, 0]).scores == (400, -100, 20)
    row = worked(rules=r, scores=[400, 0, 399]).sheet[-1]
    assert row.deltas == (0, 120, 20)


def test_500_game_declarer_wins() -> None:
    s = worked(rules=Rules(target=500), scores=[0, 400, 0])
    assert s.scores == (20, 520, 20)
    assert s.is_over
    assert s.winner == 1
    assert not worked(rules=Rules(target=500), scores=[0, 370, 0]).is_over
