"""Move-count ("perft") golden numbers: any change to move generation shows here.

``perft(state, depth)`` counts the distinct move sequences of ``depth`` moves from
``state`` (a sequence that ends the deal early, by a claim, counts once).  Each layout
has one fixed deal (``new_game(rules, deal=[...])``); for the layouts with an auction a
fixed prefix (auction, musik, give or discard, contract) reaches the start of the play.
The play perfts go through the end of the first trick (depth = cards in a trick) and of
the second.  Two auction perfts start at the very beginning of a deal.

The golden numbers were obtained by running the engine once; those marked "by hand" were
checked independently, with the reasoning in the comment beside them.
"""

from __future__ import annotations

from typing import Final, NamedTuple

import pytest

from strategies import preset_rules
from tysiac import (
    Bid,
    ChooseMusik,
    Contract,
    Discard,
    Give,
    Layout,
    Move,
    Pass,
    Phase,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
)


def perft(state: State, depth: int) -> int:
    """The number of distinct move sequences of ``depth`` moves from ``state``.

    A move that ends the deal (the last card, a claim, a bomb, a redeal) ends its sequence.
    """
    if depth == 0:
        return 1
    number = state.deal_number
    total = 0
    for move in legal_moves(state):
        after = apply(state, move)
        if after.is_over or after.deal_number != number:
            total += 1
        else:
            total += perft(after, depth - 1)
    return total


class Case(NamedTuple):
    """A fixed deal, the prefix that reaches the position, and golden perft counts."""

    rules: Rules
    deal: list[str]
    prefix: list[Move]
    counts: dict[int, int]  # depth -> number of move sequences


def start(case: Case) -> State:
    state = new_game(case.rules, seed=0, deal=case.deal)
    for move in case.prefix:
        state = apply(state, move)
    return state


# --- the fixed deals -------------------------------------------------------------------------
# Seat 0 deals every first deal, so seat 1 opens the auction (and, as declarer, leads).

# THREE: after the gives the hands are
#   seat 1 (declarer) 9S JS QS KS TS AS AC TC   all spades, the spade marriage, two clubs
#   seat 2            9C JC QC KC 9D JD QD KD
#   seat 0            TD AD 9H JH QH KH TH AH
THREE_DEAL: Final = [
    "TD AD 9H JH QH KH TH",  # seat 0 (dealer)
    "9S JS QS KS TS AS AC",  # seat 1: marriage ♠, cap 160
    "KC QC JC 9C 9D JD QD",  # seat 2: marriage ♣, cap 180
    "TC AH KD",  # musik
]
THREE_PREFIX: Final[list[Move]] = [
    Bid(100),
    Pass(),
    Pass(),
    Give("KD", 2),
    Give("AH", 0),
    Contract(100),
]

# THREE under pl, for "any card when unable to overtrump": after the gives
#   seat 1 (declarer) QH KH 9S JS QS KS TS AS   the heart marriage (pl: on the first trick)
#   seat 2            AH 9H + all clubs
#   seat 0            JH TH + all diamonds
# Leading KH makes ♥ trump; seat 2 must beat with AH and leads a club; the declarer must
# trump with QH; seat 0, void in clubs, holds JH, which cannot beat QH: under pl any card.
PL_DEAL: Final = [
    "TH JH TD KD QD JD 9D",  # seat 0
    "KH QH AS TS KS QS JS",  # seat 1
    "AH 9H TC KC QC JC 9C",  # seat 2
    "9S AC AD",  # musik
]
PL_PREFIX: Final[list[Move]] = [
    Bid(100),
    Pass(),
    Pass(),
    Give("AC", 2),
    Give("AD", 0),
    Contract(100),
]

# TWO_CLASSIC: no marriage in either hand (caps 120); the queens are in the musiks.
TWO_CLASSIC_DEAL: Final = [
    "AS TS KS 9S AC TC KC 9C AD JD",  # seat 0 (dealer)
    "JS JC TD KD 9D AH TH KH 9H JH",  # seat 1
    "QS QD",  # musik 0: gives seat 1 the ♦ marriage
    "QC QH",  # musik 1
]
TWO_CLASSIC_PREFIX: Final[list[Move]] = [
    Bid(100),
    Pass(),
    ChooseMusik(0),
    Discard("9D"),
    Discard("9H"),
    Contract(100),
]

TWO_THREE_DEAL: Final = [
    "AS TS KS 9S AC TC KC 9C AD",  # seat 0
    "JS JC TD KD 9D AH TH KH 9H",  # seat 1
    "QS QD JD",  # musik 0
    "QC QH JH",  # musik 1
]
TWO_THREE_PREFIX: Final[list[Move]] = [
    Bid(100),
    Pass(),
    ChooseMusik(1),
    Discard("JS"),
    Discard("9D"),
    Discard("9H"),
    Contract(100),
]

TWO_NO_MUSIK_DEAL: Final = [
    "AS TS KS QS 9S AC TC KC 9C AD JD QD",  # seat 0
    "JS JC QC TD KD 9D AH TH KH QH 9H JH",  # seat 1: ♥ marriage
]
TWO_NO_MUSIK_PREFIX: Final[list[Move]] = [Bid(100), Pass(), Contract(100)]

TWO_DRAW_DEAL: Final = [
    "AS TS KS QS 9S AC",  # seat 0
    "JS JC QC TD KD 9D",  # seat 1 leads (the non-dealer)
    "TC KC 9C AD JD QD AH TH KH QH 9H JH",  # stock, next card first
]

TWO_OPEN_DEAL: Final = [
    "AS TS KS QS 9S AC TC",  # seat 0
    "JS JC QC TD KD 9D AH",  # seat 1
    "KC 9C",  # the open musik
    "AD JD QD TH KH QH 9H JH",  # stock
]
TWO_OPEN_PREFIX: Final[list[Move]] = [
    Bid(100),
    Pass(),
    Discard("9C"),
    Discard("9D"),
    Contract(100),
]

# FOUR_SITTER: the THREE deal with seat 0's hand moved to seat 3 (seat 0 sits out), so its
# counts must equal THREE's: an independent check of the seat order with a sitter.
FOUR_SITTER_DEAL: Final = [
    "",  # seat 0 deals and sits out
    "9S JS QS KS TS AS AC",  # seat 1
    "KC QC JC 9C 9D JD QD",  # seat 2
    "TD AD 9H JH QH KH TH",  # seat 3
    "TC AH KD",  # musik: one ace, for the sitter
]
FOUR_SITTER_PREFIX: Final[list[Move]] = [
    Bid(100),
    Pass(),
    Pass(),
    Give("KD", 2),
    Give("AH", 3),
    Contract(100),
]

FOUR_ALL_DEAL: Final = [
    "AS TS KS QS 9S AC",  # seat 0 (dealer): ♠ marriage
    "JS JC QC TD KD 9D",  # seat 1 opens
    "TC KC 9C AD JD QD",  # seat 2
    "AH TH KH QH 9H JH",  # seat 3: all hearts
]
FOUR_ALL_PREFIX: Final[list[Move]] = [Bid(100), Pass(), Pass(), Pass(), Contract(100)]


CASES: Final[dict[str, Case]] = {
    # By hand, depth 3: no trump yet, and nobody may declare on the first trick.  A spade
    # lead (6 cards): seats 2 and 0 hold no spade and no trump, so any of 8 cards each:
    # 6 * 8 * 8 = 384.  AC or TC: seat 2 must follow and cannot beat (4 clubs), seat 0 has
    # no club (8): 2 * 4 * 8 = 64.  Total 448; depth 1: 8; depth 2: 6 * 8 + 2 * 4 = 56.
    "three": Case(
        preset_rules("app", Layout.THREE),
        THREE_DEAL,
        THREE_PREFIX,
        {1: 8, 2: 56, 3: 448, 6: 133056},
    ),
    # Optional declaration, allowed on the first trick: QS and KS may each be led with or
    # without meld=True (10 leads).  By hand, depth 3: a declared spade lead is a trump
    # lead, and the others hold no spade, so again 8 * 8 replies: 448 + 2 * 64 = 576.
    "three-optional-first-trick": Case(
        preset_rules("app", Layout.THREE, declaration="optional", marriage_on_first_trick=True),
        THREE_DEAL,
        THREE_PREFIX,
        {1: 10, 3: 576, 6: 202048},
    ),
    # Optional declaration from the second trick (app): melds double some second leads.
    "three-optional": Case(
        preset_rules("app", Layout.THREE, declaration="optional"),
        THREE_DEAL,
        THREE_PREFIX,
        {3: 448, 6: 164416},
    ),
    # pl: a player void in the led suit who cannot overtrump plays any card ...
    "three-pl": Case(preset_rules("pl", Layout.THREE), PL_DEAL, PL_PREFIX, {3: 388, 6: 95818}),
    # ... versus the same deal with the trump obligation kept (app's rule).
    "three-pl-must-trump": Case(
        preset_rules("pl", Layout.THREE, trump_when_cannot_overtrump=True),
        PL_DEAL,
        PL_PREFIX,
        {3: 388, 6: 95770},
    ),
    "two-classic": Case(
        preset_rules("app", Layout.TWO_CLASSIC),
        TWO_CLASSIC_DEAL,
        TWO_CLASSIC_PREFIX,
        {2: 52, 4: 1767},
    ),
    "two-musiks-of-three": Case(
        preset_rules("app", Layout.TWO_MUSIKS_OF_THREE),
        TWO_THREE_DEAL,
        TWO_THREE_PREFIX,
        {2: 53, 4: 2142},
    ),
    "two-no-musik": Case(
        preset_rules("app", Layout.TWO_NO_MUSIK),
        TWO_NO_MUSIK_DEAL,
        TWO_NO_MUSIK_PREFIX,
        {2: 87, 4: 5381},
    ),
    # By hand: while the stock lasts any card may be played and both hands are refilled to
    # 6 after each trick: 6 * 6 = 36 per trick, 36 * 36 = 1296 for two (declaring by
    # leading is automatic, so it adds no move).
    "two-draw": Case(preset_rules("app", Layout.TWO_DRAW), TWO_DRAW_DEAL, [], {2: 36, 4: 1296}),
    # By hand: with 8 cards in the stock, any card may be played in the first four tricks
    # and both hands hold 7 cards at each lead: 7 * 7 = 49, 49 * 49 = 2401.
    "two-open-musik": Case(
        preset_rules("app", Layout.TWO_OPEN_MUSIK), TWO_OPEN_DEAL, TWO_OPEN_PREFIX, {2: 49, 4: 2401}
    ),
    "four-sitter": Case(
        preset_rules("app", Layout.FOUR_SITTER),
        FOUR_SITTER_DEAL,
        FOUR_SITTER_PREFIX,
        {3: 448, 6: 133056},
    ),
    "four-all-play": Case(
        preset_rules("app", Layout.FOUR_ALL_PLAY),
        FOUR_ALL_DEAL,
        FOUR_ALL_PREFIX,
        {4: 348, 8: 102000},
    ),
    # By hand, depth 4, against "four-all-play" (348): seat 1 leads QC; seat 2 must beat it
    # with KC or TC, and may now also play KC "on someone" with meld=True (pl: on the first
    # trick too); clubs are then trump, seat 3 (hearts only) plays any of 6, seat 0 must
    # play AC: 1 * 6 * 1 = 6 more sequences, 354.  (No other first-trick meld exists:
    # seat 1 holds no marriage, and no other Q is followed by its K in this deal.)
    "four-all-play-optional": Case(
        preset_rules("pl", Layout.FOUR_ALL_PLAY, declaration="optional"),
        FOUR_ALL_DEAL,
        FOUR_ALL_PREFIX,
        {4: 354, 8: 125400},
    ),
}

PLAY_CASES: Final = [(name, depth) for name, case in CASES.items() for depth in case.counts]


@pytest.mark.parametrize("name", list(CASES))
def test_prefix_reaches_the_start_of_the_play(name: str) -> None:
    case = CASES[name]
    state = start(case)
    assert state.phase is Phase.PLAY
    assert state.tricks_played == 0 and state.trick == ()
    assert state.deal_number == 1
    if case.rules.layout is Layout.TWO_DRAW:
        assert state.to_move == 1 and state.declarer is None
    else:
        assert state.to_move == state.declarer == 1
        assert state.contract == 100


@pytest.mark.parametrize(("name", "depth"), PLAY_CASES, ids=[f"{n}-{d}" for n, d in PLAY_CASES])
def test_play_perft(name: str, depth: int) -> None:
    case = CASES[name]
    assert perft(start(case), depth) == case.counts[depth]


def test_pl_rule_any_card_when_unable_to_overtrump_adds_sequences() -> None:
    """The pl rule only ever widens the choice, and here it does within two tricks."""
    pl, must = CASES["three-pl"], CASES["three-pl-must-trump"]
    # in the first trick a trump can only be led (declared by the lead), never overtrumped
    assert perft(start(pl), 3) == perft(start(must), 3)
    assert perft(start(pl), 6) > perft(start(must), 6)


# --- auction perfts from the very start of a deal --------------------------------------------

AUCTION_CASES: Final[dict[str, tuple[Rules, list[str], dict[int, int]]]] = {
    # By hand, depth 4 (caps: seat 1 160, seat 2 180, seat 0 220; jump bids allowed):
    # seat 1 must open Bid(100) (no redeal: 41 points).  Seat 2: Pass or 110..180 (9).
    # Depth 3: after a pass seat 0 has Pass or 110..220 (13); after seat 2 bids X, seat 0
    # has Pass or X+10..220: sum over X = 110..180 of 1 + (220 - X) / 10 = 68; total 81.
    # Depth 4: pass, pass -> declarer 1 gives one of 10 cards: 10.  Pass, Y -> seat 1 has
    # Pass or Y+10..160: sum over Y = 110..220 of 1 + max(0, (160 - Y) / 10) = 27.
    # X, pass -> seat 1 likewise over X = 110..180: 23.  X, Y > X -> seat 1: 80.
    # Total 10 + 27 + 23 + 80 = 140.
    "three": (preset_rules("app", Layout.THREE), THREE_DEAL, {1: 1, 2: 9, 3: 81, 4: 140}),
    # By hand (both caps 120): seat 1 Bid(100); seat 0 Pass, 110 or 120 (3).  Depth 3:
    # pass -> seat 1 chooses a musik (2); 110 -> seat 1 Pass or 120 (2); 120 -> seat 1 Pass
    # (1): 5.  Depth 4: pass, musik -> 12 cards to discard: 2 * 12 = 24; 110, pass -> seat 0
    # chooses (2); 110, 120 -> seat 0 must pass (1); 120, pass -> seat 0 chooses (2): 29.
    "two-classic": (
        preset_rules("app", Layout.TWO_CLASSIC),
        TWO_CLASSIC_DEAL,
        {1: 1, 2: 3, 3: 5, 4: 29},
    ),
    "three-pl": (preset_rules("pl", Layout.THREE), PL_DEAL, {1: 1, 2: 9, 3: 63, 4: 653}),
    "four-all-play": (
        preset_rules("app", Layout.FOUR_ALL_PLAY),
        FOUR_ALL_DEAL,
        {1: 1, 2: 3, 3: 36, 4: 82, 5: 87},
    ),
}

AUCTION_PARAMS: Final = [
    (name, d) for name, (_, _, counts) in AUCTION_CASES.items() for d in counts
]


@pytest.mark.parametrize(
    ("name", "depth"), AUCTION_PARAMS, ids=[f"{n}-{d}" for n, d in AUCTION_PARAMS]
)
def test_auction_perft(name: str, depth: int) -> None:
    rules, deal, counts = AUCTION_CASES[name]
    state = new_game(rules, seed=0, deal=deal)
    assert state.phase is Phase.AUCTION and state.to_move == 1
    assert perft(state, depth) == counts[depth]
