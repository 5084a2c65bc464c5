"""The deal log as one int of 16-bit move codes (``_movecodes``): every kind of move round
trips, with its seat, in order; the pickled bytes round trip; the blind-bid lookup; and the
moves the engine logs are the moves that were applied, over random games of every rules."""

from __future__ import annotations

import pickle
import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from strategies import choose_move, rules, seeds
from tysiac import (
    Bid,
    Bomb,
    ChooseMusik,
    Claim,
    Concede,
    Contract,
    Discard,
    Give,
    Move,
    Pass,
    Play,
    Redeal,
    Rules,
    apply,
    new_game,
    record,
)
from tysiac._vocab.cards import CARDS
from tysiac._vocab.movecodes import (
    EMPTY_LOG,
    codes_log,
    encode_log,
    last_bid_blind,
    log_codes,
    log_from_codes,
    log_moves,
    log_plus,
)

#: One move of every kind and value range the codes cover.
EVERY_KIND: tuple[Move, ...] = (
    *(Play(c) for c in CARDS),
    *(Play(c, meld=True) for c in CARDS if c.rank.name in ("QUEEN", "KING", "ACE")),
    *(Give(c, to=to) for c in CARDS[::5] for to in range(4)),
    *(Discard(c) for c in CARDS[::7]),
    ChooseMusik(0),
    ChooseMusik(1),
    Pass(),
    Redeal(),
    Bomb(),
    Claim(),
    Concede(),
    *(Bid(a) for a in (5, 10, 100, 120, 365, 5000)),
    *(Bid(a, blind=True) for a in (5, 100, 5000)),
    *(Contract(a) for a in (5, 100, 360, 5000)),
)


def test_an_empty_log_has_no_moves() -> None:
    assert log_moves(EMPTY_LOG) == ()
    assert encode_log(EMPTY_LOG) == b""
    assert log_from_codes(b"") == EMPTY_LOG


@given(st.lists(st.tuples(st.integers(0, 3), st.sampled_from(EVERY_KIND)), max_size=60))
def test_every_move_round_trips_in_order(moves: list[tuple[int, Move]]) -> None:
    log = EMPTY_LOG
    for seat, move in moves:
        log = log_plus(log, seat, move)
    assert type(log) is int
    assert log_moves(log) == tuple(moves)
    data = encode_log(log)
    assert len(data) == 2 * len(moves)
    assert log_from_codes(data) == log


@settings(max_examples=50)
@given(st.lists(st.integers(0, 2**16 - 1), max_size=600))
@example([])
@example(list(range(255)))
@example([65535] * 256)
@example(list(range(600)))
def test_logs_of_any_length_give_back_their_codes(codes: list[int]) -> None:
    """Short logs are unpacked by prepared unpackers, long ones (beyond 255 moves, which no
    deal of the presets reaches) by a format made for them: the same codes either way."""
    log = codes_log(tuple(codes))
    assert log_codes(log) == tuple(codes)


@given(st.lists(st.tuples(st.integers(0, 3), st.sampled_from(EVERY_KIND)), max_size=30))
def test_the_last_bid_of_a_seat_says_whether_it_was_blind(moves: list[tuple[int, Move]]) -> None:
    log = EMPTY_LOG
    for seat, move in moves:
        log = log_plus(log, seat, move)
    for seat in range(4):
        bids = [m for s, m in moves if s == seat and isinstance(m, Bid)]
        assert last_bid_blind(log, seat) == (bool(bids) and bids[-1].blind)


@settings(deadline=None)
@given(rules(), seeds())
def test_the_logged_moves_are_the_moves_applied(r: Rules, seed: int) -> None:
    """``State.moves`` (from the int log) and the history (through ``record``) give back the
    moves applied, and a pickled state gives back equal ones."""
    state = new_game(r, seed=seed)
    rng = random.Random(seed)
    applied: list[tuple[int, Move]] = []
    number = state.deal_number
    for _ in range(120):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        move = choose_move(state, rng)
        state = apply(state, move)
        if state.deal_number != number:
            number = state.deal_number
            applied = []
            continue
        applied.append((seat, move))
        logged = state.moves
        if state.is_over and len(logged) == len(applied) + 1:
            # the declarer's automatic claim ended the game: logged, though nobody applied it
            assert r.auto_claim and logged[-1][1] == Claim()
            logged = logged[:-1]
        assert logged == tuple(applied)
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.moves == state.moves
    assert record(again) == record(state)
