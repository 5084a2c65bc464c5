"""The scripts in examples/ run: each is imported from its path and its main() called."""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def load(name: str) -> ModuleType:
    """Import ``examples/<name>.py`` as a module."""
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_random_game(capsys: pytest.CaptureFixture[str]) -> None:
    from tysiac import new_game
    from tysiac.bots import RandomBot, play_game

    winner = load("random_game").main(3)
    out = capsys.readouterr().out
    # the same game through play_game: one cautious bot for every seat
    bot = RandomBot(seed=3)
    state = play_game(bots=[bot, bot, bot], seed=3)
    assert winner == state.winner
    assert out.startswith(f"seat {state.winner} wins with ")
    assert f"after {len(state.sheet)} deals" in out
    assert new_game(seed=3).deal_number == 1


def test_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    wins = load("tournament").main(6)
    out = capsys.readouterr().out
    assert isinstance(wins, Counter)
    assert sum(wins.values()) == 6
    assert wins["heuristic"] > wins["random"]
    assert out.startswith("6 games, ")
    assert f"HeuristicBot won {wins['heuristic']}" in out


def test_observe_bot(capsys: pytest.CaptureFixture[str]) -> None:
    module = load("observe_bot")
    winner = module.main(2)
    out = capsys.readouterr().out
    assert winner in (0, 1, 2)
    assert f"winner: seat {winner}" in out
    assert "deals; scores [" in out


def test_observe_bot_chooses_legal_moves() -> None:
    from tysiac import Rules, apply, legal_moves, new_game, observe

    bot = load("observe_bot").HighLowBot()
    for layout_players in (2, 3, 4):
        state = new_game(Rules(players=layout_players), seed=5)
        for _ in range(200):
            if state.is_over:
                break
            seat = state.to_move
            assert seat is not None
            move = bot.choose(observe(state, seat))
            assert move in legal_moves(state)
            state = apply(state, move)


def test_double_dummy(capsys: pytest.CaptureFixture[str]) -> None:
    from tysiac import Phase, apply, new_game, observe, solve
    from tysiac.bots import HeuristicBot

    value = load("double_dummy").main(3)
    out = capsys.readouterr().out
    # the same first lead, reached again: the value printed and returned is the solver's
    bots = [HeuristicBot(seed=3 + seat) for seat in range(3)]
    state = new_game(seed=3)
    while state.phase is not Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        state = apply(state, bots[seat].choose(observe(state, seat)))
    solution = solve(state)
    assert value == solution.value
    assert out.startswith(str(state))
    assert f"Seat {solution.seat}, the declarer, takes {value} with every card open:" in out
    for move, move_value in solution.values:
        best = "  (best)" if move in solution.best_moves else ""
        assert f"\n  lead {move}: {move_value}{best}\n" in out
    assert "\na best line: " + " ".join(str(m) for m in solution.line[:3]) + " | " in out
    tricks = [line for line in out.splitlines() if line.startswith("  trick ")]
    assert [line.split(",")[0] for line in tricks] == [f"  trick {i}" for i in range(1, 9)]
    assert f"costs per seat (declarer {solution.seat}): [" in out


@pytest.mark.parametrize("name", ["random_game", "tournament", "observe_bot", "double_dummy"])
def test_examples_have_a_main_guard(name: str) -> None:
    text = (EXAMPLES / f"{name}.py").read_text(encoding="utf-8")
    assert 'if __name__ == "__main__":' in text
    assert callable(load(name).main)


@pytest.mark.parametrize(
    ("name", "argument"),
    [
        ("random_game", "abc"),
        ("observe_bot", "1.5"),
        ("double_dummy", "seven"),
        ("tournament", "abc"),
        ("tournament", "0"),
    ],
)
def test_examples_exit_with_a_usage_message_on_a_bad_argument(name: str, argument: str) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / f"{name}.py"), argument],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(f"usage: {name}.py ")
    assert "Traceback" not in done.stderr
    assert argument in done.stderr


def test_examples_read_their_arguments() -> None:
    assert load("random_game").arguments(["7"]).seed == 7
    assert load("observe_bot").arguments([]).seed == 1
    assert load("double_dummy").arguments(["5"]).seed == 5
    assert load("tournament").arguments(["4"]).games == 4


SRC = Path(__file__).resolve().parents[1] / "src"


def _public_names(module: str) -> set[str] | None:
    """The ``__all__`` of a tysiac module, read from its source (no import: the adapters'
    frameworks may be missing), with its public submodules; None if it is not a module."""
    base = SRC.joinpath(*module.split("."))
    path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
    if not path.is_file():
        return None
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            names |= set(ast.literal_eval(node.value))
    if base.is_dir():
        names |= {p.stem for p in base.glob("[!_]*.py")}
        names |= {p.name for p in base.iterdir() if (p / "__init__.py").is_file()}
    return {name for name in names if not name.startswith("_")}


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.py")), ids=lambda p: p.name)
def test_examples_import_only_public_names(path: Path) -> None:
    """Every name an example takes from tysiac is public: in a public module's ``__all__``
    (or a public submodule), imported by name or read as an attribute of the module."""
    text = path.read_text(encoding="utf-8")
    assert "tysiac._" not in text, f"{path.name} imports a private module"
    modules: dict[str, str] = {}  # a local name bound to a tysiac module: that module
    used: list[tuple[str, str]] = []  # (module, name) taken from it
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "tysiac":
            assert node.module is not None and node.level == 0
            for alias in node.names:
                used.append((node.module, alias.name))
                if _public_names(f"{node.module}.{alias.name}") is not None:
                    modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "tysiac":
                    parts = alias.name.split(".")
                    used += [(".".join(parts[:i]), parts[i]) for i in range(1, len(parts))]
                    modules[alias.asname or parts[0]] = alias.name if alias.asname else "tysiac"
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
        ):
            used.append((modules[node.value.id], node.attr))
    assert used, f"{path.name} uses nothing of tysiac"
    for module, name in used:
        assert not [part for part in module.split(".") if part.startswith("_")], (
            f"{path.name} imports the private module {module}"
        )
        public = _public_names(module)
        assert public is not None, f"{path.name}: {module} is not a tysiac module"
        assert name in public, f"{path.name} uses {module}.{name}, which is not public"
