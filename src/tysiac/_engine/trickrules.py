"""Pure trick rules on integers: which cards may be played, who wins, who may declare.

Shared by the play phase and the claim search, so both apply the same rules.
"""

from __future__ import annotations

from .._rules.flags import PlayFlags
from .._vocab.masks import ABOVE, ACE, ACES, KING, PAIR_MASK, QUEEN, SUIT_MASK

__all__ = [
    "beats",
    "can_meld_aces",
    "can_meld_on_lead",
    "can_meld_on_someone",
    "declarer_pos",
    "play_mask",
    "trick_winner",
]


def play_mask(
    hand: int, trick: tuple[int, ...], trump: int, f: PlayFlags, declarer_pos: int = -1
) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (rules, section 7).

    ``declarer_pos``: the position in ``trick`` of the declarer's card where the rule
    ``overtrump_declarer`` binds the seat to play (:func:`declarer_pos`), else -1.
    """
    if not trick:
        return hand
    led = trick[0] // 6
    win = trick[0]
    wi = 0
    for i in range(1, len(trick)):  # not trick[1:]: no slice to allocate
        c = trick[i]
        if c // 6 == win // 6:
            if c > win:
                win = c
                wi = i
        elif c // 6 == trump:
            win = c
            wi = i
    follow = hand & SUIT_MASK[led]
    if follow:
        if f.must_beat and win // 6 == led:
            up = follow & ABOVE[win]
            if up and f.play_highest:
                return 1 << (up.bit_length() - 1)  # the highest card of the suit
            return up or follow
        return follow
    if wi == declarer_pos and win // 6 == trump:
        # a defender overtrumps the declarer's winning trump when it can (Decision 24)
        up = hand & ABOVE[win]
        if up:
            return 1 << (up.bit_length() - 1) if f.play_highest else up
    if f.must_trump and trump >= 0:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            if f.play_highest:
                top = 1 << (trumps.bit_length() - 1)  # the highest trump
                if win // 6 != trump or top > 1 << win or not f.must_beat:
                    return top
                return top if f.trump_when_cannot_overtrump else hand
            if win // 6 != trump:
                return trumps
            up = trumps & ABOVE[win] if f.must_beat else trumps
            if up:
                return up
            return trumps if f.trump_when_cannot_overtrump else hand
    return hand


def declarer_pos(f: PlayFlags, dealer: int, leader: int, declarer: int | None, played: int) -> int:
    """The position of the declarer's card in a trick of ``played`` cards led by ``leader``,
    where the rule ``overtrump_declarer`` binds the seat to play next (a defender: the
    declarer has played); else -1.  The ``declarer_pos`` of :func:`play_mask`."""
    if not f.overtrump_declarer or declarer is None:
        return -1
    seats = f.trick_seats[dealer][leader]
    if seats[played] == f.partners[declarer]:
        return -1  # the declarer's partner plays with it (partnerships), not as a defender
    for k in range(played):
        if seats[k] == declarer:
            return k
    return -1


def trick_winner(trick: tuple[int, ...], trump: int) -> int:
    """The position in ``trick`` of the winning card: the highest trump, else the highest
    card of the led suit (``trump``: the trump suit, -1 for none).  The one trick-winner
    rule: the engine, the claim test, the knowledge scan and the bots all use it."""
    win, wi = trick[0], 0
    for i in range(1, len(trick)):
        c = trick[i]
        if c // 6 == win // 6:
            if c > win:
                win, wi = c, i
        elif c // 6 == trump:
            win, wi = c, i
    return wi


def can_meld_on_lead(hand: int, card: int, first_trick: bool, f: PlayFlags) -> bool:
    """Whether leading ``card`` from ``hand`` declares (or may declare) a marriage.

    See the rules, section 8 'Marriages and trump'.
    """
    rank = card % 6
    if rank != QUEEN and (rank != KING or f.queen_only):
        return False
    if first_trick and not f.meld_first_trick:
        return False
    pair = PAIR_MASK[card // 6]
    return hand & pair == pair


def can_meld_aces(hand: int, card: int, first_trick: bool, f: PlayFlags) -> bool:
    """Whether leading ``card`` from ``hand`` declares (or may declare) the ace marriage: an
    ace led from all four, where a marriage could be declared on this trick.

    See the rules, section 15 'The Russian end game and the preset "ru"'.
    """
    return (
        f.ace_marriage
        and card % 6 == ACE
        and hand & ACES == ACES
        and (f.meld_first_trick or not first_trick)
    )


def can_meld_on_someone(trick: tuple[int, ...], card: int, first_trick: bool, f: PlayFlags) -> bool:
    """Four players, all playing: a king played right after its queen declares "on someone"."""
    if not f.on_someone or not trick or (first_trick and not f.meld_first_trick):
        return False
    prev = trick[-1]
    return prev % 6 == QUEEN and card == prev + 1


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` played now beats ``best``, the card winning the trick so far (the
    rule of :func:`trick_winner`; ``trump`` -1 for none)."""
    return trick_winner((best, card), trump) == 1
