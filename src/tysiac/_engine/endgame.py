"""The end of a deal after the deal's own scores: the barrel, bolts, penalties and the dump.

These are the Russian and Ukrainian table customs (preset ``"ru"``), each an option of
:class:`~tysiac.Rules` usable in any preset.  They apply in a fixed order (see the rules,
section 15 "The Russian end game and the preset "ru"", Decision 11):

1. the deal's deltas (the contract won or lost, the defenders' points, a bomb or concession);
2. the barrel and the caps (a defender on the barrel adds nothing);
3. the deltas are added, except that with ``barrel_failure=USES_A_DEAL`` a declarer on the
   barrel who fails its contract or concedes adds nothing (it stays on the barrel);
4. the barrel, in this order: a player on it whose score is now below it falls off; a player
   reaching it mounts it (clamped to its level); with ``barrel_knock_off`` the newcomer knocks
   off, for ``barrel_penalty``, every player still on it (not one that fell off in step 4's
   first part: it is no longer on the barrel); a win short of the target stays on it;
   with ``barrel_mounting=ONE_STAYS`` only one of several newcomers stays, the others
   falling back for ``barrel_penalty``; every ``barrel_reset_every``-th fall of a player
   (off by points, knocked off, fallen back, or out of time) resets its score to 0 instead;
5. bolts and penalties (the time on the barrel running out, every third bolt, every
   third concession, a no-win streak of ``no_win_deals``);
6. the dump (a score landing exactly on a dump value returns to 0);
7. the winner.

The running tallies (bolts, deals on the barrel, concessions) are public and stored on each
score-sheet row (:class:`~tysiac.DealResult`), so the next deal reads them from the last row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from .._rules.options import BarrelFailure, BarrelMounting, BoltRule

if TYPE_CHECKING:
    from .._rules.rules import Rules

__all__ = [
    "Settled",
    "Tallies",
    "russian_barrel",
    "settle",
]


class Tallies(NamedTuple):
    """The running counts of a game, per seat (all zero at the start)."""

    bolts: tuple[int, ...]
    barrel: tuple[int, ...]  # deals played on the barrel, -1 when not on it
    concessions: tuple[int, ...]
    falls: tuple[int, ...]  # falls from the barrel since the last reset to 0
    streaks: tuple[int, ...]  # deals in a row without a positive deal score

    @staticmethod
    def start(n: int) -> Tallies:
        """The tallies before the first deal."""
        return Tallies((0,) * n, (-1,) * n, (0,) * n, (0,) * n, (0,) * n)


class Settled(NamedTuple):
    """The outcome of :func:`settle`."""

    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    tallies: Tallies


def _fall(rules: Rules, scores: list[int], falls: list[int], i: int, loss: int) -> None:
    """Seat ``i`` falls from the barrel, losing ``loss``, or, on every
    ``barrel_reset_every``-th fall, its whole score (reset to 0)."""
    falls[i] += 1
    every = rules.barrel_reset_every
    if every is not None and falls[i] % every == 0:
        scores[i] = 0
    else:
        scores[i] -= loss


def russian_barrel(rules: Rules) -> bool:
    """Whether the barrel is mounted (and players counted on it), as in the Russian game."""
    return rules.barrel_clamp or rules.barrel_knock_off or rules.barrel_deals is not None


def settle(
    rules: Rules,
    before: Sequence[int],
    deltas: Sequence[int],
    declarer: int | None,
    contract: int | None,
    made: bool | None,
    seats: Sequence[int],
    took_tricks: Sequence[bool],
    conceded: bool,
    tallies: Tallies,
) -> Settled:
    """Apply steps 3 to 6 of the order above to the deal's deltas (steps 1 and 2 done).

    Args:
        rules: the rules.
        before: the scores before the deal.
        deltas: each seat's deal delta after the barrel and the caps.
        declarer: the declarer, if any.
        contract: the contract (for a concession, the bid).
        made: whether the declarer made the contract (None without a played contract).
        seats: the seats in play this deal.
        took_tricks: whether each seat took at least one trick.
        conceded: whether the declarer conceded.
        tallies: the tallies before the deal.
    """
    n = len(before)
    out = list(deltas)
    bolts = list(tallies.bolts)
    barrel = list(tallies.barrel)
    concessions = list(tallies.concessions)
    falls = list(tallies.falls)
    streaks = list(tallies.streaks)
    level = rules.barrel
    on_before = [barrel[i] >= 0 for i in range(n)]
    # step 3, with USES_A_DEAL: a declarer on the barrel who fails (or concedes) loses only
    # one of its deals on the barrel (counted in step 5), not points
    if (
        declarer is not None
        and on_before[declarer]
        and (made is False or conceded)
        and rules.barrel_failure is BarrelFailure.USES_A_DEAL
    ):
        out[declarer] = 0
    scores = [before[i] + out[i] for i in range(n)]  # step 3
    # step 4: falling off, then mounting and knocking off
    if level is not None and russian_barrel(rules):
        for i in range(n):
            if on_before[i] and scores[i] < level:
                barrel[i] = -1  # fell off by losing points: no longer there to be knocked off
                _fall(rules, scores, falls, i, 0)
        mounted = [i for i in range(n) if not on_before[i] and level <= scores[i] < rules.target]
        for i in mounted:
            if rules.barrel_clamp:
                scores[i] = level
            barrel[i] = 0
        if len(mounted) > 1 and rules.barrel_mounting is BarrelMounting.ONE_STAYS:
            # one stays: the declarer, else the first in turn from the dealer's left
            order = [*seats, *(i for i in range(n) if i not in seats)]
            stays = declarer if declarer in mounted else min(mounted, key=order.index)
            for i in mounted:
                if i != stays:
                    barrel[i] = -1
                    _fall(rules, scores, falls, i, rules.barrel_penalty)
        if mounted and rules.barrel_knock_off:
            for i in range(n):
                if on_before[i] and barrel[i] >= 0:
                    barrel[i] = -1
                    _fall(rules, scores, falls, i, rules.barrel_penalty)  # knocked off
        for i in range(n):
            if on_before[i] and barrel[i] >= 0 and scores[i] < rules.target and rules.barrel_clamp:
                scores[i] = level  # a win short of the target keeps it on the barrel
    # step 5: bolts and penalties
    for i in range(n):
        if on_before[i] and barrel[i] >= 0:
            barrel[i] += 1
            limit = rules.barrel_deals
            if limit is not None and barrel[i] >= limit and scores[i] < rules.target:
                barrel[i] = -1
                _fall(rules, scores, falls, i, rules.barrel_penalty)  # the time ran out
    if rules.bolt_penalty is not None:
        for i in seats:
            if on_before[i] or (conceded and i == declarer):
                continue
            if rules.bolt_rule is BoltRule.NO_POINTS:
                bolt = out[i] == 0
            else:
                bolt = not took_tricks[i]
            if bolt:
                bolts[i] += 1
                if bolts[i] % rules.bolts_per_penalty == 0:
                    scores[i] -= rules.bolt_penalty
    if conceded and declarer is not None:
        concessions[declarer] += 1
        every = rules.concession_penalty_every
        if every is not None and concessions[declarer] % every == 0 and contract is not None:
            extra = rules.concession_penalty
            scores[declarer] -= contract if extra is None else extra  # the bid again, or 120
    streak = rules.no_win_deals
    if streak is not None:
        for i in seats:
            if on_before[i]:
                continue  # deals on the barrel neither count nor break a streak
            if deltas[i] > 0:
                streaks[i] = 0
            else:
                streaks[i] += 1
                if streaks[i] >= streak:
                    scores[i] -= rules.no_win_penalty
                    streaks[i] = 0
    # step 6: the dump
    for i in range(n):
        if scores[i] in rules.dump_scores and scores[i] != before[i]:
            scores[i] = 0
    final = tuple(scores[i] - before[i] for i in range(n))
    return Settled(
        final,
        tuple(scores),
        Tallies(tuple(bolts), tuple(barrel), tuple(concessions), tuple(falls), tuple(streaks)),
    )
