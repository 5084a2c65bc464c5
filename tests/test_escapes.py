"""What fuzzing both builds found escaping as something other than a TysiacError.

Each case here raised a bare built-in error (``ValueError`` from quoting a 5,000-digit int,
the ``RuntimeError`` of a failing ``repr``, ``AttributeError``, ``TypeError``,
``OverflowError``) before it was fixed; now each is a :class:`~tysiac.TysiacError` whose
message quotes the bad value cut short.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ClassVar

import pytest

from tysiac import (
    InvalidDealError,
    InvalidRulesError,
    NotABotError,
    NotAStateError,
    Rules,
    TysiacError,
    View,
    new_game,
    observe,
    sample_world,
    to_json,
)
from tysiac.bots import (
    HeuristicBot,
    PIMCBot,
    RandomBot,
    SearchBot,
    play_game,
    tournament,
)

HUGE = 10**5000


class BadRepr:
    """An object whose ``repr`` fails."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


#: Values no argument accepts: for the int arguments a huge negative int, for the others a
#: huge int as well; objects whose repr fails; a long string.
BAD_VALUES: list[object] = [-HUGE, BadRepr(), [BadRepr()], "x" * 10_000, 1.5j]


def _message(call: Callable[[], object]) -> str:
    with pytest.raises(TysiacError) as info:
        call()
    text = str(info.value)
    assert len(text) < 400
    return text


@pytest.mark.parametrize("value", BAD_VALUES, ids=["-huge", "repr", "list", "long", "complex"])
def test_bad_values_are_quoted_briefly(value: object) -> None:
    view = observe(new_game(seed=1), 1)
    calls: list[Callable[[], object]] = [
        lambda: SearchBot(iterations=value),  # type: ignore[arg-type]
        lambda: SearchBot(seconds=value),  # type: ignore[arg-type]
        lambda: SearchBot(playout=value),  # type: ignore[arg-type]
        lambda: play_game(max_deals=value),  # type: ignore[arg-type]
        lambda: tournament(_three(), games=value, workers=0),  # type: ignore[arg-type]
        lambda: tournament(_three(), max_deals=value, workers=0),  # type: ignore[arg-type]
        lambda: tournament(_three(), chunk=value, workers=0),  # type: ignore[arg-type]
        lambda: tournament(_three(), workers=value),  # type: ignore[arg-type]
        lambda: sample_world(view, value),  # type: ignore[call-overload]
        lambda: sample_world(value, random.Random(1)),  # type: ignore[call-overload]
    ]
    if not isinstance(value, int):  # any int is a seed (reduced mod 2**64)
        calls += [
            lambda: RandomBot(seed=value),  # type: ignore[arg-type]
            lambda: HeuristicBot(seed=value),  # type: ignore[arg-type]
            lambda: PIMCBot(seed=value),  # type: ignore[arg-type]
            lambda: PIMCBot(worlds=value),  # type: ignore[arg-type]
            lambda: PIMCBot(nodes=value),  # type: ignore[arg-type]
            lambda: SearchBot(seed=value),  # type: ignore[arg-type]
            lambda: tournament(_three(), seed=value, workers=0),  # type: ignore[arg-type]
        ]
    for bot in (RandomBot(), HeuristicBot(), SearchBot(iterations=5), PIMCBot(worlds=1)):
        calls.append(lambda bot=bot: bot.choose(value))  # type: ignore[misc]
    for call in calls:
        _message(call)


def test_a_huge_seed_is_not_an_error() -> None:
    """A bot's seed is reduced mod 2**64 like a game's: only its type is checked."""
    assert RandomBot(seed=HUGE).seed == HUGE & (2**64 - 1)
    assert SearchBot(seed=-HUGE).seed == -HUGE & (2**64 - 1)


# --- tournament ---------------------------------------------------------------------------


def _three() -> list[RandomBot]:
    return [RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)]


def test_tournament_rules_must_be_rules() -> None:
    with pytest.raises(InvalidRulesError, match=r"rules='pl'"):
        tournament(_three(), games=1, rules="pl", workers=0)  # type: ignore[arg-type]


@pytest.mark.parametrize("names", [1, "abc", [1, 2, 3], ["a", "b", BadRepr()], None])
def test_tournament_names_are_strings(names: object) -> None:
    if names is None:
        assert tournament(_three(), games=1, workers=0, names=names).rows
        return
    with pytest.raises(InvalidDealError, match=r"names"):
        tournament(_three(), games=1, workers=0, names=names)  # type: ignore[arg-type]


def test_tournament_names_a_bot_that_does_not_pickle() -> None:
    class LocalBot(RandomBot):  # defined in a function: pickle cannot find the class
        pass

    bots = [RandomBot(), LocalBot(seed=4), RandomBot()]
    with pytest.raises(NotABotError, match=r"bots\[1\]=.*cannot be pickled.*AttributeError"):
        tournament(bots, games=1, workers=0)


def test_tournament_labels_a_bot_whose_repr_fails() -> None:
    result = tournament([ReprlessBot(), RandomBot(), RandomBot()], games=1, workers=0)
    assert result.rows[0].name == "0:ReprlessBot"  # named by its class: its repr is not read


class ReprlessBot(RandomBot):
    """A picklable bot whose ``repr`` fails."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class _CountingPool(ThreadPoolExecutor):
    """A stand-in for ProcessPoolExecutor that records the size it was asked for."""

    sizes: ClassVar[list[int | None]] = []

    def __init__(self, max_workers: int | None = None) -> None:
        _CountingPool.sizes.append(max_workers)
        super().__init__(max_workers)


@pytest.mark.parametrize(("workers", "games", "most"), [(12, 1, 1), (12, 40, None), (None, 2, 2)])
def test_tournament_workers_are_capped(
    monkeypatch: pytest.MonkeyPatch, workers: int | None, games: int, most: int | None
) -> None:
    import concurrent.futures
    import os

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _CountingPool)
    _CountingPool.sizes = []
    rules = Rules(target=200)
    tournament(_three(), games=games, rules=rules, workers=workers, max_deals=1)
    (size,) = _CountingPool.sizes
    assert size is not None
    assert size <= games
    assert size <= (cores or 1)
    if most is not None:
        assert size <= most


# --- to_json(indent=...) --------------------------------------------------------------------


@pytest.mark.parametrize(
    "indent",
    [1.0, "  ", True, 2**63, 10**5, -1, HUGE, BadRepr()],
    ids=["float", "str", "bool", "2**63", "10**5", "-1", "huge", "repr"],
)
def test_to_json_checks_indent(indent: object) -> None:
    with pytest.raises(TysiacError) as info:
        to_json(Rules(), indent=indent)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError | ValueError)
    assert "indent=" in str(info.value) and len(str(info.value)) < 200


@pytest.mark.parametrize("indent", [None, 0, 1, 2, 16])
def test_to_json_takes_a_small_indent(indent: int | None) -> None:
    text = to_json(Rules(), indent=indent)
    assert ("\n" in text) is (indent is not None)


def test_a_view_is_a_view() -> None:
    with pytest.raises(NotAStateError):
        RandomBot().choose(object())  # type: ignore[arg-type]
    assert isinstance(observe(new_game(seed=1), 0), View)
