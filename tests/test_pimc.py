"""PIMCBot (sampled worlds solved exactly) and the double-dummy analysis of games."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from strategies import preset_rules, presets_and_layouts
from tysiac import (
    Bid,
    Claim,
    Concede,
    ConcessionTiming,
    GameAnalysis,
    Give,
    Layout,
    LoadError,
    NotAStateError,
    Pass,
    Phase,
    Play,
    Rules,
    State,
    TysiacError,
    analyse,
    apply,
    from_json,
    legal_moves,
    new_game,
    observe,
    record,
    solve,
    to_json,
)
from tysiac._search.solve import Solver
from tysiac.bots import Bot, HeuristicBot, PIMCBot, RandomBot, play_game
from tysiac.bots._pimc import MARGIN
from tysiac.bots._worlds import Budget, declared
from tysiac.cli import main


def play_deal_with(state: State, bots: list[Bot]) -> State:
    """Play the current deal of ``state`` to its end, each seat's bot choosing from its
    view; every move checked against the legal moves."""
    rows = len(state.sheet)
    while len(state.sheet) == rows and not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = observe(state, seat)
        move = bots[seat].choose(view)
        assert move in view.legal_moves
        state = apply(state, move)
    return state


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())
def test_pimc_plays_only_legal_moves_in_every_preset_and_layout(
    preset: str, layout: Layout
) -> None:
    rules = preset_rules(preset, layout)
    for seed in range(2):
        state = new_game(rules, seed=seed)
        bots: list[Bot] = [
            PIMCBot(worlds=2, nodes=5_000, seed=seed * 10 + s) for s in range(rules.players)
        ]
        bots[seed % rules.players] = HeuristicBot(seed=seed)
        state = play_deal_with(state, bots)
        assert len(state.sheet) >= 1


def test_pimc_plays_whole_games() -> None:
    for players in (2, 3, 4):
        rules = Rules.preset("pl", players=players, target=300)
        bots: list[Bot] = [PIMCBot(worlds=2, nodes=4_000, seed=s) for s in range(players)]
        final = play_game(rules, bots, seed=players)
        assert final.is_over and final.winner in range(players)


def test_pimc_is_deterministic_for_a_seed_and_a_worlds_budget() -> None:
    def game() -> list[str]:
        state = new_game(Rules(), seed=11)
        bots: list[Bot] = [
            PIMCBot(worlds=3, nodes=8_000, seed=5),
            RandomBot(seed=1),
            RandomBot(seed=2),
        ]
        moves = []
        rows = 0
        while len(state.sheet) == rows:
            seat = state.to_move
            assert seat is not None
            move = bots[seat].choose(observe(state, seat))
            moves.append(str(move))
            state = apply(state, move)
        return moves

    assert game() == game()


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"worlds": 0}, "worlds"),
        ({"worlds": "8"}, "worlds"),
        ({"worlds": True}, "worlds"),
        ({"worlds": 10**30}, "worlds"),
        ({"worlds": None}, "give worlds="),
        ({"seconds": -1.0}, "seconds"),
        ({"seconds": float("nan")}, "seconds"),
        ({"seed": "x"}, "seed"),
        ({"nodes": 0}, "nodes"),
        ({"nodes": 2.5}, "nodes"),
    ],
)
def test_pimc_refuses_bad_budgets(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(TysiacError, match=match):
        PIMCBot(**kwargs)  # type: ignore[arg-type]


def test_pimc_chooses_from_a_view_only() -> None:
    state = new_game(seed=3)
    with pytest.raises(NotAStateError):
        PIMCBot(worlds=1).choose(state)  # type: ignore[arg-type]
    with pytest.raises(NotAStateError):
        PIMCBot(worlds=1).choose(observe(state, 0))  # not seat 0's turn: no legal move


def test_pimc_with_a_time_budget_still_answers() -> None:
    state = new_game(seed=4)
    view = observe(state, state.to_move)  # type: ignore[arg-type]
    assert PIMCBot(worlds=None, seconds=0.001, seed=1).choose(view) in view.legal_moves


def test_pimc_repr_and_reseed() -> None:
    bot = PIMCBot(worlds=3, seed=7)
    assert repr(bot) == "PIMCBot(worlds=3, seconds=None, nodes=450000, seed=7)"
    bot.reseed(8)
    assert bot.seed == 8


def _first_lead_of(seed: int) -> State:
    """The first lead of game ``seed``'s first deal that reaches its play (heuristic play)."""
    bots: list[Bot] = [HeuristicBot(seed=s) for s in range(3)]
    state = new_game(Rules(), seed=seed)
    while state.phase is not Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        state = apply(state, bots[seat].choose(observe(state, seat)))
    return state


def test_a_spent_budget_stays_spent() -> None:
    # the search that overruns a budget leaves it below zero; a later question must not
    # read that as "no limit" (the tree's -1)
    start = _first_lead_of(5)
    budget = Budget(10)
    assert budget.count_starts([start], 150) is None
    assert budget.left <= 0
    assert budget.count_starts([start], 150) is None
    assert budget.made_and_margin([start], 150, MARGIN) is None


def test_a_defender_counts_the_marriage_it_declares() -> None:
    # every defender's lead of a king or queen of a marriage it holds banks that marriage
    found = 0
    for seed in range(60):
        state = _first_lead_of(seed)
        bots: list[Bot] = [HeuristicBot(seed=s) for s in range(3)]
        while state.phase is Phase.PLAY:
            seat = state.to_move
            assert seat is not None
            moves = legal_moves(state)
            if seat != state.declarer and not state.trick:
                banked = declared(state, moves, seat)
                for move, points in zip(moves, banked, strict=True):
                    after = apply(state, move).marriages
                    new = after[len(state.marriages) :]
                    expected = sum(
                        state.rules.marriage_values[suit.value] for who, suit in new if who == seat
                    )
                    assert points == expected
                    found += points > 0
            state = apply(state, bots[seat].choose(observe(state, seat)))
        if found >= 3:
            break
    assert found >= 3


def test_a_defenders_shares_are_its_totals_along_the_solvers_lines() -> None:
    # Budget.shares: for each move, the defender's own total at the end of the deal played
    # along a best line after it (its tie-break), and the declarer's value after it
    state = _first_lead_of(3)
    rng_moves = 0
    while state.phase is Phase.PLAY and (state.to_move == state.declarer or rng_moves < 4):
        state = apply(state, legal_moves(state)[0])
        rng_moves += 1
    assert state.phase is Phase.PLAY
    seat = state.to_move
    assert seat is not None and seat != state.declarer
    moves = legal_moves(state)
    which = list(range(len(moves)))
    shares = Budget(10**7).shares([(state, Solver(state))], moves, which, seat)
    assert shares is not None
    rows = len(state.sheet)
    for k, move in enumerate(moves):
        after = apply(state, move)
        solver = Solver(after)
        value = solver.value(after)
        assert shares[k][1] == value == solve(after).value
        end = after
        for step in solver.line(after, value):
            end = apply(end, step)
        assert shares[k][0] == end.sheet[rows].totals[seat]
    assert Budget(0).shares([(state, Solver(state))], moves, which, seat) is None


# --- the analysis ---------------------------------------------------------------------------


def _game() -> State:
    rules = Rules()
    bots: list[Bot] = [HeuristicBot(seed=s) for s in range(3)]
    state = new_game(rules, seed=21)
    for _ in range(2):
        state = play_deal_with(state, bots)
    return state


# --- the write-off before giving cards (concession_timing) -----------------------------------

#: Seat 1, the forced bidder, holds nothing; the others every ace and ten and two marriages.
HOPELESS = ["KD QD AD TD AC TC KC", "9S JS QS 9C JC 9D JD", "KH QH AH TH AS TS KS", "QC 9H JH"]
#: The same cards with seats 0 and 1 swapped: seat 1 holds the diamonds marriage and the clubs.
STRONG = [HOPELESS[1], HOPELESS[0], HOPELESS[2], HOPELESS[3]]
WRITE_OFF = Rules(concession=True, concession_timing=ConcessionTiming.BEFORE_GIVES)


def at_the_gives(deal: list[str]) -> State:
    """Seat 1 makes the forced bid of 100, the others pass: its first give, or the write-off."""
    state = new_game(WRITE_OFF, deal=deal, seed=1)
    for move in (Bid(100), Pass(), Pass()):
        state = apply(state, move)
    assert state.phase is Phase.GIVE and Concede() in legal_moves(state)
    return state


def test_pimc_writes_off_a_hopeless_hand_before_giving_cards() -> None:
    # playing on loses the 100 while the others score their marriages (100 and 80) and their
    # cards; the write-off loses the 100 and gives them 60 each
    state = at_the_gives(HOPELESS)
    assert PIMCBot(worlds=6, seed=1).choose(observe(state, 1)) == Concede()


def test_pimc_plays_a_strong_hand_on() -> None:
    state = at_the_gives(STRONG)
    assert isinstance(PIMCBot(worlds=6, seed=1).choose(observe(state, 1)), Give)


def test_the_heuristic_bot_gives_rather_than_writing_off() -> None:
    # it never concedes (not at the contract either): it gives its cheapest card
    for deal in (HOPELESS, STRONG):
        assert isinstance(HeuristicBot(seed=1).choose(observe(at_the_gives(deal), 1)), Give)


def test_the_analysis_values_are_the_solvers() -> None:
    state = _game()
    analysis = analyse(state)
    assert isinstance(analysis, GameAnalysis)
    assert analysis.deals
    replayed = record(state)
    assert analyse(replayed) == analysis
    for deal in analysis.deals:
        assert all(play.cost >= 0 for play in deal.plays)
        assert deal.costs == tuple(
            sum(p.cost for p in deal.plays if p.seat == s) for s in range(state.players)
        )
    assert analysis.costs == tuple(
        sum(deal.costs[s] for deal in analysis.deals) for s in range(state.players)
    )
    # the first card of the first deal: its value is the solver's, its cost its loss
    deal = analysis.deals[0]
    first = new_game(state.rules, seed=21)
    while first.deal_number < deal.number:  # the deals before the analysed one
        first = apply(first, record(state).moves[_played(first)][1])
    while first.phase is not Phase.PLAY:
        first = apply(first, record(state).moves[_played(first)][1])
    solution = solve(first)
    assert deal.plays[0].value == solution.value
    value_after = dict(solution.values)[deal.plays[0].move]
    assert deal.plays[0].cost == abs(solution.value - value_after)


def _played(state: State) -> int:
    """How many moves of the game come before ``state`` (its finished deals' and its own)."""
    return sum(len(deal.moves) for deal in record(state).deals)


def test_the_analysis_ends_at_the_deals_total() -> None:
    state = _game()
    for deal in analyse(state).deals:
        row = next(r for r in state.sheet if r.number == deal.number)
        last = deal.plays[-1]
        total = row.totals[deal.seat]
        # after the last card the value is the deal's total: the last move's cost says how
        # far below (declarer) or above (defender) the value before it that is
        assert (
            total == last.value - last.cost
            if last.seat == deal.seat
            else total == (last.value + last.cost)
        )


def test_the_analysis_of_a_json_record(tmp_path: Path) -> None:
    state = _game()
    text = to_json(record(state))
    loaded = from_json(text)
    assert analyse(loaded) == analyse(state)  # type: ignore[arg-type]
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path), "--analyse"]) == 0


def test_replay_analyse_prints_every_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = _game()
    path = tmp_path / "game.json"
    path.write_text(to_json(record(state)), encoding="utf-8")
    assert main(["replay", str(path), "--analyse"]) == 0
    out = capsys.readouterr().out
    plays = sum(len(d.plays) for d in analyse(state).deals)
    card = re.compile(r"^ {2}\s*\d+  \S+\s+\d+\s+(-|\d+)$")  # seat, move, value, cost
    assert len([line for line in out.splitlines() if card.match(line)]) == plays
    assert "Cost over the game:" in out


@pytest.mark.parametrize("value", [None, 3, "game", Rules(), json.dumps({"a": 1})])
def test_analyse_refuses_what_is_not_a_game(value: object) -> None:
    with pytest.raises(LoadError):
        analyse(value)  # type: ignore[arg-type]


def test_a_claim_is_analysed() -> None:
    rules = Rules.preset("pl")
    for seed in range(60):
        bots: list[Bot] = [HeuristicBot(seed=s) for s in range(3)]
        state = play_deal_with(new_game(rules, seed=seed), bots)
        moves = [m for _, m in record(state).deals[0].moves]
        if Claim() in moves:
            plays = analyse(state).deals[0].plays
            assert isinstance(plays[-1].move, Claim)
            assert all(isinstance(p.move, Play) for p in plays[:-1])
            return
    raise AssertionError("no claim in these deals")
