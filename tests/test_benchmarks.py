"""The benchmark scripts run from a source distribution: nothing outside ``benchmarks/``.

These tests check that the scripts work, not how fast anything is (speed is measured by
running the benchmarks, never asserted in tests).
"""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load(name: str) -> ModuleType:
    """Import ``benchmarks/<name>.py`` as a module, with its folder on ``sys.path`` as when
    it runs as a script (``phases.py`` imports ``speed.py`` beside it)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (a dataclass looks its module up there)
    spec.loader.exec_module(module)
    return module


def test_the_default_lean_loop_is_shipped_beside_the_benchmark() -> None:
    playouts = load("playouts")
    assert playouts.LEAN == BENCHMARKS / "lean_playout.py"
    assert playouts.LEAN.exists()
    assert "shared" not in (BENCHMARKS / "playouts.py").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["lean_playout", "lean_playout_earlier"])
def test_both_lean_loops_play_whole_deals_by_the_same_rules(name: str) -> None:
    lean = load(name)
    rng = random.Random(3)
    for _ in range(200):
        points = lean.playout(rng)
        assert len(points) == 3
        assert sum(points) % 20 == 0
        assert 120 <= sum(points) <= 120 + 40 + 60 + 80 + 100


def test_the_earlier_lean_loop_is_a_yardstick_of_speed(capsys: pytest.CaptureFixture[str]) -> None:
    path = BENCHMARKS / "lean_playout_earlier.py"
    args = ["--deals", "3", "--rounds", "1", "--quick", "--lean", str(path)]
    assert load("speed").main(args) == 0
    out = capsys.readouterr().out
    assert f"lean loop: {path}" in out
    assert "full deal, app, 3 players" in out


def test_playouts_runs_with_the_shipped_lean_loop(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("playouts").main(["20", "--rounds", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("tysiac (app, 3 players):")
    assert out[1].startswith("lean reference:")
    assert out[2].startswith("ratio tysiac / lean:")


def test_playouts_takes_another_lean_loop(capsys: pytest.CaptureFixture[str]) -> None:
    playouts = load("playouts")
    path = BENCHMARKS / "lean_playout.py"
    assert playouts.main(["10", "--rounds", "1", "--lean", str(path)]) == 0
    assert playouts.main(["10", "--lean", str(BENCHMARKS / "missing.py")]) == 1
    assert "not found" in capsys.readouterr().err


def test_lean_playout_as_a_script() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "lean_playout.py"), "50"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "deals/s" in done.stdout


def test_speed_prints_every_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("speed").main(["--deals", "4", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "pure Python build" in out or "compiled build" in out
    for label in (
        "full deal, app, 3 players",
        "full deal, pl, 3 players",
        "full deal, app, 4 players",
        "rollout from trick 4, app",
        "rollout from start of play, pl",
    ):
        assert label in out
    assert ("OpenSpiel skat episode" in out) == (importlib.util.find_spec("pyspiel") is not None)


def test_speed_positions_are_where_they_say() -> None:
    speed = load("speed")
    for state in speed.positions("pl", 3, 5):
        assert state.tricks_played == 3
        assert not state.trick
        assert state.deal_number == 1


def test_phases_prints_every_phase_and_the_skeleton(capsys: pytest.CaptureFixture[str]) -> None:
    phases = load("phases")
    assert phases.main(["5", "--rounds", "1", "--players", "2"]) == 0
    out = capsys.readouterr().out
    for label in ("the whole loop", "its skeleton (no rule)", "auction: apply", "end: apply"):
        assert label in out
    assert "choose-musik: apply" in out  # two players: the musik is chosen
    assert "ratio of the whole loop to the lean loop" in out


def test_phases_groups_every_recorded_move_once() -> None:
    phases = load("phases")
    rules = phases.Rules.preset("pl", players=3)
    positions = phases.record(rules, 6)
    groups = phases.groups(positions, rules)
    assert sum(len(g) for g in groups.values()) == len(positions)
    assert len(groups["end"]) == 6
    assert all(len(s.trick) == 2 for s, _, _ in groups["play, closing"])


def test_the_solver_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    solver = load("solver")
    # the stock lines' solves take seconds each in pure Python: left out by --only
    argv = ["--deals", "2", "--small", "1", "--draw", "1", "--only", "3 players", "all play"]
    assert solver.main(argv) == 0
    out = capsys.readouterr().out
    assert "app, 3 players" in out and "app, 4 players (all play)" in out
    assert "(draw)" not in out and "(classic)" not in out
    assert "lean deal" in out
    sizes = {label: size for label, _, _, size in solver.LINES}
    assert sizes["app, 2 players (draw)"] == sizes["app, 2 players (open musik)"] == "draw"


def test_information_prints_every_layout_and_the_rare_view(
    capsys: pytest.CaptureFixture[str],
) -> None:
    information = load("information")
    assert information.main(["--games", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:2] == ["layout", "deals"]
    rows = [line.split() for line in out[1:-2]]
    assert {(row[0], row[1]) for row in rows} == {
        (layout.value, kind) for layout in information.Layout for kind in information.KINDS
    }
    assert out[-2].startswith("all of the above")
    assert out[-1].startswith("three marriages, 4 players")


def test_json_load_measures_writing_reading_and_refusing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert load("json_load").main(["--deals", "3", "--rounds", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:2] == ["game", "MB"]
    assert len(out) == 8
    assert out[5].startswith("default max_size 6,000,000 characters")
    assert out[6].startswith("refusing a list of ints")
    assert out[7].startswith("refusing a record of empty deals")


def test_views_prints_every_line(capsys: pytest.CaptureFixture[str]) -> None:
    """``views.py --quick``: the per-state lines, SearchBot and (when PettingZoo's classic
    games are installed) the environments, or the reason they were skipped."""
    views = load("views")
    assert views.main(["--quick"]) == 0
    out = capsys.readouterr().out
    for label in (
        "observe(state, seat to move)",
        "features(view)",
        "action_mask(view)",
        "view.possible (the knowledge scan)",
        "new_game(rules, seed=...)",
        "server loop",
        "SearchBot, one tree iteration",
    ):
        assert label in out
    assert "leduc_holdem_v4" in out or "PettingZoo: skipped" in out


def test_views_positions_cover_every_preset_and_layout() -> None:
    views = load("views")
    pairs = views.positions(64)
    assert len(pairs) == 64
    kinds = {(r.layout, r.players) for r in views.every_rules()}
    assert {(s.rules.layout, s.rules.players) for s, _ in pairs} == kinds
    for state, move in pairs:
        assert move in views.legal_moves(state)


def test_the_peeking_yardstick_plays_a_duplicate_deal(capsys: pytest.CaptureFixture[str]) -> None:
    strength = load("strength")
    assert strength.main(["peek-heuristic", "--deals", "1"]) == 0
    out = capsys.readouterr().out
    assert "peek-heuristic (--peek all): 1 deals x 3 seats, preset app" in out
    assert "hero decisions:" in out
    with pytest.raises(SystemExit):  # it is shown each deal's state: no whole games
        strength.main(["peek-heuristic", "--deals", "0", "--games", "1"])


@pytest.mark.parametrize("peek", ["all", "auction", "before", "play"])
def test_the_yardstick_sees_the_real_deal_only_in_the_phases_named(peek: str) -> None:
    from tysiac import Phase, legal_moves, observe

    strength = load("strength")
    truth: list[object] = []
    bot = strength.Peeking(truth, peek, seed=1)
    state = strength.new_game(strength.Rules(), seed=4)
    shown = {
        "all": {"auction", "give", "play"},
        "auction": {"auction"},
        "before": {"auction", "give"},
        "play": {"play"},
    }
    for stage, phase in (("auction", Phase.AUCTION), ("give", Phase.GIVE), ("play", Phase.PLAY)):
        while state.phase is not phase:
            state = strength.apply(state, legal_moves(state)[0])
        truth[:] = [state]
        view = observe(state, state.to_move)
        worlds = bot._worlds(view)
        if stage in shown[peek]:
            assert worlds == [state] and worlds[0] is state
        else:  # drawn from the view: its own hand, the others' cards anywhere they may be
            assert len(worlds) == 12 and all(w is not state for w in worlds)
            assert all(w.hands[view.seat] == state.hands[view.seat] for w in worlds)
