"""How fast the double-dummy solver is: whole trick plays solved from the first lead.

Usage::

    python benchmarks/solver.py [--deals N] [--small N] [--draw N] [--only TEXT ...] [--lean PATH]

For random deals (seeds 0, 1, ...) it plays the auction, the musik and the contract at random
(the cautious random policy: passes, the forced bid, the lowest contract, random gives and
discards) up to the first lead of the trick play, then solves that position with every
legal first move valued (``tysiac.solve``'s search: the values of all first moves; the line
is not built).  Deals that end before the play (a redeal, a bomb) are skipped.  It reports,
per line, the solves, their median, 95th percentile and largest CPU time, solves per second,
and the median in units of one lean-loop deal (``lean_playout.py`` beside this file, timed
in the same run before and after the solves).  ``--deals`` sets the deals of the two
three-player lines ("app" and "pl"), ``--small`` those of the other two- and four-player
lines, ``--draw`` those of the two two-player layouts with a stock (twelve tricks, the
slowest solves by far); ``--only`` runs just the lines whose label contains one of the
texts given.  Compare the units from one run, not times from different runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import tysiac
from speed import load_lean  # (the script beside this one)
from tysiac import Layout, Phase, Rules, State, apply, legal_moves, new_game
from tysiac._search.solve import Solver

#: The lean reference loop shipped beside this script.
LEAN = Path(__file__).resolve().with_name("lean_playout.py")

#: ``(label, preset, layout, size)``: how many deals each line takes, by its size: "big"
#: ``--deals``, "small" ``--small``, "draw" ``--draw``.
LINES = (
    ("app, 3 players", "app", Layout.THREE, "big"),
    ("pl, 3 players", "pl", Layout.THREE, "big"),
    ("app, 2 players (classic)", "app", Layout.TWO_CLASSIC, "small"),
    ("app, 2 players (draw)", "app", Layout.TWO_DRAW, "draw"),
    ("app, 2 players (open musik)", "app", Layout.TWO_OPEN_MUSIK, "draw"),
    ("app, 4 players (sitter)", "app", Layout.FOUR_SITTER, "small"),
    ("app, 4 players (all play)", "app", Layout.FOUR_ALL_PLAY, "small"),
)


def first_lead(rules: Rules, seed: int) -> State | None:
    """The first lead of deal 1 of game ``seed``, reached by cautious random moves."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is not Phase.PLAY:
        moves = legal_moves(state)
        if state.phase in (Phase.AUCTION, Phase.CONTRACT):
            move = moves[0]
        else:
            move = moves[int(rng.random() * len(moves))]
        state = apply(state, move)
        if state.sheet:
            return None
    return state


def solve_times(rules: Rules, deals: int) -> list[float]:
    """CPU seconds of each solve of a first lead, all first moves valued."""
    times: list[float] = []
    seed = 0
    while len(times) < deals:
        state = first_lead(rules, seed)
        seed += 1
        if state is None:
            continue
        start = time.process_time()
        Solver(state).values_of(state)
        times.append(time.process_time() - start)
    return times


def lean_unit(lean: object, deals: int = 2000) -> float:
    """CPU seconds of one lean-loop deal."""
    rng = random.Random(1)
    playout = lean.playout  # type: ignore[attr-defined]
    start = time.process_time()
    for _ in range(deals):
        playout(rng)
    return (time.process_time() - start) / deals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=500, help="deals of the 3-player lines")
    parser.add_argument("--small", type=int, default=100, help="deals of the other lines")
    parser.add_argument("--draw", type=int, default=20, help="deals of the stock lines")
    parser.add_argument("--only", nargs="+", default=[""], help="lines whose label has this")
    parser.add_argument("--lean", type=Path, default=LEAN, help="another lean loop module")
    args = parser.parse_args(argv)
    if not args.lean.exists():
        print(f"lean reference not found at {args.lean}", file=sys.stderr)
        return 1
    lean = load_lean(args.lean)
    build = "compiled" if tysiac.COMPILED else "pure Python"
    print(f"tysiac {tysiac.__version__}, {build} build; Python {sys.version.split()[0]}")
    units = [lean_unit(lean)]
    results = []
    deals = {"big": args.deals, "small": args.small, "draw": args.draw}
    for label, preset, layout, size in LINES:
        if not any(text in label for text in args.only):
            continue
        rules = Rules.preset(preset, players=layout.players, layout=layout)
        results.append((label, solve_times(rules, deals[size])))
    units.append(lean_unit(lean))
    unit = statistics.median(units)
    print(f"lean loop: {args.lean}; one lean deal = {unit * 1e6:.1f} us")
    print("line                          solves  median ms  p95 ms  max ms  solves/s  lean deals")
    for label, times in results:
        times.sort()
        median = statistics.median(times)
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"{label:<29} {len(times):>6} {median * 1e3:>10.1f} {p95 * 1e3:>7.1f} "
            f"{times[-1] * 1e3:>7.1f} {len(times) / sum(times):>9.1f} {median / unit:>11.0f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
