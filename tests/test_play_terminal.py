"""``tysiac play``: a human seat in the terminal, driven by piped input, against golden output.

The golden games are played against, and with the suggestions of, the frozen
``LegacyGreedyBot`` of ``benchmarks/legacy_greedy.py``, so that they do not change when
HeuristicBot improves.  Set ``TYSIAC_UPDATE_GOLDEN=1`` to rewrite the golden files after
an intended change, then read the diff.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from legacy_greedy import LegacyGreedyBot
from tysiac import (
    Bid,
    ChooseMusik,
    Contract,
    IllegalMoveError,
    Layout,
    Move,
    Pass,
    Phase,
    Play,
    Rules,
    State,
    View,
    apply,
    legal_moves,
    move_text,
    new_game,
    observe,
)
from tysiac._cli.play import HELP, QUIT, _ask, play_terminal, read_move
from tysiac._cli.screen import Terminal, narrate
from tysiac.bots import HeuristicBot, RandomBot
from tysiac.cli import main

GOLDEN = Path(__file__).parent / "golden"


def _check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("TYSIAC_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing golden file {path}: run with TYSIAC_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def _play(rules: Rules, lines: list[str], **kwargs: object) -> tuple[str, State]:
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
    "bdi 120",  # a typo: refused, never read as a bid
    "2",  # bid 110 by number
    "bid 120",  # not a legal move while giving: the engine says why
    "give 9C to seat 1",  # the give in words
    "",  # the suggestion: give 9H>2
    "contract 120",
    "AS",
    "ad",  # lower case works
    "QH*",  # no optional declaration in "app": refused with the reason
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
    assert "You: give 9C>1" in text and "You: give 9H>2" in text
    assert "[AS]" in text  # legal cards in brackets without colours
    assert "QH*" in text  # the marriage pair is marked
    assert "Musik: " in text
    assert len(state.sheet) == 1


def test_a_whole_short_game_on_the_suggestions() -> None:
    rules = Rules(target=500)
    text, state = _play(rules, [""] * 3000, seed=8, bots=[LegacyGreedyBot(1), RandomBot(2)])
    _check_golden("play_game.txt", text)
    assert state.is_over
    assert text.rstrip().splitlines()[-1].endswith("points.")
    assert text.count("Score sheet:") == len(state.sheet)


def test_input_ending_stops_the_game() -> None:
    text, state = _play(Rules(), ["", ""], seed=3)
    assert text.rstrip().endswith("Input ended: the game stops here.")
    assert not state.is_over


@pytest.mark.parametrize("layout", list(Layout))
def test_every_layout_and_seat_plays_through_a_deal(layout: Layout) -> None:
    rules = Rules.preset("pl", players=layout.players, layout=layout, target=500)
    seat = layout.players - 1
    text, state = _play(rules, [""] * 400, seed=4, seat=seat, max_deals=1)
    assert len(state.sheet) == 1
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


def _auction_view() -> tuple[State, View]:
    state = apply(new_game(seed=3), Bid(100))
    state = apply(state, Pass())
    return state, observe(state, 0)


def test_read_move_takes_numbers_the_notation_and_the_shortcuts() -> None:
    state, view = _auction_view()
    assert view.phase is Phase.AUCTION
    assert read_move("1", state, view) == Pass()
    assert read_move("pass", state, view) == Pass()
    assert read_move("120", state, view) == Bid(120)
    assert read_move(" Bid 130 ", state, view) == Bid(130)
    assert read_move("quit", state, view) == QUIT


@pytest.mark.parametrize("typo", ["bdi 120", "hello 110", "pass 150", "bid 120 130", "p"])
def test_a_typo_is_refused_never_read_as_a_move(typo: str) -> None:
    state, view = _auction_view()
    reason = read_move(typo, state, view)
    assert isinstance(reason, str) and reason != QUIT
    assert repr(typo) in reason  # the message names what was typed
    text, after = _play(Rules(), [typo, "quit"], seed=3)
    assert text.count("Your move [") == 2  # asked again after the typo, then quit
    assert f"> {typo}\n{reason}\n" in text
    assert after == state  # the opening 100 and a pass: the typo played nothing


def test_a_refused_move_says_why_in_the_engines_words() -> None:
    state, view = _auction_view()
    refused: list[tuple[str, Move]] = [
        ("bid 135", Bid(135)),
        ("QH", Play("QH")),
        ("contract 120", Contract(120)),
    ]
    for typed, move in refused:
        with pytest.raises(IllegalMoveError) as info:
            apply(state, move)
        assert read_move(typed, state, view) == str(info.value)
    text, _ = _play(Rules(), DEAL[:4], seed=3)
    assert (
        "Bid(120) by seat 0 is illegal in Phase.GIVE: the declarer must give a card to each "
        "opponent with Give(card, to)" in text
    )
    assert "is not a legal move here" not in text


def _human_turns(rules: Rules, seed: int, deals: int = 1) -> list[tuple[State, View]]:
    """Every state of a few deals where seat 0 is to move, played by HeuristicBots."""
    state = new_game(rules, seed=seed)
    bots = [HeuristicBot(seed=seed + s) for s in range(rules.players)]
    found = []
    while not state.is_over and len(state.sheet) < deals:
        seat = state.to_move
        assert seat is not None
        if seat == 0:
            found.append((state, observe(state, 0)))
        state = apply(state, bots[seat].choose(observe(state, seat)))
    return found


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules.preset("pl", blind_bids=True, declaration="optional"),
        Rules(players=2),
        Rules.preset("ru", players=4, layout=Layout.FOUR_ALL_PLAY),
    ],
    ids=["app", "pl-blind-optional", "two-classic", "ru-four"],
)
def test_every_move_can_be_typed_as_the_list_shows_it(rules: Rules) -> None:
    for state, view in _human_turns(rules, seed=5, deals=2):
        for i, move in enumerate(view.legal_moves, 1):
            assert read_move(move_text(move), state, view) == move
            assert read_move(str(i), state, view) == move


def test_gives_typed_as_listed_in_notation_and_in_words() -> None:
    lines = ["2", "give 9C>1", "give JC to seat 2", "quit"]
    text, state = _play(Rules(), lines, seed=3)
    assert "You: give 9C>1" in text and "You: give JC>2" in text
    assert state.phase is Phase.CONTRACT


def test_help_lists_the_commands_and_quit_ends_cleanly() -> None:
    text, state = _play(Rules(), ["help", "quit"], seed=3)
    assert "\n".join(HELP) in text
    assert "give 9C>1" in text and "'quit' ends the game" in text
    assert text.count("Your move [") == 2
    assert text.rstrip().endswith("You quit: the game stops here.")
    assert not state.is_over
    done = subprocess.run(
        [sys.executable, "-m", "tysiac", "play", "--seed", "3"],
        input="help\nquit\n",
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.rstrip().endswith("You quit: the game stops here.")


def _musik_choice() -> State:
    """A two-player game where seat 0 has won the auction and chooses a musik."""
    state = new_game(Rules(players=2), seed=1)
    while state.phase is Phase.AUCTION:
        moves = legal_moves(state)
        bids = [m for m in moves if isinstance(m, Bid)]
        state = apply(state, Pass() if state.to_move != 0 and Pass() in moves else bids[0])
    assert state.phase is Phase.CHOOSE_MUSIK and state.to_move == 0
    return state


@pytest.mark.parametrize("index", [0, 1])
def test_musiks_are_numbered_0_and_1_as_in_the_notation(index: int) -> None:
    state = _musik_choice()
    out = io.StringIO()
    view = observe(state, 0)
    typed = io.StringIO(f"musik {index}\n")
    move = _ask(Terminal(out, 0, color=False), state, view, ChooseMusik(0), typed)
    assert move == ChooseMusik(index)
    assert "Moves: 1) musik 0  2) musik 1\n" in out.getvalue()
    after = apply(state, ChooseMusik(index))
    said = io.StringIO()
    narrate(Terminal(said, 0, color=False), state, ChooseMusik(index), after)
    assert said.getvalue() == f"You: musik {index}\n"


def test_a_blind_bid_is_told_apart_from_a_plain_one() -> None:
    rules = Rules.preset("pl", blind_bids=True)
    state, view = next((s, v) for s, v in _human_turns(rules, seed=5) if s.phase is Phase.AUCTION)
    moves = view.legal_moves
    assert Bid(110, blind=True) in moves and Bid(110) in moves
    out = io.StringIO()
    _ask(Terminal(out, 0, color=False), state, view, moves[0], io.StringIO("\n"))
    listed = out.getvalue()
    assert re.search(r"\d+\) bid 110 blind ", listed) and re.search(r"\d+\) bid 110 ", listed)
    assert read_move("bid 110 blind", state, view) == Bid(110, blind=True)
    assert read_move("bid 110", state, view) == Bid(110)


@pytest.mark.parametrize("width", [40, 80, 120])
def test_the_move_list_wraps_between_moves_never_inside_one(width: int) -> None:
    state, view = _auction_view()
    out = io.StringIO()
    _ask(Terminal(out, 0, False, width), state, view, Pass(), io.StringIO("\n"))
    lines = out.getvalue().split("Your move")[0].splitlines()
    assert lines[0].startswith("Moves: 1) pass  2) bid 110")
    assert all(len(line) <= width for line in lines)
    assert all(line.startswith("       ") for line in lines[1:])
    items = [item for line in lines for item in line[7:].split("  ")]
    expected = [f"{i}) {move_text(m)}" for i, m in enumerate(view.legal_moves, 1)]
    assert items == expected


def test_the_points_so_far_count_the_declared_marriages() -> None:
    text, _ = _play(Rules(), DEAL, seed=3, max_deals=1)
    assert "Points taken" not in text
    # you declared hearts (100) and took 47 in cards; seat 1 spades (40) and took 15
    assert "You: QH  (marriage ♥, ♥ is trump)" in text
    assert "Seat 1: KS  (marriage ♠, ♠ is trump)" in text
    assert "Points (cards and marriages): You 147, Seat 1 55, Seat 2 0" in text


def _last_tricks(rules: Rules, seed: int, deals: int) -> list[tuple[int, int]]:
    """(the seat the terminal says took the deal's last trick, the seat whose deal total
    grew by it) for each deal played to its last card."""
    state = new_game(rules, seed=seed)
    bots = [HeuristicBot(seed=seed + s) for s in range(rules.players)]
    found = []
    while not state.is_over and len(state.sheet) < deals:
        seat = state.to_move
        assert seat is not None
        move = bots[seat].choose(observe(state, seat))
        after = apply(state, move)
        if isinstance(move, Play) and after.deal_number != state.deal_number:
            said = io.StringIO()
            narrate(Terminal(said, 0, color=False), state, move, after)
            match = re.search(r"(You|Seat (\d)) takes? the last trick", said.getvalue())
            assert match, said.getvalue()
            told = 0 if match[1] == "You" else int(match[2])
            view = observe(state, seat)
            row = after.sheet[-1]
            marriages = [0] * rules.players
            for who, suit in row.marriages:
                marriages[who] += rules.marriage_values[suit]
            grew = [
                row.totals[s] - marriages[s] - view.card_points[s] for s in range(rules.players)
            ]
            if sum(c.points for _, c in state.trick) + move.card.points:
                found.append((told, max(range(rules.players), key=grew.__getitem__)))
        state = after
    return found


@pytest.mark.parametrize(
    "layout", [Layout.THREE, Layout.TWO_CLASSIC, Layout.TWO_DRAW, Layout.FOUR_ALL_PLAY]
)
def test_the_last_trick_is_announced_with_the_seat_that_took_it(layout: Layout) -> None:
    # no claims: every deal that is played is played to its last card
    rules = Rules.preset("pl", players=layout.players, layout=layout, claim=False)
    found = _last_tricks(rules, seed=2, deals=12)
    assert len(found) >= 3
    for told, took in found:
        assert told == took


def test_every_trick_of_a_deal_is_announced() -> None:
    text, _ = _play(Rules(), DEAL, seed=3, max_deals=1)
    assert len(re.findall(r" takes? the trick \(", text)) == 7
    assert len(re.findall(r" takes? the last trick \(", text)) == 1


def test_the_sitter_is_told_it_sits_out_the_deal() -> None:
    rules = Rules.preset("pl", players=4, layout=Layout.FOUR_SITTER, target=500)
    dealer = new_game(rules, seed=4).dealer
    text, state = _play(rules, [""] * 400, seed=4, seat=dealer, max_deals=1)
    assert "You deal and sit out this deal: the other three play it." in text
    assert len(state.sheet) == 1
    other, _ = _play(rules, [""] * 400, seed=4, seat=(dealer + 1) % 4, max_deals=1)
    assert "sit out" not in other


@given(text=st.text(max_size=30))
def test_any_text_is_a_move_or_one_line_of_reason(text: str) -> None:
    state, view = _auction_view()
    got = read_move(text, state, view)
    if isinstance(got, str):
        assert got == QUIT or ("\n" not in got and got)
    else:
        assert got in view.legal_moves


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
    assert module.main(seed=2, target=200) == 0
    out = capsys.readouterr().out
    assert out.startswith("Tysiąc: preset app, 3 players (three), target 200, seed 2.")
    assert " the game with " in out.rstrip().splitlines()[-1]
    assert "tysiac._" not in path.read_text(encoding="utf-8")  # public names only


def test_a_line_too_long_is_refused_and_the_game_goes_on() -> None:
    """A line longer than LINE_LIMIT is read in pieces (memory stays bounded) and refused;
    the next line is read as a move again."""
    from tysiac._cli.play import LINE_LIMIT

    text, state = _play(Rules(), ["9" * (5 * LINE_LIMIT + 3), "", ""], seed=3)
    assert f"longer than {LINE_LIMIT} characters" in text
    assert text.count(f"longer than {LINE_LIMIT} characters") == 1
    assert text.rstrip().endswith("Input ended: the game stops here.")
    assert state.deal_number == 1


@pytest.mark.parametrize("closed", ["<&-", ">&-"])
def test_play_with_a_closed_standard_stream_is_one_line_and_exit_1(closed: str) -> None:
    done = subprocess.run(
        ["sh", "-c", f'"{sys.executable}" -m tysiac play --max-deals 1 </dev/null {closed}'],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert "closed" in done.stderr
