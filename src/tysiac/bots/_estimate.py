"""How many points a declarer can expect from a hand: the heuristic bots' hand evaluation.

The estimate counts the tricks the hand takes for sure (the run of top cards in each suit,
and the trumps of its best marriage once the others' trumps are drawn), what the others throw
onto them, and the marriages it can declare, discounted when the hand has no way to win the
lead that declaring needs.  Before the musik is taken, the bots average this estimate over
musiks drawn from the cards they cannot see.
"""

from __future__ import annotations

import random
from typing import Final

from .._rules.layouts import GEOMETRY
from .._rules.options import Layout
from .._rules.rules import Rules
from .._vocab.masks import ABOVE, ACE, ACES, KING, QUEEN, RANK_MASK, TEN, bits
from ._knowledge import ALL, POINTS, SUIT, pair_held

__all__ = ["bid_value", "estimate", "give_order", "holds_ace_marriage"]

_TENS: Final = RANK_MASK[TEN]


def estimate(rules: Rules, hand: int, gone: int = 0, *, leads_first: bool = True) -> float:
    """The points a declarer holding ``hand`` can expect: tricks plus marriages (the ace
    marriage included).

    Args:
        rules: the rules (marriage values, trick size, declaring on the first trick).
        hand: the declarer's cards (mask).
        gone: cards out of play (mask), e.g. the cards put away.
        leads_first: whether the hand leads the first trick (the declarer does).
    """
    active = GEOMETRY[rules.layout].active
    capture = 2.5 * (active - 1)
    values = rules.marriage_values
    marriages = sorted((s for s in range(4) if pair_held(hand, s)), key=lambda s: -values[s])
    plan = marriages[0] if marriages else None
    outstanding = ALL & ~hand & ~gone
    total = 0.0
    side_winners = 0
    for s in range(4):
        mine = bits(hand & SUIT[s])
        mine.reverse()  # highest first
        if not mine:
            continue
        run = []
        for c in mine:
            if ABOVE[c] & outstanding:
                break
            run.append(c)
        if s == plan:
            rest = [c for c in mine if c not in run]
            higher = (ABOVE[rest[0]] & outstanding).bit_count() if rest else 0
            wins = len(run) + max(0, len(rest) - higher)
            winners = run + rest[: max(0, len(rest) - higher)]
            total += sum(POINTS[c] + capture for c in winners[:wins])
        else:
            left = (outstanding & SUIT[s]).bit_count()
            for k, c in enumerate(run):
                # once the others are out of the suit, a trump plan lets them ruff it
                share = 1.0 if k * (active - 1) < left or plan is None else 0.5
                total += share * (POINTS[c] + capture)
                side_winners += 1
    if marriages:
        first = values[plan] if plan is not None else 0
        if (rules.marriage_on_first_trick and leads_first) or side_winners:
            chance = 1.0
        elif plan is not None and hand >> (plan * 6 + ACE) & 1:
            chance = 1.0  # lead the ace first (no trump yet: a sure trick), then declare
        else:
            chance = 0.25  # no sure trick: the lead rarely comes back (measured: 23%)
        total += chance * first
        total += sum(0.55 * chance * values[s] for s in marriages[1:])
    if holds_ace_marriage(rules, hand):
        # declared by the first ace led, from the second trick on (unless the first may): a
        # sure ten (its ace is in hand) wins the first lead without spending an ace
        tens = hand & _TENS
        total += (rules.ace_marriage or 0) * (
            1.0 if (rules.marriage_on_first_trick and leads_first) or tens else 0.6
        )
    return total


def holds_ace_marriage(rules: Rules, hand: int) -> bool:
    """Whether ``hand`` holds the four aces and the rules score them (``ace_marriage``)."""
    return rules.ace_marriage is not None and hand & ACES == ACES


def give_order(rules: Rules, hand: int) -> list[int]:
    """The cards of ``hand`` from the best to give away (or put away) to the worst.

    Point-less cards of short suits first; never half of a held marriage, the trumps to be,
    an unguarded king or queen whose partner is still out (it could complete the others'
    marriage), nor a top card.
    """
    values = rules.marriage_values
    marriages = [s for s in range(4) if pair_held(hand, s)]
    plan = max(marriages, key=lambda s: values[s]) if marriages else None
    outstanding = ALL & ~hand
    aces = holds_ace_marriage(rules, hand)

    def cost(c: int) -> tuple[float, int]:
        s, r = divmod(c, 6)
        value = POINTS[c] * 3.0
        if aces and r == ACE:
            value += 300  # never break the ace marriage
        if s in marriages and r in (KING, QUEEN):
            value += 300
        if s == plan:
            value += 20 + 4 * r
        if r in (KING, QUEEN) and s not in marriages:
            value += 12  # giving it might complete the receiver's marriage
        if not ABOVE[c] & outstanding and POINTS[c]:
            value += 25  # a top card wins a trick
        if r == TEN and not ABOVE[c] & hand:
            value -= 12  # an unguarded ten falls to the ace
        value += 4 * (hand & SUIT[s]).bit_count()  # empty short suits first
        return value, c

    return sorted(bits(hand), key=cost)


def _musik_shape(rules: Rules) -> tuple[int, int]:
    """(cards taken from a face-down musik, cards given or put away) for the layout."""
    layout = rules.layout
    if layout in (Layout.THREE, Layout.FOUR_SITTER):
        return 3, 2
    if layout is Layout.TWO_CLASSIC:
        return 2, 2
    if layout is Layout.TWO_MUSIKS_OF_THREE:
        return 3, 3
    return 0, 0


def bid_value(rules: Rules, hand: int, shown: int, salt: int, quantile: float = 0.4) -> float:
    """What the hand is worth as declarer before it takes the musik.

    Averages :func:`estimate` over ``samples`` musiks drawn from the cards the bidder cannot
    see (a face-down musik), or uses the shown musik (``shown``), after giving away the
    worst cards; returns the ``quantile`` of the sampled estimates, a cautious figure.

    Args:
        rules: the rules.
        hand: the bidder's cards.
        shown: the musik cards the bidder sees (the open musik), or 0.
        salt: seeds the musik draws (the same view gives the same value).
        quantile: which point of the sampled estimates to return.
    """
    take, away = _musik_shape(rules)
    if shown:
        away = shown.bit_count()
        full = hand | shown
        kept = full
        for c in give_order(rules, full)[:away]:
            kept &= ~(1 << c)
        return estimate(rules, kept)
    if not take:
        return estimate(rules, hand)
    rng = random.Random(salt)
    unseen = bits(ALL & ~hand)
    results = []
    for _ in range(16):
        musik = 0
        for c in rng.sample(unseen, take):
            musik |= 1 << c
        full = hand | musik
        kept = full
        for c in give_order(rules, full)[:away]:
            kept &= ~(1 << c)
        results.append(estimate(rules, kept))
    results.sort()
    return results[min(len(results) - 1, int(quantile * len(results)))]
