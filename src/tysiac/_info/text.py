"""``str(view)``: a view as a small table, for people."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._engine.text import cards_text, contract_line, heading, notes, table, trick_rows
from .._rules.options import Layout

if TYPE_CHECKING:
    from .views import View


__all__ = [
    "view_text",
]


def _count(view: View, seat: int) -> str:
    size = view.hand_sizes[seat]
    if not size:
        return "-"
    return f"{size} card{'s' if size != 1 else ''}"


def view_text(view: View) -> str:
    """``str(view)``: the position as one seat sees it: the others' hands are counts."""
    v = view
    n = v.rules.players
    sitter = v.rules.layout is Layout.FOUR_SITTER
    lines = [
        f"Seat {v.seat}'s view. "
        + heading(v.phase, v.deal_number, v.dealer, v.to_move, v.winner, v.scores, len(v.sheet))
    ]
    if v.winner is not None:
        lines.append("Scores: " + ", ".join(f"seat {i}: {x}" for i, x in enumerate(v.scores)))
        return "\n".join(lines)
    lines.append(
        contract_line(
            v.bid,
            v.bidder,
            v.passed,
            v.declarer,
            v.contract,
            v.trump,
            v.marriages,
            v.rules.layout is Layout.TWO_DRAW,
            v.ace_marriage,
        )
    )
    hands = [cards_text(v.hand) if seat == v.seat else _count(v, seat) for seat in range(n)]
    lines += table(
        n,
        v.scores,
        v.card_points,
        trick_rows(v.trick, v.phase),
        hands,
        notes(n, v.dealer, v.declarer, v.to_move, sitter, v.seat),
    )
    if v.musik:
        lines.append("Musik seen: " + cards_text(v.musik))
    if v.given:
        lines.append("Given: " + ", ".join(f"{card} to seat {to}" for to, card in v.given))
    if v.discards:
        lines.append("Discards: " + cards_text(v.discards))
    if v.stock_size:
        lines.append(f"Stock: {v.stock_size} cards")
    return "\n".join(lines)
