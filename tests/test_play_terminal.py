"""``tysiac play``: a human seat in the terminal, driven by piped input, against golden output.

The golden games are played against, and with the suggestions of, the frozen
``LegacyGreedyBot`` of ``benchmarks/legacy_greedy.py``, so that they do not change when
HeuristicBot improves.  Set ``TYSIAC_UPDATE_GOLDEN=1`` to rewrite the golden files after
an intended change, then read the diff.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from legacy_greedy import LegacyGreedyBot
from tysiac import Layout, Phase, Rules
from tysiac._cli.play import Terminal, _parse, play_terminal
from tysiac.bots import RandomBot
from tysiac.cli import main

GOLDEN = Path(__file__).parent / "golden"


def _check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("TYSIAC_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing golden file {path}: run with TYSIAC_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def _play(rules: Rules, lines: list[str], **kwargs: object) -> tuple[str, object]:
    source = io.StringIO("".join(line + "\n" for line in lines))
    out = io.StringIO()
    n = rules.players
    kwargs.setdefault("bots", [LegacyGreedyBot(seed=s) for s in range(1, n)])
    kwargs.setdefault("hints", LegacyGreedyBot(seed=0))
    state = play_terminal(rules, source=source, out=out, **kwargs)  # type: ignore[arg-type]
    return out.getvalue(), state


# the human (seat 0, dealer of deal 1) in game 3: the musik completes nothing; these moves
# bid, give two cards, name the contract and play, with a few typing mistakes on the way
DEAL = [
    "2",  # bid 110 by number
    "bid 120",  # not a legal move while giving: asked again
    "9C",  # give 9C to seat 1, by card
    "",  # the suggestion: give JC to seat 2
    "contract 120",
    "AS",
    "ad",  # lower case works
    "QH*",  # no optional declaration in "app": not a move
    "AH",
    "",
    "",
    "",
    "",
    "",
]


def test_a_whole_deal_from_piped_input() -> None:
    text, state = _play(Rules(), DEAL, seed=3, max_deals=1)
    _check_golden("play_deal.txt", text)
    assert "Score sheet:" in text
    assert "'bid 120' is not a legal move here" in text
    assert "[AS]" in text  # legal cards in brackets without colours
    assert "QH*" in text  # the marriage pair is marked
    assert "Musik: " in text
    assert len(state.sheet) == 1  # type: ignore[attr-defined]


def test_a_whole_short_game_on_the_suggestions() -> None:
    rules = Rules(target=500)
    text, state = _play(rules, [""] * 3000, seed=8, bots=[LegacyGreedyBot(1), RandomBot(2)])
    _check_golden("play_game.txt", text)
    assert state.is_over  # type: ignore[attr-defined]
    assert text.rstrip().splitlines()[-1].endswith("points.")
    assert text.count("Score sheet:") == len(state.sheet)  # type: ignore[attr-defined]


def test_input_ending_stops_the_game() -> None:
    text, state = _play(Rules(), ["", ""], seed=3)
    assert text.rstrip().endswith("Input ended: the game stops here.")
    assert not state.is_over  # type: ignore[attr-defined]


@pytest.mark.parametrize("layout", list(Layout))
def test_every_layout_and_seat_plays_through_a_deal(layout: Layout) -> None:
    rules = Rules.preset("pl", players=layout.players, layout=layout, target=500)
    seat = layout.players - 1
    text, state = _play(rules, [""] * 400, seed=4, seat=seat, max_deals=1)
    assert len(state.sheet) == 1  # type: ignore[attr-defined]
    assert f"You are seat {seat}." in text
    assert "Score sheet:" in text


def test_colours_on_a_terminal_marks_otherwise() -> None:
    from tysiac import new_game, observe

    state = new_game(seed=3)
    view = observe(state, 0)
    plain = Terminal(io.StringIO(), 0, color=False).hand(view)
    assert "\x1b[" not in plain and "QH*" in plain
    coloured = Terminal(io.StringIO(), 0, color=True).hand(view)
    assert "\x1b[33mQH*" in coloured  # marriage pairs in yellow
    text, _ = _play(Rules(), DEAL[:3], seed=3, color=True)
    assert "\x1b[1m" in text and "\x1b[2m" not in text.split("Musik")[0]


def test_parse_words_and_numbers() -> None:
    from tysiac import Bid, Pass, apply, new_game, observe

    state = apply(new_game(seed=3), Bid(100))
    state = apply(state, Pass())
    view = observe(state, 0)
    assert view.phase is Phase.AUCTION
    assert _parse("1", view) == Pass()
    assert _parse("pass", view) == Pass()
    assert _parse("120", view) == Bid(120)
    assert _parse("bid 130", view) == Bid(130)
    assert _parse("bid 135", view) is None
    assert _parse("QH", view) is None
    assert _parse("", view) is None


def test_command_line_with_piped_input() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tysiac", "play", "--seed", "3", "--max-deals", "1"],
        input="\n" * 200,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Score sheet:" in done.stdout
    assert "\x1b[" not in done.stdout  # not a terminal: no colours
    with pytest.raises(SystemExit) as info:
        main(["play", "--seat", "5"])
    assert info.value.code == 2


def test_the_example_script_plays_a_game_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "examples" / "play.py"
    spec = importlib.util.spec_from_file_location("example_play", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 3000))
    final = module.main(seed=2, target=200)
    assert final.is_over
    assert "win" in capsys.readouterr().out.rstrip().splitlines()[-1]
