"""The hidden history of a world: the hands as dealt, the musiks, the stock in its order,
the gifts and discards that make a placement of the unseen cards replay.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Sequence
from typing import NamedTuple

from .._rules.flags import held_marriages
from .._rules.layouts import GEOMETRY
from .._rules.options import Layout
from .._rules.rules import Rules
from .._vocab.masks import ACES, QUEEN, bits
from .._vocab.moves import ChooseMusik, Play
from .knowledge import Pile
from .problem import Problem, card_mask

__all__ = [
    "HiddenHistory",
    "hidden_history",
]


class HiddenHistory(NamedTuple):
    originals: tuple[int, ...]  # each seat's dealt hand
    musiks: tuple[int, ...]  # the musiks as dealt
    stock: tuple[int, ...]  # the stock as dealt, next card first (draws included)
    gifts: tuple[int, ...]  # per seat: the card the declarer gave it (-1: none)
    discards: tuple[int, ...]  # the declarer's discards, in order


def _hands_and_piles(problem: Problem, placement: list[int]) -> tuple[list[int], dict[Pile, int]]:
    view = problem.view
    facts = problem.facts
    n = view.rules.players
    hands = [0] * n
    hands[view.seat] = card_mask(view.hand)
    piles: dict[Pile, int] = {}
    for slot, cards in zip(problem.slots, placement, strict=True):
        if slot.seat is not None:
            hands[slot.seat] = cards | facts.proven[slot.seat]
        else:
            assert slot.pile is not None
            piles[slot.pile] = cards
    if view.seat == view.declarer and view.discards:
        piles[Pile.DISCARDS] = card_mask(view.discards)
    return hands, piles


def _backed(rules: Rules, bid: int, hand: int) -> bool:
    """Whether ``hand`` may have bid ``bid`` under the bid cap."""
    if bid <= 120 or not rules.bid_cap_marriages:
        return True
    return 120 + held_marriages(rules, hand) >= bid


def hidden_history(problem: Problem, placement: list[int]) -> HiddenHistory | None:
    """The deal's hidden history that makes this placement replay, or None."""
    view = problem.view
    rules = view.rules
    layout = rules.layout
    geo = GEOMETRY[layout]
    facts = problem.facts
    n = rules.players
    hands, piles = _hands_and_piles(problem, placement)
    poss = [hands[s] | facts.played[s] for s in range(n)]
    if not geo.stock and any(poss[s] & ACES == ACES for s, _ in facts.no_aces):
        return None  # a seat led an ace from all four without declaring the ace marriage
    decl = view.declarer
    musik_seen = card_mask(view.musik)
    gifts = [-1] * n
    if layout in (Layout.THREE, Layout.FOUR_SITTER) and decl is not None:
        known = {to: card.index for to, card in view.given}
        blind = [s for s in range(n) if facts.gave_blind[s]]
        for s in range(n):
            if s in known:
                gifts[s] = known[s]
        choices = []
        for s in blind:
            shown_here = poss[s] & facts.shown
            if shown_here.bit_count() > 1:
                return None
            choices.append(bits(shown_here) if shown_here else bits(poss[s]))
        for combo in itertools.product(*choices) if choices else [()]:
            g = list(gifts)
            for s, c in zip(blind, combo, strict=True):
                g[s] = c
            result = _three(problem, hands, poss, g)
            if result is not None:
                return result
        return None
    if layout in (Layout.THREE, Layout.FOUR_SITTER):  # the auction: the musik lies there
        if not _bids_ok(problem, poss):
            return None
        return HiddenHistory(tuple(poss), (piles.get(Pile.MUSIK, 0),), (), tuple(gifts), ())
    if layout in (Layout.TWO_CLASSIC, Layout.TWO_MUSIKS_OF_THREE):
        return _two_musiks(problem, poss, piles, musik_seen)
    if geo.stock:
        return _draws(problem, poss, piles)
    # no musik, no stock: the dealt hands are the possessions
    originals = tuple(poss)
    if not _bids_ok(problem, originals):
        return None
    if not _contract_ok(problem, poss):
        return None
    return HiddenHistory(originals, (), (), tuple(gifts), ())


def _bids_ok(problem: Problem, originals: Sequence[int]) -> bool:
    rules = problem.view.rules
    return all(_backed(rules, b, originals[s]) for s, b in enumerate(problem.bids))


def _contract_ok(problem: Problem, poss: Sequence[int]) -> bool:
    """The contract above the bid needs marriages in the declarer's hand when named: its
    cards then are all it holds or played since (``poss``), the gifts being made."""
    view = problem.view
    decl = view.declarer
    if decl is None or view.contract is None or view.contract <= view.bid:
        return True
    return _backed(view.rules, view.contract, poss[decl])


def _three(
    problem: Problem,
    hands: list[int],
    poss: list[int],
    gifts: list[int],
) -> HiddenHistory | None:
    view = problem.view
    decl = view.declarer
    assert decl is not None
    n = view.rules.players
    received = 0
    for s in range(n):
        if gifts[s] >= 0:
            received |= 1 << gifts[s]
    if received & ~(poss[decl] | received):
        return None
    decl_poss = poss[decl] | received
    if view.seat == decl:
        musik = card_mask(view.musik)
    elif problem.facts.shown:
        musik = problem.facts.shown
    else:
        # a hidden musik: any three cards the declarer held (nothing depends on which)
        musik = sum(1 << c for c in bits(decl_poss)[:3])
    if musik & ~decl_poss:
        return None
    originals = [0] * n
    for s in range(n):
        if s == decl:
            originals[s] = decl_poss & ~musik
        elif poss[s] or hands[s]:
            originals[s] = poss[s] & ~(1 << gifts[s] if gifts[s] >= 0 else 0)
    if not _bids_ok(problem, originals):
        return None
    if not _contract_ok(problem, poss):
        return None
    return HiddenHistory(tuple(originals), (musik,), (), tuple(gifts), ())


def _two_musiks(
    problem: Problem,
    poss: list[int],
    piles: dict[Pile, int],
    musik_seen: int,
) -> HiddenHistory | None:
    view = problem.view
    decl = view.declarer
    chosen = next((m.index for _, m in view.moves if isinstance(m, ChooseMusik)), None)
    if decl is None or chosen is None:
        musiks = (piles.get(Pile.MUSIK_0, 0), piles.get(Pile.MUSIK_1, 0))
        if not _bids_ok(problem, poss):
            return None
        return HiddenHistory(tuple(poss), musiks, (), (-1,) * len(poss), ())
    discards = piles.get(Pile.DISCARDS, 0)
    decl_poss = poss[decl] | discards
    other = piles.get(Pile.MUSIK_1 if chosen == 0 else Pile.MUSIK_0, 0)
    if musik_seen:
        taken = musik_seen
    else:
        size = GEOMETRY[view.rules.layout].musiks[0]
        taken = sum(1 << c for c in bits(decl_poss)[:size])
    if taken & ~decl_poss:
        return None
    originals = list(poss)
    originals[decl] = decl_poss & ~taken
    if not _bids_ok(problem, originals):
        return None
    at_contract = decl_poss & ~discards
    if (
        view.contract is not None
        and view.contract > view.bid
        and not _backed(view.rules, view.contract, at_contract)
    ):
        return None
    musiks = (taken, other) if chosen == 0 else (other, taken)
    return HiddenHistory(tuple(originals), musiks, (), (-1,) * len(poss), tuple(bits(discards)))


def _draws(problem: Problem, poss: list[int], piles: dict[Pile, int]) -> HiddenHistory | None:
    """The draw layouts: which card each seat drew when (a matching over time)."""
    view = problem.view
    rules = view.rules
    geo = GEOMETRY[rules.layout]
    facts = problem.facts
    seat = view.seat
    decl = view.declarer
    n = rules.players
    discards = piles.get(Pile.DISCARDS, 0)
    musik = 0
    if rules.layout is Layout.TWO_OPEN_MUSIK:
        musik = card_mask(view.musik)  # face up for everyone
    # every seat's cards by the epoch (number of its draws) in which each was played
    epochs = _play_epochs(problem)
    drawn_by: list[list[int]] = [[] for _ in range(n)]
    drawn_by[seat] = [c.index for c in view.drawn]
    originals = [0] * n
    for s in range(n):
        own = poss[s] | (discards if s == decl else 0)
        if s == decl and musik:
            own &= ~musik
        if s == seat:
            got = sum(1 << c for c in drawn_by[s])
            originals[s] = own & ~got
            continue
        k = facts.draws[s]
        lows: dict[int, int] = {}
        for who, draw, mask in facts.timed:
            if who == s:
                for c in bits(mask & (own | musik)):
                    lows[c] = max(lows.get(c, 0), draw)
        if s == decl and any(lows.get(c, 0) for c in bits(musik & ~discards)):
            return None  # a musik card the declarer kept was in its hand all along
        highs = dict(epochs)
        for who, draw, card in facts.proofs:
            if who == s:
                highs[card] = min(highs.get(card, k), draw)  # held when proven
        early = discards if s == decl else 0
        assignment = None
        # the marriages that back this seat's bid (or contract) must have been dealt to it
        held = own | (musik if s == decl else 0)  # the open musik backs a contract too
        for backing in _backings(rules, held, problem.bids[s], view.contract if s == decl else 0):
            forced = dict(highs)
            for c in bits(backing & own):
                forced[c] = 0
            for low in _ace_witnesses(problem, s, held & ~early, own & ~early, lows):
                assignment = _match(own, k, geo.hand, low, forced, early)
                if (assignment is not None and _backed(rules, problem.bids[s], assignment[0])) and (
                    s != decl
                    or view.contract is None
                    or view.contract <= view.bid
                    or _backed(rules, view.contract, (assignment[0] | musik) & ~discards)
                ):
                    break
                assignment = None
            if assignment is not None:
                break
        if assignment is None:
            return None
        originals[s], drawn_by[s] = assignment
    if not _bids_ok(problem, originals):
        return None
    if (
        decl is not None
        and view.contract is not None
        and view.contract > view.bid
        and not _backed(rules, view.contract, (originals[decl] | musik) & ~discards)
    ):
        return None
    # the stock as dealt: the draws in their order, then what is left, shuffled by caller
    order: list[int] = []
    seats = rules._play.trick_seats[view.dealer]
    counters = [0] * n
    for w in view.trick_winners:
        if len(order) >= facts.draws[0] + facts.draws[1]:
            break
        for who in seats[w]:  # the winner draws first, then the others in turn
            order.append(drawn_by[who][counters[who]])
            counters[who] += 1
    stock_left = piles.get(Pile.STOCK, 0)
    return HiddenHistory(
        tuple(originals),
        (musik,) if rules.layout is Layout.TWO_OPEN_MUSIK else (),
        (*order, *bits(stock_left)),
        (-1,) * n,
        tuple(bits(discards)),
    )


def _ace_witnesses(
    problem: Problem, seat: int, in_play: int, drawable: int, lows: dict[int, int]
) -> list[dict[int, int]]:
    """The draw layouts: the earliest draws (``lows``) to try for ``seat``'s cards, so that
    it lacked one of the four aces when it led an ace without declaring the ace marriage
    (``Facts.no_aces``): one ace of its cards in play (``in_play``) that it could have drawn
    (``drawable``) came after that lead.  Just ``[lows]`` when nothing needs a witness."""
    for who, draw in problem.facts.no_aces:
        if who == seat and in_play & ACES == ACES:
            return [{**lows, a: max(lows.get(a, 0), draw + 1)} for a in bits(ACES & drawable)]
    return [lows]


def _backings(rules: Rules, own: int, bid: int, contract: int | None) -> list[int]:
    """The sets of marriage cards (as masks) worth trying as dealt to a seat: none first,
    then every set of the marriages among ``own`` (its cards) that backs the higher of its
    bid and contract."""
    need = max(bid, contract or 0) - 120
    out = [0]
    if need <= 0 or not rules.bid_cap_marriages:
        return out
    # the marriages held, as (cards, value): each suit's pair, and the four aces
    held = [(3 << (s * 6 + QUEEN), v) for s, v in enumerate(rules.marriage_values)]
    if rules.ace_marriage is not None:
        held.append((ACES, rules.ace_marriage))
    held = [(cards, value) for cards, value in held if own & cards == cards]
    for r in range(1, len(held) + 1):
        for combo in itertools.combinations(held, r):
            if sum(value for _, value in combo) >= need:
                out.append(sum(cards for cards, _ in combo))
    return out


def _play_epochs(problem: Problem) -> dict[int, int]:
    """For every card played this deal, the number of draws its player had made by then."""
    view = problem.view
    per = GEOMETRY[view.rules.layout].active
    draws = [0] * view.rules.players
    out: dict[int, int] = {}
    plays = [(who, m.card.index) for who, m in view.moves if isinstance(m, Play)]
    stock = GEOMETRY[view.rules.layout].stock
    seats = view.rules._play.trick_seats[view.dealer]
    for i, (who, c) in enumerate(plays):
        out[c] = draws[who]
        if (i + 1) % per == 0 and stock > 0:
            for w in seats[view.trick_winners[i // per]]:  # every seat in play draws one
                draws[w] += 1
            stock -= per
    return out


def _match(
    own: int,
    k: int,
    hand_size: int,
    lows: dict[int, int],
    epochs: dict[int, int],
    early: int,
) -> tuple[int, list[int]] | None:
    """Assign a seat's cards to the epoch each came from: the dealt hand (epoch 0, ``hand_size``
    cards) or its draws 1..k (one card each); a card excluded in epoch e came later than e,
    a played card came no later than the epoch it was played in, and ``early`` cards (put
    away before the play) were dealt."""
    cards = bits(own)
    if len(cards) != hand_size + k:
        return None
    spans: list[tuple[int, int, int]] = []  # (low, high, card)
    for c in cards:
        low = lows.get(c, 0)
        high = epochs.get(c, k)
        if early >> c & 1:
            low = high = 0  # put away before the play: dealt, and never in the hand since
        if low > high:
            return None
        spans.append((low, high, c))
    spans.sort()
    slots = [0] * hand_size + list(range(1, k + 1))
    heap: list[tuple[int, int]] = []
    j = 0
    original = 0
    drawn = [0] * (k + 1)
    for epoch in slots:
        while j < len(spans) and spans[j][0] <= epoch:
            heapq.heappush(heap, (spans[j][1], spans[j][2]))
            j += 1
        if not heap:
            return None
        high, c = heapq.heappop(heap)
        if high < epoch:
            return None
        if epoch == 0:
            original |= 1 << c
        else:
            drawn[epoch] = c
    return original, drawn[1:]


# --- building the world -----------------------------------------------------------------------
