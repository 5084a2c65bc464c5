"""A defender must overtrump the declarer (``Rules.overtrump_declarer``; the rules, section 7,
Decision 24): hand-made deals for each value, the trick rule on its own, what the table
infers from a defender who did not overtrump, and the solver against a plain minimax.

Three-player seats: seat 0 deals, seat 1 bids first and declares, seat 2 next.
"""

from __future__ import annotations

import random

import pytest

from strategies import run_moves as run
from test_solver import check_exact, position, tricks_left
from tysiac import (
    CARDS,
    Bid,
    Card,
    Contract,
    Give,
    IllegalMoveError,
    InvalidRulesError,
    Layout,
    Pass,
    Play,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
    observe,
    sample_world,
)
from tysiac._engine.trickrules import declarer_pos, play_mask
from tysiac.bots._knowledge import Knowledge

#: Seat 1 (the declarer) holds the hearts marriage and no club; seat 2 the 10 and jack of
#: hearts and no club; seat 0 the ace of hearts and the clubs.
DEAL = [
    "AH AC KC QC JC 9C TC",
    "QH KH 9H AS KS QS JS",
    "TH JH AD KD QD JD 9D",
    "TS 9S TD",
]
#: The same, but the jack of hearts is the declarer's: seat 2 has no heart after trick 1.
DEAL_NO_JACK = [
    "AH AC KC QC JC 9C TC",
    "QH KH 9H JH AS KS QS",
    "TH JS AD KD QD JD 9D",
    "TS 9S TD",
]


def trumped(deal: list[str], **options: bool) -> State:
    """Seat 1 declares hearts on the first trick (seat 0 wins it with the ace), then trumps
    seat 0's lead of the 9 of clubs with the 9 of hearts: seat 2, void in clubs, to play."""
    rules = Rules(marriage_on_first_trick=True, **options)
    state = run(new_game(rules, deal=deal, seed=1), [Bid(100), Pass(), Pass()])
    state = run(state, [Give("TD", to=2), Give("9S", to=0), Contract(100)])
    state = run(state, [Play("QH"), Play("TH"), Play("AH")])  # hearts are trump
    state = run(state, [Play("9C"), Play("9H")])
    assert state.to_move == 2 and state.declarer == 1 and state.trump is not None
    return state


def cards(state: State) -> list[str]:
    return [str(m.card) for m in legal_moves(state) if isinstance(m, Play)]


@pytest.mark.parametrize("must_beat", [True, False])
def test_a_defender_overtrumps_the_declarer_with_the_option(must_beat: bool) -> None:
    state = trumped(DEAL, must_trump=False, must_beat=must_beat, overtrump_declarer=True)
    assert cards(state) == ["JH"]
    with pytest.raises(IllegalMoveError, match="overtrump_declarer"):
        apply(state, Play("AD"))


def test_without_the_option_a_defender_void_of_the_led_suit_plays_any_card() -> None:
    state = trumped(DEAL, must_trump=False)
    assert cards(state) == ["9D", "JD", "QD", "KD", "TD", "AD", "JH"]
    assert apply(state, Play("AD")).to_move == 1  # seat 2 ducks: the declarer leads next


def test_the_option_changes_nothing_where_every_player_must_overtrump() -> None:
    # with must_trump and must_beat (the defaults) the jack is forced either way
    for on in (False, True):
        assert cards(trumped(DEAL, overtrump_declarer=on)) == ["JH"]


def test_must_beat_off_only_asks_for_a_trump_without_the_option() -> None:
    state = trumped(DEAL, must_beat=False)
    assert cards(state) == ["JH"]  # its only trump: any trump would do


HEARTS = Card.parse("AH").index // 6


def mask_cards(mask: int) -> list[str]:
    return [str(c) for c in CARDS if mask >> c.index & 1]


def allowed(hand: str, trick: str, declarer_at: int, **options: bool) -> list[str]:
    """The cards of ``hand`` that may follow to ``trick`` (hearts trump), the declarer's card
    at ``declarer_at`` (-1: the rule does not bind)."""
    f = Rules(**options)._play
    h = sum(1 << Card.parse(c).index for c in hand.split())
    t = tuple(Card.parse(c).index for c in trick.split())
    return mask_cards(play_mask(h, t, HEARTS, f, declarer_at))


def test_the_trick_rule_on_its_own() -> None:
    free = {"must_trump": False, "overtrump_declarer": True}
    hand = "9H QH TH AH 9S"
    # the declarer's 9 of hearts (position 1) wins: a heart above it
    assert allowed(hand, "9C JH", 1, **free) == ["QH", "TH", "AH"]
    assert allowed(hand, "9C JH", 1, play_highest=True, **free) == ["AH"]
    # a defender's trump wins: the rule does not bind (any card)
    assert allowed(hand, "9C JH", 0, **free) == ["9S", "9H", "QH", "TH", "AH"]
    assert allowed(hand, "9C JH", -1, **free) == ["9S", "9H", "QH", "TH", "AH"]
    # a defender overtrumped the declarer's trump already: the rule does not bind
    assert allowed(hand, "9C JH KH", 1, **free) == ["9S", "9H", "QH", "TH", "AH"]
    # no trump above the declarer's: the other rules decide (here: any card)
    assert allowed("9H 9S", "9C JH", 1, **free) == ["9S", "9H"]
    assert allowed("9H 9S", "9C JH", 1, overtrump_declarer=True) == ["9H"]  # must_trump
    # holding the led suit: follow it first, even below the declarer's trump
    assert allowed("9C AH", "JC JH", 1, **free) == ["9C"]


def test_declarer_pos_finds_the_declarer_in_the_trick() -> None:
    f = Rules(overtrump_declarer=True)._play
    # dealer 0: a trick led by seat 0 is played by 0, 1, 2
    assert declarer_pos(f, 0, 0, 1, 2) == 1
    assert declarer_pos(f, 0, 0, 1, 1) == -1  # the declarer is to play
    assert declarer_pos(f, 0, 0, 2, 2) == -1  # the declarer plays after
    assert declarer_pos(f, 0, 0, None, 2) == -1  # no declarer
    assert declarer_pos(Rules()._play, 0, 0, 1, 2) == -1  # the option is off


def test_the_sitter_sits_out() -> None:
    # four players, the dealer (seat 0) sits out: seat 2 leads, the declarer seat 3 trumps
    f = Rules(players=4, layout=Layout.FOUR_SITTER, overtrump_declarer=True)._play
    assert f.trick_seats[0][2] == (2, 3, 1)
    assert declarer_pos(f, 0, 2, 3, 2) == 1


@pytest.mark.parametrize(
    "layout",
    [
        Layout.TWO_CLASSIC,
        Layout.TWO_MUSIKS_OF_THREE,
        Layout.TWO_NO_MUSIK,
        Layout.TWO_DRAW,
        Layout.TWO_OPEN_MUSIK,
    ],
    ids=str,
)
def test_two_players_refuse_the_option(layout: Layout) -> None:
    with pytest.raises(InvalidRulesError, match="overtrump_declarer=True needs three seats"):
        Rules(players=2, layout=layout, overtrump_declarer=True)
    assert not Rules(players=2, layout=layout).overtrump_declarer


def test_four_players_take_the_option() -> None:
    for layout in (Layout.FOUR_SITTER, Layout.FOUR_ALL_PLAY):
        assert Rules(players=4, layout=layout, overtrump_declarer=True).overtrump_declarer


# --- what the table infers ---------------------------------------------------------------------


@pytest.mark.parametrize("on", [True, False])
def test_a_defender_who_did_not_overtrump_holds_no_higher_trump(on: bool) -> None:
    state = trumped(DEAL_NO_JACK, must_trump=False, overtrump_declarer=on)
    assert cards(state) == ["JS", "9D", "JD", "QD", "KD", "TD", "AD"]
    state = apply(state, Play("AD"))  # seat 2 has no heart: it plays a diamond
    view = observe(state, 0)
    jack = Card.parse("JH")
    assert jack in view.possible[1]
    assert (jack in view.possible[2]) is not on  # with the option: not with seat 2
    rng = random.Random(5)
    holders = set()
    for _ in range(60):
        world = sample_world(view, rng)
        holders.add(next(s for s in range(3) if jack in world.hands[s]))
    assert holders == ({1} if on else {1, 2})


@pytest.mark.parametrize("on", [True, False])
def test_the_bots_read_the_rule_too(on: bool) -> None:
    state = apply(trumped(DEAL_NO_JACK, must_trump=False, overtrump_declarer=on), Play("AD"))
    lacks = Knowledge(observe(state, 0)).lacks[2]
    assert bool(lacks >> Card.parse("JH").index & 1) is on


def test_a_defender_who_overtrumped_holds_nothing_higher_with_play_highest() -> None:
    state = trumped(DEAL, must_trump=False, overtrump_declarer=True, play_highest=True)
    state = apply(state, Play("JH"))
    view = observe(state, 1)  # the declarer's view: seat 2 held no heart above the jack
    assert not {Card.parse(c) for c in ("QH", "KH", "TH", "AH")} & view.possible[2]


# --- the solver ---------------------------------------------------------------------------------


def binds(state: State) -> bool:
    """Whether ``overtrump_declarer`` takes cards away from the seat to move here."""
    c = state._c
    p = c.to_move
    if p is None or not c.trick or c.leader is None:
        return False
    f = c.rules._play
    at = declarer_pos(f, c.game.dealer, c.leader, c.deal.declarer, len(c.trick))
    hand = c.hands[p]
    return play_mask(hand, c.trick, c.trump, f, at) != play_mask(hand, c.trick, c.trump, f)


@pytest.mark.parametrize("on", [True, False])
@pytest.mark.parametrize("highest", [True, False])
def test_solve_equals_a_plain_minimax_where_the_rule_binds(on: bool, highest: bool) -> None:
    rules = Rules(
        marriage_on_first_trick=True,
        must_trump=False,
        overtrump_declarer=on,
        play_highest=highest,
    )
    start = run(new_game(rules, deal=DEAL, seed=1), [Bid(100), Pass(), Pass()])
    start = run(start, [Give("TD", to=2), Give("9S", to=0), Contract(100)])
    start = run(start, [Play("QH"), Play("TH"), Play("AH")])
    for club, spade, diamond in (("AC", "JS", "9D"), ("TC", "QS", "JD"), ("JC", "KS", "QD")):
        start = run(start, [Play(club), Play(spade), Play(diamond)])  # seat 0 wins each
    assert start.to_move == 0 and tricks_left(start) == 4
    # seat 0 may lead the 9 of clubs; the declarer trumps with the 9 of hearts: the rule binds
    after = run(start, [Play("9C"), Play("9H")])
    assert binds(after) is on
    check_exact(start)


def test_the_declarers_partner_is_not_made_to_overtrump_it() -> None:
    # four play, the declarer (seat 1) leads: seat 2 defends, seat 3 is its partner
    pairs = Rules(
        players=4, layout=Layout.FOUR_ALL_PLAY, partnerships=True, overtrump_declarer=True
    )
    alone = Rules(players=4, layout=Layout.FOUR_ALL_PLAY, overtrump_declarer=True)
    assert pairs._play.trick_seats[0][1] == (1, 2, 3, 0)
    assert declarer_pos(pairs._play, 0, 1, 1, 1) == 0  # seat 2, a defender, to play
    assert declarer_pos(pairs._play, 0, 1, 1, 2) == -1  # seat 3, the declarer's partner
    assert declarer_pos(pairs._play, 0, 1, 1, 3) == 0  # seat 0, a defender
    assert declarer_pos(alone._play, 0, 1, 1, 2) == 0  # each for themselves: seat 3 defends


@pytest.mark.parametrize("layout", [Layout.FOUR_ALL_PLAY, Layout.FOUR_SITTER])
def test_solve_equals_a_plain_minimax_with_pairs_and_the_rule(layout: Layout) -> None:
    rules = Rules(
        players=4, layout=layout, partnerships=True, overtrump_declarer=True, must_trump=False
    )
    checked = 0
    for seed in range(40):
        start = position(rules, seed, 3)
        if start is not None:
            check_exact(start)
            checked += 1
    assert checked >= 10
