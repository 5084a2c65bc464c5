"""Double-dummy analysis of a game: what each card played cost its side (:func:`analyse`)."""

from __future__ import annotations

import attrs

from .._engine.api import apply
from .._engine.core import Phase
from .._engine.state import State
from .._errors import LoadError, brief
from .._search.solve import Solver
from .._vocab.moves import Claim, Move, Play
from .records import GameRecord, record, replay, start_of

__all__ = [
    "DealAnalysis",
    "GameAnalysis",
    "PlayAnalysis",
    "analyse",
]


@attrs.frozen(slots=True)
class PlayAnalysis:
    """One card played (or a claim), against the best play with every card open.

    Attributes:
        seat: who played it.
        move: the move (a :class:`~tysiac.Play`, or a :class:`~tysiac.Claim`).
        value: the deal's double-dummy value before the move: the total
            :attr:`DealAnalysis.seat` ends the deal with when every seat plays its best from
            here (see :func:`~tysiac.solve`; with partnerships, its pair's total).
        cost: the points the move cost its side against the best move it had: 0 for a best
            move.  For :attr:`DealAnalysis.seat` (the declarer, and with partnerships its
            partner) the value lost; for the others the value given away.
    """

    seat: int
    move: Move
    value: int
    cost: int


@attrs.frozen(slots=True)
class DealAnalysis:
    """The trick play of one deal, card by card.

    Attributes:
        number: the deal's number in the game.
        dealer: its dealer.
        declarer: its declarer (None in the draw game).
        seat: whose total the values are: the declarer, or in the draw game the seat that
            led the first trick.
        plays: every card played in the trick play (and a claim), in order.
        costs: what each seat's cards cost its side this deal, summed.
    """

    number: int
    dealer: int
    declarer: int | None
    seat: int
    plays: tuple[PlayAnalysis, ...]
    costs: tuple[int, ...]


@attrs.frozen(slots=True)
class GameAnalysis:
    """The double-dummy analysis of a game: :func:`analyse`.

    Attributes:
        deals: every deal that had trick play, in order.
        costs: what each seat's cards cost its side over the game.
    """

    deals: tuple[DealAnalysis, ...]
    costs: tuple[int, ...]


def analyse(game: GameRecord | State) -> GameAnalysis:
    """Analyse every card played in a game against the best play with every card open.

    For each card of each deal's trick play: the deal's double-dummy value before it (see
    :func:`~tysiac.solve`: the declarer's total under best play) and the points it cost its
    side against the best move available, 0 for a best move.  These are *double-dummy*
    figures: a seat playing its best without seeing the others' cards can lose points that
    a seat who sees them would not (see the page "Double-dummy analysis").

    Args:
        game: a :class:`~tysiac.GameRecord` (as :func:`~tysiac.record` or
            :func:`~tysiac.from_json` give it), or a :class:`~tysiac.State`, whose game's
            recorded history is analysed.

    Raises:
        LoadError: ``game`` is neither, or a record that does not replay.
    """
    if isinstance(game, State):
        game = record(game)
    if not isinstance(game, GameRecord):
        raise LoadError(f"$: {brief(game)} is neither a GameRecord nor a State")
    replay(game)  # every move and result checked first
    state = start_of(game)
    n = game.rules.players
    deals: list[DealAnalysis] = []
    totals = [0] * n
    for deal in game.deals:
        number, dealer, declarer = state.deal_number, state.dealer, None
        solver: Solver | None = None
        plays: list[PlayAnalysis] = []
        costs = [0] * n
        for seat, move in deal.moves:
            if state.phase is not Phase.PLAY or not isinstance(move, Play | Claim):
                state = apply(state, move)
                continue
            if solver is None:
                solver = Solver(state)
                declarer = state.declarer
            before = solver.value(state)
            after = apply(state, move)
            value = solver.value(after, before)
            maxing = seat in (solver.seat, solver.partner)  # (the declarer's pair)
            cost = before - value if maxing else value - before
            plays.append(PlayAnalysis(seat, move, before, cost))
            costs[seat] += cost
            totals[seat] += cost
            state = after
        if solver is not None:
            deals.append(
                DealAnalysis(number, dealer, declarer, solver.seat, tuple(plays), tuple(costs))
            )
    return GameAnalysis(tuple(deals), tuple(totals))
