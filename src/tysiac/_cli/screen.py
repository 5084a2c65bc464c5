"""The screen of ``tysiac play``: what one human seat sees of the game, as text.

:class:`Terminal` writes the lines (the hand with its legal cards highlighted, the move
list wrapped to the width); :func:`narrate` says what each move showed the human seat and
who took each trick; :func:`situation` is what the human sees when it is their turn;
:func:`announce_deal`, :func:`show_sheet` and :func:`announce_winner` open a deal, show the
score sheet after one and close the game.  Reading the player's moves and the game loop
are in :mod:`tysiac._cli.play`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TextIO

from .._engine.core import Phase
from .._engine.results import DealResult, Outcome
from .._engine.state import State
from .._engine.trickrules import trick_winner
from .._info.observe import observe
from .._info.views import View
from .._rules.options import Layout
from .._vocab.cards import Card, Rank, Suit
from .._vocab.moves import Bomb, Claim, Concede, Discard, Give, Move, Play, Redeal
from .._vocab.notation import move_text

__all__ = [
    "WIDTH",
    "Terminal",
    "announce_deal",
    "announce_winner",
    "cards_text",
    "narrate",
    "show_sheet",
    "situation",
    "who",
]

_BOLD: Final = "\x1b[1m"
_DIM: Final = "\x1b[2m"
_YELLOW: Final = "\x1b[33m"
_RESET: Final = "\x1b[0m"

#: The width the move list is wrapped to when the output is not a terminal.
WIDTH: Final = 80


def who(seat: int, human: int) -> str:
    return "You" if seat == human else f"Seat {seat}"


def _card(card: Card) -> str:
    return str(card)


class Terminal:
    """The text of one human seat's game: what happened, the hand, the prompt."""

    def __init__(self, out: TextIO, human: int, color: bool, width: int = WIDTH) -> None:
        self.out = out
        self.human = human
        self.color = color
        self.width = max(width, 20)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def paint(self, text: str, *styles: str) -> str:
        if not self.color or not styles:
            return text
        return "".join(styles) + text + _RESET

    def hand(self, view: View) -> str:
        """The hand by suit, legal cards highlighted, marriage pairs marked ``*``."""
        legal = {m.card for m in view.legal_moves if isinstance(m, Play | Give | Discard)}
        choosing = bool(legal)
        hand = set(view.hand)
        parts = []
        for suit in Suit:
            cards = sorted((c for c in view.hand if c.suit is suit), key=lambda c: c.rank)
            if not cards:
                continue
            words = []
            for c in cards:
                paired = (
                    c.rank in (Rank.KING, Rank.QUEEN)
                    and Card(suit, Rank.KING) in hand
                    and Card(suit, Rank.QUEEN) in hand
                )
                text = _card(c) + ("*" if paired else "")
                if not choosing:
                    words.append(self.paint(text, _YELLOW) if paired else text)
                elif c in legal:
                    styles = (_BOLD, _YELLOW) if paired else (_BOLD,)
                    words.append(self.paint(text, *styles) if self.color else f"[{text}]")
                else:
                    words.append(self.paint(text, _DIM) if self.color else f" {text} ")
            parts.append(" ".join(words))
        return "  |  ".join(parts)

    def wrapped(self, label: str, items: Sequence[str]) -> list[str]:
        """``label`` and the ``items`` two spaces apart, wrapped to the width between
        items, never inside one; the lines after the first are indented under the first
        item."""
        indent = " " * len(label)
        lines: list[str] = []
        line = label
        for item in items:
            if line.strip() and len(line) + 2 + len(item) > self.width:
                lines.append(line)
                line = indent + item
            else:
                line = line + item if line == label else line + "  " + item
        lines.append(line)
        return lines


def narrate(term: Terminal, before: State, move: Move, after: State) -> None:
    """Say what the move showed to the human seat, in the notation where it is seen."""
    human = term.human
    seat = before.to_move
    assert seat is not None
    same_deal = after.deal_number == before.deal_number
    match move:
        case Give(to=to) if human not in (seat, to):
            said = f"gives a card to {who(to, human).lower()}"
        case Give(to=to) if to == human:
            said = f"{move_text(move)} (to you)"
        case Discard() if seat != human:
            said = "puts a card away"
        case Redeal():
            said = "redeal (asks for a new deal)"
        case Bomb():
            said = "bomb (the deal is not played)"
        case Concede():
            said = "concede (gives up the deal)"
        case Claim():
            said = "claim (takes every remaining trick)"
        case Play(card=card) if same_deal and len(after.marriages) > len(before.marriages):
            said = f"{move_text(move)}  (marriage {card.suit.symbol}, {card.suit.symbol} is trump)"
        case Play() if same_deal and after.ace_marriage != before.ace_marriage:
            said = f"{move_text(move)}  (ace marriage, {after.rules.ace_marriage})"
        case _:
            said = move_text(move)
    term.say(f"{who(seat, human)}: {said}")
    if isinstance(move, Play):
        _trick_taken(term, before, move, after)


def _trick_taken(term: Terminal, before: State, move: Play, after: State) -> None:
    """Say who took the trick ``move`` completed, if it did (the deal's last one too)."""
    human = term.human
    seat = before.to_move
    assert seat is not None
    trick = (*before.trick, (seat, move.card))
    if after.deal_number == before.deal_number and after.phase is Phase.PLAY:
        view = observe(after, human)
        if view.trick or not view.trick_winners:
            return  # the trick goes on
        winner = view.trick_winners[-1]
        last = ""
    else:  # the card closed the deal: its last trick, scored with the deal
        winner = trick[_winning_position(before, move, after, trick)][0]
        last = " last"
    points = sum(c.points for _, c in trick)
    takes = "take" if winner == human else "takes"
    term.say(f"  {who(winner, human)} {takes} the{last} trick ({points} points)")


def _winning_position(
    before: State, move: Play, after: State, trick: tuple[tuple[int, Card], ...]
) -> int:
    """The position in ``trick`` of the card that took the deal's last trick.

    The trick is judged as the engine judges it, by the trump in force: the one before
    the card, or the marriage the card itself declared ("on someone", four players) where
    a declared marriage is trump at once.
    """
    trump = before.trump
    declared = after.sheet[-1].marriages[len(before.marriages) :] if after.sheet else ()
    if declared and not before.rules._play.trump_next:
        trump = declared[-1][1]
    return trick_winner(tuple(c.index for _, c in trick), -1 if trump is None else int(trump))


def _points(view: View) -> list[int]:
    """Each seat's points so far this deal: cards taken plus the marriages declared, as the
    deal's total will count them."""
    points = list(view.card_points)
    for seat, suit in view.marriages:
        points[seat] += view.rules.marriage_values[suit]
    if view.ace_marriage is not None:
        points[view.ace_marriage] += view.rules.ace_marriage or 0
    return points


def _sheet(state: State, human: int) -> list[str]:
    n = state.players
    head = ["Deal", "Declarer", "Contract", "Result", *(who(s, human) for s in range(n))]
    rows = [head]
    for row in state.sheet:
        rows.append(
            [
                str(row.number),
                "-" if row.declarer is None else who(row.declarer, human),
                "-" if row.contract is None else str(row.contract),
                _result(row),
                *(f"{row.scores[s]} ({row.deltas[s]:+d})" for s in range(n)),
            ]
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    return [
        "  ".join(
            c.ljust(w) if i < 4 else c.rjust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in rows
    ]


def _result(row: DealResult) -> str:
    if row.outcome is Outcome.REDEALT:
        return "redeal"
    if row.outcome is Outcome.BOMBED:
        return "bomb"
    if row.made is None:
        return "played"
    return ("made" if row.made else "failed") + (
        " (claim)" if row.outcome is Outcome.CLAIMED else ""
    )


def situation(term: Terminal, view: View) -> None:
    """What the human sees when it is their turn."""
    human = term.human
    term.say("")
    if view.phase is Phase.AUCTION:
        high = (
            "no bid yet"
            if not view.bid
            else f"{view.bid} by {who(view.bidder or 0, human).lower()}"
        )
        term.say(f"Auction: highest {high}")
    elif view.declarer is not None:
        decl = who(view.declarer, human)
        contract = f"bid {view.bid}" if view.contract is None else f"contract {view.contract}"
        trump = "no trump" if view.trump is None else f"trump {view.trump.symbol}"
        term.say(f"Declarer: {decl}, {contract}, {trump}")
    if view.musik and view.phase is not Phase.PLAY:
        term.say("Musik: " + " ".join(_card(c) for c in view.musik))
    if view.phase is Phase.PLAY:
        if view.trick:
            term.say("Trick: " + ", ".join(f"{who(s, human)} {_card(c)}" for s, c in view.trick))
        points = ", ".join(f"{who(s, human)} {p}" for s, p in enumerate(_points(view)))
        term.say(f"Points (cards and marriages): {points}")
        if view.stock_size:
            term.say(f"Stock: {view.stock_size} cards")
    term.say("Your hand: " + term.hand(view))


def cards_text(cards: Iterable[Card]) -> str:
    """The cards in the notation, a space apart."""
    return " ".join(_card(c) for c in cards)


def announce_deal(term: Terminal, state: State) -> None:
    """The start of a deal: its number, dealer and the scores, the musik where it is face
    up, and the human's hand (or that the human deals and sits out)."""
    seat = term.human
    scores = ", ".join(f"{who(s, seat)} {v}" for s, v in enumerate(state.scores))
    term.say("")
    term.say(
        f"=== Deal {state.deal_number}, dealer {who(state.dealer, seat).lower()}; scores: {scores}"
    )
    view = observe(state, seat)
    if view.musik:
        term.say("Musik (face up): " + cards_text(view.musik))
    if state.rules.layout is Layout.FOUR_SITTER and state.dealer == seat:
        term.say("You deal and sit out this deal: the other three play it.")
    else:
        term.say("Your hand: " + term.hand(view))


def show_sheet(term: Terminal, state: State) -> None:
    """The score sheet of the game so far."""
    term.say("")
    term.say("Score sheet:")
    for line in _sheet(state, term.human):
        term.say("  " + line)


def announce_winner(term: Terminal, state: State) -> None:
    """The end of a won game: who won, with how many points."""
    assert state.winner is not None
    seat = term.human
    term.say("")
    term.say(
        f"{who(state.winner, seat)} win{'' if state.winner == seat else 's'} the game "
        f"with {state.scores[state.winner]} points."
    )
