"""Random playouts through the public API, against the lean reference loop, in one run.

Usage::

    python benchmarks/playouts.py [DEALS] [--preset NAME] [--players N] [--lean PATH]

Plays ``DEALS`` random deals (default 3000) through ``legal_moves``/``apply``: every move,
auction, musik, giving, contract and all tricks, chosen uniformly at random; games are
restarted when they end.  Then runs the lean reference loop, ``lean_playout.py`` beside
this file (a bare, mutable card-play loop without auction; ``--lean PATH`` runs another
module with the same ``playout(rng)`` function), for the same number of deals, and prints
both rates and their ratio.  Compare ratios from one run, not times from different runs.

The two loops alternate for ``--rounds`` rounds and the median ratio of the rounds is
reported, so a machine whose load changes during the run still gives a fair ratio.  Times
are CPU times of this process (``time.process_time``).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

from tysiac import Rules, apply, legal_moves, new_game

#: The lean reference loop shipped beside this script.
LEAN = Path(__file__).resolve().with_name("lean_playout.py")


def tysiac_rate(deals: int, rules: Rules, seed: int = 1) -> tuple[float, int]:
    """Deals per second of random play through the public API, and the moves made."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    done = moves = 0
    number = state.deal_number
    start = time.process_time()
    while done < deals:
        legal = legal_moves(state)
        if not legal:  # the game is over: its last deal is done, start another game
            done += 1
            state = new_game(rules, seed=seed + done)
            number = state.deal_number
            continue
        state = apply(state, rng.choice(legal))
        moves += 1
        if state.deal_number != number:
            done += 1
            number = state.deal_number
    return deals / (time.process_time() - start), moves


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
    start = time.process_time()
    for _ in range(deals):
        lean.playout(rng)
    return deals / (time.process_time() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", type=int, default=3000)
    parser.add_argument("--preset", default="app")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument(
        "--lean",
        type=Path,
        default=LEAN,
        help="a lean reference loop: a module with playout(rng) (default: lean_playout.py here)",
    )
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds")
    args = parser.parse_args(argv)
    if not args.lean.exists():
        print(f"lean reference not found at {args.lean}", file=sys.stderr)
        return 1
    rules = Rules.preset(args.preset, players=args.players)
    ours: list[float] = []
    refs: list[float] = []
    for seed in range(1, args.rounds + 1):
        ours.append(tysiac_rate(args.deals, rules, seed)[0])
        refs.append(lean_rate(args.deals, args.lean))
    ratio = statistics.median(o / r for o, r in zip(ours, refs, strict=True))
    best, ref = max(ours), max(refs)
    print(
        f"tysiac ({args.preset}, {args.players} players): {best:8.0f} deals/s "
        f"({1e6 / best:.1f} us/deal; full deals through the public API, best round)"
    )
    print(
        f"lean reference:            {ref:8.0f} deals/s "
        f"({1e6 / ref:.1f} us/deal; card play only, best round)"
    )
    print(f"ratio tysiac / lean:       {ratio:8.3f} (median of {args.rounds} rounds)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
