"""Trick play: the hot path.  Cards are ints, hands are masks; only the result is a ``State``."""

from __future__ import annotations

from .._rules.flags import PlayFlags
from .._vocab.cards import CARDS
from .._vocab.masks import ABOVE, ACE, ACE_MARRIAGE, MARRIAGE_RANKS, SUIT_MASK, bits
from .._vocab.movecodes import CODE_BITS, MELD_CODE, SEAT_BITS
from .._vocab.moves import CLAIM, MELDS, PLAYS, Claim, Move, Play
from .claim import claim_line, outstanding
from .edits import illegal, log, replace
from .scoring import finish_deal
from .state import NATIVE, State, new_object, new_state, set_core
from .statics import (
    CORE_CLASS,
    MAKE_CORE,
    OUTCOME_CLAIMED,
    OUTCOME_PLAYED,
    PLAY_CLASS,
    PLAYS_BY_SUIT,
)
from .trickrules import (
    can_meld_aces,
    can_meld_on_lead,
    can_meld_on_someone,
    declarer_pos,
    play_mask,
    trick_winner,
)

__all__ = [
    "apply_play",
    "legal_play",
    "start_play",
]


def _mask(s: State) -> int:
    """The cards the seat to move may play (``s``: a state in the play)."""
    c = s._c
    p = c.to_move
    assert p is not None and c.leader is not None
    hand = c.hands[p]
    trick = c.trick
    f = c.rules._play
    if not trick or (c.stock and f.free_while_stock):
        return hand  # a lead; or the draw layouts: while the stock lasts any card may be played
    at = declarer_pos(f, c.game.dealer, c.leader, c.deal.declarer, len(trick))
    return play_mask(hand, trick, c.trump, f, at)


def _line(s: State) -> tuple[tuple[int, bool], ...] | None:
    """The declarer's certain line, judged on its own knowledge (see ``_claim``), or None."""
    c = s._c
    decl = c.deal.declarer
    if c.trick or c.to_move != decl or c.stock or decl is None:
        return None
    hand = c.hands[decl]
    out = outstanding(hand, c.taken, c.deal.discards)
    return claim_line(c.rules._play, hand, out, c.trump, not any(c.taken))


def _may_claim(s: State) -> bool:
    """Whether the seat to move, on lead (the callers test that, and ``f.claim``), is the
    declarer with a certain line: the cheap test first, most leads are not the declarer's."""
    c = s._c
    return c.to_move == c.deal.declarer and _line(s) is not None


def legal_play(s: State) -> tuple[Move, ...]:
    """Legal plays in card order (a declaring ``meld=True`` play after its plain one), then
    ``Claim()`` where allowed."""
    c = s._c
    f = c.rules._play
    mask = c.play_mask  # known, except in states made by replace()
    if mask < 0:
        mask = _mask(s)
    if not f.optional:
        plays = (
            PLAYS_BY_SUIT[0][mask & 63]
            + PLAYS_BY_SUIT[1][mask >> 6 & 63]
            + PLAYS_BY_SUIT[2][mask >> 12 & 63]
            + PLAYS_BY_SUIT[3][mask >> 18]
        )
        if f.claim and not c.trick and _may_claim(s):
            return (*plays, CLAIM)
        return plays
    p = c.to_move
    assert p is not None
    hand = c.hands[p]
    trick = c.trick
    moves: list[Move] = []
    first = not any(c.taken)
    for card in bits(mask):
        moves.append(PLAYS[card])
        if (
            (can_meld_on_lead(hand, card, first, f) or can_meld_aces(hand, card, first, f))
            if not trick
            else can_meld_on_someone(trick, card, first, f)
        ):
            moves.append(MELDS[card])
    if f.claim and not trick and _may_claim(s):
        moves.append(CLAIM)
    return tuple(moves)


def _explain(s: State, hand: int, card: int) -> str:
    if not hand >> card & 1:
        return f"{CARDS[card]} is not in seat {s.to_move}'s hand"
    trick = s._trick
    led = trick[0] // 6
    f = s.rules._play
    if hand & SUIT_MASK[led]:
        if card // 6 != led:
            return (
                "the led suit must be followed (see the rules, section 7 'Trick play'):"
                f" play a {CARDS[trick[0]].suit!r}"
            )
        return (
            "a card of the led suit that beats the winning card must be played when there is"
            " one (see the rules, section 7 'Trick play'; Rules.must_beat)"
        )
    trump = s._trump
    w = trick_winner(trick, trump)
    if (
        trick[w] // 6 == trump
        and s._c.leader is not None
        and declarer_pos(f, s._c.game.dealer, s._c.leader, s.declarer, len(trick)) == w
        and hand & ABOVE[trick[w]]
    ):
        return (
            "a defender void in the led suit must overtrump the declarer's trump when it can "
            "(see the rules, section 7 'Trick play'; Rules.overtrump_declarer)"
        )
    if f.must_trump and trump >= 0 and hand & SUIT_MASK[trump]:
        return (
            "a player void in the led suit must play a trump, beating the highest trump in "
            "the trick when possible (see the rules, section 7 'Trick play'; Rules.must_trump)"
        )
    return "this card may not be played here (see the rules, section 7 'Trick play')"


def _no_meld(card: int, can: bool, led: bool, f: PlayFlags) -> str:
    """Why playing ``card`` (``led``: to an empty trick) with ``meld=True`` is illegal;
    ``can``: the play would declare."""
    if can:
        return "declarations are automatic (Rules.declaration): play without meld=True"
    rank = card % 6
    if MARRIAGE_RANKS >> rank & 1:
        return (
            f"{CARDS[card]} declares no marriage here (see the rules, section 8 'Marriages and"
            " trump')"
        )
    if rank == ACE and led and f.ace_marriage:
        return (
            f"{CARDS[card]} declares no ace marriage here: it needs all four aces in hand, on a"
            " trick where a marriage may be declared (see the rules, section 15 'The Russian"
            ' end game and the preset "ru"\')'
        )
    return (
        f"{CARDS[card]} declares no marriage: only a king or a queen can"
        + (", or an ace led from all four (Rules.ace_marriage)" if f.ace_marriage else "")
        + " (see the rules, section 8 'Marriages and trump')"
    )


def start_play(s: State) -> State:
    """``s``, the first state of the play (the declarer to lead), after an automatic claim."""
    return _auto_claim(s) if s._c.rules._play.auto_claim else s


def _auto_claim(s: State) -> State:
    line = _line(s)
    return s if line is None else _claim(s, line)


def _claim(s: State, line: tuple[tuple[int, bool], ...]) -> State:
    """The declarer lays the hand down: it takes every remaining card and scores every
    marriage it holds, declared in the order of its certain line (the rules, section 9)."""
    decl = s.declarer
    assert decl is not None
    taken = list(s._taken)
    for h in s._hands:
        taken[decl] |= h
    declared = tuple(
        (decl, ACE_MARRIAGE if card % 6 == ACE else card // 6)
        for card, declares in line
        if declares
    )
    s = replace(
        s,
        hands=(0,) * s.rules.players,
        marriages=(*s._marriages, *declared),
        log=log(s, decl, CLAIM),
    )
    return finish_deal(s, tuple(taken), OUTCOME_CLAIMED, decl)


def apply_play(s: State, move: Move) -> State:
    """Play a card (or claim); close the trick, draw from the stock and score when due."""
    if type(move) is not PLAY_CLASS:
        if isinstance(move, Claim):
            if not s.rules.claim:
                illegal(s, move, "claims are off (Rules.claim=False)")
            line = _line(s)
            if line is None:
                illegal(
                    s,
                    move,
                    "the declarer may claim only on their lead, with the stock empty, when "
                    "certain from their own cards to take every remaining trick (see the "
                    'rules, section 9 "The claim")',
                )
            return _claim(s, line)
        if not isinstance(move, Play):
            illegal(s, move, "in the play phase a move is Play(card) (or Claim())")
    (  # the Core's fields, by name (one unpack: the cheapest read of all of them)
        rules,
        game,
        phase,
        p,  # to_move
        winner,
        deal,
        hands_,
        stock,
        leader,
        trick,
        trump,
        pending,  # pending_trump
        taken_,
        marriages,
        log_,
        mask,  # play_mask
    ) = s._c
    assert p is not None
    f = rules._play
    code = move._code  # the card's index, plus MELD_CODE for a declaring play
    meld = code >= MELD_CODE
    card = code - MELD_CODE if meld else code
    hand = hands_[p]
    if mask < 0:
        mask = _mask(s)
    if not mask >> card & 1:
        illegal(s, move, _explain(s, hand, card))
    hands = list(hands_)
    hands[p] = hand ^ (1 << card)
    can = False  # whether the card declares (or, optionally, may declare) here
    if not trick:  # a lead: it may declare a marriage, or the ace marriage
        if MARRIAGE_RANKS >> card % 6 & 1:
            can = can_meld_on_lead(hand, card, not any(taken_), f)
        elif card % 6 == ACE and f.ace_marriage:
            can = can_meld_aces(hand, card, not any(taken_), f)
    elif f.on_someone:  # a follow declares only "on someone" (four players)
        can = can_meld_on_someone(trick, card, not any(taken_), f)
    if meld or can:
        if meld and not (can and f.optional):
            illegal(s, move, _no_meld(card, can, not trick, f))
        if meld or not f.optional:  # (here meld implies can)
            if card % 6 == ACE:
                marriages = (*marriages, (p, ACE_MARRIAGE))  # no trump: see the rules, 15
            else:
                suit = card // 6
                marriages = (*marriages, (p, suit))
                if f.trump_next:
                    pending = suit
                else:
                    trump = suit
    trick = trick + (card,)  # noqa: RUF005  (one concatenation: cheaper than (*trick, card))
    logged = log_ << CODE_BITS | (code << SEAT_BITS | p)  # the small part first: one big-int op
    if len(trick) < f.active:
        q = f.next_seat[game.dealer][p]
        nxt_hand = hands[q]
        # the next player's legal cards, computed once here for legal_moves and apply
        if not (stock and f.free_while_stock):
            at = -1
            if f.overtrump_declarer and leader is not None:
                at = declarer_pos(f, game.dealer, leader, deal.declarer, len(trick))
            nxt_hand = play_mask(nxt_hand, trick, trump, f, at)
        core = MAKE_CORE(
            CORE_CLASS,
            (
                rules,
                game,
                phase,
                q,  # to_move
                winner,
                deal,
                tuple(hands),  # hands
                stock,
                leader,
                trick,
                trump,
                pending,  # pending_trump
                taken_,  # taken
                marriages,
                logged,  # log
                nxt_hand,  # play_mask
            ),
        )
        if NATIVE:  # compiled: one C call
            return new_state(core)
        nxt_state = new_object(State)  # pure: new_state() inlined, two calls in C
        set_core(nxt_state, core)
        return nxt_state
    # the trick is complete
    assert leader is not None
    w = f.trick_seats[game.dealer][leader][trick_winner(trick, trump)]
    taken = list(taken_)
    taken[w] |= (
        (1 << trick[0])
        | (1 << trick[1])
        | (1 << trick[-1])
        | ((1 << trick[2]) if len(trick) == 4 else 0)
    )
    if pending >= 0:
        trump, pending = pending, -1
    if stock:  # the winner draws first, then the others in turn
        for k, seat in enumerate(f.trick_seats[game.dealer][w]):
            hands[seat] |= 1 << stock[k]
        stock = stock[f.active :]
    core = MAKE_CORE(
        CORE_CLASS,
        (
            rules,
            game,
            phase,
            w,  # to_move
            winner,
            deal,
            tuple(hands),  # hands
            stock,
            w,  # leader
            (),  # trick
            trump,
            pending,  # pending_trump
            tuple(taken),  # taken
            marriages,
            logged,  # log
            hands[w],  # play_mask: a lead, any card of the hand
        ),
    )
    if NATIVE:
        out = new_state(core)
    else:
        out = new_object(State)
        set_core(out, core)
    if not hands[w]:  # that was the last trick
        return finish_deal(out, out._c.taken, OUTCOME_PLAYED, w)
    if f.auto_claim and w == deal.declarer:
        return _auto_claim(out)
    return out
