"""Per-layout geometry: hand sizes, musiks, stock, and the order of the seats in play."""

from __future__ import annotations

from typing import Final, NamedTuple

from .options import Layout

__all__ = [
    "DEFAULT_LAYOUT",
    "GEOMETRY",
    "Geometry",
    "active_seats",
    "next_seat",
]


#: The layout used when only the player count is given.
DEFAULT_LAYOUT: Final = {2: Layout.TWO_CLASSIC, 3: Layout.THREE, 4: Layout.FOUR_SITTER}


class Geometry(NamedTuple):
    """The shape of a deal in one layout."""

    players: int
    active: int  # seats that receive cards and play
    hand: int  # cards dealt to each active seat
    musiks: tuple[int, ...]  # size of each musik
    stock: int  # cards in the stock
    auction: bool  # whether the deal has an auction
    discard: int  # cards the declarer discards (two-player layouts with a musik)


GEOMETRY: Final = {
    Layout.THREE: Geometry(3, 3, 7, (3,), 0, True, 0),
    Layout.TWO_CLASSIC: Geometry(2, 2, 10, (2, 2), 0, True, 2),
    Layout.TWO_MUSIKS_OF_THREE: Geometry(2, 2, 9, (3, 3), 0, True, 3),
    Layout.TWO_NO_MUSIK: Geometry(2, 2, 12, (), 0, True, 0),
    Layout.TWO_DRAW: Geometry(2, 2, 6, (), 12, False, 0),
    Layout.TWO_OPEN_MUSIK: Geometry(2, 2, 7, (2,), 8, True, 2),
    Layout.FOUR_SITTER: Geometry(4, 3, 7, (3,), 0, True, 0),
    Layout.FOUR_ALL_PLAY: Geometry(4, 4, 6, (), 0, True, 0),
}


def _active(layout: Layout, dealer: int) -> tuple[int, ...]:
    n = layout.players
    order = tuple((dealer + 1 + k) % n for k in range(n))
    if layout is Layout.FOUR_SITTER:
        return order[:-1]  # the dealer sits out
    return order


_ACTIVE: Final = {(lay, d): _active(lay, d) for lay in Layout for d in range(lay.players)}


def _next(layout: Layout, dealer: int) -> tuple[int, ...]:
    seats = _ACTIVE[layout, dealer]
    nxt = [dealer] * layout.players
    for i, s in enumerate(seats):
        nxt[s] = seats[(i + 1) % len(seats)]
    return tuple(nxt)


_NEXT: Final = {(lay, d): _next(lay, d) for lay in Layout for d in range(lay.players)}


def active_seats(layout: Layout, dealer: int) -> tuple[int, ...]:
    """The seats that play this deal, starting left of the dealer."""
    return _ACTIVE[layout, dealer]


def next_seat(layout: Layout, dealer: int) -> tuple[int, ...]:
    """``next_seat(...)[s]``: the seat in play after ``s`` (clockwise, skipping a sitter)."""
    return _NEXT[layout, dealer]
