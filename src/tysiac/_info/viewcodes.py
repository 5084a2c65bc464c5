"""A view's compact form read (private): the move-code kinds past the plays, the completed
tricks in a view's log, a card tuple as a mask, and the knowledge scan of a compact view.

These are the pieces of :class:`~tysiac._info.views.View`'s decoding that need neither the
view nor :class:`~tysiac.Concealed` when run, so that :mod:`~tysiac._info.views` and
:mod:`~tysiac._info.observe` can share them.

Imports the vocabulary, the engine's phases and the knowledge scan
(:mod:`~tysiac._info.inference`, :mod:`~tysiac._info.knowledge`); ``ViewCore`` only for
the type checker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .._engine.core import Phase
from .._vocab.cards import CARDS, Card
from .._vocab.movecodes import GIVE_CODE, SEAT_BITS, SEAT_MASK, log_codes
from .inference import scan
from .knowledge import Facts

if TYPE_CHECKING:
    from .views import ViewCore

__all__ = [
    "CHOOSE",
    "DISCARD_END",
    "GIVE_END",
    "cards_mask",
    "scan_view",
    "tricks_of",
]

_PLAY: Final = Phase.PLAY
#: The end of the gives' code kinds (``GIVE_CODE + 24 * to + card``).
GIVE_END: Final = GIVE_CODE + 4 * 24
#: The end of the discards' code kinds (they follow the gives).
DISCARD_END: Final = GIVE_END + 24
#: The code kind of ``ChooseMusik(0)``; ``ChooseMusik(1)`` is the next kind.
CHOOSE: Final = DISCARD_END


def _played(codes: tuple[int, ...]) -> list[tuple[int, Card]]:
    """The ``(seat, card)`` of every play in ``codes`` (plain or declaring), in order."""
    return [
        (c & SEAT_MASK, CARDS[(c >> SEAT_BITS) % 24]) for c in codes if c >> SEAT_BITS < GIVE_CODE
    ]


def cards_mask(cards: tuple[Card, ...]) -> int:
    """The mask of ``cards``."""
    m = 0
    for card in cards:
        m |= 1 << card.index
    return m


def tricks_of(
    v: ViewCore,
) -> tuple[tuple[tuple[tuple[int, Card], ...], ...], tuple[int, ...]]:
    """This deal's completed tricks and their winners."""
    if v.phase is not _PLAY:
        return (), ()
    plays = _played(log_codes(v.log))
    per = v.rules._play.active
    done = len(plays) // per * per
    tricks = tuple([tuple(plays[i : i + per]) for i in range(0, done, per)])
    winners = tuple([t[0][0] for t in tricks[1:]])
    if tricks and v.leader is not None:
        winners += (v.leader,)
    return tricks, winners


def scan_view(v: ViewCore) -> Facts:
    """What the view's seat knows (see :func:`~tysiac._info.inference.scan`)."""
    return scan(
        v.rules,
        v.seat,
        v.dealer,
        v.declarer,
        v.hand,
        log_codes(v.log),
        v.musik,
        v.discards,
        v.hand_sizes,
        v.marriages,
        v.stock_size,
        v.ace_marriage,
    )
