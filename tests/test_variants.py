"""The options that let every table play its own variant: one scenario per option value, on
hand-made deals whose results were worked out by hand (the rules page, sections 4, 6, 7, 13
and 15).

Three-player seats: seat 0 deals, seat 1 bids first, seat 2 next.
"""

from __future__ import annotations

import pytest

from strategies import run_moves as run
from tysiac import (
    Bid,
    Contract,
    Give,
    IllegalMoveError,
    InvalidRulesError,
    Layout,
    Pass,
    Phase,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
    parse_cards,
)

#: Seat 0 (dealer): 9 card points; seat 1: the hearts marriage; seat 2: the clubs marriage.
DEAL = ["9S JS QS 9C JC 9D JD", "AH TH KH QH AS TS KS", "AC TC KC QC AD TD KD", "9H JH QD"]


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
