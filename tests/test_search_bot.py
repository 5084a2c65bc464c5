"""Tests of :class:`tysiac.bots.SearchBot`: legal in every phase, deterministic, views only."""

from __future__ import annotations

import gc

import pytest
from hypothesis import given, settings

from strategies import preset_rules, presets_and_layouts, rules, seeds
from tysiac import (
    Bid,
    Claim,
    InvalidDealError,
    Layout,
    Move,
    Pass,
    Phase,
    Rules,
    State,
    View,
    apply,
    legal_moves,
    new_game,
    observe,
)
from tysiac.bots import Bot, HeuristicBot, SearchBot, play_game
from tysiac.bots._knowledge import card_mask
from tysiac.bots._tree import Node, candidates


def _deal_with_search_at(
    rules: Rules, seat: int, seed: int, iterations: int = 6
) -> tuple[set[Phase], int]:
    """Play the first deal with a SearchBot at ``seat``: the phases it decided, moves made."""
    n = rules.players
    bots: list[Bot] = [HeuristicBot(seed=s) for s in range(n)]
    bots[seat] = SearchBot(iterations=iterations, seed=seed, playout="random")
    state = new_game(rules, seed=seed)
    phases: set[Phase] = set()
    made = 0
    while not state.is_over and state.deal_number <= 1:
        mover = state.to_move
        assert mover is not None
        view = observe(state, mover)
        move = bots[mover].choose(view)
        assert move in legal_moves(state)
        if mover == seat and len(view.legal_moves) > 1:
            phases.add(view.phase)
            made += 1
        state = apply(state, move)
    return phases, made


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())
def test_search_bot_plays_legal_moves_in_every_preset_and_layout(
    preset: str, layout: Layout
) -> None:
    _, made = _deal_with_search_at(preset_rules(preset, layout), 1, seed=11)
    assert made > 0


def test_search_bot_decides_in_every_phase() -> None:
    seen: set[Phase] = set()
    for layout in (Layout.THREE, Layout.TWO_CLASSIC):
        rules = preset_rules("pl", layout)
        for seed in range(6):
            seen |= _deal_with_search_at(rules, 1, seed=seed, iterations=4)[0]
    assert seen >= {
        Phase.AUCTION,
        Phase.CHOOSE_MUSIK,
        Phase.DISCARD,
        Phase.GIVE,
        Phase.CONTRACT,
        Phase.PLAY,
    }


def test_search_bot_is_deterministic_for_a_seed_and_an_iteration_budget() -> None:
    def run(seed: int) -> list[object]:
        rules = Rules(target=300)
        bots: list[Bot] = [SearchBot(iterations=12, seed=seed), HeuristicBot(1), HeuristicBot(2)]
        state = new_game(rules, seed=5)
        chosen: list[object] = []
        while not state.is_over and state.deal_number <= 2:
            seat = state.to_move
            assert seat is not None
            move = bots[seat].choose(observe(state, seat))
            if seat == 0:
                chosen.append(move)
            state = apply(state, move)
        return chosen

    assert run(3) == run(3)


def test_search_bot_finishes_a_game() -> None:
    bots: list[Bot] = [SearchBot(iterations=4, seed=1, playout="random"), HeuristicBot(1)]
    final = play_game(Rules(players=2, target=200), bots, seed=2)
    assert final.is_over


def test_search_bot_with_a_time_budget() -> None:
    state = new_game(seed=3)
    seat = state.to_move
    assert seat is not None
    move = SearchBot(iterations=None, seconds=0.05, seed=1).choose(observe(state, seat))
    assert move in legal_moves(state)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": 0},
        {"iterations": None},
        {"seconds": -1.0},
        {"playout": "smart"},
        {"playout": 3},
        {"seconds": True},
    ],
)
def test_search_bot_rejects_bad_budgets(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidDealError):
        SearchBot(**kwargs)  # type: ignore[arg-type]


@settings(max_examples=12)
@given(rules_=rules(max_target=300), seed=seeds())
def test_search_bot_plays_legal_moves_under_any_options(rules_: Rules, seed: int) -> None:
    seat = 1 if rules_.players > 2 else 0
    phases, made = _deal_with_search_at(rules_, seat, seed=seed % 1000, iterations=2)
    assert made >= 0 and phases <= set(Phase)


@pytest.mark.parametrize("playout", ["fast", "heuristic", "random"])
def test_search_bot_plays_a_deal_with_each_playout(playout: str) -> None:
    bots: list[Bot] = [
        SearchBot(iterations=8, seed=2, playout=playout),  # type: ignore[arg-type]
        HeuristicBot(1),
        HeuristicBot(2),
    ]
    state = new_game(Rules.preset("pl"), seed=4)
    while not state.is_over and state.deal_number == 1:
        seat = state.to_move
        assert seat is not None
        move = bots[seat].choose(observe(state, seat))
        assert move in legal_moves(state)
        state = apply(state, move)
    assert state.sheet


def test_search_bot_claims_whenever_a_claim_is_offered() -> None:
    rules_ = Rules.preset("pl")
    claimed = 0
    for seed in range(30):
        state = new_game(rules_, seed=seed)
        bots: list[Bot] = [SearchBot(iterations=4, seed=s) for s in range(3)]
        while not state.is_over and state.deal_number == 1:
            seat = state.to_move
            assert seat is not None
            view = observe(state, seat)
            move = bots[seat].choose(view)
            if Claim() in view.legal_moves:
                assert move == Claim()
                claimed += 1
            state = apply(state, move)
        if claimed >= 2:
            break
    assert claimed


def test_search_bot_auction_candidates_are_pass_the_smallest_bids_and_the_heuristics() -> None:
    state = apply(new_game(seed=32), Bid(100))
    view = observe(state, 2)
    move = SearchBot(iterations=30, seed=3).choose(view)
    assert move in (Pass(), Bid(110), Bid(120))


# --- the search tree (information-set MCTS) -----------------------------------------------


def _decisions(rules: Rules, seed: int, count: int) -> list[View]:
    """Views of decisions with several candidates, from a game the heuristic plays."""
    bots = [HeuristicBot(seed=seed + s) for s in range(rules.players)]
    state = new_game(rules, seed=seed)
    views: list[View] = []
    while not state.is_over and len(views) < count:
        seat = state.to_move
        assert seat is not None
        view = observe(state, seat)
        if len(view.legal_moves) > 1 and Claim() not in view.legal_moves:
            views.append(view)
        state = apply(state, bots[seat].choose(view))
    return views


def _roots(view: View, iterations: int, seed: int) -> tuple[Node, tuple[Move, ...]]:
    bot = SearchBot(iterations=iterations, seed=seed)
    prior = HeuristicBot(seed=seed).choose(view)
    roots = candidates(view.phase, view.rules, card_mask(view.hand), view.legal_moves, prior)
    return bot._tree(view, roots, prior), roots


def _check_node(node: Node, top: bool) -> int:
    """Check the counts below ``node``; the number of nodes."""
    count = 1
    below = 0
    for move, child in node.children.items():
        assert child.move == move
        assert child.available >= child.visits >= 1, child
        assert -3.0 <= child.mean() <= 3.0, child
        below += child.visits
        count += _check_node(child, False)
    if not top and node.children:
        # every iteration through a node either added it (its one playout) or went on
        assert node.visits == below + 1, node
    return count


@pytest.mark.parametrize(
    ("preset", "layout"),
    [("app", Layout.THREE), ("pl", Layout.FOUR_SITTER), ("ro", Layout.TWO_CLASSIC)],
)
def test_search_tree_counts_visits_and_availability(preset: str, layout: Layout) -> None:
    for view in _decisions(preset_rules(preset, layout), seed=21, count=40)[::8]:
        root, roots = _roots(view, 40, seed=2)
        assert set(root.children) <= set(roots)
        assert sum(c.visits for c in root.children.values()) == 40
        nodes = _check_node(root, True)
        assert nodes > len(root.children)  # the tree grew below the root
        assert root.best() in roots


def test_search_tree_tries_every_root_candidate_first() -> None:
    view = next(v for v in _decisions(Rules.preset("app"), 8, 60) if v.phase is Phase.PLAY)
    root, roots = _roots(view, len(view.legal_moves), seed=5)
    assert set(root.children) == set(roots) == set(view.legal_moves)
    assert all(c.visits == 1 for c in root.children.values())


def test_search_tree_availability_counts_moves_of_hidden_cards_in_some_worlds_only() -> None:
    # below the root the others' cards differ from world to world: some of their moves are
    # available in some iterations only, so availability falls short of the parent's visits
    view = next(v for v in _decisions(Rules.preset("app"), 3, 80) if v.phase is Phase.PLAY)
    root, _ = _roots(view, 120, seed=1)
    short = [
        c
        for child in root.children.values()
        for c in child.children.values()
        if c.available < child.visits - 1
    ]
    assert short


def test_search_tree_keeps_no_world() -> None:
    view = _decisions(Rules.preset("app"), 4, 30)[-1]
    root, _ = _roots(view, 30, seed=3)
    stack, seen = [root], 0
    while stack:
        node = stack.pop()
        seen += 1
        assert not any(isinstance(v, State) for v in gc.get_referents(node))
        stack.extend(node.children.values())
    assert seen > 1


def test_search_tree_is_deterministic_for_a_seed() -> None:
    view = _decisions(Rules.preset("app"), 6, 30)[-1]

    def shape(node: Node) -> list[object]:
        return [(m, c.visits, round(c.total, 9), shape(c)) for m, c in node.children.items()]

    assert shape(_roots(view, 50, seed=8)[0]) == shape(_roots(view, 50, seed=8)[0])


def test_search_bot_with_only_a_time_budget_stops_and_searched() -> None:
    view = _decisions(Rules.preset("app"), 2, 10)[-1]
    bot = SearchBot(iterations=None, seconds=0.02, seed=1)
    prior = HeuristicBot(seed=1).choose(view)
    roots = candidates(view.phase, view.rules, card_mask(view.hand), view.legal_moves, prior)
    tree = bot._tree(view, roots, prior)  # returns: the clock stopped it
    assert sum(c.visits for c in tree.children.values()) >= 1
    assert tree.best() in roots
