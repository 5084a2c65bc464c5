"""Four players in partnerships (private): each pair's deal score and the end game played by
pairs (the rules, section 13 "Four players", Decisions 20 to 23).

Partners sit opposite: seats 0 and 2 are pair 0, seats 1 and 3 pair 1 (a seat's pair is
``seat % 2``).  A pair keeps one score: both partners' entries of the score sheet are always
equal, and every delta of a deal is the pair's, written on both partners' lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._rules.rules import Rules
from .endgame import Settled, Tallies, settle
from .points import bomb_gain, concession_gain, defender_gain, round_defender
from .results import Outcome
from .statics import (
    OUTCOME_BOMBED,
    OUTCOME_CONCEDED,
)

__all__ = [
    "pair_deltas",
    "settle_pairs",
]


def pair_deltas(
    r: Rules,
    before: Sequence[int],
    totals: Sequence[int],
    cards: Sequence[int],
    declarer: int,
    outcome: Outcome,
    bid: int,
    contract: int | None,
    sitter: int,
    musik: int,
) -> list[int]:
    """Each pair's deal delta (steps 1 and 2 of the end game's order), by pair.

    Args:
        r: the rules.
        before: the scores before the deal, by seat.
        totals: each seat's card points and declared marriages.
        cards: each seat's card points.
        declarer: the declarer, or -1 (no declarer: each pair scores its rounded total).
        outcome: how the deal ended.
        bid: the bid.
        contract: the contract, when it was named.
        sitter: the seat that sits out (the four-player sitter layout), or -1.
        musik: what the sitter scores for the musik (its aces and marriage), or 0.
    """
    own = [0, 0]
    raw = [0, 0]
    for seat in range(4):
        own[seat % 2] += totals[seat]
        raw[seat % 2] += totals[seat] if r.defender_marriages_count else cards[seat]
    out = [0, 0]
    if declarer < 0:  # no declarer: each pair its own total, no barrel, no cap
        for pair in range(2):
            out[pair] = round_defender(r, own[pair])
        return out
    ours = declarer % 2
    theirs = 1 - ours
    # the sitter's musik counts for its pair when the pair defends (Decision 21); when its
    # partner declares, the contract replaces the pair's points, the musik's included
    extra = musik if sitter >= 0 and sitter % 2 == theirs else 0
    if outcome is OUTCOME_BOMBED:
        out[theirs] = defender_gain(r, before[theirs], bomb_gain(r, bid) + extra)
    elif outcome is OUTCOME_CONCEDED:
        out[ours] = -bid
        out[theirs] = defender_gain(r, before[theirs], concession_gain(r, bid) + extra)
    else:
        assert contract is not None
        made = round_defender(r, own[ours]) if r.declarer_rounded else own[ours]
        out[ours] = contract if made >= contract else -contract
        # the defenders' rounding and cap apply once, to the pair's sum (Decision 20)
        out[theirs] = defender_gain(r, before[theirs], round_defender(r, raw[theirs]) + extra)
    return out


def settle_pairs(
    r: Rules,
    before: Sequence[int],
    deltas: Sequence[int],
    declarer: int | None,
    contract: int | None,
    made: bool | None,
    seats: Sequence[int],
    taken: Sequence[int],
    conceded: bool,
    tallies: Tallies,
) -> Settled:
    """:func:`~tysiac._engine.endgame.settle` played by pairs (Decision 22): the barrel, bolts,
    penalties and the dump apply to each pair's one score, its tallies are the pair's (on
    both partners' lines), and a pair took a trick when either partner did.

    The arguments are by seat, as for ``settle``; ``taken`` is each seat's pile.
    """
    order: list[int] = []
    for seat in seats:  # the pairs in turn from the dealer's left
        if seat % 2 not in order:
            order.append(seat % 2)
    by_pair = Tallies(
        tallies.bolts[:2],
        tallies.barrel[:2],
        tallies.concessions[:2],
        tallies.falls[:2],
        tallies.streaks[:2],
    )
    done = settle(
        r,
        before[:2],
        deltas[:2],
        None if declarer is None else declarer % 2,
        contract,
        made,
        order,
        [taken[0] | taken[2] != 0, taken[1] | taken[3] != 0],
        conceded,
        by_pair,
    )
    t = done.tallies
    return Settled(
        _both(done.deltas),
        _both(done.scores),
        Tallies(
            _both(t.bolts), _both(t.barrel), _both(t.concessions), _both(t.falls), _both(t.streaks)
        ),
    )


def _both(by_pair: Sequence[int]) -> tuple[int, ...]:
    """A value by pair, on each seat's line."""
    return (by_pair[0], by_pair[1], by_pair[0], by_pair[1])
