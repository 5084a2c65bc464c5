"""Tests of SearchBot's playout policy (``tysiac.bots._policy``): legal everywhere, and each
of its card-play rules as a scenario on a fixed deal."""

from __future__ import annotations

import random

import pytest

from strategies import preset_rules, presets_and_layouts
from tysiac import (
    Bid,
    Card,
    Contract,
    Give,
    Layout,
    Move,
    Pass,
    Phase,
    Play,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
)
from tysiac.bots._policy import Policy


def _card(text: str) -> Card:
    return Card.parse(text)


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())
def test_policy_plays_whole_deals_in_every_preset_and_layout(preset: str, layout: Layout) -> None:
    rules = preset_rules(preset, layout)
    rng = random.Random(0)
    for seed in range(6):
        policy = Policy()
        state = new_game(rules, seed=seed)
        while not state.is_over and state.deal_number == 1:
            moves = legal_moves(state)
            move = policy.move(state, moves, rng)
            assert move in moves
            state = apply(state, move)
        assert state.sheet  # the deal was scored


def _declared(deal: list[str], gives: list[Move], rules: Rules | None = None) -> State:
    """Seat 1 plays the forced 100 on ``deal`` after giving ``gives``."""
    state = new_game(rules, deal=deal)
    for move in [Bid(100), Pass(), Pass(), *gives, Contract(100)]:
        state = apply(state, move)
    assert state.phase is Phase.PLAY and state.declarer == 1
    return state


def _policy_move(state: State) -> Move:
    return Policy().move(state, legal_moves(state), random.Random(0))


# Seat 1 takes the musik (AH 9S KC), gives KC to seat 2 and JS to seat 0, and holds the
# heart marriage with its ace and ten, the ace of clubs and three nines; seat 0 holds two
# small hearts.
DEAL = ["JH 9H QS KS JC QC JD", "TH KH QH AC 9C 9D JS", "TS AS TC KD TD AD QD", "AH 9S KC"]
GIVES: list[Move] = [Give("KC", to=2), Give("JS", to=0)]


def test_policy_cashes_a_certain_ace_before_leading_a_marriage() -> None:
    # with the Polish rules a marriage may be declared on the first trick; with no trump yet
    # the ace of clubs is a certain trick, so it goes first
    state = _declared(DEAL, GIVES, Rules.preset("pl"))
    assert _policy_move(state) == Play(_card("AC"))


def test_policy_declares_its_marriage_with_the_queen() -> None:
    state = _declared(DEAL, GIVES, Rules.preset("pl"))
    for move in [Play("AC"), Play("TC"), Play("JC")]:
        state = apply(state, move)
    assert state.to_move == 1 and not state.trick
    assert _policy_move(state) == Play(_card("QH"))


def test_policy_draws_trumps_with_a_top_trump_as_declarer() -> None:
    state = _declared(DEAL, GIVES, Rules.preset("pl"))
    for move in [Play("AC"), Play("TC"), Play("JC"), Play("QH"), Play("TS"), Play("9H")]:
        state = apply(state, move)
    assert state.trump is not None and state.to_move == 1 and not state.trick
    assert _policy_move(state) == Play(_card("AH"))  # seat 0 still holds the jack of hearts


def _policy_deals(preset: str, deals: int) -> list[tuple[State, Move]]:
    """Every play decision of ``deals`` deals played by the policy in every seat."""
    out: list[tuple[State, Move]] = []
    rng = random.Random(1)
    for seed in range(deals):
        policy = Policy()
        state = new_game(Rules.preset(preset), seed=seed)
        while not state.is_over and state.deal_number == 1:
            moves = legal_moves(state)
            move = policy.move(state, moves, rng)
            if state.phase is Phase.PLAY and len(moves) > 1:
                out.append((state, move))
            state = apply(state, move)
    return out


def _pair_in(hand: tuple[Card, ...], card: Card) -> bool:
    return sum(c.suit is card.suit and c.is_marriage_card for c in hand) == 2


def _winning(state: State) -> tuple[int, Card]:
    """The (seat, card) winning the current trick so far."""
    trump = state.trump
    best_seat, best = state.trick[0]
    for seat, card in state.trick[1:]:
        if (card.suit is best.suit and card.rank > best.rank) or (
            card.suit is trump and best.suit is not trump
        ):
            best_seat, best = seat, card
    return best_seat, best


def test_policy_smears_a_ten_or_an_ace_onto_its_partners_trick_when_it_plays_last() -> None:
    checked = 0
    for state, move in _policy_deals("app", 150):
        declarer = state.declarer
        if declarer is None or state.to_move == declarer or len(state.trick) != 2:
            continue
        seat, _ = _winning(state)
        if seat == declarer:
            continue
        hand = state.hands[state.to_move or 0]
        loose = [
            m
            for m in legal_moves(state)
            if isinstance(m, Play)
            and m.card.points >= 10
            and m.card.suit is not state.trump
            and not (m.card.is_marriage_card and _pair_in(hand, m.card))
        ]
        if loose:
            checked += 1
            assert isinstance(move, Play) and move.card.points >= 10, (hand, state.trick, move)
    assert checked >= 5


def test_policy_wins_a_trick_it_can_win_when_it_plays_last() -> None:
    checked = 0
    for state, move in _policy_deals("app", 150):
        declarer = state.declarer
        if len(state.trick) != 2:
            continue
        seat, best = _winning(state)
        if declarer is not None and declarer not in (state.to_move, seat):  # a partner wins
            continue
        trump = state.trump
        winners = [
            m
            for m in legal_moves(state)
            if isinstance(m, Play)
            and (
                (m.card.suit is best.suit and m.card.rank > best.rank)
                or (m.card.suit is trump and best.suit is not trump)
            )
        ]
        if winners:
            checked += 1
            assert move in winners, (state.trick, move)
    assert checked >= 20
