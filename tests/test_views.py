"""What a seat may know (RULES.md section 8): ``observe`` and the ``View``."""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator

import attrs
import pytest

from strategies import run_moves as run
from tysiac import (
    Bid,
    Card,
    Concealed,
    Contract,
    DealResult,
    Give,
    HiddenPile,
    InvalidSeatError,
    Pass,
    Phase,
    Play,
    Rules,
    ScoreSheet,
    State,
    View,
    apply,
    legal_moves,
    new_game,
    observe,
    parse_cards,
)

DEAL = ["KS AS TC JD 9H JH TH", "9C QC KC AC KD AD QH", "9S QS TS 9D QD TD AH", "JS JC KH"]
MUSIK = set(parse_cards(DEAL[3]))


def walk(value: object) -> Iterator[object]:
    """Every object reachable from ``value`` through attrs fields and containers."""
    yield value
    if isinstance(value, (str, bytes, int, float, enum.Enum)) or value is None:
        return
    if isinstance(value, (tuple, list, set, frozenset, ScoreSheet)):
        for item in value:
            yield from walk(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from walk(key)
            yield from walk(item)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]
            yield from walk(getattr(value, field.name))


#: The view's fields of possibilities: they name unseen cards as *possibly* somewhere.
POSSIBILITIES = ("possible", "possible_piles")


def cards_in(view: View) -> set[Card]:
    """Every card mentioned anywhere in ``view`` as seen (not its possibilities)."""
    seen = attrs.evolve(view, possible=(), possible_piles=())  # type: ignore[misc]
    return {x for x in walk(seen) if isinstance(x, Card)}


#: What a view may be made of: plain values, cards, rules, moves and score rows.
PLAIN = (int, str, tuple, frozenset, type(None), enum.Enum, Card, Rules, DealResult, View,
         Concealed, HiddenPile, ScoreSheet, Bid, Pass, Give, Contract, Play)  # fmt: skip


def known(state: State, seat: int, musik: set[Card]) -> set[Card]:
    """What ``seat`` may know, from the rules of section 8 (not from ``observe``)."""
    out = set(state.hands[seat]) | set(state.revealed_musik)
    if state.declarer == seat and state.phase is not Phase.AUCTION:
        out |= musik  # the declarer took the musik
    for who, move in state.moves:
        if isinstance(move, Play):
            out.add(move.card)  # played cards are seen by all
        elif isinstance(move, Give) and seat in (who, move.to):
            out.add(move.card)
    return out


def check_view(state: State, seat: int, musik: set[Card]) -> None:
    """Assert the hidden-information rules for one view."""
    view = observe(state, seat)
    assert view.seat == seat
    seen = cards_in(view)
    allowed = known(state, seat, musik)
    assert seen <= allowed, f"seat {seat} sees {sorted(seen - allowed)}"
    for other in range(3):
        if other != seat:
            hidden = set(state.hands[other]) - allowed
            assert not hidden & seen
    objects = list(walk(view))
    assert not any(isinstance(x, State) for x in objects)
    for x in objects:
        assert isinstance(x, PLAIN), type(x)
    assert view.hand == state.hands[seat]
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    assert view.legal_moves == (legal_moves(state) if state.to_move == seat else ())


def test_views_hide_other_hands_through_a_deal() -> None:
    rng = random.Random(8)
    s = new_game(deal=DEAL, seed=8)
    steps = 0
    while s.deal_number == 1:
        for seat in range(3):
            check_view(s, seat, MUSIK)
        moves = legal_moves(s)
        s = apply(s, moves[0] if s.phase is Phase.CONTRACT else rng.choice(moves))
        steps += 1
    assert steps > 24


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_views_hide_other_hands_seeded_deals(seed: int) -> None:
    rng = random.Random(seed)
    s = new_game(seed=seed)
    musik = set(s.musiks[0])
    while s.deal_number == 1:
        for seat in range(3):
            check_view(s, seat, musik)
        moves = legal_moves(s)
        s = apply(s, moves[0] if s.phase is Phase.CONTRACT else rng.choice(moves))


def test_musik_only_after_it_is_shown() -> None:
    s = new_game(deal=DEAL, seed=1)
    for seat in range(3):
        assert observe(s, seat).musik == ()
        assert not cards_in(observe(s, seat)) & (MUSIK - set(s.hands[seat]))
    s = run(s, [Bid(100), Pass()])
    assert all(observe(s, seat).musik == () for seat in range(3))
    s = apply(s, Pass())
    for seat in range(3):
        assert set(observe(s, seat).musik) == MUSIK


def test_musik_hidden_in_pl_at_an_unraised_100() -> None:
    s = run(new_game(Rules.preset("pl"), deal=DEAL, seed=1), [Bid(100), Pass(), Pass()])
    assert s.declarer == 1
    assert s.revealed_musik == ()
    assert set(observe(s, 1).musik) == MUSIK
    for seat in (0, 2):
        view = observe(s, seat)
        assert view.musik == ()
        assert not cards_in(view) & MUSIK
    s = run(s, [Give("JS", to=2), Give("KH", to=0)])
    # each opponent sees only the musik card it received
    assert not cards_in(observe(s, 2)) & (MUSIK - {Card.parse("JS")})
    assert not cards_in(observe(s, 0)) & (MUSIK - {Card.parse("KH")})
    assert Card.parse("JS") in observe(s, 2).hand


def test_musik_shown_in_pl_when_raised() -> None:
    s = run(new_game(Rules.preset("pl"), deal=DEAL, seed=1), [Bid(100), Bid(110), Pass(), Pass()])
    assert s.declarer == 2
    assert set(s.revealed_musik) == MUSIK
    for seat in range(3):
        assert set(observe(s, seat).musik) == MUSIK


def test_gives_are_concealed_from_the_third_seat() -> None:
    s = run(new_game(deal=DEAL, seed=1), [Bid(100), Pass(), Pass()])
    s = run(s, [Give("QH", to=2), Give("AD", to=0)])
    third = observe(s, 0)
    # seat 0 sees a card go to seat 2, not which
    assert (1, Concealed("Give", to=2)) in third.moves
    assert (1, Give("AD", to=0)) in third.moves
    assert Card.parse("QH") not in cards_in(third)
    assert third.given == ((0, Card.parse("AD")),)
    receiver = observe(s, 2)
    assert (1, Give("QH", to=2)) in receiver.moves
    assert (1, Concealed("Give", to=0)) in receiver.moves
    assert Card.parse("AD") not in cards_in(receiver)
    giver = observe(s, 1)
    assert set(giver.given) == {(2, Card.parse("QH")), (0, Card.parse("AD"))}
    assert (1, Give("QH", to=2)) in giver.moves
    assert (1, Give("AD", to=0)) in giver.moves
    # public moves are the same for everyone
    for view in (third, receiver, giver):
        assert view.moves[:3] == ((1, Bid(100)), (2, Pass()), (0, Pass()))


def test_played_cards_and_tricks_are_public() -> None:
    s = run(new_game(deal=DEAL, seed=1), [Bid(100), Pass(), Pass()])
    s = run(s, [Give("JC", to=2), Give("KH", to=0), Contract(120)])
    s = run(s, [Play(c) for c in parse_cards("JS QS KS KH")])
    for seat in range(3):
        view = observe(s, seat)
        assert view.tricks == (
            ((1, Card.parse("JS")), (2, Card.parse("QS")), (0, Card.parse("KS"))),
        )
        assert view.trick_winners == (0,)
        assert view.trick == ((0, Card.parse("KH")),)
        assert view.card_points == (9, 0, 0)
        assert view.contract == 120
        assert view.declarer == 1
        assert view.to_move == 1


def test_view_has_no_state_and_is_frozen() -> None:
    s = new_game(deal=DEAL, seed=123456789)
    view = observe(s, 1)
    assert not any(isinstance(x, State) for x in walk(view))
    assert all(not isinstance(getattr(view, f.name), State) for f in attrs.fields(View))
    with pytest.raises(AttributeError):
        view.seat = 2  # type: ignore[misc]


def test_view_fields_are_plain_data() -> None:
    s = run(new_game(deal=DEAL, seed=5), [Bid(100), Pass(), Pass(), Give("JC", to=2)])
    for seat in range(3):
        for x in walk(observe(s, seat)):
            assert isinstance(x, PLAIN), type(x)


@pytest.mark.parametrize("seat", [3, -1, 10, True, "0", 1.0, None])
def test_invalid_seat(seat: object) -> None:
    s = new_game(seed=1)
    with pytest.raises(InvalidSeatError):
        observe(s, seat)  # type: ignore[call-overload]
    assert issubclass(InvalidSeatError, ValueError)


def test_views_at_game_over() -> None:
    s = run(new_game(deal=DEAL, seed=1, scores=[0, 900, 0]), [Bid(100), Pass(), Pass()])
    s = run(s, [Give("JC", to=2), Give("KH", to=0), Contract(120)])
    cards = "JS QS KS KH QH AH TD JD AD KD QD JH QC JC TC 9H KC TS 9C 9S TH AC 9D AS"
    s = run(s, [Play(c) for c in parse_cards(cards)])
    assert s.is_over
    for seat in range(3):
        view = observe(s, seat)
        assert view.winner == 1
        assert view.phase is Phase.GAME_OVER
        assert view.legal_moves == ()
        assert view.scores == (20, 1020, 20)
        assert not any(isinstance(x, State) for x in walk(view))
    assert (1, Concealed("Give", to=2)) in observe(s, 0).moves
