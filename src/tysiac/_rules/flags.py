"""The rules unpacked for the hot path (:class:`PlayFlags`) and the lookups on its tables
(a hand's bid cap and marriages).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .._vocab.masks import ACES, marriage_suits
from .._vocab.movecodes import AMOUNT_UNIT
from .._vocab.moves import Bid, Contract
from .checks import on_ladder
from .layouts import GEOMETRY, active_seats, next_seat
from .options import ConcessionTiming, Declaration, Layout, MarriageCards, TrumpTiming

if TYPE_CHECKING:
    from .rules import Rules

__all__ = [
    "PlayFlags",
    "auction_cap",
    "bid_cap",
    "held_marriages",
    "play_flags",
]


class PlayFlags(NamedTuple):
    """The play options of a :class:`Rules`, unpacked once for the hot path."""

    must_beat: bool
    must_trump: bool
    trump_when_cannot_overtrump: bool
    meld_first_trick: bool
    queen_only: bool
    optional: bool
    trump_next: bool
    on_someone: bool
    free_while_stock: bool
    active: int
    claim: bool
    auto_claim: bool
    next_seat: tuple[tuple[int, ...], ...]  # indexed by dealer, then seat
    active_seats: tuple[tuple[int, ...], ...]  # indexed by dealer: seats in play from the left
    marriage_sums: tuple[int, ...]  # indexed by a 4-bit set of suits: their marriage values
    bids: tuple[Bid, ...]  # Bid(k * bid_step) at index k, up to max_bid
    blind_bids: tuple[Bid, ...]  # Bid(k * bid_step, blind=True) at index k, up to max_bid
    contracts: tuple[Contract, ...]  # Contract(k * bid_step) at index k, up to max_bid
    ace_marriage: bool  # the four aces declare the ace marriage (Rules.ace_marriage)
    bid_caps: tuple[int, ...]  # the bid cap, by a 4-bit set of marriages held + 16 for 4 aces
    # the auction's options, read here on its hot path (one read of the flags, then by index
    # in the compiled build, where the rules' own attributes are generic lookups)
    bid_step: int
    opening_bid: int
    blind_cap: int  # the bid cap of a seat that has not looked at its hand (blind bidding)
    jump_bids: bool
    blind_bidding: bool  # Rules.blind_bids
    redeal: bool
    # by dealer, then the trick's leader: the seats of the trick in the order they play
    trick_seats: tuple[tuple[tuple[int, ...], ...], ...]
    # the ladder of bid and contract amounts (bid_step, and high_bid_step from
    # high_bids_from): its Bid, blind Bid and Contract in order, from bid_step to max_bid
    ladder_bids: tuple[Bid, ...]
    ladder_blind: tuple[Bid, ...]
    ladder_contracts: tuple[Contract, ...]
    # by amount // AMOUNT_UNIT (0 .. max_bid // AMOUNT_UNIT + 1): how many ladder amounts lie
    # below it, so that the amounts from a to b are ladder_*[at[a // 5] : at[b // 5 + 1]]
    ladder_at: tuple[int, ...]
    # by amount // AMOUNT_UNIT (0 .. max_bid // AMOUNT_UNIT): the next ladder amount above it
    # (max_bid + AMOUNT_UNIT above the last: above every cap)
    next_amount: tuple[int, ...]
    # the first bidder may pass; when everyone passes the dealer plays the opening bid
    free_opening: bool
    # the auction's bid cap, by the same index as bid_caps (auction_max_bid applied)
    auction_caps: tuple[int, ...]
    # the declarer may concede before its first give or discard, and not in the contract
    concede_before: bool
    # the declarer may concede instead of naming the contract
    concede_in_contract: bool
    # a card forced to beat or to trump is the highest of its kind (forced highest play)
    play_highest: bool
    # a defender void in the led suit overtrumps the declarer's winning trump when it can
    overtrump_declarer: bool
    # per seat: its partner (Rules.partnerships), else -1
    partners: tuple[int, ...]
    # by dealer: where each hand lies in the deck's dealing order, as (seat, start, end), the
    # seats in play in seat order (see split_deck)
    dealt_hands: tuple[tuple[tuple[int, int, int], ...], ...]
    musik_slices: tuple[tuple[int, int], ...]  # where each musik lies in the deck, in order
    stock_at: int  # where the stock starts in the deck (24: no stock)


def play_flags(r: Rules) -> PlayFlags:
    """Unpack the play options of ``r`` (stored on the rules object)."""

    layout = r.layout
    # the marriages' values, by a 4-bit set of suits (the bid caps are built from them)
    sums = tuple(sum(r.marriage_values[s] for s in range(4) if k >> s & 1) for k in range(16))
    nexts = tuple(next_seat(layout, d) for d in range(r.players))
    active = 3 if layout in (Layout.THREE, Layout.FOUR_SITTER) else layout.players
    ladder = [a for a in range(r.bid_step, r.max_bid + 1, r.bid_step) if on_ladder(r, a)]
    units = r.max_bid // AMOUNT_UNIT
    at: list[int] = []
    above: list[int] = []
    i = 0
    for k in range(units + 2):
        while i < len(ladder) and ladder[i] < k * AMOUNT_UNIT:
            i += 1
        at.append(i)  # the ladder amounts below k * AMOUNT_UNIT
        j = i + (i < len(ladder) and ladder[i] == k * AMOUNT_UNIT)
        above.append(ladder[j] if j < len(ladder) else r.max_bid + AMOUNT_UNIT)
    del above[-1]
    caps = tuple(_bid_cap(r, sums, k) for k in range(32))
    gives = layout in (Layout.THREE, Layout.FOUR_SITTER) or GEOMETRY[layout].discard > 0
    before = r.concession and r.concession_timing is ConcessionTiming.BEFORE_GIVES and gives
    auction_max = r.max_bid if r.auction_max_bid is None else r.auction_max_bid
    # one instance per move: the ladder's moves are those decode_move returns
    bids = tuple(Bid(a) for a in range(0, r.max_bid + 1, r.bid_step))
    blind = tuple(Bid(a, blind=True) for a in range(0, r.max_bid + 1, r.bid_step))
    contracts = tuple(Contract(a) for a in range(0, r.max_bid + 1, r.bid_step))
    return PlayFlags(
        r.must_beat,
        r.must_trump,
        r.trump_when_cannot_overtrump,
        r.marriage_on_first_trick,
        r.marriage_cards is MarriageCards.QUEEN_ONLY,
        r.declaration is Declaration.OPTIONAL,
        r.trump_timing is TrumpTiming.NEXT_TRICK,
        layout is Layout.FOUR_ALL_PLAY,
        r.free_play_while_stock and layout in (Layout.TWO_DRAW, Layout.TWO_OPEN_MUSIK),
        active,
        r.claim,
        r.auto_claim,
        nexts,
        tuple(active_seats(layout, d) for d in range(r.players)),
        sums,
        bids,
        blind,
        contracts,
        r.ace_marriage is not None,
        caps,
        r.bid_step,
        r.opening_bid,
        min(r.max_bid, 120, auction_max) if r.bid_cap_marriages else auction_max,
        r.jump_bids,
        r.blind_bids,
        r.redeal,
        tuple(
            tuple(_seats_from(nxt, leader, active) for leader in range(r.players)) for nxt in nexts
        ),
        tuple(bids[a // r.bid_step] for a in ladder),
        tuple(blind[a // r.bid_step] for a in ladder),
        tuple(contracts[a // r.bid_step] for a in ladder),
        tuple(at),
        tuple(above),
        r.free_opening,
        tuple(min(cap, auction_max) for cap in caps),
        before,
        r.concession and not before,
        r.play_highest,
        r.overtrump_declarer,
        tuple((seat + 2) % 4 if r.partnerships else -1 for seat in range(r.players)),
        *_deck_parts(r),
    )


def _deck_parts(
    r: Rules,
) -> tuple[tuple[tuple[tuple[int, int, int], ...], ...], tuple[tuple[int, int], ...], int]:
    """The flags ``dealt_hands``, ``musik_slices`` and ``stock_at`` of ``r``: the deck in
    dealing order holds the hands of the seats in play in seat order, then each musik, then
    the stock."""
    geo = GEOMETRY[r.layout]
    size = geo.hand
    hands = []
    for dealer in range(r.players):
        seats = sorted(active_seats(r.layout, dealer))
        hands.append(tuple((seat, k * size, (k + 1) * size) for k, seat in enumerate(seats)))
    pos = geo.active * size
    musiks = []
    for size in geo.musiks:
        musiks.append((pos, pos + size))
        pos += size
    return tuple(hands), tuple(musiks), pos


def _seats_from(nxt: tuple[int, ...], seat: int, count: int) -> tuple[int, ...]:
    """``count`` seats in turn from ``seat``, each the ``nxt`` of the one before."""
    out = []
    for _ in range(count):
        out.append(seat)
        seat = nxt[seat]
    return tuple(out)


def _bid_cap(r: Rules, sums: tuple[int, ...], held: int) -> int:
    """The bid cap with the marriages in the 4-bit set ``held & 15`` (``sums``: their values
    by set) and all four aces when ``held & 16``: 120 plus their values, at most ``max_bid``
    (option ``bid_cap_marriages``)."""
    if not r.bid_cap_marriages:
        return r.max_bid
    value = sums[held & 15]
    if held & 16 and r.ace_marriage is not None:
        value += r.ace_marriage
    return min(r.max_bid, 120 + value)


def held_marriages(rules: Rules, hand: int) -> int:
    """The total value of the marriages (K and Q of a suit) in ``hand``, and of the ace
    marriage (all four aces) where the rules have it."""
    value = rules._play.marriage_sums[marriage_suits(hand)]
    if rules.ace_marriage is not None and hand & ACES == ACES:
        value += rules.ace_marriage
    return value


def bid_cap(rules: Rules, hand: int) -> int:
    """The highest contract allowed with ``hand`` (option ``bid_cap_marriages``).

    See the rules, section 6 'The contract and the bomb'.
    """
    return rules._play.bid_caps[marriage_suits(hand) | (16 if hand & ACES == ACES else 0)]


def auction_cap(rules: Rules, hand: int) -> int:
    """The highest bid allowed with ``hand`` in the auction (options ``bid_cap_marriages``
    and ``auction_max_bid``).

    See the rules, section 4 'The auction'.
    """
    return rules._play.auction_caps[marriage_suits(hand) | (16 if hand & ACES == ACES else 0)]
