"""What servers and learning agents call after every move, as ratios to ``apply``.

Usage::

    python benchmarks/views.py [--states N] [--rounds R] [--steps N] [--iterations K] [--quick]

In one process it measures:

- over the states of random games of every preset and layout (``--states``, 4,500 by
  default, as many for each preset and layout; each state with the random legal move played
  from it), the cost of ``observe(state, state.to_move)``, of ``features(view)`` and
  ``action_mask(view)`` on those views, of the knowledge scan (``view.possible``, asked of
  those views), and of ``new_game(rules, seed=...)``, each as a
  ratio to ``apply`` of those moves on those states (rounds alternate; the median of the
  per-round ratios);
- a server loop that sends every seat its view after every move (``docs/howto/serve.md``'s
  loop, observing every seat, checking the move against the mover's view, applying it),
  per move, as a ratio to ``apply``;
- ``SearchBot``'s CPU time per tree iteration (``--iterations`` per decision) over views of
  3-player "app" deals;
- the PettingZoo environment (``tysiac.contrib.pettingzoo.env``), stepped with uniformly
  random legal actions (episodes of one deal), in steps per second, beside PettingZoo's
  ``leduc_holdem_v4`` and ``texas_holdem_v4`` stepped the same way in the same rounds; the
  ratios are tysiac's rate over theirs.  It needs ``pip install "tysiac[pettingzoo]"
  "pettingzoo[classic]"`` (the classic extra installs ``rlcard``, ``chess`` and
  ``pygame``, among others); without them the line says so and is skipped.

The first line says which build ran (``tysiac.COMPILED``).  Times are CPU times of this
process (``time.process_time``).  Compare ratios taken in one run, not times from different
runs.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any

import tysiac
from tysiac import (
    Layout,
    Move,
    Rules,
    State,
    View,
    apply,
    legal_moves,
    new_game,
    observe,
)
from tysiac.bots import SearchBot
from tysiac.encoding import action_mask, features

PRESETS = ("app", "pl", "ro", "ru")


def every_rules() -> list[Rules]:
    """Every preset with every layout."""
    out = []
    for preset in PRESETS:
        for layout in Layout:
            out.append(Rules.preset(preset, layout=layout, players=layout.players))
    return out


def positions(count: int, seed: int = 1) -> list[tuple[State, Move]]:
    """``count`` states of random games, as many of each preset and layout, each with the
    random legal move played from it (a game that ends starts again with a new seed)."""
    rng = random.Random(seed)
    all_rules = every_rules()
    per = -(-count // len(all_rules))
    out: list[tuple[State, Move]] = []
    for i, rules in enumerate(all_rules):
        state = new_game(rules, seed=seed * 1000 + i)
        taken = 0
        while taken < per and len(out) < count:
            moves = legal_moves(state)
            if not moves:
                state = new_game(rules, seed=rng.randrange(2**32))
                continue
            move = moves[int(rng.random() * len(moves))]
            out.append((state, move))
            taken += 1
            state = apply(state, move)
    return out


def timed(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def ratios(
    lines: Mapping[str, Callable[[], object]], base: Callable[[], object], rounds: int
) -> dict[str, tuple[float, float]]:
    """Per line: the median ratio of its time to ``base``'s over ``rounds`` alternating
    rounds, and its fastest round's time."""
    per: dict[str, list[float]] = {name: [] for name in lines}
    best: dict[str, float] = dict.fromkeys(lines, float("inf"))
    for _ in range(rounds):
        for name, fn in lines.items():
            t_base = timed(base)
            t = timed(fn)
            per[name].append(t / t_base)
            best[name] = min(best[name], t)
    return {name: (statistics.median(per[name]), best[name]) for name in lines}


def engine_lines(count: int, rounds: int) -> list[tuple[str, float, float]]:
    """``(label, ratio to apply, µs per call)`` of the per-state lines."""
    pairs = positions(count)
    states = [s for s, _ in pairs]
    views = [observe(s, s.to_move) for s in states if s.to_move is not None]
    rules_seeds = [(s.rules, i) for i, s in enumerate(states)]

    def do_apply() -> None:
        for s, m in pairs:
            apply(s, m)

    def do_observe() -> None:
        for s in states:
            observe(s, s.to_move)  # type: ignore[arg-type]

    def do_features() -> None:
        for v in views:
            features(v)

    def do_mask() -> None:
        for v in views:
            action_mask(v)

    def do_knowledge() -> None:
        for v in views:
            v.possible  # noqa: B018  (the knowledge scan, asked of the view)

    def do_new_game() -> None:
        for rules, seed in rules_seeds:
            new_game(rules, seed=seed)

    def do_serve() -> None:
        for s, m in pairs:
            n = s.rules.players
            sent = [observe(s, seat) for seat in range(n)]
            if m not in sent[s.to_move].legal_moves:  # type: ignore[index]
                raise AssertionError(m)
            apply(s, m)

    lines = {
        "observe(state, seat to move)": do_observe,
        "features(view)": do_features,
        "action_mask(view)": do_mask,
        "view.possible (the knowledge scan)": do_knowledge,
        "new_game(rules, seed=...)": do_new_game,
        "server loop: every seat's view, check, apply": do_serve,
    }
    result = ratios(lines, do_apply, rounds)
    out = []
    for name, (ratio, best) in result.items():
        calls = len(pairs) if name.startswith(("observe", "new_game", "server")) else len(views)
        out.append((name, ratio, best / calls * 1e6))
    return out


def search_line(decisions: int, iterations: int) -> tuple[float, float]:
    """SearchBot's µs per tree iteration, and its ratio to one ``apply`` of a card."""
    rng = random.Random(5)
    views: list[View] = []
    state = new_game(Rules(), seed=5)
    while len(views) < decisions:
        moves = legal_moves(state)
        if not moves:
            state = new_game(Rules(), seed=rng.randrange(2**32))
            continue
        if len(moves) > 1 and state.to_move is not None:
            views.append(observe(state, state.to_move))
        state = apply(state, moves[int(rng.random() * len(moves))])
    bot = SearchBot(iterations=iterations, seed=1)
    plays = [(s, m) for s, m in positions(600) if type(m).__name__ == "Play"]
    t_apply = min(timed(lambda: [apply(s, m) for s, m in plays]) for _ in range(3))
    t = timed(lambda: [bot.choose(v) for v in views])
    per = t / (len(views) * iterations)
    return per * 1e6, per / (t_apply / len(plays))


def random_steps(env: Any, steps: int, seed: int) -> int:
    """Step ``env`` with uniformly random legal actions for ``steps`` steps (resetting at the
    end of each episode); returns the steps made."""
    np = importlib.import_module("numpy")
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    done = 0
    episode = 0
    while done < steps:
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                action = None
            else:
                legal = np.flatnonzero(observation["action_mask"])
                action = int(legal[rng.integers(len(legal))])
            env.step(action)
            done += 1
            if done >= steps:
                break
            del agent
        episode += 1
        env.reset(seed=seed + episode)
    return done


def pettingzoo_lines(steps: int, rounds: int) -> list[tuple[str, float, float]] | str:
    """``(label, tysiac's rate over theirs, tysiac's steps/s)``, or why it was skipped."""
    try:
        leduc = importlib.import_module("pettingzoo.classic.leduc_holdem_v4")
        texas = importlib.import_module("pettingzoo.classic.texas_holdem_v4")
        tz = importlib.import_module("tysiac.contrib.pettingzoo")
    except ImportError as exc:
        return f"skipped: {exc} (pip install 'tysiac[pettingzoo]' 'pettingzoo[classic]')"
    envs = {
        "tysiac": tz.env(),
        "leduc_holdem_v4": leduc.env(),
        "texas_holdem_v4": texas.env(),
    }
    rates: dict[str, list[float]] = {name: [] for name in envs}
    for r in range(rounds):
        for name, env in envs.items():
            start = time.process_time()
            made = random_steps(env, steps, seed=r * 7919 + 1)
            rates[name].append(made / (time.process_time() - start))
    out = []
    ours = rates["tysiac"]
    for name in ("leduc_holdem_v4", "texas_holdem_v4"):
        ratio = statistics.median(a / b for a, b in zip(ours, rates[name], strict=True))
        out.append((f"PettingZoo steps/s, tysiac / {name}", ratio, max(ours)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=4500)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--steps", type=int, default=20000, help="PettingZoo steps per round")
    parser.add_argument("--decisions", type=int, default=20, help="SearchBot decisions")
    parser.add_argument("--iterations", type=int, default=100, help="per SearchBot decision")
    parser.add_argument("--quick", action="store_true", help="tiny sizes: checks that it runs")
    args = parser.parse_args(argv)
    if args.quick:
        args.states, args.rounds, args.steps, args.decisions, args.iterations = 64, 1, 200, 2, 5
    build = "compiled" if tysiac.COMPILED else "pure Python"
    print(f"tysiac {tysiac.__version__} ({build}), Python {sys.version.split()[0]}")
    print(f"{args.states} states of every preset and layout, {args.rounds} rounds")
    for label, ratio, micros in engine_lines(args.states, args.rounds):
        print(f"{label:48} {ratio:6.2f} x apply  ({micros:7.1f} µs)")
    micros, ratio = search_line(args.decisions, args.iterations)
    print(
        f"{'SearchBot, one tree iteration':48} {ratio:6.2f} x apply of a card  ({micros:7.1f} µs)"
    )
    zoo = pettingzoo_lines(args.steps, args.rounds)
    if isinstance(zoo, str):
        print(f"PettingZoo: {zoo}")
    else:
        for label, ratio, rate in zoo:
            print(f"{label:48} {ratio:6.2f}  (tysiac {rate:,.0f} steps/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
