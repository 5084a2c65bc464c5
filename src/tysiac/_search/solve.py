""":func:`solve`: the exact value of a trick-play position with every card open."""

from __future__ import annotations

from typing import overload

import attrs

from .._engine.api import apply, legal_moves
from .._engine.core import Core
from .._engine.state import State
from .._engine.statics import PHASE_PLAY
from .._errors import NotAStateError, WrongPhaseError, brief
from .._vocab.masks import mask_points
from .._vocab.moves import Move
from .tree import Tree

__all__ = [
    "Solution",
    "Solver",
    "solve",
]


@attrs.frozen(slots=True)
class Solution:
    """The exact value of a trick-play position with every card open (double dummy).

    ``value`` is the total that :attr:`seat` ends the deal with (its card points, the
    marriages it declared, what a claim scores: its entry of :attr:`DealResult.totals
    <tysiac.DealResult.totals>`) when it plays to make that total as large as possible and
    every other seat plays, together, to make it as small as possible.  :attr:`seat` is the
    declarer, or in the draw game (no declarer) the seat to move.  With
    :attr:`Rules.partnerships <tysiac.Rules.partnerships>` the value is the pair's: the
    seat's and its partner's totals together, the partner (when it plays) playing with the
    seat to make it large.

    Attributes:
        seat: whose total the values are.
        value: the position's value: the largest of :attr:`values` when :attr:`seat` is to
            move, else the smallest.
        values: every legal move of the seat to move, in :func:`~tysiac.legal_moves` order,
            with the value after it.
        line: one sequence of best moves from the position to the end of the deal.
    """

    seat: int
    value: int
    values: tuple[tuple[Move, int], ...]
    line: tuple[Move, ...]

    @property
    def best_moves(self) -> tuple[Move, ...]:
        """The legal moves whose value is the position's value."""
        return tuple(move for move, value in self.values if value == self.value)

    def __copy__(self) -> Solution:
        return self

    def __deepcopy__(self, memo: object) -> Solution:
        return self


class Solver:
    """Exact values of the positions of one deal's trick play (private): one search tree
    and its table, shared by every position asked about (see :func:`solve`)."""

    def __init__(self, state: State, limit: int = -1) -> None:
        """Args:
        state: a position of the deal's trick play.
        limit: the most positions the search may visit, over all questions asked (-1: no
            limit); beyond it a question raises :class:`~tysiac._errors.SearchLimit`.
        """
        c = state._c
        rules = c.rules
        f = rules._play
        declarer = c.deal.declarer
        seat = declarer if declarer is not None else c.to_move
        assert seat is not None
        self.seat = seat
        # with partnerships the seat's partner, when it plays, plays with it: the pair's
        # total is the value (the sitter holds no card and takes nothing)
        partner = rules.partner(seat)
        self.partner = (
            partner if partner is not None and partner in f.active_seats[c.game.dealer] else -1
        )
        maxers = 1 << seat if self.partner < 0 else 1 << seat | 1 << self.partner
        self.rows = len(c.game.sheet)
        self.values: tuple[int, ...] = (*rules.marriage_values, rules.ace_marriage or 0)
        leftover = c.deal.discards
        for musik in c.deal.musiks:
            leftover |= musik
        self.stock_size = len(c.stock)
        self.tree = Tree(
            f,
            f.trick_seats[c.game.dealer],
            maxers,
            -1 if declarer is None else declarer,
            self.values,
            leftover,
            c.deal.discards,
            c.stock,
        )
        self.tree.limit = limit

    def taken(self, c: Core) -> int:
        """What the solver's seat has already made in the position ``c``: its card points
        taken and its declared marriages."""
        seat = self.seat
        partner = self.partner
        total = mask_points(c.taken[seat])
        if partner >= 0:
            total += mask_points(c.taken[partner])
        for who, code in c.marriages:
            if who in (seat, partner):
                total += self.values[code]
        return total

    def final(self, c: Core) -> int:
        """The value of a deal that has ended: its total for the solver's seat (and its
        partner's, with partnerships)."""
        totals = c.game.sheet[self.rows].totals
        if self.partner < 0:
            return totals[self.seat]
        return totals[self.seat] + totals[self.partner]

    def value(self, state: State, guess: int = -1) -> int:
        """The exact value of ``state``, a position of the solver's deal (its trick play, or
        the first state after the deal ended: then the deal's total)."""
        c = state._c
        if len(c.game.sheet) != self.rows:  # the deal has ended
            return self.final(c)
        made = self.taken(c)
        tree = self.tree
        leader = c.leader
        assert leader is not None
        tree.load(c.hands, c.trick, leader, c.trump, c.pending_trump, not any(c.taken))
        tree.spos = self.stock_size - len(c.stock)
        if guess < 0:
            guess = made + _first_guess(c)
        return made + tree.exact(guess - made)

    def at_least(self, state: State, bound: int) -> bool:
        """Whether the value of ``state`` (as in :meth:`value`) is at least ``bound``."""
        c = state._c
        if len(c.game.sheet) != self.rows:
            return self.final(c) >= bound
        made = self.taken(c)
        tree = self.tree
        leader = c.leader
        assert leader is not None
        tree.load(c.hands, c.trick, leader, c.trump, c.pending_trump, not any(c.taken))
        tree.spos = self.stock_size - len(c.stock)
        return tree.at_least(bound - made)

    def values_of(self, state: State) -> tuple[tuple[Move, int], ...]:
        """Every legal move of ``state`` with the value after it, in legal-move order."""
        out = []
        guess = -1
        for move in legal_moves(state):
            value = self.value(apply(state, move), guess)
            out.append((move, value))
            guess = value
        return tuple(out)

    def line(self, state: State, value: int) -> tuple[Move, ...]:
        """One sequence of best moves from ``state`` (whose value is ``value``) to the end
        of its deal."""
        out: list[Move] = []
        while len(state._c.game.sheet) == self.rows:
            for move in legal_moves(state):
                after = apply(state, move)
                if self.value(after, value) == value:
                    out.append(move)
                    state = after
                    break
            else:  # pragma: no cover  (a best move always exists)
                raise AssertionError("no move keeps the position's value")
        return tuple(out)


def _first_guess(c: Core) -> int:
    """MTD(f)'s first guess of what the seat still makes: half the points left."""
    left = 0
    for hand in c.hands:
        left |= hand
    for card in c.trick:
        left |= 1 << card
    return mask_points(left) // 2


# overloaded as legal_moves is (see ``_engine/api``): mypyc would check ``state: State`` itself
@overload
def solve(state: State) -> Solution: ...
@overload
def solve(state: State, /) -> Solution: ...  # type: ignore[overload-cannot-match]
def solve(state: object) -> Solution:
    """The exact value of a trick-play position with every card open (double dummy).

    The value is the total the declarer ends the deal with (card points, its declared
    marriages, what a claim scores: its :attr:`DealResult.totals
    <tysiac.DealResult.totals>` entry) when it plays to make it as large as possible and
    every other seat plays, together, to make it as small as possible; in the draw game,
    which has no declarer, it is the total of the seat to move.  With partnerships it is
    the declarer's pair's total (both partners' entries), and the declarer's partner plays
    with the declarer.  See the page "Double-dummy
    analysis".

    Raises:
        NotAStateError: ``state`` is not a :class:`~tysiac.State`.
        WrongPhaseError: ``state`` is not in the trick play (:attr:`Phase.PLAY
            <tysiac.Phase.PLAY>`).
    """
    if type(state) is not State:
        raise NotAStateError(
            f"{brief(state)} is not a State: solve() takes a State in the trick play"
        ) from None
    phase = state._c.phase
    if phase is not PHASE_PLAY:
        raise WrongPhaseError(
            f"solve() needs a state in the trick play (Phase.PLAY), not {phase!r}: play on "
            "until the contract is named (or, in the draw game, from the deal's start)"
        )
    solver = Solver(state)
    values = solver.values_of(state)
    mover = state._c.to_move
    if mover in (solver.seat, solver.partner):
        value = max(v for _, v in values)
    else:
        value = min(v for _, v in values)
    return Solution(solver.seat, value, values, solver.line(state, value))
