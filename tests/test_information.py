"""Non-interference: nothing a seat is given depends on what it may not see.

Two states that differ only in what a seat cannot see — another seat's cards, a face-down
pile, the game's seed — must give that seat equal views (its legal moves and the claim
included) at every step of a game, with claims on, for every preset and layout.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import preset_rules, presets_and_layouts
from tysiac import Layout, Phase, State, apply, legal_moves, new_game, observe
from tysiac._engine.edits import replace
from tysiac._vocab.masks import bits


def _twin(state: State, seat: int, rng: random.Random) -> State | None:
    """``state`` with hidden cards exchanged between two places ``seat`` cannot see (two
    other hands, or a hand and a face-down pile), and another seed; None if there are none."""
    hands = list(state._hands)
    others = [s for s in range(state.players) if s != seat and hands[s]]
    changes: dict[str, object] = {"seed": (state._seed + 1 + rng.randrange(1 << 30)) % 2**64}
    piles = list(state._musiks)
    # the face-down piles still on the table (not the open musik of the draw layout)
    hidden_piles = [i for i, m in enumerate(piles) if m and not m & state._revealed]
    if len(others) >= 2 and rng.random() < 0.6:
        a, b = rng.sample(others, 2)
        x, y = rng.choice(bits(hands[a])), rng.choice(bits(hands[b]))
        hands[a] ^= 1 << x | 1 << y
        hands[b] ^= 1 << x | 1 << y
        changes["hands"] = tuple(hands)
    elif others and hidden_piles:
        a = rng.choice(others)
        i = rng.choice(hidden_piles)
        x, y = rng.choice(bits(hands[a])), rng.choice(bits(piles[i]))
        hands[a] ^= 1 << x | 1 << y
        piles[i] ^= 1 << x | 1 << y
        changes["hands"] = tuple(hands)
        changes["musiks"] = tuple(piles)
    elif others and state._stock:
        a = rng.choice(others)
        stock = list(state._stock)
        k = rng.randrange(len(stock))
        x = rng.choice(bits(hands[a]))
        hands[a] ^= 1 << x | 1 << stock[k]
        stock[k] = x
        changes["hands"] = tuple(hands)
        changes["stock"] = tuple(stock)
    # (replace() also forgets the stored play mask, a function of the hand to move)
    return replace(state, **changes)


@settings(max_examples=30, deadline=None)
@given(pair=st.sampled_from(presets_and_layouts()), seed=st.integers(0, 2**32))
def test_views_do_not_depend_on_hidden_cards(pair: tuple[str, Layout], seed: int) -> None:
    preset, layout = pair
    rules = preset_rules(preset, layout, claim=True)
    rng = random.Random(seed)
    s = new_game(rules, seed=seed)
    steps = 0
    while s.deal_number <= 2 and not s.is_over and steps < 80:
        seat = rng.randrange(rules.players)
        twin = _twin(s, seat, rng)
        if twin is not None:
            assert observe(twin, seat) == observe(s, seat)
        moves = legal_moves(s)
        cautious = s.phase in (Phase.AUCTION, Phase.CONTRACT) and rng.random() < 0.7
        s = apply(s, moves[0] if cautious else rng.choice(moves))
        steps += 1


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())
def test_the_declarers_claim_does_not_depend_on_hidden_cards(preset: str, layout: Layout) -> None:
    """At every declarer lead, exchanging the others' cards never changes the legal moves."""
    rules = preset_rules(preset, layout, claim=True)
    rng = random.Random(layout.value)
    leads = 0
    for seed in range(6):
        s = new_game(rules, seed=seed)
        while s.deal_number == 1 and not s.is_over:
            decl = s.declarer
            if s.phase is Phase.PLAY and decl is not None and s.to_move == decl and not s._trick:
                for _ in range(3):
                    twin = _twin(s, decl, rng)
                    assert twin is not None
                    assert legal_moves(twin) == legal_moves(s)
                leads += 1
            moves = legal_moves(s)
            cautious = s.phase in (Phase.AUCTION, Phase.CONTRACT)
            s = apply(s, moves[0] if cautious else rng.choice(moves))
    if layout is not Layout.TWO_DRAW:
        assert leads > 5


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())
def test_knowledge_is_derived_from_the_view_alone(preset: str, layout: Layout) -> None:
    """``View.possible`` and ``View.possible_piles`` come out the same when recomputed from
    nothing but the view's own fields."""
    from tysiac._info.facts import moves_codes
    from tysiac._info.inference import scan
    from tysiac._info.knowledge import pile_view

    def mask(cards: object) -> int:
        return sum(1 << c.index for c in cards)  # type: ignore[attr-defined]

    rules = preset_rules(preset, layout)
    rng = random.Random(7)
    s = new_game(rules, seed=3)
    while s.deal_number == 1 and not s.is_over:
        for seat in range(rules.players):
            view = observe(s, seat)
            facts = scan(
                view.rules,
                view.seat,
                view.dealer,
                view.declarer,
                mask(view.hand),
                moves_codes(view.moves),
                mask(view.musik),
                mask(view.discards),
                view.hand_sizes,
                tuple([(who, int(suit)) for who, suit in view.marriages]),
                view.stock_size,
            )
            assert tuple(mask(p) for p in view.possible) == facts.possible
            assert pile_view(facts.piles) == view.possible_piles
        moves = legal_moves(s)
        s = apply(s, moves[0] if s.phase in (Phase.AUCTION, Phase.CONTRACT) else rng.choice(moves))


@settings(max_examples=300, deadline=None)
@given(data=st.data(), cards=st.integers(0, 6), slots=st.integers(2, 4))
def test_halls_step_keeps_exactly_the_usable_places(
    data: st.DataObject, cards: int, slots: int
) -> None:
    """The counting step of the scan (``_hall``) keeps a card in a slot exactly when some
    placement of every unknown card, each slot filled to its size, puts it there: checked
    against every placement of up to six cards in two to four slots (one placement the
    slots allow is drawn first, so there is always one)."""
    import itertools

    from tysiac._info.inference import _hall

    places = data.draw(st.permutations(range(24)))[:cards]
    unknown = sum(1 << c for c in places)
    drawn = [data.draw(st.integers(0, slots - 1)) for _ in places]
    caps = [drawn.count(i) for i in range(slots)]
    allowed = [data.draw(st.integers(0, (1 << 24) - 1)) & unknown for _ in range(slots)]
    for c, s in zip(places, drawn, strict=True):
        allowed[s] |= 1 << c
    usable = [0] * slots
    for placement in itertools.product(range(slots), repeat=cards):
        if [placement.count(i) for i in range(slots)] == caps and all(
            allowed[s] >> c & 1 for c, s in zip(places, placement, strict=True)
        ):
            for c, s in zip(places, placement, strict=True):
                usable[s] |= 1 << c
    assert _hall(unknown, allowed, caps) == usable
