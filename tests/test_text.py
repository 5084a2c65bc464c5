"""``str(state)``, ``str(view)`` and ``repr(view)``: the readable tables, golden outputs.

The positions are reached by always making the first legal move, which depends on the
engine alone: seed 5, mid-way through the second trick, for 2, 3 and 4 players.  For each:
the state, the view of the seat to move, and the view of another seat.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tysiac import Phase, Rules, State, apply, legal_moves, new_game, observe
from tysiac.bots import play_game

GOLDEN: dict[int, tuple[str, str, str]] = {}

GOLDEN[2] = (
    """\
Deal 1, dealer 0: trick play, seat 1 to move
Declarer 1, bid 100, contract 100; trump spades; marriages: spades by seat 0
Seat  Score  Points  Trick  Hand
   0      0      13  QS     KS TS AS  JC  9D TD  9H TH  (dealer)
   1      0       0         KC AC  JD QD KD AD  JH KH AH  (declarer, to move)
Musik: JS  QH
Discards: 9S  9C
""",
    """\
Seat 1's view. Deal 1, dealer 0: trick play, seat 1 to move
Declarer 1, bid 100, contract 100; trump spades; marriages: spades by seat 0
Seat  Score  Points  Trick  Hand
   0      0      13  QS     8 cards  (dealer)
   1      0       0         KC AC  JD QD KD AD  JH KH AH  (you, declarer, to move)
Musik seen: JH AH
Discards: 9S  9C
""",
    """\
Seat 0's view. Deal 1, dealer 0: trick play, seat 1 to move
Declarer 1, bid 100, contract 100; trump spades; marriages: spades by seat 0
Seat  Score  Points  Trick  Hand
   0      0      13  QS     KS TS AS  JC  9D TD  9H TH  (you, dealer)
   1      0       0         9 cards  (declarer, to move)
Musik seen: JH AH
""",
)

GOLDEN[3] = (
    """\
Deal 1, dealer 0: trick play, seat 1 to move
Declarer 1, bid 100, contract 100; no trump
Seat  Score  Points  Trick  Hand
   0      0       7  JS     AS  JC TC  9D  9H TH  (dealer)
   1      0       0         TS  AC  JD TD  QH KH AH  (declarer, to move)
   2      0       0         9C QC KC  QD KD AD  JH
Musik (shown, then taken): JS  QH AH
""",
    """\
Seat 1's view. Deal 1, dealer 0: trick play, seat 1 to move
Declarer 1, bid 100, contract 100; no trump
Seat  Score  Points  Trick  Hand
   0      0       7  JS     6 cards  (dealer)
   1      0       0         TS  AC  JD TD  QH KH AH  (you, declarer, to move)
   2      0       0         7 cards
Musik seen: JS  QH AH
Given: 9S to seat 2, JS to seat 0
""",
    """\
Seat 2's view. Deal 1, dealer 0: trick play, seat 1 to move
Declarer 1, bid 100, contract 100; no trump
Seat  Score  Points  Trick  Hand
   0      0       7  JS     6 cards  (dealer)
   1      0       0         7 cards  (declarer, to move)
   2      0       0         9C QC KC  QD KD AD  JH  (you)
Musik seen: JS  QH AH
Given: 9S to seat 2
""",
)

GOLDEN[4] = (
    """\
Deal 1, dealer 0: trick play, seat 2 to move
Declarer 1, bid 100, contract 100; no trump
Seat  Score  Points  Trick  Hand
   0      0       0         -  (dealer, sits out)
   1      0      15  JC     TC  9D  9H QH TH AH  (declarer)
   2      0       0         JS QS TS  AC  JD TD  KH  (to move)
   3      0       0         9C QC KC  QD KD AD  JH
Musik (shown, then taken): JS  QH AH
""",
    """\
Seat 2's view. Deal 1, dealer 0: trick play, seat 2 to move
Declarer 1, bid 100, contract 100; no trump
Seat  Score  Points  Trick  Hand
   0      0       0         -  (dealer, sits out)
   1      0      15  JC     6 cards  (declarer)
   2      0       0         JS QS TS  AC  JD TD  KH  (you, to move)
   3      0       0         7 cards
Musik seen: JS  QH AH
Given: JS to seat 2
""",
    """\
Seat 3's view. Deal 1, dealer 0: trick play, seat 2 to move
Declarer 1, bid 100, contract 100; no trump
Seat  Score  Points  Trick  Hand
   0      0       0         -  (dealer, sits out)
   1      0      15  JC     6 cards  (declarer)
   2      0       0         7 cards  (to move)
   3      0       0         9C QC KC  QD KD AD  JH  (you)
Musik seen: JS  QH AH
Given: KS to seat 3
""",
)


def position(players: int, seed: int = 5) -> State:
    """The first-legal-move game of ``seed``, at the second card of the second trick."""
    state = new_game(Rules(players=players), seed=seed)
    while not (state.phase is Phase.PLAY and state.tricks_played >= 1 and len(state.trick) == 1):
        state = apply(state, legal_moves(state)[0])
    return state


def _other_seat(state: State) -> int:
    if state.players == 2:
        return 1 - state.to_move  # type: ignore[operator]
    taken = (state.to_move, state.declarer, state.dealer)
    return next(seat for seat in range(state.players) if seat not in taken)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_golden_state_and_views(players: int) -> None:
    state = position(players)
    to_move = state.to_move
    assert to_move is not None
    want_state, want_mover, want_other = GOLDEN[players]
    assert str(state) + "\n" == want_state
    assert str(observe(state, to_move)) + "\n" == want_mover
    assert str(observe(state, _other_seat(state))) + "\n" == want_other


def test_a_new_game_and_a_finished_one() -> None:
    state = new_game(seed=1)
    assert str(state).splitlines()[:3] == [
        "Deal 1, dealer 0: auction, seat 1 to move",
        "No bid yet; no trump",
        "Seat  Score  Points  Trick  Hand",
    ]
    assert str(state).splitlines()[-1] == "Musik: 9S  QD  AH"
    assert "Musik" not in str(observe(state, 0))  # face down: no seat has seen it
    final = play_game(seed=1)
    assert final.winner is not None
    text = str(final)
    assert text.splitlines()[0] == (
        f"Game over after {len(final.sheet)} deals: seat {final.winner} won with "
        f"{final.scores[final.winner]} points"
    )
    assert str(observe(final, 2)).startswith("Seat 2's view. Game over after ")


def test_view_repr_is_short() -> None:
    view = observe(position(3), 1)
    text = repr(view)
    assert text == (
        "<View seat=1 phase=Phase.PLAY deal_number=1 to_move=1 hand='TS  AC  JD TD  QH KH AH'>"
    )
    assert "Rules" not in text
    assert len(repr(observe(new_game(Rules.preset("pl", players=4)), 0))) < 120


@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), moves=st.integers(0, 60))
def test_a_view_shows_only_what_its_seat_may_see(seed: int, players: int, moves: int) -> None:
    state = new_game(Rules(players=players), seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = apply(state, legal_moves(state)[-1])
    for seat in range(players):
        view = observe(state, seat)
        text = str(view)
        seen = {str(c) for c in (*view.hand, *view.musik, *view.discards)}
        seen |= {str(c) for _, c in (*view.trick, *view.given)}
        for other in range(players):
            if other != seat:
                for card in state.hands[other]:
                    if str(card) not in seen:
                        assert f" {card}" not in text and not text.startswith(str(card))
