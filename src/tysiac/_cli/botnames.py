"""The computer players the command line knows by name (private): one registry for
``tysiac simulate``, ``tysiac play`` and ``tysiac tournament``.

Each entry is a name as typed after ``--bots``, a one-line description shown in the
commands' ``--help``, and how to make the bot from a seed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import attrs

from ..bots import Bot, HeuristicBot, PIMCBot, RandomBot, SearchBot
from .common import Parser

__all__ = [
    "BOTS",
    "DEFAULT_BOT",
    "BotName",
    "bots_help",
    "make_bot",
    "read_bot_names",
]


@attrs.frozen
class BotName:
    """A computer player as the command line names it.

    Attributes:
        name: the name typed after ``--bots``.
        about: what the player is, in a few words (for ``--help``).
        make: the player, from its seed.
    """

    name: str
    about: str
    make: Callable[[int], Bot]


def _heuristic(seed: int) -> Bot:
    return HeuristicBot(seed=seed)


def _random(seed: int) -> Bot:
    return RandomBot(seed=seed)


def _uniform(seed: int) -> Bot:
    return RandomBot(seed=seed, uniform=True)


def _search(seed: int) -> Bot:
    return SearchBot(seed=seed)


def _pimc(seed: int) -> Bot:
    return PIMCBot(seed=seed)


#: Every name ``--bots`` accepts, in the order ``--help`` lists them.
BOTS: Final[dict[str, BotName]] = {
    b.name: b
    for b in (
        BotName("heuristic", "HeuristicBot, the rule-based player", _heuristic),
        BotName("random", "RandomBot: random moves, cautious bids", _random),
        BotName(
            "uniform", "RandomBot(uniform=True): every move at random (use --max-deals)", _uniform
        ),
        BotName("search", "SearchBot: Monte Carlo tree search, slower and stronger", _search),
        BotName("pimc", "PIMCBot: sampled worlds solved exactly, the strongest", _pimc),
    )
}
#: The player of every computer seat unless ``--bots`` says otherwise.
DEFAULT_BOT: Final = "heuristic"
# names of earlier versions, and what to type now
_GONE: Final = {
    "greedy": "now called 'heuristic'",
    "legacy": "LegacyGreedyBot left the library",
}


def bots_help() -> str:
    """The bot names with their descriptions, for an option's ``--help``."""
    return "; ".join(f"{b.name}: {b.about}" for b in BOTS.values())


def make_bot(name: str, seed: int) -> Bot:
    """The bot called ``name`` on the command line, seeded ``seed``.

    Raises:
        KeyError: ``name`` is not in :data:`BOTS` (:func:`read_bot_names` checks names).
    """
    return BOTS[name].make(seed)


def read_bot_names(
    text: str | None,
    seats: int,
    parser: Parser,
    *,
    one_for_all: bool = True,
    what: str = "players",
) -> list[str]:
    """The names given to ``--bots``, one per seat: ``seats`` of them.

    ``text`` is comma-separated names, one per seat, or (with ``one_for_all``) one name for
    every seat; ``None`` is :data:`DEFAULT_BOT` everywhere.  A bad name or count is a usage
    error naming the option; ``what`` names the seats in it (``players``).
    """
    names = [DEFAULT_BOT] if text is None else [n.strip() for n in text.split(",")]
    for name in names:
        if name not in BOTS:
            gone = _GONE.get(name)
            why = f" ({gone})" if gone else ""
            parser.error(
                f"argument --bots: unknown bot {name!r}{why}: choose from {', '.join(BOTS)}"
            )
    if one_for_all and len(names) == 1:
        names *= seats
    if len(names) != seats:
        either = ", or one for all" if one_for_all else ""
        parser.error(
            f"argument --bots: {len(names)} bots for {seats} {what}: give one per seat{either}"
        )
    return names
