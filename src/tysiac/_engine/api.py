"""The public entry points: :func:`new_game`, :func:`legal_moves` and :func:`apply`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final, NoReturn, overload

import attrs

from .._errors import IllegalMoveError, NotAMoveError, NotAStateError, brief
from .._rules.rules import Rules
from .._vocab.cards import Card
from .._vocab.dealing import MASK64
from .._vocab.moves import MOVE_TYPES, Move
from .auction import apply_auction, legal_auction
from .contract import apply_contract, legal_contract
from .core import Phase
from .musik import apply_choose, apply_discard, apply_give, legal_choose, legal_discard, legal_give
from .newgame import checked_new_game
from .start import start_game
from .state import State
from .statics import PHASE_PLAY, PLAY_CLASS
from .tricks import apply_play, legal_play

__all__ = [
    "Applier",
    "Lister",
    "apply",
    "legal_moves",
    "new_game",
]


Applier = Callable[[State, Move], State]
Lister = Callable[[State], tuple[Move, ...]]


def _no_moves(s: State) -> tuple[Move, ...]:
    return ()


def _game_over(s: State, move: Move) -> State:
    raise IllegalMoveError(
        f"{brief(move)} is illegal in {s.phase!r}: the game is over (seat {s.winner} won)"
    )


_LEGAL: Final[dict[Phase, Lister]] = {
    Phase.AUCTION: legal_auction,
    Phase.CHOOSE_MUSIK: legal_choose,
    Phase.DISCARD: legal_discard,
    Phase.GIVE: legal_give,
    Phase.CONTRACT: legal_contract,
    Phase.PLAY: legal_play,
    Phase.GAME_OVER: _no_moves,
}
_APPLY: Final[dict[Phase, Applier]] = {
    Phase.AUCTION: apply_auction,
    Phase.CHOOSE_MUSIK: apply_choose,
    Phase.DISCARD: apply_discard,
    Phase.GIVE: apply_give,
    Phase.CONTRACT: apply_contract,
    Phase.PLAY: apply_play,
    Phase.GAME_OVER: _game_over,
}


# The public entry points are typed with two overloads, the public signature and the same
# one with a positional argument, which mypy says can never match (it cannot: it is there
# because mypy wants at least two), and an implementation that takes any object: in the
# compiled build mypyc would check a parameter typed with ``State`` (a native class) or
# ``int`` before the body runs, with a bare TypeError, where the entry point raises the
# library's error (see the contributor page, "Two builds").  The docs show the first
# overload (docs/conf.py).
@overload
def new_game(
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    deal: str | Sequence[str | Iterable[Card | str]] | None = None,
    scores: Sequence[int] | None = None,
) -> State: ...
@overload
def new_game(  # type: ignore[overload-cannot-match]
    rules: Rules | None = None,
    /,
    *,
    seed: int | None = None,
    deal: str | Sequence[str | Iterable[Card | str]] | None = None,
    scores: Sequence[int] | None = None,
) -> State: ...
def new_game(
    rules: object = None, *, seed: object = None, deal: object = None, scores: object = None
) -> State:
    """Start a game.

    Args:
        rules: the rules (default ``Rules()``, the "app" preset).
        seed: makes every deal of the game reproducible; any int.  Without a seed, one is
            drawn from the operating system.
        deal: fixes the first deal: the hands in seat order, then each musik, then the stock
            (next card first), each a string such as ``"AH KH 9S"`` or an iterable of cards.
            A sitting-out dealer's hand is ``""``.  Later deals come from the seed.
        scores: the starting score of each seat (default zeros), each below the target.

    Raises:
        InvalidDealError: ``deal`` or ``scores`` do not fit the rules.
        InvalidRulesError: ``rules`` is not a :class:`Rules`.
    """
    if type(rules) is Rules and type(seed) is int and deal is None and scores is None:
        return start_game(rules, seed & MASK64)  # the common case: nothing more to check
    return checked_new_game(rules, seed, deal, scores)  # every other call: checked first


@overload
def legal_moves(state: State) -> tuple[Move, ...]: ...
@overload
def legal_moves(state: State, /) -> tuple[Move, ...]: ...  # type: ignore[overload-cannot-match]
def legal_moves(state: object) -> tuple[Move, ...]:
    """Every legal move in ``state``, in a stable order; empty only when the game is over.

    The order, phase by phase: auction: ``Pass()``, bids ascending, ``Redeal()``; two
    musiks: ``ChooseMusik(0)``, ``ChooseMusik(1)``; giving and discarding: by card, then
    ``Concede()`` (the write-off before the first card); contract: amounts ascending, then
    ``Bomb()``, then ``Concede()``; play: by card (each declaring
    ``meld=True`` play right after its plain play), then ``Claim()``.  Cards are ordered by
    suit (♠ ♣ ♦ ♥), then rank.
    """
    if type(state) is not State:  # (State is final)
        _not_a_state(state)
    phase = state._c.phase
    if phase is PHASE_PLAY:
        return legal_play(state)
    return _LEGAL[phase](state)


def _not_a_state(value: object) -> NoReturn:
    raise NotAStateError(
        f"{type(value).__name__} object is not a State: make one with new_game()"
    ) from None


@overload
def apply(state: State, move: Move) -> State: ...
@overload
def apply(state: State, move: Move, /) -> State: ...  # type: ignore[overload-cannot-match]
def apply(state: object, move: Move) -> State:  # (overloaded as legal_moves is)
    """The state after ``move``; ``state`` itself is never changed.

    When the move ends a deal, the deal is scored and the returned state is the first of
    the next deal (dealt from the game's seed), or the end of the game.

    Raises:
        IllegalMoveError: ``move`` is not in ``legal_moves(state)``; the message names the
            move, the phase and the rule it breaks.
        NotAMoveError: ``move`` is not a move object at all.
    """
    if type(state) is not State:  # (State is final)
        _not_a_state(state)
    phase = state._c.phase
    if type(move) is PLAY_CLASS and phase is PHASE_PLAY:
        return apply_play(state, move)
    if type(move) not in _EXACT:
        move = _canonical(state, move)
    return _APPLY[phase](state, move)


_EXACT: Final = frozenset(MOVE_TYPES)


def _canonical(state: State, move: object) -> Move:
    """A move of one of the library's own classes, equal to ``move`` (a subclass instance)."""
    for cls in MOVE_TYPES:
        if isinstance(move, cls):
            try:
                values = {f.name: getattr(move, f.name) for f in attrs.fields(cls) if f.init}
            except Exception:
                break
            return cls(**values)  # the validators check the fields
    text = brief(move)
    hint = f", or read the notation with parse_move({text})" if isinstance(move, str) else ""
    raise NotAMoveError(
        f"{text} is not a move object: use a move class such as Pass(), Bid(120) or "
        f"Play('QH'){hint} (phase {state.phase.name})"
    )
