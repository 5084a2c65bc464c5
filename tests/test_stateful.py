"""A hypothesis state machine that plays random games under random rules.

Each run draws valid :class:`~tysiac.Rules` (``strategies.rules()``: every option varies)
and a seed, then takes steps chosen by hypothesis: a uniformly chosen legal move, a
"cautious" move (so that games with small targets end), an illegal move that must be
refused with the state unchanged, or a non-move.  After every step the invariants hold:
every card in one place, ``to_move`` None iff the game is over, the sitter never to move,
the seat to move and the hand sizes consistent with the phase, ``legal_moves`` non-empty
and sorted.  At teardown the game is replayed from its seed and must give an equal state.
"""

from __future__ import annotations

import random

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from strategies import (
    NOT_MOVES,
    candidate_moves,
    check_apply,
    check_cards,
    check_legal_moves,
    check_turn,
    expect_refused,
    play_deal,
    rules,
    seeds,
    snapshot,
)
from tysiac import (
    IllegalMoveError,
    Move,
    NotAMoveError,
    Phase,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
)


class TysiacMachine(RuleBasedStateMachine):
    """Random games under random rules, with the engine's invariants checked at each step."""

    def __init__(self) -> None:
        super().__init__()
        self.game_rules = Rules()
        self.seed = 0
        self.state = new_game(self.game_rules, seed=0)
        self.moves: list[Move] = []  # every move of the current game, to replay it
        self.refused = 0

    @initialize(rules=rules(), seed=seeds())
    def start(self, rules: Rules, seed: int) -> None:
        self.game_rules = rules
        self._new_game(seed)

    def _new_game(self, seed: int) -> None:
        self.seed = seed
        self.state = new_game(self.game_rules, seed=seed)
        self.moves = []

    def _apply(self, move: Move) -> None:
        self.state = check_apply(self.state, move)
        self.moves.append(move)

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def legal_move(self, data: st.DataObject) -> None:
        """Any legal move, chosen by hypothesis."""
        self._apply(data.draw(st.sampled_from(legal_moves(self.state)), label="move"))

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def cautious_move(self, data: st.DataObject) -> None:
        """Pass / forced bid / contract = bid in the bidding; any move elsewhere."""
        moves = legal_moves(self.state)
        if self.state.phase in (Phase.AUCTION, Phase.CONTRACT):
            self._apply(moves[0])
        else:
            self._apply(data.draw(st.sampled_from(moves), label="move"))

    @precondition(lambda self: not self.state.is_over)
    @rule(rng_seed=st.integers(0, 2**32))
    def finish_deal(self, rng_seed: int) -> None:
        """Play the rest of the deal cautiously, checking every state on the way."""

        def check(before: State, move: Move, after: State) -> None:
            assert snapshot(before) == snapshot(self.state)  # not changed by apply
            self.state = after
            self.moves.append(move)
            check_cards(after)
            check_turn(after)

        start = self.state
        end = play_deal(start, random.Random(rng_seed), "cautious", on_move=check)
        assert end is self.state
        assert end.is_over or end.deal_number == start.deal_number + 1
        assert len(end.sheet) == len(start.sheet) + 1

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def illegal_move(self, data: st.DataObject) -> None:
        """A move outside ``legal_moves`` is refused and changes nothing."""
        legal = set(legal_moves(self.state))
        candidates = [m for m in candidate_moves(self.state) if m not in legal]
        move = data.draw(st.sampled_from(candidates), label="illegal move")
        before = snapshot(self.state)
        expect_refused(self.state, move, IllegalMoveError)
        assert snapshot(self.state) == before
        self.refused += 1

    @rule(thing=st.sampled_from(NOT_MOVES))
    def not_a_move(self, thing: object) -> None:
        """Something that is not a move at all raises NotAMoveError, in any phase."""
        before = snapshot(self.state)
        expect_refused(self.state, thing, NotAMoveError)
        assert snapshot(self.state) == before

    @precondition(lambda self: self.state.is_over)
    @rule(seed=seeds())
    def next_game(self, seed: int) -> None:
        """After a game ends, start another one under the same rules."""
        event("a game ended")
        self.teardown()  # check the finished game's replay first
        self._new_game(seed)

    @invariant()
    def cards_are_conserved(self) -> None:
        check_cards(self.state)

    @invariant()
    def turn_is_consistent(self) -> None:
        check_turn(self.state)
        assert self.state.rules == self.game_rules

    @invariant()
    def legal_moves_are_listed_in_order(self) -> None:
        check_legal_moves(self.state)

    def teardown(self) -> None:
        """The same seed and moves give an equal state, with an equal hash."""
        again: State = new_game(self.game_rules, seed=self.seed)
        for move in self.moves:
            again = apply(again, move)
        assert again == self.state
        assert hash(again) == hash(self.state)


TestTysiacMachine = TysiacMachine.TestCase
TestTysiacMachine.settings = settings(max_examples=150, stateful_step_count=80)
