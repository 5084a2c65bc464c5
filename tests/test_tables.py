"""The engine's precomputed tables agree with the rules they stand for: the card points by
suit, the bid caps by marriages held, each play's log code and the seats of a trick."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from strategies import rules
from tysiac import CARDS, Play, Rank, Rules
from tysiac._rules.flags import bid_cap
from tysiac._vocab.masks import mask_points
from tysiac._vocab.movecodes import EMPTY_LOG, MELD_CODE, log_moves, log_plus

masks = st.integers(min_value=0, max_value=(1 << 24) - 1)

POINTS = {Rank.NINE: 0, Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4, Rank.TEN: 10, Rank.ACE: 11}


@given(masks)
def test_card_points_are_the_sum_over_the_cards(mask: int) -> None:
    assert mask_points(mask) == sum(
        POINTS[card.rank] for i, card in enumerate(CARDS) if mask >> i & 1
    )


def _held(rules_: Rules, hand: int) -> int:
    """The marriages (a king and a queen of a suit) and the ace marriage held, card by card."""
    value = 0
    for suit in range(4):
        queen, king = suit * 6 + 2, suit * 6 + 3
        if hand >> queen & 1 and hand >> king & 1:
            value += rules_.marriage_values[suit]
    aces = all(hand >> (suit * 6 + 5) & 1 for suit in range(4))
    if aces and rules_.ace_marriage is not None:
        value += rules_.ace_marriage
    return value


@given(rules(), masks)
def test_the_bid_cap_is_120_plus_the_marriages_held(rules_: Rules, hand: int) -> None:
    expected = rules_.max_bid
    if rules_.bid_cap_marriages:
        expected = min(rules_.max_bid, 120 + _held(rules_, hand))
    assert bid_cap(rules_, hand) == expected


def test_every_play_logs_its_own_code() -> None:
    for card in CARDS:
        for meld in (False, True):
            move = Play(card, meld=meld)
            assert move._code == card.index + (MELD_CODE if meld else 0)
            assert log_moves(log_plus(EMPTY_LOG, 2, move)) == ((2, move),)


@given(rules(), st.data())
def test_the_trick_seats_follow_the_next_seat_table(rules_: Rules, data: st.DataObject) -> None:
    f = rules_._play
    dealer = data.draw(st.integers(0, rules_.players - 1))
    leader = data.draw(st.sampled_from(f.active_seats[dealer]))
    order = f.trick_seats[dealer][leader]
    assert len(order) == f.active
    assert set(order) == set(f.active_seats[dealer])  # everyone in play, once
    for a, b in pairwise(order):
        assert f.next_seat[dealer][a] == b
