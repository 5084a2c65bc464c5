"""Tests of :mod:`tysiac.bots` (the command line is tested in ``test_cli.py``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from legacy_greedy import LegacyGreedyBot
from tysiac import (
    Bid,
    Card,
    Give,
    InvalidDealError,
    InvalidSeatError,
    Layout,
    Move,
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
from tysiac.bots import Bot, HeuristicBot, RandomBot, play_game

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
    kinds=st.lists(st.sampled_from(["heuristic", "random", "uniform"]), min_size=4, max_size=4),
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
        HeuristicBot(seed=seed + i)
        if k == "heuristic"
        else RandomBot(seed + i, uniform=k == "uniform")
        for i, k in enumerate(kinds[: rules.players])
    ]
    state, chosen = play_checked(new_game(rules, seed=seed), bots, max_deals=3)
    assert chosen
    assert state.is_over or len(state.sheet) == 3


@pytest.mark.parametrize("layout", list(Layout))
@pytest.mark.parametrize("preset", PRESETS)
def test_heuristic_games_end_with_a_winner(layout: Layout, preset: str) -> None:
    rules = Rules.preset(preset, players=layout.players, layout=layout)
    state = play_game(rules, seed=11)
    assert state.is_over
    assert state.winner is not None
    assert state.phase is Phase.GAME_OVER
    assert max(state.sheet[-1].scores) >= rules.target
    assert state.sheet[-1].scores == state.scores


def test_heuristic_beats_cautious_random() -> None:
    wins = 0
    for seed in range(1, 21):
        hero_seat = seed % 3
        bots: list[Bot] = [
            HeuristicBot(seed=seed) if seat == hero_seat else RandomBot(seed=seed + seat)
            for seat in range(3)
        ]
        state = play_game(Rules(), bots, seed=seed)
        wins += state.winner == hero_seat
    # a fair seat would win about 7 of 20; HeuristicBot wins all 20 with these seeds
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
        play_game(bots=[HeuristicBot(), HeuristicBot()], seed=1)
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
    """Every (view, move) of LegacyGreedyBot games with the given seeds."""
    out: list[tuple[View, Move]] = []
    for seed in seeds:
        bots = [LegacyGreedyBot(seed=seed + i) for i in range(rules.players)]
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
    strong = LegacyGreedyBot().choose(observe(state, 2))
    assert isinstance(strong, Bid)
    assert strong.amount > 100
    weak = LegacyGreedyBot().choose(observe(apply(state, strong), 0))
    assert weak == Pass()


def test_greedy_raises_the_contract_with_a_strong_hand() -> None:
    deal = ["9S JS QS 9C JC QC 9D", "KH QH KD QD AH TH AC", "KS JD AS KC TS TD AD", "TC 9H JH"]
    state = new_game(deal=deal)
    bot = LegacyGreedyBot()
    while state.phase is not Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        state = apply(state, bot.choose(observe(state, seat)))
    assert state.declarer == 1
    assert state.contract is not None
    assert state.contract > state.bid == 100  # the forced bid, raised with two marriages


def test_heuristic_is_deterministic_given_its_seed() -> None:
    rules = Rules(players=2)  # two face-down musiks: the bot's seeded blind choice
    runs = [
        play_checked(new_game(rules, seed=3), [HeuristicBot(seed=s), HeuristicBot(seed=s)], 6)[1]
        for s in (1, 1)
    ]
    assert runs[0] == runs[1]
