"""A custom bot written on the View, playing against two HeuristicBots.

A bot only ever sees ``observe(state, seat)``: its hand, the cards played, the auction,
the scores.  This one bids only the forced opening bid, names the lowest contract, and in
the play leads its highest card and otherwise throws its lowest legal card.

Run with ``python examples/observe_bot.py [SEED]``.
"""

from __future__ import annotations

import argparse

from tysiac import Contract, Move, Pass, Phase, Play, View
from tysiac.bots import Bot, HeuristicBot, play_game


class HighLowBot:
    """Leads its highest card, follows with its lowest: a tiny bot on the View."""

    def choose(self, view: View) -> Move:
        """Pick one of ``view.legal_moves``."""
        moves = view.legal_moves
        if view.phase is Phase.AUCTION:
            return Pass() if Pass() in moves else moves[0]  # moves[0]: the forced bid
        if view.phase is Phase.CONTRACT:
            return next(m for m in moves if isinstance(m, Contract))  # the lowest
        plays = [m for m in moves if isinstance(m, Play)]
        if not plays:  # musik, giving, discarding: the first option (lowest card)
            return moves[0]
        by_rank = sorted(plays, key=lambda m: (m.card.rank, m.card.suit))
        return by_rank[-1] if not view.trick else by_rank[0]


def main(seed: int = 1) -> int:
    """Play one game, HighLowBot in seat 0; print the final scores and return the winner."""
    bots: list[Bot] = [HighLowBot(), HeuristicBot(seed=seed), HeuristicBot(seed=seed + 1)]
    state = play_game(bots=bots, seed=seed)
    assert state.winner is not None
    print(f"{len(state.sheet)} deals; scores {list(state.sheet[-1].scores)}")
    print(f"winner: seat {state.winner} ({type(bots[state.winner]).__name__})")
    return state.winner


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line: an optional seed.  A bad one exits with a usage message."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seed", nargs="?", type=int, default=1, help="the game's seed (default 1)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    main(arguments().seed)
