"""Random playouts through the public API, against the lean reference loop, in one run.

Usage::

    python benchmarks/playouts.py [DEALS] [--preset NAME] [--players N]

Plays ``DEALS`` random deals (default 3000) through ``legal_moves``/``apply``: every move,
auction, musik, giving, contract and all tricks, chosen uniformly at random; games are
restarted when they end.  Then runs the lean reference ``shared/bench/lean_playout.py``
(a bare, mutable card-play loop without auction) for the same number of deals, and prints
both rates and their ratio.  Compare ratios from one run, not times from different runs.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path
from types import ModuleType

from tysiac import Rules, apply, legal_moves, new_game

LEAN = Path(__file__).resolve().parents[1].parent / "shared" / "bench" / "lean_playout.py"


def tysiac_rate(deals: int, rules: Rules, seed: int = 1) -> tuple[float, int]:
    """Deals per second of random play through the public API, and the moves made."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    done = moves = 0
    number = state.deal_number
    start = time.perf_counter()
    while done < deals:
        state = apply(state, rng.choice(legal_moves(state)))
        moves += 1
        if state.deal_number != number or state.is_over:
            done += 1
            number = state.deal_number
            if state.is_over:
                state = new_game(rules, seed=seed + done)
                number = state.deal_number
    return deals / (time.perf_counter() - start), moves


def load_lean(path: Path) -> ModuleType:
    """Import the lean reference from ``path``."""
    spec = importlib.util.spec_from_file_location("lean_playout", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def lean_rate(deals: int, path: Path) -> float:
    """Deals per second of the lean reference."""
    lean = load_lean(path)
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(deals):
        lean.playout(rng)
    return deals / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", type=int, default=3000)
    parser.add_argument("--preset", default="app")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--lean", type=Path, default=LEAN, help="path of lean_playout.py")
    parser.add_argument("--rounds", type=int, default=3, help="best of this many rounds")
    args = parser.parse_args(argv)
    rules = Rules.preset(args.preset, players=args.players)
    ours = max(tysiac_rate(args.deals, rules, seed)[0] for seed in range(1, args.rounds + 1))
    print(f"tysiac ({args.preset}, {args.players} players): {ours:8.0f} deals/s "
          f"({1e6 / ours:.1f} us/deal, full deals through the public API)")
    if not args.lean.exists():
        print(f"lean reference not found at {args.lean}", file=sys.stderr)
        return 1
    ref = max(lean_rate(args.deals, args.lean) for _ in range(args.rounds))
    print(f"lean reference:            {ref:8.0f} deals/s ({1e6 / ref:.1f} us/deal, card play only)")
    print(f"ratio tysiac / lean:       {ours / ref:8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
