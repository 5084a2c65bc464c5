"""What :class:`~tysiac.bots.PIMCBot`'s decisions ask of the worlds they draw: the search
budget of one decision (:class:`Budget`, every solve counted against it) and the helpers
that play a world on (:func:`first_lead`, to the first lead with a seat declaring), read a
move's declared marriage (:func:`declared`) and weigh a row of the score sheet
(:func:`score_margin`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from .._engine.api import apply, legal_moves
from .._engine.core import Phase
from .._engine.state import State
from .._errors import SearchLimit
from .._info.observe import observe
from .._search.solve import Solver
from .._vocab.moves import Bid, Contract, Move
from ._heuristic import HeuristicBot

__all__ = ["Budget", "declared", "first_lead", "score_margin"]

_T = TypeVar("_T")


class Budget:
    """The search budget of one decision: at most ``nodes`` positions over all its
    solves.  A question that would go beyond it returns None, and the decision uses the
    worlds answered before (deterministic: the count does not depend on the clock)."""

    def __init__(self, nodes: int) -> None:
        self.left = nodes

    def _run(self, solver: Solver) -> None:
        if self.left <= 0:  # spent (a limit of -1 would mean none at all)
            raise SearchLimit("the decision's budget of positions is spent")
        solver.tree.limit = solver.tree.nodes + self.left

    def _spent(self, solver: Solver, before: int) -> None:
        self.left -= solver.tree.nodes - before

    def _answers(
        self, worlds: list[tuple[State, Solver]], ask: Callable[[State, Solver], _T]
    ) -> Iterator[_T]:
        """``ask(world, solver)`` of each world in turn, its solves counted against the
        budget, up to the first world the budget does not answer."""
        for world, solver in worlds:
            before = solver.tree.nodes
            try:
                self._run(solver)
                found = ask(world, solver)
            except SearchLimit:
                return
            finally:
                self._spent(solver, before)
            yield found

    def count(
        self,
        worlds: list[tuple[State, Solver]],
        moves: tuple[Move, ...],
        which: Sequence[int],
        bound: int,
    ) -> list[int] | None:
        """For each move (of those in ``which``), the worlds in which the value after it is
        at least ``bound``; None when not one world was answered."""

        def ask(world: State, solver: Solver) -> list[bool]:
            return [solver.at_least(apply(world, moves[k]), bound) for k in which]

        out = [0] * len(moves)
        answered = 0
        for yes in self._answers(worlds, ask):
            for k, ok in zip(which, yes, strict=True):
                out[k] += ok
            answered += 1
        return out if answered else None

    def totals(
        self, worlds: list[tuple[State, Solver]], moves: tuple[Move, ...], which: Sequence[int]
    ) -> list[int] | None:
        """For each move (of those in ``which``), the sum over the worlds of the exact value
        after it, then the number of worlds answered; None when not one was answered."""

        def ask(world: State, solver: Solver) -> list[int]:
            values = []
            guess = -1
            for k in which:
                guess = solver.value(apply(world, moves[k]), guess)
                values.append(guess)
            return values

        out = [0] * len(moves)
        answered = 0
        for values in self._answers(worlds, ask):
            for k, value in zip(which, values, strict=True):
                out[k] += value
            answered += 1
        return [*out, answered] if answered else None

    def shares(
        self,
        worlds: list[tuple[State, Solver]],
        moves: tuple[Move, ...],
        which: Sequence[int],
        seat: int,
    ) -> list[tuple[int, int]] | None:
        """For each move (of those in ``which``), summed over the worlds: ``seat``'s own
        total at the end of the deal played along one of the solver's best lines after the
        move, and the declarer's value after it; None when not one world was answered."""

        def ask(world: State, solver: Solver) -> list[tuple[int, int]]:
            rows = len(world._c.game.sheet)
            found = []
            guess = -1
            for k in which:
                after = apply(world, moves[k])
                guess = solver.value(after, guess)
                end = after
                for move in solver.line(after, guess):
                    end = apply(end, move)
                found.append((end._c.game.sheet[rows].totals[seat], guess))
            return found

        out = [(0, 0)] * len(moves)
        answered = 0
        for found in self._answers(worlds, ask):
            for k, (own, value) in zip(which, found, strict=True):
                out[k] = (out[k][0] + own, out[k][1] + value)
            answered += 1
        return out if answered else None

    def count_starts(self, starts: Sequence[State | None], bound: int) -> tuple[int, int] | None:
        """How many of the first leads ``starts`` make ``bound`` for the declarer, of how
        many answered (a None start, a deal over before its play, is left out); None when
        the budget is spent before any."""
        made = answered = 0
        for start in starts:
            if start is None:
                continue
            solver = Solver(start)
            try:
                self._run(solver)
                made += solver.at_least(start, bound)
            except SearchLimit:
                break
            finally:
                self._spent(solver, 0)
            answered += 1
        if self.left <= 0 and not answered:
            return None
        return made, answered

    def play_out(self, start: State) -> State | None:
        """The deal of ``start`` (a first lead) played to its end along one of the solver's
        best lines, every card open; None when the budget is spent first."""
        solver = Solver(start)
        try:
            self._run(solver)
            line = solver.line(start, solver.value(start))
        except SearchLimit:
            return None
        finally:
            self._spent(solver, 0)
        for move in line:
            start = apply(start, move)
        return start

    def made_and_margin(
        self, starts: Sequence[State | None], bound: int, margin: int
    ) -> list[tuple[int, int]] | None:
        """For each first lead of ``starts``: whether the declarer makes ``bound``, and
        ``bound`` plus ``margin`` (a None start: neither); None when the budget runs out
        before all are answered."""
        out = []
        for start in starts:
            if start is None:
                out.append((0, 0))
                continue
            solver = Solver(start)
            try:
                self._run(solver)
                yes = solver.at_least(start, bound)
                spare = yes and solver.at_least(start, bound + margin)
            except SearchLimit:
                return None
            finally:
                self._spent(solver, 0)
            out.append((int(yes), int(spare)))
        return out


def declared(world: State, moves: Sequence[Move], seat: int) -> list[int]:
    """For each move, the marriage points it declares for ``seat`` (0: none): the same in
    every world, since a declaration depends only on the seat's own hand."""
    values = (*world.rules.marriage_values, world.rules.ace_marriage or 0)
    before = len(world._c.marriages)
    out = []
    for move in moves:
        after = apply(world, move)._c.marriages
        out.append(sum(values[code] for who, code in after[before:] if who == seat))
    return out


def score_margin(deltas: Sequence[int], seat: int) -> float:
    """What ``seat`` adds to its score less what the others add, on average."""
    others = [d for s, d in enumerate(deltas) if s != seat]
    return deltas[seat] - sum(others) / max(len(others), 1)


def first_lead(
    state: State, seat: int, bid: Bid | None, amounts: list[int] | None = None
) -> State | None:
    """The world ``state`` played on to its first lead with ``seat`` declaring: the auction
    won with ``bid`` (everyone else passing), then the musik, the gives or discards and the
    lowest contract as :class:`HeuristicBot` plays them; None when the deal ends before the
    play (a redeal, a bomb).  An empty ``amounts`` is filled with the contracts the declarer
    may name there."""
    rows = len(state.sheet)
    if bid is not None:
        state = apply(state, bid)
        while state.phase is Phase.AUCTION and len(state.sheet) == rows:
            moves = legal_moves(state)
            state = apply(state, next((m for m in moves if not isinstance(m, Bid)), moves[0]))
    helper = HeuristicBot(seed=0)
    while state.phase is not Phase.PLAY and len(state.sheet) == rows and not state.is_over:
        if state.phase is Phase.AUCTION:  # someone else's auction went on (cannot happen)
            return None
        mover = state.to_move
        assert mover is not None
        moves = legal_moves(state)
        if state.phase is Phase.CONTRACT:
            if amounts is not None and not amounts:
                amounts.extend(m.amount for m in moves if isinstance(m, Contract))
            move: Move = next((m for m in moves if isinstance(m, Contract)), moves[0])
        else:
            move = helper.choose(observe(state, mover))
        state = apply(state, move)
    if len(state.sheet) != rows or state.is_over or state.declarer != seat:
        return None
    return state
