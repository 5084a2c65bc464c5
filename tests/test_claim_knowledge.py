"""The claim decided on the declarer's knowledge (the rules, section 9).

``Claim()`` is offered only when the declarer's certain line wins every trick in *every*
world it cannot tell apart from the real one, and the claim scores all remaining cards plus
every marriage the declarer holds.  The oracle here plays the line out against every split
of the outstanding cards among the other hands and every legal reply.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from strategies import preset_rules, presets_and_layouts
from strategies import run_moves as run
from tysiac import (
    Bid,
    Claim,
    Contract,
    Give,
    Layout,
    Move,
    Outcome,
    Pass,
    Phase,
    Rules,
    State,
    Suit,
    apply,
    legal_moves,
    new_game,
    observe,
)
from tysiac._engine.claim import NODE_LIMIT, claim_line, outstanding
from tysiac._engine.trickrules import can_meld_on_someone, play_mask, trick_winner
from tysiac._rules.flags import PlayFlags
from tysiac._rules.layouts import active_seats
from tysiac._vocab.masks import ACES, bits

REPRODUCER = ["9S JS QS KS JC QC KC", "AH TH KH QH JH 9H AS", "AC TC AD TD KD QD JD", "TS 9C 9D"]
REPRODUCER_MOVES: list[Move] = [Bid(100), Pass(), Pass(), Give("9C", to=2), Give("9D", to=0)]


def test_claim_scores_the_marriages_in_hand() -> None:
    """The issue's reproducer: the declarer holds the heart marriage; the claim makes 220."""
    s = run(new_game(Rules.preset("pl"), seed=1, deal=REPRODUCER), REPRODUCER_MOVES)
    s = apply(s, Contract(220))
    assert legal_moves(s)[-1] == Claim()
    row = apply(s, Claim()).sheet[-1]
    assert row.outcome is Outcome.CLAIMED
    assert row.totals == (0, 220, 0)
    assert row.marriages == ((1, Suit.HEARTS),)
    assert row.deltas == (0, 220, 0)


def test_auto_claim_scores_like_the_line_played_out() -> None:
    s = new_game(Rules.preset("pl", auto_claim=True), seed=1, deal=REPRODUCER)
    s = run(s, [*REPRODUCER_MOVES, Contract(220)])
    row = s.sheet[-1]
    assert row.outcome is Outcome.CLAIMED and row.deltas == (0, 220, 0)
    # playing it out by hand: lead the queen (declaring hearts), then the rest
    played = run(new_game(Rules.preset("pl"), seed=1, deal=REPRODUCER), REPRODUCER_MOVES)
    played = apply(played, Contract(220))
    while played.deal_number == 1:
        hand = observe(played, played.to_move or 0).hand
        moves = [m for m in legal_moves(played) if m != Claim()]
        if played.to_move == 1:
            queen = [m for m in moves if str(getattr(m, "card", "")) == "QH"]
            move = queen[0] if queen else moves[-1]
        else:
            move = moves[0]
        assert hand
        played = apply(played, move)
    assert played.sheet[-1].deltas == (0, 220, 0)


def test_claim_needs_certainty_not_the_actual_hands() -> None:
    """A claim that works against the actual hands but not against every split is refused.

    The declarer holds A♠ 9♠ and top hearts; the defender holding spades has only the K♠,
    so the 9♠ would win at the end against these hands, but another split (T♠ J♠ with one
    defender) beats it: no claim.
    """
    deal = ["TS JS QS 9C JC QC KC", "AH TH KH AS 9S 9H JH", "AC TC AD TD KD QD JD", "KS 9D QH"]
    s = new_game(Rules.preset("pl"), seed=1, deal=deal)
    s = run(s, [Bid(100), Pass(), Pass(), Give("9D", to=2), Give("9H", to=0), Contract(100)])
    assert Claim() not in legal_moves(s)


# --- the oracle: the line against every split and every reply --------------------------------


def _splits(cards: list[int], sizes: list[int], fixed: list[int]) -> Iterator[list[int]]:
    """Every way to deal ``cards`` into hands of ``sizes`` (plus the cards ``fixed`` each
    already holds); cards left over lie in hidden piles."""
    if not sizes:
        yield []
        return
    for combo in itertools.combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in combo]
        hand = fixed[0] | sum(1 << c for c in combo)
        for tail in _splits(rest, sizes[1:], fixed[1:]):
            yield [hand, *tail]


def _line_wins(
    f: PlayFlags, line: tuple[tuple[int, bool], ...], hands: list[int], trump: int
) -> bool:
    """Whether the declarer's fixed ``line`` wins every trick against every legal reply of
    the defenders holding ``hands`` (in playing order after the declarer)."""
    if not line:
        return True
    (card, declares), rest = line[0], line[1:]
    t, pending = trump, -1
    if declares:
        if f.trump_next:
            pending = card // 6
        else:
            t = card // 6
    return _replies(f, rest, (card,), hands, 0, t, pending)


def _replies(
    f: PlayFlags,
    line: tuple[tuple[int, bool], ...],
    trick: tuple[int, ...],
    hands: list[int],
    k: int,
    trump: int,
    pending: int,
) -> bool:
    if k == len(hands):
        if trick_winner(trick, trump) != 0:
            return False
        return _line_wins(f, line, hands, pending if pending >= 0 else trump)
    hand = hands[k]
    for c in bits(play_mask(hand, trick, trump, f)):
        after = [*hands]
        after[k] = hand ^ 1 << c
        choices = [False]
        if can_meld_on_someone(trick, c, False, f):
            choices = [True, False] if f.optional else [True]
        for declares in choices:
            t, p = trump, pending
            if declares:
                if f.trump_next:
                    p = c // 6
                else:
                    t = c // 6
            if not _replies(f, line, (*trick, c), after, k + 1, t, p):
                return False
    return True


def _claim_positions(rules: Rules, seeds: range) -> Iterator[State]:
    """The declarer's leads with ``Claim()`` offered, in random games (random play)."""
    rng = random.Random(rules.layout.value)
    for seed in seeds:
        s = new_game(rules, seed=seed)
        while s.deal_number == 1 and not s.is_over:
            moves = legal_moves(s)
            if Claim() in moves:
                yield s
            if s.phase is Phase.AUCTION:
                move = moves[0] if rng.random() < 0.7 or len(moves) == 1 else moves[1]
            elif s.phase is Phase.CONTRACT:
                move = moves[0]
            else:
                move = rng.choice([m for m in moves if m != Claim()] or moves)
            s = apply(s, move)


CLAIM_LAYOUTS = [
    Layout.THREE,
    Layout.FOUR_SITTER,
    Layout.FOUR_ALL_PLAY,
    Layout.TWO_CLASSIC,
    Layout.TWO_MUSIKS_OF_THREE,
    Layout.TWO_NO_MUSIK,
    Layout.TWO_OPEN_MUSIK,
]
OPTION_SETS: list[dict[str, object]] = [
    {},
    {"declaration": "optional"},
    {"trump_timing": "next-trick"},
    {"marriage_cards": "queen-only"},
    {"must_trump": False, "must_beat": False},
    {"trump_when_cannot_overtrump": True, "marriage_on_first_trick": False},
]


@pytest.mark.parametrize("layout", CLAIM_LAYOUTS, ids=lambda x: x.value)
@pytest.mark.parametrize("changes", OPTION_SETS, ids=str)
def test_every_offered_claim_wins_in_every_world(
    layout: Layout, changes: dict[str, object]
) -> None:
    rules = preset_rules("pl", layout, **changes)
    f = rules._play
    checked = exhaustive = 0
    rng = random.Random(3)
    for s in _claim_positions(rules, range(40)):
        decl = s.declarer
        assert decl is not None
        hand = s._hands[decl]
        out = outstanding(hand, s._taken, s._discards)
        line = claim_line(f, hand, out, s._trump, not any(s._taken))
        assert line is not None
        # the claim scores every marriage the declarer holds: the line declares them all
        pairs = {c // 6 for c in bits(hand) if c % 6 == 2 and hand >> (c + 1) & 1}
        assert {card // 6 for card, declares in line if declares} == pairs
        seats = active_seats(rules.layout, s.dealer)
        k = seats.index(decl)
        order = [*seats[k + 1 :], *seats[:k]]
        sizes = [s._hands[x].bit_count() for x in order]
        worlds = list(_splits(bits(out), sizes, [0] * len(sizes)))
        if len(worlds) > 100:
            worlds = rng.sample(worlds, 100)
        else:
            exhaustive += 1
        for world in worlds:
            assert _line_wins(f, line, world, s._trump), (s, world)
        checked += 1
        if checked >= 8:
            break
    assert checked >= 3, "too few claims met: widen the seeds"
    assert exhaustive >= 1


def test_claim_search_is_bounded() -> None:
    """The search examines at most NODE_LIMIT positions, whatever the hand."""
    from tysiac._engine.claim import _Search

    f = Rules.preset("pl")._play
    worst = 0
    rng = random.Random(5)
    for _ in range(300):
        cards = rng.sample(range(24), 10)
        hand = sum(1 << c for c in cards[:8])
        out = sum(1 << c for c in cards[8:])
        search = _Search(f)
        search.run(hand, out, rng.randrange(-1, 4), False)
        worst = max(worst, search.nodes)
    assert worst <= NODE_LIMIT + 1


@given(
    st.sampled_from(["app", "pl", "ru"]),
    st.lists(st.integers(0, 23), min_size=1, max_size=20, unique=True),
    st.integers(1, 8),
    st.integers(-1, 3),
    st.booleans(),
)
def test_a_hand_with_nothing_to_declare_gets_the_searchs_line(
    preset: str, cards: list[int], size: int, trump: int, first: bool
) -> None:
    """Without a marriage (or the four aces) in hand the claim test skips the search: its
    line is the one the search finds, or None where the search finds none."""
    from tysiac._engine.claim import _plain_line, _Search
    from tysiac._vocab.masks import marriage_bits

    f = Rules.preset(preset)._play
    hand = sum(1 << c for c in cards[:size])
    out = sum(1 << c for c in cards[size:])
    assume(not marriage_bits(hand))
    assume(not (f.ace_marriage and hand & ACES == ACES))
    assert _plain_line(hand, out, trump) == _Search(f).run(hand, out, trump, first)


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())
def test_claim_depends_only_on_the_declarers_view(preset: str, layout: Layout) -> None:
    """Swapping two other seats' unplayed cards never changes whether Claim() is offered."""
    rules = preset_rules(preset, layout, claim=True)
    rng = random.Random(11)
    for s in _claim_positions(rules, range(6)):
        decl = s.declarer
        seats = [x for x in active_seats(rules.layout, s.dealer) if x != decl]
        if len(seats) < 2:
            continue
        a, b = seats[0], seats[1]
        ha, hb = bits(s._hands[a]), bits(s._hands[b])
        if not ha or not hb:
            continue
        x, y = rng.choice(ha), rng.choice(hb)
        hands = list(s._hands)
        hands[a] ^= 1 << x | 1 << y
        hands[b] ^= 1 << x | 1 << y
        from tysiac._engine.edits import replace

        other = replace(s, hands=tuple(hands))
        assert (Claim() in legal_moves(other)) == (Claim() in legal_moves(s))


@pytest.mark.parametrize("changes", OPTION_SETS, ids=str)
@pytest.mark.parametrize("defenders", [1, 2, 3])
def test_claim_line_wins_against_every_split(changes: dict[str, object], defenders: int) -> None:
    """Random hands and trumps, not only those met in games: every line found wins against
    every split of the outstanding cards and every reply (hands of 4, 4 and 2 cards)."""
    layout = {1: Layout.TWO_NO_MUSIK, 2: Layout.THREE, 3: Layout.FOUR_ALL_PLAY}[defenders]
    f = preset_rules("pl", layout, **changes)._play
    rng = random.Random(defenders)
    size = 2 if defenders == 3 else 4
    found = 0
    for _ in range(300 if defenders == 3 else 120):
        cards = rng.sample(range(24), size * (defenders + 1))
        hand = sum(1 << c for c in cards[:size])
        out = sum(1 << c for c in cards[size:])
        trump = rng.randrange(-1, 4)
        line = claim_line(f, hand, out, trump, rng.random() < 0.2)
        if line is None:
            continue
        found += 1
        for world in _splits(bits(out), [size] * defenders, [0] * defenders):
            assert _line_wins(f, line, world, trump), (bits(hand), world, trump, line)
    assert found >= 3


def test_outstanding_trumps_and_high_cards_stop_a_claim() -> None:
    from tysiac._vocab.cards import parse_cards

    def mask(text: str) -> int:
        return sum(1 << c.index for c in parse_cards(text))

    f = Rules.preset("pl")._play
    hearts = 3
    assert claim_line(f, mask("AS TS"), mask("9H QS"), hearts, False) is None  # a ruff
    assert claim_line(f, mask("AS TS"), mask("QS JS"), hearts, False) == ((5, False), (4, False))
    assert claim_line(f, mask("AS KS"), mask("TS 9S"), -1, False) is None  # T♠ kept for K♠
    assert claim_line(f, mask("AS KS"), mask("TS 9D"), -1, False) is not None  # T♠ falls
    assert claim_line(f, mask("AH 9H AS"), mask("TH JH KS"), hearts, False) is None
    assert claim_line(f, mask("AH 9H AS"), mask("TH KS QS"), hearts, False) is not None
