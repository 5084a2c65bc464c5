"""The five two-player layouts (RULES.md 5, brief decision 8), played out on hand-made deals.

Seat 0 deals, so seat 1 (the non-dealer) opens with the forced 100 and, in the draw game,
leads the first trick.  Every total below was worked out by hand, trick by trick.
"""

from __future__ import annotations

import pytest

from strategies import play_cards as play
from strategies import run_moves as run
from tysiac import (
    Bid,
    Card,
    ChooseMusik,
    Contract,
    Discard,
    IllegalMoveError,
    Layout,
    Move,
    Outcome,
    Pass,
    Phase,
    Play,
    Redeal,
    Rules,
    State,
    Suit,
    apply,
    legal_moves,
    new_game,
    observe,
    parse_cards,
)


def cards(text: str) -> set[Card]:
    """The set of cards named in ``text``."""
    return set(parse_cards(text))


def playable(state: State) -> set[Card]:
    """The cards the seat to move may play."""
    return {m.card for m in legal_moves(state) if isinstance(m, Play)}


def rules(layout: Layout, **options: object) -> Rules:
    """Two-player rules with ``layout``."""
    return Rules(players=2, layout=layout, **options)  # type: ignore[arg-type]


# --- deal sizes and the auction --------------------------------------------------------------


@pytest.mark.parametrize(
    ("layout", "hand", "musiks", "stock", "phase"),
    [
        (Layout.TWO_CLASSIC, 10, (2, 2), 0, Phase.AUCTION),
        (Layout.TWO_MUSIKS_OF_THREE, 9, (3, 3), 0, Phase.AUCTION),
        (Layout.TWO_NO_MUSIK, 12, (), 0, Phase.AUCTION),
        (Layout.TWO_DRAW, 6, (), 12, Phase.PLAY),
        (Layout.TWO_OPEN_MUSIK, 7, (2,), 8, Phase.AUCTION),
    ],
)
def test_deal_sizes(
    layout: Layout, hand: int, musiks: tuple[int, ...], stock: int, phase: Phase
) -> None:
    for seed in range(5):
        state = new_game(rules(layout), seed=seed)
        assert [len(h) for h in state.hands] == [hand, hand]
        assert tuple(len(m) for m in state.musiks) == musiks
        assert len(state.stock) == stock
        assert state.phase is phase
        assert state.to_move == 1  # the non-dealer


def test_default_two_player_layout() -> None:
    assert Rules(players=2).layout is Layout.TWO_CLASSIC


@pytest.mark.parametrize(
    "layout",
    [Layout.TWO_CLASSIC, Layout.TWO_MUSIKS_OF_THREE, Layout.TWO_NO_MUSIK, Layout.TWO_OPEN_MUSIK],
)
def test_auction_forced_100_then_alternate(layout: Layout) -> None:
    state = new_game(rules(layout), seed=11)
    assert [m for m in legal_moves(state) if m != Redeal()] == [Bid(100)]
    with pytest.raises(IllegalMoveError):
        apply(state, Pass())
    state = apply(state, Bid(100))
    assert state.to_move == 0 and legal_moves(state)[:2] == (Pass(), Bid(110))
    state = apply(state, Bid(110))
    assert state.to_move == 1 and legal_moves(state)[:2] == (Pass(), Bid(120))
    state = apply(state, Bid(120))
    assert state.to_move == 0
    state = apply(state, Pass())  # one pass ends the auction
    assert state.declarer == 1 and state.bid == 120
    expected = {
        Layout.TWO_CLASSIC: Phase.CHOOSE_MUSIK,
        Layout.TWO_MUSIKS_OF_THREE: Phase.CHOOSE_MUSIK,
        Layout.TWO_NO_MUSIK: Phase.CONTRACT,
        Layout.TWO_OPEN_MUSIK: Phase.DISCARD,
    }[layout]
    assert state.phase is expected and state.to_move == 1


# --- classic: two musiks of 2 ----------------------------------------------------------------

CLASSIC = [
    "JC 9C AD TD KD QD JD 9D AH TH",  # seat 0
    "AS TS KS QS JS 9S AC TC KC QC",  # seat 1
    "KH QH",  # musik 0
    "JH 9H",  # musik 1
]
# seat 1 takes musik 1, discards K♣ Q♣; T1 AC 9C; T2 QS (♠40) 9D; T3 TC JC;
# T4-T8 AS JD, TS QD, KS KD, JS TD, 9S AD; T9 9H TH -> seat 0; T10 AH JH -> seat 0.
# Seat 1: 83 in cards + 40 = 123.  Seat 0: 10 + 13 + musik 0 (7) + discards (7) = 37.
CLASSIC_PLAY = "AC 9C QS 9D TC JC AS JD TS QD KS KD JS TD 9S AD 9H TH AH JH"


def test_classic_deal() -> None:
    state = new_game(rules(Layout.TWO_CLASSIC), deal=CLASSIC)
    state = run(state, [Bid(100), Bid(110), Bid(120), Pass()])
    assert state.phase is Phase.CHOOSE_MUSIK
    assert legal_moves(state) == (ChooseMusik(0), ChooseMusik(1))
    state = apply(state, ChooseMusik(1))
    # the chosen musik is shown to the opponent; the other one stays hidden
    assert set(state.revealed_musik) == cards("JH 9H")
    assert set(observe(state, 0).musik) == cards("JH 9H")
    assert len(state.hands[1]) == 12
    assert state.phase is Phase.DISCARD
    state = apply(state, Discard("KC"))
    assert state.phase is Phase.DISCARD
    state = apply(state, Discard("QC"))
    assert state.phase is Phase.CONTRACT
    assert set(state.discards) == cards("KC QC")
    assert observe(state, 0).discards == ()  # the opponent does not see them
    assert set(observe(state, 0).musik) == cards("JH 9H")
    # the cap counts the spade marriage still held (120 + 40)
    assert legal_moves(state) == tuple(Contract(a) for a in range(120, 170, 10))
    state = apply(state, Contract(120))
    assert state.to_move == 1 and state.leader == 1
    last = play(state, CLASSIC_PLAY)
    row = last.sheet[-1]
    assert row.outcome is Outcome.PLAYED
    assert row.marriages == ((1, Suit.SPADES),)
    # the unchosen musik and the discards go to seat 0, who won the last trick
    assert row.totals == (37, 123)
    assert row.deltas == (40, 120)
    assert last.dealer == 1 and last.to_move == 0


def test_classic_tricks() -> None:
    state = new_game(rules(Layout.TWO_CLASSIC), deal=CLASSIC)
    state = run(state, [Bid(100), Pass(), ChooseMusik(1), Discard("KC"), Discard("QC")])
    state = apply(state, Contract(100))
    # 10 tricks: after 9 of them each seat holds one card
    state = play(state, " ".join(CLASSIC_PLAY.split()[:18]))
    assert state.tricks_played == 9
    assert [len(h) for h in state.hands] == [1, 1]


def test_discard_only_own_cards() -> None:
    state = new_game(rules(Layout.TWO_CLASSIC), deal=CLASSIC)
    state = run(state, [Bid(100), Pass(), ChooseMusik(0)])
    with pytest.raises(IllegalMoveError):
        apply(state, Discard("9H"))  # in the unchosen musik
    assert Discard("KH") in legal_moves(state)  # from the chosen musik


@pytest.mark.parametrize("hide", [True, False])
@pytest.mark.parametrize("raised", [True, False])
def test_two_player_hidden_musik(hide: bool, raised: bool) -> None:
    state = new_game(rules(Layout.TWO_CLASSIC, hide_musik_at_opening_bid=hide), deal=CLASSIC)
    auction: list[Move] = [Bid(100), Bid(110), Pass()] if raised else [Bid(100), Pass()]
    state = run(state, auction)
    declarer = state.declarer
    assert declarer == (0 if raised else 1)
    assert declarer is not None
    state = apply(state, ChooseMusik(0))
    shown = not hide or raised
    assert set(state.revealed_musik) == (cards("KH QH") if shown else set())
    assert set(observe(state, 1 - declarer).musik) == (cards("KH QH") if shown else set())
    assert set(observe(state, declarer).musik) == cards("KH QH")


# --- two musiks of 3 -------------------------------------------------------------------------

THREES = [
    "JC 9C AD TD KD QD JD AH TH",  # seat 0
    "AS TS KS QS JS 9S AC TC KC",  # seat 1
    "QC KH QH",  # musik 0
    "9D JH 9H",  # musik 1
]
# seat 1 takes musik 1 and discards K♣ 9♦ J♥; T1 AC 9C; T2 QS (♠40) JD; T3 TC JC;
# T4-T7 AS QD, TS KD, KS TD, JS AD; T8 9S TH; T9 9H AH -> seat 0.
# Seat 1: 93 + 40 = 133; seat 0: 11 + musik 0 (10) + discards (6) = 27.


def test_musiks_of_three() -> None:
    state = new_game(rules(Layout.TWO_MUSIKS_OF_THREE), deal=THREES)
    state = run(state, [Bid(100), Pass(), ChooseMusik(1)])
    assert len(state.hands[1]) == 12
    assert set(state.revealed_musik) == cards("9D JH 9H")
    state = run(state, [Discard("KC"), Discard("9D")])
    assert state.phase is Phase.DISCARD  # three discards
    state = apply(state, Discard("JH"))
    assert state.phase is Phase.CONTRACT
    assert [len(h) for h in state.hands] == [9, 9]
    state = apply(state, Contract(100))
    state = play(state, "AC 9C QS JD TC JC AS QD TS KD KS TD JS AD 9S TH 9H AH")
    row = state.sheet[-1]
    assert row.totals == (27, 133)
    assert row.deltas == (30, 100)


# --- no musik --------------------------------------------------------------------------------

# seat 1 takes every trick but the first (9S JS): 118 against 2
NO_MUSIK = [
    "KS QS JS QC JC 9C QD JD 9D QH JH 9H",
    "AS TS 9S AC TC KC AD TD KD AH TH KH",
]


def test_no_musik() -> None:
    state = new_game(rules(Layout.TWO_NO_MUSIK), deal=NO_MUSIK)
    assert state.musiks == ()
    state = run(state, [Bid(100), Pass()])
    assert state.phase is Phase.CONTRACT and state.to_move == 1
    assert legal_moves(state) == (Contract(100), Contract(110), Contract(120))
    state = apply(state, Contract(100))
    state = play(state, "9S JS 9H AH")
    # seat 1 now leads only winners; play them out
    tricks = 2
    while state.deal_number == 1:
        if state.tricks_played != tricks:
            tricks = state.tricks_played
        state = apply(state, legal_moves(state)[0])
    assert tricks == 11  # 12 tricks in all
    row = state.sheet[-1]
    assert row.totals == (2, 118)
    assert row.deltas == (0, 100)


# --- the draw game ----------------------------------------------------------------------------

DRAW = [
    "AD TD KD QD JD 9D",  # seat 0
    "AH TH KH QH JH 9H",  # seat 1
    "AS TS KS QS JS 9S AC TC KC QC JC 9C",  # stock, next card first
]
# T1 AH 9D (s1 draws AS, s0 TS); T2 QH (♥100) JD (KS / QS); T3 AS TS (JS / 9S);
# T4 9H QD (AC / TC); T5 JH 9S (KC / QC); T6 JS QS -> seat 0 draws first (JC, then s1 9C).
# Stock empty.  T7 KD KH; T8 AC JC; T9 9C QC -> seat 0; T10 AD TH; T11 KS TC; T12 KC TD.
# Seat 1: 112 + 100 = 212; seat 0: 5 + 3 = 8.
DRAW_PLAY_1 = "AH 9D QH JD AS TS 9H QD JH 9S JS QS"
DRAW_PLAY_2 = "KD KH AC JC 9C QC AD TH KS TC KC TD"


def draw_game(**options: object) -> State:
    return new_game(rules(Layout.TWO_DRAW, **options), deal=DRAW)


def test_draw_game_start() -> None:
    state = draw_game()
    assert state.phase is Phase.PLAY
    assert state.declarer is None and state.bid == 0
    assert state.to_move == 1 and state.leader == 1  # the non-dealer leads
    assert not any(isinstance(m, (Bid, Pass)) for m in legal_moves(state))


def test_draw_game_free_play_and_drawing() -> None:
    state = play(draw_game(), "AH")
    assert playable(state) == cards("AD TD KD QD JD 9D")
    state = play(state, "9D")
    # the winner (seat 1) drew the first stock card
    assert Card.parse("AS") in state.hands[1] and Card.parse("TS") in state.hands[0]
    assert len(state.stock) == 10
    state = play(state, "QH")
    assert state.marriages == ((1, Suit.HEARTS),) and state.trump is Suit.HEARTS
    state = play(state, "JD AS")
    # seat 0 holds spades but may play any card while the stock lasts
    assert playable(state) == cards("AD TD KD QD TS QS")
    state = play(state, "TS 9H QD JH 9S JS QS")
    # seat 0 won the sixth trick: it drew J♣ (the first card), seat 1 the last one
    assert state.stock == ()
    assert Card.parse("JC") in state.hands[0] and Card.parse("9C") in state.hands[1]
    assert state.to_move == 0


def test_draw_game_trick_rules_after_the_stock() -> None:
    state = play(draw_game(), DRAW_PLAY_1 + " KD")
    assert playable(state) == cards("TH KH")  # void in diamonds: trump
    state = play(state, "KH AC")
    assert playable(state) == cards("TC QC JC")  # follow clubs, cannot beat the ace
    state = play(state, "JC 9C")
    assert playable(state) == cards("TC QC")  # must beat the nine


def test_draw_game_score() -> None:
    state = play(draw_game(), DRAW_PLAY_1 + " " + DRAW_PLAY_2)
    row = state.sheet[-1]
    assert row.outcome is Outcome.PLAYED and row.declarer is None and row.contract is None
    assert row.totals == (8, 212)
    assert row.deltas == (10, 210)  # each seat's own total, rounded
    assert state.dealer == 1 and state.phase is Phase.PLAY and state.to_move == 0


@pytest.mark.parametrize(
    ("scores", "after", "winner"),
    [
        ((0, 800), (10, 1010), 1),  # no barrel
        ((995, 0), (1005, 210), 0),  # no cap: a seat reaches the target on its own points
        ((995, 990), (1005, 1200), 1),  # both reach it: the higher wins
        ((0, 0), (10, 210), None),
    ],
)
def test_draw_game_end(scores: tuple[int, int], after: tuple[int, int], winner: int | None) -> None:
    state = new_game(rules(Layout.TWO_DRAW), deal=DRAW, scores=scores)
    state = play(state, DRAW_PLAY_1 + " " + DRAW_PLAY_2)
    assert state.sheet[-1].scores == after
    assert state.winner == winner
    assert state.is_over is (winner is not None)


# --- the open musik ---------------------------------------------------------------------------

OPEN = [
    "9C JC QC KC TC 9D JD",  # seat 0
    "AS TS KS QS JS 9S AC",  # seat 1
    "AH TH",  # the open musik
    "KH QH JH 9H AD TD KD QD",  # stock
]
# seat 1 takes A♥ T♥, discards 9♠ J♠.  T1 AS 9D (s1 KH, s0 QH); T2 QS (♠40) JD (JH / 9H);
# T3 AH 9H (AD / TD); T4 TH QH (KD / QD).  Stock empty.  T5 AC 9C; T6 AD QD; T7 KD TD -> s0;
# T8 JC KS; T9 JH QC; T10 TS KC; T11 KH TC -> seat 1.
# Seat 1: 104 in tricks + discards 2 + 40 = 146; seat 0: 14.
OPEN_PLAY = "AS 9D QS JD AH 9H TH QH AC 9C AD QD KD TD JC KS JH QC TS KC KH TC"


def test_open_musik() -> None:
    state = new_game(rules(Layout.TWO_OPEN_MUSIK), deal=OPEN)
    # face up from the deal, for both seats
    assert set(state.revealed_musik) == cards("AH TH")
    assert set(observe(state, 0).musik) == cards("AH TH")
    state = run(state, [Bid(100), Pass()])
    assert state.phase is Phase.DISCARD and state.musiks == ()
    assert cards("AH TH") <= set(state.hands[1])
    state = run(state, [Discard("9S"), Discard("JS")])
    assert state.phase is Phase.CONTRACT
    assert legal_moves(state)[-1] == Contract(160)  # 120 + the spade marriage
    state = apply(state, Contract(100))
    assert state.to_move == 1 and len(state.stock) == 8
    state = play(state, "AS")
    assert playable(state) == cards("9C JC QC KC TC 9D JD")
    state = play(state, "9D")
    assert Card.parse("KH") in state.hands[1] and Card.parse("QH") in state.hands[0]
    state = play(state, "QS JD AH")
    # free play while the stock lasts: seat 0 holds hearts but may play anything
    assert playable(state) == cards("JC QC KC TC 9C QH 9H")
    state = play(state, "9H TH QH")
    assert state.stock == ()
    state = play(state, "AC 9C AD QD KD TD JC")
    assert playable(state) == cards("TS KS")  # trick rules again: void in clubs, trump
    state = play(state, " ".join(OPEN_PLAY.split()[15:]))
    row = state.sheet[-1]
    assert row.totals == (14, 146)
    assert row.deltas == (10, 100)


@pytest.mark.parametrize("free", [True, False])
def test_free_play_while_stock_option(free: bool) -> None:
    # seat 1 (the non-dealer) leads A♥; seat 0 holds one heart, the Q♥
    rules = Rules(players=2, layout=Layout.TWO_DRAW, free_play_while_stock=free)
    deal = ["AS KS QH JS 9S TS", "AH KH JH 9H TH 9D", "AD KD QD JD TD AC KC QC JC 9C TC QS"]
    s = apply(new_game(rules, deal=deal, seed=1), Play("AH"))
    plays = {m.card for m in legal_moves(s) if isinstance(m, Play)}
    if free:
        assert plays == set(parse_cards("AS KS QH JS 9S TS"))
    else:
        assert plays == {Card.parse("QH")}
