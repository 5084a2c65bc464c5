"""The scripts in examples/ run: each is imported from its path and its main() called."""

from __future__ import annotations

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


@pytest.mark.parametrize("name", ["random_game", "tournament", "observe_bot"])
def test_examples_have_a_main_guard(name: str) -> None:
    text = (EXAMPLES / f"{name}.py").read_text(encoding="utf-8")
    assert 'if __name__ == "__main__":' in text
    assert callable(load(name).main)


@pytest.mark.parametrize(
    ("name", "argument"),
    [("random_game", "abc"), ("observe_bot", "1.5"), ("tournament", "abc"), ("tournament", "0")],
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
    assert load("tournament").arguments(["4"]).games == 4


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.py")), ids=lambda p: p.name)
def test_examples_import_only_public_names(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "tysiac._" not in text, f"{path.name} imports a private module"
