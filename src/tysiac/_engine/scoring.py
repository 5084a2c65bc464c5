"""The end of a deal: totals, the contract, rounding, barrel and caps, the winner, the next deal."""

from __future__ import annotations

from operator import add
from typing import Final

from .._rules.rules import Rules
from .._vocab.cards import Suit, mask_cards
from .._vocab.dealing import shuffled_deck
from .._vocab.masks import ACE_MARRIAGE, mask_points
from .._vocab.movecodes import last_bid_blind
from .core import Phase
from .edits import replace
from .endgame import Tallies, russian_barrel, settle
from .history import ScoreSheet
from .pairs import pair_deltas, settle_pairs
from .points import (
    bomb_gain,
    concession_gain,
    defender_gain,
    round_defender,
    sitter_cards,
    sitter_score,
)
from .results import DealResult, Outcome
from .start import start_deal
from .state import State
from .statics import (
    LAYOUT_FOUR_SITTER,
    OUTCOME_BOMBED,
    OUTCOME_CLAIMED,
    OUTCOME_CONCEDED,
    OUTCOME_PLAYED,
    OUTCOME_REDEALT,
)

__all__ = [
    "SUITS",
    "deal_result",
    "finish_deal",
    "uses_tallies",
]

SUITS: Final = tuple(Suit)
_ADD: Final = add


def finish_deal(
    s: State, taken: tuple[int, ...], outcome: Outcome, last_winner: int | None = None
) -> State:
    """Score the deal that ``s`` ends with and return the next deal's first state (or the end).

    ``taken`` is every seat's pile; cards still out of play (the unchosen musik and the
    discards of the two-player layouts) go to ``last_winner``, who took the last trick.
    """
    row, piles, moved = deal_result(s, taken, outcome, last_winner)
    c = s._c
    r = c.rules
    game = c.game
    deal = c.deal
    sheet = game.sheet.plus(row)
    history = game.history.plus(c.log)
    scores = row.scores
    winner = _winner(r, scores, row.declarer, r._play.active_seats[game.dealer])
    if winner is not None:
        return replace(
            s,
            # the leftover cards now lie in the last trick's pile (a bombed deal keeps them)
            discards=0 if moved else deal.discards,
            musiks=() if moved else deal.musiks,
            scores=scores,
            sheet=sheet,
            history=history,
            phase=Phase.GAME_OVER,
            to_move=None,
            winner=winner,
            taken=piles,
            trick=(),
            leader=None,
        )
    number = game.deal_number + 1
    return start_deal(
        r,
        game.seed,
        number,
        (game.dealer + 1) % r.players,
        scores,
        game.bombs,
        sheet,
        shuffled_deck(game.seed, number),
        history,
    )


def deal_result(
    s: State, taken: tuple[int, ...], outcome: Outcome, last_winner: int | None = None
) -> tuple[DealResult, tuple[int, ...], bool]:
    """The score-sheet row of the deal that ``s`` ends with, every seat's final pile, and
    whether the leftover cards went to ``last_winner`` (see :func:`finish_deal`)."""
    c = s._c
    r = c.rules
    game = c.game
    deal = c.deal
    n = r.players
    piles = list(taken)
    leftover = deal.discards | sum(deal.musiks)
    moved = False
    if leftover and last_winner is not None:
        piles[last_winner] |= leftover
        moved = True
    cards = [mask_points(m) for m in piles]
    if c.marriages:
        values = (*r.marriage_values, r.ace_marriage or 0)  # by suit, then the ace marriage
        melded = cards[:]
        for seat, suit in c.marriages:
            melded[seat] += values[suit]
        totals = tuple(melded)
    else:
        totals = tuple(cards)
    deltas = [0] * n
    decl = deal.declarer
    before = game.scores
    seats = r._play.active_seats[game.dealer]
    shown = 0
    if r.partnerships:
        sitter = -1
        musik = 0
        if r.layout is LAYOUT_FOUR_SITTER:
            sitter = game.dealer
            for card in game.deck[21:24]:
                musik |= 1 << card
            shown = sitter_cards(musik)  # the sitter shows what it scores
        by_pair = pair_deltas(
            r,
            before,
            totals,
            cards,
            -1 if decl is None else decl,
            outcome,
            deal.bid,
            deal.contract,
            sitter,
            sitter_score(r, musik) if sitter >= 0 else 0,
        )
        deltas = [by_pair[i % 2] for i in range(n)]
    elif decl is None:  # the draw game: everyone scores their own total, no barrel, no cap
        for i in seats:
            deltas[i] = round_defender(r, totals[i])
    else:
        if outcome is OUTCOME_BOMBED:
            gain = bomb_gain(r, deal.bid)
            for i in seats:
                if i != decl:
                    deltas[i] = defender_gain(r, before[i], gain)
        elif outcome is OUTCOME_CONCEDED:
            gain = concession_gain(r, deal.bid)
            deltas[decl] = -deal.bid
            for i in seats:
                if i != decl:
                    deltas[i] = defender_gain(r, before[i], gain)
        else:
            contract = deal.contract
            assert contract is not None
            own = round_defender(r, totals[decl]) if r.declarer_rounded else totals[decl]
            deltas[decl] = contract if own >= contract else -contract
            for i in seats:
                if i != decl:
                    raw = totals[i] if r.defender_marriages_count else cards[i]
                    deltas[i] = defender_gain(r, before[i], round_defender(r, raw))
        if r.layout is LAYOUT_FOUR_SITTER:
            sitter = game.dealer
            musik = 0
            for card in game.deck[21:24]:
                musik |= 1 << card
            deltas[sitter] = defender_gain(r, before[sitter], sitter_score(r, musik))
            shown = sitter_cards(musik)  # the sitter shows what it scores
    if decl is not None and r.blind_bids and last_bid_blind(c.log, decl):
        deltas[decl] *= 2  # a blind declarer's contract counts double, won or lost
        if r.partnerships:
            deltas[(decl + 2) % 4] = deltas[decl]  # the pair's one score
    made = None
    if decl is not None and (outcome is OUTCOME_PLAYED or outcome is OUTCOME_CLAIMED):
        made = deltas[decl] > 0
    dealt = tuple(deltas)
    bolts: tuple[int, ...] = ()
    barrel: tuple[int, ...] = ()
    concessions: tuple[int, ...] = ()
    deal_deltas: tuple[int, ...] = ()
    falls: tuple[int, ...] = ()
    no_wins: tuple[int, ...] = ()
    if uses_tallies(r):
        prev = _last_row(game.sheet)
        tallies = Tallies.start(n) if prev is None else _tallies(prev, n)
        amount = deal.bid if outcome is OUTCOME_CONCEDED else deal.contract
        conceded = outcome is OUTCOME_CONCEDED
        if r.partnerships:  # the end game played by pairs (Decision 22)
            settled = settle_pairs(
                r, before, deltas, decl, amount, made, seats, taken, conceded, tallies
            )
        else:
            took = [bool(m) for m in taken]
            settled = settle(r, before, deltas, decl, amount, made, seats, took, conceded, tallies)
        deltas = list(settled.deltas)
        t = settled.tallies
        deal_deltas = dealt
        if r.bolt_penalty is not None:
            bolts = t.bolts
        if russian_barrel(r):
            barrel = t.barrel
        if r.concession:
            concessions = t.concessions
        if r.barrel_reset_every is not None:
            falls = t.falls
        if r.no_win_deals is not None:
            no_wins = t.streaks
    scores = tuple(map(_ADD, before, deltas))
    aces = None
    declared = []
    if c.marriages:
        for seat, suit in c.marriages:
            if suit == ACE_MARRIAGE:
                aces = seat
            else:
                declared.append((seat, SUITS[suit]))
    row = DealResult(  # every field by position: the fast way to call attrs' __init__
        game.deal_number,
        game.dealer,
        outcome,
        decl,
        deal.contract
        if not (outcome is OUTCOME_BOMBED or outcome is OUTCOME_CONCEDED)
        else deal.bid,
        totals,
        tuple(declared),
        tuple(deltas),
        scores,
        mask_cards(shown) if shown else (),
        bolts,
        barrel,
        concessions,
        deal_deltas,
        aces,
        falls,
        no_wins,
    )
    return row, tuple(piles), moved


def uses_tallies(r: Rules) -> bool:
    """Whether the rules keep running tallies on the score sheet (the Russian end game)."""
    return (
        r.bolt_penalty is not None
        or russian_barrel(r)
        or r.concession
        or bool(r.dump_scores)
        or r.no_win_deals is not None
    )


def _last_row(sheet: ScoreSheet) -> DealResult | None:
    """The newest row of the score sheet that carries the tallies (a redeal's row does
    not), or None."""
    for k in range(len(sheet) - 1, -1, -1):
        row = sheet[k]
        if row.outcome is not OUTCOME_REDEALT:
            return row
    return None


def _tallies(row: DealResult, n: int) -> Tallies:
    start = Tallies.start(n)
    return Tallies(
        row.bolts or start.bolts,
        row.barrel_deals or start.barrel,
        row.concessions or start.concessions,
        row.barrel_falls or start.falls,
        row.no_wins or start.streaks,
    )


def _winner(
    r: Rules, scores: tuple[int, ...], decl: int | None, seats: tuple[int, ...]
) -> int | None:
    """Who won, if anyone reached the target: the highest score; ties go to the declarer,
    then to the seat nearest the dealer's left."""
    if max(scores) < r.target:
        return None
    over = [i for i in range(r.players) if scores[i] >= r.target]
    if not over:
        return None
    order = [i for i in seats if i in over] + [i for i in over if i not in seats]
    return max(order, key=lambda i: (scores[i], i == decl, -order.index(i)))
