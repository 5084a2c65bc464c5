"""The feature encoding of a :class:`~tysiac.View` (see :mod:`tysiac.encoding`): the
compact writer behind :func:`features` and :func:`features_into`, which reads an observed
view's compact form and writes each card mask as two slices of a table.

It writes the blocks of :mod:`tysiac._info.featureblocks` in the order of
:func:`feature_names` (the docs page "Encoding" lists them with their index ranges); a view
built by hand is encoded there, from its public attributes.  Seats are *relative*: offset
``(seat - view.seat) % players``, so block position 0 is always the viewer ("me"), 1 the
player on its left (the next seat clockwise), and so on.
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import MutableSequence, Sequence
from typing import Final

from .._engine.core import Phase
from .._errors import ImpossibleViewError, NotAStateError
from .._rules.layouts import GEOMETRY
from .._rules.rules import Rules
from .._vocab.movecodes import log_codes
from .actions import fill, short
from .featureblocks import CARDS_SCALE, PHASES, PILES, POINTS_SCALE, hand_features
from .inference import scan
from .views import View, ViewCore

__all__ = ["feature_array", "features", "features_into"]

_PLAY: Final = Phase.PLAY
_NONE: Final = tuple((0,) * n for n in range(5))  # a zero per seat, by player count
#: By player count, then viewer: the seats in the features' order (the viewer's first).
_ORDER: Final = tuple(
    tuple(tuple((me + r) % n for r in range(n)) for me in range(n)) for n in range(5)
)
# The one-hot block of each 12-bit half of a card mask, as floats (a list's slice takes a
# tuple, an array's an array of its type).  Each position has its own 0.0 and 1.0 objects,
# as have the zeros the features start from (_ZEROS): copying many references to one shared
# object makes every copy update that object's reference count, one write after another.
_OFF: Final = tuple([b * 0.0 for b in range(12)])
_ON: Final = tuple([1.0 + b * 0.0 for b in range(12)])
_LOW: Final = tuple(tuple((_OFF[b], _ON[b])[m >> b & 1] for b in range(6)) for m in range(64))
_HIGH: Final = tuple(
    tuple((_OFF[b], _ON[b])[m >> (b - 6) & 1] for b in range(6, 12)) for m in range(64)
)
_HALVES: Final = tuple(_LOW[m & 63] + _HIGH[m >> 6] for m in range(4096))


def _half_arrays() -> tuple[array[float], ...]:
    """The rows of ``_HALVES`` as arrays of doubles (cut from one block of bytes)."""
    low = [array("d", six).tobytes() for six in _LOW]
    high = [array("d", six).tobytes() for six in _HIGH]
    rows = array("d")
    rows.frombytes(b"".join([low[m & 63] + high[m >> 6] for m in range(4096)]))
    return tuple([rows[12 * m : 12 * m + 12] for m in range(4096)])


_HALVES_ARRAY: Final = _half_arrays()
# k tricks taken, as k additions of 1/12: the same floats as the features of a view built by
# hand, which add a twelfth per trick
_TRICKS_TAKEN: Final = tuple(itertools.accumulate([1.0 / CARDS_SCALE] * 24, initial=0.0))


def features(view: View) -> tuple[float, ...]:
    """The feature vector of ``view``: ``len(feature_names(view.rules))`` floats.

    Computed from the view alone, so it tells the seat nothing its view does not.  The
    blocks, their index ranges and their scaling are listed on the docs page "Encoding".
    :func:`features_into` writes the same numbers into an array of yours.

    Raises:
        NotAStateError: ``view`` is not a :class:`~tysiac.View`.
        ImpossibleViewError: ``view`` was built by hand and its fields do not fit together
            (a seat's entry missing, a card that is not a card).

    Example:
        >>> from tysiac import new_game, observe
        >>> view = observe(new_game(seed=7), 1)
        >>> x = features(view)
        >>> len(x) == len(feature_names(view.rules)), x[0], x[1:3]
        (True, 1.0, (0.0, 0.0))
    """
    out = list(_ZEROS[_length(view)])
    _write(view, out, _HALVES)
    return tuple(out)


def features_into(view: View, out: object) -> None:
    """Write :func:`features` of ``view`` into ``out``, in place.

    ``out`` is a writable sequence of exactly ``len(feature_names(view.rules))`` numbers:
    a NumPy array of any float dtype (a row of a batch, say), an ``array.array`` of type
    ``"f"`` or ``"d"``, or a list.  NumPy is not needed: the numbers are handed over as
    one ``array.array`` through the buffer protocol.

    Raises:
        NotAStateError: ``view`` is not a :class:`~tysiac.View`.
        ImpossibleViewError: as :func:`features`.
        InvalidActionError: ``out`` is not a writable sequence of that length, or it is an
            array of something other than floats (integers, bools, bytes: the numbers
            would be cut short), or not one-dimensional.

    Example:
        >>> from array import array
        >>> from tysiac import new_game, observe
        >>> from tysiac.encoding import feature_names, features, features_into
        >>> view = observe(new_game(seed=7), 1)
        >>> out = array("d", bytes(8 * len(feature_names(view.rules))))
        >>> features_into(view, out)
        >>> out[0], tuple(out) == features(view)
        (1.0, True)
    """
    buffer = feature_array(view)
    fill(out, buffer, len(buffer))


def feature_array(view: View) -> array[float]:
    """:func:`features` of ``view`` as a new ``array("d")`` (its errors as there)."""
    buffer = array("d", _ZERO_BYTES[_length(view)])
    _write(view, buffer, _HALVES_ARRAY)
    return buffer


def _length(view: object) -> int:
    """The number of features of ``view``, a View."""
    if not isinstance(view, View):
        raise NotAStateError(f"{short(view)} is not a View: pass observe(state, seat)")
    rules = view.rules
    if not isinstance(rules, Rules):
        raise ImpossibleViewError(f"{short(view)} has no rules: use observe(state, seat)")
    return _size(rules.players, rules._play.active)


def _write(view: View, out: MutableSequence[float], halves: tuple[Sequence[float], ...]) -> None:
    """Write the features of ``view`` into ``out``, all zeros, of the right length
    (``halves``: the table of mask halves whose rows ``out``'s slices take)."""
    try:
        if type(view) is View:
            _compact(view._v, out, halves)
            return
        values = hand_features(view)  # a view built by hand: from its attributes
        if len(values) != len(out):
            raise ValueError(f"{len(values)} features, not {len(out)}")
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as error:
        raise ImpossibleViewError(
            f"{short(view)} does not fit its rules ({type(error).__name__}: {str(error)[:80]}): "
            "use observe(state, seat)"
        ) from None
    for i, x in enumerate(values):
        out[i] = x


def _size(players: int, active: int) -> int:
    """The length of the features (see :func:`feature_names`): 212 entries of fixed blocks,
    24 per card position of a trick, 89 per seat (thirteen per-seat entries, four cards
    blocks and four marriage suits)."""
    return 7 + 24 + 1 + 1 + 24 + 24 + 1 + 5 + 25 * len(PILES) + 24 * active + 89 * players


def _starts(n: int, active: int) -> tuple[int, ...]:
    """Where each block after the phase starts (the order of :func:`feature_names`), for
    ``n`` players and ``active`` cards a trick."""
    sizes = [n, n, n, 24, n, 1, n, n, n, n, 1, 24, 24 * n, 24, 1, 5, n, 24 * active]
    sizes += [24 * n, n, n, 4 * n, 24 * n, 25 * len(PILES)]
    return tuple(itertools.accumulate(sizes, initial=len(PHASES)))


# the players and the cards a trick of every layout
_SHAPES: Final = {(g.players, g.active) for g in GEOMETRY.values()}
#: By player count, then cards a trick: :func:`_starts`.
_STARTS: Final = tuple(
    tuple(_starts(n, a) if (n, a) in _SHAPES else () for a in range(5)) for n in range(5)
)
# By length: that many zeros, each its own float object (see _OFF)
_ZEROS: Final = {_size(n, a): tuple([i * 0.0 for i in range(_size(n, a))]) for n, a in _SHAPES}
# the same, as the bytes of an array of doubles
_ZERO_BYTES: Final = {size: bytes(8 * size) for size in _ZEROS}


def _compact(v: ViewCore, out: MutableSequence[float], halves: tuple[Sequence[float], ...]) -> None:
    """Write the features of a view's compact form into ``out`` (zeros); each card mask
    as two slices of ``halves``."""
    (
        rules, me, phase, to_move, _, dealer, _, scores, _, hand, sizes, bid, bidder, passed,
        declarer, contract, musik, discards, trump, leader, trick, points, marriages,
        ace_marriage, stock_size, log, _, _,
    ) = v  # fmt: skip
    n = rules.players
    f = rules._play
    order = _ORDER[n][me]  # the seats from the viewer's: its own, then clockwise
    max_bid = float(rules.max_bid)
    (  # where each block starts (the order of feature_names)
        to_move_at,
        dealer_at,
        scores_at,
        hand_at,
        sizes_at,
        bid_at,
        bidder_at,
        top_at,
        passed_at,
        declarer_at,
        contract_at,
        musik_at,
        given_at,
        discards_at,
        stock_at,
        trump_at,
        leader_at,
        trick_at,
        played_at,
        points_at,
        won_at,
        marriages_at,
        possible_at,
        piles_at,
        ace_at,
    ) = _STARTS[n][f.active]
    facts = scan(  # the knowledge scan (scan_view's): the knowledge, and the moves' counts
        rules,
        me,
        dealer,
        declarer,
        hand,
        log_codes(log),
        musik,
        discards,
        sizes,
        marriages,
        stock_size,
        ace_marriage,
    )
    out[PHASES.index(phase)] = 1.0
    if to_move is not None:
        out[to_move_at + (to_move - me) % n] = 1.0
    out[dealer_at + (dealer - me) % n] = 1.0
    if hand:
        out[hand_at : hand_at + 12] = halves[hand & 0xFFF]
        out[hand_at + 12 : hand_at + 24] = halves[hand >> 12]
    out[bid_at] = bid / max_bid
    if bidder is not None:
        out[bidder_at + (bidder - me) % n] = 1.0
    if declarer is not None:
        out[declarer_at + (declarer - me) % n] = 1.0
    if contract is not None:
        out[contract_at] = contract / max_bid
    if musik:
        out[musik_at : musik_at + 12] = halves[musik & 0xFFF]
        out[musik_at + 12 : musik_at + 24] = halves[musik >> 12]
    if discards:
        out[discards_at : discards_at + 12] = halves[discards & 0xFFF]
        out[discards_at + 12 : discards_at + 24] = halves[discards >> 12]
    out[stock_at] = stock_size / CARDS_SCALE
    out[trump_at + (4 if trump < 0 else trump)] = 1.0
    if leader is not None:
        out[leader_at + (leader - me) % n] = 1.0
    position = trick_at
    for card in trick:
        out[position + card] = 1.0
        position += 24
    # the moves, as the scan counted them: the cards each seat gave, played and won
    gave = facts.received  # per seat: the cards this seat saw it receive
    if phase is _PLAY:
        seen = facts.played  # per seat: the cards it played
        won = facts.won
    else:
        seen = _NONE[n]
        won = _NONE[n]
        if trick and leader is not None:  # (a trick outside the trick play: never, in a game)
            shown = [0] * n
            seats = f.trick_seats[dealer][leader]
            for i in range(len(trick)):
                shown[seats[i]] |= 1 << trick[i]
            seen = tuple(shown)
    target = rules.target
    top_bid = facts.top_bid
    possible = facts.possible
    for r in range(n):  # each seat's entries, from the viewer's
        s = order[r]
        out[scores_at + r] = scores[s] / target
        out[sizes_at + r] = sizes[s] / CARDS_SCALE
        amount = top_bid[s]
        if amount:
            out[top_at + r] = amount / max_bid
        if passed >> s & 1:
            out[passed_at + r] = 1.0
        m = gave[s]
        if m:
            base = given_at + 24 * r
            out[base : base + 12] = halves[m & 0xFFF]
            out[base + 12 : base + 24] = halves[m >> 12]
        m = seen[s]
        if m:
            base = played_at + 24 * r
            out[base : base + 12] = halves[m & 0xFFF]
            out[base + 12 : base + 24] = halves[m >> 12]
        out[points_at + r] = points[s] / POINTS_SCALE
        out[won_at + r] = _TRICKS_TAKEN[won[s]]
        m = possible[s]
        if m:
            base = possible_at + 24 * r
            out[base : base + 12] = halves[m & 0xFFF]
            out[base + 12 : base + 24] = halves[m >> 12]
    for who, suit in marriages:
        out[marriages_at + 4 * ((who - me) % n) + suit] = 1.0
    for pile, size, m in facts.piles:
        base = piles_at + 25 * PILES.index(pile)
        if m:
            out[base : base + 12] = halves[m & 0xFFF]
            out[base + 12 : base + 24] = halves[m >> 12]
        out[base + 24] += size / CARDS_SCALE
    if ace_marriage is not None:
        out[ace_at + (ace_marriage - me) % n] = 1.0
    if rules.partnerships:
        out[ace_at + n + 2] = 1.0  # my partner sits across
