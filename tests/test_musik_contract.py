"""The musik, the two gifts and the contract of the default game (RULES.md 3.4 and 3.5)."""

from __future__ import annotations

import pytest

from strategies import run_moves as run
from tysiac import (
    Bid,
    Card,
    Contract,
    Give,
    IllegalMoveError,
    Move,
    Pass,
    Phase,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
    parse_cards,
)

# Seat 1 holds the clubs marriage and the queen of hearts; the musik holds the king of hearts.
DEAL = ["KS AS TC JD 9H JH TH", "9C QC KC AC KD AD QH", "9S QS TS 9D QD TD AH", "JS JC KH"]
MUSIK = set(parse_cards(DEAL[3]))


def declarer_1(bid: int = 100) -> State:
    """Seat 1 wins the auction at ``bid`` (seat 2 bids 110 first when ``bid`` > 100)."""
    s = new_game(deal=DEAL)
    if bid == 100:
        return run(s, [Bid(100), Pass(), Pass()])
    return run(s, [Bid(100), Bid(110), Pass(), Bid(bid), Pass()])


def contracts(low: int, high: int) -> tuple[Move, ...]:
    """Contract moves from ``low`` to ``high`` in steps of 10."""
    return tuple(Contract(a) for a in range(low, high + 1, 10))


def test_musik_is_revealed_and_taken_by_the_declarer() -> None:
    before = new_game(deal=DEAL)
    assert before.revealed_musik == ()
    assert set(before.musiks[0]) == MUSIK
    s = declarer_1()
    assert s.phase is Phase.GIVE
    assert s.to_move == 1
    assert set(s.revealed_musik) == MUSIK
    assert len(s.hands[1]) == 10
    assert set(s.hands[1]) >= MUSIK
    assert set(s.hands[1]) == set(parse_cards(DEAL[1])) | MUSIK
    assert [len(h) for h in s.hands] == [7, 10, 7]
    # the musik is no longer on the table
    assert all(len(m) == 0 for m in s.musiks)


def test_give_goes_to_the_left_hand_opponent_first() -> None:
    s = declarer_1()
    hand = s.hands[1]
    # declarer 1: left-hand opponent is seat 2, then seat 0; moves in card order
    assert legal_moves(s) == tuple(Give(c, to=2) for c in sorted(hand))
    with pytest.raises(IllegalMoveError) as info:
        apply(s, Give("JS", to=0))
    assert "Give(" in str(info.value)
    assert "GIVE" in str(info.value)
    with pytest.raises(IllegalMoveError):
        apply(s, Give("JS", to=1))
    s = apply(s, Give("JS", to=2))
    assert s.phase is Phase.GIVE
    assert s.to_move == 1
    assert legal_moves(s) == tuple(Give(c, to=0) for c in sorted(hand) if str(c) != "JS")
    with pytest.raises(IllegalMoveError):
        apply(s, Give("JC", to=2))
    s = apply(s, Give("JC", to=0))
    assert s.phase is Phase.CONTRACT
    assert s.to_move == 1
    assert [len(h) for h in s.hands] == [8, 8, 8]
    assert Card.parse("JS") in s.hands[2]
    assert Card.parse("JC") in s.hands[0]
    assert Card.parse("JS") not in s.hands[1]


def test_give_a_card_not_in_hand_is_illegal() -> None:
    s = declarer_1()
    with pytest.raises(IllegalMoveError, match="9S"):
        apply(s, Give("9S", to=2))  # seat 2's own card
    with pytest.raises(IllegalMoveError):
        apply(s, Contract(100))
    with pytest.raises(IllegalMoveError):
        apply(s, Pass())


@pytest.mark.parametrize(
    ("auction", "declarer", "first", "second"),
    [
        ([Bid(100), Pass(), Pass()], 1, 2, 0),
        ([Bid(100), Bid(110), Pass(), Pass()], 2, 0, 1),
        ([Bid(100), Pass(), Bid(110), Pass()], 0, 1, 2),
    ],
)
def test_give_order_for_every_declarer(
    auction: list[Move], declarer: int, first: int, second: int
) -> None:
    s = run(new_game(deal=DEAL), auction)
    assert s.declarer == declarer
    assert s.to_move == declarer
    assert len(s.hands[declarer]) == 10
    moves = legal_moves(s)
    assert moves and all(isinstance(m, Give) and m.to == first for m in moves)
    s = apply(s, moves[0])
    moves = legal_moves(s)
    assert moves and all(isinstance(m, Give) and m.to == second for m in moves)
    s = apply(s, moves[-1])
    assert s.phase is Phase.CONTRACT
    assert [len(h) for h in s.hands] == [8, 8, 8]


def test_contract_cap_counts_marriages_now_in_hand() -> None:
    # the king of hearts from the musik completes a second marriage: 120 + 60 + 100
    s = run(declarer_1(), [Give("JS", to=2), Give("JC", to=0)])
    assert legal_moves(s) == contracts(100, 280)
    with pytest.raises(IllegalMoveError):
        apply(s, Contract(290))


def test_contract_cap_after_giving_a_marriage_card_away() -> None:
    # giving the king of hearts away leaves only clubs: 120 + 60
    s = run(declarer_1(), [Give("JS", to=2), Give("KH", to=0)])
    assert legal_moves(s) == contracts(100, 180)
    with pytest.raises(IllegalMoveError) as info:
        apply(s, Contract(190))
    assert "Contract(190)" in str(info.value)
    assert "CONTRACT" in str(info.value)


def test_the_bid_is_always_a_legal_contract() -> None:
    # seat 1 bids 170 with the clubs marriage, then gives both clubs marriage cards away
    s = declarer_1(170)
    assert s.bid == 170
    s = run(s, [Give("QC", to=2), Give("KC", to=0)])
    # hearts marriage still in hand (QH + KH from the musik): cap 220
    assert legal_moves(s) == contracts(170, 220)
    s = run(declarer_1(170), [Give("QC", to=2), Give("KH", to=0)])
    # no marriage left: the cap would be 120, yet the bid stands
    assert legal_moves(s) == (Contract(170),)
    with pytest.raises(IllegalMoveError):
        apply(s, Contract(180))


@pytest.mark.parametrize("amount", [90, 110, 105, 125, 0, -100])
def test_contract_below_bid_or_off_step_is_illegal(amount: int) -> None:
    s = run(declarer_1(120), [Give("JS", to=2), Give("JC", to=0)])
    assert s.bid == 120
    with pytest.raises(IllegalMoveError):
        apply(s, Contract(amount))


def test_contract_raise_off() -> None:
    s = run(new_game(Rules(contract_raise=False), deal=DEAL), [Bid(100), Pass(), Pass()])
    s = run(s, [Give("JS", to=2), Give("JC", to=0)])
    assert legal_moves(s) == (Contract(100),)


def test_declarer_leads_the_first_trick() -> None:
    s = run(declarer_1(), [Give("JS", to=2), Give("JC", to=0), Contract(150)])
    assert s.phase is Phase.PLAY
    assert s.contract == 150
    assert s.declarer == 1
    assert s.to_move == 1
    assert s.leader == 1
    assert s.trick == ()
    assert s.trump is None
    # any card of the declarer's hand may be led
    assert len(legal_moves(s)) == 8


def test_declarer_zero_leads_after_contract() -> None:
    s = run(new_game(deal=DEAL), [Bid(100), Pass(), Bid(110), Pass()])
    s = run(s, [legal_moves(s)[0]])
    s = run(s, [legal_moves(s)[0], Contract(110)])
    assert s.phase is Phase.PLAY
    assert s.to_move == 0
    assert s.leader == 0
