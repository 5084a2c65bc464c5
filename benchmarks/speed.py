"""Every speed figure of the performance page in one run, each beside the lean loop.

Usage::

    python benchmarks/speed.py [--deals N] [--rounds R] [--lean PATH] [--quick]

In one process, alternating with the lean reference loop (``lean_playout.py`` beside this
file, or ``--lean PATH``) round by round, it measures:

- **full deals** through ``legal_moves``/``apply`` with uniformly random moves (as
  ``playouts.py`` does) for the presets ``app``, ``pl`` and ``ru`` with 3 players and
  ``app`` with 2 and 4;
- **rollouts** (:func:`tysiac.rollout`, the default cautious-random policy) from positions
  at the start of the trick play and at the fourth trick of 3-player deals (``app`` and
  ``pl``), each position reached once beforehand; a rollout is counted like a deal;
- when ``open_spiel`` is installed, **OpenSpiel's skat and hearts** (its C++ games driven
  from Python: a uniformly random legal action at every decision, chance outcomes sampled
  with their probabilities), episodes per second.

Each line prints the best rate of its rounds and the median of the per-round ratios to the
lean loop (the lean loop runs right after each round of each line), and it says which build
of ``tysiac`` ran (``tysiac.COMPILED``).  Compare ratios from one run, not times from
different runs.  CPU time of this process (``time.process_time``).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import tysiac
from tysiac import Phase, Rules, State, apply, legal_moves, new_game, rollout

#: The lean reference loop shipped beside this script.
LEAN = Path(__file__).resolve().with_name("lean_playout.py")

#: ``(label, preset, players)`` of the full-deal lines.
FULL_DEALS = (
    ("full deal, app, 3 players", "app", 3),
    ("full deal, pl, 3 players", "pl", 3),
    ("full deal, ru, 3 players", "ru", 3),
    ("full deal, app, 2 players", "app", 2),
    ("full deal, app, 4 players", "app", 4),
)


def load_lean(path: Path) -> ModuleType:
    """Import the lean reference from ``path``."""
    spec = importlib.util.spec_from_file_location("lean_playout", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def full_deals(rules: Rules, deals: int, seed: int) -> float:
    """Seconds for ``deals`` random deals through the public API (games restart)."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    done = 0
    number = state.deal_number
    start = time.process_time()
    while done < deals:
        legal = legal_moves(state)
        if not legal:
            done += 1
            state = new_game(rules, seed=seed + done)
            number = state.deal_number
            continue
        state = apply(state, legal[int(rng.random() * len(legal))])
        if state.deal_number != number:
            done += 1
            number = state.deal_number
    return time.process_time() - start


def positions(preset: str, tricks: int, count: int) -> list[State]:
    """``count`` states of 3-player deals at the start of trick ``tricks + 1``, reached
    with the cautious policy from seeded games."""
    rules = Rules.preset(preset, players=3)
    rng = random.Random(7)
    out: list[State] = []
    seed = 0
    while len(out) < count:
        seed += 1
        state = new_game(rules, seed=seed)
        while state.deal_number == 1 and not (
            state.phase is Phase.PLAY and state.tricks_played == tricks and not state.trick
        ):
            moves = legal_moves(state)
            if state.phase in (Phase.AUCTION, Phase.CONTRACT):
                state = apply(state, moves[0])
            else:
                state = apply(state, moves[int(rng.random() * len(moves))])
        if state.deal_number == 1:
            out.append(state)
    return out


def rollouts(starts: list[State], deals: int, seed: int) -> float:
    """Seconds for ``deals`` rollouts, cycling through ``starts``."""
    rng = random.Random(seed)
    k = len(starts)
    start = time.process_time()
    for i in range(deals):
        rollout(starts[i % k], rng)
    return time.process_time() - start


def deal_timer(preset: str, players: int) -> Callable[[int, int], float]:
    """A timer of full deals of a preset."""
    rules = Rules.preset(preset, players=players)
    return lambda deals, seed: full_deals(rules, deals, seed)


def rollout_timer(starts: list[State]) -> Callable[[int, int], float]:
    """A timer of rollouts from ``starts``."""
    return lambda deals, seed: rollouts(starts, deals, seed)


def openspiel_episodes(name: str) -> Callable[[int, int], float] | None:
    """A timer of random episodes of OpenSpiel's game ``name``, or None without open_spiel."""
    try:
        import pyspiel  # noqa: PLC0415  (an optional extra)
    except ImportError:
        return None
    game = pyspiel.load_game(name)

    def run(episodes: int, seed: int) -> float:
        rng = random.Random(seed)
        rand = rng.random
        start = time.process_time()
        for _ in range(episodes):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    x = rand()
                    action = outcomes[-1][0]
                    for outcome, p in outcomes:
                        x -= p
                        if x <= 0:
                            action = outcome
                            break
                    state.apply_action(action)
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rand() * len(legal))])
        return time.process_time() - start

    return run


def measure(
    label: str,
    timer: Callable[[int, int], float],
    count: int,
    rounds: int,
    lean: ModuleType,
) -> tuple[str, float, float]:
    """``(label, best rate, median ratio to the lean loop)`` over alternating rounds."""
    rates: list[float] = []
    ratios: list[float] = []
    rng = random.Random(1)
    for seed in range(1, rounds + 1):
        ours = count / timer(count, seed)
        start = time.process_time()
        for _ in range(count):
            lean.playout(rng)
        ref = count / (time.process_time() - start)
        rates.append(ours)
        ratios.append(ours / ref)
    return label, max(rates), statistics.median(ratios)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1500, help="deals per round and line")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds per line")
    parser.add_argument("--lean", type=Path, default=LEAN, help="another lean loop module")
    parser.add_argument("--quick", action="store_true", help="one full-deal line only")
    args = parser.parse_args(argv)
    if not args.lean.exists():
        print(f"lean reference not found at {args.lean}", file=sys.stderr)
        return 1
    lean = load_lean(args.lean)
    build = "compiled" if getattr(tysiac, "COMPILED", False) else "pure Python"
    print(f"tysiac {tysiac.__version__}, {build} build; Python {sys.version.split()[0]}")
    print(f"lean loop: {args.lean}; {args.deals} per round, {args.rounds} rounds")
    lines: list[tuple[str, float, float]] = []
    for label, preset, players in FULL_DEALS[: 1 if args.quick else None]:
        lines.append(measure(label, deal_timer(preset, players), args.deals, args.rounds, lean))
    if not args.quick:
        for preset in ("app", "pl"):
            for tricks, where in ((0, "start of play"), (3, "trick 4")):
                timer = rollout_timer(positions(preset, tricks, 200))
                label = f"rollout from {where}, {preset}"
                lines.append(measure(label, timer, args.deals, args.rounds, lean))
        for name in ("skat", "hearts"):
            spiel = openspiel_episodes(name)
            if spiel is None:
                print(f"(open_spiel is not installed: no {name} line)")
                continue
            lines.append(measure(f"OpenSpiel {name} episode", spiel, args.deals, args.rounds, lean))
    width = max(len(label) for label, _, _ in lines)
    for label, rate, ratio in lines:
        print(f"{label:<{width}}  {rate:9.0f} /s  {1e6 / rate:7.1f} us  ratio to lean {ratio:6.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
