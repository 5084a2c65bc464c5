"""``sample_world`` on views whose unseen cards are tied together: marriages behind bids,
shown musik cards, cards excluded before a draw, the aces.

The joint constraints are counted exactly (``tysiac._info.joint``), so a legitimate view
always gets a world, drawn uniformly, in a bounded number of steps: the dynamic programme
has a bounded number of states and the check of the rebuilt history keeps almost every
placement drawn.  No test here measures time.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import preset_rules, presets_and_layouts
from test_sampling import reachable  # the brute-force count of the worlds a view allows
from tysiac import (
    Bid,
    Contract,
    Layout,
    Move,
    Pass,
    Phase,
    Pile,
    Rules,
    State,
    View,
    apply,
    legal_moves,
    new_game,
    observe,
)
from tysiac._info.joint import Joint
from tysiac._info.problem import Problem, problem_of
from tysiac._info.sampling import DRAW_LIMIT, Sampler

#: The most states the dynamic programme of any legitimate view met here holds (all its
#: layers together), and the most placements one draw needs: the bounds of "bounded".
MAX_STATES = 2_000
MAX_TRIES = 20


# --- the view that failed a third of the time -------------------------------------------------

FOUR = Rules(players=4, layout=Layout.FOUR_ALL_PLAY)
FOUR_DEAL = ["9S JC 9D AD QH AH", "JS TS AS 9C TC AC", "JD TD 9H JH KH TH", "QS KS QC KC QD KD"]


def three_marriages_behind_a_contract() -> View:
    """Seat 1 opens 100, seat 3 bids 160, everyone else passes, seat 3 contracts 290: only
    its three marriages (spades, clubs, diamonds: 180) back 290; seat 0 holds the queen of
    hearts.  Seen from seat 0."""
    state = new_game(FOUR, deal=FOUR_DEAL, seed=1)
    moves: list[Move] = [Bid(100), Pass(), Bid(160), Pass(), Pass(), Contract(290)]
    for move in moves:
        state = apply(state, move)
    return observe(state, 0)


def test_three_marriages_behind_a_contract_in_bounded_steps() -> None:
    view = three_marriages_behind_a_contract()
    sampler = Sampler(view)
    assert sampler._joint.states <= MAX_STATES
    for k in range(40):
        sampler.draw(random.Random(k))
        assert sampler.tries == 1  # counted exactly: no placement drawn is refused


def test_three_marriages_behind_a_contract_are_drawn_uniformly() -> None:
    """Seat 3's hand is forced; the other twelve unseen cards split 6-6 between seats 1 and 2
    uniformly: each lies with seat 1 half of the time."""
    view = three_marriages_behind_a_contract()
    sampler = Sampler(view)
    rng = random.Random(5)
    n = 600
    seen = Counter(c for _ in range(n) for c in sampler.draw(rng).hands[1])
    others = set(seen)
    assert len(others) == 12
    for card in others:  # binomial(600, 1/2): 5 standard deviations is 61
        assert abs(seen[card] - n / 2) < 62, (card, seen[card])


# --- random legitimate views of every preset and layout ---------------------------------------


def _bold(state: State, rng: random.Random) -> Move:
    """A move that bids and contracts as high as the cap allows half of the time (marriages
    behind bids), randomly otherwise."""
    moves = legal_moves(state)
    if state.phase in (Phase.AUCTION, Phase.CONTRACT):
        amounts = [m for m in moves if isinstance(m, Bid | Contract)]
        if amounts and rng.random() < 0.5:
            return max(amounts, key=lambda m: m.amount)
        if rng.random() < 0.5:
            return moves[0]
    return rng.choice(moves)


def real_placement(state: State, problem: Problem) -> list[int]:
    """Where the unseen cards of ``problem`` really are, one mask per slot."""
    out = []
    for slot in problem.slots:
        if slot.seat is not None:
            out.append(state._hands[slot.seat] & ~problem.facts.proven[slot.seat])
        elif slot.pile is Pile.STOCK:
            out.append(sum(1 << c for c in state._stock))
        elif slot.pile is Pile.DISCARDS:
            out.append(state._discards)
        elif slot.pile is Pile.MUSIK_1:
            out.append(state._musiks[1])
        else:  # the musik, or the first of two
            out.append(state._musiks[0])
    return out


def check_view(state: State, seat: int, rng: random.Random) -> Sampler:
    view = observe(state, seat)
    sampler = Sampler(view)
    joint = sampler._joint
    assert joint.states <= MAX_STATES
    assert joint.admits(real_placement(state, sampler._problem))  # the real deal is counted
    world = sampler.draw(rng)
    assert sampler.tries <= MAX_TRIES
    assert observe(world, seat) == view
    if state.to_move == seat:
        assert legal_moves(world) == view.legal_moves
    return sampler


VARIANTS = [
    {},
    {"ace_marriage": 200},
    {"ace_marriage": 100, "claim": True, "auto_claim": True},
    {"max_bid": 500},
    {"declaration": "optional"},
]


@settings(max_examples=60, deadline=None)
@given(
    pair=st.sampled_from(presets_and_layouts()),
    changes=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 60),
)
def test_every_legitimate_view_gets_a_world_in_bounded_steps(
    pair: tuple[str, Layout], changes: dict[str, object], seed: int, moves: int
) -> None:
    preset, layout = pair
    rules = preset_rules(preset, layout, **changes)
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    for _ in range(moves):
        if state.is_over:
            return
        state = apply(state, _bold(state, rng))
    if state.is_over:
        return
    for seat in range(rules.players):
        check_view(state, seat, rng)


def _bold_positions(rules: Rules, seed: int) -> Iterator[State]:
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.deal_number == 1 and not state.is_over:
        yield state
        state = apply(state, _bold(state, rng))


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())
def test_every_position_of_bold_deals(preset: str, layout: Layout) -> None:
    """Every position of two deals of bold bidding (with the ace marriage in one), every seat;
    in the Polish rules, most of the views of a layout with an auction have tied cards."""
    tied = views = 0
    for seed in range(1, 11):
        rules = preset_rules(preset, layout, **({"ace_marriage": 200} if seed % 2 else {}))
        rng = random.Random(seed)
        for state in _bold_positions(rules, seed):
            for seat in range(rules.players):
                tied += bool(check_view(state, seat, rng)._joint.atoms)
                views += 1
        if seed >= 2 and tied:
            break
    if preset == "pl" and layout is not Layout.TWO_DRAW:
        assert tied, views


# --- exactly uniform where the cards are tied -------------------------------------------------


def _tied_small_views(layout: Layout) -> Iterator[View]:
    """Views of ``layout`` with at most 8 unseen cards in which marriages, shown cards or
    excluded cards tie some of them, from bold deals."""
    rules = preset_rules("pl", layout, ace_marriage=200)
    for seed in range(60):
        for state in _bold_positions(rules, seed):
            if state.to_move is None or state.phase is not Phase.PLAY:
                continue
            view = observe(state, state.to_move)
            problem = problem_of(view)
            if not 5 <= problem.unknown.bit_count() <= 8:
                continue
            if Joint(problem).atoms:
                yield view
                break


def _chi2_rejects(counts: list[int], total: int) -> bool:
    """Whether a chi-square test rejects uniformity at the 0.1% level."""
    k = len(counts)
    expected = total / k
    stat = sum((c - expected) ** 2 / expected for c in counts)
    df = k - 1
    z = 3.090
    critical = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    return stat > critical


@pytest.mark.parametrize(
    "layout", [Layout.FOUR_ALL_PLAY, Layout.THREE, Layout.TWO_DRAW, Layout.FOUR_SITTER]
)
def test_tied_views_are_sampled_uniformly_over_what_replays(layout: Layout) -> None:
    """Against brute force: every placement that replays is drawn, none other, and their
    frequencies pass a chi-square test of uniformity; the same test rejects a biased copy."""
    rng = random.Random(2025)
    for view in _tied_small_views(layout):
        worlds = reachable(view)
        if not 8 <= len(worlds) <= 80:
            continue
        problem = problem_of(view)
        sampler = Sampler(view)
        index = {w: i for i, w in enumerate(worlds)}
        counts = [0] * len(worlds)
        n = 40 * len(worlds)
        for _ in range(n):
            world = sampler.draw(rng)
            key = tuple(real_placement(world, problem))
            counts[index[key]] += 1  # a KeyError here: a world that should not be drawn
        assert all(counts), counts  # every reachable world is drawn
        assert not _chi2_rejects(counts, n), counts
        biased = [c * (2 if i % 2 else 1) for i, c in enumerate(counts)]
        assert _chi2_rejects(biased, sum(biased))
        return
    pytest.fail(f"no small view with tied cards met in {layout}")


def test_the_draw_limit_bounds_a_call() -> None:
    assert MAX_TRIES < DRAW_LIMIT
