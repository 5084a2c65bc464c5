"""The knowledge scan of a view (private): :func:`facts_of`, of a view's compact form or of
the values of a view built by hand, and :func:`moves_codes`, the codes that scan reads of a
view's ``(seat, move)`` pairs.

Imports the vocabulary, the knowledge scan (:mod:`~tysiac._info.inference`,
:mod:`~tysiac._info.knowledge`), :mod:`~tysiac._info.viewcodes` and
:mod:`~tysiac._info.views`.
"""

from __future__ import annotations

from .._vocab.movecodes import move_code
from .._vocab.moves import PASS, ChooseMusik, Discard, Give, Move, Play
from .inference import scan
from .knowledge import Facts
from .viewcodes import cards_mask, scan_view
from .views import Concealed, View, view_code

__all__ = [
    "facts_of",
    "moves_codes",
]


def moves_codes(moves: tuple[tuple[int, Move | Concealed], ...]) -> tuple[int, ...]:
    """The codes the knowledge scan reads of ``(seat, move)`` pairs whose seats are seats:
    the plays, gives, discards and musik choices, concealed or not (other moves as passes,
    which the scan skips)."""
    codes = []
    for who, move in moves:
        if isinstance(move, Play | Give | Discard | ChooseMusik | Concealed):
            codes.append(view_code(who, move))
        else:
            codes.append(move_code(PASS) | who)
    return tuple(codes)


def facts_of(view: View) -> Facts:
    """The knowledge scan of ``view``: of its compact form, or of the values of a view built
    by hand (whose shape the caller has checked: seats in range, moves that are moves)."""
    if type(view) is View:
        return scan_view(view._v)
    return scan(
        view.rules,
        view.seat,
        view.dealer,
        view.declarer,
        cards_mask(view.hand),
        moves_codes(view.moves),
        cards_mask(view.musik),
        cards_mask(view.discards),
        tuple(view.hand_sizes),
        tuple([(s, int(x)) for s, x in view.marriages]),
        view.stock_size,
        view.ace_marriage,
    )
