"""Tysiąc as the OpenSpiel game ``python_tysiac`` (``pip install "tysiac[openspiel]"``).

Importing this module registers the game:

>>> import pyspiel
>>> import tysiac.contrib.openspiel
>>> game = pyspiel.load_game("python_tysiac", {"preset": "pl", "players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 24)

* **Parameters**: ``preset`` (``"app"``, ``"pl"``, ``"ro"``, ``"ru"``, ``"ua"``),
  ``players`` (0: the preset's or the layout's count), ``layout`` (a
  :class:`~tysiac.Layout` value such as ``"four-sitter"``; ``""``: the default for the
  player count), ``episode`` (``"deal"`` or
  ``"game"``), ``max_deals`` (with ``episode="game"``: the episode ends after this many
  deals, at least 1; OpenSpiel needs a bounded game length) and ``partnerships`` (True:
  four players in two pairs, :attr:`Rules.partnerships <tysiac.Rules.partnerships>`).
* **Chance**: each deal is dealt by 24 chance nodes, one card each, uniform over the cards
  not dealt yet (outcome ``i`` is ``tysiac.CARDS[i]``).  The deck order is the active hands
  in seat order, then each musik, then the stock, as for ``new_game(deal=...)``.
* **Actions**: the action numbers of :mod:`tysiac.encoding` (``num_distinct_actions`` is
  ``num_actions(rules)``).
* **Observations**: the observation string is ``str(view)`` of the player's view; the
  information-state string is the player's number, its view of every finished deal of the
  episode (``to_json`` of the view before the deal's last move, then that move and the deal's
  row) and ``to_json`` of its current view.  The observation tensor is
  :func:`tysiac.encoding.features` of the current view; the information-state tensor starts
  with the same floats and recalls each finished deal of the episode after them, in order:
  the features of the player's view before the deal's last move, then that move as a one-hot
  block of ``num_actions(rules)`` (``max_deals - 1`` such blocks, zeros until the deal is
  played).  The current view's part is all zeros while a deal is dealt and at the end.
* **Returns**: at the end of the episode, each player's score change since it started (raw
  points, not scaled); zeros before the end (``RewardModel.TERMINAL``).  In partnerships a
  pair keeps one score, so both partners get the pair's return: team rewards.
* **States** hold immutable values only: cloning copies a few references.
* **Serialization** is JSON, never pickle: ``state.serialize()`` is a JSON object holding the
  game's parameters and the action history, and ``game.deserialize_state(text)`` replays that
  history, checking every action (a text that is not such a history, or an action that is not
  legal, raises :class:`~tysiac.LoadError`; nothing in it is ever unpickled).  It also reads
  the text of OpenSpiel's own C++ serializer (``history=...``), from its history line only.
  :func:`deserialize_game_and_state` reads the whole text of
  ``pyspiel.serialize_game_and_state`` the same way.  OpenSpiel's own
  ``pyspiel.deserialize_game_and_state`` (and unpickling a pyspiel state) unpickles a part
  of any text it is given, for every Python game: never use it on text from outside.  What
  the adapter puts in that part is one string (no object of tysiac, no class to import), and
  the state is rebuilt from the action history beside it.
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

from .. import CARDS, LoadError, State, move_text, observe, sample_world, to_json
from .._errors import brief
from ..encoding import action_mask, decode_move, feature_names, features_into, num_actions
from ._episode import (
    DECK,
    DEFAULTS,
    FORMAT,
    Position,
    deal_bound,
    history_of,
    replayed,
    rules_from_params,
    start,
)

__all__ = [
    "DEFAULTS",
    "FORMAT",
    "GAME_TYPE",
    "TysiacGame",
    "TysiacState",
    "deserialize_game_and_state",
    "resampler",
    "rules_from_params",
]

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


class TysiacGame(pyspiel.Game):  # type: ignore[misc]
    """The game ``python_tysiac`` (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(DEFAULTS) | dict(params or {})
        self.rules, self.episode, self.max_deals = rules_from_params(params)
        low, high, moves = deal_bound(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=num_actions(self.rules),
            max_chance_outcomes=DECK,
            num_players=self.rules.players,
            min_utility=float(low * self.max_deals),
            max_utility=float(high * self.max_deals),
            utility_sum=None,
            max_game_length=moves * self.max_deals,
        )
        super().__init__(GAME_TYPE, info, params)
        self._features = len(feature_names(self.rules))
        # the information state: the current view's features, then each earlier deal's
        self._recall = self._features + (self.max_deals - 1) * (
            self._features + num_actions(self.rules)
        )
        self._params = {key: params[key] for key in DEFAULTS}
        # a serialized state holds at most every chance outcome and player action
        self._longest = (DECK * self.max_deals + moves * self.max_deals) * 8 + 4096

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
        return _Observer(self._features, self._recall if recall else self._features, recall)

    def deserialize_state(self, text: str) -> TysiacState:
        """The state that :meth:`TysiacState.serialize` wrote as ``text``, replayed action by
        action; also the state part of OpenSpiel's own serialized text (``history=...``),
        read from its history line only.  Nothing in the text is unpickled or executed.

        Raises:
            LoadError: ``text`` is not a serialized state of this game, or an action in it
                is not legal where it comes (the message names the first one).
        """
        actions = history_of(text, self._params, self.rules, self.max_deals, self._longest)
        replayed(self.rules, self.max_deals, actions, "history")  # every action checked
        state = self.new_initial_state()
        for action in actions:
            state.apply_action(action)
        return state


class TysiacState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state: a wrapper of one immutable :class:`Position`."""

    def __init__(self, game: TysiacGame) -> None:
        super().__init__(game)
        self.pos = start(game.rules, game.max_deals)

    @property
    def pos(self) -> Position:
        """The position (kept in the instance's ``__dict__``, which OpenSpiel copies to clone
        the state and pickles to serialize it)."""
        found: Position = self.__dict__["pos"]
        return found

    @pos.setter
    def pos(self, value: Position | str) -> None:
        if isinstance(value, str):
            # OpenSpiel's C++ deserializer hands back what the position pickled to (one
            # string): the position is rebuilt from the action history it has restored
            game = self.get_game()
            value = replayed(game.rules, game.max_deals, list(self.history()), "history")
        self.__dict__["pos"] = value

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
        left = sorted(set(range(DECK)) - set(self.pos.dealt))
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        self.pos = self.pos.after(int(action))

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

    def serialize(self) -> str:
        """The state as JSON text: the game's parameters and the action history (chance
        outcomes included), which :meth:`TysiacGame.deserialize_state` replays.  No pickle."""
        game = self.get_game()
        return json.dumps(
            {
                "format": FORMAT,
                "parameters": _parameters(game),
                "history": [int(a) for a in self.history()],
            },
            separators=(",", ":"),
        )

    # -- tysiac ----------------------------------------------------------------------------

    @property
    def tysiac_state(self) -> State | None:
        """The tysiac state of the deal being played (``None`` while dealing or at the end)."""
        pos = self.pos
        return None if pos.dealing or pos.over else pos.state


def _parameters(game: TysiacGame) -> dict[str, int | str]:
    return dict(game._params)


def deserialize_game_and_state(text: str) -> tuple[TysiacGame, TysiacState]:
    """The game and state of ``pyspiel.serialize_game_and_state(game, state)`` text, read
    without unpickling anything (``pyspiel.deserialize_game_and_state`` unpickles a part of
    the text: never give it text from outside).

    Raises:
        LoadError: the text is not a serialized ``python_tysiac`` game and state.
    """
    if not isinstance(text, str):
        raise LoadError(f"$: {brief(text)} is not a serialized game and state (a str)")
    sections: dict[str, list[str]] = {}
    current: str | None = None
    for line in text.split("\n"):
        if not line or line.startswith("#"):
            continue
        if line in ("[Meta]", "[Game]", "[State]"):
            current = line
            sections[current] = []
        elif current is None:
            raise LoadError(f"$: {brief(line)} comes before the [Meta] section")
        else:
            sections[current].append(line)
    game_lines = sections.get("[Game]", [])
    if len(game_lines) != 1 or not (
        game_lines[0] == GAME_TYPE.short_name
        or game_lines[0].startswith(f"{GAME_TYPE.short_name}(")
    ):
        raise LoadError(f"[Game]: {brief(game_lines)} is not a {GAME_TYPE.short_name} game")
    try:
        game = pyspiel.load_game(game_lines[0])
    except Exception as exc:
        raise LoadError(f"[Game]: {brief(game_lines[0])}: {brief(str(exc))}") from None
    if not isinstance(game, TysiacGame):  # pragma: no cover  (registered under that name)
        raise LoadError(f"[Game]: {brief(game_lines[0])} is not a {GAME_TYPE.short_name} game")
    return game, game.deserialize_state("\n".join(sections.get("[State]", [])))


class _Observer:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, features: int, size: int, recall: bool) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"features": self.tensor}
        self.recall = recall
        self.features = features

    def set_from(self, state: TysiacState, player: int) -> None:
        live = state.tysiac_state
        tensor = self.tensor
        size = self.features
        if live is None:
            tensor[:size] = 0.0
        else:
            features_into(observe(live, player), tensor[:size])
        if self.recall:
            done = np.frombuffer(state.pos.recalled[player], np.float32)
            tensor[size : size + len(done)] = done
            tensor[size + len(done) :] = 0.0

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
