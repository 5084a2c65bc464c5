"""Speed of ``to_json`` and ``from_json`` on long records, in megabytes per second.

Plays long games (random moves, so the deals are short and many: the densest records; and
cautious ones, whose deals are played out), writes each with ``to_json`` and reads it back
with ``from_json`` (which replays every move), and reports the CPU time of both and the rate
of loading, which is what the default ``max_size`` of ``from_json`` is set from (see the
JSON page, "Untrusted input").  Last, the time to refuse junk of the same size (a list of
ints, and a record whose deals are empty objects): it does not grow with the size.

    python benchmarks/json_load.py [--deals N] [--rounds R]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

from tysiac import LoadError, Phase, Rules, State, apply, from_json, legal_moves, new_game, to_json
from tysiac._records.jsonform import DEFAULT_MAX_SIZE


def game(rules: Rules, deals: int, seed: int, cautious: bool) -> State:
    """A game of ``deals`` deals (or fewer, if it ends): random or cautious moves."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.deal_number <= deals and not state.is_over:
        moves = legal_moves(state)
        if cautious and state.phase in (Phase.AUCTION, Phase.CONTRACT):
            state = apply(state, moves[0])
        else:
            state = apply(state, rng.choice(moves))
    return state


def cpu(call: Callable[[], object]) -> float:
    """The CPU time of ``call()`` (``time.thread_time``: a shared machine's waits excluded)."""
    t = time.thread_time()
    call()
    return time.thread_time() - t


def refuse(text: str) -> float:
    def load() -> None:
        try:
            from_json(text, max_size=len(text))
        except LoadError:
            return
        raise AssertionError("junk loaded")

    return cpu(load)


def main(argv: list[str] | None = None) -> int:
    """Measure and print one line per kind of game, then the junk lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000, help="deals per game (3000)")
    parser.add_argument("--rounds", type=int, default=3, help="timed runs of each (3)")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.rounds < 1:
        parser.error("--deals and --rounds must be at least 1")
    print(f"{'game':34} {'MB':>6} {'to_json s':>10} {'from_json s':>12} {'load MB/s':>10}")
    slowest = float("inf")
    kinds = [
        ("app, 3 players, random moves", Rules(), False),
        ("app, 3 players, cautious", Rules(target=100_000), True),
        ("pl, 4 players, random moves", Rules.preset("pl", players=4), False),
        ("ru, 2 players, random moves", Rules.preset("ru", players=2), False),
    ]
    text = ""
    for label, rules, cautious in kinds:
        state = game(rules, args.deals, 7, cautious)
        text = to_json(state)
        writes = [cpu(partial(to_json, state)) for _ in range(args.rounds)]
        reads = [cpu(partial(from_json, text, max_size=len(text))) for _ in range(args.rounds)]
        rate = len(text) / statistics.median(reads) / 1e6
        slowest = min(slowest, rate)
        print(
            f"{label:34} {len(text) / 1e6:6.2f} {statistics.median(writes):10.3f} "
            f"{statistics.median(reads):12.3f} {rate:10.2f}"
        )
    print(
        f"default max_size {DEFAULT_MAX_SIZE:,} characters: at most "
        f"{DEFAULT_MAX_SIZE / slowest / 1e6:.2f} s of loading at the slowest rate above"
    )
    size = len(text)
    ints = json.dumps(list(range(size // 8)))
    print(f"refusing a list of ints ({len(ints) / 1e6:.1f} MB): {refuse(ints):.4f} s")
    head = text[: text.index('"deals":') + len('"deals":')]
    empties = head + "[" + ",".join(["{}"] * (size // 3)) + "]}"
    print(
        f"refusing a record of empty deals ({len(empties) / 1e6:.1f} MB): {refuse(empties):.4f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
