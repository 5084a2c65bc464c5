"""The shape of a view: every field of the type the sampler reads, seats in range, one value
per seat.

A :class:`~tysiac.View` from :func:`~tysiac.observe` always has this shape; one built by
hand (``attrs.evolve``) or edited in JSON may not.  :func:`check_shape` refuses such a view
with :class:`~tysiac.ImpossibleViewError` before the sampler reads it, so that a field that
disagrees with the others ends in that error, never in an ``IndexError`` deep inside.  That
the fields also agree with each other (the moves with the phase, the knowledge with the
moves) is checked by the sampler itself: a world must reproduce the view exactly.

This module stays pure Python in the compiled build: compiled code checks the type of each
field it reads against the field's annotation and raises a bare ``TypeError``; here a field
of the wrong type is refused like any other bad field, before compiled code reads it.
"""

from __future__ import annotations

from .._engine.core import Phase
from .._engine.history import ScoreSheet
from .._engine.results import DealResult, Outcome
from .._errors import ImpossibleViewError, brief
from .._rules.layouts import GEOMETRY
from .._rules.rules import Rules
from .._vocab.cards import Card, Suit
from .._vocab.moves import MOVE_TYPES, ChooseMusik, Give, Play
from .knowledge import HiddenPile, Pile
from .views import Concealed, View

__all__ = [
    "check_shape",
]


def _fail(field: str, value: object, why: str) -> ImpossibleViewError:
    return ImpossibleViewError(f"view.{field}={brief(value)}: {why}")


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(view: View, field: str, value: object, n: int, optional: bool = False) -> None:
    if value is None and optional:
        return
    if not _int(value) or not 0 <= value < n:  # type: ignore[operator]
        raise _fail(field, value, f"not a seat of {n} players")


def _cards(field: str, value: object) -> None:
    if not isinstance(value, tuple | frozenset) or not all(isinstance(c, Card) for c in value):
        raise _fail(field, value, "not a collection of cards")
    if isinstance(value, tuple) and len(set(value)) != len(value):
        raise _fail(field, value, "a card appears twice")


def check_shape(view: View) -> None:
    """Refuse a view whose fields the sampler cannot read (see the module docstring).

    Raises:
        ImpossibleViewError: a field of the wrong type, a seat out of range, a per-seat
            field without one value per seat, more completed tricks than trick winners.
    """
    rules = view.rules
    if not isinstance(rules, Rules):
        raise _fail("rules", rules, "not a Rules object")
    n = rules.players
    geo = GEOMETRY[rules.layout]
    if not isinstance(view.phase, Phase):
        raise _fail("phase", view.phase, "not a Phase")
    if view.trump is not None and not isinstance(view.trump, Suit):
        raise _fail("trump", view.trump, "not a Suit or None")
    for field in ("trick", "legal_moves", "tricks"):
        if not isinstance(getattr(view, field), tuple):
            raise _fail(field, getattr(view, field), "not a tuple")
    for legal in view.legal_moves:
        if not isinstance(legal, MOVE_TYPES):
            raise _fail("legal_moves", legal, "not a move")
    for field in ("seat", "dealer"):
        _seat(view, field, getattr(view, field), n)
    for field in ("to_move", "winner", "bidder", "declarer", "leader", "ace_marriage"):
        _seat(view, field, getattr(view, field), n, optional=True)
    if not _int(view.deal_number) or view.deal_number < 1:
        raise _fail("deal_number", view.deal_number, "not a deal number (1 or more)")
    for field in ("bid", "stock_size"):
        value = getattr(view, field)
        if not _int(value) or not 0 <= value <= 10**6:
            raise _fail(field, value, "not a small int, 0 or more")
    if view.contract is not None and (not _int(view.contract) or view.contract < 0):
        raise _fail("contract", view.contract, "not an amount")
    for field in ("scores", "hand_sizes", "card_points"):
        value = getattr(view, field)
        if not isinstance(value, tuple) or len(value) != n or not all(_int(x) for x in value):
            raise _fail(field, value, f"not {n} ints, one per seat")
    if not all(0 <= size <= 24 for size in view.hand_sizes):
        raise _fail("hand_sizes", view.hand_sizes, "a hand holds 0 to 24 cards")
    for field in ("hand", "musik", "discards", "drawn"):
        _cards(field, getattr(view, field))
    if not isinstance(view.possible, tuple) or len(view.possible) != n:
        raise _fail("possible", view.possible, f"not one set of cards for each of {n} seats")
    for cards in view.possible:
        if not isinstance(cards, frozenset):
            raise _fail("possible", view.possible, "not a frozenset of cards per seat")
        _cards("possible", cards)
    if not isinstance(view.possible_piles, tuple):
        raise _fail("possible_piles", view.possible_piles, "not a tuple of HiddenPile")
    for pile in view.possible_piles:
        if not (
            isinstance(pile, HiddenPile)
            and isinstance(pile.pile, Pile)
            and _int(pile.size)
            and 0 <= pile.size <= 24
        ):
            raise _fail("possible_piles", pile, "not a HiddenPile of 0 to 24 cards")
        _cards("possible_piles", pile.possible)
    if not isinstance(view.passed, tuple):
        raise _fail("passed", view.passed, "not a tuple of seats")
    for seat in view.passed:
        _seat(view, "passed", seat, n)
    for field in ("marriages", "given"):
        pairs = getattr(view, field)
        if not isinstance(pairs, tuple):
            raise _fail(field, pairs, "not a tuple of pairs")
        for pair in pairs:
            kind = Suit if field == "marriages" else Card
            if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[1], kind)):
                raise _fail(field, pair, f"not a (seat, {kind.__name__}) pair")
            _seat(view, field, pair[0], n)
    if not isinstance(view.moves, tuple):
        raise _fail("moves", view.moves, "not a tuple of (seat, move) pairs")
    plays = 0
    for i, pair in enumerate(view.moves):
        if not (isinstance(pair, tuple) and len(pair) == 2):
            raise _fail(f"moves[{i}]", pair, "not a (seat, move) pair")
        who, move = pair
        _seat(view, f"moves[{i}].seat", who, n)
        if isinstance(move, Concealed):
            if not (
                (move.kind == "Give" and _int(move.to) and 0 <= move.to < n)  # type: ignore[operator]
                or (move.kind == "Discard" and move.to is None)
            ):
                raise _fail(f"moves[{i}]", move, "not a Give to a seat, or a Discard")
        elif not isinstance(move, MOVE_TYPES):
            raise _fail(f"moves[{i}]", move, "not a move")
        elif isinstance(move, Give):
            _seat(view, f"moves[{i}].to", move.to, n)
        elif isinstance(move, ChooseMusik) and not 0 <= move.index < max(1, len(geo.musiks)):
            raise _fail(f"moves[{i}].index", move.index, "not a musik of this layout")
        elif isinstance(move, Play):
            plays += 1
    if not isinstance(view.trick_winners, tuple):
        raise _fail("trick_winners", view.trick_winners, "not a tuple of seats")
    for seat in view.trick_winners:
        _seat(view, "trick_winners", seat, n)
    if len(view.trick_winners) < plays // geo.active:
        raise _fail(
            "trick_winners",
            view.trick_winners,
            f"{plays // geo.active} tricks were completed in view.moves",
        )
    if not isinstance(view.sheet, ScoreSheet):
        raise _fail("sheet", view.sheet, "not a ScoreSheet")
    for row in view.sheet:
        if not isinstance(row, DealResult) or not isinstance(row.outcome, Outcome):
            raise _fail("sheet", row, "not a DealResult")
        _seat(view, "sheet[].declarer", row.declarer, n, optional=True)
