"""The ace marriage (``Rules.ace_marriage``): the four aces declared like a marriage.

Scenarios for the declaration (scored, no trump), each option value, each declaration mode,
the first-trick rule, the bid cap, the claim, JSON and the encoding; what the other seats
learn; ``sample_world`` honouring an ace led without declaring; and random games with the
four aces dealt to one hand.
"""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import check_apply, check_legal_moves, choose_move, run_moves
from strategies import rules as rules_strategy
from test_rollout import mirror
from test_sampling import _chi2_rejects, _pile_cards, reachable
from tysiac import (
    Bid,
    Card,
    Claim,
    Contract,
    Give,
    IllegalMoveError,
    InvalidRulesError,
    Move,
    Outcome,
    Pass,
    Play,
    Rules,
    State,
    Suit,
    View,
    apply,
    from_json,
    legal_moves,
    new_game,
    observe,
    rollout,
    sample_world,
    to_json,
)
from tysiac._info.hidden import hidden_history
from tysiac._info.problem import problem_of
from tysiac._rules.layouts import GEOMETRY
from tysiac.bots import HeuristicBot
from tysiac.bots._estimate import estimate
from tysiac.encoding import action_mask, decode_move, encode_move, feature_names, features

# seat 1 holds the four aces and the heart marriage; the musik gives it the nines of hearts
DEAL = ["9S JS QS 9C JC 9D JD", "AS AC AD AH TH KH QH", "TS KS TC KC QC TD KD", "QD JH 9H"]
ACES = ("AS", "AC", "AD", "AH")


def _contract(rules: Rules, contract: int = 120) -> State:
    """Seat 1 declares at 100, gives 9H and JH away and names ``contract``; its lead."""
    state = new_game(rules, deal=DEAL, seed=1)
    state = run_moves(state, [Bid(100), Pass(), Pass(), Give("9H", to=2), Give("JH", to=0)])
    return apply(state, Contract(contract))


def _trick(state: State, lead: Move) -> State:
    """Seat 1 leads ``lead``; the others play their first legal card."""
    state = apply(state, lead)
    for _ in range(2):
        state = apply(state, legal_moves(state)[0])
    return state


def _finish(state: State) -> State:
    number = state.deal_number
    while state.deal_number == number and not state.is_over:
        state = apply(state, legal_moves(state)[0])
    return state


# --- the declaration ------------------------------------------------------------------------


def test_the_first_ace_led_from_the_four_declares_200_and_no_trump() -> None:
    rules = Rules(ace_marriage=200)
    state = _trick(_contract(rules), Play("TH"))  # the first trick: no declaration
    assert state.to_move == 1 and state.ace_marriage is None
    state = apply(state, Play("AC"))
    assert state.ace_marriage == 1
    assert state.marriages == ()
    assert state.trump is None  # the ace marriage names no trump
    assert observe(state, 0).ace_marriage == 1
    assert "no trump; ace marriage by seat 1" in str(state)
    assert "ace marriage by seat 1" in str(observe(state, 2))
    row = _finish(state).sheet[-1]
    assert row.ace_marriage == 1 and row.marriages == ()
    assert row.totals[1] == 41 + 200  # its card points plus the ace marriage
    assert row.totals[1] - 200 + row.totals[0] + row.totals[2] == 120


def test_off_by_default_leading_an_ace_declares_nothing() -> None:
    assert Rules().ace_marriage is None
    assert Rules.preset("ru").ace_marriage is None  # off in "ru" too
    for rules in (Rules(), Rules.preset("ru")):
        state = _trick(_contract(rules), Play("TH"))
        state = apply(state, Play("AC"))
        assert state.ace_marriage is None
        row = _finish(state).sheet[-1]
        assert row.ace_marriage is None
        assert sum(row.totals) == 120  # card points only


@pytest.mark.parametrize("value", [True, "200", -1, 1001, 2.0])
def test_a_bad_value_is_refused(value: object) -> None:
    with pytest.raises(InvalidRulesError, match=r"ace_marriage=.* must be None or an int"):
        Rules(ace_marriage=value)  # type: ignore[arg-type]


def test_the_value_is_the_option() -> None:
    state = _trick(_contract(Rules(ace_marriage=150)), Play("TH"))
    row = _finish(apply(state, Play("AS"))).sheet[-1]
    assert row.ace_marriage == 1 and sum(row.totals) == 120 + 150


def test_the_trump_of_an_earlier_marriage_stays() -> None:
    rules = Rules(ace_marriage=200)
    state = _trick(_contract(rules), Play("TH"))
    state = _trick(state, Play("QH"))  # the heart marriage: hearts are trump
    assert state.trump is Suit.HEARTS and state.to_move == 1
    state = apply(state, Play("AD"))
    assert state.ace_marriage == 1 and state.trump is Suit.HEARTS
    assert state.marriages == ((1, Suit.HEARTS),)
    row = _finish(state).sheet[-1]
    assert row.marriages == ((1, Suit.HEARTS),) and row.ace_marriage == 1
    assert sum(row.totals) == 120 + 100 + 200


def test_not_on_the_first_trick_unless_marriages_may_be() -> None:
    # "app": no declaration on the first trick, and the ace led there breaks the four
    state = apply(_contract(Rules(ace_marriage=200)), Play("AS"))
    assert state.ace_marriage is None
    assert _finish(state).sheet[-1].ace_marriage is None
    # with marriage_on_first_trick (as in "pl") the first ace led declares
    state = apply(_contract(Rules(ace_marriage=200, marriage_on_first_trick=True)), Play("AS"))
    assert state.ace_marriage == 1 and state.trump is None


def test_optional_declaration() -> None:
    rules = Rules(ace_marriage=200, declaration="optional")
    state = _trick(_contract(rules), Play("TH"))
    moves = legal_moves(state)
    for ace in ACES:
        assert Play(ace) in moves and Play(ace, meld=True) in moves
    assert Play("QD", meld=True) not in moves
    assert apply(state, Play("AC")).ace_marriage is None  # not declared: the chance is gone
    after = apply(state, Play("AC", meld=True))
    assert after.ace_marriage == 1 and after.trump is None
    assert after.moves[-1] == (1, Play("AC", meld=True))
    # on the first trick no ace declares
    first = _contract(rules)
    assert not any(
        isinstance(m, Play) and m.meld and m.card.rank.name == "ACE" for m in legal_moves(first)
    )


def test_illegal_declarations_say_why() -> None:
    state = _trick(_contract(Rules(ace_marriage=200)), Play("TH"))
    with pytest.raises(IllegalMoveError, match="declarations are automatic"):
        apply(state, Play("AC", meld=True))
    with pytest.raises(IllegalMoveError, match="only a king or a queen can"):
        apply(_trick(_contract(Rules(declaration="optional")), Play("TH")), Play("AC", meld=True))
    optional = Rules(ace_marriage=200, declaration="optional")
    first = _contract(optional)
    with pytest.raises(IllegalMoveError, match=r"AC declares no ace marriage here.*section 15"):
        apply(first, Play("AC", meld=True))
    # three aces left after one was led: no ace marriage
    state = _trick(_contract(optional), Play("AS"))
    with pytest.raises(IllegalMoveError, match="declares no ace marriage here"):
        apply(state, Play("AC", meld=True))


def test_a_defender_declares_it_too_and_defender_marriages_count() -> None:
    # seat 2 holds the four aces; seat 1 declares, leads a heart, and seat 2 takes the first
    # trick with its TH, then leads an ace
    deal = ["9S JS QS 9C JC 9D JD", "TS KS TC KC QC TD KD", "AS AC AD AH TH KH QH", "QD JH 9H"]
    for count in (True, False):
        rules = Rules(ace_marriage=200, defender_marriages_count=count)
        state = new_game(rules, deal=deal, seed=1)
        state = run_moves(
            state, [Bid(100), Pass(), Pass(), Give("9H", to=2), Give("QD", to=0), Contract(100)]
        )
        state = apply(state, Play("JH"))
        state = apply(state, Play("TH"))
        state = apply(state, legal_moves(state)[0])
        assert state.to_move == 2
        state = apply(state, Play("AD"))
        assert state.ace_marriage == 2
        row = _finish(state).sheet[-1]
        assert row.ace_marriage == 2 and row.totals[2] >= 200
        melds = 200 + sum(rules.marriage_values[suit] for seat, suit in row.marriages if seat == 2)
        points = row.totals[2] if count else row.totals[2] - melds
        rounded = points - points % 10 + (10 if points % 10 > 5 else 0)
        assert row.deltas[2] == rounded
        assert row.deltas[2] >= 200 if count else row.deltas[2] <= 120


# --- the bid cap, the claim -------------------------------------------------------------------


def test_the_four_aces_raise_the_bid_cap() -> None:
    for value, cap in ((None, 220), (200, 420), (0, 220)):
        state = new_game(Rules(ace_marriage=value, max_bid=500), deal=DEAL, seed=1)
        state = run_moves(state, [Bid(100), Bid(110), Pass()])
        assert state.to_move == 1
        bids = [m.amount for m in legal_moves(state) if isinstance(m, Bid)]
        assert max(bids) == cap, value  # 120 + the heart marriage (+ the ace marriage)
    state = _contract(Rules(ace_marriage=200, max_bid=500), 420)
    assert state.contract == 420
    state = new_game(Rules(ace_marriage=200, max_bid=500), deal=DEAL, seed=1)
    state = run_moves(state, [Bid(100), Bid(110), Pass()])
    with pytest.raises(IllegalMoveError, match="the bid cap with this hand is 420"):
        apply(state, Bid(430))


CLAIM_DEAL = ["9S JS QS 9C JC 9D JD", "AS AC AD AH TH KH QH", "KS KC QC KD QD JH 9H", "TS TC TD"]


def _claim_position(rules: Rules) -> State:
    state = new_game(rules, deal=CLAIM_DEAL, seed=1)
    state = run_moves(
        state, [Bid(100), Pass(), Pass(), Give("TS", to=2), Give("TC", to=0), Contract(100)]
    )
    return state


def test_a_claim_scores_the_ace_marriage() -> None:
    rules = Rules.preset("pl", ace_marriage=200)  # claims; marriages on the first trick
    state = _claim_position(rules)
    assert legal_moves(state)[-1] == Claim()
    row = apply(state, Claim()).sheet[-1]
    assert row.outcome is Outcome.CLAIMED
    assert row.ace_marriage == 1 and row.marriages == ((1, Suit.HEARTS),)
    assert row.totals == (0, 120 + 100 + 200, 0)
    # without the option the same claim scores the marriage only
    row = apply(_claim_position(Rules.preset("pl")), Claim()).sheet[-1]
    assert row.ace_marriage is None and row.totals == (0, 220, 0)


def test_no_claim_where_an_ace_lead_would_waste_the_ace_marriage() -> None:
    # no declaration on the first trick: every line leads an ace first, so no claim yet
    rules = Rules.preset("pl", ace_marriage=200, marriage_on_first_trick=False)
    state = _claim_position(rules)
    assert Claim() not in legal_moves(state)
    state = _trick(state, Play("TD"))  # the first trick taken with a ten
    assert state.to_move == 1 and Claim() in legal_moves(state)
    row = apply(state, Claim()).sheet[-1]
    assert row.ace_marriage == 1 and row.totals[1] == 120 + 100 + 200


def test_an_automatic_claim_declares_it() -> None:
    state = _claim_position(Rules.preset("pl", ace_marriage=200, auto_claim=True))
    assert state.deal_number == 2
    row = state.sheet[-1]
    assert row.outcome is Outcome.CLAIMED and row.ace_marriage == 1


# --- JSON, notation, encoding -------------------------------------------------------------


def test_json_round_trips() -> None:
    rules = Rules(ace_marriage=200, declaration="optional")
    state = apply(_trick(_contract(rules), Play("TH")), Play("AC", meld=True))
    assert from_json(to_json(state), State) == state
    view = observe(state, 2)
    assert from_json(to_json(view), View) == view
    ended = _finish(state)
    loaded = from_json(to_json(ended), State)
    assert loaded == ended and loaded.sheet[-1].ace_marriage == 1
    assert from_json(to_json(rules), Rules) == rules
    # an older document, written before the option existed, loads with the option off
    data = json.loads(to_json(Rules()))
    del data["ace_marriage"]
    assert from_json(json.dumps(data), Rules) == Rules()
    # a view naming a seat that is not a seat is refused
    data = json.loads(to_json(view))
    data["ace_marriage"] = 7
    with pytest.raises(ValueError, match="ace_marriage: 7 is not a seat"):
        from_json(json.dumps(data), View)


def test_notation_and_encoding() -> None:
    rules = Rules(ace_marriage=200, declaration="optional")
    state = _trick(_contract(rules), Play("TH"))
    move = Play("AC", meld=True)
    assert str(move) == "AC*"
    action = encode_move(move, rules)
    assert decode_move(action, rules) == move
    assert action_mask(state)[action]
    assert not action_mask(_contract(rules))[action]  # not on the first trick


def test_the_features_show_who_declared_it() -> None:
    """Version 2 of the features: the ``ace_marriage`` block, by relative seat."""
    rules = Rules(ace_marriage=200)
    before = _trick(_contract(rules), Play("TH"))
    after = apply(before, Play("AC"))  # seat 1 leads an ace from the four: declared
    assert after.ace_marriage == 1
    for seat, name in ((0, "left"), (1, "me"), (2, "right")):
        for state, declared in ((before, False), (after, True)):
            named = dict(zip(feature_names(rules), features(observe(state, seat)), strict=True))
            flags = {k: v for k, v in named.items() if k.startswith("ace_marriage")}
            assert flags == {
                f"ace_marriage[{n}]": float(declared and n == name) for n in ("me", "left", "right")
            }


# --- what the other seats learn -----------------------------------------------------------


def test_a_declared_ace_marriage_shows_the_other_aces() -> None:
    state = apply(_trick(_contract(Rules(ace_marriage=200)), Play("TH")), Play("AS"))
    for seat in (0, 2):
        possible = observe(state, seat).possible
        for ace in ("AC", "AD", "AH"):
            assert Card.parse(ace) in possible[1]
            assert all(Card.parse(ace) not in possible[s] for s in (0, 2) if s != seat)


# seat 1 holds three aces; seat 2 the ace of hearts; seat 0 watches
THREE_ACES = ["9S JS 9C JC 9D JD 9H", "AS AC AD TS TC KS KC", "QS QC AH TD KD QD JH", "TH KH QH"]


def _three_aces(rules: Rules, leads: str) -> State:
    state = new_game(rules, deal=THREE_ACES, seed=1)
    state = run_moves(
        state, [Bid(100), Pass(), Pass(), Give("KS", to=2), Give("KC", to=0), Contract(100)]
    )
    for card in leads.split():
        assert state.to_move == 1, card
        state = apply(state, Play(card))
        for _ in range(2):  # the others keep their aces when they may
            moves = legal_moves(state)
            keep = [m for m in moves if isinstance(m, Play) and m.card.rank.name != "ACE"]
            state = apply(state, keep[0] if keep else moves[0])
    return state


def test_an_ace_led_without_declaring_proves_a_missing_ace() -> None:
    # seat 1 led the AS without declaring, then played the AC and AD: it lacks the AH
    state = _three_aces(Rules(ace_marriage=200), "TS AS AC AD")
    ah = Card.parse("AH")
    view = observe(state, 0)
    assert ah not in view.possible[1] and ah in view.possible[2]
    # without the option, or with optional declaration, nothing follows from it
    for rules in (Rules(), Rules(ace_marriage=200, declaration="optional")):
        assert ah in observe(_three_aces(rules, "TS AS AC AD"), 0).possible[1]
    for _ in range(20):
        world = sample_world(view, random.Random(_))
        assert ah in world.hands[2]


def test_sampling_is_uniform_with_an_ace_led_without_declaring() -> None:
    # seat 1 led the AS (no declaration) and the AC; the AD and the AH are unseen by seat 0
    # and seat 1 cannot hold both: the constraint ties them (no card is excluded alone)
    rules = Rules(ace_marriage=200)
    state = _three_aces(rules, "TS AS AC TC")
    assert state.to_move == 1
    view = observe(state, 0)
    problem = problem_of(view)
    assert problem.facts.no_aces == ((1, 0),)
    ad, ah = Card.parse("AD"), Card.parse("AH")
    assert {ad, ah} <= view.possible[1]  # each alone may be there
    worlds = reachable(view)
    both = (1 << ad.index) | (1 << ah.index)
    assert worlds and all(
        w[i] & both != both for w in worlds for i, s in enumerate(problem.slots) if s.seat == 1
    )
    index = {w: i for i, w in enumerate(worlds)}
    counts = [0] * len(worlds)
    assert len(worlds) == 32  # of the 35 placements without the ace marriage
    rng = random.Random(12)
    n = 40 * len(worlds)
    for _ in range(n):
        world = sample_world(view, rng)
        key = tuple(
            world._hands[slot.seat] & ~problem.facts.proven[slot.seat]
            if slot.seat is not None
            else _pile_cards(world, slot.pile)
            for slot in problem.slots
        )
        counts[index[key]] += 1
    assert not _chi2_rejects(counts, n), counts


# --- bots ---------------------------------------------------------------------------------------


def test_the_heuristic_bot_counts_keeps_and_declares_the_four_aces() -> None:
    hand = sum(1 << Card.parse(c).index for c in (*ACES, "9S", "JS", "9C"))
    assert estimate(Rules(ace_marriage=200), hand) >= estimate(Rules(), hand) + 100
    rules = Rules(ace_marriage=200, declaration="optional")
    state = _contract(rules)
    bot = HeuristicBot(seed=1)
    lead = bot.choose(observe(state, 1))
    assert isinstance(lead, Play) and lead.card.rank.name != "ACE"  # no ace on trick 1
    state = _trick(state, lead)
    while state.to_move == 1 and state.ace_marriage is None and state.deal_number == 1:
        state = _trick(state, bot.choose(observe(state, 1)))
    assert state.ace_marriage == 1


# --- random games with the four aces in one hand --------------------------------------------


@st.composite
def _aces_dealt(draw: st.DrawFn) -> tuple[Rules, list[str], int]:
    """Rules with the ace marriage, and a first deal that gives one seat the four aces."""
    base = draw(rules_strategy(max_target=500))
    value = draw(st.sampled_from([0, 150, 200]))
    r = attrs.evolve(base, ace_marriage=value)
    geo = GEOMETRY[r.layout]
    seats = sorted(r._play.active_seats[r.first_dealer])
    holder = draw(st.sampled_from(range(len(seats))))
    others = draw(st.permutations([c for c in range(24) if c % 6 != 5]))
    deck = list(others)
    size = geo.hand
    for k, ace in enumerate((5, 11, 17, 23)):
        deck.insert(holder * size + k, ace)
    parts: list[str] = []
    pos = 0
    for seat in range(r.players):
        if seat in seats:
            parts.append(" ".join(str(Card.parse(_name(c))) for c in deck[pos : pos + size]))
            pos += size
        else:
            parts.append("")  # the sitter
    for m in geo.musiks:
        parts.append(" ".join(_name(c) for c in deck[pos : pos + m]))
        pos += m
    if pos < 24:
        parts.append(" ".join(_name(c) for c in deck[pos:]))
    return r, parts, seats[holder]


def _name(c: int) -> str:
    return "9JQKTA"[c % 6] + "SCDH"[c // 6]


def _check_the_truth_is_possible(state: State, view: View) -> None:
    """The real cards fit what the view allows, and their placement replays (the sampler
    never rules out the real world)."""
    for s, hand in enumerate(state.hands):
        assert set(hand) <= view.possible[s], (s, hand)
    problem = problem_of(view)
    placement = [
        state._hands[slot.seat] & ~problem.facts.proven[slot.seat]
        if slot.seat is not None
        else _pile_cards(state, slot.pile)
        for slot in problem.slots
    ]
    for cards, slot in zip(placement, problem.slots, strict=True):
        assert cards & ~slot.allowed == 0 and cards.bit_count() == slot.cap, slot
    assert hidden_history(problem, placement) is not None


@settings(max_examples=30, deadline=None)
@given(dealt=_aces_dealt(), seed=st.integers(0, 2**16))
def test_games_with_the_four_aces_in_one_hand(
    dealt: tuple[Rules, list[str], int], seed: int
) -> None:
    r, deal, holder = dealt
    state = new_game(r, deal=deal, seed=seed)
    assert state._hands[holder] & 0x820820 == 0x820820
    rng = random.Random(seed)
    k = 0
    while state.deal_number == 1 and not state.is_over:
        check_legal_moves(state)
        if k % 5 == 0:
            seat = state.to_move
            assert seat is not None
            view = observe(state, seat)
            world = sample_world(view, rng)
            assert observe(world, seat) == view
            assert world.ace_marriage == state.ace_marriage
            _check_the_truth_is_possible(state, view)
        k += 1
        move = choose_move(state, rng, "uniform")
        if Claim() in legal_moves(state) and rng.random() < 0.5:
            move = Claim()  # the declarer lays the hand down: with the four aces, it scores them
            held = state._hands[state.declarer or 0] & 0x820820 == 0x820820
            row = apply(state, move).sheet[-1]
            assert row.ace_marriage == (state.declarer if held else state.ace_marriage)
        state = check_apply(state, move)
    row = state.sheet[-1]
    if row.ace_marriage is not None:
        assert row.ace_marriage == holder
        assert row.outcome in (Outcome.PLAYED, Outcome.CLAIMED)
    assert from_json(to_json(state), State) == state


@settings(max_examples=30, deadline=None)
@given(dealt=_aces_dealt(), seed=st.integers(0, 2**16), k=st.integers(0, 2**32))
def test_rollout_declares_it_like_the_engine(
    dealt: tuple[Rules, list[str], int], seed: int, k: int
) -> None:
    r, deal, _ = dealt
    state = new_game(r, deal=deal, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(12)):  # into the deal, often the play
        if state.deal_number != 1 or state.is_over:
            return
        state = apply(state, choose_move(state, rng, "cautious"))
    if state.is_over:
        return
    assert rollout(state, random.Random(k)) == rollout(state, random.Random(k), policy=mirror)
