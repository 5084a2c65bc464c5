"""One deal of the OpenSpiel game ``python_tysiac``: an IS-MCTS bot against random players.

The bot searches worlds drawn by ``tysiac.sample_world``.  Needs the extra:
``pip install "tysiac[openspiel]"``.  Run with ``python examples/openspiel_ismcts.py [SEED]``.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from tysiac.contrib import openspiel  # importing it registers "python_tysiac"


def main(seed: int = 1, simulations: int = 20) -> list[float]:
    """Play one deal; seat 0 is the IS-MCTS bot.  Print and return the score changes."""
    game = pyspiel.load_game("python_tysiac", {"preset": "pl", "players": 3})
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(
        game, evaluator, 2.0, simulations, random_state=np.random.RandomState(seed)
    )
    bot.set_resampler(openspiel.resampler(seed))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns: list[float] = state.returns()
    print("score changes:", " ".join(f"{r:+.0f}" for r in returns))
    return returns


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line: an optional seed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seed", nargs="?", type=int, default=1, help="the seed (default 1)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    main(arguments().seed)
