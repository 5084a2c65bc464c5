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
    Pass,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
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
