"""Cards, suits and ranks (RULES.md section 1): notation, order, points, hashing, reprs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tysiac import (
    CARDS,
    Bid,
    Bomb,
    Card,
    ChooseMusik,
    Claim,
    Contract,
    Discard,
    Give,
    InvalidCardError,
    Move,
    Pass,
    Play,
    Rank,
    Redeal,
    Suit,
    TysiacError,
    parse_cards,
)

SUIT_LETTERS = {"S": Suit.SPADES, "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS}
SUIT_SYMBOLS = {"♠": Suit.SPADES, "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS}
RANK_LETTERS = {
    "9": Rank.NINE,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "T": Rank.TEN,
    "10": Rank.TEN,
    "A": Rank.ACE,
}
# RULES.md 1: A 11, 10 10, K 4, Q 3, J 2, 9 0.
POINTS = {
    Rank.NINE: 0,
    Rank.JACK: 2,
    Rank.QUEEN: 3,
    Rank.KING: 4,
    Rank.TEN: 10,
    Rank.ACE: 11,
}


def test_there_are_24_distinct_cards() -> None:
    assert len(CARDS) == 24
    assert len(set(CARDS)) == 24
    assert {(c.suit, c.rank) for c in CARDS} == {(s, r) for s in Suit for r in Rank}


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("QH", Suit.HEARTS, Rank.QUEEN),
        ("qh", Suit.HEARTS, Rank.QUEEN),
        ("Qh", Suit.HEARTS, Rank.QUEEN),
        ("10H", Suit.HEARTS, Rank.TEN),
        ("10h", Suit.HEARTS, Rank.TEN),
        ("TH", Suit.HEARTS, Rank.TEN),
        ("th", Suit.HEARTS, Rank.TEN),
        ("Q♥", Suit.HEARTS, Rank.QUEEN),
        ("q♥", Suit.HEARTS, Rank.QUEEN),
        ("10♠", Suit.SPADES, Rank.TEN),
        ("A♦", Suit.DIAMONDS, Rank.ACE),
        ("9♣", Suit.CLUBS, Rank.NINE),
        ("JS", Suit.SPADES, Rank.JACK),
        ("KC", Suit.CLUBS, Rank.KING),
    ],
)
def test_parse_accepts_every_documented_notation(text: str, suit: Suit, rank: Rank) -> None:
    card = Card.parse(text)
    assert card == Card(suit, rank)
    assert card.suit is suit
    assert card.rank is rank


@pytest.mark.parametrize("rank_text", sorted(RANK_LETTERS))
@pytest.mark.parametrize("suit_text", sorted(SUIT_LETTERS) + sorted(SUIT_SYMBOLS))
def test_parse_every_rank_and_suit_spelling(rank_text: str, suit_text: str) -> None:
    suit = {**SUIT_LETTERS, **SUIT_SYMBOLS}[suit_text]
    expected = Card(suit, RANK_LETTERS[rank_text])
    assert Card.parse(rank_text + suit_text) == expected
    assert Card.parse((rank_text + suit_text).lower()) == expected


@pytest.mark.parametrize(
    "text",
    ["", "Q", "H", "QX", "XH", "1H", "11H", "0H", "QHH", "HQ", "Q H", "8S", "KK", "10", "queen"],
)
def test_parse_rejects_bad_text(text: str) -> None:
    with pytest.raises(InvalidCardError):
        Card.parse(text)


@pytest.mark.parametrize("value", [None, 12, 3.5, ["QH"], b"QH"])
def test_parse_rejects_non_strings(value: object) -> None:
    with pytest.raises(InvalidCardError):
        Card.parse(value)  # type: ignore[arg-type]


def test_invalid_card_error_is_a_value_error_and_a_tysiac_error() -> None:
    with pytest.raises(ValueError, match="XX"):
        Card.parse("XX")
    assert issubclass(InvalidCardError, ValueError)
    assert issubclass(InvalidCardError, TysiacError)


def test_card_constructor_rejects_bad_suit_or_rank() -> None:
    with pytest.raises(InvalidCardError):
        Card(7, Rank.ACE)
    with pytest.raises(InvalidCardError):
        Card(Suit.HEARTS, 6)


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_str_is_notation_and_parses_back(card: Card) -> None:
    text = str(card)
    assert len(text) == 2
    assert text[0] in "9JQKTA"
    assert text[1] in "SCDH"
    assert Card.parse(text) == card


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_repr_round_trips_through_eval(card: Card) -> None:
    again = eval(repr(card), {"Card": Card})
    assert again == card
    assert again is card  # one object per card


def test_str_examples() -> None:
    assert str(Card(Suit.HEARTS, Rank.QUEEN)) == "QH"
    assert str(Card(Suit.SPADES, Rank.TEN)) == "TS"
    assert str(Card.parse("10♦")) == "TD"


def test_index_is_suit_times_six_plus_rank() -> None:
    for i, card in enumerate(CARDS):
        assert card.index == card.suit * 6 + card.rank == i


def test_order_suits_then_ranks() -> None:
    # RULES.md 1: 9 < J < Q < K < 10 < A inside a suit; the brief: suit order ♠ < ♣ < ♦ < ♥.
    assert list(Rank) == [Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE]
    assert list(Suit) == [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS]
    assert Card.parse("TH") > Card.parse("KH")
    assert Card.parse("AH") > Card.parse("TH")
    assert Card.parse("9H") < Card.parse("JH") < Card.parse("QH") < Card.parse("KH")
    assert Card.parse("AS") < Card.parse("9C") < Card.parse("AC") < Card.parse("9D")
    assert Card.parse("AD") < Card.parse("9H")
    assert sorted(CARDS, reverse=True) == list(reversed(CARDS))
    shuffled = [CARDS[(i * 7) % 24] for i in range(24)]
    assert tuple(sorted(shuffled)) == CARDS


def test_points_per_rank_and_total_120() -> None:
    for card in CARDS:
        assert card.points == POINTS[card.rank]
        assert card.rank.points == POINTS[card.rank]
    assert sum(card.points for card in CARDS) == 120
    for suit in Suit:
        assert sum(c.points for c in CARDS if c.suit is suit) == 30


def test_marriage_cards_are_kings_and_queens() -> None:
    assert {c for c in CARDS if c.is_marriage_card} == {
        c for c in CARDS if c.rank in (Rank.KING, Rank.QUEEN)
    }


def test_hashing_and_equality() -> None:
    a = Card.parse("QH")
    b = Card(Suit.HEARTS, Rank.QUEEN)
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b, Card.parse("qh"), Card.parse("Q♥")}) == 1
    assert {a: 1}[Card.parse("QH")] == 1
    assert Card.parse("QH") != Card.parse("QD")
    assert Card.parse("QH") != Card.parse("KH")


def test_cards_are_immutable() -> None:
    card = Card.parse("QH")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert card.rank is Rank.QUEEN


def test_parse_cards_keeps_order_and_accepts_separators() -> None:
    assert parse_cards("AH, 10s q♦") == (Card.parse("AH"), Card.parse("TS"), Card.parse("QD"))
    assert parse_cards(["9S", Card.parse("KH")]) == (Card.parse("9S"), Card.parse("KH"))
    assert parse_cards("") == ()
    with pytest.raises(InvalidCardError):
        parse_cards("AH XX")


def test_suit_and_rank_letters_and_symbols() -> None:
    assert [s.letter for s in Suit] == ["S", "C", "D", "H"]
    assert [s.symbol for s in Suit] == ["♠", "♣", "♦", "♥"]
    assert [r.letter for r in Rank] == ["9", "J", "Q", "K", "T", "A"]


MOVES: list[Move] = [
    Bid(100),
    Bid(260),
    Pass(),
    Redeal(),
    ChooseMusik(0),
    ChooseMusik(1),
    Give(Card.parse("9S"), to=2),
    Give("QH", to=0),
    Discard(Card.parse("JD")),
    Contract(120),
    Bomb(),
    Play(Card.parse("TH")),
    Play("QH", meld=True),
    Claim(),
]
NAMESPACE: dict[str, object] = {
    cls.__name__: cls
    for cls in (Card, Bid, Pass, Redeal, ChooseMusik, Give, Discard, Contract, Bomb, Play, Claim)
}


@pytest.mark.parametrize("move", MOVES, ids=repr)
def test_move_repr_round_trips_through_eval(move: Move) -> None:
    again = eval(repr(move), dict(NAMESPACE))
    assert again == move
    assert type(again) is type(move)
    assert hash(again) == hash(move)


def test_moves_accept_card_strings() -> None:
    assert Play("QH") == Play(Card.parse("QH"))
    assert Play("qh") == Play(Card.parse("Q♥"))
    assert Give("10s", to=1) == Give(Card.parse("TS"), to=1)
    assert Discard("9d") == Discard(Card.parse("9D"))
    assert Play("QH") != Play("QH", meld=True)
    with pytest.raises(InvalidCardError):
        Play("ZZ")


@given(st.sampled_from(CARDS), st.lists(st.booleans(), min_size=2, max_size=2))
def test_any_case_of_notation_parses(card: Card, upper: list[bool]) -> None:
    text = str(card)
    mixed = "".join(ch.upper() if up else ch.lower() for ch, up in zip(text, upper, strict=True))
    assert Card.parse(mixed) == card
    ten = text.replace("T", "10") if card.rank is Rank.TEN else text
    assert Card.parse(ten) == card
