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

This module is the command, the reading of the player's moves and the game loop; what the
player sees is written by :mod:`tysiac._cli.screen`.
"""

from __future__ import annotations

import argparse
import errno
import os
import shutil
import sys
from collections.abc import Sequence
from typing import Final, TextIO

from .._engine.api import apply, new_game
from .._engine.core import Phase
from .._engine.state import State
from .._errors import IllegalMoveError, LoadError
from .._info.observe import observe
from .._info.views import View
from .._rules.rules import Rules
from .._vocab.moves import Bid, Contract, Discard, Give, Move, Play
from .._vocab.notation import move_text, parse_move
from ..bots import Bot, HeuristicBot
from .botnames import DEFAULT_BOT, bots_help, make_bot, read_bot_names
from .common import Command, OutputError, Parser, add_rules_arguments, rules_from_args
from .screen import (
    WIDTH,
    Terminal,
    announce_deal,
    announce_winner,
    cards_text,
    narrate,
    show_sheet,
    situation,
)

__all__ = [
    "COMMAND",
    "HELP",
    "QUIT",
    "add_arguments",
    "play_terminal",
    "read_move",
    "run",
]

_MUSIK_PHASES: Final = (
    Phase.AUCTION,
    Phase.CHOOSE_MUSIK,
    Phase.DISCARD,
    Phase.GIVE,
    Phase.CONTRACT,
)
#: The words that show the help, and that end the game.
HELP_WORDS: Final = ("help", "?")
QUIT_WORDS: Final = ("quit", "exit")
#: The longest line of input read as a move; a longer one is read in pieces and refused.
LINE_LIMIT: Final = 1000
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
        line = source.readline(LINE_LIMIT + 1)
        if not line:
            term.say("")
            term.say("Input ended: the game stops here.")
            return None
        if len(line) > LINE_LIMIT and not line.endswith("\n"):
            while line and not line.endswith("\n"):  # the rest of the line, a piece at a time
                line = source.readline(LINE_LIMIT)
            term.say(f"That line is longer than {LINE_LIMIT} characters: type a move.")
            continue
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
            announce_deal(term, state)
        mover = state.to_move
        assert mover is not None
        if mover == seat:
            view = observe(state, seat)
            situation(term, view)
            move = _ask(term, state, view, hint_bot.choose(view), source)
            if move is None:
                return state
        else:
            bot = players[mover]
            assert bot is not None
            move = bot.choose(observe(state, mover))
        before_musik = observe(state, seat).musik if state.phase is not Phase.PLAY else ()
        after = apply(state, move)
        narrate(term, state, move, after)
        if after.deal_number == state.deal_number and after.phase in _MUSIK_PHASES:
            shown = observe(after, seat).musik
            if shown and shown != before_musik:
                term.say("Musik: " + cards_text(shown))
        if after.sheet != state.sheet:
            show_sheet(term, after)
        state = after
    if state.winner is not None:
        announce_winner(term, state)
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
    if sys.stdout is None:  # started with standard output closed (``tysiac play >&-``)
        raise OutputError(OSError(errno.EBADF, "standard output is closed"))
    if sys.stdin is None:  # (``tysiac play <&-``)
        print("tysiac play: standard input is closed: nothing to read your moves from",
              file=sys.stderr)  # fmt: skip
        return 1
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
