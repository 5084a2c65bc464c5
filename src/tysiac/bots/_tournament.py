""":func:`tournament`: many seeded games among bots, on any :class:`concurrent.futures.Executor`.

Every game is fixed by its seed and by the bots as they were handed in, so a tournament
gives the same table whether its games run in this process, on a process pool, or on a
cluster's executor (Dask's ``client.get_executor()``).
"""

from __future__ import annotations

import math
import os
import pickle
import statistics
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import NamedTuple, TextIO

import attrs

from .._engine.api import apply, new_game
from .._engine.results import Outcome
from .._errors import (
    ArgumentTypeError,
    InvalidDealError,
    InvalidRulesError,
    NotABotError,
    brief,
)
from .._info.observe import observe
from .._rules.rules import Rules
from ._play_game import check_bots
from ._protocol import Bot

__all__ = ["BotResult", "Estimate", "TournamentResult", "default_names", "tournament"]

_MASK64 = (1 << 64) - 1
_Z95 = 1.959963984540054


@attrs.frozen(slots=True)
class Estimate:
    """A mean over the games with its 95% interval.

    Attributes:
        mean: the mean.
        low: the lower end of the 95% interval.
        high: the upper end of the 95% interval.
    """

    mean: float
    low: float
    high: float

    def __str__(self) -> str:
        half = (self.high - self.low) / 2
        if self.mean == 0 and half == 0:
            return "0"
        width = 2 if abs(self.mean) < 10 else 1 if abs(self.mean) < 100 else 0
        return f"{self.mean:.{width}f} ± {half:.{width}f}"


def _normal(values: Sequence[float]) -> Estimate:
    """Mean ± 1.96 standard errors (normal approximation)."""
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    if n < 2:
        return Estimate(mean, -math.inf if n else 0.0, math.inf if n else 0.0)
    half = _Z95 * statistics.stdev(values) / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half)


def _wilson(successes: int, n: int) -> Estimate:
    """A proportion with its Wilson score interval."""
    if n == 0:
        return Estimate(0.0, 0.0, 1.0)
    p = successes / n
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen(slots=True)
class BotResult:
    """One bot's line of a tournament table: per game, with 95% intervals.

    Attributes:
        name: the bot's name: its class name unless names were given (see
            :func:`tournament`).
        games: the games it played.
        wins: the share of the games it won (Wilson interval).
        score: its mean final score.
        made: contracts it made, per game.
        failed: contracts it failed, per game.
        bombs: bombs it threw, per game.
    """

    name: str
    games: int
    wins: Estimate
    score: Estimate
    made: Estimate
    failed: Estimate
    bombs: Estimate


@attrs.frozen(slots=True)
class TournamentResult:
    """The table of a :func:`tournament`: one :class:`BotResult` per bot.

    Attributes:
        rules: the rules played.
        games: the number of games.
        seed: the tournament's seed.
        unfinished: games stopped by ``max_deals`` without a winner.
        rows: one row per bot, in the order the bots were given.
    """

    rules: Rules
    games: int
    seed: int
    unfinished: int
    rows: tuple[BotResult, ...]

    def table(self) -> str:
        """The results as an aligned text table."""
        head = ["bot", "won", "score", "made", "failed", "bombs"]
        lines = [head]
        for r in self.rows:
            won = f"{r.wins.mean:.1%} ({r.wins.low:.1%}-{r.wins.high:.1%})"
            lines.append([r.name, won, str(r.score), str(r.made), str(r.failed), str(r.bombs)])
        widths = [max(len(row[i]) for row in lines) for i in range(len(head))]
        out = [
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            ).rstrip()
            for row in lines
        ]
        note = f"{self.games} games, seed {self.seed}; per game, with 95% intervals"
        if self.unfinished:
            note += f"; {self.unfinished} stopped without a winner"
        return "\n".join([*out, note])

    def __str__(self) -> str:
        return self.table()


class _Game(NamedTuple):
    """What one game did, per bot index (plain values, cheap to send between processes)."""

    won: tuple[bool, ...]
    score: tuple[int, ...]
    made: tuple[int, ...]
    failed: tuple[int, ...]
    bombs: tuple[int, ...]
    finished: bool


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` of a tournament seeded ``seed``."""
    return (seed * 0x9E3779B97F4A7C15 + game) & _MASK64


def _play_one(rules: Rules, blob: bytes, seed: int, game: int, max_deals: int | None) -> _Game:
    bots: list[Bot] = pickle.loads(blob)  # fresh copies, as the bots were handed in
    n = len(bots)
    s = game_seed(seed, game)
    for index, bot in enumerate(bots):
        reseed = getattr(bot, "reseed", None)
        if callable(reseed):
            reseed((s * 8 + index) & _MASK64)
    # seat ``seat`` is played by bot ``(seat + game) % n``: every bot sits everywhere
    seated = [bots[(seat + game) % n] for seat in range(n)]
    state = new_game(rules, seed=s)
    limit = None if max_deals is None else max_deals + 1
    while not state.is_over and (limit is None or state.deal_number < limit):
        seat = state.to_move
        assert seat is not None
        state = apply(state, seated[seat].choose(observe(state, seat)))
    made, failed, bombs = [0] * n, [0] * n, [0] * n
    for row in state.sheet:
        if row.declarer is None:
            continue
        who = (row.declarer + game) % n
        if row.outcome is Outcome.BOMBED:
            bombs[who] += 1
        elif row.made is True:
            made[who] += 1
        elif row.made is False:
            failed[who] += 1
    won = [False] * n
    score = [0] * n
    for seat in range(n):
        who = (seat + game) % n
        # in partnerships the winner's partner wins with it
        won[who] = state.winner is not None and seat in (state.winner, rules.partner(state.winner))
        score[who] = state.scores[seat]
    return _Game(tuple(won), tuple(score), tuple(made), tuple(failed), tuple(bombs), state.is_over)


def _play_chunk(
    rules: Rules, blob: bytes, seed: int, games: range, max_deals: int | None
) -> list[_Game]:
    """Play the games ``games`` of the tournament (the unit of work sent to an executor)."""
    return [_play_one(rules, blob, seed, g, max_deals) for g in games]


def _chunks(games: int, size: int) -> Iterator[range]:
    for start in range(0, games, size):
        yield range(start, min(games, start + size))


class _Progress:
    def __init__(self, total: int, stream: TextIO | None) -> None:
        self.total = total
        self.stream = stream
        self.done = 0

    def advance(self, count: int) -> None:
        self.done += count
        if self.stream is None:
            return
        width = 30
        filled = width * self.done // max(1, self.total)
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} games"
        )
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def _check_int(name: str, value: object, low: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise InvalidDealError(f"{name}={brief(value)}: give an int, {low} or more")
    return value


def default_names(bots: Sequence[Bot]) -> list[str]:
    """The bots' names in a table when none are given: their class names, led by their
    places (``1:RandomBot``) when two bots share a class."""
    classes = [type(bot).__name__ for bot in bots]
    if len(set(classes)) == len(classes):
        return classes
    return [f"{i}:{name}" for i, name in enumerate(classes)]


def _cores() -> int:
    """The CPUs this process may run on (at least 1)."""
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13
    if callable(counter):
        found = counter()
        if isinstance(found, int) and found > 0:
            return found
    affinity = getattr(os, "sched_getaffinity", None)
    if callable(affinity):
        return max(1, len(affinity(0)))
    return max(1, os.cpu_count() or 1)


def _names(names: object, count: int) -> list[str]:
    if isinstance(names, str | bytes) or not isinstance(names, Sequence):
        raise InvalidDealError(f"names={brief(names)}: give a list of strings, one per bot")
    labels = list(names)
    for i, name in enumerate(labels):
        if not isinstance(name, str):
            raise InvalidDealError(f"names[{i}]={brief(name)}: a bot's name is a string")
    if len(labels) != count:
        raise InvalidDealError(f"{len(labels)} names for {count} bots: give one each")
    return labels


def _pickled(bots: list[Bot]) -> bytes:
    """The bots pickled once (every game plays fresh copies), or :class:`NotABotError`
    naming the first bot that does not survive a pickle round trip, and why."""
    try:
        blob = pickle.dumps(bots)
        pickle.loads(blob)
    except Exception:
        pass
    else:
        return blob
    for seat, bot in enumerate(bots):
        try:
            pickle.loads(pickle.dumps(bot))
        except Exception as exc:
            raise NotABotError(
                f"bots[{seat}]={brief(bot)} cannot be pickled ({type(exc).__name__}: "
                f"{brief(str(exc))}): a tournament plays fresh copies of the bots, so each "
                "must pickle (define its class at module level, not inside a function)"
            ) from None
    raise NotABotError(  # each pickles alone, but not together (a shared unpicklable part)
        f"bots={brief(bots)} cannot be pickled together: a tournament plays fresh copies of "
        "the bots, so the list must pickle"
    )


def tournament(
    bots: Sequence[Bot],
    games: int = 100,
    *,
    rules: Rules | None = None,
    seed: int = 0,
    executor: Executor | None = None,
    workers: int | None = None,
    names: Sequence[str] | None = None,
    max_deals: int | None = 1000,
    chunk: int | None = None,
    progress: bool | None = None,
) -> TournamentResult:
    """Play ``games`` seeded games among ``bots`` and tabulate the results per bot.

    The bots take turns in the seats: in game ``g`` seat ``s`` is played by
    ``bots[(s + g) % len(bots)]``, so over a multiple of ``len(bots)`` games every bot has
    sat in every seat equally often.  In partnerships (:attr:`Rules.partnerships
    <tysiac.Rules.partnerships>`) bots ``i`` and ``i + 2`` are partners in every game (the
    seats turn, the pairs stay), and a game counts as won for both partners of the winning
    pair.  Game ``g`` is dealt from ``game_seed(seed, g)`` and
    played by fresh copies of the bots as they were handed in (the bots are pickled once);
    a bot with a ``reseed(seed)`` method (all the library's bots) is reseeded for each
    game from the game's seed and its place in ``bots``.  Each game therefore depends only
    on the seed and the bots, and the table is the same on every executor.

    Args:
        bots: one bot per seat (``rules.players`` of them); they must be picklable.
        games: how many games to play.
        rules: the rules (default ``Rules()``).
        seed: the tournament's seed.
        executor: where the games run: any :class:`concurrent.futures.Executor`, such as
            a :class:`~concurrent.futures.ProcessPoolExecutor` or a Dask cluster's
            ``client.get_executor()``.  Default: a new process pool, shut down at the end.
        workers: the size of that default process pool (default: one per CPU); ``0``
            plays every game in this process, without an executor.  The pool never has
            more processes than games to play or CPUs this process may use.
        names: the bots' names in the table, one string per bot (default: each bot's class
            name, such as ``HeuristicBot``; when two bots share a class, every name is led by
            the bot's place in ``bots``: ``0:HeuristicBot``, ``1:RandomBot``, ``2:RandomBot``).
        max_deals: stop a game that has no winner after this many deals (it then counts
            as won by nobody); ``None`` for no limit.
        chunk: games per task sent to the executor (default: about eight tasks per
            worker).
        progress: draw a progress bar on standard error (default: only when standard
            error is a terminal).

    Returns:
        The :class:`TournamentResult`; ``print`` it for the table.

    Raises:
        NotABotError: ``bots`` is not a list of bots, or a bot cannot be pickled (the
            message names it and says why), even with ``workers=0``.
        InvalidRulesError: ``rules`` is not a :class:`~tysiac.Rules`.
        InvalidSeatError: the number of bots is not the number of players.
        InvalidDealError: ``games``, ``seed``, ``workers``, ``max_deals`` or ``chunk``
            is not a fitting int, or ``names`` is not one string per bot.
        TypeError: ``executor`` has no ``submit`` method (a :class:`~tysiac.TysiacError`).

    Example:
        >>> from tysiac import Rules
        >>> from tysiac.bots import HeuristicBot, RandomBot, tournament
        >>> result = tournament([HeuristicBot(), RandomBot(), RandomBot()], games=6,
        ...                     rules=Rules(target=300), seed=1, workers=0)
        >>> [row.games for row in result.rows]
        [6, 6, 6]
        >>> result.rows[0].wins.mean > result.rows[1].wins.mean
        True
    """
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise InvalidRulesError(
            f"rules={brief(rules)}: a tournament's rules are a Rules object: use Rules() or "
            "Rules.preset()"
        )
    players = check_bots(bots, rules.players)
    games = _check_int("games", games, 1)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidDealError(f"seed={brief(seed)}: a tournament's seed must be an int")
    if workers is not None:
        workers = _check_int("workers", workers, 0)
    if max_deals is not None:
        max_deals = _check_int("max_deals", max_deals, 1)
    if chunk is not None:
        chunk = _check_int("chunk", chunk, 1)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ArgumentTypeError(
            f"executor={brief(executor)} is not an executor: give a "
            "concurrent.futures.Executor (or anything with its submit method) or None"
        )
    labels = default_names(players) if names is None else _names(names, len(players))
    blob = _pickled(players)
    if progress is None:
        progress = sys.stderr.isatty()
    bar = _Progress(games, sys.stderr if progress else None)
    results: dict[int, list[_Game]] = {}
    if executor is None and workers == 0:
        size = chunk if chunk is not None else max(1, games // 50)
        for part in _chunks(games, _check_int("chunk", size, 1)):
            results[part.start] = _play_chunk(rules, blob, seed, part, max_deals)
            bar.advance(len(part))
    else:
        own = executor is None
        count = workers or 8
        if executor is None:
            from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

            # never more processes than games to play or CPUs to run them
            count = min(workers or _cores(), games, _cores())
            executor = ProcessPoolExecutor(count)
        try:
            size = chunk if chunk is not None else max(1, math.ceil(games / (8 * count)))
            futures: dict[Future[list[_Game]], int] = {}
            for part in _chunks(games, _check_int("chunk", size, 1)):
                future = executor.submit(_play_chunk, rules, blob, seed, part, max_deals)
                futures[future] = part.start
            for future in as_completed(futures):
                part_games = future.result()
                results[futures[future]] = part_games
                bar.advance(len(part_games))
        finally:
            if own:
                executor.shutdown()
    played = [g for start in sorted(results) for g in results[start]]
    return _tabulate(rules, seed, labels, played)


def _tabulate(rules: Rules, seed: int, labels: list[str], played: list[_Game]) -> TournamentResult:
    rows = []
    for i, name in enumerate(labels):
        rows.append(
            BotResult(
                name=name,
                games=len(played),
                wins=_wilson(sum(g.won[i] for g in played), len(played)),
                score=_normal([g.score[i] for g in played]),
                made=_normal([g.made[i] for g in played]),
                failed=_normal([g.failed[i] for g in played]),
                bombs=_normal([g.bombs[i] for g in played]),
            )
        )
    unfinished = sum(not g.finished for g in played)
    return TournamentResult(rules, len(played), seed, unfinished, tuple(rows))
