"""Tysiąc as the OpenSpiel game ``python_tysiac`` (``pip install "tysiac[openspiel]"``).

Importing this module registers the game:

>>> import pyspiel
>>> import tysiac.contrib.openspiel
>>> game = pyspiel.load_game("python_tysiac", {"preset": "pl", "players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 24)

* **Parameters**: ``preset`` (``"app"``, ``"pl"``, ``"ro"``, ``"ru"``), ``players`` (0: the preset's
  or the layout's count), ``layout`` (a :class:`~tysiac.Layout` value such as
  ``"four-sitter"``; ``""``: the default for the player count), ``episode`` (``"deal"`` or
  ``"game"``) and ``max_deals`` (with ``episode="game"``: the episode ends after this many
  deals, at least 1; OpenSpiel needs a bounded game length).
* **Chance**: each deal is dealt by 24 chance nodes, one card each, uniform over the cards
  not dealt yet (outcome ``i`` is ``tysiac.CARDS[i]``).  The deck order is the active hands
  in seat order, then each musik, then the stock, as for ``new_game(deal=...)``.
* **Actions**: the action numbers of :mod:`tysiac.encoding` (``num_distinct_actions`` is
  ``num_actions(rules)``).
* **Observations**: the observation string is ``str(view)`` of the player's view; the
  information-state string is the player's number, its view of every finished deal of the
  episode (``to_json`` of the view before the deal's last move, then that move and the deal's
  row) and ``to_json`` of its current view.  Both tensors are
  :func:`tysiac.encoding.features` of the current view (the information-state tensor does not
  recall earlier deals); they are all zeros while a deal is dealt and at the end.
* **Returns**: at the end of the episode, each player's score change since it started (raw
  points, not scaled); zeros before the end (``RewardModel.TERMINAL``).
* **States** hold immutable values only: cloning copies a few references, and serialization
  stores the tysiac state as :func:`tysiac.to_json` text (OpenSpiel wraps the Python state's
  attributes in pickle; the one attribute pickles to that JSON text and loads it back with
  :func:`tysiac.from_json`).
* :func:`resampler` gives :class:`open_spiel.python.algorithms.ismcts.ISMCTSBot` worlds drawn by
  :func:`tysiac.sample_world`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, Final

import attrs
import numpy as np
import pyspiel

from .. import (
    CARDS,
    Layout,
    Rules,
    State,
    apply,
    from_json,
    move_text,
    observe,
    sample_world,
    to_json,
)
from .._engine.core import Phase
from .._engine.start import start_deal
from ..encoding import action_mask, decode_move, feature_names, features, num_actions

__all__ = ["DEFAULTS", "GAME_TYPE", "TysiacGame", "TysiacState", "resampler", "rules_from_params"]

_DECK: Final = 24

#: The parameters and their defaults.
DEFAULTS: Final[dict[str, int | str]] = {
    "preset": "app",
    "players": 0,
    "layout": "",
    "episode": "deal",
    "max_deals": 1,
}

GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_tysiac",
    long_name="Python Tysiąc (tysiac)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(DEFAULTS),
)


def rules_from_params(params: dict[str, Any]) -> tuple[Rules, str, int]:
    """The rules, the episode kind and the deal limit that game parameters describe."""
    preset = str(params.get("preset", DEFAULTS["preset"]))
    players = int(params.get("players", DEFAULTS["players"]))
    layout = str(params.get("layout", DEFAULTS["layout"]))
    episode = str(params.get("episode", DEFAULTS["episode"]))
    max_deals = int(params.get("max_deals", DEFAULTS["max_deals"]))
    changes: dict[str, object] = {}
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
class _Position:
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
    over: bool = False

    def __copy__(self) -> _Position:
        return self

    def __deepcopy__(self, memo: object) -> _Position:
        return self

    def __reduce__(self) -> tuple[Callable[[str], _Position], tuple[str]]:
        return (_load_position, (self.to_text(),))

    def to_text(self) -> str:
        """The position as JSON; the tysiac state as :func:`tysiac.to_json` text."""
        return json.dumps(
            {
                "rules": to_json(self.rules),
                "max_deals": self.max_deals,
                "state": None if self.state is None else to_json(self.state),
                "dealt": list(self.dealt),
                "dealing": self.dealing,
                "deals": self.deals,
                "start": list(self.start),
                "past": [list(p) for p in self.past],
                "over": self.over,
            },
            sort_keys=True,
        )


def _load_position(text: str) -> _Position:
    data = json.loads(text)
    rules = from_json(data["rules"], Rules)
    state = None if data["state"] is None else from_json(data["state"], State)
    assert isinstance(rules, Rules)
    assert state is None or isinstance(state, State)
    return _Position(
        rules,
        int(data["max_deals"]),
        state,
        tuple(int(c) for c in data["dealt"]),
        bool(data["dealing"]),
        int(data["deals"]),
        tuple(int(x) for x in data["start"]),
        tuple(tuple(str(t) for t in p) for p in data["past"]),
        bool(data["over"]),
    )


def _deal_bound(rules: Rules) -> tuple[int, int, int]:
    """Per deal: the lowest and highest score change, and the most player moves.

    Generous on purpose: a blind contract counts double, and the Russian end game adds the
    barrel's fall, a bolt's penalty, a repeated concession's bid and the dump (a reset to 0
    from any dump score) on top of the deal itself.
    """
    contract = rules.max_bid * (2 if rules.blind_bids else 1)
    high = max(contract, 120 + sum(rules.marriage_values) + (rules.ace_marriage or 0), 200)
    low = contract
    if rules.barrel is not None:
        low += rules.barrel_penalty
    low += rules.bolt_penalty or 0
    if rules.concession_penalty_every is not None:
        low += contract
    low += max((d for d in rules.dump_scores if d > 0), default=0)
    high += max((-d for d in rules.dump_scores if d < 0), default=0)
    bids = (rules.max_bid - rules.opening_bid) // rules.bid_step + 1
    moves = 2 * bids + rules.players + 40  # passes, (blind) bids, redeal, musik, gives, 24 plays
    return -low, high, moves


class TysiacGame(pyspiel.Game):  # type: ignore[misc]
    """The game ``python_tysiac`` (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(DEFAULTS) | dict(params or {})
        self.rules, self.episode, self.max_deals = rules_from_params(params)
        low, high, moves = _deal_bound(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=num_actions(self.rules),
            max_chance_outcomes=_DECK,
            num_players=self.rules.players,
            min_utility=float(low * self.max_deals),
            max_utility=float(high * self.max_deals),
            utility_sum=None,
            max_game_length=moves * self.max_deals,
        )
        super().__init__(GAME_TYPE, info, params)
        self._features = len(feature_names(self.rules))

    def new_initial_state(self) -> TysiacState:
        """The start of an episode: the first deal's first card is to be dealt."""
        return TysiacState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """OpenSpiel's observer: the information state (perfect recall) or the observation."""
        if isinstance(iig_obs_type, dict):  # called as make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"observation parameters are not supported: {params!r:.60}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self._features, recall)


class TysiacState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state: a wrapper of one immutable :class:`_Position`."""

    def __init__(self, game: TysiacGame) -> None:
        super().__init__(game)
        n = game.rules.players
        self.pos = _Position(game.rules, game.max_deals, start=(0,) * n, past=((),) * n)

    # -- OpenSpiel API -----------------------------------------------------------------

    def current_player(self) -> int:
        pos = self.pos
        if pos.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if pos.dealing:
            return int(pyspiel.PlayerId.CHANCE)
        assert pos.state is not None and pos.state.to_move is not None
        return pos.state.to_move

    def _legal_actions(self, player: int) -> list[int]:
        pos = self.pos
        if pos.over or pos.dealing or pos.state is None or pos.state.to_move != player:
            return []
        mask = action_mask(pos.state)
        return [i for i, legal in enumerate(mask) if legal]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = sorted(set(range(_DECK)) - set(self.pos.dealt))
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        pos = self.pos
        if pos.dealing:
            dealt = (*pos.dealt, int(action))
            if len(dealt) < _DECK:
                self.pos = attrs.evolve(pos, dealt=dealt)
            else:
                self.pos = attrs.evolve(pos, state=_dealt(pos, dealt), dealt=(), dealing=False)
            return
        before = pos.state
        assert before is not None
        move = decode_move(int(action), pos.rules)
        after = apply(before, move)
        if after.phase is not Phase.GAME_OVER and after.deal_number == before.deal_number:
            self.pos = attrs.evolve(pos, state=after)
            return
        row = after.sheet[-1]
        past = tuple(
            (*p, f"{to_json(observe(before, seat))}\nlast: {move} by {before.to_move}\n{row!r}")
            for seat, p in enumerate(pos.past)
        )
        deals = pos.deals + 1
        over = after.phase is Phase.GAME_OVER or deals >= pos.max_deals
        self.pos = attrs.evolve(
            pos, state=after, dealing=not over, deals=deals, past=past, over=over
        )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARDS[action]}"
        return move_text(decode_move(int(action), self.pos.rules))

    def is_terminal(self) -> bool:
        return self.pos.over

    def returns(self) -> list[float]:
        pos = self.pos
        if not pos.over or pos.state is None:
            return [0.0] * pos.rules.players
        return [float(a - b) for a, b in zip(pos.state.scores, pos.start, strict=True)]

    def rewards(self) -> list[float]:
        return self.returns()

    def __str__(self) -> str:
        pos = self.pos
        head = f"deals done: {pos.deals}"
        if pos.over:
            return f"{head}; over, scores {pos.state.scores if pos.state else ()}"
        if pos.dealing:
            return f"{head}; dealing: {' '.join(str(CARDS[c]) for c in pos.dealt)}"
        assert pos.state is not None
        moves = ", ".join(f"{seat}: {move}" for seat, move in pos.state.moves)
        return f"{head}\n{pos.state}\nmoves: {moves}"

    # -- tysiac ----------------------------------------------------------------------------

    @property
    def tysiac_state(self) -> State | None:
        """The tysiac state of the deal being played (``None`` while dealing or at the end)."""
        pos = self.pos
        return None if pos.dealing or pos.over else pos.state


def _dealt(pos: _Position, deck: tuple[int, ...]) -> State:
    """The first state of the deal dealt from ``deck``, after the deals already played."""
    rules = pos.rules
    if pos.state is None:
        n = rules.players
        return start_deal(rules, 0, 1, rules.first_dealer, (0,) * n, (0,) * n, (), deck)
    g = pos.state._game
    return start_deal(rules, 0, g.deal_number, g.dealer, g.scores, g.bombs, g.sheet, deck)


class _Observer:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, size: int, recall: bool) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"features": self.tensor}
        self.recall = recall

    def set_from(self, state: TysiacState, player: int) -> None:
        live = state.tysiac_state
        if live is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = features(observe(live, player))

    def string_from(self, state: TysiacState, player: int) -> str:
        pos = state.pos
        live = state.tysiac_state
        if self.recall:
            now = "dealing" if live is None else to_json(observe(live, player))
            if pos.over:
                now = "over"
            return "\n".join((f"player {player}", *pos.past[player], now))
        if pos.over:
            return f"over; scores {pos.state.scores if pos.state else ()}"
        if live is None:
            return (
                f"dealing after {pos.deals} deals; scores {pos.state.scores if pos.state else ()}"
            )
        return str(observe(live, player))


def resampler(seed: int | None = None) -> Callable[[TysiacState, int], TysiacState]:
    """A resampler for ``ISMCTSBot.set_resampler``: a world drawn by :func:`tysiac.sample_world`.

    The world agrees with everything ``player`` has seen, so its information-state string is
    the same; the unseen cards are placed uniformly among the placements that replay.
    """
    rng = random.Random(seed)

    def resample(state: TysiacState, player: int) -> TysiacState:
        live = state.tysiac_state
        copy: TysiacState = state.clone()
        if live is None:
            return copy
        world = sample_world(observe(live, player), rng)
        copy.pos = attrs.evolve(state.pos, state=world)
        return copy

    return resample


pyspiel.register_game(GAME_TYPE, TysiacGame)
