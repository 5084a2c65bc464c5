"""Play deals of the PettingZoo environment with random legal actions and sum the rewards.

Needs the extra: ``pip install "tysiac[pettingzoo]"``.  Run with
``python examples/pettingzoo_random.py [SEED]``.
"""

from __future__ import annotations

import argparse

import numpy as np

from tysiac import Rules
from tysiac.contrib.pettingzoo import env


def main(seed: int = 1, episodes: int = 3) -> dict[str, float]:
    """Play ``episodes`` deals of the "pl" preset from ``seed``; print and return each
    agent's total reward (score points / 100)."""
    game = env(Rules.preset("pl"))
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for episode in range(episodes):
        game.reset(seed=seed + episode)
        for agent in game.agent_iter():
            observation, reward, termination, truncation, _ = game.last()
            totals[agent] += reward
            if termination or truncation:
                game.step(None)  # a finished agent steps with None
            else:
                legal = np.flatnonzero(observation["action_mask"])
                game.step(rng.choice(legal))
    game.close()
    for agent, total in totals.items():
        print(f"{agent}: {total:+.2f}")
    return totals


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line: an optional seed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seed", nargs="?", type=int, default=1, help="the first seed (default 1)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    main(arguments().seed)
