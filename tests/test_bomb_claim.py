"""The bomb (*bomba*) and the claim (*wykładanie*), seed 004 (brief decisions 4 and 10).

Three players; seat 0 deals, seat 1 opens with the forced 100.
"""

from __future__ import annotations

import pytest

from strategies import play_cards as play
from strategies import run_moves as run
from tysiac import (
    Bid,
    Bomb,
    BombPayout,
    BombRule,
    Claim,
    Contract,
    Give,
    IllegalMoveError,
    Move,
    Outcome,
    Pass,
    Phase,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
)


def give_two(state: State) -> State:
    """The declarer gives its first two cards (by card order) away."""
    assert state.phase is Phase.GIVE
    state = apply(state, legal_moves(state)[0])
    return apply(state, legal_moves(state)[0])


# --- the bomb --------------------------------------------------------------------------------

# seat 1 holds the hearts and diamonds marriages (cap 300); seat 2 the spade one (cap 160)
BOMB_DEAL = [
    "TS 9D JD TD 9H JH TH",  # seat 0
    "KH QH KD QD AH AD AS",  # seat 1
    "9S JS QS KS 9C JC QC",  # seat 2
    "KC TC AC",  # musik
]


def bomb_state(rules: Rules, bid: int, scores: tuple[int, ...] | None = None) -> State:
    """The contract phase with seat 1 declarer at ``bid``."""
    state = new_game(rules, deal=BOMB_DEAL, scores=scores)
    if bid == 100:
        auction: list[Move] = [Bid(100), Pass(), Pass()]
    else:
        auction = [Bid(100), Bid(110), Pass(), Bid(bid), Pass()]
    state = give_two(run(state, auction))
    assert state.phase is Phase.CONTRACT and state.declarer == 1 and state.bid == bid
    return state


@pytest.mark.parametrize(
    ("rule", "bid", "allowed"),
    [
        (BombRule.OFF, 100, False),
        (BombRule.OFF, 210, False),
        (BombRule.AT_OPENING_BID, 100, True),
        (BombRule.AT_OPENING_BID, 120, False),
        (BombRule.UP_TO_120, 100, True),
        (BombRule.UP_TO_120, 120, True),
        (BombRule.UP_TO_120, 130, False),
        (BombRule.ANY_BID, 100, True),
        (BombRule.ANY_BID, 210, True),
        (BombRule.ANY_BID, 300, True),
    ],
)
def test_bomb_rule(rule: BombRule, bid: int, allowed: bool) -> None:
    state = bomb_state(Rules(bomb=rule), bid)
    moves = legal_moves(state)
    assert (Bomb() in moves) is allowed
    if allowed:
        assert moves[-1] == Bomb()  # after the contracts
        assert all(isinstance(m, Contract) for m in moves[:-1])
    else:
        with pytest.raises(IllegalMoveError):
            apply(state, Bomb())


@pytest.mark.parametrize(
    ("payout", "bid", "each"),
    [
        (BombPayout.SIXTY, 100, 60),
        (BombPayout.SIXTY, 210, 60),
        (BombPayout.HALF_BID, 210, 110),  # seed 004's example
        (BombPayout.HALF_BID, 100, 50),
        (BombPayout.HALF_BID, 130, 70),  # 65 rounded up to 70
        (BombPayout.HALF_BID, 120, 60),
    ],
)
def test_bomb_payout(payout: BombPayout, bid: int, each: int) -> None:
    state = bomb_state(Rules(bomb=BombRule.ANY_BID, bomb_payout=payout), bid)
    after = apply(state, Bomb())
    row = after.sheet[-1]
    assert row.outcome is Outcome.BOMBED
    assert row.declarer == 1 and row.contract == bid
    assert row.deltas == (each, 0, each)
    assert after.scores == (each, 0, each)


def test_bomb_row_and_next_deal() -> None:
    state = bomb_state(Rules(bomb=BombRule.AT_OPENING_BID), 100)
    after = apply(state, Bomb())
    row = after.sheet[-1]
    assert row.number == 1 and row.dealer == 0
    assert row.totals == (0, 0, 0) and row.marriages == ()
    assert after.bombs == (0, 1, 0)
    # the deal passes to the left after a bomb, unlike a redeal
    assert after.dealer == 1 and after.deal_number == 2
    assert after.phase is Phase.AUCTION and after.to_move == 2


@pytest.mark.parametrize(("barrel", "deltas"), [(800, (0, 0, 0)), (None, (60, 0, 40))])
def test_bomb_payout_obeys_barrel_and_cap(barrel: int | None, deltas: tuple[int, ...]) -> None:
    rules = Rules(bomb=BombRule.AT_OPENING_BID, barrel=barrel)
    state = bomb_state(rules, 100, scores=(800, 900, 950))
    row = apply(state, Bomb()).sheet[-1]
    assert row.deltas == deltas
    assert row.scores[1] == 900  # the declarer's score is unchanged


def declare_110(state: State) -> State:
    """Make seat 1 the declarer at 110 in a seeded deal, whoever deals, and give two cards."""
    opener = (state.dealer + 1) % 3
    moves: list[Move] = []
    for seat in (opener, (opener + 1) % 3, (opener + 2) % 3):
        if seat == opener:
            moves.append(Bid(100))
        elif seat == 1:
            moves.append(Bid(110))
        else:
            moves.append(Pass())
    state = run(state, moves)
    while state.phase is Phase.AUCTION:  # the others pass
        state = apply(state, Pass())
    assert state.declarer == 1
    return give_two(state)


@pytest.mark.parametrize("limit", [1, 2])
def test_bombs_per_player(limit: int) -> None:
    rules = Rules(bomb=BombRule.ANY_BID, bombs_per_player=limit)
    state = apply(bomb_state(rules, 100), Bomb())
    assert state.bombs == (0, 1, 0)
    state = declare_110(state)  # deal 2, dealt by seat 1 (seat 2 opens)
    assert state.deal_number == 2
    assert (Bomb() in legal_moves(state)) is (limit == 2)
    if limit == 1:
        with pytest.raises(IllegalMoveError):
            apply(state, Bomb())
        return
    state = apply(state, Bomb())
    assert state.bombs == (0, 2, 0)
    state = declare_110(state)  # deal 3, dealt by seat 2
    assert state.deal_number == 3
    assert Bomb() not in legal_moves(state)
    # another seat still has its own bombs
    assert state.sheet[-1].outcome is Outcome.BOMBED


# --- the claim -------------------------------------------------------------------------------


def three(rules: Rules, d: str, l_: str, r: str, contract: int) -> State:
    """Seat 1 declares an unopposed 100 with final hands ``d``, ``l_`` (seat 2), ``r`` (seat 0).

    The musik is the last card of ``d`` and the first card of ``l_`` and of ``r``.
    """
    dd, ll, rr = d.split(), l_.split(), r.split()
    deal = [" ".join(rr[1:]), " ".join(dd[:-1]), " ".join(ll[1:]), f"{dd[-1]} {ll[0]} {rr[0]}"]
    state = new_game(rules, deal=deal)
    return run(
        state,
        [Bid(100), Pass(), Pass(), Give(ll[0], to=2), Give(rr[0], to=0), Contract(contract)],
    )


# seat 1 holds the top of every suit it holds and no marriage: no trump can ever appear
SOUND = ("AH TH KH AD TD KD AS TS", "9S JS QS KS 9C JC QC KC", "AC TC 9H JH QH 9D JD QD")
# the same with 9♠ for T♠: the 9♠ loses to any other spade
UNSOUND = ("AH TH KH AD TD KD AS 9S", "TS JS QS KS 9C JC QC KC", "AC TC 9H JH QH 9D JD QD")


def test_sound_claim_is_offered_and_takes_everything() -> None:
    state = three(Rules(claim=True), *SOUND, contract=120)
    moves = legal_moves(state)
    assert moves[-1] == Claim()
    after = apply(state, Claim())
    row = after.sheet[-1]
    assert row.outcome is Outcome.CLAIMED
    assert row.totals == (0, 120, 0)
    assert row.deltas == (0, 120, 0)
    assert after.deal_number == 2 and after.dealer == 1


def test_claim_off_is_never_offered() -> None:
    state = three(Rules(), *SOUND, contract=120)
    assert Claim() not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, Claim())


def test_unsound_claim_is_refused() -> None:
    state = three(Rules(claim=True), *UNSOUND, contract=100)
    assert Claim() not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, Claim())


def test_claim_only_on_the_declarers_lead() -> None:
    state = three(Rules(claim=True), *UNSOUND, contract=100)
    state = play(state, "9S TS 9D")  # seat 2 wins the first trick
    assert state.to_move == 2
    assert Claim() not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, Claim())
    state = play(state, "JS 9H AS")  # seat 1 wins the second
    assert state.to_move == 1
    # now every card seat 1 holds is the top of its suit
    assert legal_moves(state)[-1] == Claim()
    mid = play(state, "AH")
    assert mid.to_move == 2 and Claim() not in legal_moves(mid)
    row = apply(state, Claim()).sheet[-1]
    # seat 1: 13 (second trick) + every card still in play (50 + 16 + 31); seat 2: 10
    assert row.totals == (0, 110, 10)
    assert row.deltas == (0, 100, 10)
    assert row.outcome is Outcome.CLAIMED


def test_auto_claim_ends_the_deal_by_itself() -> None:
    state = three(Rules(claim=True, auto_claim=True), *SOUND, contract=120)
    # the contract was named and the deal was over at once
    assert state.deal_number == 2
    row = state.sheet[-1]
    assert row.outcome is Outcome.CLAIMED and row.deltas == (0, 120, 0)


def test_auto_claim_waits_until_sound() -> None:
    state = three(Rules(claim=True, auto_claim=True), *UNSOUND, contract=100)
    assert state.deal_number == 1 and state.phase is Phase.PLAY
    state = play(state, "9S TS 9D JS 9H")
    assert state.deal_number == 1
    state = play(state, "AS")  # seat 1 wins and is now certain of the rest
    assert state.deal_number == 2
    assert state.sheet[-1].outcome is Outcome.CLAIMED
    assert state.sheet[-1].totals == (0, 110, 10)
