"""Tysiąc as a PettingZoo AEC environment (``pip install "tysiac[pettingzoo]"``).

>>> from tysiac.contrib.pettingzoo import env
>>> game = env()
>>> game.reset(seed=1)
>>> observation, reward, termination, truncation, info = game.last()
>>> int(observation["action_mask"].sum()) == len(info["legal_moves"])
True

* **Agents**: ``"player_0"``, ``"player_1"``, ... one per seat of the rules (the
  four-player sitter layout has four agents; the sitting-out dealer is never selected).
* **Observations**: a ``Dict`` of ``"observation"``, a ``Box`` of float32 holding
  :func:`tysiac.encoding.features` of the agent's own view, and ``"action_mask"``, a
  ``Box`` of int8 holding :func:`tysiac.encoding.action_mask` of that view (all zeros for an
  agent that is not to move).  Both layouts are on the docs page "Encoding".  An agent's
  observation is worked out when it is first asked for after a step (``observe(agent)``,
  ``last()``), once: asked again before the next step, it is the same dict, and nothing
  is worked out for agents nobody asks about.
* **Actions**: ``Discrete(num_actions(rules))``, the action numbers of
  :mod:`tysiac.encoding`; numpy integers are accepted.  The environment checks each action:
  one that is not an integer raises :class:`~tysiac.NotAnActionError`, one out of range
  :class:`~tysiac.InvalidActionError`, an illegal one :class:`~tysiac.IllegalMoveError`.
* **Rewards**: at the end of each deal, every agent receives its score change divided by
  :data:`REWARD_SCALE` (100): a made contract of 120 is ``1.2``.  No other step rewards.
* **Episodes**: ``episode="deal"`` (the default) ends after one deal (a redeal included);
  ``episode="game"`` plays the whole game (terminated when somebody wins), truncated after
  ``max_deals`` deals if that is set.  Random play practically never finishes a game, so set
  ``max_deals`` when training on whole games.
* **Rendering**: ``render_mode="ansi"`` makes :meth:`raw_env.render` return ``str(view)`` of
  the agent to move; ``"human"`` prints it after every step.
* ``info`` holds ``"legal_moves"``, the :class:`~tysiac.Move` objects of the agent to move
  (empty for the others).
"""

from __future__ import annotations

import operator
import secrets
from typing import Any, Final, Literal, SupportsIndex

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import Move, Rules, State, apply, legal_moves, new_game, observe
from .._engine.core import Phase
from .._errors import (
    ArgumentValueError,
    InvalidDealError,
    InvalidRulesError,
    InvalidSeatError,
    brief,
)
from .._info.actionmask import mask_array
from .._info.features import feature_array
from .._info.observe import observe_with
from ..encoding import decode_move, feature_names, num_actions

__all__ = ["REWARD_SCALE", "env", "raw_env"]

#: Score points per unit of reward.
REWARD_SCALE: Final = 100.0

Episode = Literal["deal", "game"]


def env(
    rules: Rules | None = None,
    *,
    episode: Episode = "deal",
    max_deals: int | None = None,
    render_mode: str | None = None,
) -> AECEnv:
    """The environment inside PettingZoo's ``OrderEnforcingWrapper`` (stepping or observing
    before :meth:`~raw_env.reset` raises).  The environment checks each action itself: one
    that is not an integer in range raises as :func:`~tysiac.encoding.decode_move` does, an
    illegal one as :func:`~tysiac.apply` does.

    Args:
        rules: the rules (default ``Rules()``, the "app" preset).
        episode: ``"deal"`` (one deal per episode) or ``"game"`` (the whole game).
        max_deals: with ``episode="game"``, truncate after this many deals.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
    """
    inner = raw_env(rules, episode=episode, max_deals=max_deals, render_mode=render_mode)
    # (no AssertOutOfBoundsWrapper: step checks the action as decode_move, once)
    return wrappers.OrderEnforcingWrapper(inner)


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801  (PettingZoo's own name)
    """The Tysiąc AEC environment without wrappers (see the module docstring)."""

    agent_selection: str
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo reads it as a class attribute)
        "render_modes": ["ansi", "human"],
        "name": "tysiac_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        episode: Episode = "deal",
        max_deals: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise InvalidRulesError(
                f"rules={brief(rules)} is not a Rules object: use Rules.preset(name)"
            )
        if not isinstance(episode, str) or episode not in ("deal", "game"):
            raise ArgumentValueError(f"episode={brief(episode)} must be 'deal' or 'game'")
        if max_deals is not None and (
            not isinstance(max_deals, int) or isinstance(max_deals, bool) or max_deals < 1
        ):
            raise ArgumentValueError(f"max_deals={brief(max_deals)} must be None or an int >= 1")
        if render_mode is not None and (
            not isinstance(render_mode, str) or render_mode not in self.metadata["render_modes"]
        ):
            raise ArgumentValueError(
                f"render_mode={brief(render_mode)} must be None, 'ansi' or 'human'"
            )
        self.rules = rules
        self.episode: Episode = episode
        self.max_deals = max_deals
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(rules.players)]
        self.agents = self.possible_agents[:]
        size = len(feature_names(rules))
        self._n = num_actions(rules)
        self._seats = {name: seat for seat, name in enumerate(self.possible_agents)}
        self._observed: dict[str, dict[str, np.ndarray[Any, Any]]] = {}
        space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self._n,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(self._n) for a in self.possible_agents}
        self._seed: int | None = None
        self.state_: State = new_game(rules, seed=0)
        # the legal moves of ``_moves_of`` (state_, unless it was replaced since): worked
        # out once per state for the infos and the mover's view
        self._moves_of: State | None = None
        self._moves: tuple[Move, ...] = ()
        self._deals = 0
        self._reset_dicts()

    # -- PettingZoo API ----------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        self._seat(agent)  # an agent of this game, else InvalidSeatError
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        self._seat(agent)
        return self.action_spaces[agent]

    def _seat(self, agent: object) -> int:
        """The seat of ``agent``, one of :attr:`possible_agents`."""
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise InvalidSeatError(
                f"agent={brief(agent)} is not an agent of this game: one of "
                f"{', '.join(self.possible_agents)}"
            )
        return seat

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """The agent's observation, worked out when first asked after each step (asked
        again before the next step, it is the same dict and arrays)."""
        found = self._observed.get(agent) if isinstance(agent, str) else None
        if found is None:
            seat = self._seat(agent)
            state = self.state_
            view = observe_with(state, seat, self._state_moves())
            # each array made from the library's own buffer in one call (a copy, as float32)
            x = np.frombuffer(feature_array(view), np.float64).astype(np.float32)
            if state.to_move == seat:
                mask = np.frombuffer(mask_array(view), np.int8)  # owns the fresh bytearray
            else:
                mask = np.zeros(self._n, np.int8)
            found = self._observed[agent] = {"observation": x, "action_mask": mask}
        return found

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: seeded by ``seed``, else by the last seed's successor.

        With ``episode="deal"`` every reset starts a new game (at deal 1 with the rules'
        first dealer); the seed fixes its deals.
        """
        if seed is not None:
            self._seed = _seed_of(seed)
        elif self._seed is None:
            self._seed = secrets.randbits(64)
        else:
            self._seed += 1
        self.state_ = new_game(self.rules, seed=self._seed)
        self._observed = {}
        self._deals = 0
        self.agents = self.possible_agents[:]
        self._reset_dicts()
        self._select()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = decode_move(action, self.rules)  # NotAnActionError, InvalidActionError
        before = self.state_
        self.state_ = after = apply(before, move)  # IllegalMoveError for a masked action
        self._observed = {}
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if after.phase is Phase.GAME_OVER or after.deal_number != before.deal_number:
            self._deals += 1
            for i, name in enumerate(self.possible_agents):
                if name in self.rewards:
                    self.rewards[name] = (after.scores[i] - before.scores[i]) / REWARD_SCALE
            over = after.phase is Phase.GAME_OVER or self.episode == "deal"
            cut = not over and self.max_deals is not None and self._deals >= self.max_deals
            if over or cut:
                for name in self.agents:
                    self.terminations[name] = over
                    self.truncations[name] = cut
            self._accumulate_rewards()  # (every other step's rewards are all 0)
            self._select()
        else:  # nobody is done (no list of the done agents to make)
            self._select_mover()
        self._set_infos()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The view of the agent to move (or of seat 0 when nobody is), as text."""
        if self.render_mode is None:
            return None
        seat = self.state_.to_move
        text = str(observe(self.state_, 0 if seat is None else seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # -- helpers ---------------------------------------------------------------------------

    def _state_moves(self) -> tuple[Move, ...]:
        state = self.state_
        if self._moves_of is not state:
            self._moves = legal_moves(state)
            self._moves_of = state
        return self._moves

    def _select(self) -> None:
        done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if done:
            self.agent_selection = done[0]
        else:
            self._select_mover()

    def _select_mover(self) -> None:
        seat = self.state_.to_move
        self.agent_selection = self.possible_agents[0 if seat is None else seat]

    def _set_infos(self) -> None:
        """Every agent's info: the legal moves for the agent to move (the moves its view
        holds), none for the others."""
        seat = self.state_.to_move
        for name in self.agents:
            moves = self._state_moves() if self._seats[name] == seat else ()
            self.infos[name] = {"legal_moves": moves}

    def _reset_dicts(self) -> None:
        names = self.agents
        self.rewards = dict.fromkeys(names, 0.0)
        self._cumulative_rewards = dict.fromkeys(names, 0.0)
        self.terminations = dict.fromkeys(names, False)
        self.truncations = dict.fromkeys(names, False)
        self.infos = {}
        self._set_infos()
        self.agent_selection = names[0] if names else ""


def _seed_of(seed: object) -> int:
    """``seed`` as an int (an integer of NumPy's too), else :class:`~tysiac.InvalidDealError`."""
    if isinstance(seed, SupportsIndex) and not isinstance(seed, bool):
        try:
            return operator.index(seed)
        except TypeError:  # an array of NumPy's that is not a single integer
            pass
    raise InvalidDealError(f"seed={brief(seed)} must be an int or None")
