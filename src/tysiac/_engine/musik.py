"""After the auction: the musik shown and taken, cards given or put away."""

from __future__ import annotations

from .._rules.layouts import GEOMETRY
from .._vocab.movecodes import log_plus
from .._vocab.moves import (
    CHOOSE,
    CONCEDE,
    DISCARDS,
    ChooseMusik,
    Concede,
    Discard,
    Move,
)
from .contract import concede
from .edits import core_after, illegal
from .state import State, new_state
from .statics import (
    DEAL_INFO_CLASS,
    DISCARDS_BY_SUIT,
    GIVE_CLASS,
    GIVES_BY_SUIT,
    GIVES_TO,
    LAYOUT_FOUR_SITTER,
    LAYOUT_THREE,
    LAYOUT_TWO_CLASSIC,
    LAYOUT_TWO_MUSIKS_OF_THREE,
    LAYOUT_TWO_OPEN_MUSIK,
    MAKE_CORE,
    PHASE_CHOOSE_MUSIK,
    PHASE_CONTRACT,
    PHASE_DISCARD,
    PHASE_GIVE,
)

__all__ = [
    "after_auction",
    "apply_choose",
    "apply_discard",
    "apply_give",
    "legal_choose",
    "legal_discard",
    "legal_give",
]


def _musik_hidden(s: State) -> bool:
    """At an unraised forced opening bid the musik may stay hidden (rules, section 5)."""
    r = s._c.rules
    return r.hide_musik_at_opening_bid and s._c.deal.bid == r.opening_bid


def after_auction(s: State) -> State:
    """The state once the auction has a declarer: take or choose the musik, or go on."""
    c = s._c
    decl = c.deal.declarer
    assert decl is not None
    layout = c.rules.layout
    if layout is LAYOUT_THREE or layout is LAYOUT_FOUR_SITTER:
        d = c.deal
        musik = d.musiks[0]
        hands = list(c.hands)
        hands[decl] |= musik
        deal = MAKE_CORE(
            DEAL_INFO_CLASS,
            (
                (),  # musiks: taken
                d.discards,
                0 if _musik_hidden(s) else musik,  # revealed
                d.bid,
                d.bidder,
                d.passed,
                d.acted,
                decl,  # declarer
                None,  # contract
            ),
        )
        return new_state(core_after(c, PHASE_GIVE, decl, deal, tuple(hands), c.log))
    if layout is LAYOUT_TWO_CLASSIC or layout is LAYOUT_TWO_MUSIKS_OF_THREE:
        return new_state(core_after(c, PHASE_CHOOSE_MUSIK, decl, c.deal, c.hands, c.log))
    if layout is LAYOUT_TWO_OPEN_MUSIK:  # the open musik joins the declarer's hand
        d = c.deal
        hands = list(c.hands)
        hands[decl] |= d.musiks[0]
        deal = MAKE_CORE(
            DEAL_INFO_CLASS,
            (
                (),  # musiks: taken
                d.discards,
                d.revealed,
                d.bid,
                d.bidder,
                d.passed,
                d.acted,
                d.declarer,
                d.contract,
            ),
        )
        return new_state(core_after(c, PHASE_DISCARD, decl, deal, tuple(hands), c.log))
    return new_state(core_after(c, PHASE_CONTRACT, decl, c.deal, c.hands, c.log))


# --- two musiks: choose one, then discard ----------------------------------------------------


def legal_choose(s: State) -> tuple[Move, ...]:
    """``ChooseMusik(0)``, ``ChooseMusik(1)``."""
    return CHOOSE


def apply_choose(s: State, move: Move) -> State:
    """Take the chosen musik: it is shown to the opponent, unless hidden (rules, section 12)."""
    if not isinstance(move, ChooseMusik) or move.index not in (0, 1):
        illegal(s, move, "the declarer takes one of the two musiks: ChooseMusik(0) or (1)")
    c = s._c
    d = c.deal
    decl = d.declarer
    assert decl is not None
    index = move.index
    musik = d.musiks[index]
    hands = list(c.hands)
    hands[decl] |= musik
    deal = MAKE_CORE(
        DEAL_INFO_CLASS,
        (
            (0, d.musiks[1]) if index == 0 else (d.musiks[0], 0),  # musiks
            d.discards,
            0 if _musik_hidden(s) else musik,  # revealed
            d.bid,
            d.bidder,
            d.passed,
            d.acted,
            d.declarer,
            d.contract,
        ),
    )
    log_ = log_plus(c.log, decl, CHOOSE[index])
    return new_state(core_after(c, PHASE_DISCARD, c.to_move, deal, tuple(hands), log_))


def legal_discard(s: State) -> tuple[Move, ...]:
    """``Discard(card)`` for each card in the declarer's hand, in card order."""
    c = s._c
    decl = c.deal.declarer
    assert decl is not None
    hand = c.hands[decl]
    by_suit = DISCARDS_BY_SUIT
    moves = (
        by_suit[0][hand & 63]
        + by_suit[1][hand >> 6 & 63]
        + by_suit[2][hand >> 12 & 63]
        + by_suit[3][hand >> 18]
    )
    if c.rules._play.concede_before and not c.deal.discards:
        return (*moves, CONCEDE)  # the write-off, before the first card put away
    return moves


def apply_discard(s: State, move: Move) -> State:
    """Put a card away face down; after the last one the contract is named."""
    c = s._c
    d = c.deal
    decl = d.declarer
    assert decl is not None
    if not isinstance(move, Discard):
        if isinstance(move, Concede) and c.rules._play.concede_before and not d.discards:
            return concede(s)
        illegal(s, move, _not_a_card(s, move, "put cards away with Discard(card)"))
    card = move.card.index
    if not c.hands[decl] >> card & 1:
        illegal(s, move, f"{move.card} is not in the declarer's hand")
    hands = list(c.hands)
    hands[decl] ^= 1 << card
    discards = d.discards | 1 << card
    done = discards.bit_count() == GEOMETRY[c.rules.layout].discard
    deal = MAKE_CORE(
        DEAL_INFO_CLASS,
        (
            d.musiks,
            discards,
            d.revealed,
            d.bid,
            d.bidder,
            d.passed,
            d.acted,
            d.declarer,
            d.contract,
        ),
    )
    phase = PHASE_CONTRACT if done else PHASE_DISCARD
    log_ = log_plus(c.log, decl, DISCARDS[card])
    return new_state(core_after(c, phase, c.to_move, deal, tuple(hands), log_))


# --- three-handed play: give one card to each opponent --------------------------------------


def _give_target(s: State) -> int:
    c = s._c
    decl = c.deal.declarer
    assert decl is not None
    nxt = c.rules._play.next_seat[c.game.dealer]
    # the declarer holds 10 cards before the first give, 9 before the second
    return nxt[decl] if c.hands[decl].bit_count() == 10 else nxt[nxt[decl]]


def _not_a_card(s: State, move: Move, what: str) -> str:
    """Why ``move`` is illegal where the declarer gives or puts away cards."""
    r = s._c.rules
    if isinstance(move, Concede) and r.concession:
        if r._play.concede_before:
            return "the declarer concedes before giving or putting away its first card"
        return "the declarer concedes instead of naming the contract, once the cards are given"
    return f"the declarer must {what}"


def legal_give(s: State) -> tuple[Move, ...]:
    """``Give(card, to)`` for each card in hand, to the left-hand opponent first."""
    decl = s._c.deal.declarer
    assert decl is not None
    row = GIVES_BY_SUIT[_give_target(s)]
    hand = s._c.hands[decl]
    moves = (
        row[0][hand & 63] + row[1][hand >> 6 & 63] + row[2][hand >> 12 & 63] + row[3][hand >> 18]
    )
    if s._c.rules._play.concede_before and hand.bit_count() == 10:
        return (*moves, CONCEDE)  # the write-off, before the first card given
    return moves


def apply_give(s: State, move: Move) -> State:
    """Give one card face down; after the second the contract is named."""
    c = s._c
    decl = c.deal.declarer
    assert decl is not None
    hand = c.hands[decl]
    if type(move) is not GIVE_CLASS:
        if isinstance(move, Concede) and c.rules._play.concede_before and hand.bit_count() == 10:
            return concede(s)
        illegal(s, move, _not_a_card(s, move, "give a card to each opponent with Give(card, to)"))
    nxt = c.rules._play.next_seat[c.game.dealer]
    first = hand.bit_count() == 10  # as in _give_target()
    target = nxt[decl] if first else nxt[nxt[decl]]
    card = move.card.index
    if move.to != target:
        illegal(
            s,
            move,
            f"the next card goes to seat {target}: the left-hand opponent first, "
            "then the right-hand one (see the rules, section 5 'The musik')",
        )
    if not hand >> card & 1:
        illegal(s, move, f"{move.card} is not in the declarer's hand")
    hands = list(c.hands)
    hands[decl] = hand ^ 1 << card
    hands[target] |= 1 << card
    phase = PHASE_GIVE if first else PHASE_CONTRACT
    log_ = log_plus(c.log, decl, GIVES_TO[target][card])
    return new_state(core_after(c, phase, c.to_move, c.deal, tuple(hands), log_))
