"""After the auction: the musik shown and taken, cards given or put away, contract, bomb."""

from __future__ import annotations

from typing import Final

from ._core import GIVES, bid_cap, illegal, log, replace
from ._movecodes import log_plus
from ._moves import (
    BOMB,
    CHOOSE,
    CONCEDE,
    DISCARDS,
    SUIT_DISCARDS,
    SUIT_GIVES,
    Bomb,
    ChooseMusik,
    Concede,
    Contract,
    Discard,
    Give,
    Move,
)
from ._rules import BombRule, Layout
from ._scoring import finish_deal
from ._state import Core, DealInfo, Outcome, Phase, State, make_core, new_state
from ._tables import GEOMETRY
from ._tricks import start_play

__all__ = [
    "after_auction",
    "apply_choose",
    "apply_contract",
    "apply_discard",
    "apply_give",
    "legal_choose",
    "legal_contract",
    "legal_discard",
    "legal_give",
]


# Names from modules that stay pure, bound once: C statics in the compiled build (see
# ``_tricks``).
_GIVE: Final = Phase.GIVE
_CHOOSE_MUSIK: Final = Phase.CHOOSE_MUSIK
_DISCARD: Final = Phase.DISCARD
_CONTRACT: Final = Phase.CONTRACT
_PLAY: Final = Phase.PLAY
_THREE: Final = Layout.THREE
_FOUR_SITTER: Final = Layout.FOUR_SITTER
_TWO_CLASSIC: Final = Layout.TWO_CLASSIC
_TWO_MUSIKS_OF_THREE: Final = Layout.TWO_MUSIKS_OF_THREE
_TWO_OPEN_MUSIK: Final = Layout.TWO_OPEN_MUSIK
_BOMB_OFF: Final = BombRule.OFF
_BOMBED: Final = Outcome.BOMBED
_CONCEDED: Final = Outcome.CONCEDED
_BOMB_AT_OPENING_BID: Final = BombRule.AT_OPENING_BID
_BOMB_UP_TO_120: Final = BombRule.UP_TO_120
_GIVE_MOVE: Final = Give
_CONTRACT_MOVE: Final = Contract
_SUIT_GIVES: Final = SUIT_GIVES
_SUIT_DISCARDS: Final = SUIT_DISCARDS
_GIVES: Final = GIVES
_CORE: Final = Core
_DEAL: Final = DealInfo
_MAKE: Final = make_core
_NEW_STATE: Final = new_state


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
    if layout is _THREE or layout is _FOUR_SITTER:
        d = c.deal
        musik = d.musiks[0]
        hands = list(c.hands)
        hands[decl] |= musik
        deal = _MAKE(
            _DEAL,
            (
                (),
                d.discards,
                0 if _musik_hidden(s) else musik,
                d.bid,
                d.bidder,
                d.passed,
                d.acted,
                decl,
                None,
            ),
        )
        return _NEW_STATE(
            _MAKE(
                _CORE,
                (
                    c.rules,
                    c.game,
                    _GIVE,
                    decl,
                    None,
                    deal,
                    tuple(hands),
                    c.stock,
                    c.leader,
                    c.trick,
                    c.trump,
                    c.pending_trump,
                    c.taken,
                    c.marriages,
                    c.log,
                    -1,
                ),
            )
        )
    if layout is _TWO_CLASSIC or layout is _TWO_MUSIKS_OF_THREE:
        return _NEW_STATE(_MAKE(_CORE, (c.rules, c.game, _CHOOSE_MUSIK, decl, *c[4:15], -1)))
    if layout is _TWO_OPEN_MUSIK:  # the open musik joins the declarer's hand
        d = c.deal
        hands = list(c.hands)
        hands[decl] |= d.musiks[0]
        deal = _MAKE(_DEAL, ((), *d[1:]))
        return _NEW_STATE(
            _MAKE(
                _CORE,
                (c.rules, c.game, _DISCARD, decl, c.winner, deal, tuple(hands), *c[7:15], -1),
            )
        )
    return _NEW_STATE(_MAKE(_CORE, (c.rules, c.game, _CONTRACT, decl, *c[4:15], -1)))


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
    deal = _MAKE(
        _DEAL,
        (
            (0, d.musiks[1]) if index == 0 else (d.musiks[0], 0),
            d.discards,
            0 if _musik_hidden(s) else musik,
            *d[3:],
        ),
    )
    return _NEW_STATE(
        _MAKE(
            _CORE,
            (
                c.rules,
                c.game,
                _DISCARD,
                c.to_move,
                c.winner,
                deal,
                tuple(hands),
                *c[7:14],
                log_plus(c.log, decl, CHOOSE[index]),
                -1,
            ),
        )
    )


def legal_discard(s: State) -> tuple[Move, ...]:
    """``Discard(card)`` for each card in the declarer's hand, in card order."""
    c = s._c
    decl = c.deal.declarer
    assert decl is not None
    hand = c.hands[decl]
    by_suit = _SUIT_DISCARDS
    return (
        by_suit[0][hand & 63]
        + by_suit[1][hand >> 6 & 63]
        + by_suit[2][hand >> 12 & 63]
        + by_suit[3][hand >> 18]
    )


def apply_discard(s: State, move: Move) -> State:
    """Put a card away face down; after the last one the contract is named."""
    c = s._c
    d = c.deal
    decl = d.declarer
    assert decl is not None
    if not isinstance(move, Discard):
        illegal(s, move, "the declarer must put cards away with Discard(card)")
    card = move.card.index
    if not c.hands[decl] >> card & 1:
        illegal(s, move, f"{move.card} is not in the declarer's hand")
    hands = list(c.hands)
    hands[decl] ^= 1 << card
    discards = d.discards | 1 << card
    done = discards.bit_count() == GEOMETRY[c.rules.layout].discard
    return _NEW_STATE(
        _MAKE(
            _CORE,
            (
                c.rules,
                c.game,
                _CONTRACT if done else _DISCARD,
                c.to_move,
                c.winner,
                _MAKE(_DEAL, (d.musiks, discards, *d[2:])),
                tuple(hands),
                *c[7:14],
                log_plus(c.log, decl, DISCARDS[card]),
                -1,
            ),
        )
    )


# --- three-handed play: give one card to each opponent --------------------------------------


def _give_target(s: State) -> int:
    c = s._c
    decl = c.deal.declarer
    assert decl is not None
    nxt = c.rules._play.next_seat[c.game.dealer]
    # the declarer holds 10 cards before the first give, 9 before the second
    return nxt[decl] if c.hands[decl].bit_count() == 10 else nxt[nxt[decl]]


def legal_give(s: State) -> tuple[Move, ...]:
    """``Give(card, to)`` for each card in hand, to the left-hand opponent first."""
    decl = s._c.deal.declarer
    assert decl is not None
    row = _SUIT_GIVES[_give_target(s)]
    hand = s._c.hands[decl]
    return row[0][hand & 63] + row[1][hand >> 6 & 63] + row[2][hand >> 12 & 63] + row[3][hand >> 18]


def apply_give(s: State, move: Move) -> State:
    """Give one card face down; after the second the contract is named."""
    c = s._c
    decl = c.deal.declarer
    assert decl is not None
    if type(move) is not _GIVE_MOVE:
        illegal(s, move, "the declarer must give a card to each opponent with Give(card, to)")
    hand = c.hands[decl]
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
    return _NEW_STATE(
        _MAKE(
            _CORE,
            (
                c.rules,
                c.game,
                _GIVE if first else _CONTRACT,
                c.to_move,
                c.winner,
                c.deal,
                tuple(hands),
                *c[7:14],
                log_plus(c.log, decl, _GIVES[target][card]),
                -1,
            ),
        )
    )


# --- the contract and the bomb ---------------------------------------------------------------


def contract_cap(s: State) -> int:
    """The highest contract the declarer may name now (rules, section 6)."""
    c = s._c
    decl = c.deal.declarer
    assert decl is not None
    bid = c.deal.bid
    if not c.rules.contract_raise:
        return bid
    return max(bid, bid_cap(c.rules, c.hands[decl]))


def may_bomb(s: State) -> bool:
    """Whether the declarer may throw a bomb now (rules, section 6; options ``bomb*``)."""
    c = s._c
    r = c.rules
    decl = c.deal.declarer
    assert decl is not None
    bomb = r.bomb
    if bomb is _BOMB_OFF or c.game.bombs[decl] >= r.bombs_per_player:
        return False
    if bomb is _BOMB_AT_OPENING_BID:
        return c.deal.bid == r.opening_bid
    if bomb is _BOMB_UP_TO_120:
        return c.deal.bid <= 120
    return True


def legal_contract(s: State) -> tuple[Move, ...]:
    """``Contract(amount)`` ascending from the bid, then ``Bomb()`` where allowed."""
    r = s._c.rules
    step = r.bid_step
    moves: tuple[Move, ...] = r._play.contracts[s._c.deal.bid // step : contract_cap(s) // step + 1]
    if r.bomb is not _BOMB_OFF and may_bomb(s):
        moves = (*moves, BOMB)
    if r.concession:
        moves = (*moves, CONCEDE)
    return moves


def apply_contract(s: State, move: Move) -> State:
    """Name the contract and start the play, or bomb and end the deal."""
    decl = s._c.deal.declarer
    assert decl is not None
    if isinstance(move, Bomb):
        if not may_bomb(s):
            r = s.rules
            why = (
                "bombs are off (Rules.bomb)"
                if r.bomb is BombRule.OFF
                else f"seat {decl} has used its {r.bombs_per_player} bomb(s)"
                if s._bombs[decl] >= r.bombs_per_player
                else f"a bomb is not allowed at a bid of {s.bid} under {r.bomb!r}"
            )
            illegal(s, move, why)
        bombs = list(s._bombs)
        bombs[decl] += 1
        s = replace(s, bombs=tuple(bombs), log=log(s, decl, BOMB))
        return finish_deal(s, s._taken, _BOMBED)
    if isinstance(move, Concede):
        if not s.rules.concession:
            illegal(s, move, "concessions are off (Rules.concession)")
        s = replace(s, log=log(s, decl, CONCEDE))
        return finish_deal(s, s._taken, _CONCEDED)
    if not isinstance(move, Contract):
        illegal(s, move, "the declarer must name the contract with Contract(amount)")
    cap = contract_cap(s)
    c = s._c
    step = c.rules.bid_step
    a = move.amount
    bid = c.deal.bid
    if type(a) is not int or a not in range(bid, cap + 1, step):
        if isinstance(a, int) and a < bid:
            why = (
                f"the contract must be at least the bid, {bid}"
                " (see the rules, section 6 'The contract and the bomb')"
            )
        elif isinstance(a, int) and a % step == 0 and not c.rules.contract_raise:
            why = "the contract must equal the bid (Rules.contract_raise=False)"
        elif isinstance(a, int) and a % step == 0:
            why = (
                f"the contract may not exceed {cap}: 120 plus the marriages now in hand, "
                "or the bid (see the rules, section 6 'The contract and the bomb')"
            )
        else:
            why = f"contracts are multiples of {step}"
        illegal(s, move, why)
    d = c.deal
    deal = _MAKE(
        _DEAL, (d.musiks, d.discards, d.revealed, d.bid, d.bidder, d.passed, d.acted, decl, a)
    )
    return start_play(
        _NEW_STATE(
            _MAKE(
                _CORE,
                (
                    c.rules,
                    c.game,
                    _PLAY,
                    decl,
                    None,
                    deal,
                    c.hands,
                    c.stock,
                    decl,
                    (),
                    c.trump,
                    c.pending_trump,
                    c.taken,
                    c.marriages,
                    log_plus(c.log, decl, c.rules._play.contracts[a // step]),
                    c.hands[decl],  # the declarer leads: any card
                ),
            )
        )
    )
