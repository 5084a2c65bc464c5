"""A fast playout of the current deal to its end, for search (:func:`rollout`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, overload

from .._errors import ArgumentTypeError, IllegalMoveError, NotAStateError, brief
from .._vocab.masks import ACE, ACE_MARRIAGE, BITS_HIGH, BITS_LOW, MARRIAGE_RANKS
from .._vocab.moves import Move
from .api import apply, legal_moves
from .claim import claim_line, outstanding
from .core import Core, Phase
from .results import DealResult
from .scoring import deal_result
from .state import State, new_state
from .statics import (
    CORE_CLASS,
    MAKE_CORE,
    OUTCOME_CLAIMED,
    OUTCOME_PLAYED,
    PHASE_GAME_OVER,
    PHASE_PLAY,
)
from .trickrules import (
    can_meld_aces,
    can_meld_on_lead,
    can_meld_on_someone,
    declarer_pos,
    play_mask,
    trick_winner,
)

__all__ = [
    "Policy",
    "rollout",
]

#: A rollout policy: given the state, its legal moves and the rollout's random generator,
#: the move to make.  It sees the whole state: give it a sampled world, never the real one.
Policy = Callable[[State, tuple[Move, ...], random.Random], Move]

_CHOICE: Final = (Phase.AUCTION, Phase.CONTRACT)


# overloaded as legal_moves is (see ``_engine``): mypyc would check ``state: State`` itself
@overload
def rollout(state: State, rng: random.Random, policy: Policy | None = None) -> DealResult: ...
@overload
def rollout(  # type: ignore[overload-cannot-match]
    state: State, rng: random.Random, policy: Policy | None = None, /
) -> DealResult: ...
def rollout(state: object, rng: random.Random, policy: Policy | None = None) -> DealResult:
    """Play the current deal of ``state`` to its end and return its score-sheet row.

    The next deal is not dealt and ``state`` is not changed.  Without a ``policy`` every
    seat plays *cautious random*, like :class:`~tysiac.bots.RandomBot`: in the auction the
    first legal move (``Pass()``, or the forced opening bid), as declarer the lowest
    contract (never a bomb or a concession), otherwise a random legal card; every marriage
    that can be declared is declared (the ace marriage too), and nobody claims (an automatic
    claim, where the rules have one, still ends the deal).  The trick play then runs on the
    engine's compact form, with no :class:`State` per card: this is the playout to use in a
    search.

    With a ``policy``, every move is ``policy(state, legal_moves(state), rng)``, applied
    with :func:`~tysiac.apply` (a state per move, any move the rules allow).

    The result equals what :func:`~tysiac.apply` gives for the same moves: the row that
    the next state's :attr:`~tysiac.State.sheet` would end with (in partnerships its
    deltas and scores are the pairs', equal for both partners).  The same ``state`` and
    a generator in the same state give the same row, on every Python version.

    Args:
        state: any state of a game still going on; in search, a sampled world
            (:func:`~tysiac.sample_world`), never the real deal.
        rng: the random choices' source.
        policy: picks each move (default: cautious random, on the fast path).

    Raises:
        NotAStateError: ``state`` is not a :class:`State`.
        IllegalMoveError: the game is over (there is no deal to play), or ``policy``
            returned an illegal move.
        TysiacError: ``rng`` is not a :class:`random.Random` or ``policy`` is not callable
            (also a :class:`TypeError`).
    """
    if not isinstance(state, State):
        raise NotAStateError(
            f"{brief(state)} is not a State: rollout() plays a deal of a State"
        ) from None
    if not isinstance(rng, random.Random):
        raise ArgumentTypeError(f"rng={brief(rng)} must be a random.Random (phase {state.phase!r})")
    if policy is not None and not callable(policy):
        raise ArgumentTypeError(
            f"policy={brief(policy)} must be callable as policy(state, moves, rng)"
        )
    if state.phase is PHASE_GAME_OVER:
        raise IllegalMoveError(
            f"rollout() needs a deal to play: the game is over (seat {state.winner} won)"
        )
    rows = len(state.sheet)
    if policy is not None:
        while len(state.sheet) == rows:
            state = apply(state, policy(state, legal_moves(state), rng))
        return state.sheet[rows]
    while state.phase is not PHASE_PLAY:
        moves = legal_moves(state)
        if state.phase in _CHOICE:
            move = moves[0]  # Pass / the forced bid; the lowest contract
        else:
            move = moves[int(rng.random() * len(moves))]
        state = apply(state, move)
        if len(state.sheet) != rows:  # the deal ended before the play (a redeal)
            return state.sheet[rows]
    return _play_out(state, rng)


def _play_out(s: State, rng: random.Random) -> DealResult:
    """The trick play of ``s`` to the end of the deal, on plain ints, then its row."""
    c = s._c
    rules = c.rules
    f = rules._play
    deal = c.deal
    decl = deal.declarer
    hands = list(c.hands)
    taken = list(c.taken)
    trick = list(c.trick)
    trump = c.trump
    pending = c.pending_trump
    marriages = list(c.marriages)
    stock = c.stock
    p = c.to_move
    assert p is not None
    leader = c.leader
    assert leader is not None
    dealer = c.game.dealer
    nxt = f.next_seat[dealer]
    over = f.overtrump_declarer
    active = f.active
    free = f.free_while_stock
    auto_claim = f.auto_claim and decl is not None
    rand = rng.random
    first = not any(taken)
    while True:
        hand = hands[p]
        if not trick:
            if auto_claim and p == decl and not stock:
                line = claim_line(
                    f, hand, outstanding(hand, tuple(taken), deal.discards), trump, first
                )
                if line is not None:
                    for h in hands:
                        taken[decl] |= h
                    marriages.extend(
                        (decl, ACE_MARRIAGE if card % 6 == ACE else card // 6)
                        for card, declares in line
                        if declares
                    )
                    end = _final(c, [0] * len(hands), (), trump, pending, taken, marriages)
                    return deal_result(end, tuple(taken), OUTCOME_CLAIMED, decl)[0]
            mask = hand
        elif stock and free:
            mask = hand
        else:
            at = -1
            if over:
                at = declarer_pos(f, dealer, leader, decl, len(trick))
            mask = play_mask(hand, tuple(trick), trump, f, at)
        low = BITS_LOW[mask & 0xFFF]
        high = BITS_HIGH[mask >> 12]
        k = int(rand() * (len(low) + len(high)))
        card = low[k] if k < len(low) else high[k - len(low)]
        if MARRIAGE_RANKS >> card % 6 & 1 and (
            can_meld_on_lead(hand, card, first, f)
            if not trick
            else can_meld_on_someone(tuple(trick), card, first, f)
        ):
            marriages.append((p, card // 6))
            if f.trump_next:
                pending = card // 6
            else:
                trump = card // 6
        elif card % 6 == ACE and not trick and can_meld_aces(hand, card, first, f):
            marriages.append((p, ACE_MARRIAGE))  # the ace marriage: no trump
        hands[p] = hand ^ 1 << card
        trick.append(card)
        if len(trick) < active:
            p = nxt[p]
            continue
        w = leader
        for _ in range(trick_winner(tuple(trick), trump)):
            w = nxt[w]
        for card in trick:
            taken[w] |= 1 << card
        trick.clear()
        first = False
        if pending >= 0:
            trump, pending = pending, -1
        if stock:  # the winner draws first, then the others in turn
            seat = w
            for k in range(active):
                hands[seat] |= 1 << stock[k]
                seat = nxt[seat]
            stock = stock[active:]
        p = leader = w
        if not hands[w]:  # that was the last trick
            end = _final(c, hands, stock, trump, pending, taken, marriages)
            return deal_result(end, tuple(taken), OUTCOME_PLAYED, w)[0]


def _final(
    c: Core,
    hands: list[int],
    stock: tuple[int, ...],
    trump: int,
    pending: int,
    taken: list[int],
    marriages: list[tuple[int, int]],
) -> State:
    """The deal's last position as a state, for the scoring (its log ends before the play)."""
    return new_state(
        MAKE_CORE(
            CORE_CLASS,
            (
                c.rules,
                c.game,
                c.phase,
                None,  # to_move
                None,  # winner
                c.deal,
                tuple(hands),  # hands
                stock,
                None,  # leader
                (),  # trick
                trump,
                pending,  # pending_trump
                tuple(taken),  # taken
                tuple(marriages),  # marriages
                c.log,
                -1,  # play_mask
            ),
        )
    )
