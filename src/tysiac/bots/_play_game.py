""":func:`play_game`: a whole game among bots, each seeing only its seat's View."""

from __future__ import annotations

from collections.abc import Sequence

from .._engine.api import apply, new_game
from .._engine.state import State
from .._errors import InvalidDealError, InvalidRulesError, InvalidSeatError, NotABotError, brief
from .._info.observe import observe
from .._rules.rules import Rules
from ._heuristic import HeuristicBot
from ._protocol import Bot

__all__ = ["check_bots", "play_game"]


def check_bots(bots: object, players: int) -> list[Bot]:
    """``bots`` as a list of one bot per seat, or a clear error naming what is wrong."""
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
        raise NotABotError(
            f"bots={brief(bots)}: give a list of bots, one per seat ({type(bots).__name__} given)"
        )
    for seat, bot in enumerate(bots):
        if isinstance(bot, type):  # the class, whose choose is not yet bound to a bot
            raise NotABotError(
                f"bots[{seat}]={bot.__name__} is a class, not a bot: pass {bot.__name__}() "
                "(an instance)"
            )
        if not callable(getattr(bot, "choose", None)):
            raise NotABotError(
                f"bots[{seat}]={type(bot).__name__} object is not a bot: a bot has a "
                "choose(view) method"
            )
    if len(bots) != players:
        raise InvalidSeatError(f"{len(bots)} bots for {players} players: give one bot per seat")
    return list(bots)


def play_game(
    rules: Rules | None = None,
    bots: Sequence[Bot] | None = None,
    *,
    seed: int | None = None,
    max_deals: int | None = None,
) -> State:
    """Play a game among bots: each seat's bot chooses from ``observe(state, seat)``.

    Args:
        rules: the rules (default ``Rules()``, the "app" preset).
        bots: one bot per seat, in seat order (default: a :class:`HeuristicBot` for every
            seat, seeded from ``seed``).
        seed: the game's seed (see :func:`~tysiac.new_game`); without one the deals are
            drawn from the operating system.
        max_deals: stop once this many deals (redeals included) have been scored, even
            if nobody has won yet.

    Returns:
        The final state: a finished game (``state.is_over``), or, when ``max_deals``
        stopped it, the first state of the next deal.

    Raises:
        InvalidRulesError: ``rules`` is not a :class:`~tysiac.Rules`.
        NotABotError: ``bots`` is not a list of bots (objects with a ``choose`` method; a
            bot's class is not one).
        InvalidSeatError: the number of bots is not the number of players.
        InvalidDealError: ``max_deals`` is negative or not an int, or ``seed`` is not an int.
        IllegalMoveError: a bot returned an illegal move.

    Example:
        >>> state = play_game(seed=1)
        >>> state.is_over, state.winner is not None
        (True, True)
        >>> len(play_game(seed=1, max_deals=2).sheet)
        2
    """
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise InvalidRulesError(
            f"rules={type(rules).__name__} object is not a Rules: use Rules() or Rules.preset()"
        )
    if max_deals is not None and (
        not isinstance(max_deals, int) or isinstance(max_deals, bool) or max_deals < 0
    ):
        raise InvalidDealError(f"max_deals={brief(max_deals)} must be an int, 0 or more")
    state = new_game(rules, seed=seed)
    n = state.players
    players: list[Bot]
    if bots is None:
        players = [HeuristicBot(seed=None if seed is None else seed + seat) for seat in range(n)]
    else:
        players = check_bots(bots, n)
    limit = max_deals + 1 if max_deals is not None else None
    while not state.is_over and (limit is None or state.deal_number < limit):
        seat = state.to_move
        assert seat is not None
        state = apply(state, players[seat].choose(observe(state, seat)))
    return state
