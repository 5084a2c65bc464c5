"""``sample_world`` and the knowledge in the view: ``View.possible``, ``View.possible_piles``.

Every sampled world reproduces the view exactly, holds the 24 cards once each, never puts a
card where the view excludes it, and is uniform over the placements that replay.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import check_cards, preset_rules, presets_and_layouts
from tysiac import (
    Card,
    ImpossibleViewError,
    Layout,
    NotAStateError,
    Phase,
    Pile,
    Rules,
    State,
    TysiacError,
    View,
    apply,
    legal_moves,
    new_game,
    observe,
    sample_world,
)
from tysiac._info.problem import problem_of
from tysiac._info.sampling import _build


def _positions(rules: Rules, seed: int, every: int = 3) -> Iterator[State]:
    """Every ``every``-th state of the first two deals of a cautious random game."""
    rng = random.Random(seed)
    s = new_game(rules, seed=seed)
    k = 0
    while s.deal_number <= 2 and not s.is_over:
        if k % every == 0:
            yield s
        k += 1
        moves = legal_moves(s)
        cautious = s.phase in (Phase.AUCTION, Phase.CONTRACT) and rng.random() < 0.7
        s = apply(s, moves[0] if cautious else rng.choice(moves))


def _check_world(state: State, seat: int, rng: random.Random) -> None:
    view = observe(state, seat)
    world = sample_world(view, rng)
    assert observe(world, seat) == view
    check_cards(world)
    for s, hand in enumerate(world.hands):
        assert set(hand) <= view.possible[s], (seat, s)
        assert len(hand) == view.hand_sizes[s]
    for pile in view.possible_piles:
        assert pile.size == len(pile.possible) or pile.size < len(pile.possible)
    if state.to_move == seat:
        assert legal_moves(world) == view.legal_moves
    # the future deals come from a fresh seed, never the real one
    assert world._seed != state._seed


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())
def test_worlds_reproduce_the_view(preset: str, layout: Layout) -> None:
    rules = preset_rules(preset, layout)
    rng = random.Random(layout.value)
    checked = 0
    for state in _positions(rules, seed=len(layout.value) + len(preset), every=4):
        for seat in range(rules.players):
            _check_world(state, seat, rng)
            checked += 1
    assert checked > 10


@settings(max_examples=25, deadline=None)
@given(
    pair=st.sampled_from(presets_and_layouts()),
    seed=st.integers(0, 2**32),
    changes=st.sampled_from(
        [
            {},
            {"declaration": "optional"},
            {"trump_timing": "next-trick"},
            {"free_play_while_stock": False},
            {"hide_musik_at_opening_bid": True},
            {"marriage_cards": "queen-only"},
            {"must_trump": False},
        ]
    ),
)
def test_worlds_reproduce_the_view_with_options(
    pair: tuple[str, Layout], seed: int, changes: dict[str, object]
) -> None:
    preset, layout = pair
    rules = preset_rules(preset, layout, **changes)
    rng = random.Random(seed)
    for state in _positions(rules, seed, every=7):
        seat = rng.randrange(rules.players)
        _check_world(state, seat, rng)


def test_possible_holds_the_truth_and_rules_out_voids() -> None:
    """A defender that did not follow suit is known void in it."""
    rules = Rules()
    voids = 0
    for seed in range(30):
        for state in _positions(rules, seed, every=1):
            for seat in range(3):
                view = observe(state, seat)
                for s in range(3):
                    assert set(state.hands[s]) <= view.possible[s]
                assert view.possible[seat] == frozenset(view.hand)
            if state.phase is Phase.PLAY and len(state.trick) == 2:
                (lead_seat, lead), (who, card) = state.trick
                if card.suit is not lead.suit:
                    view = observe(state, lead_seat)
                    assert not any(c.suit is lead.suit for c in view.possible[who])
                    voids += 1
    assert voids > 5


def test_the_hidden_musik_is_a_pile_until_taken() -> None:
    state = new_game(Rules(), seed=3)
    view = observe(state, 1)
    (pile,) = view.possible_piles
    assert pile.pile is Pile.MUSIK and pile.size == 3
    assert pile.possible == frozenset(
        c for c in map(Card.from_index, range(24)) if c not in view.hand
    )


def test_bad_arguments() -> None:
    view = observe(new_game(seed=1), 0)
    with pytest.raises(NotAStateError):
        sample_world("view", random.Random(1))  # type: ignore[call-overload]
    with pytest.raises(NotAStateError):
        sample_world(view, 5)  # type: ignore[call-overload]


def test_a_view_that_no_game_reaches_is_refused() -> None:
    import attrs

    view = observe(new_game(seed=1), 0)
    # a hand of the wrong size for the seat
    forged = attrs.evolve(view, hand=view.hand[:-1])  # type: ignore[misc]
    with pytest.raises(ImpossibleViewError):
        sample_world(forged, random.Random(1))


# --- uniformity ---------------------------------------------------------------------------------


def reachable(view: View) -> list[tuple[int, ...]]:
    """Every placement of the unseen cards whose world replays to ``view`` (brute force)."""
    problem = problem_of(view)
    slots = problem.slots
    cards = [c for c in range(24) if problem.unknown >> c & 1]
    out = []
    for assign in itertools.product(range(len(slots)), repeat=len(cards)):
        placement = [0] * len(slots)
        for c, i in zip(cards, assign, strict=True):
            placement[i] |= 1 << c
        if any(p.bit_count() != slot.cap for p, slot in zip(placement, slots, strict=True)):
            continue
        if any(p & ~slot.allowed for p, slot in zip(placement, slots, strict=True)):
            continue
        try:
            world = _build(problem, placement, random.Random(0))
        except TysiacError:  # a placement that does not replay
            continue
        if observe(world, view.seat) == view:
            out.append(tuple(placement))
    return out


def _chi2_rejects(counts: list[int], total: int) -> bool:
    """Whether a chi-square test rejects uniformity at the 0.1% level."""
    k = len(counts)
    expected = total / k
    stat = sum((c - expected) ** 2 / expected for c in counts)
    df = k - 1
    # Wilson–Hilferty: the 99.9% quantile of chi-square with df degrees of freedom
    z = 3.090
    critical = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    return stat > critical


def _small_views() -> Iterator[View]:
    """Late positions with a handful of unseen cards, from several layouts."""
    for layout in (Layout.THREE, Layout.TWO_CLASSIC, Layout.FOUR_ALL_PLAY, Layout.TWO_DRAW):
        rules = preset_rules("pl", layout)
        for seed in range(40):
            for state in _positions(rules, seed, every=1):
                if state.phase is not Phase.PLAY or state.to_move is None:
                    continue
                seat = state.to_move
                view = observe(state, seat)
                unseen = (
                    sum(view.hand_sizes) - len(view.hand) + sum(p.size for p in view.possible_piles)
                )
                if 5 <= unseen <= 7:
                    yield view
                    break


def test_sampling_is_uniform_over_the_reachable_placements() -> None:
    rng = random.Random(2024)
    tested = 0
    for view in _small_views():
        worlds = reachable(view)
        if len(worlds) < 4:
            continue
        index = {w: i for i, w in enumerate(worlds)}
        counts = [0] * len(worlds)
        n = 60 * len(worlds)
        problem = problem_of(view)
        for _ in range(n):
            world = sample_world(view, rng)
            key = tuple(
                world._hands[slot.seat] & ~problem.facts.proven[slot.seat]
                if slot.seat is not None
                else _pile_cards(world, slot.pile)
                for slot in problem.slots
            )
            counts[index[key]] += 1
        assert not _chi2_rejects(counts, n), (view.rules.layout, counts)
        # the same test rejects a deliberately biased sampler
        biased = [c * (2 if i % 2 else 1) for i, c in enumerate(counts)]
        assert _chi2_rejects(biased, sum(biased))
        tested += 1
        if tested >= 4:
            break
    assert tested >= 2


def _pile_cards(world: State, pile: Pile | None) -> int:
    m = 0
    if pile is Pile.STOCK:
        for c in world._stock:
            m |= 1 << c
    elif pile is Pile.DISCARDS:
        m = world._discards
    elif pile is Pile.MUSIK_0:
        m = world._musiks[0]
    elif pile is Pile.MUSIK_1:
        m = world._musiks[1]
    elif pile is Pile.MUSIK:
        m = world._musiks[0]
    return m


def test_sampling_the_same_view_with_the_same_seed_repeats() -> None:
    view = observe(next(_positions(Rules(), 5, every=9)), 2)
    a = sample_world(view, random.Random(9))
    b = sample_world(view, random.Random(9))
    assert a == b
    c = Counter(sample_world(view, random.Random(k)).hands for k in range(30))
    assert len(c) > 1


def test_worlds_of_automatic_claims_replay() -> None:
    """Under ``auto_claim`` the declarer's unseen cards decide whether it claims: a world
    whose declarer would have claimed earlier does not replay, and is never returned."""
    rules = Rules.preset("pl", auto_claim=True)
    rng = random.Random(3)
    checked = 0
    for seed in range(4):
        for state in _positions(rules, seed, every=1):
            if state.phase is not Phase.PLAY or state.declarer is None:
                continue
            for seat in range(3):
                if seat != state.declarer:
                    _check_world(state, seat, rng)
                    checked += 1
    assert checked > 20


def test_three_marriages_behind_a_contract_always_get_a_world() -> None:
    """Four players, all play: seat 3's contract of 290 is backed only by its three marriages
    (seat 0 holds the queen of hearts).  Seat 0's view has worlds, rare among the
    placements: each call must find one (the sampler's rejection gave up on a third)."""
    from tysiac import Bid, Contract, Move, Pass, parse_cards

    rules = Rules(players=4, layout=Layout.FOUR_ALL_PLAY)
    deal = ["9S JC 9D AD QH AH", "JS TS AS 9C TC AC", "JD TD 9H JH KH TH", "QS KS QC KC QD KD"]
    state = new_game(rules, deal=deal, seed=1)
    moves: list[Move] = [Bid(100), Pass(), Bid(160), Pass(), Pass(), Contract(290)]
    for move in moves:
        state = apply(state, move)
    view = observe(state, 0)
    marriages = frozenset(parse_cards("QS KS QC KC QD KD"))
    for k in range(40):
        world = sample_world(view, random.Random(k))
        assert observe(world, 0) == view
        assert frozenset(world.hands[3]) == marriages  # nothing else backs 290
