"""Trick play of the default game (RULES.md 3.6 and 3.7) on hand-built deals.

Each scenario fixes the three 8-card hands held after the musik and the gifts; seat 1 is
the declarer (seat 0 deals), so seat 1 leads the first trick and play goes 1 → 2 → 0.
The expected legal moves are worked out by hand from the rules in the comments.
"""

from __future__ import annotations

import pytest

from tysiac import (
    Bid,
    Card,
    Contract,
    Give,
    IllegalMoveError,
    Move,
    Pass,
    Phase,
    Play,
    Rules,
    State,
    Suit,
    apply,
    legal_moves,
    new_game,
    parse_cards,
)

HEARTS = Suit.HEARTS
DIAMONDS = Suit.DIAMONDS


def play_state(h0: str, h1: str, h2: str, rules: Rules | None = None, contract: int = 100) -> State:
    """The first play state where seats 0, 1, 2 hold exactly ``h0``, ``h1``, ``h2``.

    Seat 1 wins the auction at 100 and gives the first card of ``h2`` to seat 2 and the
    first card of ``h0`` to seat 0.
    """
    hand0, hand1, hand2 = parse_cards(h0), parse_cards(h1), parse_cards(h2)
    assert len(hand0) == len(hand1) == len(hand2) == 8
    assert len(set(hand0) | set(hand1) | set(hand2)) == 24
    to2, to0 = hand2[0], hand0[0]
    ten = [*hand1, to2, to0]
    deal = [hand0[1:], ten[:7], hand2[1:], ten[7:]]
    s = new_game(rules, deal=deal, seed=1)
    for move in (Bid(100), Pass(), Pass(), Give(to2, to=2), Give(to0, to=0), Contract(contract)):
        s = apply(s, move)
    assert s.phase is Phase.PLAY
    assert s.to_move == 1
    assert [set(h) for h in s.hands] == [set(hand0), set(hand1), set(hand2)]
    return s


def plays(cards: str) -> tuple[Move, ...]:
    """``Play`` moves for the cards, in card order."""
    return tuple(Play(c) for c in sorted(parse_cards(cards)))


def run(s: State, cards: str) -> State:
    """Play the cards in order, each by the seat to move."""
    for card in parse_cards(cards):
        s = apply(s, Play(card))
    return s


def hand_plays(s: State, seat: int) -> tuple[Move, ...]:
    """``Play`` of every card in ``seat``'s hand."""
    return tuple(Play(c) for c in s.hands[seat])


# --- no trump yet: follow, beat the winning card, any card when void -------------------------

# Seat 1 holds every club; seat 0 the four top hearts and four spades; seat 2 the rest.
BEAT = ("JS QS TS AS QH KH TH AH", "9S 9C JC QC KC TC AC 9D", "KS JD QD KD TD AD 9H JH")


def test_must_follow_suit_and_beat_the_led_card() -> None:
    s = run(play_state(*BEAT), "9S")
    assert s.to_move == 2
    # seat 2 has one spade, which beats the nine
    assert legal_moves(s) == plays("KS")
    with pytest.raises(IllegalMoveError):
        apply(s, Play("AD"))


def test_must_beat_the_winning_card_not_the_led_one() -> None:
    s = run(play_state(*BEAT), "9S KS")
    assert s.to_move == 0
    # JS and QS beat the led 9S but not the winning KS: only TS and AS (10 beats K)
    assert legal_moves(s) == plays("TS AS")
    with pytest.raises(IllegalMoveError, match="JS"):
        apply(s, Play("JS"))


def test_highest_card_of_the_led_suit_wins_ten_beats_king() -> None:
    s = run(play_state(*BEAT), "9S KS TS")
    assert s.tricks_played == 1
    assert s.leader == 0
    assert s.to_move == 0
    assert set(s.taken[0]) == set(parse_cards("9S KS TS"))
    assert s.card_points == (14, 0, 0)


def test_any_card_when_void_and_no_trump() -> None:
    s = run(play_state(*BEAT), "AC")
    # nobody else holds a club and there is no trump: every card may be played
    assert legal_moves(s) == hand_plays(s, 2)
    assert len(legal_moves(s)) == 8
    s = run(s, "AD")
    assert legal_moves(s) == hand_plays(s, 0)
    s = run(s, "AH")
    # no trump: the led suit wins even against aces of other suits
    assert s.leader == 1
    assert s.card_points == (0, 33, 0)


def test_follow_with_any_card_when_none_can_beat() -> None:
    s = run(play_state(*BEAT), "9S KS TS")
    # seat 0 leads a heart; seat 1 has none (no trump: any card), seat 2 has two low hearts
    s = run(s, "TH")
    assert legal_moves(s) == hand_plays(s, 1)
    s = run(s, "9D")
    assert legal_moves(s) == plays("9H JH")


# --- trumps -------------------------------------------------------------------------------

# Seat 1 holds AC and the four top hearts; seat 2 is void in spades; seat 0 holds 5 spades.
TRUMPED = ("9S JS QS KS AS QC KC TC", "AC KH QH TH AH TS 9D JD", "9C JC 9H JH QD KD TD AD")


def test_marriage_declared_from_second_trick_sets_trump() -> None:
    s = run(play_state(*TRUMPED), "AC")
    assert legal_moves(s) == plays("9C JC")
    s = run(s, "9C")
    assert legal_moves(s) == plays("QC KC TC")
    s = run(s, "QC")
    assert s.leader == 1
    assert s.trump is None
    assert s.marriages == ()
    s = run(s, "KH")
    # trick 2: leading the king with the queen in hand declares hearts (100) at once
    assert s.trump is HEARTS
    assert s.marriages == ((1, HEARTS),)
    assert legal_moves(s) == plays("9H JH")


def test_must_trump_when_void_and_any_card_of_led_suit_once_trumped() -> None:
    s = run(play_state(*TRUMPED), "AC 9C QC KH 9H")
    # seat 0: void in hearts (the trump) and without trumps: any card
    assert legal_moves(s) == hand_plays(s, 0)
    s = run(s, "QS")
    assert s.leader == 1
    s = run(s, "TS")
    # seat 2: void in spades, holds a trump: must play it (not a club or a diamond)
    assert legal_moves(s) == plays("JH")
    with pytest.raises(IllegalMoveError):
        apply(s, Play("AD"))
    s = run(s, "JH")
    # seat 0: the trick is trumped, so any spade will do, even ones lower than the led 10
    assert legal_moves(s) == plays("9S JS KS AS")
    s = run(s, "9S")
    # the trump wins the trick
    assert s.leader == 2
    assert s.to_move == 2
    assert set(s.taken[2]) == set(parse_cards("TS JH 9S"))


def test_trump_beats_an_ace_of_the_led_suit() -> None:
    s = run(play_state(*TRUMPED), "AC 9C QC KH 9H QS TS JH AS")
    assert s.leader == 2
    assert s.card_points[2] == 10 + 2 + 11


# Overtrump: seat 1 holds KH QH JH; seat 2 holds 9H TH AH; seat 0 holds no heart.
OVERTRUMP = ("9S JS QS KS TS AS TD AD", "9C JC TC AC JD JH QH KH", "QC KC 9D QD KD 9H TH AH")


def test_must_overtrump_when_possible() -> None:
    s = run(play_state(*OVERTRUMP), "AC QC 9S")
    assert s.leader == 1
    s = run(s, "KH")
    assert s.trump is HEARTS
    # seat 2 must beat the king of hearts: 10 or ace, not the nine
    assert legal_moves(s) == plays("TH AH")
    s = run(s, "TH")
    # seat 0 holds no heart and no club... any card
    assert legal_moves(s) == hand_plays(s, 0)
    s = run(s, "JS")
    assert s.leader == 2
    s = run(s, "9D")
    assert legal_moves(s) == plays("TD AD")
    s = run(s, "AD")
    assert legal_moves(s) == plays("JD")
    s = run(s, "JD")
    assert s.leader == 0
    s = run(s, "TS")  # not the queen: seat 0 also holds the king of spades
    assert s.trump is HEARTS
    # seat 1: void in spades, two trumps, the trick not trumped yet: either trump
    assert legal_moves(s) == plays("JH QH")
    s = run(s, "JH")
    # seat 2: void in spades, trumps 9H and AH: must overtrump the jack with the ace
    assert legal_moves(s) == plays("AH")
    with pytest.raises(IllegalMoveError):
        apply(s, Play("9H"))
    s = run(s, "AH")
    assert s.leader == 2


# Lower trump: seat 1 holds KH QH 9H; seat 2 holds JH TH; seat 0 holds AH and all spades.
UNDERTRUMP = ("KC 9S JS QS KS TS AS AH", "9C JC TC AC 9D 9H QH KH", "QC JD QD KD TD AD JH TH")


def _undertrump_position(rules: Rules | None) -> State:
    s = run(play_state(*UNDERTRUMP, rules=rules), "AC")
    assert legal_moves(s) == plays("QC")
    s = run(s, "QC")
    assert legal_moves(s) == plays("KC")
    s = run(s, "KC KH")
    # seat 2 must beat the king: only the ten does
    assert legal_moves(s) == plays("TH")
    s = run(s, "TH")
    assert legal_moves(s) == plays("AH")
    s = run(s, "AH")
    assert s.leader == 0
    s = run(s, "9S")
    # seat 1: void in spades, must trump with 9H or QH
    assert legal_moves(s) == plays("9H QH")
    s = run(s, "QH")
    assert s.to_move == 2
    return s


def test_lower_trump_when_unable_to_overtrump_app() -> None:
    s = _undertrump_position(None)
    # JH cannot beat QH, but app still demands a trump
    assert legal_moves(s) == plays("JH")
    with pytest.raises(IllegalMoveError):
        apply(s, Play("AD"))
    s = run(s, "JH")
    assert s.leader == 1  # the queen of trumps won


def test_any_card_when_unable_to_overtrump_pl() -> None:
    s = _undertrump_position(Rules.preset("pl"))
    # pl: once no trump can beat the one in the trick, any card
    assert legal_moves(s) == hand_plays(s, 2)
    assert len(legal_moves(s)) == 6


# --- marriages ----------------------------------------------------------------------------


def test_no_marriage_on_the_first_trick() -> None:
    s = run(play_state(*TRUMPED), "KH")
    assert s.trump is None
    assert s.marriages == ()
    # no trump: seat 2 follows hearts
    assert legal_moves(s) == plays("9H JH")


def test_marriage_on_the_first_trick_in_pl() -> None:
    s = run(play_state(*TRUMPED, rules=Rules.preset("pl")), "KH")
    assert s.trump is HEARTS
    assert s.marriages == ((1, HEARTS),)


def test_a_defender_declares_and_the_marriage_needs_its_partner() -> None:
    s = run(play_state(*BEAT), "9S KS TS")
    assert s.leader == 0
    s = run(s, "QH")
    # seat 0 holds KH: trick 2, hearts declared by a defender
    assert s.trump is HEARTS
    assert s.marriages == ((0, HEARTS),)
    s = run(s, "9D 9H")
    assert s.leader == 0
    s = run(s, "KH")
    # the queen is gone: leading the king declares nothing more
    assert s.marriages == ((0, HEARTS),)
    assert s.trump is HEARTS


def test_king_without_queen_declares_nothing() -> None:
    # the seed-000 deal of tests/test_scoring.py: seat 0 leads KH at trick 2, QH is seat 1's
    deal = ["KS AS TC JD 9H JH TH", "9C QC KC AC KD AD QH", "9S QS TS 9D QD TD AH", "JS JC KH"]
    s = new_game(deal=deal)
    for move in (Bid(100), Pass(), Pass(), Give("JC", to=2), Give("KH", to=0), Contract(120)):
        s = apply(s, move)
    s = run(s, "JS QS KS")
    assert s.leader == 0
    s = run(s, "KH")
    assert s.trump is None
    assert s.marriages == ()
    s = run(s, "QH AH TD JD AD")
    assert s.leader == 1
    s = run(s, "KD")  # no QD in hand
    assert s.trump is None
    s = run(s, "QD JH QC")  # QC with KC in hand, trick 5
    assert s.trump is Suit.CLUBS
    assert s.marriages == ((1, Suit.CLUBS),)


# Seat 1: AC, hearts and diamonds marriages; seat 0 holds TD AD.
TWO_MARRIAGES = ("KS TS AS QC KC TC TD AD", "AC AH TH KH QH KD QD 9S", "JS QS 9C JC 9D JD 9H JH")


def test_a_later_marriage_moves_the_trump() -> None:
    s = run(play_state(*TWO_MARRIAGES), "AC 9C QC KH 9H KS")
    assert s.trump is HEARTS
    assert s.leader == 1
    s = run(s, "QD")
    assert s.trump is DIAMONDS
    assert s.marriages == ((1, HEARTS), (1, DIAMONDS))
    assert legal_moves(s) == plays("9D JD")
    s = run(s, "9D")
    assert legal_moves(s) == plays("TD AD")
    s = run(s, "AD")
    assert s.leader == 0
    s = run(s, "KC")
    # seat 1: void in clubs; diamonds are trump now (KD), hearts no longer
    assert legal_moves(s) == plays("KD")
    s = run(s, "KD")
    # seat 2 follows clubs with its jack
    assert legal_moves(s) == plays("JC")
    s = run(s, "JC")
    assert s.leader == 1


def test_marriage_points_are_counted() -> None:
    s = run(play_state(*TWO_MARRIAGES), "AC 9C QC KH 9H KS QD 9D AD KC KD JC")
    while s.deal_number == 1:
        s = apply(s, legal_moves(s)[0])
    row = s.sheet[-1]
    assert row.marriages == ((1, HEARTS), (1, DIAMONDS))
    # card points always sum to 120; the declarer adds 100 + 80
    assert sum(row.totals) == 120 + 180
    assert row.totals[1] >= 180


def test_trick_two_lead_without_winning_trick_one() -> None:
    # the winner of a trick leads the next one
    s = run(play_state(*OVERTRUMP), "AC QC 9S KH TH JS")
    assert s.leader == 2
    assert s.to_move == 2
    assert s.trick == ()
    assert s.tricks_played == 2


# --- illegal moves --------------------------------------------------------------------------


def test_illegal_play_message_names_move_and_phase() -> None:
    s = run(play_state(*BEAT), "9S KS")
    for move in (Play("JS"), Play("AC"), Play("QH", meld=True)):
        with pytest.raises(IllegalMoveError) as info:
            apply(s, move)
        assert repr(move) in str(info.value)
        assert "PLAY" in str(info.value)
    assert isinstance(IllegalMoveError("x"), ValueError)


@pytest.mark.parametrize("move", [Play("AC"), Play("JS"), Bid(110), Pass(), Contract(100)])
def test_illegal_move_leaves_the_state_equal(move: Move) -> None:
    s = run(play_state(*BEAT), "9S KS")
    again = run(play_state(*BEAT), "9S KS")
    with pytest.raises(IllegalMoveError):
        apply(s, move)
    assert s == again
    assert s.hands == again.hands
    assert s.trick == again.trick
    assert legal_moves(s) == legal_moves(again) == plays("TS AS")


def test_meld_flag_is_illegal_under_automatic_declaration() -> None:
    s = run(play_state(*TRUMPED), "AC 9C QC")
    with pytest.raises(IllegalMoveError, match="meld"):
        apply(s, Play("KH", meld=True))
    assert apply(s, Play(Card.parse("KH"))).trump is HEARTS


def test_a_whole_deal_has_eight_tricks() -> None:
    s = play_state(*TRUMPED)
    count = 0
    while s.deal_number == 1:
        s = apply(s, legal_moves(s)[-1])
        count += 1
    assert count == 24
    assert s.sheet[-1].totals[0] + s.sheet[-1].totals[2] <= 120


@pytest.mark.parametrize(
    ("rules", "lead", "card", "message"),
    [
        # a lead that would declare, with automatic declarations
        (Rules(marriage_on_first_trick=True), None, "QC", "declarations are automatic"),
        # the first trick declares nothing (marriage_on_first_trick=False)
        (Rules(declaration="optional"), None, "QC", "QC declares no marriage here"),
        (Rules(declaration="optional"), None, "9D", "9D declares no marriage: only a king"),
        # a follow declares nothing outside the four-player "on someone"
        (Rules(declaration="optional"), "9D", "KD", "KD declares no marriage here"),
        (Rules(declaration="optional"), "9D", "AD", r"only a king or a queen can \(see"),
        (
            Rules(declaration="optional", ace_marriage=200),
            "9D",
            "AD",
            "only a king or a queen can, or an ace led from all four",
        ),
    ],
)
def test_a_play_with_meld_that_declares_nothing_says_why(
    rules: Rules, lead: str | None, card: str, message: str
) -> None:
    s = play_state(
        "9S JS QS KS TS AS 9C JC",
        "QC KC TC AC 9D JD QD TD",
        "KD AD 9H JH QH KH TH AH",
        rules,
    )
    if lead is not None:
        s = apply(s, Play(lead))
    before = s
    with pytest.raises(IllegalMoveError, match=message):
        apply(s, Play(card, meld=True))
    assert s == before
    assert Play(card) in legal_moves(s)
