"""What one seat may know of a state: :func:`observe` and :func:`observe_with`, which copy
the visible part of the state's compact form into a :class:`~tysiac.View`.

See the rules, section 14 'What each seat may know'.  The deal's log is copied with the
gives this seat neither made nor received and the others' discards concealed (in the
layouts where the declarer puts cards away unseen), the musik as far as this seat saw it,
and the cards it drew from the stock; nothing else of the state, its seed or its hidden
cards reaches the view.

Imports the vocabulary, the rules, the engine, :mod:`~tysiac._info.viewcodes` and
:mod:`~tysiac._info.views`.
"""

from __future__ import annotations

from typing import Final, overload

from .._engine.api import legal_moves
from .._engine.core import Phase
from .._engine.state import State
from .._errors import InvalidSeatError, NotAStateError, brief
from .._rules.layouts import GEOMETRY
from .._rules.options import Layout
from .._rules.rules import Rules
from .._vocab.masks import ACE_MARRIAGE, mask_points
from .._vocab.movecodes import (
    CONCEALED_DISCARD,
    CONCEALED_GIVE,
    GIVE_CODE,
    SEAT_BITS,
    SEAT_MASK,
    codes_log,
    log_codes,
)
from .._vocab.moves import Move
from .viewcodes import CHOOSE, DISCARD_END, GIVE_END
from .views import View, ViewCore, _compact_view

__all__ = [
    "observe",
    "observe_with",
]

_make_core: Final = tuple.__new__
_PLAY: Final = Phase.PLAY
_AUCTION: Final = Phase.AUCTION
#: Layouts whose declarer puts cards face down where other seats cannot see them.
_HIDING: Final = frozenset(
    layout for layout, geo in GEOMETRY.items() if geo.discard or geo.active == 3
)
#: Layouts whose declarer takes musik 0 without choosing.
_ONE_MUSIK: Final = frozenset({Layout.THREE, Layout.FOUR_SITTER, Layout.TWO_OPEN_MUSIK})


def _conceal(log: int, seat: int) -> int:
    """The deal log ``log`` as ``seat`` saw it: the gives it neither made nor received, and
    the others' discards, concealed."""
    codes = log_codes(log)
    out: list[int] | None = None
    for i, code in enumerate(codes):
        kind = code >> SEAT_BITS
        if kind < GIVE_CODE:
            break  # the trick play: no card is hidden after its first play
        if kind >= DISCARD_END:
            continue
        who = code & SEAT_MASK
        if kind < GIVE_END:
            to = (kind - GIVE_CODE) // 24
            if seat in (who, to):
                continue
            hidden = (CONCEALED_GIVE + to) << SEAT_BITS | who
        elif who != seat:
            hidden = CONCEALED_DISCARD << SEAT_BITS | who
        else:
            continue
        if out is None:
            out = list(codes)
        out[i] = hidden
    return log if out is None else codes_log(tuple(out))


def _musik_seen(rules: Rules, revealed: int, deck: tuple[int, ...], log: int) -> int:
    """The musik cards the declarer saw: the revealed ones and the musik it took."""
    slices = rules._play.musik_slices  # where each musik lies in the deck
    if not slices:
        return revealed
    if rules.layout in _ONE_MUSIK:
        index = 0
    else:
        for code in log_codes(log):
            kind = code >> SEAT_BITS
            if kind == CHOOSE or kind == CHOOSE + 1:
                index = kind - CHOOSE
                break
        else:
            return revealed
    start, end = slices[index]
    seen = revealed
    for c in deck[start:end]:
        seen |= 1 << c
    return seen


def _drawn(
    rules: Rules,
    seat: int,
    dealer: int,
    leader: int | None,
    stock: int,
    deck: tuple[int, ...],
    log: int,
) -> tuple[int, ...]:
    """The cards ``seat`` drew from the stock, in order: after each trick the winner draws
    the next card of the stock, then the others in turn."""
    start = rules._play.stock_at  # where the stock lies in the deck
    count = len(deck) - start - stock  # the cards drawn from it so far
    if not count:
        return ()
    per = rules._play.active
    plays = [c & SEAT_MASK for c in log_codes(log) if c >> SEAT_BITS < GIVE_CODE]
    done = len(plays) // per
    winners = [plays[i * per] for i in range(1, done)]
    if done and leader is not None:
        winners.append(leader)
    order = rules._play.trick_seats[dealer]
    out: list[int] = []
    pos = start
    for w in winners:
        if pos - start >= count:
            break
        for who in order[w]:  # the winner draws first, then the others in turn
            if who == seat:
                out.append(deck[pos])
            pos += 1
    return tuple(out)


# Typed as the engine's entry points are (see ``_engine/api.py``): in the compiled build
# mypyc would check parameters typed ``State`` and ``int`` before the body runs, with a bare
# TypeError, where observe raises NotAStateError and InvalidSeatError.
@overload
def observe(state: State, seat: int) -> View: ...
@overload
def observe(state: State, seat: int, /) -> View: ...  # type: ignore[overload-cannot-match]
def observe(state: object, seat: object) -> View:
    """The :class:`View` of ``state`` from ``seat``: what that player may know.

    Raises:
        InvalidSeatError: ``seat`` is not a seat of this game.
    """
    return observe_with(state, seat, None)


def observe_with(state: object, seat: object, legal: tuple[Move, ...] | None) -> View:
    """:func:`observe`, given ``legal_moves(state)`` when the caller has it already
    (``legal``; None: worked out here when ``seat`` is to move)."""
    if not isinstance(state, State):
        raise NotAStateError(
            f"{type(state).__name__} object is not a State: make one with new_game()"
        )
    c = state._c
    rules = c.rules
    n = rules.players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise InvalidSeatError(f"seat={brief(seat)} is not a seat: use 0..{n - 1}")
    game = c.game
    deal = c.deal
    phase = c.phase
    declarer = deal.declarer
    log = c.log
    hands = c.hands
    hand = hands[seat]
    seen = deal.revealed
    discards = 0
    if declarer is not None:
        if seat == declarer:
            seen = _musik_seen(rules, seen, game.deck, log)
            discards = deal.discards
        elif rules.layout in _HIDING:
            log = _conceal(log, seat)
    elif phase is _AUCTION and rules.blind_bids and not deal.acted >> seat & 1:
        hand = 0  # blind bidding: this seat has not looked at its cards yet
    marriages = c.marriages
    ace = None
    if marriages:
        for who, suit in marriages:
            if suit == ACE_MARRIAGE:
                ace = who
                marriages = tuple([m for m in marriages if m[1] != ACE_MARRIAGE])
                break
    stock = len(c.stock)
    leader = c.leader
    return _compact_view(
        _make_core(
            ViewCore,
            (
                rules,
                seat,
                phase,
                c.to_move,
                c.winner,
                game.dealer,
                game.deal_number,
                game.scores,
                game.sheet,
                hand,
                tuple([m.bit_count() for m in hands]),
                deal.bid,
                deal.bidder,
                deal.passed,
                declarer,
                deal.contract,
                seen,
                discards,
                c.trump,
                leader,
                c.trick if leader is not None else (),
                tuple([mask_points(m) for m in c.taken]) if phase is _PLAY else (0,) * n,
                marriages,
                ace,
                stock,
                log,
                (legal_moves(state) if legal is None else legal) if c.to_move == seat else (),
                # (drawn in the trick play only: a game over shows no tricks, nor draws)
                _drawn(rules, seat, game.dealer, leader, stock, game.deck, log)
                if phase is _PLAY and GEOMETRY[rules.layout].stock
                else (),
            ),
        )
    )
