"""One scenario per rule option and value: the behaviour each option changes (RULES.md 3, 4, 6).

Positions are dealt by hand with ``new_game(rules, deal=[...])`` and played with explicit
moves; every expected number below was worked out by hand from RULES.md and the brief.

Three-player seats: seat 0 deals, seat 1 opens with the forced bid, seat 2 bids next.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from strategies import run_moves as run
from tysiac import (
    Bid,
    Card,
    Contract,
    Declaration,
    DefenderCap,
    Give,
    HalfRounding,
    IllegalMoveError,
    InvalidRulesError,
    Layout,
    MarriageCards,
    Outcome,
    Pass,
    Phase,
    Play,
    Redeal,
    RedealMarriage,
    Rules,
    State,
    Suit,
    TrumpTiming,
    apply,
    legal_moves,
    new_game,
    observe,
    parse_cards,
)

# --- helpers -----------------------------------------------------------------------------


def play(state: State, cards: str) -> State:
    """Play the cards named in ``cards`` (space separated), in order."""
    for card in cards.split():
        state = apply(state, Play(card))
    return state


def cards(text: str) -> set[Card]:
    """The set of cards named in ``text``."""
    return set(parse_cards(text))


def playable(state: State) -> set[Card]:
    """The cards the seat to move may play."""
    return {m.card for m in legal_moves(state) if isinstance(m, Play)}


def three(
    rules: Rules,
    d: str,
    l_: str,
    r: str,
    *,
    contract: int = 100,
    scores: Sequence[int] | None = None,
) -> State:
    """A 3-player deal in which seat 1 declares an unopposed forced bid.

    ``d``, ``l_``, ``r`` are the final 8-card hands of seat 1 (declarer), seat 2 (left) and
    seat 0 (right, the dealer).  The musik is the last card of ``d`` plus the first card of
    ``l_`` and of ``r``; the declarer gives those two back (to seat 2, then seat 0).
    """
    dd, ll, rr = d.split(), l_.split(), r.split()
    deal = [" ".join(rr[1:]), " ".join(dd[:-1]), " ".join(ll[1:]), f"{dd[-1]} {ll[0]} {rr[0]}"]
    state = new_game(rules, deal=deal, scores=scores)
    bid = rules.opening_bid
    return run(
        state, [Bid(bid), Pass(), Pass(), Give(ll[0], to=2), Give(rr[0], to=0), Contract(contract)]
    )


def deal3(rules: Rules, seat1: str, seat2: str = "", seat0: str = "") -> State:
    """A fresh 3-player deal: seat 1's and seat 2's hands given, the rest filled in order."""
    used = set(parse_cards(seat1 + " " + seat2 + " " + seat0))
    rest = [
        c
        for c in parse_cards(" ".join(f"{r}{s}" for s in "SCDH" for r in "9JQKTA"))
        if c not in used
    ]
    h1 = list(parse_cards(seat1))
    h2 = list(parse_cards(seat2)) or [rest.pop(0) for _ in range(7)]
    h0 = list(parse_cards(seat0)) or [rest.pop(0) for _ in range(7)]
    musik = rest[:3]
    assert len(h1) == len(h2) == len(h0) == 7 and len(rest) == 3
    return new_game(rules, deal=[h0, h1, h2, musik])


# The scoring deal (worked out by hand), seat 1 declares 100:
#   T1 AH 9H JH -> 1 (13)      T2 QD(♦80) 9D JD -> 1 (5)   T3 KC AC TC -> 2 (25)
#   T4 9S AS JS -> 0 (13)      T5 QS(♠40) KD QH -> 0 (10)  T6 KS AD QC -> 0 (18)
#   T7 TS TD JC -> 0 (22)      T8 KH TH 9C -> 1 (14)
# card points: seat 0 63, seat 1 32, seat 2 25; totals with marriages: 103, 112, 25.
SCORE_D = "AH TH AD TD KD QD KC JS"
SCORE_L = "9C QH 9H 9D AC 9S QC JC"
SCORE_R = "TS KH JH JD TC AS KS QS"
SCORE_TRICKS = [
    "AH 9H JH",
    "QD 9D JD",
    "KC AC TC",
    "9S AS JS",
    "QS KD QH",
    "KS AD QC",
    "TS TD JC",
    "KH TH 9C",
]


def score_deal(rules: Rules, *, contract: int = 100, scores: Sequence[int] | None = None) -> State:
    """Play the scoring deal to its end and return the state after it."""
    state = three(rules, SCORE_D, SCORE_L, SCORE_R, contract=contract, scores=scores)
    for trick in SCORE_TRICKS:
        state = play(state, trick)
    return state


def test_score_deal_totals() -> None:
    state = score_deal(Rules())
    row = state.sheet[-1]
    assert row.totals == (103, 112, 25)
    assert row.marriages == ((1, Suit.DIAMONDS), (0, Suit.SPADES))
    assert row.deltas == (100, 100, 20)


# --- game: target, first dealer ----------------------------------------------------------


@pytest.mark.parametrize("first", [0, 1, 2])
def test_first_dealer(first: int) -> None:
    state = new_game(Rules(first_dealer=first), seed=3)
    assert state.dealer == first
    assert state.to_move == (first + 1) % 3
    assert legal_moves(state)[0] == Bid(100)
    # after a complete deal the deal passes to the left
    while state.deal_number == 1:
        state = apply(state, legal_moves(state)[0])
    assert state.dealer == (first + 1) % 3


@pytest.mark.parametrize(("target", "over"), [(1000, False), (500, True)])
def test_target(target: int, over: bool) -> None:
    # the declarer at 400 makes 100: 500 wins the short game only
    state = score_deal(Rules(target=target, barrel=None), scores=(0, 400, 0))
    assert state.is_over is over
    assert state.sheet[-1].scores == (100, 500, 20)
    if over:
        assert state.winner == 1


def test_target_500_default_barrel_and_cap() -> None:
    rules = Rules(target=500)
    assert rules.barrel == 400
    # seat 0 at 400 is on the barrel; seat 2 at 399 is not
    assert score_deal(rules, scores=(400, 0, 399)).sheet[-1].deltas == (0, 100, 20)
    # without a barrel, seat 2 at 480 is held at 490, the target minus 10
    row = score_deal(Rules(target=500, barrel=None), scores=(0, 0, 480)).sheet[-1]
    assert row.deltas == (100, 100, 10)
    assert row.scores == (100, 100, 490)


# --- redeal --------------------------------------------------------------------------------

LOW = "9S 9C 9D JS JC JD QS"  # 9 points, no marriage, three nines
NINES = "9S 9C 9D 9H AS AC TD"  # four nines, 32 points
TWELVE = "9S 9C 9D QS QC QD QH"  # 12 points, no marriage


@pytest.mark.parametrize("redeal", [True, False])
def test_redeal_on_off(redeal: bool) -> None:
    state = deal3(Rules(redeal=redeal), LOW)
    assert (Redeal() in legal_moves(state)) is redeal
    if not redeal:
        with pytest.raises(IllegalMoveError):
            apply(state, Redeal())


def test_redeal_effect() -> None:
    state = deal3(Rules(), LOW)
    assert legal_moves(state) == (Bid(100), Redeal())
    after = apply(state, Redeal())
    assert after.dealer == 0  # the same dealer deals again
    assert after.deal_number == 2
    assert after.scores == (0, 0, 0)
    assert after.sheet[-1].outcome is Outcome.REDEALT
    assert after.sheet[-1].deltas == (0, 0, 0)
    assert after.phase is Phase.AUCTION and after.to_move == 1


def test_redeal_only_on_first_turn() -> None:
    state = deal3(Rules(), LOW)
    state = run(state, [Bid(100), Bid(110), Pass()])
    assert state.to_move == 1
    assert Redeal() not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, Redeal())


@pytest.mark.parametrize("four_nines", [True, False])
def test_redeal_four_nines(four_nines: bool) -> None:
    state = deal3(Rules(redeal_four_nines=four_nines), NINES)
    assert (Redeal() in legal_moves(state)) is four_nines


@pytest.mark.parametrize("threshold", range(10, 19))
def test_redeal_threshold(threshold: int) -> None:
    # "fewer than N": 12 points may redeal at 13 and above, not at 12 or below
    state = deal3(Rules(redeal_threshold=threshold), TWELVE)
    assert (Redeal() in legal_moves(state)) is (threshold > 12)


@pytest.mark.parametrize(
    ("blocks", "low_points", "four_nines"),
    [
        (RedealMarriage.NEVER, True, True),
        (RedealMarriage.POINTS, False, True),
        (RedealMarriage.BOTH, False, False),
    ],
)
def test_redeal_marriage(blocks: RedealMarriage, low_points: bool, four_nines: bool) -> None:
    # 11 points with the spade marriage (threshold 12), and four nines with it
    rules = Rules(redeal_marriage=blocks, redeal_threshold=12)
    low = deal3(rules, "KS QS 9C 9D 9H JC JD")
    assert (Redeal() in legal_moves(low)) is low_points
    nines = deal3(rules, "9S 9C 9D 9H KS QS AC")
    assert (Redeal() in legal_moves(nines)) is four_nines


# --- auction -------------------------------------------------------------------------------

PLAIN = "9S JS QS 9C JC QC AH"  # no marriage: cap 120
HEARTS = "KH QH 9S JS 9C JC 9D"  # hearts marriage: cap 220


def bids(state: State) -> list[int]:
    return [m.amount for m in legal_moves(state) if isinstance(m, Bid)]


@pytest.mark.parametrize("opening", [100, 110, 120])
def test_opening_bid(opening: int) -> None:
    state = deal3(Rules(opening_bid=opening), "AS TS KS AC TC KC AD", HEARTS)
    assert legal_moves(state) == (Bid(opening),)
    with pytest.raises(IllegalMoveError):
        apply(state, Pass())
    state = apply(state, Bid(opening))
    assert state.bid == opening and state.bidder == 1
    assert bids(state)[0] == opening + 10


@pytest.mark.parametrize(
    ("step", "expected"), [(5, [105, 110, 115, 120]), (10, [110, 120]), (20, [120])]
)
def test_bid_step(step: int, expected: list[int]) -> None:
    state = apply(deal3(Rules(bid_step=step), "AS TS KS AC TC KC AD", PLAIN), Bid(100))
    assert legal_moves(state)[0] == Pass()
    assert bids(state) == expected


@pytest.mark.parametrize("jump", [True, False])
def test_jump_bids(jump: bool) -> None:
    state = apply(deal3(Rules(jump_bids=jump), "AS TS KS AC TC KC AD", HEARTS), Bid(100))
    assert bids(state) == (list(range(110, 230, 10)) if jump else [110])
    if not jump:
        with pytest.raises(IllegalMoveError):
            apply(state, Bid(120))


@pytest.mark.parametrize("capped", [True, False])
def test_bid_cap_marriages(capped: bool) -> None:
    state = apply(deal3(Rules(bid_cap_marriages=capped), "AS TS KS AC TC KC AD", PLAIN), Bid(100))
    assert max(bids(state)) == (120 if capped else 360)
    if capped:
        with pytest.raises(IllegalMoveError):
            apply(state, Bid(130))


@pytest.mark.parametrize(
    ("max_bid", "capped", "top"),
    [(360, True, 300), (250, True, 250), (200, False, 200), (360, False, 360)],
)
def test_max_bid(max_bid: int, capped: bool, top: int) -> None:
    # hearts and diamonds marriages: 120 + 180 = 300
    rules = Rules(max_bid=max_bid, bid_cap_marriages=capped)
    state = apply(deal3(rules, "AS TS KS AC TC KC AH", "KH QH KD QD 9S JS 9C"), Bid(100))
    assert max(bids(state)) == top


@pytest.mark.parametrize("hide", [True, False])
def test_hide_musik_at_opening_bid(hide: bool) -> None:
    rules = Rules(hide_musik_at_opening_bid=hide)
    state = deal3(rules, "AS TS KS AC TC KC AD", PLAIN)
    musik = set(state.musiks[0])
    unraised = run(state, [Bid(100), Pass(), Pass()])
    assert unraised.phase is Phase.GIVE
    assert set(unraised.revealed_musik) == (set() if hide else musik)
    assert set(observe(unraised, 0).musik) == (set() if hide else musik)
    assert set(observe(unraised, 1).musik) == musik  # the declarer took it
    # a raised bid always shows the musik
    raised = run(state, [Bid(100), Bid(110), Pass(), Pass()])
    assert raised.declarer == 2
    assert set(raised.revealed_musik) == musik
    assert set(observe(raised, 0).musik) == musik


def contract_phase(rules: Rules) -> State:
    """The scoring deal at its contract phase: the declarer holds ♦ K Q (cap 120 + 80)."""
    state = new_game(
        rules,
        deal=["KH JH JD TC AS KS QS", "AH TH AD TD KD QD KC", "QH 9H 9D AC 9S QC JC", "JS 9C TS"],
    )
    state = run(state, [Bid(100), Pass(), Pass(), Give("9C", to=2), Give("TS", to=0)])
    assert state.phase is Phase.CONTRACT
    return state


@pytest.mark.parametrize("raise_", [True, False])
def test_contract_raise(raise_: bool) -> None:
    state = contract_phase(Rules(contract_raise=raise_))
    expected = [Contract(a) for a in (range(100, 210, 10) if raise_ else [100])]
    assert list(legal_moves(state)) == expected
    if not raise_:
        with pytest.raises(IllegalMoveError):
            apply(state, Contract(110))


def test_contract_above_cap_is_illegal() -> None:
    state = contract_phase(Rules())
    for amount in (90, 105, 210):
        with pytest.raises(IllegalMoveError):
            apply(state, Contract(amount))


# --- play: must beat, must trump, trump when unable to overtrump ---------------------------


def two_no_musik(seat0: str, seat1: str, **options: object) -> State:
    """A 2-player no-musik deal: seat 1 declares the forced 100 and contracts 100."""
    rules = Rules(players=2, layout=Layout.TWO_NO_MUSIK, **options)  # type: ignore[arg-type]
    state = new_game(rules, deal=[seat0, seat1])
    return run(state, [Bid(100), Pass(), Contract(100)])


# seat 0 holds 9♠ and A♠ against a led K♠
BEAT0 = "9S AS 9C JC QC KC 9D JD QD KD 9H JH"
BEAT1 = "JS QS KS TS TC AC TD AD QH KH TH AH"


@pytest.mark.parametrize("must_beat", [True, False])
def test_must_beat(must_beat: bool) -> None:
    state = play(two_no_musik(BEAT0, BEAT1, must_beat=must_beat), "KS")
    assert playable(state) == (cards("AS") if must_beat else cards("9S AS"))


# Deal A (seed 004's example): T1 AC 9C JC -> 1; T2 QD (♦ marriage) AD 9D -> 2;
# T3 seat 2 leads QH, seat 0 (void in hearts) trumps with JD, seat 1 holds JH KH AH.
A_D = "AC QD KD JH KH AH AS KS"
A_L = "9C AD QH TH 9H 9S JS QS"
A_R = "JC 9D JD QC KC TC TD TS"
# Deal B: the same, but seat 1 is void in hearts with only a lower trump (K♦ < T♦).
B_D = "AC QD KD AS KS TS KC TC"
B_L = "9C AD 9H JH QH KH TH AH"
B_R = "JC 9D JD TD QC 9S JS QS"


def deal_a(rules: Rules) -> State:
    state = play(three(rules, A_D, A_L, A_R), "AC 9C JC QD AD 9D")
    assert state.trump is Suit.DIAMONDS and state.to_move == 2
    return play(state, "QH JD")


def deal_b(rules: Rules) -> State:
    state = play(three(rules, B_D, B_L, B_R), "AC 9C JC QD AD 9D")
    assert state.trump is Suit.DIAMONDS and state.to_move == 2
    return state


@pytest.mark.parametrize("preset", ["app", "pl"])
def test_seed_004_follow_after_a_trump(preset: str) -> None:
    # seed 004: after QH and a trump JD, the last player need not play AH (cannot win);
    # under both rule sets they must still follow hearts, with any heart
    state = deal_a(Rules.preset(preset))
    assert state.to_move == 1
    assert playable(state) == cards("JH KH AH")


@pytest.mark.parametrize("preset", ["app", "pl"])
def test_seed_004_lower_trump_need_not_be_played(preset: str) -> None:
    # seed 004: void in the led suit behind a trump one cannot beat: pl may play any card,
    # app must still trump (with the lower K♦)
    state = play(deal_b(Rules.preset(preset)), "TH TD")
    assert state.to_move == 1
    hand = cards("AS KS TS KC TC KD")
    assert playable(state) == (cards("KD") if preset == "app" else hand)


@pytest.mark.parametrize("over", [True, False])
def test_trump_when_cannot_overtrump(over: bool) -> None:
    state = play(deal_b(Rules(trump_when_cannot_overtrump=over)), "TH TD")
    assert playable(state) == (cards("KD") if over else cards("AS KS TS KC TC KD"))


@pytest.mark.parametrize("must_trump", [True, False])
def test_must_trump(must_trump: bool) -> None:
    # seat 0 is void in hearts and holds the trumps J♦ T♦
    state = play(deal_b(Rules(must_trump=must_trump)), "TH")
    assert state.to_move == 0
    hand = cards("JD TD QC 9S JS QS")
    assert playable(state) == (cards("JD TD") if must_trump else hand)


def test_after_a_trump_any_card_of_the_led_suit() -> None:
    # RULES.md 3.6: once the trick has been trumped, any card of the led suit
    state = play(three(Rules(), A_D, A_L, A_R), "AC 9C JC QD AD 9D 9H")
    assert state.to_move == 0  # void in hearts: a trump, J♦ or T♦ (no trump to beat yet)
    assert playable(state) == cards("JD TD")
    assert playable(play(state, "TD")) == cards("JH KH AH")


# --- marriages -----------------------------------------------------------------------------

# seat 1: A♠ and the hearts marriage; T1 AS 9S KS -> seat 1 leads trick 2
M_D = "AS KH QH AC TC KC 9D JD"
M_L = "9S JS QS 9H JH AH 9C JC"
M_R = "KS TS TH QC QD KD TD AD"


def marriage_deal(rules: Rules, *, first: bool = False) -> State:
    state = three(rules, M_D, M_L, M_R)
    return state if first else play(state, "AS 9S KS")


@pytest.mark.parametrize("first", [True, False])
def test_marriage_on_first_trick(first: bool) -> None:
    state = play(marriage_deal(Rules(marriage_on_first_trick=first), first=True), "QH")
    assert state.marriages == (((1, Suit.HEARTS),) if first else ())
    assert state.trump is (Suit.HEARTS if first else None)


@pytest.mark.parametrize(
    ("which", "king", "queen"),
    [(MarriageCards.KING_OR_QUEEN, True, True), (MarriageCards.QUEEN_ONLY, False, True)],
)
def test_marriage_cards(which: MarriageCards, king: bool, queen: bool) -> None:
    state = marriage_deal(Rules(marriage_cards=which))
    by_king = play(state, "KH")
    assert by_king.marriages == (((1, Suit.HEARTS),) if king else ())
    by_queen = play(state, "QH")
    assert by_queen.marriages == (((1, Suit.HEARTS),) if queen else ())


def test_declaration_automatic() -> None:
    state = marriage_deal(Rules(declaration=Declaration.AUTOMATIC))
    assert not any(isinstance(m, Play) and m.meld for m in legal_moves(state))
    with pytest.raises(IllegalMoveError):
        apply(state, Play("QH", meld=True))
    assert play(state, "QH").marriages == ((1, Suit.HEARTS),)


def test_declaration_optional() -> None:
    state = marriage_deal(Rules(declaration="optional"))
    moves = list(legal_moves(state))
    for card in ("QH", "KH"):
        i = moves.index(Play(card))
        assert moves[i + 1] == Play(card, meld=True)
    assert sum(1 for m in moves if isinstance(m, Play) and m.meld) == 2
    plain = apply(state, Play("QH"))
    assert plain.marriages == () and plain.trump is None
    melded = apply(state, Play("QH", meld=True))
    assert melded.marriages == ((1, Suit.HEARTS),) and melded.trump is Suit.HEARTS
    # a card that completes no marriage cannot be declared
    with pytest.raises(IllegalMoveError):
        apply(state, Play("AC", meld=True))


def test_optional_declaration_not_on_first_trick() -> None:
    state = marriage_deal(Rules(declaration="optional"), first=True)
    assert not any(isinstance(m, Play) and m.meld for m in legal_moves(state))


@pytest.mark.parametrize("timing", [TrumpTiming.THIS_TRICK, TrumpTiming.NEXT_TRICK])
def test_trump_timing(timing: TrumpTiming) -> None:
    state = three(Rules(trump_timing=timing), SCORE_D, SCORE_L, SCORE_R)
    state = play(state, "AH 9H JH QD")
    now = timing is TrumpTiming.THIS_TRICK
    assert state.trump is (Suit.DIAMONDS if now else None)
    state = play(state, "9D JD")
    assert state.trump is Suit.DIAMONDS
    state = play(state, "KC AC TC 9S AS JS")
    # seat 0 leads Q♠ declaring spades; seat 1 is void in spades and holds diamonds
    state = play(state, "QS")
    assert state.marriages[-1] == (0, Suit.SPADES)
    if now:  # spades are trump already: seat 1 holds no trump and may play anything
        assert playable(state) == cards("TH KD TD AD")
    else:  # diamonds are still trump in this trick: seat 1 must trump, and wins
        assert playable(state) == cards("KD TD AD")
        state = play(state, "KD QH")
        assert state.to_move == 1 and state.leader == 1
    assert state.trump is Suit.SPADES


@pytest.mark.parametrize(
    ("values", "totals", "deltas"),
    [
        ((40, 60, 80, 100), (103, 112, 25), (100, 100, 20)),
        ((10, 20, 30, 40), (73, 62, 25), (70, -100, 20)),
    ],
)
def test_marriage_values(
    values: tuple[int, int, int, int], totals: tuple[int, ...], deltas: tuple[int, ...]
) -> None:
    row = score_deal(Rules(marriage_values=values)).sheet[-1]
    assert row.totals == totals
    assert row.deltas == deltas


# --- scoring -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("unit", "half", "deltas"),
    [
        (10, HalfRounding.DOWN, (100, 100, 20)),
        (10, HalfRounding.UP, (100, 100, 30)),
        (5, HalfRounding.DOWN, (105, 100, 25)),
        (1, HalfRounding.DOWN, (103, 100, 25)),
        (1, HalfRounding.UP, (103, 100, 25)),
    ],
)
def test_rounding(unit: int, half: HalfRounding, deltas: tuple[int, ...]) -> None:
    # defenders' totals: seat 0 103, seat 2 25
    row = score_deal(Rules(rounding_unit=unit, rounding_half=half)).sheet[-1]
    assert row.deltas == deltas


@pytest.mark.parametrize(
    ("count", "unit", "delta0"), [(True, 10, 100), (False, 10, 60), (True, 1, 103), (False, 1, 63)]
)
def test_defender_marriages_count(count: bool, unit: int, delta0: int) -> None:
    rules = Rules(defender_marriages_count=count, rounding_unit=unit)
    row = score_deal(rules).sheet[-1]
    assert row.deltas[0] == delta0
    assert row.deltas[1] == 100  # the declarer's marriage counts either way


# Two players, no musik: the declarer (seat 1) takes 118; seat 0 wins T1 (9S JS) only.
R_SEAT0 = "KS QS JS QC JC 9C QD JD 9D QH JH 9H"
R_SEAT1 = "AS TS 9S AC TC KC AD TD KD AH TH KH"


@pytest.mark.parametrize(("rounded", "delta1"), [(False, -120), (True, 120)])
def test_declarer_rounded(rounded: bool, delta1: int) -> None:
    rules = Rules(players=2, layout=Layout.TWO_NO_MUSIK, declarer_rounded=rounded)
    state = new_game(rules, deal=[R_SEAT0, R_SEAT1])
    state = run(state, [Bid(100), Pass(), Contract(120)])
    state = play(state, "9S JS 9H AH")
    while state.deal_number == 1:
        state = apply(state, legal_moves(state)[0])
    row = state.sheet[-1]
    assert row.totals == (2, 118)
    assert row.deltas == (0, delta1)


@pytest.mark.parametrize(("barrel", "delta0"), [(800, 0), (None, 100), (900, 100)])
def test_barrel(barrel: int | None, delta0: int) -> None:
    # seat 0 (a defender with 103) starts at 800
    row = score_deal(Rules(barrel=barrel), scores=(800, 0, 0)).sheet[-1]
    assert row.deltas == (delta0, 100, 20)


def test_barrel_declarer_still_scores() -> None:
    row = score_deal(Rules(), scores=(0, 850, 0)).sheet[-1]
    assert row.deltas == (100, 100, 20)
    assert row.scores == (100, 950, 20)


def test_barrel_declarer_can_lose() -> None:
    row = score_deal(Rules(), contract=120, scores=(0, 850, 0)).sheet[-1]
    assert row.deltas == (100, -120, 20)  # 112 < 120


@pytest.mark.parametrize(
    ("cap", "delta0", "over"),
    [
        (DefenderCap.BELOW_TARGET, 40, False),
        (DefenderCap.NOTHING, 0, False),
        (DefenderCap.NONE, 100, True),
    ],
)
def test_defender_cap(cap: DefenderCap, delta0: int, over: bool) -> None:
    state = score_deal(Rules(defender_cap=cap, barrel=None), scores=(950, 0, 0))
    row = state.sheet[-1]
    assert row.deltas == (delta0, 100, 20)
    assert state.is_over is over
    if over:
        assert state.winner == 0


def test_only_declarer_reaches_target_by_default() -> None:
    state = score_deal(Rules(barrel=None), scores=(950, 900, 0))
    assert state.is_over and state.winner == 1
    assert state.scores == (990, 1000, 20)


# --- invalid values are rejected -------------------------------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        {"redeal_threshold": 9},
        {"redeal_threshold": 19},
        {"rounding_unit": 3},
        {"opening_bid": 105},
        {"max_bid": 90},
        {"bombs_per_player": 0},
        {"auto_claim": True},
        {"players": 4, "layout": "three"},
    ],
)
def test_invalid_values(changes: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="|".join(changes)):
        Rules(**changes)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("scores", "winner"),
    [
        ((900, 900, 0), 1),  # 1000 each for seats 0 and 1: the declarer wins the tie
        ((900, 0, 980), 2),  # 1000 each for seats 0 and 2: seat 2 sits first from the left
    ],
)
def test_winner_ties(scores: tuple[int, int, int], winner: int) -> None:
    state = score_deal(Rules(defender_cap=DefenderCap.NONE, barrel=None), scores=scores)
    assert state.is_over
    assert state.winner == winner


@pytest.mark.parametrize(("offset", "order"), [(1, [1, 2, 0]), (2, [2, 0, 1]), (0, [0, 1, 2])])
def test_forced_bidder(offset: int, order: list[int]) -> None:
    # the forced bid comes from the seat `offset` places clockwise from the dealer (seat 0);
    # the auction then goes on clockwise from it
    s = new_game(Rules(forced_bidder=offset), seed=5)
    assert s.to_move == order[0]
    assert legal_moves(s)[0] == Bid(100)
    assert Pass() not in legal_moves(s)
    s = apply(s, Bid(100))
    assert s.to_move == order[1]
    s = apply(s, Pass())
    assert s.to_move == order[2]
    s = apply(s, Pass())
    assert s.declarer == order[0]


def test_forced_bidder_two_players_and_sitter() -> None:
    two = new_game(Rules(players=2, forced_bidder=0), seed=5)
    assert two.to_move == 0  # the dealer opens
    four = new_game(Rules(players=4, forced_bidder=3), seed=5)
    assert four.to_move == 3  # the dealer's right-hand player, the sitter being seat 0
    with pytest.raises(InvalidRulesError, match="forced_bidder"):
        Rules(players=4, forced_bidder=0)
    with pytest.raises(InvalidRulesError, match="forced_bidder"):
        Rules(forced_bidder=3)
