""":class:`LegacyGreedyBot`: the first heuristic player, frozen as the benchmarks' yardstick.

It was ``tysiac.bots.GreedyBot`` before :class:`~tysiac.bots.HeuristicBot` took that name,
then ``tysiac.bots.LegacyGreedyBot``; it lives here, beside the strength benchmark that
measures the library's bots against it (``python benchmarks/strength.py heuristic-legacy``),
and is not part of the library.  Its code is kept as it was so that strength figures can be
compared over time; it reads the library's private bot helpers, as a benchmark may.  The
tests import it (with this folder on ``sys.path``) for the terminal game's golden files.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol

from tysiac import (
    Bid,
    Bomb,
    Card,
    ChooseMusik,
    Claim,
    Contract,
    Declaration,
    Discard,
    Give,
    Layout,
    MarriageCards,
    Move,
    Pass,
    Phase,
    Play,
    Rank,
    Redeal,
    Rules,
    Suit,
    View,
)
from tysiac.bots._protocol import check_seed, check_view

__all__ = ["LegacyGreedyBot"]


# --- card evaluation ---------------------------------------------------------------------

_SUITS: Final = tuple(Suit)
_LAYOUT_MARGIN: Final = {
    # what a declarer expects to gain from the musik after giving away or discarding cards
    Layout.THREE: 15,
    Layout.FOUR_SITTER: 15,
    Layout.TWO_CLASSIC: 10,
    Layout.TWO_MUSIKS_OF_THREE: 15,
    Layout.TWO_NO_MUSIK: 0,
    Layout.TWO_DRAW: 0,
    Layout.TWO_OPEN_MUSIK: 0,  # the open musik is counted as part of the hand
    Layout.FOUR_ALL_PLAY: 0,
}


def _active(rules: Rules) -> int:
    """The number of cards in a complete trick."""
    layout = rules.layout
    return 3 if layout in (Layout.THREE, Layout.FOUR_SITTER) else rules.players


def _pair_in(cards: frozenset[Card] | set[Card], suit: Suit) -> bool:
    return Card(suit, Rank.KING) in cards and Card(suit, Rank.QUEEN) in cards


def _held_marriages(rules: Rules, hand: Sequence[Card]) -> list[Suit]:
    cards = frozenset(hand)
    return sorted(
        (s for s in _SUITS if _pair_in(cards, s)),
        key=lambda s: rules.marriage_values[s],
        reverse=True,
    )


def _estimate(rules: Rules, hand: Sequence[Card], gone: frozenset[Card] = frozenset()) -> int:
    """What a declarer holding ``hand`` can expect to score: tricks plus marriages.

    Each card on top of an unbroken run from the ace (cards in ``gone`` are out of play)
    counts as a trick won: its points plus the cheap cards the others throw on it.  Held
    marriages count in full; the suit of the best one becomes trump, so its other cards
    win some late tricks too.
    """
    cards = frozenset(hand)
    capture = 3 * (_active(rules) - 1)
    marriages = _held_marriages(rules, hand)
    total = 0
    for suit in _SUITS:
        mine = sorted((c for c in cards if c.suit is suit), key=lambda c: -c.rank)
        run = True
        rank = Rank.ACE
        for card in mine:
            # skip over ranks that are out of play: they no longer beat my card
            while rank > card.rank and Card(suit, rank) in gone:
                rank = Rank(rank - 1)
            run = run and card.rank == rank
            if run:
                total += card.points + capture
                rank = Rank(max(rank - 1, 0))
            elif marriages and suit is marriages[0]:
                # long trumps win once the others have run out of them
                total += card.points + capture // 2
    values = [rules.marriage_values[s] for s in marriages]
    if values:
        total += values[0] + sum(v // 2 for v in values[1:])
    return total


#: How far below its estimate LegacyGreedyBot names the contract: failing costs twice as much as
#: the raise gains.
_CONTRACT_SAFETY = 30


def _round_down(amount: int, step: int) -> int:
    return amount - amount % step


class LegacyGreedyBot:
    """The first heuristic player (``GreedyBot`` before HeuristicBot), kept unchanged.

    It is the baseline of the strength benchmark: :class:`~tysiac.bots.HeuristicBot`
    replaced it as ``GreedyBot``.  It fails about half of its contracts.

    - **Auction**: estimates its hand (card points of the top cards of each suit and the
      cheap cards they capture, plus held marriages, plus a margin for the musik) and keeps
      bidding the smallest raise while that raise does not exceed the estimate; the legal
      bids already respect the bid cap.  With a hand weak enough for a redeal and an
      estimate below the opening bid, it asks for a redeal.
    - **Musik**: blind choice between two face-down musiks (seeded); gives away or discards
      its lowest-value cards, never a half of a marriage it holds.
    - **Contract**: the bid, or more when the estimate of the hand it now holds allows.  It
      bombs (where allowed) only when that estimate is far below the bid.
    - **Play**: leads a marriage card when it holds the pair and the lead declares it,
      otherwise its best sure winner (aces, then tens once the ace is gone), otherwise its
      cheapest card; following, it plays the cheapest card that wins the trick if it has
      one (a card that cannot be beaten later when it is not last to play), otherwise its
      cheapest legal card.  It claims when a claim is offered and no marriage is left to
      declare.

    Args:
        seed: seeds the bot's own :class:`random.Random` (used for the blind musik choice);
            given the same seed and the same views the bot makes the same moves.

    Example:
        >>> from tysiac import new_game, observe
        >>> state = new_game(seed=7)
        >>> LegacyGreedyBot(seed=1).choose(observe(state, state.to_move))
        Bid(100)
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = check_seed("LegacyGreedyBot", seed)
        self._rng = random.Random(self.seed)

    def __repr__(self) -> str:
        return f"LegacyGreedyBot(seed={self.seed!r})"

    def reseed(self, seed: int) -> None:
        """Start the bot's random choices afresh from ``seed`` (tournaments call this)."""
        self.seed = check_seed("LegacyGreedyBot", seed)
        self._rng = random.Random(self.seed)

    def choose(self, view: View) -> Move:
        """The heuristic's move in the position ``view`` shows."""
        moves = check_view("LegacyGreedyBot", view).legal_moves
        phase = view.phase
        if phase is Phase.AUCTION:
            return self._bid(view, moves)
        if phase is Phase.CHOOSE_MUSIK:
            return self._rng.choice([m for m in moves if isinstance(m, ChooseMusik)])
        if phase is Phase.GIVE or phase is Phase.DISCARD:
            return self._give(view, moves)
        if phase is Phase.CONTRACT:
            return self._contract(view, moves)
        return self._play(view, moves)

    # --- auction and contract ---------------------------------------------------------

    def _bid(self, view: View, moves: tuple[Move, ...]) -> Move:
        rules = view.rules
        hand = list(view.hand)
        if rules.layout is Layout.TWO_OPEN_MUSIK:
            hand.extend(c for c in view.musik if c not in hand)
        estimate = _estimate(rules, hand) + _LAYOUT_MARGIN[rules.layout]
        bids = [m for m in moves if isinstance(m, Bid)]
        if any(isinstance(m, Redeal) for m in moves) and estimate < rules.opening_bid:
            return Redeal()
        if view.bid == 0:
            return bids[0]  # the forced opening bid
        if bids and bids[0].amount <= estimate:
            return bids[0]
        return Pass()

    def _contract(self, view: View, moves: tuple[Move, ...]) -> Move:
        estimate = _estimate(view.rules, view.hand)
        contracts = [m for m in moves if isinstance(m, Contract)]
        if Bomb() in moves and estimate < view.bid - 30:
            return Bomb()
        goal = max(view.bid, _round_down(estimate - _CONTRACT_SAFETY, view.rules.bid_step))
        best = contracts[0]
        for m in contracts:
            if m.amount <= goal:
                best = m
        return best

    # --- giving and discarding --------------------------------------------------------

    def _give(self, view: View, moves: tuple[Move, ...]) -> Move:
        hand = frozenset(view.hand)
        trump_suits = set(_held_marriages(view.rules, view.hand))

        def keep_value(move: Move) -> tuple[int, int]:
            assert isinstance(move, Give | Discard)
            card = move.card
            value = card.points
            if card.suit in trump_suits and card.is_marriage_card:
                value += 200  # never break a marriage
            elif card.rank is Rank.TEN and Card(card.suit, Rank.ACE) not in hand:
                value -= 4  # an unguarded ten is likely to fall to the ace
            # prefer emptying short suits: a void lets one trump later
            length = sum(1 for c in hand if c.suit is card.suit)
            return (value * 10 + length, card.index)

        return min(moves, key=keep_value)

    # --- trick play -------------------------------------------------------------------

    def _play(self, view: View, moves: tuple[Move, ...]) -> Move:
        rules = view.rules
        hand = frozenset(view.hand)
        if Claim() in moves and not any(_pair_in(hand, s) for s in _SUITS):
            return Claim()
        plays = [m for m in moves if isinstance(m, Play)]
        gone = _gone(view)
        trump = view.trump
        melds = [m for m in plays if m.meld]

        def cost(card: Card) -> int:
            value = card.points * 2
            if card.suit is trump:
                value += 25
            if card.is_marriage_card and _pair_in(hand, card.suit):
                value += 60
            if _is_top(card, hand, gone):
                value += 10
            return value

        if not view.trick:
            return self._lead(view, plays, melds, hand, gone, cost)
        if melds:  # declaring "on someone" is free points
            return melds[0]
        winners = [m for m in plays if _wins(view.trick, m.card, trump)]
        if winners:
            last = len(view.trick) == _active(rules) - 1
            safe = [m for m in winners if last or _is_top(m.card, hand, gone)]
            return min(safe or winners, key=lambda m: (cost(m.card), m.card.index))
        return min(plays, key=lambda m: (cost(m.card), m.card.index))

    def _lead(
        self,
        view: View,
        plays: list[Play],
        melds: list[Play],
        hand: frozenset[Card],
        gone: frozenset[Card],
        cost: _Cost,
    ) -> Move:
        rules = view.rules
        values = rules.marriage_values
        if melds:  # the best declaration (an ace declares the ace marriage)
            return max(
                melds,
                key=lambda m: (
                    (rules.ace_marriage or 0) if m.card.rank is Rank.ACE else values[m.card.suit],
                    -m.card.index,
                ),
            )
        first_trick = not view.tricks
        if rules.declaration is Declaration.AUTOMATIC and (
            rules.marriage_on_first_trick or not first_trick
        ):
            declaring = [
                m
                for m in plays
                if _pair_in(hand, m.card.suit)
                and (
                    m.card.rank is Rank.QUEEN
                    or (
                        m.card.rank is Rank.KING
                        and rules.marriage_cards is MarriageCards.KING_OR_QUEEN
                    )
                )
            ]
            if declaring:
                best = max(values[m.card.suit] for m in declaring)
                suit_moves = [m for m in declaring if values[m.card.suit] == best]
                # the king wins the trick when the ace and ten are out; else keep it
                kings = [m for m in suit_moves if m.card.rank is Rank.KING]
                if kings and _is_top(kings[0].card, hand, gone):
                    return kings[0]
                queens = [m for m in suit_moves if m.card.rank is Rank.QUEEN]
                return (queens or suit_moves)[0]
        trump = view.trump
        tops = [m for m in plays if _is_top(m.card, hand, gone) and m.card.points >= 10]
        if tops:
            # trumps first, to draw the others' trumps; then the richest sure winner
            return max(tops, key=lambda m: (m.card.suit is trump, m.card.points, -m.card.index))
        return min(plays, key=lambda m: (cost(m.card), m.card.index))


class _Cost(Protocol):
    def __call__(self, card: Card, /) -> int: ...


def _gone(view: View) -> frozenset[Card]:
    """The cards that can no longer be played by anyone: played, or discarded by this seat."""
    out = {card for trick in view.tricks for _, card in trick}
    out.update(card for _, card in view.trick)
    out.update(view.discards)
    return frozenset(out)


def _is_top(card: Card, hand: frozenset[Card], gone: frozenset[Card]) -> bool:
    """Whether no card that someone else may still hold beats ``card`` in its suit."""
    return all(
        Card(card.suit, r) in hand or Card(card.suit, r) in gone for r in Rank if r > card.rank
    )


def _wins(trick: tuple[tuple[int, Card], ...], card: Card, trump: Suit | None) -> bool:
    """Whether ``card`` played now would be winning ``trick``."""
    best = trick[0][1]
    for _, c in trick[1:]:
        if (c.suit is best.suit and c.rank > best.rank) or (c.suit is trump and best.suit != trump):
            best = c
    if card.suit is best.suit:
        return card.rank > best.rank
    return card.suit is trump
