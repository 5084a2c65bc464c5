"""Shared hypothesis strategies and random-play helpers for the ``tysiac`` test suite.

Import from here rather than writing new generators, so every test draws rules and games
the same way::

    from strategies import play_random, presets_and_layouts, rules, seeds

Stable public names (other test modules rely on them):

- :data:`LAYOUTS`, :data:`PRESETS`: every layout and every preset name.
- :func:`preset_rules`: the rules of one preset for one layout.
- :func:`presets_and_layouts`: every ``(preset, layout)`` pair, for ``parametrize``.
- :func:`rules`: a strategy of random *valid* :class:`~tysiac.Rules`; every option varies
  (:data:`VARIED_OPTIONS`; a test fails when ``Rules`` gains an option not drawn here).
- :func:`seeds`: a strategy of game seeds.
- :func:`choose_move`: one move of a policy (``"cautious"`` or ``"uniform"``).
- :func:`play_random`: play a game forward with a policy and an optional per-move hook.
- :func:`play_deal`: play until the current deal is over.

Invariant checks (plain functions that raise AssertionError): :func:`check_cards`,
:func:`check_turn`, :func:`check_legal_moves`, :func:`check_apply` (input unchanged),
:func:`check_illegal` (with :func:`candidate_moves` and :data:`NOT_MOVES`),
:func:`snapshot`, :func:`move_key` (the documented order of ``legal_moves``),
:func:`location_counts` (cards per location of ``state._c``), :data:`FULL`.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Literal

from hypothesis import strategies as st

from tysiac import (
    CARDS,
    BarrelFailure,
    BarrelMounting,
    Bid,
    BoltRule,
    Bomb,
    BombPayout,
    BombRule,
    ChooseMusik,
    Claim,
    Concede,
    ConcessionPayout,
    ConcessionTiming,
    Contract,
    Declaration,
    DefenderCap,
    Discard,
    Give,
    HalfRounding,
    IllegalMoveError,
    Layout,
    MarriageCards,
    Move,
    NotAMoveError,
    Pass,
    Phase,
    Play,
    Redeal,
    RedealMarriage,
    Rules,
    State,
    TrumpTiming,
    View,
    apply,
    legal_moves,
)

__all__ = [
    "FULL",
    "LAYOUTS",
    "NOT_MOVES",
    "PHASE_MOVES",
    "PLAY_SHAPE",
    "PRESETS",
    "VARIED_OPTIONS",
    "Policy",
    "auction_view",
    "candidate_moves",
    "check_apply",
    "check_cards",
    "check_illegal",
    "check_legal_moves",
    "check_turn",
    "choose_move",
    "expect_refused",
    "json_values",
    "location_counts",
    "move_key",
    "play_deal",
    "play_random",
    "played_state",
    "preset_rules",
    "presets_and_layouts",
    "rules",
    "seeds",
    "snapshot",
]

#: Every layout, in declaration order.
LAYOUTS: Final[tuple[Layout, ...]] = tuple(Layout)
#: Every preset name.
PRESETS: Final[tuple[str, ...]] = Rules.PRESET_NAMES

#: A random-play policy: ``"cautious"`` takes ``legal_moves[0]`` in the auction and the
#: contract phase (pass / the forced bid / contract = bid) and a random move elsewhere, so
#: games end; ``"uniform"`` picks every move uniformly (games then rarely end).
Policy = Literal["cautious", "uniform"]

_CAUTIOUS_PHASES: Final = (Phase.AUCTION, Phase.CONTRACT)


def all_cards(s: State) -> int:
    """The union of every card location of ``s`` (an invariant: always all 24 cards)."""
    c = s._c
    m = c.deal.discards | sum(1 << x for x in c.trick) | sum(1 << x for x in c.stock)
    for x in (*c.hands, *c.deal.musiks, *c.taken):
        m |= x
    return m


def preset_rules(preset: str, layout: Layout, **changes: Any) -> Rules:
    """The rules of ``preset`` played with ``layout`` (and its player count).

    Args:
        preset: a preset name, one of :data:`PRESETS`.
        layout: the layout; the player count follows from it.
        **changes: further option changes, passed to :meth:`Rules.preset`.
    """
    return Rules.preset(preset, players=layout.players, layout=layout, **changes)


def presets_and_layouts() -> list[tuple[str, Layout]]:
    """Every preset × every layout (each layout fixes its player count): 5 × 8 = 40 pairs.

    Meant for ``pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())``.
    """
    return [(preset, layout) for preset in PRESETS for layout in LAYOUTS]


def seeds() -> st.SearchStrategy[int]:
    """Game seeds: any 64-bit unsigned int (the engine reduces every seed mod 2**64)."""
    return st.integers(min_value=0, max_value=2**64 - 1)


_TARGETS: Final = (100, 200, 500, 1000, 1500)

#: The options that :func:`rules` draws: every init option of ``Rules``
#: (``test_properties`` checks that this stays true when options are added).
VARIED_OPTIONS: Final = frozenset(
    {
        "players",
        "layout",
        "target",
        "first_dealer",
        "partnerships",
        "redeal",
        "redeal_four_nines",
        "redeal_threshold",
        "redeal_marriage",
        "opening_bid",
        "forced_bidder",
        "bid_step",
        "high_bid_step",
        "high_bids_from",
        "free_opening",
        "auction_max_bid",
        "jump_bids",
        "bid_cap_marriages",
        "max_bid",
        "hide_musik_at_opening_bid",
        "contract_raise",
        "bomb",
        "bomb_payout",
        "bombs_per_player",
        "must_beat",
        "must_trump",
        "trump_when_cannot_overtrump",
        "play_highest",
        "overtrump_declarer",
        "free_play_while_stock",
        "marriage_values",
        "marriage_cards",
        "declaration",
        "marriage_on_first_trick",
        "trump_timing",
        "rounding_unit",
        "rounding_half",
        "defender_marriages_count",
        "declarer_rounded",
        "barrel",
        "defender_cap",
        "claim",
        "auto_claim",
        "barrel_clamp",
        "barrel_deals",
        "barrel_penalty",
        "barrel_knock_off",
        "barrel_failure",
        "barrel_mounting",
        "barrel_reset_every",
        "no_win_deals",
        "no_win_penalty",
        "bolt_penalty",
        "bolt_rule",
        "bolts_per_penalty",
        "dump_scores",
        "concession",
        "concession_payout",
        "concession_penalty_every",
        "concession_penalty",
        "concession_timing",
        "blind_bids",
        "ace_marriage",
    }
)


@st.composite
def _rules(
    draw: st.DrawFn, layouts: Sequence[Layout], presets: Sequence[str], max_target: int
) -> Rules:
    preset = draw(st.sampled_from(presets))
    layout = draw(st.sampled_from(layouts))
    players = layout.players
    changes: dict[str, Any] = {"players": players, "layout": layout}

    def maybe(name: str, strategy: st.SearchStrategy[Any]) -> None:
        # each option is either left at the preset's value or drawn, so the presets matter
        assert name in VARIED_OPTIONS
        if draw(st.booleans()):
            changes[name] = draw(strategy)

    targets = [t for t in _TARGETS if t <= max_target] or [max_target]
    target = draw(
        st.sampled_from(targets) | st.integers(10, max_target // 10).map(lambda k: k * 10)
    )
    changes["target"] = target
    maybe("first_dealer", st.integers(0, players - 1))
    if players == 4:  # two pairs need four players
        maybe("partnerships", st.booleans())
    maybe("redeal", st.booleans())
    maybe("redeal_four_nines", st.booleans())
    maybe("redeal_threshold", st.integers(10, 18))
    maybe("redeal_marriage", st.sampled_from(RedealMarriage))
    # the auction amounts must fit together: opening and max bid are multiples of the step
    if draw(st.booleans()):
        step = draw(st.sampled_from([5, 10, 20]))
        opening = step * draw(st.integers(max(1, 60 // step), 160 // step))
        changes["bid_step"] = step
        changes["opening_bid"] = opening
        changes["max_bid"] = opening + step * draw(st.integers(0, 300 // step))
    if draw(st.booleans()):  # a higher step from some amount on: opening and max bid on it
        base = Rules.preset(preset, **changes)
        high = base.bid_step * draw(st.sampled_from([1, 2, 4]))
        start = high * draw(st.integers(1, 300 // high))
        opening, top = base.opening_bid, base.max_bid
        if opening >= start and opening % high:
            opening += high - opening % high
        top = max(opening, top - (top % high if top >= start else 0))
        changes.update(high_bid_step=high, high_bids_from=start, opening_bid=opening, max_bid=top)
    if draw(st.booleans()):  # a lower cap for the auction than for the contract
        base = Rules.preset(preset, **changes)
        upper, start = base.high_bid_step, base.high_bids_from
        amounts = [
            a
            for a in range(base.opening_bid, base.max_bid + 1, base.bid_step)
            if upper is None or a < start or a % upper == 0
        ]
        changes["auction_max_bid"] = draw(st.sampled_from(amounts))
    # the forced bidder is a seat offset from the dealer; the sitter (offset 0) cannot bid
    maybe("forced_bidder", st.integers(int(layout is Layout.FOUR_SITTER), players - 1))
    if layout is not Layout.FOUR_SITTER:  # all passing, the dealer plays: not the sitter
        maybe("free_opening", st.booleans())
    maybe("jump_bids", st.booleans())
    maybe("bid_cap_marriages", st.booleans())
    maybe("hide_musik_at_opening_bid", st.booleans())
    maybe("contract_raise", st.booleans())
    maybe("bomb", st.sampled_from(BombRule))
    maybe("bomb_payout", st.sampled_from(BombPayout))
    maybe("bombs_per_player", st.integers(1, 3))
    maybe("must_beat", st.booleans())
    maybe("must_trump", st.booleans())
    maybe("trump_when_cannot_overtrump", st.booleans())
    maybe("play_highest", st.booleans())
    if players > 2:  # two players: no defender plays after the declarer (refused)
        maybe("overtrump_declarer", st.booleans())
    maybe("free_play_while_stock", st.booleans())
    maybe("marriage_values", st.tuples(*[st.integers(0, 200)] * 4))
    maybe("marriage_cards", st.sampled_from(MarriageCards))
    maybe("declaration", st.sampled_from(Declaration))
    maybe("marriage_on_first_trick", st.booleans())
    maybe("trump_timing", st.sampled_from(TrumpTiming))
    maybe("rounding_unit", st.sampled_from([1, 5, 10]))
    maybe("rounding_half", st.sampled_from(HalfRounding))
    maybe("defender_marriages_count", st.booleans())
    maybe("declarer_rounded", st.booleans())
    maybe("barrel", st.none() | st.integers(1, target - 1))
    maybe("defender_cap", st.sampled_from(DefenderCap))
    # the Russian end game: the barrel's mounting rules need a barrel
    has_barrel = changes.get("barrel", Rules.preset(preset, target=target).barrel) is not None
    if has_barrel:
        maybe("barrel_clamp", st.booleans())
        maybe("barrel_deals", st.none() | st.integers(1, 4))
        maybe("barrel_knock_off", st.booleans())
    else:
        changes.update(barrel_clamp=False, barrel_deals=None, barrel_knock_off=False)
    base = Rules.preset(preset, target=target)
    if has_barrel and (
        changes.get("barrel_clamp", base.barrel_clamp)
        or changes.get("barrel_knock_off", base.barrel_knock_off)
        or changes.get("barrel_deals", base.barrel_deals) is not None
    ):  # a barrel that players mount and fall from
        maybe("barrel_mounting", st.sampled_from(BarrelMounting))
        maybe("barrel_reset_every", st.none() | st.integers(1, 3))
    maybe("no_win_deals", st.none() | st.integers(1, 4))
    maybe("no_win_penalty", st.sampled_from([0, 120]))
    maybe("barrel_penalty", st.sampled_from([0, 60, 120]))
    maybe("barrel_failure", st.sampled_from(BarrelFailure))
    maybe("bolt_penalty", st.none() | st.sampled_from([60, 120]))
    maybe("bolt_rule", st.sampled_from(BoltRule))
    maybe("bolts_per_penalty", st.integers(1, 4))
    maybe("dump_scores", st.sampled_from([(), (555,), (-555, 555), (100,)]))
    maybe("concession", st.booleans())
    maybe("concession_payout", st.sampled_from(ConcessionPayout))
    maybe("concession_penalty_every", st.none() | st.integers(1, 3))
    base = Rules.preset(preset, target=target)
    if changes.get("concession", base.concession):
        maybe("concession_timing", st.sampled_from(ConcessionTiming))
    if changes.get("concession_penalty_every", base.concession_penalty_every) is not None:
        maybe("concession_penalty", st.none() | st.sampled_from([0, 120]))
    maybe("blind_bids", st.booleans())
    maybe("ace_marriage", st.none() | st.sampled_from([0, 200, 150]))
    if draw(st.booleans()):
        claim = draw(st.booleans())
        changes["claim"] = claim
        changes["auto_claim"] = claim and draw(st.booleans())
    elif preset == "pl" and draw(st.booleans()):
        changes["auto_claim"] = True  # pl has claim=True
    # enum options also accept their string values: exercise the converter sometimes
    if draw(st.booleans()):
        changes = {k: v.value if isinstance(v, enum.Enum) else v for k, v in changes.items()}
    return Rules.preset(preset, **changes)


def rules(
    *,
    layouts: Sequence[Layout] | None = None,
    presets: Sequence[str] | None = None,
    max_target: int = 1500,
) -> st.SearchStrategy[Rules]:
    """Random valid :class:`~tysiac.Rules`: a preset with any of its options changed.

    Every option of ``Rules`` varies: the layout (hence the player count), the target,
    the first dealer, the redeal, auction, musik, bomb, play, marriage, scoring, barrel and
    claim options.  Each option is either left at the preset's value or drawn, so the
    presets' own combinations come up too.

    Args:
        layouts: restrict the layouts (default: all of :data:`LAYOUTS`).
        presets: restrict the presets (default: all of :data:`PRESETS`).
        max_target: the largest target drawn (targets are multiples of 10 from 100); keep it
            small when a test needs games to end.
    """
    return _rules(tuple(layouts or LAYOUTS), tuple(presets or PRESETS), max(100, max_target))


def run_moves(state: State, moves: Iterable[Move]) -> State:
    """Apply ``moves`` in order."""
    for move in moves:
        state = apply(state, move)
    return state


def play_cards(state: State, cards: str) -> State:
    """Play the cards named in ``cards`` (e.g. ``"AS 9H QS"``), in order."""
    for card in cards.split():
        state = apply(state, Play(card))
    return state


def choose_move(state: State, rng: random.Random, policy: Policy = "cautious") -> Move:
    """One move of ``policy`` in ``state`` (which must not be over).

    ``"cautious"``: ``legal_moves(state)[0]`` in the auction and contract phases (a pass,
    the forced bid, or the contract equal to the bid; never a redeal or a bomb), a random
    legal move elsewhere.  ``"uniform"``: a random legal move.
    """
    moves = legal_moves(state)
    if policy == "cautious" and state.phase in _CAUTIOUS_PHASES:
        return moves[0]
    return rng.choice(moves)


def play_random(
    state: State,
    rng: random.Random,
    policy: Policy = "cautious",
    max_moves: int = 100_000,
    *,
    on_move: Callable[[State, Move, State], None] | None = None,
    stop: Callable[[State], bool] | None = None,
) -> State:
    """Play from ``state`` with ``policy`` until the game is over, ``stop`` says so, or
    ``max_moves`` moves have been made; return the last state.

    Args:
        state: where to start.
        rng: the source of the random choices (seed it for repeatable runs).
        policy: ``"cautious"`` (games end within a few hundred deals) or ``"uniform"``.
        max_moves: the most moves to make.
        on_move: called as ``on_move(before, move, after)`` after every move, e.g. to check
            invariants.
        stop: checked before every move; playing stops when it returns True.
    """
    for _ in range(max_moves):
        if state.is_over or (stop is not None and stop(state)):
            break
        move = choose_move(state, rng, policy)
        after = apply(state, move)
        if on_move is not None:
            on_move(state, move, after)
        state = after
    return state


def play_deal(
    state: State,
    rng: random.Random,
    policy: Policy = "cautious",
    *,
    on_move: Callable[[State, Move, State], None] | None = None,
) -> State:
    """Play the current deal to its end (or a redeal); return the next deal's first state
    (or the game-over state).  See :func:`play_random` for the arguments."""
    number = state.deal_number
    return play_random(
        state, rng, policy, 1_000, on_move=on_move, stop=lambda s: s.deal_number != number
    )


# --- invariant checks, shared by the property and stateful tests -----------------------

#: Every card, as a mask.
FULL: Final = (1 << 24) - 1


def location_counts(state: State) -> list[int]:
    """How many cards each location of the compact state holds (see ``_state.Core``)."""
    c = state._c
    deal = c.deal
    return [
        *(h.bit_count() for h in c.hands),  # hands
        *(m.bit_count() for m in deal.musiks),  # musiks on the table
        deal.discards.bit_count(),  # the declarer's discards
        len(c.stock),  # stock
        len(c.trick),  # the current trick
        *(t.bit_count() for t in c.taken),  # taken piles
    ]


def check_cards(state: State) -> None:
    """Every card is somewhere, and in one place only (internal and public views)."""
    assert all_cards(state) == FULL
    assert sum(location_counts(state)) == 24, location_counts(state)
    public = [
        *state.hands,
        *state.musiks,
        state.discards,
        state.stock,
        tuple(card for _, card in state.trick),
        *state.taken,
    ]
    assert sorted(card.index for part in public for card in part) == list(range(24))


def snapshot(state: State) -> tuple[object, ...]:
    """A value digest of ``state`` to compare before and after a call."""
    return (
        hash(state),
        tuple(map(id, state._c)),
        state.phase,
        state.to_move,
        state.hands,
        state.musiks,
        state.discards,
        state.stock,
        state.trick,
        state.taken,
        state.scores,
        state.bid,
        state.bidder,
        state.passed,
        state.declarer,
        state.contract,
        state.trump,
        state.moves,
        state.sheet,
        state.marriages,
        state.deal_number,
        state.dealer,
    )


def move_key(move: Move) -> tuple[int, int, int]:
    """The documented sort key of ``legal_moves`` (see ``tysiac.legal_moves``)."""
    if isinstance(move, Pass):
        return (0, 0, 0)
    if isinstance(move, Bid):
        return (1, move.amount, 0)
    if isinstance(move, Redeal):
        return (2, 0, 0)
    if isinstance(move, ChooseMusik):
        return (3, move.index, 0)
    if isinstance(move, Give):
        return (4, move.card.index, move.to)
    if isinstance(move, Discard):
        return (5, move.card.index, 0)
    if isinstance(move, Contract):
        return (6, move.amount, 0)
    if isinstance(move, Bomb):
        return (7, 0, 0)
    if isinstance(move, Concede):
        return (7, 1, 0)
    if isinstance(move, Play):
        return (8, move.card.index, int(move.meld))
    return (9, 0, 0)  # Claim


PHASE_MOVES: Final[dict[Phase, tuple[type, ...]]] = {
    Phase.AUCTION: (Pass, Bid, Redeal),
    Phase.CHOOSE_MUSIK: (ChooseMusik,),
    Phase.DISCARD: (Discard, Concede),  # the write-off before the first card
    Phase.GIVE: (Give, Concede),
    Phase.CONTRACT: (Contract, Bomb, Concede),
    Phase.PLAY: (Play, Claim),
}


def check_legal_moves(state: State) -> tuple[Move, ...]:
    """``legal_moves`` is non-empty iff the game goes on, fits the phase, in sorted order."""
    moves = legal_moves(state)
    if state.is_over:
        assert moves == ()
        assert state.to_move is None
        assert state.winner is not None
        return moves
    assert moves, f"no legal moves in {state!r}"
    assert state.to_move is not None
    assert all(isinstance(m, PHASE_MOVES[state.phase]) for m in moves), moves
    assert list(moves) == sorted(moves, key=move_key), moves
    assert len(set(moves)) == len(moves), moves
    return moves


def check_apply(state: State, move: Move) -> State:
    """Apply ``move``, checking the input is unchanged and the result keeps every card."""
    before = snapshot(state)
    after = apply(state, move)
    assert snapshot(state) == before
    check_cards(after)
    return after


def candidate_moves(state: State) -> list[object]:
    """Moves of every kind, most of them illegal in ``state``."""
    r = state.rules
    step = r.bid_step
    amounts = {
        -step,
        0,
        step // 2,
        r.opening_bid - step,
        r.opening_bid,
        r.opening_bid + step,
        state.bid,
        state.bid + step,
        state.bid + step // 2,
        state.bid + 2 * step,
        120,
        125,
        r.max_bid,
        r.max_bid + step,
        10_000,
    }
    out: list[object] = []
    out += [Play(c) for c in CARDS] + [Play(c, meld=True) for c in CARDS]
    out += [Bid(a) for a in sorted(amounts)] + [Contract(a) for a in sorted(amounts)]
    out += [Pass(), Redeal(), Bomb(), Concede(), Claim()]
    out += [ChooseMusik(i) for i in (-1, 0, 1, 2)]
    out += [Give(c, to) for c in CARDS for to in range(r.players)]
    out += [Discard(c) for c in CARDS]
    return out


NOT_MOVES: Final[tuple[object, ...]] = ("QH", None, 100, ("Play", "QH"), CARDS[0], Bid, [Pass()])


def check_illegal(state: State, legal: tuple[Move, ...], candidates: list[object]) -> int:
    """Every candidate outside ``legal`` is refused with the state unchanged."""
    legal_set = set(legal)
    before = snapshot(state)
    refused = 0
    for move in candidates:
        if move in legal_set:
            continue
        expect_refused(state, move, IllegalMoveError)
        refused += 1
    for thing in NOT_MOVES:
        expect_refused(state, thing, NotAMoveError)
    assert snapshot(state) == before
    return refused


def expect_refused(state: State, move: object, error: type[Exception]) -> None:
    """``apply(state, move)`` raises ``error`` (and nothing else)."""
    try:
        after = apply(state, move)  # type: ignore[call-overload]
    except error:
        return
    raise AssertionError(f"{move!r} was accepted in {state!r}, giving {after!r}")


#: Per layout: (cards in each active hand when the play starts, tricks in a deal).
PLAY_SHAPE: Final[dict[Layout, tuple[int, int]]] = {
    Layout.THREE: (8, 8),
    Layout.FOUR_SITTER: (8, 8),
    Layout.TWO_CLASSIC: (10, 10),
    Layout.TWO_MUSIKS_OF_THREE: (9, 9),
    Layout.TWO_NO_MUSIK: (12, 12),
    Layout.TWO_DRAW: (6, 12),
    Layout.TWO_OPEN_MUSIK: (7, 11),
    Layout.FOUR_ALL_PLAY: (6, 6),
}


def check_turn(state: State) -> None:
    """Phase, seat to move and hand sizes agree with each other.

    ``to_move`` is None iff the game is over; a four-player sitter never moves and holds
    no cards; in the auction the seat to move has not passed; after it the declarer moves
    until the play; in the play every seat in the trick holds one card fewer than the seats
    still to play, and those hold what the layout's shape says.
    """
    over = state.is_over
    assert (state.to_move is None) == over
    assert (state.winner is None) != over
    assert (state.phase is Phase.GAME_OVER) == over
    if over:
        return
    rules = state.rules
    layout = rules.layout
    seat = state.to_move
    assert seat is not None and 0 <= seat < rules.players
    active = [
        s for s in range(rules.players) if not (layout is Layout.FOUR_SITTER and s == state.dealer)
    ]
    if layout is Layout.FOUR_SITTER:
        assert seat != state.dealer, "the sitter is to move"
        assert state.hands[state.dealer] == ()
    phase = state.phase
    if phase is Phase.AUCTION:
        assert seat not in state.passed
        assert state.declarer is None
    elif phase is not Phase.PLAY:
        assert seat == state.declarer
    else:
        assert state.contract is not None or layout is Layout.TWO_DRAW
        trick = state.trick
        played = [s for s, _ in trick]
        if trick:
            assert played[0] == state.leader
            assert seat not in played
        else:
            assert seat == state.leader
        sizes = {s: len(state.hands[s]) for s in active}
        hand, tricks = PLAY_SHAPE[layout]
        full = min(hand, tricks - state.tricks_played)
        assert full >= 1
        for s in active:
            assert sizes[s] == full - (s in played), (sizes, played, full)


# --- records and JSON (issue 8) -----------------------------------------------------------


def played_state(rules: Rules, seed: int, moves: int, policy: Policy = "cautious") -> State:
    """The state after up to ``moves`` moves of ``policy`` from a new game (seeded)."""
    from tysiac import new_game

    return play_random(new_game(rules, seed=seed), random.Random(seed), policy, moves)


def auction_view() -> View:
    """The view of the seat to move after the forced opening bid of seed 7's first auction
    ("app"): its legal moves are a pass and two raises."""
    from tysiac import new_game, observe

    state = new_game(seed=7)
    state = apply(state, legal_moves(state)[0])
    assert state.to_move is not None
    return observe(state, state.to_move)


def json_values(max_leaves: int = 30) -> st.SearchStrategy[object]:
    """Any JSON value: null, booleans, numbers (huge ones too), strings, lists, objects."""
    leaves = (
        st.none()
        | st.booleans()
        | st.integers()
        | st.integers(min_value=10**40, max_value=10**60)
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(max_size=12)
        | st.sampled_from(["QH", "QX", "tysiac/1", "state", "record", "bid", "play", "three"])
    )
    return st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
        ),
        max_leaves=max_leaves,
    )
