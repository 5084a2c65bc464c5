"""A game of 5,000 deals: equality, hashing, pickling, copying and viewing all work, and
hashing, copying and viewing do the same work at any length (counted, not timed)."""

from __future__ import annotations

import copy
import pickle
import random
import sys
from collections.abc import Callable
from functools import partial

import pytest

from strategies import choose_move
from tysiac import Phase, Rules, State, apply, new_game, observe, record, replay

DEALS = 5_000
#: Deals at whose first state the work is counted.
MARKS = (10, 100, 1_000, DEALS)


def play_long_game() -> dict[int, State]:
    """The first state of each deal in ``MARKS`` of one game of ``DEALS`` deals.

    The cautious random policy (pass, the forced bid, contract = bid) keeps the deals short
    and the starting scores far below zero keep anybody from winning.
    """
    rng = random.Random(5)
    state = new_game(Rules(), seed=5, scores=[-900_000_000] * 3)
    marks: dict[int, State] = {}
    while state.deal_number <= DEALS:
        if state.deal_number in MARKS and state.deal_number not in marks:
            marks[state.deal_number] = state
        state = apply(state, choose_move(state, rng))
    marks[DEALS + 1] = state
    return marks


@pytest.fixture(scope="module")
def long_game() -> dict[int, State]:
    return play_long_game()


def count_calls(call: Callable[[], object]) -> int:
    """How many Python and C function calls ``call()`` makes."""
    count = 0

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return count


def test_the_game_is_long(long_game: dict[int, State]) -> None:
    last = long_game[DEALS + 1]
    assert len(last.sheet) == DEALS
    assert not last.is_over
    assert all(long_game[n].phase is Phase.AUCTION for n in MARKS)


def test_equality_and_hash(long_game: dict[int, State]) -> None:
    last = long_game[DEALS + 1]
    twin = pickle.loads(pickle.dumps(last))  # equal, and shares nothing with ``last``
    assert twin is not last and twin.sheet is not last.sheet
    assert twin == last
    assert hash(twin) == hash(last)
    assert last != long_game[DEALS]
    assert len({last, twin, long_game[DEALS]}) == 2


def test_work_does_not_grow_with_the_length(long_game: dict[int, State]) -> None:
    calls: list[tuple[str, Callable[[State], object]]] = [
        ("hash", hash),
        ("deepcopy", copy.deepcopy),
        ("copy", copy.copy),
        # the dealer is not to move at the start of a deal: no legal moves to list
        ("observe", lambda s: observe(s, s.dealer)),
        ("sheet", lambda s: s.sheet[-1]),
    ]
    for name, call in calls:
        counts = {n: count_calls(partial(call, long_game[n])) for n in MARKS}
        assert len(set(counts.values())) == 1, (name, counts)


def test_copies_are_the_state_itself(long_game: dict[int, State]) -> None:
    last = long_game[DEALS + 1]
    assert copy.deepcopy(last) is last
    assert copy.copy(last) is last
    view = observe(last, 0)
    assert copy.deepcopy(view) is view
    assert view.sheet is last.sheet  # shared, not copied


def test_pickle_grows_in_proportion(long_game: dict[int, State]) -> None:
    sizes = {n: len(pickle.dumps(long_game[n])) for n in (1_000, DEALS)}
    # the pickle holds the history: about the same number of bytes per deal
    per_deal = [sizes[n] / n for n in sizes]
    assert max(per_deal) < 1.5 * min(per_deal), sizes
    state = long_game[1_000]
    assert pickle.loads(pickle.dumps(state)) == state


def test_record_and_replay(long_game: dict[int, State]) -> None:
    state = long_game[1_000]
    rec = record(state)
    assert len(rec.deals) == 999
    assert replay(rec) == state


def test_comparing_states_of_one_game_does_not_grow(long_game: dict[int, State]) -> None:
    from tysiac import legal_moves

    counts = {}
    for n in MARKS:
        state = long_game[n]
        move = legal_moves(state)[0]
        a, b = apply(state, move), apply(state, move)  # equal, built apart, history shared
        assert a is not b
        counts[n] = count_calls(partial(a.__eq__, b))
        assert a == b
    assert len(set(counts.values())) == 1, counts
