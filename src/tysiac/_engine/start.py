"""The first state of a deal: the deck split into hands, musiks and stock."""

from __future__ import annotations

from typing import Final

from .._rules.layouts import GEOMETRY
from .._rules.rules import Rules
from .._vocab.dealing import shuffled_deck
from .._vocab.masks import BIT
from .._vocab.movecodes import EMPTY_LOG
from .history import HISTORY_SETTERS, History, Origin, ScoreSheet
from .results import DealResult
from .state import State, new_state
from .statics import (
    CORE_CLASS,
    DEAL_INFO_CLASS,
    GAME_INFO_CLASS,
    LAYOUT_TWO_OPEN_MUSIK,
    MAKE_CORE,
    PHASE_AUCTION,
    PHASE_PLAY,
    SCORE_SHEET_CLASS,
)

__all__ = [
    "split_deck",
    "start_deal",
    "start_game",
]

#: A zero per seat, by player count.
_ZEROS: Final = tuple((0,) * n for n in range(5))
#: The score sheet of a new game (immutable: every new game starts from this one).
_NO_ROWS: Final = ScoreSheet()
_MAKE: Final = tuple.__new__
_NEW: Final = object.__new__


def start_game(
    rules: Rules,
    seed: int,
    scores: tuple[int, ...] | None = None,
    deck: tuple[int, ...] | None = None,
) -> State:
    """The first state of a game, its arguments checked (:func:`~tysiac.new_game`'s work):
    deal 1, dealt by the rules' first dealer from ``deck`` (by default the seed's), each
    seat starting from its entry of ``scores`` (by default 0)."""
    if deck is None:
        deck = shuffled_deck(seed, 1)
    dealer = rules.first_dealer
    bombs = _ZEROS[rules.players]
    if scores is None:
        scores = bombs
    history: History = _NEW(History)  # no deal finished yet: filled slot by slot
    set_chunks, set_tail, set_len, set_origin = HISTORY_SETTERS
    set_chunks(history, ())
    set_tail(history, ())
    set_len(history, 0)
    set_origin(history, _MAKE(Origin, (1, dealer, scores, bombs, deck, 0)))
    return start_deal(rules, seed, 1, dealer, scores, bombs, _NO_ROWS, deck, history)


def split_deck(
    rules: Rules, dealer: int, deck: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The hands (per seat), musiks and stock that ``deck`` makes in this layout.

    Deck order: the hands of the seats in play in seat order, then each musik, then the
    stock (next card to draw first).
    """
    f = rules._play
    bit = BIT
    hands = [0] * rules.players
    for seat, start, end in f.dealt_hands[dealer]:
        m = 0
        for card in deck[start:end]:
            m |= bit[card]
        hands[seat] = m
    musiks = []
    for start, end in f.musik_slices:
        m = 0
        for card in deck[start:end]:
            m |= bit[card]
        musiks.append(m)
    return tuple(hands), tuple(musiks), deck[f.stock_at :]


def start_deal(
    rules: Rules,
    seed: int,
    deal_number: int,
    dealer: int,
    scores: tuple[int, ...],
    bombs: tuple[int, ...],
    sheet: ScoreSheet | tuple[DealResult, ...],
    deck: tuple[int, ...],
    history: History | None = None,
) -> State:
    """The first state of a deal dealt from ``deck``.

    ``history`` is the game's history of finished deals; without it, the history starts
    at this deal (a new game, or a state built mid-game: :func:`~tysiac.record` then records
    from this deal on, with ``scores`` as the starting scores).
    """
    if type(sheet) is not SCORE_SHEET_CLASS:
        sheet = ScoreSheet(sheet)  # rows given as a tuple (a state built mid-game)
    if history is None:
        history = History(Origin(deal_number, dealer, scores, bombs, deck, len(sheet)))
    hands, musiks, stock = split_deck(rules, dealer, deck)
    layout = rules.layout
    revealed = musiks[0] if layout is LAYOUT_TWO_OPEN_MUSIK else 0
    if GEOMETRY[layout].auction:
        phase, leader = PHASE_AUCTION, None
        first = (dealer + rules.forced_bidder) % rules.players
    else:
        first = rules._play.active_seats[dealer][0]  # the draw game: the non-dealer leads
        phase, leader = PHASE_PLAY, first
    return new_state(
        MAKE_CORE(
            CORE_CLASS,
            (
                rules,
                MAKE_CORE(  # game
                    GAME_INFO_CLASS,
                    (seed, deal_number, dealer, scores, bombs, sheet, deck, history),
                ),
                phase,
                first,  # to_move
                None,  # winner
                MAKE_CORE(  # deal: (musiks, discards, revealed, bid, bidder, passed, acted,
                    DEAL_INFO_CLASS,  # declarer, contract)
                    (musiks, 0, revealed, 0, None, 0, 0, None, None),
                ),
                hands,
                stock,
                leader,
                (),  # trick
                -1,  # trump: none
                -1,  # pending_trump: none
                _ZEROS[rules.players],  # taken
                (),  # marriages
                EMPTY_LOG,  # log
                -1 if leader is None else hands[leader],  # play_mask: the draw game's lead
            ),
        )
    )
