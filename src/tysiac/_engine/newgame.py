"""Starting a game: the checks of :func:`~tysiac.new_game`'s arguments.

The public :func:`~tysiac.new_game` (in ``api``, compiled in the compiled build) starts the
common game itself, a :class:`Rules` and an int seed; anything else comes here.  This module
is never compiled (see the contributor page, "Two builds"): it reads any objects it is given
and raises the library's errors (:class:`~tysiac.InvalidDealError`,
:class:`~tysiac.InvalidRulesError`), where a compiled function would check the types of its
parameters first and raise a bare ``TypeError``.
"""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Iterable
from typing import Final, cast

from .._errors import InvalidCardError, InvalidDealError, InvalidRulesError, brief
from .._rules.layouts import GEOMETRY, active_seats
from .._rules.rules import Rules
from .._vocab.cards import Card, card_index
from .._vocab.dealing import MASK64
from .start import start_game
from .state import State

__all__ = [
    "SCORE_LIMIT",
    "checked_new_game",
]

#: The largest starting score, either way (far beyond any game's).
SCORE_LIMIT: Final = 10**9


def checked_new_game(rules: object, seed: object, deal: object, scores: object) -> State:
    """:func:`~tysiac.new_game` of any arguments: each checked, then the game started."""
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
            items = tuple(itertools.islice(cast("Iterable[object]", scores), n + 1))
        except Exception:  # not an iterable, or one that fails
            raise InvalidDealError(wanted) from None
        if len(items) != n or not all(
            isinstance(x, int) and not isinstance(x, bool) and -SCORE_LIMIT <= x <= SCORE_LIMIT
            for x in items
        ):
            raise InvalidDealError(wanted)
        start = tuple(int(cast("int", x)) for x in items)
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


def _deck_from(rules: Rules, dealer: int, deal: object) -> tuple[int, ...]:
    geo = GEOMETRY[rules.layout]
    if isinstance(deal, str):
        raise InvalidDealError(
            "deal must be a list: the hands in seat order, then the musik(s)"
            ", then the stock, e.g. ['AH KH ...', '...', '...', '9S JS QS']"
        )
    try:
        parts = list(itertools.islice(cast("Iterable[object]", deal), 32))
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
                idx = [card_index(c) for c in itertools.islice(cast("Iterable[object]", part), 32)]
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
