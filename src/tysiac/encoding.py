"""A versioned numeric encoding of moves and views, for reinforcement learning and search.

* **Actions.** Every move has one fixed action number under a :class:`~tysiac.Rules`:
  :func:`encode_move` and :func:`decode_move` translate, :func:`num_actions` gives the size
  of the action space and :func:`action_mask` marks the legal actions of a state or a view.
  The numbers 0..174 (passes, redeals, bombs, claims, musik choices, plays, discards,
  gives) are the same under every rules; the bid and contract amounts follow them, sized by
  ``bid_step`` and ``max_bid``.
* **Features.** :func:`features` turns a :class:`~tysiac.View` into a flat tuple of floats,
  computed from the view alone; :func:`feature_names` names each entry.  Its length depends
  only on the player count and the layout's seats in a trick.
* **In place.** :func:`features_into` and :func:`action_mask_into` write the same numbers
  into an array of yours (a NumPy array or a row of one, an ``array.array``, a list).

Both layouts are tabled on the docs page "Encoding".  :data:`VERSION` numbers them:
whatever changes an existing action number or feature index, or the length of the features,
bumps it.  Pure Python: no numpy needed.

Example:
    >>> from tysiac import new_game, observe, Bid
    >>> from tysiac.encoding import action_mask, decode_move, encode_move, features
    >>> state = new_game(seed=7)
    >>> action = encode_move(Bid(100), state.rules)
    >>> action, decode_move(action, state.rules), action_mask(state)[action]
    (184, Bid(100), True)
"""

from __future__ import annotations

from typing import Final

from ._errors import InvalidActionError, NotAnActionError
from ._info.actionmask import action_mask, action_mask_into
from ._info.actions import decode_move, encode_move, num_actions
from ._info.featureblocks import feature_names
from ._info.features import features, features_into

__all__ = [
    "VERSION",
    "InvalidActionError",
    "NotAnActionError",
    "action_mask",
    "action_mask_into",
    "decode_move",
    "encode_move",
    "feature_names",
    "features",
    "features_into",
    "num_actions",
]

#: The version of both layouts (actions and features): 2 added the ``ace_marriage`` block
#: at the end of the features, 3 the ``partner`` block after it; the action numbers are
#: those of version 1.
VERSION: Final = 3
