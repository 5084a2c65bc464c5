"""The two four-player layouts (RULES.md 5, brief decision 9).

FOUR_SITTER: the dealer sits out and scores the musik (50 per ace plus a marriage lying in
it) as a defender.  FOUR_ALL_PLAY: 6 cards each, no musik, marriages also "on someone".
"""

from __future__ import annotations

import pytest

from strategies import play_cards as play
from strategies import run_moves as run
from tysiac import (
    Bid,
    Bomb,
    BombRule,
    Card,
    Contract,
    Give,
    IllegalMoveError,
    Layout,
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
)


def round10(total: int) -> int:
    """A defender's rounding by hand: nearest 10, a 5 rounds down."""
    return (total + 4) // 10 * 10


def finish(state: State, never: int | None = None) -> State:
    """Play the current deal out with the first legal move; ``never`` must never move."""
    number = state.deal_number
    while state.deal_number == number and not state.is_over:
        assert state.to_move != never
        state = apply(state, legal_moves(state)[0])
    return state


# --- the sitter ------------------------------------------------------------------------------

SITTER_MUSIK = "AH KD QD"  # 50 for the ace + 80 for the diamond marriage = 130
SITTER = [
    "",  # seat 0 deals and sits out
    "AS TS KS QS JS 9S AC",
    "TC KC QC JC 9C AD TD",
    "JD 9D TH QH JH 9H KH",
    SITTER_MUSIK,
]


def sitter_rules(**options: object) -> Rules:
    return Rules(players=4, **options)  # type: ignore[arg-type]


def test_sitter_layout_is_default_for_four() -> None:
    assert Rules(players=4).layout is Layout.FOUR_SITTER


def test_sitter_deal_shape() -> None:
    for seed in range(4):
        state = new_game(sitter_rules(), seed=seed)
        assert [len(h) for h in state.hands] == [0, 7, 7, 7]
        assert [len(m) for m in state.musiks] == [3]
        assert state.to_move == 1


def test_sitter_never_moves_and_the_others_play_three_handed() -> None:
    state = new_game(sitter_rules(), deal=SITTER)
    state = run(state, [Bid(100), Pass(), Pass()])
    assert state.declarer == 1 and state.phase is Phase.GIVE
    # gives go to the left-hand player (seat 2), then the right-hand one (seat 3)
    assert {m.to for m in legal_moves(state) if isinstance(m, Give)} == {2}
    state = apply(state, Give("9S", to=2))
    assert {m.to for m in legal_moves(state) if isinstance(m, Give)} == {3}
    with pytest.raises(IllegalMoveError):
        apply(state, Give("JS", to=0))
    state = run(state, [Give("JS", to=3), Contract(100)])
    # a trick has three cards: leader 1, then 2, then 3, then back to 1
    state = play(state, "AS")
    assert state.to_move == 2
    state = apply(state, legal_moves(state)[0])
    assert state.to_move == 3
    state = apply(state, legal_moves(state)[0])
    assert state.tricks_played == 1 and state.to_move in (1, 2, 3)
    after = finish(state, never=0)
    row = after.sheet[-1]
    assert row.deltas[0] == 130
    assert row.totals[0] == 0  # the sitter takes no tricks
    # next deal: seat 1 deals and sits out; seat 2 opens
    assert after.dealer == 1 and after.hands[1] == () and after.to_move == 2


@pytest.mark.parametrize(
    ("musik", "score"),
    [("AH KD QD", 130), ("AS AC 9D", 100), ("KH QH AD", 150), ("9S JS QS", 0), ("KS QS JD", 40)],
)
def test_sitter_score(musik: str, score: int) -> None:
    rest = [c for c in (f"{r}{s}" for s in "SCDH" for r in "9JQKTA") if c not in musik.split()]
    deal = ["", " ".join(rest[0:7]), " ".join(rest[7:14]), " ".join(rest[14:21]), musik]
    state = finish(new_game(sitter_rules(), deal=deal), never=0)
    assert state.sheet[-1].deltas[0] == score


@pytest.mark.parametrize(
    ("barrel", "start", "delta"),
    [(800, 0, 130), (800, 800, 0), (800, 799, 130), (None, 900, 90), (None, 850, 130)],
)
def test_sitter_is_a_defender_for_barrel_and_cap(
    barrel: int | None, start: int, delta: int
) -> None:
    # barrel at 800: the sitter on it adds nothing; cap: held at 990
    rules = sitter_rules(barrel=barrel)
    state = new_game(rules, deal=SITTER, scores=(start, 0, 0, 0))
    state = finish(state, never=0)
    assert state.sheet[-1].deltas[0] == delta


def test_sitter_cap_nothing() -> None:
    rules = sitter_rules(defender_cap="nothing", barrel=None)
    state = finish(new_game(rules, deal=SITTER, scores=(900, 0, 0, 0)), never=0)
    assert state.sheet[-1].deltas[0] == 0


def test_sitter_scores_in_a_bombed_deal() -> None:
    state = new_game(sitter_rules(bomb=BombRule.AT_OPENING_BID), deal=SITTER)
    state = run(state, [Bid(100), Pass(), Pass(), Give("9S", to=2), Give("JS", to=3)])
    assert legal_moves(state)[-1] == Bomb()
    state = apply(state, Bomb())
    row = state.sheet[-1]
    assert row.outcome is Outcome.BOMBED
    assert row.deltas == (130, 0, 60, 60)


# --- all play --------------------------------------------------------------------------------

ALL = [
    "QS KS TS 9C JC TC",  # seat 0 (dealer)
    "AS QC AH TH AD TD",  # seat 1
    "9S KC KH QH 9D JD",  # seat 2
    "JS AC JH 9H KD QD",  # seat 3
]


def all_play(**options: object) -> State:
    """The ALL deal: seat 1 declares the forced 100 unopposed and contracts 100."""
    rules = Rules(players=4, layout=Layout.FOUR_ALL_PLAY, **options)  # type: ignore[arg-type]
    state = new_game(rules, deal=ALL)
    return run(state, [Bid(100), Pass(), Pass(), Pass(), Contract(100)])


def test_all_play_deal_shape() -> None:
    for seed in range(4):
        state = new_game(Rules(players=4, layout="four-all-play"), seed=seed)
        assert [len(h) for h in state.hands] == [6, 6, 6, 6]
        assert state.musiks == ()
        assert state.to_move == 1


def test_all_play_auction_goes_straight_to_contract() -> None:
    rules = Rules(players=4, layout=Layout.FOUR_ALL_PLAY)
    state = new_game(rules, deal=ALL)
    assert legal_moves(state) == (Bid(100),)
    state = apply(state, Bid(100))
    assert state.to_move == 2
    state = run(state, [Bid(110), Pass()])
    assert state.to_move == 0  # the dealer bids last in the round
    state = run(state, [Pass(), Pass()])
    assert state.declarer == 2 and state.bid == 110
    assert state.phase is Phase.CONTRACT and state.to_move == 2
    # seat 2 holds the hearts marriage: 120 + 100
    assert legal_moves(state) == tuple(Contract(a) for a in range(110, 230, 10))
    state = apply(state, Contract(110))
    assert state.phase is Phase.PLAY and state.to_move == 2 and state.leader == 2


def test_marriage_on_someone() -> None:
    state = play(all_play(), "AS 9S JS QS")
    assert state.to_move == 1
    state = play(state, "QC")
    assert state.marriages == ()  # seat 1 holds no K♣
    state = play(state, "KC")  # seat 2 plays the king right after its queen
    assert state.marriages == ((2, Suit.CLUBS),)
    assert state.trump is Suit.CLUBS
    state = play(state, "AC 9C")
    assert state.to_move == 3  # A♣ won
    # seat 3 declares by leading as usual
    state = play(state, "QD")
    assert state.marriages == ((2, Suit.CLUBS), (3, Suit.DIAMONDS))
    assert state.trump is Suit.DIAMONDS


@pytest.mark.parametrize("first", [True, False])
def test_on_someone_first_trick(first: bool) -> None:
    state = play(all_play(marriage_on_first_trick=first), "QC KC")
    assert state.marriages == (((2, Suit.CLUBS),) if first else ())


def test_on_someone_needs_the_queen_just_before() -> None:
    # a king played after a queen of another suit, or after a non-queen, declares nothing
    state = play(all_play(), "AS 9S JS QS AH")
    state = play(state, "KH")  # after the A♥: no marriage (seat 2 holds Q♥, but did not lead)
    assert state.marriages == ()


def test_on_someone_optional() -> None:
    state = play(all_play(declaration="optional"), "AS 9S JS QS QC")
    assert legal_moves(state) == (Play("KC"), Play("KC", meld=True))
    assert play(state, "KC").marriages == ()
    melded = apply(state, Play("KC", meld=True))
    assert melded.marriages == ((2, Suit.CLUBS),) and melded.trump is Suit.CLUBS


def test_on_someone_automatic_rejects_meld_flag() -> None:
    state = play(all_play(), "AS 9S JS QS QC")
    assert legal_moves(state) == (Play("KC"),)
    with pytest.raises(IllegalMoveError):
        apply(state, Play("KC", meld=True))


def test_all_play_scoring() -> None:
    state = play(all_play(), "AS 9S JS QS QC KC AC 9C")
    last = finish(state)
    row = last.sheet[-1]
    assert row.outcome is Outcome.PLAYED and row.declarer == 1
    assert row.marriages[0] == (2, Suit.CLUBS)
    melds = sum((40, 60, 80, 100)[suit] for _, suit in row.marriages)
    assert sum(row.totals) == 120 + melds
    for seat in (0, 2, 3):
        assert row.deltas[seat] == round10(row.totals[seat])
    assert row.deltas[1] == (100 if row.totals[1] >= 100 else -100)
    assert last.dealer == 1 and last.to_move == 2


def test_all_play_seat_order() -> None:
    state = all_play()
    seen = []
    for card in ["AS", "9S", "JS", "QS"]:
        seen.append(state.to_move)
        state = apply(state, Play(card))
    assert seen == [1, 2, 3, 0]
    assert set(state.taken[1]) == {Card.parse(c) for c in ["AS", "9S", "JS", "QS"]}
    assert state.to_move == 1
