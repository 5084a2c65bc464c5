"""Tests of :mod:`tysiac.bots` and the command line (:mod:`tysiac.cli`, ``python -m tysiac``)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tysiac import (
    Bid,
    Card,
    Give,
    InvalidDealError,
    InvalidSeatError,
    Layout,
    Move,
    Outcome,
    Pass,
    Phase,
    Play,
    Rank,
    Rules,
    State,
    View,
    apply,
    legal_moves,
    new_game,
    observe,
)
from tysiac.bots import Bot, GreedyBot, RandomBot, play_game
from tysiac.cli import main

PRESETS = ("app", "pl", "ro")


def play_checked(state: State, bots: list[Bot], max_deals: int) -> tuple[State, list[Move]]:
    """Play like :func:`play_game`, asserting that every chosen move is legal."""
    chosen: list[Move] = []
    while not state.is_over and state.deal_number <= max_deals:
        seat = state.to_move
        assert seat is not None
        view = observe(state, seat)
        legal = legal_moves(state)
        assert view.legal_moves == legal
        move = bots[seat].choose(view)
        assert move in legal, (move, legal, state)
        chosen.append(move)
        state = apply(state, move)
    return state, chosen


@given(
    layout=st.sampled_from(list(Layout)),
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 2**64 - 1),
    kinds=st.lists(st.sampled_from(["greedy", "random", "uniform"]), min_size=4, max_size=4),
    optional=st.booleans(),
    dealer_bids=st.booleans(),
)
def test_bots_only_make_legal_moves(
    layout: Layout, preset: str, seed: int, kinds: list[str], optional: bool, dealer_bids: bool
) -> None:
    rules = Rules.preset(
        preset,
        players=layout.players,
        layout=layout,
        declaration="optional" if optional else "automatic",
        forced_bidder=0 if dealer_bids and layout is not Layout.FOUR_SITTER else 1,
    )
    bots: list[Bot] = [
        GreedyBot(seed=seed + i) if k == "greedy" else RandomBot(seed + i, uniform=k == "uniform")
        for i, k in enumerate(kinds[: rules.players])
    ]
    state, chosen = play_checked(new_game(rules, seed=seed), bots, max_deals=3)
    assert chosen
    assert state.is_over or len(state.sheet) == 3


@pytest.mark.parametrize("layout", list(Layout))
@pytest.mark.parametrize("preset", PRESETS)
def test_greedy_games_end_with_a_winner(layout: Layout, preset: str) -> None:
    rules = Rules.preset(preset, players=layout.players, layout=layout)
    state = play_game(rules, seed=11)
    assert state.is_over
    assert state.winner is not None
    assert state.phase is Phase.GAME_OVER
    assert max(state.sheet[-1].scores) >= rules.target
    assert state.sheet[-1].scores == state.scores


def test_greedy_beats_cautious_random() -> None:
    wins = 0
    for seed in range(1, 21):
        greedy_seat = seed % 3
        bots: list[Bot] = [
            GreedyBot(seed=seed) if seat == greedy_seat else RandomBot(seed=seed + seat)
            for seat in range(3)
        ]
        state = play_game(Rules(), bots, seed=seed)
        wins += state.winner == greedy_seat
    # a fair seat would win about 7 of 20; GreedyBot wins all 20 with these seeds
    assert wins >= 16


def test_games_among_cautious_random_bots_end() -> None:
    bots: list[Bot] = [RandomBot(seed=i) for i in range(3)]
    state = play_game(Rules(), bots, seed=5)
    assert state.is_over
    assert state.winner is not None


def test_play_game_is_deterministic_given_the_seed() -> None:
    a = play_game(seed=4)
    b = play_game(seed=4)
    assert a == b
    assert a.sheet == b.sheet
    assert play_game(seed=5).sheet != a.sheet


def test_play_game_max_deals_stops_early() -> None:
    state = play_game(seed=2, max_deals=3)
    assert not state.is_over
    assert len(state.sheet) == 3
    assert state.deal_number == 4
    assert play_game(seed=2, max_deals=0) == new_game(seed=2)
    # the stopped game is the start of the full game
    assert play_game(seed=2).sheet[:3] == state.sheet


def test_play_game_rejects_wrong_bot_count_and_bad_max_deals() -> None:
    with pytest.raises(InvalidSeatError, match="2 bots for 3 players"):
        play_game(bots=[GreedyBot(), GreedyBot()], seed=1)
    with pytest.raises(InvalidDealError):
        play_game(seed=1, max_deals=-1)
    with pytest.raises(ValueError, match="max_deals"):
        play_game(seed=1, max_deals=1.5)  # type: ignore[arg-type]


def test_cautious_random_bot_passes_and_names_the_lowest_contract() -> None:
    rules = Rules.preset("pl", bomb="any-bid")
    bot = RandomBot(seed=3)
    state = new_game(rules, seed=3)
    seen_contract = False
    for _ in range(300):
        view = observe(state, state.to_move)  # type: ignore[arg-type]
        move = bot.choose(view)
        if view.phase is Phase.AUCTION:
            assert move == view.legal_moves[0]
            assert isinstance(move, Pass) or (isinstance(move, Bid) and view.bid == 0)
        if view.phase is Phase.CONTRACT:
            assert move == view.legal_moves[0]
            seen_contract = True
        state = apply(state, move)
    assert seen_contract


def test_uniform_random_bot_is_seeded() -> None:
    def moves(seed: int) -> list[Move]:
        bots: list[Bot] = [RandomBot(seed, uniform=True) for _ in range(3)]
        return play_checked(new_game(seed=1), bots, max_deals=2)[1]

    assert moves(8) == moves(8)
    assert moves(8) != moves(9)


def _greedy_game_views(seeds: range, rules: Rules) -> list[tuple[View, Move]]:
    """Every (view, move) of GreedyBot games with the given seeds."""
    out: list[tuple[View, Move]] = []
    for seed in seeds:
        bots = [GreedyBot(seed=seed + i) for i in range(rules.players)]
        state = new_game(rules, seed=seed)
        while not state.is_over and state.deal_number <= 12:
            seat = state.to_move
            assert seat is not None
            view = observe(state, seat)
            move = bots[seat].choose(view)
            out.append((view, move))
            state = apply(state, move)
    return out


@pytest.fixture(scope="module")
def greedy_moves() -> list[tuple[View, Move]]:
    return _greedy_game_views(range(1, 9), Rules())


def _pair(hand: tuple[Card, ...], card: Card) -> bool:
    partner = Rank.KING if card.rank is Rank.QUEEN else Rank.QUEEN
    return card.is_marriage_card and Card(card.suit, partner) in hand


def test_greedy_never_gives_away_half_of_a_marriage(
    greedy_moves: list[tuple[View, Move]],
) -> None:
    gives = [(v, m) for v, m in greedy_moves if isinstance(m, Give)]
    assert len(gives) > 20
    for view, move in gives:
        assert isinstance(move, Give)
        assert not _pair(view.hand, move.card)
        # the lowest-value card that is not half of a marriage
        free = [c.points for c in view.hand if not _pair(view.hand, c)]
        assert move.card.points == min(free)


def test_greedy_declares_marriages_when_it_leads_with_one(
    greedy_moves: list[tuple[View, Move]],
) -> None:
    leads = [
        (v, m)
        for v, m in greedy_moves
        if isinstance(m, Play)
        and not v.trick
        and v.tricks
        and any(_pair(v.hand, c) for c in v.hand if c.rank is Rank.QUEEN)
    ]
    assert leads
    for view, move in leads:
        assert isinstance(move, Play)
        assert _pair(view.hand, move.card), (view.hand, move)


def test_greedy_wins_a_trick_it_can_win_as_last_player(
    greedy_moves: list[tuple[View, Move]],
) -> None:
    checked = 0
    for view, move in greedy_moves:
        if not isinstance(move, Play) or len(view.trick) != 2:
            continue
        trump = view.trump

        def beats(card: Card, best: Card, trump: object = trump) -> bool:
            if card.suit is best.suit:
                return card.rank > best.rank
            return card.suit is trump

        best = view.trick[0][1]
        for _, c in view.trick[1:]:
            if beats(c, best):
                best = c
        can_win = [m for m in view.legal_moves if isinstance(m, Play) and beats(m.card, best)]
        if can_win:
            checked += 1
            assert beats(move.card, best)
            # the cheapest winner in card points
            assert move.card.points <= min(m.card.points for m in can_win) + 10
    assert checked > 20


def test_greedy_bids_with_a_strong_hand_and_passes_with_a_weak_one() -> None:
    # seat 1 opens 100 (forced); seat 2 holds both red marriages and three aces
    deal = ["9S JS QS 9C JC QC 9D", "KS JD AS KC TS TD AD", "KH QH KD QD AH TH AC", "TC 9H JH"]
    state = new_game(deal=deal)
    state = apply(state, Bid(100))
    strong = GreedyBot().choose(observe(state, 2))
    assert isinstance(strong, Bid)
    assert strong.amount > 100
    weak = GreedyBot().choose(observe(apply(state, strong), 0))
    assert weak == Pass()


def test_greedy_raises_the_contract_with_a_strong_hand() -> None:
    deal = ["9S JS QS 9C JC QC 9D", "KH QH KD QD AH TH AC", "KS JD AS KC TS TD AD", "TC 9H JH"]
    state = new_game(deal=deal)
    bot = GreedyBot()
    while state.phase is not Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        state = apply(state, bot.choose(observe(state, seat)))
    assert state.declarer == 1
    assert state.contract is not None
    assert state.contract > state.bid == 100  # the forced bid, raised with two marriages


def test_greedy_is_deterministic_given_its_seed() -> None:
    rules = Rules(players=2)  # two face-down musiks: the bot's seeded blind choice
    runs = [
        play_checked(new_game(rules, seed=3), [GreedyBot(seed=s), GreedyBot(seed=s)], 6)[1]
        for s in (1, 1)
    ]
    assert runs[0] == runs[1]


# --- the command line --------------------------------------------------------------------


def _rows(out: str) -> list[list[str]]:
    return [
        line.split()
        for line in out.splitlines()
        if line.split()[:1] != [] and line.split()[0].isdigit()
    ]


def test_cli_prints_one_row_per_deal_and_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "3"]) == 0
    out = capsys.readouterr().out
    state = play_game(Rules(), [GreedyBot(seed=3 + i) for i in range(3)], seed=3)
    rows = _rows(out)
    assert len(rows) == len(state.sheet)
    assert [int(r[0]) for r in rows] == [row.number for row in state.sheet]
    for cells, row in zip(rows, state.sheet, strict=True):
        assert int(cells[1]) == row.dealer
        assert cells[2] == ("-" if row.declarer is None else str(row.declarer))
        # the running scores are every second column after the result
        assert [int(x) for x in cells[6::2]] == list(row.scores)
        assert [int(x) for x in cells[5::2]] == list(row.deltas)
    assert state.winner is not None
    winner_line = out.strip().splitlines()[-1]
    assert winner_line.startswith(f"Winner: seat {state.winner} with ")
    assert f"after {len(state.sheet)} deals" in winner_line
    header = out.splitlines()[1]
    assert header.split()[:5] == ["Deal", "Dealer", "Declarer", "Contract", "Result"]


def test_cli_outcomes_and_alignment(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "2", "--preset", "pl", "--bots", "greedy,random,greedy"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines()[1:-1]]
    # aligned: every data row has the header's width up to the last column
    assert len({len(line) for line in lines}) == 1
    results = {r[4] for r in _rows(out)}
    assert results <= {"made", "failed", "bomb", "redeal", "claim", "played"}
    assert results & {"made", "failed"}


def test_cli_players_layout_target(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "5", "--layout", "two-draw", "--target", "500"]) == 0
    out = capsys.readouterr().out
    assert "2 players" in out
    assert "target 500" in out
    assert {r[4] for r in _rows(out)} == {"played"}  # no declarer in the draw game
    assert main(["--players", "4", "--max-deals", "2"]) == 0
    out = capsys.readouterr().out
    assert len(_rows(out)) == 2
    assert out.splitlines()[1].count("Seat") == 4
    assert "No winner after 2 deals" in out


def test_cli_uniform_random_with_max_deals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--bots", "uniform", "--max-deals", "4", "--seed", "9"]) == 0
    out = capsys.readouterr().out
    assert len(_rows(out)) == 4
    assert out.strip().splitlines()[-1].startswith("No winner after 4 deals")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "5"], "--players"),
        (["--preset", "xx"], "--preset"),
        (["--seed", "abc"], "--seed"),
        (["--bots", "greedy,clever,greedy"], "clever"),
        (["--bots", "greedy,greedy"], "2 bots for 3 players"),
        (["--layout", "two-draw", "--players", "3"], "layout"),
        (["--layout", "nine"], "--layout"),
        (["--target", "55"], "target"),
        (["--max-deals", "-1"], "--max-deals"),
    ],
)
def test_cli_bad_arguments_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "usage: tysiac" in err
    assert message in err


def test_python_dash_m_tysiac() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tysiac", "--seed", "4", "--max-deals", "2"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert len(_rows(done.stdout)) == 2
    bad = subprocess.run(
        [sys.executable, "-m", "tysiac", "--players", "7"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert bad.returncode == 2
    assert "invalid choice" in bad.stderr


def test_sheet_outcomes_covered_by_cli_words() -> None:
    from tysiac.cli import _outcome

    state = play_game(Rules.preset("pl", bomb="any-bid"), seed=1)
    words = {_outcome(row) for row in state.sheet}
    assert "made" in words
    for row in state.sheet:
        if row.outcome is Outcome.BOMBED:
            assert _outcome(row) == "bomb"
