"""The OpenSpiel adapter's episode, apart from pyspiel: the game's parameters
(:data:`DEFAULTS`, :func:`rules_from_params`) and the bounds of a deal, the position a
:class:`~tysiac.contrib.openspiel.TysiacState` wraps (:class:`Position`: dealing, the
deals played, what each player recalls of them) and the reading of a serialized action
history (:func:`history_of`: the adapter's JSON or OpenSpiel's ``history=`` line), each
action checked by replaying it.

The game and state classes stay in :mod:`tysiac.contrib.openspiel` (pyspiel's pickles
name them by their module), which re-exports :data:`DEFAULTS`, :data:`FORMAT` and
:func:`rules_from_params`.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Sequence
from typing import Any, Final

import attrs

from .. import Layout, LoadError, Rules, State, apply, observe, to_json
from .._engine.core import Phase
from .._engine.start import start_deal
from .._errors import brief
from ..encoding import action_mask, decode_move, features, num_actions

__all__ = [
    "DECK",
    "DEFAULTS",
    "FORMAT",
    "Position",
    "deal_bound",
    "dealt_state",
    "history_of",
    "openspiel_history",
    "replayed",
    "rules_from_params",
    "start",
]

#: The cards dealt in a deal: one chance node each.
DECK: Final = 24
#: The ``"format"`` of the JSON that
#: :meth:`~tysiac.contrib.openspiel.TysiacState.serialize` writes.
FORMAT: Final = "tysiac-openspiel/1"
#: What the adapter's attribute pickles to inside OpenSpiel's own serialized text: one plain
#: string, standing for "rebuild the position from the action history".
_FROM_HISTORY: Final = "tysiac: rebuilt from the action history"

#: The parameters and their defaults.
DEFAULTS: Final[dict[str, int | str]] = {
    "preset": "app",
    "players": 0,
    "layout": "",
    "episode": "deal",
    "max_deals": 1,
    "partnerships": False,
}


def rules_from_params(params: dict[str, Any]) -> tuple[Rules, str, int]:
    """The rules, the episode kind and the deal limit that game parameters describe."""
    preset = str(params.get("preset", DEFAULTS["preset"]))
    players = int(params.get("players", DEFAULTS["players"]))
    layout = str(params.get("layout", DEFAULTS["layout"]))
    episode = str(params.get("episode", DEFAULTS["episode"]))
    max_deals = int(params.get("max_deals", DEFAULTS["max_deals"]))
    partnerships = params.get("partnerships", DEFAULTS["partnerships"])
    if not isinstance(partnerships, bool):
        raise ValueError(f"partnerships={partnerships!r:.40} must be True or False")
    changes: dict[str, object] = {}
    if partnerships:
        changes["partnerships"] = True
    if layout:
        changes["layout"] = Layout(layout)
        changes["players"] = Layout(layout).players if players == 0 else players
    elif players:
        changes["players"] = players
    rules = Rules.preset(preset, **changes)
    if episode not in ("deal", "game"):
        raise ValueError(f"episode={episode!r:.40} must be 'deal' or 'game'")
    if episode == "deal":
        max_deals = 1
    elif max_deals < 1:
        raise ValueError(f"max_deals={max_deals} must be at least 1 (a bounded game length)")
    return rules, episode, max_deals


@attrs.frozen
class Position:
    """Everything an OpenSpiel state holds: immutable, so copies return it.

    ``state`` is the tysiac state: ``None`` while the first deal is dealt; while a later
    deal is dealt, the state the library moved to when the last deal ended (only its
    scores, dealer, deal number and sheet are used: its cards are never shown).
    """

    rules: Rules
    max_deals: int
    state: State | None = None
    dealt: tuple[int, ...] = ()
    dealing: bool = True
    deals: int = 0
    start: tuple[int, ...] = ()
    past: tuple[tuple[str, ...], ...] = ()
    # per seat: the information-state tensor's blocks of the finished deals (float32 bytes)
    recalled: tuple[bytes, ...] = ()
    over: bool = False

    def __copy__(self) -> Position:
        return self

    def __deepcopy__(self, memo: object) -> Position:
        return self

    def __reduce__(self) -> tuple[type[str], tuple[str]]:
        # OpenSpiel's C++ serializer pickles the Python state's attributes: the position
        # pickles as one plain string, and the state it is loaded into rebuilds the position
        # from the action history written beside it (see TysiacState.pos in openspiel.py)
        return (str, (_FROM_HISTORY,))

    def legal(self, action: int) -> bool:
        """Whether ``action`` may be applied now (a card not dealt yet, or a legal move)."""
        if self.over:
            return False
        if self.dealing:
            return 0 <= action < DECK and action not in self.dealt
        assert self.state is not None
        mask = action_mask(self.state)
        return 0 <= action < len(mask) and mask[action]

    def after(self, action: int) -> Position:
        """The position after ``action`` (checked by the caller with :meth:`legal`)."""
        if self.dealing:
            dealt = (*self.dealt, action)
            if len(dealt) < DECK:
                return attrs.evolve(self, dealt=dealt)
            return attrs.evolve(self, state=dealt_state(self, dealt), dealt=(), dealing=False)
        before = self.state
        assert before is not None
        move = decode_move(action, self.rules)
        after = apply(before, move)
        if after.phase is not Phase.GAME_OVER and after.deal_number == before.deal_number:
            return attrs.evolve(self, state=after)
        row = after.sheet[-1]
        views = [observe(before, seat) for seat in range(len(self.past))]
        past = tuple(
            (*p, f"{to_json(view)}\nlast: {move} by {before.to_move}\n{row!r}")
            for view, p in zip(views, self.past, strict=True)
        )
        deals = self.deals + 1
        over = after.phase is Phase.GAME_OVER or deals >= self.max_deals
        recalled = self.recalled
        if deals < self.max_deals:  # a later deal's tensor recalls this one
            last = [0.0] * num_actions(self.rules)
            last[action] = 1.0
            recalled = tuple(
                r + array("f", features(view)).tobytes() + array("f", last).tobytes()
                for view, r in zip(views, recalled, strict=True)
            )
        return attrs.evolve(
            self,
            state=after,
            dealing=not over,
            deals=deals,
            past=past,
            recalled=recalled,
            over=over,
        )


def start(rules: Rules, max_deals: int) -> Position:
    n = rules.players
    return Position(rules, max_deals, start=(0,) * n, past=((),) * n, recalled=(b"",) * n)


def replayed(rules: Rules, max_deals: int, actions: Sequence[object], path: str) -> Position:
    """The position after ``actions`` from the start, each checked (:class:`LoadError`)."""
    pos = start(rules, max_deals)
    for i, action in enumerate(actions):
        if type(action) is not int:
            raise LoadError(f"{path}[{i}]: {brief(action)} is not an action number")
        if not pos.legal(action):
            what = "a card dealt already" if pos.dealing else "not a legal action"
            if pos.over:
                what = "after the end of the episode"
            raise LoadError(f"{path}[{i}]: {action} is {what}")
        pos = pos.after(action)
    return pos


def deal_bound(rules: Rules) -> tuple[int, int, int]:
    """Per deal: the lowest and highest score change, and the most player moves.

    Generous on purpose: a blind contract counts double, and the Russian end game adds the
    barrel's fall (or a reset to 0 on a fall), a bolt's penalty, a repeated concession's bid
    (or penalty), a no-win streak's penalty and the dump (a reset to 0 from any dump score)
    on top of the deal itself.
    """
    contract = rules.max_bid * (2 if rules.blind_bids else 1)
    high = max(contract, 120 + sum(rules.marriage_values) + (rules.ace_marriage or 0), 200)
    if rules.partnerships:  # a defending pair may add the sitter's musik (at most 150)
        high += 150
    low = contract
    if rules.barrel is not None:
        low += rules.barrel_penalty
    low += rules.bolt_penalty or 0
    if rules.concession_penalty_every is not None:
        low += contract if rules.concession_penalty is None else rules.concession_penalty
    if rules.no_win_deals is not None:
        low += rules.no_win_penalty
    if rules.barrel_reset_every is not None:
        low += rules.target  # a fall that resets a score below the target to 0
    low += max((d for d in rules.dump_scores if d > 0), default=0)
    high += max((-d for d in rules.dump_scores if d < 0), default=0)
    bids = (rules.max_bid - rules.opening_bid) // rules.bid_step + 1
    moves = 2 * bids + rules.players + 40  # passes, (blind) bids, redeal, musik, gives, 24 plays
    return -low, high, moves


def history_of(
    text: object, parameters: dict[str, int | str], rules: Rules, max_deals: int, longest: int
) -> list[object]:
    """The action history in ``text``: the adapter's JSON, or the state part of OpenSpiel's
    own serialization (only its history line is read), for the game of ``parameters``
    (``rules`` and ``max_deals`` from them); a text longer than ``longest`` characters is
    refused before it is read."""
    if not isinstance(text, str):
        raise LoadError(f"$: {brief(text)} is not a serialized state (a str)")
    if len(text) > longest:
        raise LoadError(
            f"$: {len(text)} characters, more than a serialized state of this game can hold"
        )
    if text.startswith("history="):
        return openspiel_history(rules, max_deals, text)
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise LoadError(f"$: not a serialized state: {brief(str(exc))}") from None
    if not isinstance(data, dict) or set(data) != {"format", "parameters", "history"}:
        raise LoadError(
            '$: not a serialized state: a JSON object with "format", "parameters" and '
            '"history" is needed'
        )
    if data["format"] != FORMAT:
        raise LoadError(f"format: {brief(data['format'])} is not {FORMAT!r}")
    given = data["parameters"]
    if isinstance(given, dict):  # a state serialized before the partnerships parameter
        given = {"partnerships": False, **given}
    if given != parameters:
        raise LoadError(
            f"parameters: {brief(data['parameters'])} are not this game's, {brief(parameters)}"
        )
    history = data["history"]
    if not isinstance(history, list):
        raise LoadError(f"history: {brief(history)} is not a list of action numbers")
    return history


def _no_constant(text: str) -> None:
    raise ValueError(f"{text} is not a number JSON allows")


def openspiel_history(rules: Rules, max_deals: int, text: str) -> list[object]:
    """The actions of OpenSpiel's ``history=p:a,p:a,...`` line, each made by the player to
    move (the chance player is -1); the lines after it (OpenSpiel's pickle) are ignored."""
    line = text.split("\n", 1)[0].removeprefix("history=")
    actions: list[object] = []
    pos = start(rules, max_deals)
    for i, item in enumerate(line.split(",") if line else []):
        player, _, action = item.partition(":")
        if not (_is_number(player) and _is_number(action)):
            raise LoadError(f"history[{i}]: {brief(item)} is not player:action")
        expected = -1 if pos.dealing else (pos.state.to_move if pos.state else None)
        if int(player) != expected:
            raise LoadError(f"history[{i}]: player {brief(int(player))} is not to move")
        if not pos.legal(int(action)):
            raise LoadError(f"history[{i}]: {brief(int(action))} is not a legal action here")
        pos = pos.after(int(action))
        actions.append(int(action))
    return actions


def _is_number(text: str) -> bool:
    body = text[1:] if text.startswith("-") else text
    return 0 < len(body) <= 6 and body.isascii() and body.isdigit()


def dealt_state(pos: Position, deck: tuple[int, ...]) -> State:
    """The first state of the deal dealt from ``deck``, after the deals already played."""
    rules = pos.rules
    if pos.state is None:
        n = rules.players
        return start_deal(rules, 0, 1, rules.first_dealer, (0,) * n, (0,) * n, (), deck)
    g = pos.state._game
    return start_deal(rules, 0, g.deal_number, g.dealer, g.scores, g.bombs, g.sheet, deck)
