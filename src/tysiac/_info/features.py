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
from .._rules.rules import Rules
from .._vocab.movecodes import log_codes
from .actions import fill, short
from .featureblocks import CARDS_SCALE, PHASES, PILES, POINTS_SCALE, hand_features
from .inference import scan
from .views import View, ViewCore

__all__ = ["features", "features_into"]

_PLAY: Final = Phase.PLAY
_NONE: Final = tuple((0,) * n for n in range(5))  # a zero per seat, by player count
# the one-hot block of each 12-bit half of a card mask, as floats (a list's slice takes a
# tuple, an array's an array of its type)
_SIXTHS: Final = tuple(tuple((0.0, 1.0)[m >> b & 1] for b in range(6)) for m in range(64))
_HALVES: Final = tuple(_SIXTHS[m & 63] + _SIXTHS[m >> 6] for m in range(4096))


def _half_arrays() -> tuple[array[float], ...]:
    """The rows of ``_HALVES`` as arrays of doubles (cut from one block of bytes)."""
    sixths = [array("d", six).tobytes() for six in _SIXTHS]
    rows = array("d")
    rows.frombytes(b"".join([sixths[m & 63] + sixths[m >> 6] for m in range(4096)]))
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
    out = [0.0] * _length(view)
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
        InvalidActionError: ``out`` is not a writable sequence of that length.

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
    size = _length(view)
    buffer = array("d", bytes(8 * size))  # zeros
    _write(view, buffer, _HALVES_ARRAY)
    fill(out, buffer, size)


def _length(view: object) -> int:
    """The number of features of ``view``, a View."""
    if not isinstance(view, View):
        raise NotAStateError(f"{short(view)} is not a View: pass observe(state, seat)")
    rules = view.rules
    if not isinstance(rules, Rules):
        raise ImpossibleViewError(f"{short(view)} has no rules: use observe(state, seat)")
    return _size(rules.players, rules._play.active)


def _write(view: View, out: MutableSequence[float], halves: Sequence[Sequence[float]]) -> None:
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


def _compact(v: ViewCore, out: MutableSequence[float], halves: Sequence[Sequence[float]]) -> None:
    """Write the features of a view's compact form into ``out`` (zeros); each card mask
    as two slices of ``halves``."""
    rules = v.rules
    n = rules.players
    f = rules._play
    active = f.active
    me = v.seat
    max_bid = float(rules.max_bid)
    out[PHASES.index(v.phase)] = 1.0
    i = len(PHASES)
    if v.to_move is not None:
        out[i + (v.to_move - me) % n] = 1.0
    i += n
    out[i + (v.dealer - me) % n] = 1.0
    i += n
    target = rules.target
    scores = v.scores
    for r in range(n):
        out[i + r] = scores[(me + r) % n] / target
    i += n
    hand = v.hand
    if hand:
        out[i : i + 12] = halves[hand & 0xFFF]
        out[i + 12 : i + 24] = halves[hand >> 12]
    i += 24
    sizes = v.hand_sizes
    for r in range(n):
        out[i + r] = sizes[(me + r) % n] / CARDS_SCALE
    i += n
    out[i] = v.bid / max_bid
    i += 1
    if v.bidder is not None:
        out[i + (v.bidder - me) % n] = 1.0
    i += n
    codes = log_codes(v.log)
    facts = scan(  # the knowledge scan (scan_view's): the knowledge, and the moves' counts
        rules,
        me,
        v.dealer,
        v.declarer,
        hand,
        codes,
        v.musik,
        v.discards,
        sizes,
        v.marriages,
        v.stock_size,
        v.ace_marriage,
    )
    top_bid = facts.top_bid
    for r in range(n):
        amount = top_bid[(me + r) % n]
        if amount:
            out[i + r] = amount / max_bid
    i += n
    passed = v.passed
    for r in range(n):
        if passed >> (me + r) % n & 1:
            out[i + r] = 1.0
    i += n
    if v.declarer is not None:
        out[i + (v.declarer - me) % n] = 1.0
    i += n
    out[i] = 0.0 if v.contract is None else v.contract / max_bid
    i += 1
    musik = v.musik
    if musik:
        out[i : i + 12] = halves[musik & 0xFFF]
        out[i + 12 : i + 24] = halves[musik >> 12]
    i += 24
    given = i
    i += 24 * n
    discards = v.discards
    if discards:
        out[i : i + 12] = halves[discards & 0xFFF]
        out[i + 12 : i + 24] = halves[discards >> 12]
    i += 24
    out[i] = v.stock_size / CARDS_SCALE
    i += 1
    out[i + (4 if v.trump < 0 else v.trump)] = 1.0
    i += 5
    leader = v.leader
    if leader is not None:
        out[i + (leader - me) % n] = 1.0
    i += n
    trick = v.trick
    for position in range(len(trick)):
        out[i + 24 * position + trick[position]] = 1.0
    i += 24 * active
    played = i
    i += 24 * n
    # the moves, as the scan counted them: the cards each seat gave, played and won
    gave = facts.received  # per seat: the cards this seat saw it receive
    if v.phase is _PLAY:
        seen = facts.played  # per seat: the cards it played
        won = facts.won
    else:
        seen = _NONE[n]
        won = _NONE[n]
        if trick and leader is not None:  # (a trick outside the trick play: never, in a game)
            shown = [0] * n
            seats = f.trick_seats[v.dealer][leader]
            for position in range(len(trick)):
                shown[seats[position]] |= 1 << trick[position]
            seen = tuple(shown)
    for r in range(n):
        m = gave[(me + r) % n]
        if m:
            base = given + 24 * r
            out[base : base + 12] = halves[m & 0xFFF]
            out[base + 12 : base + 24] = halves[m >> 12]
        m = seen[(me + r) % n]
        if m:
            base = played + 24 * r
            out[base : base + 12] = halves[m & 0xFFF]
            out[base + 12 : base + 24] = halves[m >> 12]
    points = v.card_points
    for r in range(n):
        out[i + r] = points[(me + r) % n] / POINTS_SCALE
    i += n
    for r in range(n):
        out[i + r] = _TRICKS_TAKEN[won[(me + r) % n]]
    i += n
    for who, suit in v.marriages:
        out[i + 4 * ((who - me) % n) + suit] = 1.0
    i += 4 * n
    possible = facts.possible
    for r in range(n):
        m = possible[(me + r) % n]
        if m:
            base = i + 24 * r
            out[base : base + 12] = halves[m & 0xFFF]
            out[base + 12 : base + 24] = halves[m >> 12]
    i += 24 * n
    for pile, size, m in facts.piles:
        base = i + 25 * PILES.index(pile)
        if m:
            out[base : base + 12] = halves[m & 0xFFF]
            out[base + 12 : base + 24] = halves[m >> 12]
        out[base + 24] += size / CARDS_SCALE
    i += 25 * len(PILES)
    if v.ace_marriage is not None:
        out[i + (v.ace_marriage - me) % n] = 1.0
    i += n
    if rules.partnerships:
        out[i + 2] = 1.0  # my partner sits across
