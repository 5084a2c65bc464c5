"""Starting a game: :func:`new_game` and the checks of its arguments.

This module is never compiled (see the contributor page, "Two builds"): ``new_game`` takes
plain ints, which a compiled function would check itself before its body runs, raising a
bare ``TypeError`` instead of the library's :class:`~tysiac.InvalidDealError`.  It runs
once a game, so the pure build costs nothing here.
"""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Iterable, Sequence
from typing import Final

from .._errors import InvalidCardError, InvalidDealError, InvalidRulesError, brief
from .._rules.layouts import GEOMETRY, active_seats
from .._rules.rules import Rules
from .._vocab.cards import Card, card_index
from .._vocab.dealing import MASK64
from .start import start_game
from .state import State

__all__ = [
    "SCORE_LIMIT",
    "new_game",
]

#: The largest starting score, either way (far beyond any game's).
SCORE_LIMIT: Final = 10**9


def new_game(
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    deal: str | Sequence[str | Iterable[Card | str]] | None = None,
    scores: Sequence[int] | None = None,
) -> State:
    """Start a game.

    Args:
        rules: the rules (default ``Rules()``, the "app" preset).
        seed: makes every deal of the game reproducible; any int.  Without a seed, one is
            drawn from the operating system.
        deal: fixes the first deal: the hands in seat order, then each musik, then the stock
            (next card first), each a string such as ``"AH KH 9S"`` or an iterable of cards.
            A sitting-out dealer's hand is ``""``.  Later deals come from the seed.
        scores: the starting score of each seat (default zeros), each below the target.

    Raises:
        InvalidDealError: ``deal`` or ``scores`` do not fit the rules.
        InvalidRulesError: ``rules`` is not a :class:`Rules`.
    """
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise InvalidRulesError(
            f"rules={brief(rules)} is not a Rules object: use Rules.preset(name)"
        )
    if seed is None:
        seed = secrets.randbits(64)
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidDealError(f"seed={brief(seed)} must be an int")
    seed &= MASK64
    start: tuple[int, ...] | None = None  # zeros
    if scores is not None:
        n = rules.players
        wanted = (
            f"scores={brief(scores)} must be {n} ints, one per seat, each at most "
            f"{SCORE_LIMIT:_} either way"
        )
        if isinstance(scores, (str, bytes)):
            raise InvalidDealError(wanted)
        try:
            start = tuple(itertools.islice(scores, n + 1))
        except Exception:  # not an iterable, or one that fails
            raise InvalidDealError(wanted) from None
        if len(start) != n or not all(
            isinstance(x, int) and not isinstance(x, bool) and -SCORE_LIMIT <= x <= SCORE_LIMIT
            for x in start
        ):
            raise InvalidDealError(wanted)
        start = tuple(int(x) for x in start)
        if rules.partnerships and (start[0] != start[2] or start[1] != start[3]):
            raise InvalidDealError(
                f"scores={brief(scores)}: with partnerships=True a pair keeps one score, "
                "so partners (seats 0 and 2, 1 and 3) must start with the same score"
            )
        won = [seat for seat in range(n) if start[seat] >= rules.target]
        if won:
            raise InvalidDealError(
                f"scores={brief(scores)}: seat {won[0]} already has the target "
                f"{rules.target}, so the game would be over before it starts"
            )
    # checked: deal on the engine's own path
    if deal is None:
        return start_game(rules, seed, start)
    return start_game(rules, seed, start, _deck_from(rules, rules.first_dealer, deal))


def _deck_from(
    rules: Rules, dealer: int, deal: str | Sequence[str | Iterable[Card | str]]
) -> tuple[int, ...]:
    geo = GEOMETRY[rules.layout]
    if isinstance(deal, str):
        raise InvalidDealError(
            "deal must be a list: the hands in seat order, then the musik(s)"
            ", then the stock, e.g. ['AH KH ...', '...', '...', '9S JS QS']"
        )
    try:
        parts = list(itertools.islice(deal, 32))
    except TypeError:
        raise InvalidDealError(f"deal={brief(deal)} must be a list of hands and musiks") from None
    seats = active_seats(rules.layout, dealer)
    expected = [geo.hand if s in seats else 0 for s in range(geo.players)]
    expected += list(geo.musiks)
    if geo.stock:
        expected.append(geo.stock)
    names = [f"hand of seat {s}" for s in range(geo.players)]
    names += [f"musik {i}" for i in range(len(geo.musiks))] + ["stock"] * bool(geo.stock)
    if len(parts) != len(expected):
        wanted = ", ".join(f"{nm} ({k} cards)" for nm, k in zip(names, expected, strict=True))
        raise InvalidDealError(
            f"deal has {len(parts)} parts; {rules.layout!r} with dealer {dealer} needs "
            f"{len(expected)}: {wanted}"
        )
    order: list[list[int]] = []
    for part, size, name in zip(parts, expected, names, strict=True):
        try:
            if isinstance(part, str):
                idx = [card_index(t) for t in part[:400].replace(",", " ").split()]
            else:
                idx = [card_index(c) for c in itertools.islice(part, 32)]
        except (InvalidCardError, TypeError) as exc:
            raise InvalidDealError(f"{name}: {exc}") from None
        if len(idx) != size:
            raise InvalidDealError(f"{name} has {len(idx)} cards, needs {size}")
        order.append(idx)
    # deck order: the active hands in seat order, then the musiks, then the stock
    deck = tuple(c for part in order for c in part)
    seen: set[int] = set()
    for c in deck:
        if c in seen:
            raise InvalidDealError(f"{Card.from_index(c)} is dealt twice")
        seen.add(c)
    return deck
