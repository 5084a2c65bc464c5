"""Cost of the information-set tools: ``sample_world`` and the claim test, per layout.

Plays random deals of every layout (the Polish club rules, claims on) and times
``sample_world`` for every seat at every step, and the claim test at every declarer lead.
Reports the median and the worst case in microseconds.

    python benchmarks/information.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from tysiac import Layout, Phase, Rules, apply, legal_moves, new_game, observe, sample_world
from tysiac._engine.claim import claim_line, outstanding


def main(argv: list[str] | None = None) -> int:
    """Run the measurements and print one line per layout."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per layout (default 3)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(f"{'layout':22} {'sample_world us (median / worst)':>34} {'claim test us':>26}")
    for layout in Layout:
        rules = Rules.preset("pl", players=layout.players, layout=layout)
        rng = random.Random(1)
        samples: list[float] = []
        claims: list[float] = []
        for seed in range(args.games):
            s = new_game(rules, seed=seed)
            while s.deal_number == 1 and not s.is_over:
                for seat in range(rules.players):
                    view = observe(s, seat)
                    t = time.perf_counter()
                    sample_world(view, rng)
                    samples.append(time.perf_counter() - t)
                decl = s.declarer
                if s.phase is Phase.PLAY and decl is not None and s.to_move == decl:
                    hand = s._hands[decl]
                    out = outstanding(hand, s._taken, s._discards)
                    t = time.perf_counter()
                    claim_line(rules._play, hand, out, s._trump, not any(s._taken))
                    claims.append(time.perf_counter() - t)
                moves = legal_moves(s)
                cautious = s.phase in (Phase.AUCTION, Phase.CONTRACT)
                s = apply(s, moves[0] if cautious else rng.choice(moves))
        med = statistics.median(samples) * 1e6
        worst = max(samples) * 1e6
        claim = (
            f"{statistics.median(claims) * 1e6:8.0f} / {max(claims) * 1e6:8.0f}" if claims else "-"
        )
        print(f"{layout.value:22} {med:16.0f} / {worst:14.0f} {claim:>26}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
