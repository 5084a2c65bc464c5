"""Solve a deal with every card open, then grade the bots' cards against the solver.

Three HeuristicBots bid, take the musik and name the contract.  At the declarer's first
lead, ``solve`` gives the exact double-dummy value of every legal card (the declarer's total
when every seat plays its best, seeing all the cards) and one best line.  Then a PIMCBot
plays the declarer's cards against the two HeuristicBots, and ``analyse`` says what each
card cost its side against the best card it had.  Double-dummy costs are an upper bound on
a player's mistakes: a seat that cannot see the others' cards may lose points no view could
have saved.

Run with ``python examples/double_dummy.py [SEED]``.
"""

from __future__ import annotations

import argparse

from tysiac import Phase, State, analyse, apply, new_game, observe, solve
from tysiac.bots import Bot, HeuristicBot, PIMCBot


def step(state: State, bots: list[Bot]) -> State:
    """The state after the bot of the seat to move has moved."""
    seat = state.to_move
    assert seat is not None  # only a finished game has nobody to move
    return apply(state, bots[seat].choose(observe(state, seat)))


def main(seed: int = 1) -> int:
    """Solve the first lead of the game's first played deal, play the deal out and analyse
    it; return the declarer's double-dummy total at the first lead."""
    bots: list[Bot] = [HeuristicBot(seed=seed + seat) for seat in range(3)]
    state = new_game(seed=seed)
    while state.phase is not Phase.PLAY:  # the auction, the musik, the contract (or a redeal)
        state = step(state, bots)
    print(state, end="\n\n")

    solution = solve(state)
    n = state.players  # cards in a trick
    print(f"Seat {solution.seat}, the declarer, takes {solution.value} with every card open:")
    for move, value in solution.values:  # legal_moves order
        print(f"  lead {move}: {value}{'  (best)' if value == solution.value else ''}")
    tricks = [solution.line[i : i + n] for i in range(0, 2 * n, n)]
    print("a best line:", " | ".join(" ".join(str(move) for move in trick) for trick in tricks))

    declarer = solution.seat
    bots[declarer] = PIMCBot(worlds=4, seed=seed)  # plays on worlds sampled from its view
    number = state.deal_number
    while state.deal_number == number and not state.is_over:
        state = step(state, bots)
    deal = analyse(state).deals[-1]
    print(f"\nDeal {deal.number} played out, a PIMCBot declaring.  A card's cost is what it")
    print("lost its side against the best card it had, with every card open:")
    for first in range(0, len(deal.plays), n):
        cards = [
            f"{card.move}" + (f" (cost {card.cost})" if card.cost else "")
            for card in deal.plays[first : first + n]
        ]
        print(f"  trick {first // n + 1}, seat {deal.plays[first].seat} leads: {', '.join(cards)}")
    print(f"costs per seat (declarer {declarer}): {list(deal.costs)}")
    return solution.value


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line: an optional seed.  A bad one exits with a usage message."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seed", nargs="?", type=int, default=1, help="the game's seed (default 1)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    main(arguments().seed)
