"""The fast playout policy of :class:`~tysiac.bots.SearchBot`: a few card-play rules read
straight from a sampled world.

A playout plays a *sampled* world (see :func:`tysiac.sample_world`) to the end of the deal,
so its policy may look at every hand of that world: it is the search's guess of the rest of
the deal, not a player.  It bids like :class:`~tysiac.bots.HeuristicBot` (the same hand
value, remembered per hand for one decision), gives away and names the contract like it, and
plays its cards by a handful of rules on the engine's card masks: cash certain winners,
declare the best marriage, draw trumps as declarer, win a trick with the cheapest card that
wins it for sure, smear points onto a partner's certain trick, otherwise throw the cheapest
card from a short suit.
"""

from __future__ import annotations

import random
from typing import Final

from .._engine.core import Core, Phase
from .._engine.state import State
from .._rules.layouts import GEOMETRY
from .._rules.options import Declaration, Layout, MarriageCards
from .._vocab.masks import ABOVE, KING, QUEEN
from .._vocab.moves import (
    Bid,
    Bomb,
    ChooseMusik,
    Claim,
    Contract,
    Discard,
    Give,
    Move,
    Pass,
    Play,
    Redeal,
)
from ._estimate import bid_value, estimate, give_order
from ._heuristic import BARREL_BOLDNESS, BID_MARGIN, BOMB_MARGIN, CONTRACT_MARGIN
from ._knowledge import POINTS, SUIT, beats, pair_held

__all__ = ["Policy"]

_CLAIM: Final = Claim()


class Policy:
    """One decision's playout policy; ``move(state, moves, rng)`` picks one of ``moves``.

    It remembers hand values per hand (bidding draws musiks, which is slow), so one
    instance serves the many playouts of one decision and is then dropped.
    """

    __slots__ = ("_values",)

    def __init__(self) -> None:
        self._values: dict[tuple[int, int, int], float] = {}

    def move(self, state: State, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """The policy's move among ``moves`` (the legal moves of ``state``)."""
        if len(moves) == 1:
            return moves[0]
        phase = state.phase
        if phase is Phase.PLAY:
            return _play(state, moves)
        if phase is Phase.AUCTION:
            return self._bid(state, moves)
        if phase is Phase.GIVE or phase is Phase.DISCARD:
            return _give(state, moves)
        if phase is Phase.CONTRACT:
            return _contract(state, moves)
        if phase is Phase.CHOOSE_MUSIK:
            choices = [m for m in moves if isinstance(m, ChooseMusik)]
            if choices:
                return choices[rng.randrange(len(choices))]
        return moves[0]

    def hand_value(self, state: State, seat: int) -> float:
        """What ``seat``'s hand is worth as declarer, as :class:`HeuristicBot` bids it."""
        c = state._c
        rules = c.rules
        hand = c.hands[seat]
        musiks = c.deal.musiks
        shown = musiks[0] if rules.layout is Layout.TWO_OPEN_MUSIK and musiks else 0
        key = (hand, shown, seat)
        value = self._values.get(key)
        if value is None:
            value = bid_value(rules, hand, shown, salt=hand * 31 + seat)
            self._values[key] = value
        return value

    def _bid(self, state: State, moves: tuple[Move, ...]) -> Move:
        c = state._c
        rules = c.rules
        seat = c.to_move
        assert seat is not None
        value = self.hand_value(state, seat) - BID_MARGIN
        if rules.barrel is not None and c.game.scores[seat] >= rules.barrel:
            value += BARREL_BOLDNESS
        bids = [m for m in moves if isinstance(m, Bid)]
        if c.deal.bid == 0:
            if Redeal() in moves and value + BID_MARGIN - 5 < rules.opening_bid - 10:
                return Redeal()
            if not rules.free_opening:  # the forced opening bid
                return bids[0] if bids else moves[0]
        if bids and bids[0].amount <= value:
            return bids[0]
        return Pass() if Pass() in moves else moves[0]


def _give(state: State, moves: tuple[Move, ...]) -> Move:
    core = state._c
    seat = core.to_move
    assert seat is not None
    by_card = {m.card.index: m for m in moves if isinstance(m, Give | Discard)}
    for c in give_order(core.rules, core.hands[seat]):
        if c in by_card:
            return by_card[c]
    return moves[0]


def _contract(state: State, moves: tuple[Move, ...]) -> Move:
    c = state._c
    rules = c.rules
    seat = c.to_move
    assert seat is not None
    value = estimate(rules, c.hands[seat], c.deal.discards)
    bid = c.deal.bid
    if Bomb() in moves and value < bid - BOMB_MARGIN:
        return Bomb()
    step = rules.bid_step
    goal = max(bid, int(value - CONTRACT_MARGIN) - int(value - CONTRACT_MARGIN) % step)
    best: Move = moves[0]
    for m in moves:
        if isinstance(m, Contract):
            if best is moves[0] and not isinstance(best, Contract):
                best = m
            if m.amount <= goal:
                best = m
    return best


def _can_beat(hand: int, best: int, led: int, trump: int) -> bool:
    """Whether a seat holding ``hand`` can beat ``best`` in a trick led in ``led``."""
    if hand & SUIT[led]:
        return best // 6 == led and bool(hand & ABOVE[best])
    if trump < 0 or not hand & SUIT[trump]:
        return False
    return best // 6 != trump or bool(hand & ABOVE[best])


def _cheap(c: int, hand: int, trump: int) -> float:
    """How much the playout would rather keep ``c`` (the lowest is thrown first)."""
    s = c // 6
    value = POINTS[c] * 3.0 + 2 * (hand & SUIT[s]).bit_count()
    if s == trump:
        value += 30
    if c % 6 in (KING, QUEEN) and pair_held(hand, s):
        value += 100
    return value


def _play(state: State, moves: tuple[Move, ...]) -> Move:
    core = state._c
    rules = core.rules
    if rules._play.claim and _CLAIM in moves:
        return _CLAIM
    me = core.to_move
    assert me is not None
    hands = core.hands
    hand = hands[me]
    trump = core.trump
    trick = core.trick
    declarer = core.deal.declarer
    nxt = rules._play.next_seat[core.game.dealer]
    later = []
    seat = me
    for _ in range(GEOMETRY[rules.layout].active - 1 - len(trick)):
        seat = nxt[seat]
        later.append(seat)
    if declarer is None or declarer == me:
        partners: tuple[int, ...] = ()
    else:
        partners = tuple(s for s in range(rules.players) if s not in (me, declarer))
    rivals = [s for s in later if s not in partners]
    plays: dict[int, Move] = {}
    for m in moves:
        if type(m) is Play:
            c = m.card.index
            if m.meld or c not in plays:
                plays[c] = m
    cards = list(plays)
    if not trick:
        return plays[_lead(core, cards, hand, trump, me, partners)]
    led = trick[0] // 6
    best = trick[0]
    win_pos = 0
    for i, c in enumerate(trick[1:], 1):
        if beats(c, best, trump):
            best, win_pos = c, i
    winner = core.leader
    assert winner is not None
    for _ in range(win_pos):
        winner = nxt[winner]
    if winner in partners and not any(_can_beat(hands[s], best, led, trump) for s in rivals):
        # smear: the most points that are neither a trump nor half of a marriage
        smear = [
            c
            for c in cards
            if c // 6 != trump and not (c % 6 in (KING, QUEEN) and pair_held(hand, c // 6))
        ]
        if smear:
            top = max(smear, key=lambda c: (POINTS[c], -c))
            if POINTS[top] >= 10:
                return plays[top]
        return plays[min(cards, key=lambda c: (_cheap(c, hand, trump), c))]
    winners = [c for c in cards if beats(c, best, trump)]
    sure = [c for c in winners if not any(_can_beat(hands[s], c, led, trump) for s in rivals)]
    if sure and winner not in partners:
        return plays[min(sure, key=lambda c: (c // 6 == trump, _cheap(c, hand, trump), c))]
    return plays[min(cards, key=lambda c: (_cheap(c, hand, trump), c))]


def _lead(
    core: Core, cards: list[int], hand: int, trump: int, me: int, partners: tuple[int, ...]
) -> int:
    rules = core.rules
    hands = core.hands
    others = [s for s in range(rules.players) if s != me and hands[s] and s not in partners]

    def sure(c: int) -> bool:
        return not any(_can_beat(hands[s], c, c // 6, trump) for s in others)

    pairs = [s for s in range(4) if pair_held(hand, s)]
    declarable: list[int] = []
    if pairs:
        first = not any(core.taken)
        if rules.declaration is Declaration.OPTIONAL or rules.marriage_on_first_trick or not first:
            for s in pairs:
                queen = s * 6 + QUEEN
                king = s * 6 + KING
                if queen in cards:
                    declarable.append(queen)
                elif king in cards and rules.marriage_cards is MarriageCards.KING_OR_QUEEN:
                    declarable.append(king)
    rich = [c for c in cards if POINTS[c] >= 10 and sure(c)]
    if declarable:
        cash = [c for c in rich if trump < 0 and c // 6 not in pairs]
        if cash:
            return max(cash, key=lambda c: (POINTS[c], -c))
        values = rules.marriage_values
        return max(declarable, key=lambda c: (values[c // 6], -c))
    if (
        trump >= 0
        and me == core.deal.declarer
        and hand & SUIT[trump]
        and any(hands[s] & SUIT[trump] for s in others)
    ):
        top = [c for c in cards if c // 6 == trump and sure(c)]
        if top:
            return max(top)
    rich = [c for c in rich if not (c % 6 in (KING, QUEEN) and pair_held(hand, c // 6))]
    if rich:
        return max(rich, key=lambda c: (c // 6 != trump, POINTS[c], -c))
    return min(cards, key=lambda c: (_cheap(c, hand, trump), c))
