"""Where a full random deal's time goes, phase by phase, beside the lean loop.

Usage::

    python benchmarks/phases.py [DEALS] [--preset NAME] [--players N] [--rounds R]
                                [--lean PATH]

Plays ``DEALS`` random deals (default 2000) through ``legal_moves``/``apply`` as
``speed.py`` does and records every position with the move played there.  Then, for
``--rounds`` rounds (default 5), alternating with the lean reference loop (``lean_playout.py``
beside this file, or ``--lean PATH``), it times:

- each group of positions replayed in a loop of its own: ``apply`` of the recorded move, and
  ``legal_moves``, per phase (the trick play split into the cards that close a trick and the
  others; ``end`` is the move that ends a deal, which scores it and deals the next one);
- the whole loop of ``speed.py`` over the same deals;
- a *skeleton* of that loop that plays no rule: per recorded move only the loop's own random
  choice, a call shaped like ``legal_moves`` and a call shaped like ``apply`` that unpacks
  the engine's compact form of the state and makes a new one and a new ``State`` (the
  engine's private constructors), which is what the immutable API costs before any rule.

Each figure is printed in microseconds per deal and in *units* of one lean deal (the median
of the rounds), with the ratio of the whole loop to the lean loop.  CPU time of this process
(``time.process_time``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import tysiac
from speed import full_deals, load_lean  # (the script beside this one)
from tysiac import Move, Phase, Rules, State, apply, legal_moves, new_game
from tysiac._engine.core import Core, make_core
from tysiac._engine.state import NATIVE, new_object, new_state, set_core

#: The lean reference loop shipped beside this script.
LEAN = Path(__file__).resolve().with_name("lean_playout.py")

#: ``(state, move, legal moves)`` of one recorded position.
Position = tuple[State, Move, tuple[Move, ...]]


def record(rules: Rules, deals: int, seed: int = 1) -> list[Position]:
    """Every position of ``deals`` random deals with the move played there (games restart)."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    out: list[Position] = []
    done = 0
    number = state.deal_number
    while done < deals:
        legal = legal_moves(state)
        if not legal:
            done += 1
            state = new_game(rules, seed=seed + done)
            number = state.deal_number
            continue
        move = legal[int(rng.random() * len(legal))]
        out.append((state, move, legal))
        state = apply(state, move)
        if state.deal_number != number:
            done += 1
            number = state.deal_number
    return out


def groups(positions: list[Position], rules: Rules) -> dict[str, list[Position]]:
    """The positions by phase: ``end`` for a deal's last move, the trick play split into
    the cards that close a trick (``play, closing``) and the others."""
    active = rules._play.active
    out: dict[str, list[Position]] = {}
    for i, position in enumerate(positions):
        state = position[0]
        after = positions[i + 1][0] if i + 1 < len(positions) else None
        if after is None or after.deal_number != state.deal_number:
            key = "end"
        elif state.phase is Phase.PLAY and len(state.trick) == active - 1:
            key = "play, closing"
        else:
            key = state.phase.value
        out.setdefault(key, []).append(position)
    return out


def _skeleton_apply(state: State, move: Move) -> State:
    """What ``apply`` costs before any rule: unpack the compact form, make a new one and a
    new ``State`` (as the engine's hot path makes them)."""
    if type(state) is not State:
        raise TypeError(state)
    (a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q) = state._c
    core = make_core(Core, (a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q))
    if NATIVE:
        return new_state(core)
    out = new_object(State)
    set_core(out, core)
    return out


def _skeleton_legal(state: State) -> int:
    """What ``legal_moves`` costs before any rule: the check and one read of the state."""
    if type(state) is not State:
        raise TypeError(state)
    return state._c.play_mask


def skeleton(positions: list[Position]) -> float:
    """Seconds for the benchmark loop's skeleton over ``positions`` (no rule played)."""
    rng = random.Random(1)
    number = 0
    start = time.process_time()
    for state, _, legal in positions:
        _skeleton_legal(state)
        move = legal[int(rng.random() * len(legal))]
        _skeleton_apply(state, move)
        if state.deal_number != number:
            number = state.deal_number
    return time.process_time() - start


def replay_apply(positions: list[Position]) -> float:
    """Seconds for ``apply`` of each recorded move."""
    start = time.process_time()
    for state, move, _ in positions:
        apply(state, move)
    return time.process_time() - start


def replay_legal(positions: list[Position]) -> float:
    """Seconds for ``legal_moves`` of each recorded position."""
    start = time.process_time()
    for state, _, _ in positions:
        legal_moves(state)
    return time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", type=int, nargs="?", default=2000, help="deals to record")
    parser.add_argument("--preset", default="app", help="the rules' preset")
    parser.add_argument("--players", type=int, default=3, help="2, 3 or 4")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds")
    parser.add_argument("--lean", type=Path, default=LEAN, help="another lean loop module")
    args = parser.parse_args(argv)
    if not args.lean.exists():
        print(f"lean reference not found at {args.lean}", file=sys.stderr)
        return 1
    lean = load_lean(args.lean)
    rules = Rules.preset(args.preset, players=args.players)
    deals = args.deals
    positions = record(rules, deals)
    by_phase = groups(positions, rules)
    lean_times: list[float] = []
    timings: dict[str, list[float]] = {}

    def timed(label: str, run: Callable[[], float]) -> None:
        timings.setdefault(label, []).append(run())

    rng = random.Random(1)
    for _ in range(args.rounds):
        start = time.process_time()
        for _ in range(deals):
            lean.playout(rng)
        lean_times.append(time.process_time() - start)
        timed("the whole loop", partial(full_deals, rules, deals, 1))
        timed("its skeleton (no rule)", partial(skeleton, positions))
        for key, group in by_phase.items():
            timed(f"{key}: apply", partial(replay_apply, group))
            timed(f"{key}: legal_moves", partial(replay_legal, group))
    unit = statistics.median(lean_times) / deals
    build = "compiled" if tysiac.COMPILED else "pure Python"
    print(f"tysiac {tysiac.__version__}, {build} build; {args.preset!r}, {args.players} players")
    print(f"lean loop: {args.lean}; one lean deal = 1 unit = {unit * 1e6:.1f} us")
    print(f"{deals} deals, {len(positions) / deals:.1f} moves a deal, {args.rounds} rounds")
    width = max(len(label) for label in timings)
    phases = 0.0
    for label, times in timings.items():
        per_deal = statistics.median(times) / deals
        if ":" in label:
            phases += per_deal
        print(f"{label:<{width}}  {per_deal * 1e6:8.1f} us a deal  {per_deal / unit:6.3f} units")
    together = "the phases together"
    print(f"{together:<{width}}  {phases * 1e6:8.1f} us a deal  {phases / unit:6.3f} units")
    whole = statistics.median(timings["the whole loop"]) / deals
    print(f"ratio of the whole loop to the lean loop: {unit / whole:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
