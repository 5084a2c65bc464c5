"""Game records: :class:`GameRecord`, :func:`record` and :func:`replay`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from .._engine.api import apply
from .._engine.history import ScoreSheet
from .._engine.newgame import SCORE_LIMIT, _deck_from
from .._engine.results import DealResult
from .._engine.start import start_deal
from .._engine.state import State
from .._errors import IllegalMoveError, InvalidDealError, LoadError, NotAStateError, brief
from .._rules.layouts import GEOMETRY, active_seats
from .._rules.rules import Rules
from .._version import __version__
from .._vocab.cards import CARDS, Card
from .._vocab.dealing import MASK64, shuffled_deck
from .._vocab.movecodes import EMPTY_LOG
from .._vocab.moves import CLAIM, MOVE_TYPES, Move

__all__ = [
    "MAX_DEAL_NUMBER",
    "DealRecord",
    "GameRecord",
    "Replayer",
    "deal_parts",
    "record",
    "replay",
    "start_of",
]


def _same(self: object) -> object:
    return self


def _same_memo(self: object, memo: object) -> object:
    return self


@attrs.frozen(slots=True)
class DealRecord:
    """One deal of a :class:`GameRecord`.

    Attributes:
        moves: every move of the deal as ``(seat, move)``, in order (hidden cards included).
        result: the deal's row of the score sheet, or None for the unfinished last deal.
    """

    moves: tuple[tuple[int, Move], ...]
    result: DealResult | None

    __copy__ = _same
    __deepcopy__ = _same_memo


@attrs.frozen(slots=True)
class GameRecord:
    """Everything needed to replay a game: :func:`record` makes one, :func:`replay` plays it.

    A record of a new game starts at deal 1 with the rules' first dealer.  A state built in
    the middle of a game (e.g. by ``sample_world``) is recorded from the first deal it
    knows: ``deal_number``, ``dealer``, ``scores`` and ``bombs`` are then those before that
    deal, ``deal`` its cards, and ``sheet`` the score sheet of the deals before it, whose
    moves are unknown.

    Attributes:
        version: the version of tysiac that made the record (informative only).
        rules: the rules.
        seed: the game's seed (0 .. 2**64 - 1); every deal after the first comes from it.
        deal: the cards of the first recorded deal, in the form of ``new_game(deal=...)``
            (the hands in seat order, each musik, the stock), or None when the seed dealt it.
        deal_number: the number of the first recorded deal (1 for a new game).
        dealer: its dealer.
        scores: each seat's score before it.
        bombs: how many bombs each seat had thrown before it.
        sheet: the score sheet before it (empty for a new game).
        deals: the recorded deals, oldest first; only the last may be unfinished.
    """

    version: str
    rules: Rules
    seed: int
    deal: tuple[tuple[Card, ...], ...] | None
    deal_number: int
    dealer: int
    scores: tuple[int, ...]
    bombs: tuple[int, ...]
    sheet: tuple[DealResult, ...]
    deals: tuple[DealRecord, ...]

    __copy__ = _same
    __deepcopy__ = _same_memo

    @property
    def moves(self) -> tuple[tuple[int, Move], ...]:
        """Every recorded move of the game as ``(seat, move)``, in order."""
        return tuple(pair for deal in self.deals for pair in deal.moves)


def _played(moves: tuple[tuple[int, Move], ...], auto_claim: bool) -> tuple[tuple[int, Move], ...]:
    """The moves the players made: with auto_claim on, every Claim is the engine's (a
    declarer who may claim has already claimed), so it is left out: replay makes it again."""
    if not auto_claim:
        return moves
    return tuple(pair for pair in moves if pair[1] != CLAIM)


def deal_parts(rules: Rules, dealer: int, deck: tuple[int, ...]) -> tuple[tuple[Card, ...], ...]:
    """``deck`` in the form of ``new_game(deal=...)``: hands by seat, musiks, the stock."""
    geo = GEOMETRY[rules.layout]
    seats = active_seats(rules.layout, dealer)
    sizes = [geo.hand if s in seats else 0 for s in range(geo.players)]
    sizes += list(geo.musiks)
    if geo.stock:
        sizes.append(geo.stock)
    parts = []
    pos = 0
    for size in sizes:
        parts.append(tuple(CARDS[c] for c in deck[pos : pos + size]))
        pos += size
    return tuple(parts)


def record(state: State) -> GameRecord:
    """The :class:`GameRecord` of the game that led to ``state``: ``replay(record(s)) == s``.

    It costs time in proportion to the game's length (the state shares its history with
    the states it was played from; recording copies it out).

    Raises:
        NotAStateError: ``state`` is not a :class:`~tysiac.State`.

    Example:
        >>> state = apply(apply(new_game(seed=7), Bid(100)), Pass())
        >>> game = record(state)
        >>> game.seed, game.deals[0].moves
        (7, ((1, Bid(100)), (2, Pass())))
        >>> replay(game) == state
        True
    """

    if not isinstance(state, State):
        raise NotAStateError(
            f"{type(state).__name__} object is not a State: make one with new_game()"
        )
    game = state._game
    origin = game.history.origin
    rows = tuple(game.sheet)
    results = rows[origin.earlier :]
    rules = state.rules
    auto = rules.auto_claim
    deals = [
        DealRecord(_played(moves, auto), row)
        for moves, row in zip(game.history.deals(), results, strict=True)
    ]
    if not state.is_over and state._log != EMPTY_LOG:
        deals.append(DealRecord(_played(state.moves, auto), None))
    fixed = origin.deck != shuffled_deck(game.seed, origin.deal_number)
    return GameRecord(
        version=__version__,
        rules=rules,
        seed=game.seed,
        deal=deal_parts(rules, origin.dealer, origin.deck) if fixed else None,
        deal_number=origin.deal_number,
        dealer=origin.dealer,
        scores=origin.scores,
        bombs=origin.bombs,
        sheet=rows[: origin.earlier],
        deals=tuple(deals),
    )


#: The largest deal number a record may start at.
MAX_DEAL_NUMBER: Final = 10**9


def _items(value: object, path: str) -> Sequence[object]:
    if not isinstance(value, (tuple, list)):
        raise LoadError(f"{path}: {brief(value)} is not a tuple")
    return value


def _int(value: object, path: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise LoadError(f"{path}: {brief(value)} is not an int")
    if not low <= value <= high:
        raise LoadError(f"{path}: {brief(value)} is not from {low} to {high}")
    return int(value)


def _ints(value: object, path: str, n: int, low: int, high: int) -> tuple[int, ...]:
    items = _items(value, path)
    if len(items) != n:
        raise LoadError(f"{path}: {len(items)} values for {n} seats")
    return tuple(_int(x, f"{path}[{i}]", low, high) for i, x in enumerate(items))


def start_of(rec: GameRecord) -> State:
    """The first state of a record, its start fields checked."""
    rules = rec.rules
    if not isinstance(rules, Rules):
        raise LoadError(f"rules: {brief(rules)} is not a Rules object")
    n = rules.players
    seed = _int(rec.seed, "seed", 0, MASK64)
    number = _int(rec.deal_number, "deal_number", 1, MAX_DEAL_NUMBER)
    dealer = _int(rec.dealer, "dealer", 0, n - 1)
    scores = _ints(rec.scores, "scores", n, -SCORE_LIMIT, SCORE_LIMIT)
    bombs = _ints(rec.bombs, "bombs", n, 0, rules.bombs_per_player)
    rows = _items(rec.sheet, "sheet")
    if len(rows) >= number:
        raise LoadError(f"sheet: {len(rows)} rows before deal {number}")
    last = 0
    for i, row in enumerate(rows):
        if not isinstance(row, DealResult):
            raise LoadError(f"sheet[{i}]: {brief(row)} is not a DealResult")
        if not isinstance(row.number, int) or not last < row.number < number:
            raise LoadError(f"sheet[{i}].number: {brief(row.number)} is out of order")
        last = row.number
    last_row = rows[-1] if rows else None
    if isinstance(last_row, DealResult) and last_row.scores != scores:
        raise LoadError(
            f"scores: {brief(scores)} are not the scores of the last row of the sheet, "
            f"{brief(last_row.scores)}"
        )
    if rec.deal is None:
        deck = shuffled_deck(seed, number)
    else:
        try:
            deck = _deck_from(rules, dealer, rec.deal)
        except InvalidDealError as exc:
            raise LoadError(f"deal: {exc}") from None
    return start_deal(rules, seed, number, dealer, scores, bombs, ScoreSheet(rows), deck)  # type: ignore[arg-type]


def replay(game: GameRecord) -> State:
    """Play a record again, checking every move and every recorded result.

    ``replay(record(state)) == state`` for any state reached by play.  The record may come
    from anywhere: each field is checked, each move must be legal and made by the seat to
    move, and each deal's result must be the one its moves give.

    Raises:
        LoadError: the record does not replay; the message names the first bad field or
            move, e.g. ``deals[3].moves[17]: Play(Card.parse('QH')) by seat 1 is illegal in
            Phase.PLAY: ...``.
    """
    if not isinstance(game, GameRecord):
        raise LoadError(f"$: {brief(game)} is not a GameRecord")
    replayer = Replayer(game)
    for k, deal in enumerate(_items(game.deals, "deals")):
        replayer.deal(k, deal)
    return replayer.state


class Replayer:
    """A record replayed a deal at a time (private): :func:`replay` feeds it the record's
    deals, and loading JSON feeds it each deal as soon as it is read.

    Args:
        game: the record; its ``deals`` are not read here.

    Raises:
        LoadError: a start field of the record is wrong.
    """

    def __init__(self, game: GameRecord) -> None:
        self.state = start_of(game)
        self._open: int | None = None  # an unfinished deal: it must be the last

    def deal(self, k: int, deal: object) -> None:
        """Replay ``deal``, the record's ``deals[k]``.

        Raises:
            LoadError: the deal does not replay, or an unfinished deal came before it.
        """
        where = f"deals[{k}]"
        if self._open is not None:
            raise LoadError(
                f"deals[{self._open}].result: missing: only the last deal may be unfinished"
            )
        if not isinstance(deal, DealRecord):
            raise LoadError(f"{where}: {brief(deal)} is not a DealRecord")
        moves = _items(deal.moves, f"{where}.moves")
        if not moves:
            raise LoadError(f"{where}.moves: a deal has at least one move")
        state = self.state
        before = len(state.sheet)
        number = state.deal_number
        for i, pair in enumerate(moves):
            if type(pair) is not tuple or len(pair) != 2:
                raise LoadError(f"{where}.moves[{i}]: {brief(pair)} is not a (seat, move) pair")
            seat, move = pair
            if state.deal_number != number or state.is_over or seat != state.to_move:
                _out_of_turn(state, before, seat, f"{where}.moves[{i}]", i)
            if type(seat) is not int:
                _int(seat, f"{where}.moves[{i}].seat", 0, state.players - 1)
            if not isinstance(move, MOVE_TYPES):
                raise LoadError(f"{where}.moves[{i}]: {brief(move)} is not a move")
            try:
                state = apply(state, move)
            except IllegalMoveError as exc:
                raise LoadError(f"{where}.moves[{i}]: {exc}") from None
        self.state = state
        ended = len(state.sheet) != before
        if deal.result is None:
            if ended:
                raise LoadError(f"{where}.result: missing: the moves end the deal")
            self._open = k
        else:
            if not ended:
                raise LoadError(f"{where}.result: the deal is not over after its moves")
            _check_result(state.sheet[-1], deal.result, f"{where}.result")


def _out_of_turn(state: State, before: int, seat: object, path: str, i: int) -> None:
    """The error for a move made after its deal ended, or by a seat not to move."""
    if len(state.sheet) != before:
        raise LoadError(f"{path}: the deal is over: its last move was moves[{i - 1}]")
    if state.is_over:
        raise LoadError(f"{path}: the game is over (seat {state.winner} won)")
    _int(seat, f"{path}.seat", 0, state.players - 1)
    raise LoadError(f"{path}.seat: seat {seat} is not to move: seat {state.to_move} is")


def _check_result(played: DealResult, recorded: object, path: str) -> None:
    if not isinstance(recorded, DealResult):
        raise LoadError(f"{path}: {brief(recorded)} is not a DealResult")
    if played == recorded:
        return
    for field in attrs.fields(DealResult):
        a, b = getattr(recorded, field.name), getattr(played, field.name)
        if a != b:
            raise LoadError(
                f"{path}.{field.name}: {brief(a)} does not follow from the moves, "
                f"which give {brief(b)}"
            )
    raise LoadError(f"{path}: does not follow from the moves")  # pragma: no cover
