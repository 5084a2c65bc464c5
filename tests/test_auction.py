"""The auction of the default game (RULES.md 3.2 and 3.3): forced 100, raises, caps, redeals."""

from __future__ import annotations

import pytest

from strategies import run_moves as run
from tysiac import (
    Bid,
    DealResult,
    IllegalMoveError,
    Move,
    Outcome,
    Pass,
    Phase,
    Redeal,
    Rules,
    apply,
    legal_moves,
    new_game,
    parse_cards,
)

# Seat 0 deals; seat 1 opens.  Card points: seat 0 39, seat 1 36 (clubs marriage: cap 180),
# seat 2 37 (no marriage: cap 120).  Nobody may ask for a redeal.
PLAIN = ["KS AS TC JD 9H JH TH", "9C QC KC AC KD AD QH", "9S QS TS 9D QD TD AH", "JS JC KH"]
# Seat 1: clubs + diamonds marriages (cap 260); seat 2: spades + hearts (cap 260); seat 0: 120.
RICH = ["9S JS TS AS JC TC AC", "QC KC JD QD KD TD 9H", "KS QS KH QH 9C 9D AD", "JH TH AH"]
# Seat 2 holds four nines and the hearts marriage (18 card points).
NINES = ["AS TS KS QS JS AC TC", "KC QC JC AD TD KD QD", "9S 9C 9D 9H KH QH AH", "JH TH JD"]
# Seat 1 holds 9 card points and no marriage.
LOW = ["QS KS TS AS QC KC TC", "9S JS 9C JC 9D JD QH", "AC QD KD TD AD 9H JH", "KH TH AH"]
# The same with the king of hearts instead of the queen: exactly 10 points.
TEN = ["QS KS TS AS QC KC TC", "9S JS 9C JC 9D JD KH", "AC QD KD TD AD 9H JH", "QH TH AH"]
# Seat 1 holds 11 card points with the spades marriage.
LOW_MARRIED = ["JS TS AS QC KC TC AC", "QS KS 9S 9C 9D JC JD", "QD KD TD AD 9H JH QH", "KH TH AH"]


def bids(*amounts: int) -> list[Move]:
    """Bid moves for the given amounts."""
    return [Bid(a) for a in amounts]


def test_forced_opening_bid_left_of_the_dealer() -> None:
    s = new_game(deal=PLAIN)
    assert s.phase is Phase.AUCTION
    assert s.dealer == 0
    assert s.to_move == 1
    assert s.bid == 0
    assert legal_moves(s) == (Bid(100),)


@pytest.mark.parametrize("move", [Pass(), Bid(110), Bid(120), Bid(90), Redeal()])
def test_forced_opener_may_not_pass_or_bid_otherwise(move: Move) -> None:
    s = new_game(deal=PLAIN)
    with pytest.raises(IllegalMoveError) as info:
        apply(s, move)
    assert repr(move) in str(info.value)
    assert "AUCTION" in str(info.value)


def test_opener_follows_the_first_dealer() -> None:
    s = new_game(Rules(first_dealer=2), deal=PLAIN)
    assert s.dealer == 2
    assert s.to_move == 0
    assert legal_moves(s) == (Bid(100),)  # seat 0 has 39 points: no redeal
    s = apply(s, Bid(100))
    assert s.to_move == 1


def test_raises_after_the_opening_bid_and_move_order() -> None:
    s = apply(new_game(deal=PLAIN), Bid(100))
    assert s.bid == 100
    assert s.bidder == 1
    assert s.to_move == 2
    # seat 2 holds no marriage: Pass, then 110 and 120 (RULES.md 3.3 cap)
    assert legal_moves(s) == (Pass(), Bid(110), Bid(120))
    s = apply(s, Bid(110))
    assert s.to_move == 0
    assert legal_moves(s) == (Pass(), Bid(120))
    s = apply(s, Pass())
    # seat 1 holds the clubs marriage: up to 120 + 60
    assert s.to_move == 1
    assert legal_moves(s) == (Pass(), *bids(120, 130, 140, 150, 160, 170, 180))


def test_jump_bids_allowed_by_default() -> None:
    s = apply(new_game(deal=PLAIN), Bid(100))
    s = apply(s, Bid(120))
    assert s.bid == 120
    assert s.bidder == 2


def test_jump_bids_off_allows_exactly_one_step() -> None:
    s = apply(new_game(Rules(jump_bids=False), deal=PLAIN), Bid(100))
    assert legal_moves(s) == (Pass(), Bid(110))
    with pytest.raises(IllegalMoveError):
        apply(s, Bid(120))
    s = run(s, [Bid(110), Pass()])
    assert legal_moves(s) == (Pass(), Bid(120))


@pytest.mark.parametrize("amount", [100, 105, 115, 90, 130, 200])
def test_bad_raises_are_illegal(amount: int) -> None:
    s = apply(new_game(deal=PLAIN), Bid(100))
    with pytest.raises(IllegalMoveError, match=f"Bid\\({amount}\\)"):
        apply(s, Bid(amount))


def test_bid_cap_is_120_plus_marriages_in_hand() -> None:
    s = apply(new_game(deal=RICH), Bid(100))
    # seat 2: spades (40) + hearts (100) in hand -> 260
    expected = (Pass(), *bids(*range(110, 261, 10)))
    assert legal_moves(s) == expected
    with pytest.raises(IllegalMoveError):
        apply(s, Bid(270))
    s = apply(s, Bid(260))
    # seat 0 has no marriage and cannot go above 120, so passing is its only move
    assert s.to_move == 0
    assert legal_moves(s) == (Pass(),)
    s = apply(s, Pass())
    # seat 1: clubs (60) + diamonds (80) -> 260 as well, all used up
    assert legal_moves(s) == (Pass(),)


def test_bid_cap_without_marriage_cap_rule() -> None:
    s = apply(new_game(Rules(bid_cap_marriages=False, max_bid=200), deal=PLAIN), Bid(100))
    assert legal_moves(s) == (Pass(), *bids(*range(110, 201, 10)))


def test_a_pass_is_final() -> None:
    s = run(new_game(deal=PLAIN), [Bid(100), Bid(110), Pass()])
    assert s.passed == (0,)
    s = apply(s, Bid(120))
    # seat 0 passed: the turn goes from seat 1 straight to seat 2
    assert s.to_move == 2
    s = apply(s, Pass())
    assert s.passed == (0, 2)
    assert s.phase is Phase.GIVE
    assert s.declarer == 1
    assert s.bid == 120
    assert 0 not in [seat for seat, move in s.moves[3:] if isinstance(move, (Bid, Pass))]


def test_auction_ends_when_all_but_one_passed() -> None:
    s = run(new_game(deal=PLAIN), [Bid(100), Pass()])
    assert s.phase is Phase.AUCTION
    assert s.declarer is None
    s = apply(s, Pass())
    assert s.declarer == 1
    assert s.bid == 100
    assert s.phase is Phase.GIVE
    assert s.to_move == 1


def test_auction_declarer_can_be_the_dealer() -> None:
    s = run(new_game(deal=PLAIN), [Bid(100), Pass(), Bid(110)])
    # seat 2 passed: after seat 0 comes seat 1
    assert s.to_move == 1
    s = apply(s, Pass())
    assert s.declarer == 0
    assert s.bid == 110
    assert s.bidder == 0


def test_auction_declarer_seat_two() -> None:
    s = run(new_game(deal=PLAIN), [Bid(100), Bid(120), Pass(), Pass()])
    assert s.declarer == 2
    assert s.bid == 120
    assert s.moves == ((1, Bid(100)), (2, Bid(120)), (0, Pass()), (1, Pass()))


# --- redeal (RULES.md 3.2; decision 3) -------------------------------------------------------


def test_four_nines_allow_a_redeal_even_with_a_marriage_in_app() -> None:
    s = apply(new_game(deal=NINES), Bid(100))
    assert s.to_move == 2
    # Pass, bids ascending up to 120 + hearts 100, then Redeal
    assert legal_moves(s) == (Pass(), *bids(*range(110, 221, 10)), Redeal())


def test_four_nines_with_a_marriage_blocked_in_pl() -> None:
    s = apply(new_game(Rules.preset("pl"), deal=NINES), Bid(100))
    assert Redeal() not in legal_moves(s)
    with pytest.raises(IllegalMoveError):
        apply(s, Redeal())


def test_fewer_than_10_points_without_marriage_allows_a_redeal() -> None:
    s = new_game(deal=LOW)
    assert sum(c.points for c in parse_cards(LOW[1])) == 9
    # the forced opener's first turn: the forced bid, or the redeal
    assert legal_moves(s) == (Bid(100), Redeal())


def test_exactly_10_points_do_not_allow_a_redeal() -> None:
    s = new_game(deal=TEN)
    assert sum(c.points for c in parse_cards(TEN[1])) == 10
    assert legal_moves(s) == (Bid(100),)
    with pytest.raises(IllegalMoveError, match="Redeal"):
        apply(s, Redeal())


def test_marriage_blocks_the_points_rule() -> None:
    assert sum(c.points for c in parse_cards(LOW_MARRIED[1])) == 11
    blocked = new_game(Rules(redeal_threshold=18), deal=LOW_MARRIED)
    assert legal_moves(blocked) == (Bid(100),)
    allowed = new_game(Rules(redeal_threshold=18, redeal_marriage="never"), deal=LOW_MARRIED)
    assert legal_moves(allowed) == (Bid(100), Redeal())
    # with the default threshold of 10, 11 points never allow it
    assert legal_moves(new_game(deal=LOW_MARRIED)) == (Bid(100),)


def test_redeal_threshold_option() -> None:
    assert legal_moves(new_game(Rules(redeal_threshold=11), deal=TEN)) == (Bid(100), Redeal())
    assert legal_moves(new_game(Rules(redeal=False), deal=LOW)) == (Bid(100),)


def test_redeal_only_on_the_first_turn() -> None:
    s = run(new_game(deal=LOW), [Bid(100), Bid(110), Pass()])
    assert s.to_move == 1
    assert legal_moves(s) == (Pass(), Bid(120))
    with pytest.raises(IllegalMoveError, match="Redeal"):
        apply(s, Redeal())


def test_redeal_keeps_dealer_and_scores_and_records_a_row() -> None:
    s = new_game(deal=LOW, seed=5, scores=[10, 20, 30])
    after = apply(s, Redeal())
    assert after.phase is Phase.AUCTION
    assert after.dealer == 0
    assert after.to_move == 1
    assert after.deal_number == 2
    assert after.scores == (10, 20, 30)
    assert tuple(after.sheet) == (
        DealResult(
            number=1,
            dealer=0,
            outcome=Outcome.REDEALT,
            declarer=None,
            contract=None,
            totals=(0, 0, 0),
            marriages=(),
            deltas=(0, 0, 0),
            scores=(10, 20, 30),
        ),
    )
    assert after.moves == ()
    assert after.bid == 0
    assert after.hands != s.hands  # the cards were dealt again
    assert len({c for h in after.hands for c in h} | set(after.musiks[0])) == 24


def test_redeal_by_a_later_seat_on_its_first_turn() -> None:
    s = apply(new_game(deal=NINES, scores=[0, 50, 100]), Bid(100))
    after = apply(s, Redeal())
    assert after.deal_number == 2
    assert after.dealer == 0
    assert after.scores == (0, 50, 100)
    assert after.sheet[-1].outcome is Outcome.REDEALT
    assert after.sheet[-1].deltas == (0, 0, 0)


def test_illegal_auction_move_leaves_state_unchanged() -> None:
    s = apply(new_game(deal=PLAIN, seed=3), Bid(100))
    again = apply(new_game(deal=PLAIN, seed=3), Bid(100))
    with pytest.raises(IllegalMoveError):
        apply(s, Bid(130))
    assert s == again
    assert legal_moves(s) == legal_moves(again)
