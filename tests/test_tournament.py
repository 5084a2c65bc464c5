"""Tests of :func:`tysiac.tournament`: equal tables on every executor, the table, bad input."""

from __future__ import annotations

import io
import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import tysiac
from tysiac import InvalidDealError, InvalidSeatError, NotABotError, Rules, TysiacError
from tysiac.bots import (
    Bot,
    Estimate,
    HeuristicBot,
    RandomBot,
    TournamentResult,
    tournament,
)

RULES = Rules(target=300)


def _bots() -> list[Bot]:
    return [HeuristicBot(seed=1), RandomBot(seed=2, uniform=True), RandomBot(seed=3)]


@pytest.fixture(scope="module")
def serial() -> TournamentResult:
    return tournament(_bots(), games=9, rules=RULES, seed=5, workers=0)


def test_tournament_is_exported_from_tysiac() -> None:
    assert tysiac.tournament is tournament
    assert "tournament" in tysiac.__all__


def test_serial_table(serial: TournamentResult) -> None:
    assert serial.games == 9
    assert [r.games for r in serial.rows] == [9, 9, 9]
    # two bots share a class: every name is led by the bot's place
    assert [r.name for r in serial.rows] == ["0:HeuristicBot", "1:RandomBot", "2:RandomBot"]
    # one winner per finished game
    assert sum(r.wins.mean for r in serial.rows) * 9 == pytest.approx(9 - serial.unfinished)
    for row in serial.rows:
        for est in (row.wins, row.score, row.made, row.failed, row.bombs):
            assert est.low <= est.mean <= est.high
        assert row.wins.low >= 0.0 and row.wins.high <= 1.0
    table = serial.table()
    assert table.splitlines()[0].split() == ["bot", "won", "score", "made", "failed", "bombs"]
    assert "9 games, seed 5" in table
    assert str(serial) == table


def test_the_same_seed_gives_the_same_table_and_another_seed_another(
    serial: TournamentResult,
) -> None:
    again = tournament(_bots(), games=9, rules=RULES, seed=5, workers=0, chunk=2)
    assert again == serial
    other = tournament(_bots(), games=9, rules=RULES, seed=6, workers=0)
    assert other != serial


def test_the_bots_handed_in_are_not_changed() -> None:
    bots = _bots()
    before = [repr(b) for b in bots]
    tournament(bots, games=3, rules=RULES, seed=1, workers=0)
    assert [repr(b) for b in bots] == before


def test_process_pool_gives_the_serial_table(serial: TournamentResult) -> None:
    with ProcessPoolExecutor(2) as pool:
        pooled = tournament(_bots(), games=9, rules=RULES, seed=5, executor=pool, chunk=2)
    assert pooled == serial
    default = tournament(_bots(), games=9, rules=RULES, seed=5, workers=2)
    assert default == serial


def test_thread_pool_gives_the_serial_table(serial: TournamentResult) -> None:
    with ThreadPoolExecutor(3) as pool:
        assert tournament(_bots(), games=9, rules=RULES, seed=5, executor=pool) == serial


def test_dask_cluster_gives_the_serial_table(serial: TournamentResult) -> None:
    distributed = pytest.importorskip(
        "distributed", reason="Dask is not installed: pip install 'tysiac[dask]'"
    )
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=2,
            processes=False,
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        result = tournament(_bots(), games=9, rules=RULES, seed=5, executor=executor, chunk=3)
    assert result == serial


def test_progress_bar_only_when_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament(_bots(), games=2, rules=RULES, seed=1, workers=0)
    assert capsys.readouterr().err == ""  # stderr is not a terminal here
    fake = io.StringIO()
    monkeypatch.setattr("sys.stderr", fake)
    tournament(_bots(), games=2, rules=RULES, seed=1, workers=0, chunk=1, progress=True)
    text = fake.getvalue()
    assert "1/2 games" in text and text.endswith("2/2 games\n")


class _FirstMove:
    """A custom bot with no ``__repr__`` of its own: its repr holds an address."""

    def choose(self, view: tysiac.View) -> tysiac.Move:
        return view.legal_moves[0]


def test_a_custom_bot_is_named_by_its_class_not_its_repr() -> None:
    bots: list[Bot] = [_FirstMove(), HeuristicBot(seed=1), RandomBot(seed=2)]
    result = tournament(bots, games=1, rules=RULES, workers=0, max_deals=2)
    assert [r.name for r in result.rows] == ["_FirstMove", "HeuristicBot", "RandomBot"]
    assert " at 0x" not in result.table()


def test_names_and_max_deals() -> None:
    bots: list[Bot] = [RandomBot(seed=s, uniform=True) for s in range(3)]
    result = tournament(bots, games=2, rules=RULES, workers=0, max_deals=3, names=["a", "b", "c"])
    assert [r.name for r in result.rows] == ["a", "b", "c"]
    assert result.unfinished == 2  # uniform players rarely finish a game in 3 deals
    assert all(r.wins.mean == 0 for r in result.rows)
    assert "stopped without a winner" in result.table()


def test_estimate_text() -> None:
    assert str(Estimate(0.0, 0.0, 0.0)) == "0"
    assert str(Estimate(1.5, 1.0, 2.0)) == "1.50 ± 0.50"
    assert str(Estimate(850.0, 800.0, 900.0)) == "850 ± 50"
    assert math.isinf(tournament(_bots(), games=1, rules=RULES, workers=0).rows[0].score.high)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"bots": 5}, NotABotError, "list of bots"),
        ({"bots": [HeuristicBot()]}, InvalidSeatError, "1 bots for 3 players"),
        ({"games": 0}, InvalidDealError, "games=0"),
        ({"games": 2.5}, InvalidDealError, "games=2.5"),
        ({"seed": "x"}, InvalidDealError, "seed='x'"),
        ({"workers": -1}, InvalidDealError, "workers=-1"),
        ({"max_deals": 0}, InvalidDealError, "max_deals=0"),
        ({"chunk": 0, "workers": 0}, InvalidDealError, "chunk=0"),
        ({"names": ["a"]}, InvalidDealError, "1 names for 3 bots"),
        ({"bots": [RandomBot] * 3}, NotABotError, "a class, not a bot"),
        ({"executor": 5, "workers": None}, TypeError, "executor=5 is not an executor"),
        ({"executor": object(), "workers": None}, TysiacError, "submit"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    args: dict[str, object] = {"bots": _bots(), "games": 2, "rules": RULES, "workers": 0}
    args.update(kwargs)
    with pytest.raises(error, match=message):
        tournament(**args)  # type: ignore[arg-type]


def test_tournament_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from tysiac.cli import main

    assert (
        main(["tournament", "--games", "4", "--target", "300", "--workers", "0", "--seed", "5"])
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:2] == ["bot", "won"]
    assert [line.split()[0] for line in out[1:4]] == ["0:heuristic", "1:random", "2:random"]
    assert out[-1].startswith("4 games, seed 5")
    assert (
        main(["tournament", "--games", "2", "--bots", "heuristic,uniform", "--workers", "0"]) == 0
    )
    assert "2 games" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "heuristic,clever,random"], "clever"),
        (["--bots", "heuristic,random", "--players", "3"], "2 bots for 3 players"),
        (["--games", "0"], "--games"),
        (["--workers", "-2"], "--workers"),
        (["--max-deals", "0"], "--max-deals"),
        (["--target", "55"], "target"),
    ],
)
def test_tournament_command_line_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from tysiac.cli import main

    with pytest.raises(SystemExit) as info:
        main(["tournament", *argv])
    assert info.value.code == 2
    assert message in capsys.readouterr().err
