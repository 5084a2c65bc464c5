"""The contract, the bomb and the concession."""

from __future__ import annotations

from .._rules.checks import on_ladder
from .._rules.flags import bid_cap
from .._rules.options import BombRule
from .._vocab.movecodes import AMOUNT_UNIT, log_plus
from .._vocab.moves import (
    BOMB,
    CONCEDE,
    Bomb,
    Concede,
    Contract,
    Move,
)
from .edits import illegal, log, replace
from .scoring import finish_deal
from .state import State, new_state
from .statics import (
    BOMB_RULE_AT_OPENING_BID,
    BOMB_RULE_OFF,
    BOMB_RULE_UP_TO_120,
    CORE_CLASS,
    DEAL_INFO_CLASS,
    MAKE_CORE,
    OUTCOME_BOMBED,
    OUTCOME_CONCEDED,
    PHASE_PLAY,
)
from .tricks import start_play

__all__ = [
    "apply_contract",
    "concede",
    "contract_cap",
    "legal_contract",
    "may_bomb",
]

# --- the contract and the bomb ---------------------------------------------------------------


def concede(s: State) -> State:
    """The declarer concedes (*rospisat'*): the deal ends and is scored as conceded."""
    decl = s._c.deal.declarer
    assert decl is not None
    s = replace(s, log=log(s, decl, CONCEDE))
    return finish_deal(s, s._taken, OUTCOME_CONCEDED)


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
    if bomb is BOMB_RULE_OFF or c.game.bombs[decl] >= r.bombs_per_player:
        return False
    if bomb is BOMB_RULE_AT_OPENING_BID:
        return c.deal.bid == r.opening_bid
    if bomb is BOMB_RULE_UP_TO_120:
        return c.deal.bid <= 120
    return True


def legal_contract(s: State) -> tuple[Move, ...]:
    """``Contract(amount)`` ascending from the bid, then ``Bomb()`` where allowed."""
    r = s._c.rules
    f = r._play
    at = f.ladder_at
    moves: tuple[Move, ...] = f.ladder_contracts[
        at[s._c.deal.bid // AMOUNT_UNIT] : at[contract_cap(s) // AMOUNT_UNIT + 1]
    ]
    if r.bomb is not BOMB_RULE_OFF and may_bomb(s):
        moves = (*moves, BOMB)
    if f.concede_in_contract:
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
        return finish_deal(s, s._taken, OUTCOME_BOMBED)
    if isinstance(move, Concede):
        if not s.rules.concession:
            illegal(s, move, "concessions are off (Rules.concession)")
        if not s.rules._play.concede_in_contract:
            illegal(
                s,
                move,
                "the declarer concedes before giving or putting away a card "
                "(Rules.concession_timing=ConcessionTiming.BEFORE_GIVES)",
            )
        return concede(s)
    if not isinstance(move, Contract):
        illegal(s, move, "the declarer must name the contract with Contract(amount)")
    cap = contract_cap(s)
    c = s._c
    a = move.amount
    bid = c.deal.bid
    if type(a) is not int or not bid <= a <= cap or not on_ladder(c.rules, a):
        if isinstance(a, int) and a < bid:
            why = (
                f"the contract must be at least the bid, {bid}"
                " (see the rules, section 6 'The contract and the bomb')"
            )
        elif isinstance(a, int) and on_ladder(c.rules, a) and not c.rules.contract_raise:
            why = "the contract must equal the bid (Rules.contract_raise=False)"
        elif isinstance(a, int) and on_ladder(c.rules, a):
            why = (
                f"the contract may not exceed {cap}: 120 plus the marriages now in hand, "
                "or the bid (see the rules, section 6 'The contract and the bomb')"
            )
        elif c.rules.high_bid_step is None:
            why = f"contracts are multiples of {c.rules.bid_step}"
        else:
            why = (
                f"contracts are multiples of {c.rules.bid_step}, and of "
                f"{c.rules.high_bid_step} from {c.rules.high_bids_from} (Rules.high_bid_step)"
            )
        illegal(s, move, why)
    d = c.deal
    deal = MAKE_CORE(
        DEAL_INFO_CLASS,
        (d.musiks, d.discards, d.revealed, d.bid, d.bidder, d.passed, d.acted, decl, a),
    )  # (musiks, discards, revealed, bid, bidder, passed, acted, declarer, contract)
    return start_play(
        new_state(
            MAKE_CORE(
                CORE_CLASS,
                (
                    c.rules,
                    c.game,
                    PHASE_PLAY,  # phase
                    decl,  # to_move
                    None,  # winner
                    deal,
                    c.hands,
                    c.stock,
                    decl,  # leader
                    (),  # trick
                    c.trump,
                    c.pending_trump,
                    c.taken,
                    c.marriages,
                    log_plus(c.log, decl, c.rules._play.contracts[a // c.rules.bid_step]),  # log
                    c.hands[decl],  # play_mask: the declarer leads, any card
                ),
            )
        )
    )
