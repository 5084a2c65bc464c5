"""The information-set search tree of :class:`~tysiac.bots.SearchBot` (one decision's).

Single-observer information-set Monte Carlo tree search (IS-MCTS, after Cowling, Powley and
Whitehouse, 2012): the tree's nodes are the sequences of moves made from the bot's
information set (its view), whatever the hidden cards.  Each iteration draws one world
consistent with the view (a *determinization*), walks down the tree considering at each node
only the moves legal in that world, adds one node, plays the rest of the deal out with a
fast policy and adds the result to every node on the way.

- **Selection** is UCB1 with *availability counts*: a child's exploration term counts the
  iterations in which its move was legal (it was *available*), not its parent's visits, since
  a move of a hidden card is legal in some worlds only.  Each node chooses for the seat to
  move there, on that seat's reward.
- **Rewards** are vectors: for each seat its score for the deal minus the others' mean,
  divided by :data:`REWARD_SCALE` (about -1 to 1).
- **Where the tree grows.** The root's candidates are a few moves in the phases before the
  trick play (see :func:`candidates`); below the root the tree has nodes for the trick play
  only (every legal card; a claim alone where one is legal, since nothing scores more).  A
  move below the root that leaves the deal in another phase (the others' bids after ours,
  the musik, the gives, the contract) ends the walk: the playout policy plays on, rather
  than a tree letting the others bid on the cards of each sampled world.
- **Prior.** At each node the fast policy's own move (at the root, HeuristicBot's) is
  expanded first and keeps a *progressive bias* of :data:`PRIOR_BIAS` / (visits + 1) in its
  selection value: the search starts from the heuristic's line and leaves it where the
  playouts say so.

The tree is a plain structure built for one decision and dropped after it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Final

from .._engine.api import apply, legal_moves
from .._engine.core import Phase
from .._engine.results import DealResult
from .._engine.state import State
from .._rules.rules import Rules
from .._vocab.moves import Bid, Bomb, Claim, Contract, Discard, Give, Move, Pass, Redeal
from ._estimate import give_order
from ._policy import Policy

__all__ = ["Node", "candidates", "grow"]

#: The exploration constant of UCB1 (on rewards of about -1 to 1).
EXPLORATION: Final = 0.7
#: The progressive bias of the prior move, in reward units, shrinking as 1 / (visits + 1).
PRIOR_BIAS: Final = 0.1
#: Points per reward unit: a reward is a seat's deal score minus the others' mean over this.
REWARD_SCALE: Final = 200.0
#: At most this many cards to give or put away are searched (the cheapest first).
GIVE_WIDTH: Final = 6

_CLAIM: Final = Claim()
_PLAY: Final = Phase.PLAY

#: Plays a sampled world's deal to its end: the playout.
Playout = Callable[[State, random.Random], DealResult]


class Node:
    """A node of the tree: reached by ``move`` from its parent (private, mutable while the
    decision's search runs).

    Attributes:
        move: the move leading here (None at the root).
        visits: the iterations that went through this node.
        total: the sum of their rewards for the seat that made ``move``.
        available: the iterations in which ``move`` was a candidate at the parent.
        children: by move.
    """

    __slots__ = ("available", "children", "move", "total", "visits")

    def __init__(self, move: Move | None = None) -> None:
        self.move = move
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[Move, Node] = {}

    def __repr__(self) -> str:
        return (
            f"<Node {self.move!r}: {self.visits} visits, mean {self.mean():+.3f}, "
            f"available {self.available}, {len(self.children)} children>"
        )

    def mean(self) -> float:
        """The mean reward of the visits (0 if none)."""
        return self.total / self.visits if self.visits else 0.0

    def best(self) -> Move:
        """The most visited child's move (ties: the better mean)."""
        child = max(self.children.values(), key=lambda c: (c.visits, c.mean()))
        assert child.move is not None
        return child.move

    def step(self, moves: tuple[Move, ...], prior: Move, rng: random.Random) -> tuple[Node, bool]:
        """The child to descend to among ``moves`` (this world's candidates), and whether
        it is new: an untried move is expanded first (the prior first of all), otherwise
        UCB1 with availability counts picks."""
        children = self.children
        untried: list[Move] = []
        for m in moves:
            child = children.get(m)
            if child is None:
                untried.append(m)
            else:
                child.available += 1
        if untried:
            m = prior if prior in untried else untried[rng.randrange(len(untried))]
            child = children[m] = Node(m)
            child.available = 1
            return child, True
        best: Node | None = None
        best_value = -math.inf
        for m in moves:
            child = children[m]
            n = child.visits
            value = child.total / n + EXPLORATION * math.sqrt(math.log(child.available) / n)
            if m == prior:
                value += PRIOR_BIAS / (n + 1)
            if value > best_value:
                best, best_value = child, value
        assert best is not None
        return best, False


def rewards(row: DealResult) -> list[float]:
    """Each seat's score for the deal of ``row`` minus the others' mean, scaled."""
    deltas = row.deltas
    n = len(deltas)
    total = sum(deltas)
    return [(d - (total - d) / (n - 1)) / REWARD_SCALE for d in deltas]


def grow(
    root: Node,
    world: State,
    root_moves: tuple[Move, ...],
    root_prior: Move,
    policy: Policy,
    playout: Playout,
    rng: random.Random,
) -> None:
    """One iteration in ``world`` (a determinization of the root's information set, with
    ``root_moves`` its candidates there): select, expand one node, play out, back up."""
    state = world
    node = root
    path: list[tuple[Node, int]] = []
    moves, prior = root_moves, root_prior
    deals = len(world.sheet)
    while True:
        seat = state.to_move
        assert seat is not None
        child, new = node.step(moves, prior, rng)
        path.append((child, seat))
        assert child.move is not None
        state = apply(state, child.move)
        if len(state.sheet) != deals:  # the move ended the deal
            row = state.sheet[deals]
            break
        if new or state._c.phase is not _PLAY:
            # a new node, or the deal is not in trick play (our next bid, the others' bids,
            # the musik, the gives, the contract below a root of those phases): play out
            row = playout(state, rng)
            break
        node = child
        moves = legal_moves(state)
        if _CLAIM in moves:  # every remaining trick: nothing scores more
            moves = (_CLAIM,)
        prior = moves[0] if len(moves) == 1 else policy.move(state, moves, rng)
    scores = rewards(row)
    for child, seat in path:
        child.visits += 1
        child.total += scores[seat]


def candidates(
    phase: Phase, rules: Rules, hand: int, moves: tuple[Move, ...], prior: Move
) -> tuple[Move, ...]:
    """The root's candidates among the legal ``moves`` of the seat holding ``hand`` (a card
    mask): every card in trick play and both musiks; in the auction passing, the redeal and
    the two smallest bids; in the contract phase the bomb and the three smallest contracts;
    the :data:`GIVE_WIDTH` cheapest cards to give or put away; a claim alone where one is
    legal; and always ``prior`` (the heuristic's move)."""
    if len(moves) == 1:
        return moves
    if _CLAIM in moves:
        return (_CLAIM,)
    if phase is Phase.PLAY or phase is Phase.CHOOSE_MUSIK:
        return moves
    keep: list[Move] = [prior]
    if phase is Phase.GIVE or phase is Phase.DISCARD:
        rank = {c: i for i, c in enumerate(give_order(rules, hand))}
        keep += sorted(
            moves, key=lambda m: rank.get(m.card.index, 99) if isinstance(m, Give | Discard) else 99
        )[:GIVE_WIDTH]
    elif phase is Phase.AUCTION:
        keep += [m for m in moves if isinstance(m, Pass | Redeal)]
        keep += [m for m in moves if isinstance(m, Bid)][:2]
    else:
        keep += [m for m in moves if isinstance(m, Bomb)]
        keep += [m for m in moves if isinstance(m, Contract)][:3]
    return tuple(m for m in moves if m in keep)
