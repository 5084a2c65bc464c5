"""Cost of the information-set tools: ``sample_world`` and the claim test, per layout.

Plays random deals of every layout (the Polish club rules, claims on) and times
``sample_world`` for every seat at every step, and the claim test at every declarer lead.
Two kinds of deals: *cautious* (the first auction move, the lowest contract) and *bold*
(half of the time the highest bid or contract the cap allows, with the ace marriage on):
bold deals put marriages behind bids, which tie the unseen cards together.  Reports the
median and the worst case in microseconds of CPU time (``time.thread_time``: on a shared
machine, wall time would count the waits for a CPU), and the work the sampler did at its most: the
states of its counting programme and the placements one call drew.  Last, the view of the
issue that made the sampler fail a third of the time (three marriages behind a contract of
290, four players) is sampled 40 times.

    python benchmarks/information.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator

from tysiac import (
    Bid,
    Contract,
    Layout,
    Move,
    Pass,
    Phase,
    Rules,
    State,
    View,
    apply,
    legal_moves,
    new_game,
    observe,
)
from tysiac._engine.claim import claim_line, outstanding
from tysiac._info.sampling import Sampler

KINDS = ("cautious", "bold")


def positions(rules: Rules, seed: int, kind: str) -> Iterator[State]:
    """Every state of the first deal of a game with the given kind of bidding."""
    rng = random.Random(seed)
    s = new_game(rules, seed=seed)
    while s.deal_number == 1 and not s.is_over:
        yield s
        moves = legal_moves(s)
        move = rng.choice(moves)
        if s.phase in (Phase.AUCTION, Phase.CONTRACT):
            amounts = [m for m in moves if isinstance(m, Bid | Contract)]
            if kind == "cautious":
                move = moves[0]
            elif amounts and rng.random() < 0.5:
                move = max(amounts, key=lambda m: m.amount)
        s = apply(s, move)


def sample(view: View, seed: int) -> tuple[float, int, int]:
    """One call's CPU time (``sample_world``'s work: count, then draw) and its work."""
    t = time.thread_time()
    sampler = Sampler(view)
    sampler.draw(random.Random(seed))
    return time.thread_time() - t, sampler._joint.states, sampler.tries


def three_marriages_behind_a_contract() -> View:
    """Four players, all play: seat 3 contracts 290 with its three marriages; seat 0's view."""
    rules = Rules(players=4, layout=Layout.FOUR_ALL_PLAY)
    deal = ["9S JC 9D AD QH AH", "JS TS AS 9C TC AC", "JD TD 9H JH KH TH", "QS KS QC KC QD KD"]
    state = new_game(rules, deal=deal, seed=1)
    moves: list[Move] = [Bid(100), Pass(), Bid(160), Pass(), Pass(), Contract(290)]
    for move in moves:
        state = apply(state, move)
    return observe(state, 0)


def main(argv: list[str] | None = None) -> int:
    """Run the measurements and print one line per layout and kind of deal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per layout (default 3)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    head = "sample_world us (median / worst)"
    print(f"{'layout':22} {'deals':8} {head:>34} {'states':>7} {'draws':>6} {'claim test us':>22}")
    everything: list[float] = []
    for layout in Layout:
        for kind in KINDS:
            changes: dict[str, object] = {"ace_marriage": 200} if kind == "bold" else {}
            rules = Rules.preset("pl", players=layout.players, layout=layout, **changes)
            samples: list[float] = []
            claims: list[float] = []
            states = draws = 0
            for seed in range(args.games):
                for s in positions(rules, seed, kind):
                    for seat in range(rules.players):
                        took, work, tries = sample(observe(s, seat), seed)
                        samples.append(took)
                        states, draws = max(states, work), max(draws, tries)
                    decl = s.declarer
                    if s.phase is Phase.PLAY and decl is not None and s.to_move == decl:
                        hand = s._hands[decl]
                        out = outstanding(hand, s._taken, s._discards)
                        t = time.thread_time()
                        claim_line(rules._play, hand, out, s._trump, not any(s._taken))
                        claims.append(time.thread_time() - t)
            everything += samples
            med = statistics.median(samples) * 1e6
            worst = max(samples) * 1e6
            claim = (
                f"{statistics.median(claims) * 1e6:8.0f} / {max(claims) * 1e6:8.0f}"
                if claims
                else "-"
            )
            print(
                f"{layout.value:22} {kind:8} {med:16.0f} / {worst:14.0f} {states:7d} "
                f"{draws:6d} {claim:>22}"
            )
    print(
        f"{'all of the above':31} {statistics.median(everything) * 1e6:16.0f} / "
        f"{max(everything) * 1e6:14.0f}   ({len(everything)} calls)"
    )
    view = three_marriages_behind_a_contract()
    rare = [sample(view, k) for k in range(40)]
    times = [t for t, _, _ in rare]
    print(
        f"{'three marriages, 4 players':31} {statistics.median(times) * 1e6:16.0f} / "
        f"{max(times) * 1e6:14.0f} {max(w for _, w, _ in rare):7d} "
        f"{max(d for _, _, d in rare):6d}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
