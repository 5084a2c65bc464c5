"""``tysiac play``: one human seat against computer players, in the terminal.

The human sees only their seat's :class:`~tysiac.View`: their hand (the legal cards
highlighted, the others dimmed; the marriage pairs marked), the musik when it is shown, the
bids, the tricks and who took them, and the score sheet after each deal.  Moves are typed
as a number from the list of legal moves, or as the list shows them, which is the library's
notation (:func:`~tysiac.move_text`, read by :func:`~tysiac.parse_move`): ``QH``, ``KH*``,
``pass``, ``bid 120``, ``bid 120 blind``, ``musik 0``, ``give 9C>1`` (or ``give 9C to seat
1``), ``discard 9C``, ``contract 120``, ``bomb``, ``concede``, ``claim``.  Two shortcuts:
a bare amount bids (or names the contract), a bare card gives or puts away that card when
that is the move to make.  A move that is refused is answered with the reason (the
notation's or the engine's), and the player is asked again.  ``help`` lists all this,
``quit`` ends the game.  An empty line takes the suggested move (what
:class:`~tysiac.bots.HeuristicBot` would do), so ``yes '' | tysiac play`` plays a whole
game.  Input may be piped in; the game stops when it ends.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Sequence
from typing import Final, TextIO

from .._engine.api import apply
from .._engine.core import Phase
from .._engine.newgame import new_game
from .._engine.results import DealResult, Outcome
from .._engine.state import State
from .._engine.trickrules import trick_winner
from .._errors import IllegalMoveError, LoadError
from .._info.observe import observe
from .._info.views import View
from .._rules.options import Layout
from .._rules.rules import Rules
from .._vocab.cards import Card, Rank, Suit
from .._vocab.moves import (
    Bid,
    Bomb,
    Claim,
    Concede,
    Contract,
    Discard,
    Give,
    Move,
    Play,
    Redeal,
)
from .._vocab.notation import move_text, parse_move
from ..bots import Bot, HeuristicBot
from .botnames import DEFAULT_BOT, bots_help, make_bot, read_bot_names
from .common import Command, Parser, add_rules_arguments, rules_from_args

__all__ = [
    "COMMAND",
    "HELP",
    "QUIT",
    "Terminal",
    "add_arguments",
    "play_terminal",
    "read_move",
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
#: The width the move list is wrapped to when the output is not a terminal.
WIDTH: Final = 80
#: The words that show the help, and that end the game.
HELP_WORDS: Final = ("help", "?")
QUIT_WORDS: Final = ("quit", "exit")
#: What ``help`` prints.
HELP: Final = (
    "Type a move's number from the list, or the move as the list shows it:",
    "  a card: QH (also 10h, Q♥); QH* plays the card and declares its marriage",
    "  bid 120, bid 120 blind (or just 120), pass, redeal",
    "  musik 0 or musik 1; give 9C>1 (or give 9C to seat 1, or just 9C); discard 9C (or 9C)",
    "  contract 120 (or just 120), bomb, concede, claim",
    "Enter alone takes the suggested move.  'help' shows this; 'quit' ends the game.",
)
#: What :func:`read_move` returns for ``quit``.
QUIT: Final = "quit"


def _who(seat: int, human: int) -> str:
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


def _narrate(term: Terminal, before: State, move: Move, after: State) -> None:
    """Say what the move showed to the human seat, in the notation where it is seen."""
    human = term.human
    seat = before.to_move
    assert seat is not None
    same_deal = after.deal_number == before.deal_number
    match move:
        case Give(to=to) if human not in (seat, to):
            said = f"gives a card to {_who(to, human).lower()}"
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
    term.say(f"{_who(seat, human)}: {said}")
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
    term.say(f"  {_who(winner, human)} {takes} the{last} trick ({points} points)")


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
        points = ", ".join(f"{_who(s, human)} {p}" for s, p in enumerate(_points(view)))
        term.say(f"Points (cards and marriages): {points}")
        if view.stock_size:
            term.say(f"Stock: {view.stock_size} cards")
    term.say("Your hand: " + term.hand(view))


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def read_move(text: str, state: State, view: View) -> Move | str:
    """The move the player typed, or why it is refused (one line).

    ``text`` is a number from the list of legal moves, or a move in notation
    (:func:`~tysiac.parse_move`), with two shortcuts: a bare amount in the auction and the
    contract (``120``: ``bid 120``, ``contract 120``), and a bare card where a card is given
    or put away.  A move that is not legal is applied to ``state`` to let the engine say
    why.  ``quit`` gives :data:`QUIT`.
    """
    moves = view.legal_moves
    word = text.strip()
    if word.lower() in QUIT_WORDS:
        return QUIT
    number = _number(word)
    amounts = view.phase in (Phase.AUCTION, Phase.CONTRACT)
    if number is not None:
        if 1 <= number <= len(moves) and not (amounts and number >= 100):
            return moves[number - 1]
        if not amounts:
            return f"{word} is not a move number here: type 1 to {len(moves)}"
        move: Move = Bid(number) if view.phase is Phase.AUCTION else Contract(number)
    else:
        try:
            move = parse_move(word)
        except LoadError as error:
            return f"{error}; 'help' lists the moves"
    if isinstance(move, Play) and not move.meld and view.phase in (Phase.GIVE, Phase.DISCARD):
        same = [m for m in moves if isinstance(m, Give | Discard) and m.card == move.card]
        if len(same) == 1:
            return same[0]
    if move in moves:
        return moves[moves.index(move)]
    try:
        apply(state, move)
    except IllegalMoveError as error:
        return str(error)
    return move  # (legal: the view lists every legal move, so this is not reached)


def _ask(term: Terminal, state: State, view: View, hint: Move, source: TextIO) -> Move | None:
    """Prompt until the player types a legal move; None when the input ends or on ``quit``."""
    items = [f"{i}) {move_text(m)}" for i, m in enumerate(view.legal_moves, 1)]
    for line in term.wrapped("Moves: ", items):
        term.say(line)
    while True:
        term.out.write(f"Your move [Enter: {move_text(hint)}]> ")
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
        if echo.strip().lower() in HELP_WORDS:
            for text in HELP:
                term.say(text)
            continue
        move = read_move(echo, state, view)
        if move == QUIT:
            term.say("You quit: the game stops here.")
            return None
        if isinstance(move, str):
            term.say(move)
            continue
        return move


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
    width: int | None = None,
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
        width: the width the move list is wrapped to (default: the terminal's, or
            :data:`WIDTH` when ``out`` is not a terminal).

    Returns:
        The last state: the game over, or where the input ended or ``max_deals`` stopped it.
    """
    source = sys.stdin if source is None else source
    out = sys.stdout if out is None else out
    tty = out.isatty()
    if color is None:
        color = tty and not os.environ.get("NO_COLOR")
    if width is None:
        width = shutil.get_terminal_size((WIDTH, 24)).columns if tty else WIDTH
    n = rules.players
    others = list(bots) if bots is not None else [HeuristicBot(seed=seed + s) for s in range(n - 1)]
    players: list[Bot | None] = []
    it = iter(others)
    for s in range(n):
        players.append(None if s == seat else next(it))
    hint_bot = HeuristicBot(seed=seed) if hints is None else hints
    term = Terminal(out, seat, color, width)
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
            if rules.layout is Layout.FOUR_SITTER and state.dealer == seat:
                term.say("You deal and sit out this deal: the other three play it.")
            else:
                term.say("Your hand: " + term.hand(view))
        mover = state.to_move
        assert mover is not None
        if mover == seat:
            view = observe(state, seat)
            _situation(term, view)
            move = _ask(term, state, view, hint_bot.choose(view), source)
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
