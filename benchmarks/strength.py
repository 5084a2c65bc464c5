"""How strong the bots are: duplicate matches with 95% intervals.

Usage::

    python benchmarks/strength.py heuristic-random [--deals N] [--games N] [--preset P]
    python benchmarks/strength.py heuristic-legacy [...]
    python benchmarks/strength.py legacy-random [...]
    python benchmarks/strength.py search-heuristic [--deals N] [--games N] [--iterations K]
        [--playout fast|heuristic|random] [--progress N]
    python benchmarks/strength.py search-curve [--deals N] [--curve 10,25,50,100]
    python benchmarks/strength.py pimc-heuristic [--deals N] [--worlds K] [--preset P]
        [--players N]
    python benchmarks/strength.py pimc-search [--deals N] [--worlds K]
    python benchmarks/strength.py peek-heuristic [--deals N] [--peek all|auction|before|play]

``--progress N`` prints the running figure to stderr every N deals (and after every game).
The search and PIMC matches also print the CPU time of the hero's decisions (those with
more than one legal move): mean, 99th percentile and maximum.  Every match prints the
contracts the hero chose itself (won with a bid above the forced opening bid) and how many
it made.

``peek-heuristic`` is a yardstick, not a player: a PIMCBot shown the real deal (its one
world is the true state) in every phase, in the auction only, before the trick play only
(the auction, the musik, the gives and the contract) or in the trick play only
(``--peek``), against two HeuristicBots.  What it scores above PIMCBot is what the cards a
seat cannot see are worth to that way of deciding.

A *duplicate* match replays the same deal once with the tested bot (the hero) in every seat
and the opponents' bot in the others, so that the luck of the cards cancels out.  For each
deal the benchmark records the hero's score minus the mean score of the other seats, averaged
over the seats the hero took, and prints the mean of that difference over the deals with a
95% interval (mean ± 1.96 standard errors), the hero's contracts made and failed, and the
opponents' for comparison.  With ``--games`` it also plays whole games, the hero rotating
over the seats with the same seeds, and prints the hero's win rate (par is one in the
number of players).

This is a benchmark, not a test: the figures it prints are recorded in the docs (the bots
page, "Strength").  It runs serially on one core.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from legacy_greedy import LegacyGreedyBot  # (the yardstick beside this script)
from tysiac import (
    DealResult,
    Move,
    Outcome,
    Phase,
    Rules,
    State,
    View,
    apply,
    new_game,
    observe,
)
from tysiac.bots import Bot, HeuristicBot, PIMCBot, RandomBot, SearchBot, play_game

BotFactory = Callable[[int], Bot]


@dataclass
class Tally:
    """What one side did over a match."""

    made: int = 0
    failed: int = 0
    bombs: int = 0
    declared: int = 0
    chosen_made: int = 0  # won with a bid above the forced opening bid, and made
    chosen_failed: int = 0
    diffs: list[float] = field(default_factory=list)

    def add_row(self, state_row: DealResult, seat: int, chosen: bool = False) -> None:
        """Count the deal ``state_row`` if ``seat`` declared it (``chosen``: with a bid above
        the forced opening bid)."""
        if state_row.declarer != seat:
            return
        self.declared += 1
        if state_row.outcome is Outcome.BOMBED:
            self.bombs += 1
        elif state_row.made is True:
            self.made += 1
            self.chosen_made += chosen
        elif state_row.made is False:
            self.failed += 1
            self.chosen_failed += chosen


class Timed:
    """A bot that records the CPU time of each of its decisions (with more than one move)."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot = bot
        self.times = times

    def choose(self, view: View) -> Move:
        """The wrapped bot's move, timed."""
        start = time.process_time()
        move = self.bot.choose(view)
        if len(view.legal_moves) > 1:
            self.times.append(time.process_time() - start)
        return move


class Peeking(PIMCBot):
    """A PIMCBot whose one world is the real deal in the phases ``peek`` names ("all",
    "auction", "before": before the trick play, "play": in it): the benchmark's yardstick,
    given the state through ``truth`` (which :func:`play_deal` keeps current)."""

    def __init__(self, truth: list[State], peek: str, seed: int) -> None:
        super().__init__(seed=seed)
        self.truth = truth
        self.peek = peek

    def _worlds(self, view: View) -> list[State]:
        phase = view.phase
        if (
            self.peek == "all"
            or (self.peek == "auction" and phase is Phase.AUCTION)
            or (self.peek == "before" and phase is not Phase.PLAY)
            or (self.peek == "play" and phase is Phase.PLAY)
        ):
            return [self.truth[0]]
        return super()._worlds(view)


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% interval."""
    if len(values) < 2:
        return (values[0] if values else 0.0), math.inf
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def play_deal(
    rules: Rules, seed: int, bots: Sequence[Bot], truth: list[State] | None = None
) -> tuple[State, int]:
    """Play the first deal of game ``seed`` (and its redeals) to its score; also the bid
    that won the auction (0: none).  ``truth``, if given, holds the state before each move
    (for :class:`Peeking`)."""
    state = new_game(rules, seed=seed)
    bid = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        if truth is not None:
            truth[:] = [state]
        state = apply(state, bots[seat].choose(observe(state, seat)))
        if state.declarer is not None:
            bid = state.bid
        if state.sheet and state.sheet[-1].outcome is not Outcome.REDEALT:
            break
        if len(state.sheet) >= 6:
            break
    return state, bid


def duplicate(
    rules: Rules,
    hero: BotFactory,
    other: BotFactory,
    deals: int,
    first: int = 0,
    progress: int = 0,
    truth: list[State] | None = None,
) -> tuple[Tally, Tally]:
    """A duplicate match of ``deals`` deals: the hero in each seat in turn (with
    ``progress``, the running figure on stderr every ``progress`` deals; ``truth``: see
    :func:`play_deal`)."""
    n = rules.players
    mine, theirs = Tally(), Tally()
    for d in range(first, first + deals):
        diffs = []
        for seat in range(n):
            bots = [hero(d * 7 + s) if s == seat else other(d * 7 + s) for s in range(n)]
            state, bid = play_deal(rules, d, bots, truth)
            row = state.sheet[-1]
            chosen = bid > rules.opening_bid
            others = [row.deltas[s] for s in range(n) if s != seat]
            diffs.append(row.deltas[seat] - statistics.fmean(others))
            mine.add_row(row, seat, chosen)
            for s in range(n):
                if s != seat:
                    theirs.add_row(row, s, chosen)
        mine.diffs.append(statistics.fmean(diffs))
        if progress and len(mine.diffs) % progress == 0:
            mean, half = interval(mine.diffs)
            print(f"  [{len(mine.diffs)} deals: {mean:+.1f} ± {half:.1f}]", file=sys.stderr)
    return mine, theirs


def games(
    rules: Rules, hero: BotFactory, other: BotFactory, count: int, progress: int = 0
) -> list[float]:
    """Whole games, the hero rotating over the seats on the same seeds: 1 per win."""
    n = rules.players
    wins: list[float] = []
    for g in range(count):
        for seat in range(n):
            bots = [hero(g * 7 + s) if s == seat else other(g * 7 + s) for s in range(n)]
            final = play_game(rules, bots, seed=10_000 + g)
            wins.append(1.0 if final.winner == seat else 0.0)
        if progress:
            print(f"  [{g + 1} games per seat: won {int(sum(wins))}]", file=sys.stderr)
    return wins


def report(name: str, rules: Rules, mine: Tally, theirs: Tally, seconds: float) -> str:
    """The lines of a duplicate match's report."""
    mean, half = interval(mine.diffs)

    def rate(t: Tally) -> str:
        played = t.made + t.failed
        failed = t.failed / played if played else 0.0
        chosen = t.chosen_made + t.chosen_failed
        made = t.chosen_made / chosen if chosen else 0.0
        return (
            f"declared {t.declared}, made {t.made}, failed {t.failed} "
            f"({failed:.0%} of played), bombs {t.bombs}; chosen (bid above the opening) "
            f"{chosen}, made {t.chosen_made} ({made:.0%})"
        )

    return "\n".join(
        [
            f"{name}: {len(mine.diffs)} deals x {rules.players} seats, preset "
            f"{rules.name}, {rules.layout!r}, {seconds:.0f} s",
            f"  hero score per deal minus the others' mean: {mean:+.1f} ± {half:.1f} (95%)",
            f"  hero:      {rate(mine)}",
            f"  opponents: {rate(theirs)}",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    """Run one match from the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "match",
        choices=[
            "heuristic-random",
            "heuristic-legacy",
            "legacy-random",
            "search-heuristic",
            "search-curve",
            "pimc-heuristic",
            "pimc-search",
            "peek-heuristic",
        ],
        help="who plays whom",
    )
    parser.add_argument("--deals", type=int, default=200, help="deals of the duplicate match")
    parser.add_argument("--games", type=int, default=0, help="whole games per seat (default 0)")
    parser.add_argument("--preset", default="app", help="rules preset (default app)")
    parser.add_argument("--players", type=int, default=None, help="player count")
    parser.add_argument("--first", type=int, default=0, help="the first deal seed")
    parser.add_argument(
        "--progress", type=int, default=0, help="running figures on stderr every N deals/games"
    )
    parser.add_argument(
        "--iterations", type=int, default=None, help="SearchBot's budget (default its own)"
    )
    parser.add_argument(
        "--playout", choices=["fast", "heuristic", "random"], default="fast", help="SearchBot's"
    )
    parser.add_argument(
        "--curve", default="10,25,50,100", help="search-curve: the iteration budgets"
    )
    parser.add_argument("--worlds", type=int, default=None, help="PIMCBot's budget")
    parser.add_argument(
        "--peek",
        choices=["all", "auction", "before", "play"],
        default="all",
        help="peek-heuristic: the phases in which the hero sees the real deal",
    )
    args = parser.parse_args(argv)
    changes: dict[str, object] = {}
    if args.players is not None:
        changes["players"] = args.players
    rules = Rules.preset(args.preset, **changes)
    budget: dict[str, int] = {} if args.iterations is None else {"iterations": args.iterations}
    worlds: dict[str, int] = {} if args.worlds is None else {"worlds": args.worlds}
    factories: dict[str, BotFactory] = {
        "heuristic": lambda s: HeuristicBot(seed=s),
        "legacy": lambda s: LegacyGreedyBot(seed=s),
        "random": lambda s: RandomBot(seed=s),
        "search": lambda s: SearchBot(seed=s, playout=args.playout, **budget),
        "pimc": lambda s: PIMCBot(seed=s, **worlds),
    }
    truth: list[State] = []
    factories["peek"] = lambda s: Peeking(truth, args.peek, seed=s)
    if args.match == "search-curve":
        for k in [int(x) for x in args.curve.split(",")]:
            start = time.process_time()

            def searcher(seed: int, k: int = k) -> Bot:
                return SearchBot(iterations=k, seed=seed, playout=args.playout)

            mine, theirs = duplicate(
                rules,
                searcher,
                factories["heuristic"],
                args.deals,
                args.first,
                args.progress,
            )
            print(
                report(f"search({k})-heuristic", rules, mine, theirs, time.process_time() - start)
            )
            sys.stdout.flush()
        return 0
    hero_name, other_name = args.match.split("-")
    if hero_name == "peek" and args.games:
        parser.error("peek-heuristic plays no whole games (it is shown each deal's state)")
    times: list[float] = []
    hero, other = factories[hero_name], factories[other_name]
    if hero_name in ("search", "pimc", "peek"):
        plain = hero

        def hero(seed: int) -> Bot:
            return Timed(plain(seed), times)

    start = time.process_time()
    peeking = truth if hero_name == "peek" else None
    mine, theirs = duplicate(rules, hero, other, args.deals, args.first, args.progress, peeking)
    name = args.match if hero_name != "peek" else f"{args.match} (--peek {args.peek})"
    print(report(name, rules, mine, theirs, time.process_time() - start))
    if times:
        times.sort()
        print(
            f"  hero decisions: {len(times)}, CPU time mean {statistics.fmean(times):.3f} s, "
            f"99th percentile {times[int(0.99 * (len(times) - 1))]:.3f} s, max {times[-1]:.3f} s"
        )
    if args.games:
        start = time.process_time()
        wins = games(rules, hero, other, args.games, args.progress)
        mean, half = interval(wins)
        print(
            f"  whole games: hero won {int(sum(wins))} of {len(wins)}: "
            f"{mean:.2f} ± {half:.2f} (par {1 / rules.players:.2f}), "
            f"{time.process_time() - start:.0f} s"
        )
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
