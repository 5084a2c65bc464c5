"""The score sheet as a table of fixed columns, as ``tysiac simulate`` and ``tysiac replay``
print it."""

from __future__ import annotations

from collections.abc import Sequence

from .._engine.results import DealResult, Outcome
from .._rules.rules import Rules

__all__ = ["ScoreTable", "row_cells"]


def _outcome(row: DealResult) -> str:
    if row.outcome is Outcome.REDEALT:
        return "redeal"
    if row.outcome is Outcome.BOMBED:
        return "bomb"
    if row.outcome is Outcome.CLAIMED:
        return "claim"
    if row.made is None:
        return "played"  # the draw game has no declarer
    return "made" if row.made else "failed"


def row_cells(row: DealResult) -> list[str]:
    """The cells of one deal's row: number, dealer, declarer, contract, result, then each
    seat's change and score."""
    cells = [
        str(row.number),
        str(row.dealer),
        "-" if row.declarer is None else str(row.declarer),
        "-" if row.contract is None else str(row.contract),
        _outcome(row),
    ]
    for delta, score in zip(row.deltas, row.scores, strict=True):
        cells += [f"{delta:+d}", str(score)]
    return cells


class ScoreTable:
    """Fixed column widths, known before the first row, so that rows can be printed at once."""

    def __init__(self, rules: Rules, max_deals: int | None) -> None:
        self.head = ["Deal", "Dealer", "Declarer", "Contract", "Result"]
        for seat in range(rules.players):
            self.head += [f"Δ{seat}", f"Seat {seat}"]
        delta = max(4, len(str(rules.max_bid)) + 1, len(str(rules.target // 2)) + 1)
        self.widths = [max(4, len(str(max_deals or 0))), 6, 8, 8, 6]
        self.widths += [delta, 6] * rules.players

    def line(self, cells: Sequence[str]) -> str:
        parts = [
            c.ljust(w) if i == 4 else c.rjust(w)  # the result is text: left-aligned
            for i, (c, w) in enumerate(zip(cells, self.widths, strict=True))
        ]
        return "  ".join(parts).rstrip()
