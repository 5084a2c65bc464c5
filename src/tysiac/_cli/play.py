"""``tysiac play``: one human seat against computer players, in the terminal.

The human sees only their seat's :class:`~tysiac.View`: their hand (the legal cards
highlighted, the others dimmed; the marriage pairs marked), the musik when it is shown, the
bids, the tricks, and the score sheet after each deal.  Moves are typed as a number from the
list of legal moves, or in words: a card (``QH``, ``10h``, ``Q♥``), ``pass``, ``bid 120``
(or just ``120``), ``bomb``, ``claim``, ``redeal``, ``musik 2``.  An empty line takes the
suggested move (what :class:`~tysiac.bots.HeuristicBot` would do), so ``yes '' | tysiac
play`` plays a whole game.  Input may be piped in; the game stops when it ends.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Final, TextIO

from .._engine.api import apply
from .._engine.core import Phase
from .._engine.newgame import new_game
from .._engine.results import DealResult, Outcome
from .._engine.state import State
from .._errors import InvalidCardError
from .._info.views import View, observe
from .._rules.rules import Rules
from .._vocab.cards import Card, Rank, Suit
from .._vocab.moves import (
    Bid,
    Bomb,
    ChooseMusik,
    Claim,
    Concede,
    Contract,
    Discard,
    Give,
    Move,
    Pass,
    Play,
    Redeal,
)
from ..bots import Bot, HeuristicBot
from .botnames import DEFAULT_BOT, bots_help, make_bot, read_bot_names
from .common import Command, Parser, add_rules_arguments, rules_from_args

__all__ = [
    "COMMAND",
    "Terminal",
    "add_arguments",
    "play_terminal",
    "run",
]

_BOLD: Final = "\x1b[1m"
_DIM: Final = "\x1b[2m"
_YELLOW: Final = "\x1b[33m"
_RESET: Final = "\x1b[0m"

_MUSIK_PHASES: Final = (
    Phase.AUCTION,
    Phase.CHOOSE_MUSIK,
    Phase.DISCARD,
    Phase.GIVE,
    Phase.CONTRACT,
)


def _who(seat: int, human: int) -> str:
    return "You" if seat == human else f"Seat {seat}"


def _card(card: Card) -> str:
    return str(card)


def _move_text(move: Move) -> str:
    """The words for a move, as the player types them."""
    if isinstance(move, Bid):
        return f"bid {move.amount}"
    if isinstance(move, Pass):
        return "pass"
    if isinstance(move, Redeal):
        return "redeal"
    if isinstance(move, ChooseMusik):
        return f"musik {move.index + 1}"
    if isinstance(move, Give):
        return f"give {_card(move.card)} to seat {move.to}"
    if isinstance(move, Discard):
        return f"put away {_card(move.card)}"
    if isinstance(move, Contract):
        return f"contract {move.amount}"
    if isinstance(move, Bomb):
        return "bomb"
    if isinstance(move, Claim):
        return "claim"
    if isinstance(move, Concede):
        return "concede"
    if move.meld and move.card.rank is Rank.ACE:
        return f"{_card(move.card)} and declare the ace marriage"
    return f"{_card(move.card)}{' and declare the marriage' if move.meld else ''}"


class Terminal:
    """The text of one human seat's game: what happened, the hand, the prompt."""

    def __init__(self, out: TextIO, human: int, color: bool) -> None:
        self.out = out
        self.human = human
        self.color = color

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


def _narrate(term: Terminal, before: State, move: Move, after: State) -> None:
    """Say what the move showed to the human seat."""
    human = term.human
    seat = before.to_move
    assert seat is not None
    who = _who(seat, human)
    if isinstance(move, Bid):
        term.say(f"{who}: bid {move.amount}")
    elif isinstance(move, Pass):
        term.say(f"{who}: pass")
    elif isinstance(move, Redeal):
        term.say(f"{who}: asks for a redeal")
    elif isinstance(move, ChooseMusik):
        term.say(f"{who}: takes musik {move.index + 1}")
    elif isinstance(move, Give):
        if human in (seat, move.to):
            term.say(f"{who}: gives {_card(move.card)} to {_who(move.to, human).lower()}")
        else:
            term.say(f"{who}: gives a card to seat {move.to}")
    elif isinstance(move, Discard):
        term.say(f"{who}: puts {_card(move.card) if seat == human else 'a card'} away")
    elif isinstance(move, Contract):
        term.say(f"{who}: contract {move.amount}")
    elif isinstance(move, Bomb):
        term.say(f"{who}: bomb!")
    elif isinstance(move, Claim):
        term.say(f"{who}: claims the remaining tricks")
    elif isinstance(move, Concede):
        term.say(f"{who}: concedes")
    else:
        text = f"{who}: {_card(move.card)}"
        if after.deal_number == before.deal_number and len(after.marriages) > len(before.marriages):
            text += f"  (marriage {move.card.suit.symbol}, {move.card.suit.symbol} is trump)"
        elif after.deal_number == before.deal_number and after.ace_marriage != before.ace_marriage:
            text += f"  (ace marriage, {after.rules.ace_marriage})"
        term.say(text)
        if after.deal_number == before.deal_number and after.phase is Phase.PLAY:
            view = observe(after, human)
            if not view.trick and view.trick_winners:
                last = view.tricks[-1]
                points = sum(c.points for _, c in last)
                winner = view.trick_winners[-1]
                term.say(
                    f"  {_who(winner, human)} take{'' if winner == human else 's'} the "
                    f"trick ({points} points)"
                )


def _sheet(state: State, human: int) -> list[str]:
    n = state.players
    head = ["Deal", "Declarer", "Contract", "Result", *(_who(s, human) for s in range(n))]
    rows = [head]
    for row in state.sheet:
        rows.append(
            [
                str(row.number),
                "-" if row.declarer is None else _who(row.declarer, human),
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


def _situation(term: Terminal, view: View) -> None:
    """What the human sees when it is their turn."""
    human = term.human
    term.say("")
    if view.phase is Phase.AUCTION:
        high = (
            "no bid yet"
            if not view.bid
            else f"{view.bid} by {_who(view.bidder or 0, human).lower()}"
        )
        term.say(f"Auction: highest {high}")
    elif view.declarer is not None:
        decl = _who(view.declarer, human)
        contract = f"bid {view.bid}" if view.contract is None else f"contract {view.contract}"
        trump = "no trump" if view.trump is None else f"trump {view.trump.symbol}"
        term.say(f"Declarer: {decl}, {contract}, {trump}")
    if view.musik and view.phase is not Phase.PLAY:
        term.say("Musik: " + " ".join(_card(c) for c in view.musik))
    if view.phase is Phase.PLAY:
        if view.trick:
            term.say("Trick: " + ", ".join(f"{_who(s, human)} {_card(c)}" for s, c in view.trick))
        points = ", ".join(f"{_who(s, human)} {p}" for s, p in enumerate(view.card_points))
        term.say(f"Points taken: {points}")
        if view.stock_size:
            term.say(f"Stock: {view.stock_size} cards")
    term.say("Your hand: " + term.hand(view))


def _parse(text: str, view: View) -> Move | None:
    """The legal move the player typed, or None."""
    moves = view.legal_moves
    word = text.strip().lower()
    if (
        word.isdigit()
        and 1 <= int(word) <= len(moves)
        and not (view.phase in (Phase.AUCTION, Phase.CONTRACT) and int(word) >= 100)
    ):
        return moves[int(word) - 1]
    parts = word.replace(",", " ").split()
    if not parts:
        return None
    if parts[0] in ("pass", "p") and Pass() in moves:
        return Pass()
    for name, move in (("bomb", Bomb()), ("claim", Claim()), ("redeal", Redeal())):
        if parts[0] == name and move in moves:
            return move
    if parts[-1].isdigit():
        amount = int(parts[-1])
        for m in moves:
            if isinstance(m, Bid | Contract) and m.amount == amount:
                return m
            if isinstance(m, ChooseMusik) and parts[0] == "musik" and m.index == amount - 1:
                return m
    meld = parts[0].endswith("*")
    try:
        card = Card.parse(parts[0].rstrip("*").upper())
    except InvalidCardError:
        return None
    for m in moves:
        if isinstance(m, Play) and m.card == card and m.meld == meld:
            return m
        if isinstance(m, Give | Discard) and m.card == card:
            return m
    return None


def _ask(term: Terminal, view: View, hint: Move, source: TextIO) -> Move | None:
    """Prompt until the player types a legal move; None when the input ends."""
    moves = view.legal_moves
    listing = "  ".join(f"{i}) {_move_text(m)}" for i, m in enumerate(moves, 1))
    term.say(f"Moves: {listing}")
    while True:
        term.out.write(f"Your move [Enter: {_move_text(hint)}]> ")
        term.out.flush()
        line = source.readline()
        if not line:
            term.say("")
            term.say("Input ended: the game stops here.")
            return None
        echo = line.rstrip("\n")
        if not source.isatty():
            term.say(echo)  # piped input: show it, so the transcript reads as a game
        if not echo.strip():
            return hint
        move = _parse(echo, view)
        if move is not None:
            return move
        term.say(
            f"{echo.strip()!r} is not a legal move here: type a number from 1 to "
            f"{len(moves)}, or the move in words"
        )


def play_terminal(
    rules: Rules,
    *,
    seat: int = 0,
    bots: Sequence[Bot] | None = None,
    seed: int = 1,
    source: TextIO | None = None,
    out: TextIO | None = None,
    color: bool | None = None,
    max_deals: int | None = None,
    hints: Bot | None = None,
) -> State:
    """Play a game in the terminal: the human at ``seat``, computer players elsewhere.

    Args:
        rules: the rules.
        seat: the human's seat.
        bots: the computer players, one per other seat in seat order (default:
            :class:`~tysiac.bots.HeuristicBot`).
        seed: the game's seed.
        source: where the human's moves are read from (default standard input).
        out: where the game is written (default standard output).
        color: ANSI colours (default: only when ``out`` is a terminal and ``NO_COLOR`` is
            not set); without colours the legal cards are shown in ``[brackets]``.
        max_deals: stop after this many deals.
        hints: the bot whose move is suggested (taken on an empty line; default a
            :class:`~tysiac.bots.HeuristicBot`).

    Returns:
        The last state: the game over, or where the input ended or ``max_deals`` stopped it.
    """
    source = sys.stdin if source is None else source
    out = sys.stdout if out is None else out
    if color is None:
        color = out.isatty() and not os.environ.get("NO_COLOR")
    n = rules.players
    others = list(bots) if bots is not None else [HeuristicBot(seed=seed + s) for s in range(n - 1)]
    players: list[Bot | None] = []
    it = iter(others)
    for s in range(n):
        players.append(None if s == seat else next(it))
    hint_bot = HeuristicBot(seed=seed) if hints is None else hints
    term = Terminal(out, seat, color)
    state = new_game(rules, seed=seed)
    term.say(
        f"Tysiąc: preset {rules.name or 'custom'}, {n} players ({rules.layout.value}), "
        f"target {rules.target}, seed {seed}. You are seat {seat}."
    )
    deal = 0
    while not state.is_over:
        if state.deal_number != deal:
            deal = state.deal_number
            if max_deals is not None and len(state.sheet) >= max_deals:
                break
            scores = ", ".join(f"{_who(s, seat)} {v}" for s, v in enumerate(state.scores))
            term.say("")
            term.say(
                f"=== Deal {deal}, dealer {_who(state.dealer, seat).lower()}; scores: {scores}"
            )
            view = observe(state, seat)
            if view.musik:
                term.say("Musik (face up): " + " ".join(_card(c) for c in view.musik))
            term.say("Your hand: " + term.hand(view))
        mover = state.to_move
        assert mover is not None
        if mover == seat:
            view = observe(state, seat)
            _situation(term, view)
            move = _ask(term, view, hint_bot.choose(view), source)
            if move is None:
                return state
        else:
            bot = players[mover]
            assert bot is not None
            move = bot.choose(observe(state, mover))
        before_musik = observe(state, seat).musik if state.phase is not Phase.PLAY else ()
        after = apply(state, move)
        _narrate(term, state, move, after)
        if after.deal_number == state.deal_number and after.phase in _MUSIK_PHASES:
            shown = observe(after, seat).musik
            if shown and shown != before_musik:
                term.say("Musik: " + " ".join(_card(c) for c in shown))
        if after.sheet != state.sheet:
            term.say("")
            term.say("Score sheet:")
            for line in _sheet(after, seat):
                term.say("  " + line)
        state = after
    if state.winner is not None:
        term.say("")
        term.say(
            f"{_who(state.winner, seat)} win{'' if state.winner == seat else 's'} the game "
            f"with {state.scores[state.winner]} points."
        )
    return state


def add_arguments(parser: Parser) -> None:
    """The options of ``tysiac play``."""
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    add_rules_arguments(parser)
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument(
        "--bots",
        default=None,
        metavar="NAMES",
        help="the computer players: comma-separated names, one per computer seat in seat "
        f"order, or one name for all (default {DEFAULT_BOT}): {bots_help()}",
    )
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="ANSI colours (default auto: on a terminal, unless NO_COLOR is set)",
    )
    parser.add_argument(
        "--max-deals", type=int, default=None, metavar="N", help="stop after N deals"
    )


def run(args: argparse.Namespace) -> int:
    """Run ``tysiac play`` with parsed arguments (``args.parser`` reports usage errors)."""
    parser: Parser = args.parser
    rules = rules_from_args(args, parser)
    if not 0 <= args.seat < rules.players:
        parser.error(f"argument --seat: {args.seat} is not a seat: choose 0..{rules.players - 1}")
    if args.max_deals is not None and args.max_deals < 1:
        parser.error(f"argument --max-deals: {args.max_deals}: give 1 or more")
    names = read_bot_names(args.bots, rules.players - 1, parser, what="computer seats")
    bots = [make_bot(name, args.seed + s) for s, name in enumerate(names)]
    color = {"auto": None, "always": True, "never": False}[args.color]
    play_terminal(
        rules, seat=args.seat, bots=bots, seed=args.seed, color=color, max_deals=args.max_deals
    )
    return 0


COMMAND: Final = Command(
    name="play",
    help="play a game in the terminal against computer players",
    add_arguments=add_arguments,
    run=run,
)
