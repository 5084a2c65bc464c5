"""How a deal ended: the :class:`Outcome` and the score-sheet row, :class:`DealResult`."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from .._vocab.cards import Card, Suit

if TYPE_CHECKING:
    pass

__all__ = [
    "DealResult",
    "Outcome",
]


class Outcome(enum.Enum):
    """How a deal ended, on the score sheet."""

    PLAYED = "played"
    """All tricks were played (or, without a declarer, the draw game was played out)."""
    CLAIMED = "claimed"
    """The declarer claimed the remaining tricks."""
    BOMBED = "bombed"
    """The declarer threw a bomb; the cards were not played."""
    REDEALT = "redealt"
    """A player asked for a redeal; nobody scored."""
    CONCEDED = "conceded"
    """The declarer conceded (*rospisat'*); the cards were not played."""

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"

    def __str__(self) -> str:
        return self.__repr__()


@attrs.frozen(slots=True)
class DealResult:
    """One row of the score sheet: how a deal ended and what each seat scored.

    Attributes:
        number: the deal's number in the game, from 1 (redeals count).
        dealer: the seat that dealt.
        outcome: how the deal ended.
        declarer: the declarer, or None (redeal, draw game).
        contract: the contract (for a bomb: the bid), or None.
        totals: each seat's card points plus declared marriages this deal.
        marriages: the marriages declared, as ``(seat, suit)`` in order.
        deltas: what each seat added to its score.
        scores: the scores after the deal.
        shown: cards shown to every seat when the deal was scored: the four-player
            sitter's scoring cards in the musik (its aces and a marriage), which become
            public then (see the rules, section 13 "Four players").
        bolts: each seat's bolts so far, when the rules count bolts (else ``()``).
        barrel_deals: for each seat, the deals it has played on the barrel, or -1 when it
            is not on the barrel, when the rules mount the barrel (else ``()``).
        concessions: each seat's concessions so far, when the rules allow them (else
            ``()``).
        deal_deltas: what the deal itself gave each seat, before mounting the barrel,
            bolts, penalties and the dump, when any of those rules is on (else ``()``:
            then it equals ``deltas``).
        ace_marriage: the seat that declared the ace marriage (all four aces) this deal,
            or None; it is in that seat's total (see the rules, section 15).
        barrel_falls: each seat's falls from the barrel since its last reset to 0, when
            the rules reset the score on a fall (``barrel_reset_every``; else ``()``).
        no_wins: each seat's deals in a row without a positive deal score, when the rules
            count them (``no_win_deals``; else ``()``).
    """

    number: int
    dealer: int
    outcome: Outcome
    declarer: int | None
    contract: int | None
    totals: tuple[int, ...]
    marriages: tuple[tuple[int, Suit], ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    shown: tuple[Card, ...] = ()
    bolts: tuple[int, ...] = ()
    barrel_deals: tuple[int, ...] = ()
    concessions: tuple[int, ...] = ()
    deal_deltas: tuple[int, ...] = ()
    ace_marriage: int | None = None
    barrel_falls: tuple[int, ...] = ()
    no_wins: tuple[int, ...] = ()

    def __copy__(self) -> DealResult:
        return self

    def __deepcopy__(self, memo: object) -> DealResult:
        return self

    @property
    def made(self) -> bool | None:
        """Whether the declarer made the contract (None without a played contract)."""
        if self.declarer is None or self.outcome in (
            Outcome.BOMBED,
            Outcome.REDEALT,
            Outcome.CONCEDED,
        ):
            return None
        deltas = self.deal_deltas or self.deltas
        return deltas[self.declarer] > 0  # the declarer scores +contract or -contract
