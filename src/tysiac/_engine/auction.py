"""The auction (*licytacja*): the forced opening bid, raises, passes and the redeal request."""

from __future__ import annotations

from typing import Final

from .._rules.checks import on_ladder
from .._rules.flags import PlayFlags, auction_cap
from .._rules.rules import Rules
from .._vocab.dealing import shuffled_deck
from .._vocab.masks import NINE, RANK_MASK, marriage_bits, mask_points
from .._vocab.movecodes import (
    AMOUNT_UNIT,
    BID_CODE,
    BLIND_CODE,
    CODE_BITS,
    PASS_CODE,
    SEAT_BITS,
    log_plus,
)
from .._vocab.moves import REDEAL, Bid, Move, Pass, Redeal
from .edits import core_after, illegal
from .musik import after_auction
from .results import DealResult
from .start import start_deal
from .state import State, new_state
from .statics import (
    BID_CLASS,
    DEAL_INFO_CLASS,
    MAKE_CORE,
    OUTCOME_REDEALT,
    PASS_CLASS,
    PASS_ONLY,
    REDEAL_CLASS,
    REDEAL_MARRIAGE_BOTH,
    REDEAL_MARRIAGE_NEVER,
    REDEAL_MOVE,
)

__all__ = [
    "apply_auction",
    "legal_auction",
    "may_redeal",
    "unseen",
]

_NINES: Final = RANK_MASK[NINE]


def may_redeal(s: State, seat: int) -> bool:
    """Whether ``seat`` may ask for a redeal now (options ``redeal*``).

    See the rules, section 3 'The deal and the redeal'.
    """
    r = s._c.rules
    if not r.redeal or s._c.deal.acted >> seat & 1:
        return False
    hand = s._c.hands[seat]
    marriage = marriage_bits(hand)
    if (
        r.redeal_four_nines
        and hand & _NINES == _NINES
        and not (marriage and r.redeal_marriage is REDEAL_MARRIAGE_BOTH)
    ):
        return True
    return mask_points(hand) < r.redeal_threshold and not (
        marriage and r.redeal_marriage is not REDEAL_MARRIAGE_NEVER
    )


def unseen(s: State, p: int) -> bool:
    """Whether seat ``p`` has not looked at its hand yet: with blind bidding, a player sees
    its cards only after its first auction move (see the rules, section 4 "The auction")."""
    return s._c.rules.blind_bids and not s._c.deal.acted >> p & 1


def bid_range(f: PlayFlags, rules: Rules, bid: int, fresh: bool, hand: int) -> tuple[int, int]:
    """The lowest and highest amounts the seat to move may bid now, the one test of a bid's
    amount (``low > high``: no bid).  A bid is legal when ``low <= amount <= high`` and it
    is on the ladder of amounts (:func:`~tysiac._rules.checks.on_ladder`; and, blind, only
    where :func:`unseen`).

    Args:
        f: the rules' flags.
        rules: the rules.
        bid: the highest bid so far (0: the opening bid comes next: forced, exactly
            ``opening_bid``, or, with ``free_opening``, from it up to the cap).
        fresh: whether this is the seat's first auction turn.
        hand: the seat's hand: a seat that has not looked at it (blind bidding) may not
            count its marriages, so its legal moves say nothing of its cards.
    """
    if bid == 0:
        if not f.free_opening:
            return f.opening_bid, f.opening_bid
        low = f.opening_bid
    else:
        low = f.next_amount[bid // AMOUNT_UNIT]
    high = f.blind_cap if fresh and f.blind_bidding else auction_cap(rules, hand)
    if bid == 0 and high < low:
        high = low  # the opening bid is always allowed, as when it is forced
    if not f.jump_bids and high > low:
        high = low
    return low, high


def legal_auction(s: State) -> tuple[Move, ...]:
    """Legal auction moves: ``Pass()``, then bids ascending (each blind bid right after its
    plain one), then ``Redeal()``."""
    c = s._c
    f = c.rules._play
    p = c.to_move
    assert p is not None
    deal = c.deal
    bid = deal.bid
    fresh = not deal.acted >> p & 1  # the seat's first auction turn
    blind = fresh and f.blind_bidding  # it has not looked at its hand (see unseen())
    low, high = bid_range(f, c.rules, bid, fresh, c.hands[p])
    at = f.ladder_at
    first = at[low // AMOUNT_UNIT]
    last = at[high // AMOUNT_UNIT + 1] if high >= low else first
    plain = f.ladder_bids[first:last]
    if blind:
        paired = f.ladder_blind[first:last]
        bids: tuple[Move, ...] = tuple(m for pair in zip(plain, paired, strict=True) for m in pair)
        return bids if bid == 0 and not f.free_opening else PASS_ONLY + bids
    moves: tuple[Move, ...] = plain if bid == 0 and not f.free_opening else PASS_ONLY + plain
    if fresh and f.redeal and may_redeal(s, p):
        return (*moves, REDEAL_MOVE)
    return moves


def _explain(s: State, move: Move) -> str:
    r = s.rules
    p = s.to_move
    assert p is not None
    if isinstance(move, Redeal):
        if not r.redeal:
            return "redeals are off (Rules.redeal=False)"
        if s._acted >> p & 1:
            return (
                "a redeal may only be asked on one's first auction turn"
                " (see the rules, section 3 'The deal and the redeal')"
            )
        return (
            "a redeal needs four nines or fewer than "
            f"{r.redeal_threshold} card points, and no marriage where the rules say so"
            " (see the rules, section 3 'The deal and the redeal')"
        )
    if isinstance(move, Pass):
        return (
            f"the player left of the dealer must open with Bid({r.opening_bid})"
            " (see the rules, section 4 'The auction')"
        )
    if isinstance(move, Bid) and move.blind and not unseen(s, p):
        return (
            "a blind bid is made before looking at the hand: only on one's first auction "
            "turn, where Rules.blind_bids allows it"
        )
    if isinstance(move, Bid):
        if s.bid == 0 and not r.free_opening:
            return (
                f"the opening bid is forced: Bid({r.opening_bid})"
                " (see the rules, section 4 'The auction')"
            )
        if s.bid == 0 and (not isinstance(move.amount, int) or move.amount < r.opening_bid):
            return f"the opening bid is at least {r.opening_bid}"
        if s.bid and (not isinstance(move.amount, int) or move.amount <= s.bid):
            return f"a bid must be above the current bid {s.bid}"
        if not on_ladder(r, move.amount):
            if r.high_bid_step is None:
                return f"bids are multiples of {r.bid_step}"
            return (
                f"bids are multiples of {r.bid_step}, and of {r.high_bid_step} from "
                f"{r.high_bids_from} (Rules.high_bid_step)"
            )
        nxt = r._play.next_amount[s.bid // AMOUNT_UNIT] if s.bid else r.opening_bid
        if not r.jump_bids and move.amount != nxt:
            return f"jump bids are off: the next bid is {nxt} (Rules.jump_bids)"
        fresh = not s._c.deal.acted >> p & 1
        cap = bid_range(r._play, r, s.bid, fresh, s._c.hands[p])[1]
        top = r.max_bid if r.auction_max_bid is None else r.auction_max_bid
        return (
            f"the bid cap with this hand is {cap}: 120 plus the marriages held, at most "
            f"{top} (see the rules, section 4 'The auction')"
        )
    return "the auction takes Bid, Pass or Redeal"


def apply_auction(s: State, move: Move) -> State:
    """Apply an auction move: a bid, a pass, or a redeal request."""
    c = s._c
    r = c.rules
    game = c.game
    deal = c.deal
    p = c.to_move
    assert p is not None
    kind = type(move)
    bid = deal.bid
    f = r._play
    if kind is PASS_CLASS and (bid or f.free_opening):
        passed = deal.passed | 1 << p
        bidder = deal.bidder
        code = PASS_CODE
        if not bid and passed == _everyone(f, game.dealer):
            # a free opening that nobody took: the dealer plays the opening bid
            bid = f.opening_bid
            bidder = game.dealer
            passed &= ~(1 << bidder)
    elif kind is BID_CLASS:
        amount = move.amount  # type: ignore[union-attr]
        fresh = not deal.acted >> p & 1
        low, high = bid_range(f, r, bid, fresh, c.hands[p])
        if not (
            type(amount) is int
            and low <= amount <= high
            and f.ladder_at[amount // AMOUNT_UNIT + 1] - f.ladder_at[amount // AMOUNT_UNIT]
            and amount % AMOUNT_UNIT == 0
            and ((fresh and f.blind_bidding) or not move.blind)  # type: ignore[union-attr]
        ):
            illegal(s, move, _explain(s, move))
        passed = deal.passed
        bid = amount
        bidder = p
        code = ((BLIND_CODE if move.blind else BID_CODE) + amount // AMOUNT_UNIT) << SEAT_BITS  # type: ignore[union-attr]
    elif kind is REDEAL_CLASS and not unseen(s, p) and may_redeal(s, p):
        return _redeal(s, p)
    else:
        illegal(s, move, _explain(s, move))
    nxt = f.next_seat[game.dealer]
    seat = nxt[p]
    while passed >> seat & 1:
        seat = nxt[seat]
    done = seat == bidder  # everybody else has passed
    new_deal = MAKE_CORE(
        DEAL_INFO_CLASS,
        (
            deal.musiks,
            deal.discards,
            deal.revealed,
            bid,
            bidder,
            passed,
            deal.acted | 1 << p,  # acted
            bidder if done else None,  # declarer
            None,  # contract
        ),
    )
    log_ = c.log << CODE_BITS | (code | p)  # the small part first: one big-int operation
    out = new_state(core_after(c, c.phase, seat, new_deal, c.hands, log_))
    return after_auction(out) if done else out


def _everyone(f: PlayFlags, dealer: int) -> int:
    """The seats of the auction, one bit a seat."""
    out = 0
    for seat in f.active_seats[dealer]:
        out |= 1 << seat
    return out


def _redeal(s: State, p: int) -> State:
    """Seat ``p`` asked for a redeal: nobody scores, and the next deal is dealt."""
    c = s._c
    r = c.rules
    game = c.game
    row = DealResult(
        game.deal_number,
        game.dealer,
        OUTCOME_REDEALT,
        None,
        None,
        (0,) * r.players,
        (),
        (0,) * r.players,
        game.scores,
    )
    number = game.deal_number + 1
    return start_deal(
        r,
        game.seed,
        number,
        game.dealer,
        game.scores,
        game.bombs,
        game.sheet.plus(row),
        shuffled_deck(game.seed, number),
        game.history.plus(log_plus(c.log, p, REDEAL)),
    )
