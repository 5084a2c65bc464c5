""":class:`PIMCBot`: perfect-information Monte Carlo on the double-dummy solver.

Each decision draws worlds consistent with the bot's view (the uniform sampler of
:func:`tysiac.sample_world`), solves each one exactly with every card open
(:func:`tysiac.solve`'s search) and plays the move that does best over them.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Final

from .._engine.api import apply
from .._engine.core import Phase
from .._engine.state import State
from .._errors import InvalidDealError, brief
from .._info.sampling import Sampler
from .._info.views import View
from .._search.solve import Solver
from .._vocab.moves import Bid, Bomb, ChooseMusik, Claim, Concede, Contract, Discard, Give, Move
from ._estimate import give_order
from ._heuristic import HeuristicBot
from ._knowledge import card_mask
from ._protocol import check_seed, decide
from ._worlds import Budget, declared, first_lead, score_margin

__all__ = [
    "BID_CONFIDENCE",
    "DECISION_NODES",
    "DEFAULT_WORLDS",
    "DISCOUNT",
    "GIVE_WIDTH",
    "MARGIN",
    "PIMCBot",
]

#: The default budget: worlds drawn and solved per decision.
DEFAULT_WORLDS: Final = 12
#: The most positions the solves of one decision visit (a few tenths of a second in the
#: compiled build); the worlds solved before it are used.
DECISION_NODES: Final = 450_000
#: The auction: the bot bids an amount when its double-dummy total as declarer reaches it in
#: at least this share of the worlds (the solver sees every card: it is optimistic).
BID_CONFIDENCE: Final = 0.75
#: Before the play, the solved totals are this much lower at the table, where no seat sees
#: the others' cards: the auction, the musik and the contract count on that much less.
DISCOUNT: Final = 10
#: Giving or putting cards away: the candidates searched, the heuristic's cheapest first.
GIVE_WIDTH: Final = 3
#: The declarer's tie-break between moves that make the contract in as many worlds: the
#: worlds where they make it with this much to spare.
MARGIN: Final = 20


class PIMCBot:
    """A bot that samples worlds and solves each one exactly: perfect-information Monte
    Carlo (PIMC), as GIB played bridge and Kermit skat.

    It sees only its :class:`~tysiac.View`.  Each decision draws worlds the view cannot tell
    apart from the real deal (uniformly, as :func:`~tysiac.sample_world` draws them), and:

    - **trick play**: solves each world with every card open (:func:`~tysiac.solve`'s
      search) after each legal move and plays the move that is best over the worlds: as
      declarer the one that makes the contract in the most worlds, then the one with the
      highest total on average (beyond the contract the declarer scores nothing more, but
      every point it takes is a point the others do not); as a defender the one that
      defeats the contract in the most worlds, then the one that gives it the highest total
      of its own on average (its card points and marriages when each world is played out
      along one of the solver's best lines after the move), then the one that leaves the
      declarer the lowest total; in the draw game, the one with its own highest total on
      average.  It claims whenever a claim is offered.  With :attr:`Rules.partnerships
      <tysiac.Rules.partnerships>` the declarer's partner plays as the declarer does, for
      the pair's total (the solver's value is the pair's), and so do its bids and
      contracts; a defender then plays for its pair's total (the declarer's pair's lowest,
      a marriage it declares counted as points kept from them).
    - **auction**: plays each world on as declarer (the musik taken, cards given or put away
      and the contract named as :class:`HeuristicBot` would) and solves it from the first
      lead; it makes the smallest raise while that bid is made in at least
      :data:`BID_CONFIDENCE` of the worlds, and passes otherwise (a redeal and the forced
      opening as the heuristic does; never a blind bid).
    - **musik, giving and putting away**: tries both musiks, or the heuristic's
      :data:`GIVE_WIDTH` cheapest cards, plays each world on to the first lead and keeps the
      choice that makes the bid in the most worlds, then with :data:`MARGIN` to spare.
    - **contract**: names the contract with the best expected score over the worlds (+c where
      the solved total reaches c, -c where it does not), and bombs or concedes where that is
      expected to cost less.
    - **the write-off before giving cards** (``ConcessionTiming.BEFORE_GIVES``): where the
      bid is made in at most half of the worlds, plays each world out along a best line of
      the solver and concedes when the best contract's expected margin over the others
      (+c or -c, less their average gain) is below the write-off's, as the engine scores it
      (the bid lost, the penalty, the payout to each opponent).

    Args:
        worlds: the budget per decision, in worlds solved (default :data:`DEFAULT_WORLDS`).
        seconds: a time budget per decision instead (or as well: the first budget reached
            stops the sampling; at least one world is solved).  A time budget makes the moves
            depend on the machine's speed; with ``seconds=None`` and a seed the bot is
            deterministic.
        nodes: the most positions the solves of one decision may visit (default
            :data:`DECISION_NODES`): the worlds solved before it is reached decide.  It
            bounds the solving's time without making it depend on the machine; the worlds
            are drawn before they are solved, so a ``worlds`` budget of many thousands
            costs seconds and memory of its own (about 4 KB a world) whatever ``nodes`` is.
        seed: seeds the bot's :class:`random.Random` (the worlds).

    Raises:
        InvalidDealError: ``seed`` is not an int or None, or a budget is not positive.

    Example:
        >>> from tysiac import new_game, observe
        >>> from tysiac.bots import PIMCBot
        >>> state = new_game(seed=7)
        >>> PIMCBot(worlds=4, seed=1).choose(observe(state, state.to_move))
        Bid(100)
    """

    def __init__(
        self,
        worlds: int | None = DEFAULT_WORLDS,
        *,
        seconds: float | None = None,
        nodes: int = DECISION_NODES,
        seed: int | None = None,
    ) -> None:
        if worlds is None and seconds is None:
            raise InvalidDealError("PIMCBot: give worlds=, seconds= or both")
        if worlds is not None and (
            not isinstance(worlds, int) or isinstance(worlds, bool) or not 1 <= worlds <= 10**6
        ):
            raise InvalidDealError(
                f"PIMCBot(worlds={brief(worlds)}): give a number of worlds from 1 to 1000000"
            )
        if seconds is not None and (
            not isinstance(seconds, int | float)
            or isinstance(seconds, bool)
            or not 0 < seconds <= 10**6
        ):
            raise InvalidDealError(f"PIMCBot(seconds={brief(seconds)}): give a positive time")
        if not isinstance(nodes, int) or isinstance(nodes, bool) or not 1 <= nodes <= 10**12:
            raise InvalidDealError(
                f"PIMCBot(nodes={brief(nodes)}): give a number of positions from 1 to 10**12"
            )
        self.worlds = worlds
        self.seconds = seconds
        self.nodes = nodes
        self.seed = check_seed("PIMCBot", seed)
        self._rng = random.Random(self.seed)

    def __repr__(self) -> str:
        return (
            f"PIMCBot(worlds={self.worlds!r}, seconds={self.seconds!r}, nodes={self.nodes!r}, "
            f"seed={self.seed!r})"
        )

    def reseed(self, seed: int) -> None:
        """Start the bot's random choices afresh from ``seed`` (tournaments call this)."""
        self.seed = check_seed("PIMCBot", seed)
        self._rng = random.Random(self.seed)

    def choose(self, view: View) -> Move:
        """The move that does best over the worlds solved (see the class)."""
        return decide("PIMCBot", view, self._choose)

    def _choose(self, view: View, moves: tuple[Move, ...]) -> Move:
        if len(moves) == 1:
            return moves[0]
        phase = view.phase
        if phase is Phase.PLAY:
            if Claim() in moves:
                return Claim()  # every remaining trick: nothing scores more
            return self._play(view, moves)
        heuristic = HeuristicBot(seed=self._rng.randrange(2**32)).choose(view)
        if phase is Phase.AUCTION:
            return self._bid(view, moves, heuristic)
        if phase is Phase.CONTRACT:
            return self._contract(view, moves)
        if phase is Phase.GIVE or phase is Phase.DISCARD:
            if Concede() in moves and self._write_off(view):
                return Concede()  # the write-off before the gives (concession_timing)
            order = give_order(view.rules, card_mask(view.hand))
            by_card = {m.card.index: m for m in moves if isinstance(m, Give | Discard)}
            candidates = [by_card[c] for c in order if c in by_card][:GIVE_WIDTH]
            return self._musik(view, candidates or [heuristic])
        if phase is Phase.CHOOSE_MUSIK:
            return self._musik(view, [m for m in moves if isinstance(m, ChooseMusik)])
        return heuristic  # pragma: no cover  (every phase with moves is handled above)

    # --- the worlds -----------------------------------------------------------------------

    def _worlds(self, view: View) -> list[State]:
        """The worlds of one decision, drawn from the view alone."""
        sampler = Sampler(view)
        rng = self._rng
        budget = self.worlds
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        out: list[State] = []
        while budget is None or len(out) < budget:
            if deadline is not None and out and time.perf_counter() >= deadline:
                break
            out.append(sampler.draw(rng))
        return out

    # --- trick play -----------------------------------------------------------------------

    def _play(self, view: View, moves: tuple[Move, ...]) -> Move:
        """The card that is best over the worlds (see the class): null-window tests at the
        contract first, then, among the moves tied best, the exact totals."""
        decl = view.declarer
        contract = view.contract
        budget = Budget(self.nodes)
        worlds = [(world, Solver(world)) for world in self._worlds(view)]
        every = list(range(len(moves)))
        if decl is None or contract is None:  # the draw game: its own total
            own = budget.totals(worlds, moves, every)
            if own is None:
                return HeuristicBot().choose(view)
            return moves[max(every, key=lambda k: (own[k], -k))]
        made = budget.count(worlds, moves, every, contract)
        if made is None:
            return HeuristicBot().choose(view)
        # the declarer's partner (partnerships) plays for the declarer's pair, whose total
        # the solver values
        ours = view.seat == decl or view.rules.partner(decl) == view.seat
        if ours:
            top = max(made)
            tied = [k for k in every if made[k] == top]
        else:
            low = min(made)
            tied = [k for k in every if made[k] == low]
        if len(tied) == 1:
            return moves[tied[0]]
        if not ours and not view.rules.partnerships:
            # a defender among the moves as good against the contract: its own total (its
            # card points and marriages along the solver's line), then the declarer's low
            shares = budget.shares(worlds, moves, tied, view.seat)
            if shares is None:
                return moves[tied[0]]
            return moves[max(tied, key=lambda k: (shares[k][0], -shares[k][1], -k))]
        # the moves as good for the contract: the declarer's total decides (beyond the
        # contract it scores nothing more, but every point it takes is not the others')
        totals = budget.totals(worlds, moves, tied)
        if totals is None:
            return moves[tied[0]]
        if ours:
            return moves[max(tied, key=lambda k: (totals[k], -k))]
        # a defending pair's marriage is its own, banked now: it counts as much as the
        # points kept from the declarer's pair (the solver's value is that pair's total)
        banked = declared(worlds[0][0], moves, view.seat)
        answered = totals[-1]
        return moves[min(tied, key=lambda k: (totals[k] - answered * banked[k], k))]

    # --- before the play: simulations to the first lead ---------------------------------

    def _bid(self, view: View, moves: tuple[Move, ...], heuristic: Move) -> Move:
        """The smallest raise while it is made in enough worlds (see the class)."""
        bids = [m for m in moves if isinstance(m, Bid) and not m.blind]
        if view.bid == 0 or not bids:  # the forced opening bid, or a redeal
            return heuristic
        starts = [first_lead(world, view.seat, bids[0]) for world in self._worlds(view)]
        made = Budget(self.nodes).count_starts(starts, bids[0].amount + DISCOUNT)
        if made is not None and made[1] and made[0] >= BID_CONFIDENCE * made[1]:
            return bids[0]
        return next((m for m in moves if not isinstance(m, Bid)), heuristic)

    def _musik(self, view: View, candidates: Sequence[Move]) -> Move:
        """The musik, or the card to give or put away, that does best over the worlds."""
        if len(candidates) == 1:
            return candidates[0]
        bid = view.bid
        budget = Budget(self.nodes)
        made = [0] * len(candidates)
        margin = [0] * len(candidates)
        for world in self._worlds(view):
            starts = [first_lead(apply(world, move), view.seat, None) for move in candidates]
            counts = budget.made_and_margin(starts, bid + DISCOUNT, MARGIN)
            if counts is None:  # the budget ran out: this world is left out
                break
            for k, (yes, spare) in enumerate(counts):
                made[k] += yes
                margin[k] += spare
        best = max(range(len(candidates)), key=lambda k: (made[k], margin[k], -k))
        return candidates[best]

    def _write_off(self, view: View) -> bool:
        """Whether to concede before giving cards: playing on (the heuristic's gives, then the
        best contract) is expected to do worse than the write-off (see the class)."""
        seat = view.seat
        worlds = self._worlds(view)
        rows = len(worlds[0].sheet)
        # what the write-off scores is public: the same in every world
        conceded = score_margin(apply(worlds[0], Concede()).sheet[rows].deltas, seat)
        amounts: list[int] = []
        starts = [first_lead(world, seat, None, amounts) for world in worlds]
        budget = Budget(self.nodes)
        made = budget.count_starts(starts, view.bid + DISCOUNT)
        if made is None or not amounts or 2 * made[0] > made[1]:
            return False  # the bid is made in most worlds: play on
        played: list[tuple[int, float]] = []  # its total, and minus the others' mean gain
        for start in starts:
            if start is None:
                continue
            end = budget.play_out(start)
            if end is None:  # the budget is spent: the worlds played out decide
                break
            row = end.sheet[rows]
            played.append((row.totals[seat], score_margin(row.deltas, seat) - row.deltas[seat]))
        if not played:
            return False
        # each contract's expected margin over the others: +c made (with DISCOUNT to
        # spare), -c failed, less what the others score meanwhile
        playing = max(
            sum((a if total >= a + DISCOUNT else -a) + others for total, others in played)
            / len(played)
            for a in amounts
        )
        return playing < conceded

    def _contract(self, view: View, moves: tuple[Move, ...]) -> Move:
        """The contract with the best expected score, or a bomb or concession (see the class)."""
        contracts = [m for m in moves if isinstance(m, Contract)]
        if not contracts:
            return moves[0]
        starts = [first_lead(world, view.seat, None) for world in self._worlds(view)]
        # for each contract (lowest first), the worlds that make it, while more than half do
        budget = Budget(self.nodes)
        best: Move = contracts[0]
        best_value = -math.inf
        for contract in contracts:
            made = budget.count_starts(starts, contract.amount + DISCOUNT)
            if made is None or not made[1]:
                break
            value = contract.amount * (2 * made[0] - made[1]) / made[1]
            if value > best_value:
                best, best_value = contract, value
            if 2 * made[0] <= made[1]:
                break  # fewer than half make it: a higher contract only loses more
        if Bomb() in moves and best_value < 0:
            best, best_value = Bomb(), 0.0  # a bomb: the declarer scores nothing
        if Concede() in moves and best_value < -view.bid:
            best = Concede()
        return best
