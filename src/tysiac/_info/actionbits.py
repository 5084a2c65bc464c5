"""The action numbers of a seat's legal moves, marked in a mask: the loop behind
:func:`~tysiac.encoding.action_mask` and :func:`~tysiac.encoding.action_mask_into`, which
check their argument and hand it the rules and the moves.

Compiled in the compiled build (``actionmask``, which takes any object and raises the
library's error for a wrong one, stays pure; see the contributor page, "Two builds").  The
numbers are those of :mod:`tysiac._info.actions`: a legal move is looked up by the identity
of the engine's shared move object where it is one, and numbered by
:func:`~tysiac._info.actions.encode_move` otherwise.
"""

from __future__ import annotations

from typing import Final

from .._rules.rules import Rules
from .._vocab.moves import (
    BOMB,
    CHOOSE,
    CLAIM,
    DISCARDS,
    MELDS,
    PASS,
    PLAYS,
    REDEAL,
    Bid,
    Contract,
    Move,
)
from .actions import (
    BID_BASE,
    BOMB_ACTION,
    CHOOSE_BASE,
    CLAIM_ACTION,
    DISCARD_BASE,
    FIXED,
    MELD_BASE,
    PASS_ACTION,
    PLAY_BASE,
    REDEAL_ACTION,
    encode_move,
)

__all__ = [
    "mask_bytes",
    "mask_tuple",
]

#: The action numbers of the engine's shared moves that mean the same under every rules, by
#: the moves' ids (those objects live as long as the process): a legal move is looked up
#: without hashing it.  Gives are left out: their numbers depend on the player count.
_SHARED: Final[dict[int, int]] = {
    **{id(PASS): PASS_ACTION, id(REDEAL): REDEAL_ACTION, id(BOMB): BOMB_ACTION},
    id(CLAIM): CLAIM_ACTION,
    **{id(m): CHOOSE_BASE + i for i, m in enumerate(CHOOSE)},
    **{id(m): PLAY_BASE + i for i, m in enumerate(PLAYS)},
    **{id(m): MELD_BASE + i for i, m in enumerate(MELDS)},
    **{id(m): DISCARD_BASE + i for i, m in enumerate(DISCARDS)},
}


def _number(move: Move, rules: Rules) -> int:
    """The action number of ``move``, a legal move under ``rules``."""
    a = _SHARED.get(id(move), -1)
    if a >= 0:
        return a
    if (type(move) is Bid and not move.blind) or type(move) is Contract:
        # a bid or a contract: its amount's slot (a bad amount raises encode_move's error)
        amount: int = move.amount
        step = rules.bid_step
        top = rules.max_bid
        if 0 < amount <= top and not amount % step:
            return BID_BASE + (top // step if type(move) is Contract else 0) + amount // step - 1
    return encode_move(move, rules)  # a give, a blind bid, a concession


def _size(rules: Rules) -> int:
    """The number of actions under ``rules`` (:func:`~tysiac.encoding.num_actions`)."""
    return FIXED + 3 * (rules.max_bid // rules.bid_step)


def mask_tuple(rules: Rules, moves: tuple[Move, ...]) -> tuple[bool, ...]:
    """The action mask of ``moves`` under ``rules``, as bools."""
    mask = [False] * _size(rules)
    for move in moves:  # each number marked as it is found (no list of numbers)
        mask[_number(move, rules)] = True
    return tuple(mask)


def mask_bytes(rules: Rules, moves: tuple[Move, ...]) -> bytearray:
    """The action mask of ``moves`` under ``rules``, as a ``bytearray`` of 0s and 1s."""
    mask = bytearray(_size(rules))
    for move in moves:
        mask[_number(move, rules)] = 1
    return mask
