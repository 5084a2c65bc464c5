"""``str(state)`` and ``str(view)``: a position as a small table, for people (private).

One line names the deal, the phase and the seat to move; one the auction or the contract
and the trump; then a row per seat (score, card points taken this deal, the card it played
to the current trick, its hand, or for a view the number of cards in the other hands);
then the musik, the discards and the stock where there are any.

"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from .._rules.options import Layout
from .._vocab.cards import Card, Suit

if TYPE_CHECKING:
    from .core import Phase
    from .state import State


__all__ = [
    "cards_text",
    "contract_line",
    "heading",
    "notes",
    "state_text",
    "table",
    "trick_rows",
]

_SUITS: Final = {Suit.SPADES: "spades", Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds"}
_SUITS[Suit.HEARTS] = "hearts"
_PHASE_WORDS: Final = {
    "auction": "auction",
    "choose-musik": "choosing a musik",
    "discard": "discarding",
    "give": "giving cards",
    "contract": "naming the contract",
    "play": "trick play",
    "game-over": "game over",
}


def cards_text(cards: Sequence[Card]) -> str:
    """Cards in notation, a double space between suits: ``9S QS  AH``; ``-`` for none."""
    out: list[str] = []
    suit: Suit | None = None
    for card in cards:
        if out:
            out.append("  " if card.suit is not suit else " ")
        out.append(str(card))
        suit = card.suit
    return "".join(out) or "-"


def heading(
    phase: Phase,
    deal_number: int,
    dealer: int,
    to_move: int | None,
    winner: int | None,
    scores: Sequence[int],
    deals: int,
) -> str:
    if winner is not None:
        return f"Game over after {deals} deals: seat {winner} won with {scores[winner]} points"
    return (
        f"Deal {deal_number}, dealer {dealer}: {_PHASE_WORDS[phase.value]}, seat {to_move} to move"
    )


def contract_line(
    bid: int,
    bidder: int | None,
    passed: Sequence[int],
    declarer: int | None,
    contract: int | None,
    trump: Suit | None,
    marriages: Sequence[tuple[int, Suit]],
    draw_game: bool,
    ace_marriage: int | None = None,
) -> str:
    if draw_game:
        parts = ["No auction (the draw game)"]
    elif declarer is None:
        parts = [f"Bid {bid} by seat {bidder}" if bidder is not None else "No bid yet"]
        if passed:
            parts.append("passed: " + ", ".join(map(str, passed)))
    else:
        named = f"contract {contract}" if contract is not None else "no contract yet"
        parts = [f"Declarer {declarer}, bid {bid}, {named}"]
    parts.append(f"trump {_SUITS[trump]}" if trump is not None else "no trump")
    if marriages:
        parts.append(
            "marriages: " + ", ".join(f"{_SUITS[suit]} by seat {seat}" for seat, suit in marriages)
        )
    if ace_marriage is not None:
        parts.append(f"ace marriage by seat {ace_marriage}")
    return "; ".join(parts)


def table(
    players: int,
    scores: Sequence[int],
    points: Sequence[int],
    trick: Sequence[tuple[int, Card]],
    hands: Sequence[str],
    notes: Sequence[str],
) -> list[str]:
    played = dict(trick)
    rows = [["Seat", "Score", "Points", "Trick", "Hand"]]
    for seat in range(players):
        card = played.get(seat)
        rows.append(
            [
                str(seat),
                str(scores[seat]),
                str(points[seat]),
                "" if card is None else str(card),
                hands[seat],
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = []
    for seat, row in enumerate(rows):
        cells = [
            row[0].rjust(widths[0]),
            row[1].rjust(max(widths[1], 5)),
            row[2].rjust(max(widths[2], 6)),
            row[3].ljust(max(widths[3], 5)),
            row[4],
        ]
        note = notes[seat - 1] if seat else ""
        lines.append(("  ".join(cells) + (f"  ({note})" if note else "")).rstrip())
    return lines


def notes(
    players: int,
    dealer: int,
    declarer: int | None,
    to_move: int | None,
    sitter: bool,
    seat: int | None = None,
) -> list[str]:
    out = []
    for s in range(players):
        words = []
        if s == seat:
            words.append("you")
        if s == dealer:
            words.append("dealer, sits out" if sitter else "dealer")
        if s == declarer:
            words.append("declarer")
        if s == to_move:
            words.append("to move")
        out.append(", ".join(words))
    return out


def trick_rows(trick: Sequence[tuple[int, Card]], phase: Phase) -> Sequence[tuple[int, Card]]:
    return trick if phase.value == "play" else ()


def state_text(state: State) -> str:
    """``str(state)``: the whole position, every hand face up."""
    s = state
    sitter = s.rules.layout is Layout.FOUR_SITTER
    lines = [heading(s.phase, s.deal_number, s.dealer, s.to_move, s.winner, s.scores, len(s.sheet))]
    if s.is_over:
        lines.append("Scores: " + ", ".join(f"seat {i}: {v}" for i, v in enumerate(s.scores)))
        return "\n".join(lines)
    lines.append(
        contract_line(
            s.bid,
            s.bidder,
            s.passed,
            s.declarer,
            s.contract,
            s.trump,
            s.marriages,
            s.rules.layout is Layout.TWO_DRAW,
            s.ace_marriage,
        )
    )
    lines += table(
        s.players,
        s.scores,
        s.card_points,
        trick_rows(s.trick, s.phase),
        [cards_text(hand) for hand in s.hands],
        notes(s.players, s.dealer, s.declarer, s.to_move, sitter),
    )
    musiks = [m for m in s.musiks if m]
    if musiks:
        lines.append("Musik: " + " | ".join(cards_text(m) for m in musiks))
    elif s.revealed_musik:
        lines.append("Musik (shown, then taken): " + cards_text(s.revealed_musik))
    if s.discards:
        lines.append("Discards: " + cards_text(s.discards))
    if s.stock:
        lines.append(f"Stock ({len(s.stock)}, next first): " + " ".join(map(str, s.stock)))
    return "\n".join(lines)
