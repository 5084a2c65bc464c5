""":class:`HeuristicBot`: a rule-based player that follows the usual playing tips of the game."""

from __future__ import annotations

import random
from typing import Final

from .._engine.core import Phase
from .._info.views import View
from .._rules.options import Declaration, Layout, MarriageCards
from .._vocab.masks import ACE, KING, QUEEN, TEN
from .._vocab.moves import (
    Bid,
    Bomb,
    ChooseMusik,
    Claim,
    Contract,
    Discard,
    Give,
    Move,
    Pass,
    Play,
    Redeal,
)
from ._estimate import bid_value, estimate, give_order, holds_ace_marriage
from ._knowledge import POINTS, SUIT, Knowledge, beats, card_mask, pair_held, winning_play
from ._protocol import check_seed, decide

__all__ = ["HeuristicBot"]


#: How far below its cautious hand value the bot stops bidding.  Declaring above the
#: opening bid must be nearly safe to pay: passing leaves a weak forced opener to fail, which
#: is worth about as much to a defender as making a small contract of its own (measured
#: against LegacyGreedyBot, benchmarks/legacy_greedy.py: margins from 5 to 45, best from 35).
BID_MARGIN: Final = 35
#: How far below its estimate of the hand it holds after the musik the bot names the
#: contract (failing costs twice the contract; a raise gains only the difference).
CONTRACT_MARGIN: Final = 35
#: How much more boldly the bot bids on the barrel, where only a declarer scores.
BARREL_BOLDNESS: Final = 15
#: How far below the bid the estimate must be for the bot to bomb, where it may.
BOMB_MARGIN: Final = 15


def _round_down(amount: float, step: int) -> int:
    value = int(amount)
    return value - value % step


class HeuristicBot:
    """A rule-based player built on the playing tips of the game's rule pages.

    It sees only its seat's :class:`~tysiac.View`, in every preset and layout:

    - **Auction**: values its hand as declarer (the sure tricks of its top cards, what the
      others throw onto them, the trumps of its best marriage, the marriages it can
      declare), averaged over the musiks it may find, and bids above the opening bid only
      while the bid stays below that value: in practice only with a marriage or several
      aces and tens; more boldly on the barrel.  A weak opener asks for a redeal where it
      may.
    - **Musik**: gives away, or puts away, cards without points from short suits first,
      never half of a marriage, the trumps it plans, a top card, or a king or queen that
      could complete the receiver's marriage.
    - **Contract**: raises the bid only when the hand it now holds is clearly worth more;
      bombs where the rules allow when the hand is hopeless.
    - **Play**: with no trump yet, cashes its aces (sure tricks) before leading a marriage;
      declares its best marriage with the queen (the king when that wins the trick); draws
      the others' trumps with its top trumps when they may still hold some; wins tricks
      with its cheapest sure card; throws a ten or an ace onto a trick that a fellow
      defender is sure to win; otherwise gives away its cheapest card, from short suits.
      It claims whenever a claim is offered (a claim scores every remaining trick and every
      marriage it could still declare).  In partnerships (``Rules.partnerships``) it plays
      for its pair: it never outbids its partner, does not overtake a trick its partner is
      sure to win, throws points onto it, and counts its partner's points with the
      declarer's.  With the four aces, where the rules score them
      (``ace_marriage``), it counts them when bidding, keeps them and declares them with
      its first ace lead (never on a trick where that lead would waste them).

    Args:
        seed: seeds the bot's own :class:`random.Random` (used only for the blind choice
            between two face-down musiks); the same seed and the same views give the
            same moves.

    Raises:
        InvalidDealError: ``seed`` is neither an int nor None.

    Example:
        >>> from tysiac import new_game, observe
        >>> from tysiac.bots import HeuristicBot
        >>> state = new_game(seed=7)
        >>> HeuristicBot(seed=1).choose(observe(state, state.to_move))
        Bid(100)
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = check_seed("HeuristicBot", seed)
        self._rng = random.Random(self.seed)

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed!r})"

    def reseed(self, seed: int) -> None:
        """Start the bot's random choices afresh from ``seed`` (tournaments call this)."""
        self.seed = check_seed("HeuristicBot", seed)
        self._rng = random.Random(self.seed)

    def choose(self, view: View) -> Move:
        """The heuristic's move in the position ``view`` shows."""
        return decide("HeuristicBot", view, self._choose)

    def _choose(self, view: View, moves: tuple[Move, ...]) -> Move:
        phase = view.phase
        if len(moves) == 1:
            return moves[0]
        if phase is Phase.AUCTION:
            return self._bid(view, moves)
        if phase is Phase.CHOOSE_MUSIK:
            return self._rng.choice([m for m in moves if isinstance(m, ChooseMusik)])
        if phase is Phase.GIVE or phase is Phase.DISCARD:
            return self._give(view, moves)
        if phase is Phase.CONTRACT:
            return self._contract(view, moves)
        return _Play(view).choose(moves)

    # --- auction and contract -----------------------------------------------------------

    def _bid(self, view: View, moves: tuple[Move, ...]) -> Move:
        rules = view.rules
        hand = card_mask(view.hand)
        shown = card_mask(view.musik) if rules.layout is Layout.TWO_OPEN_MUSIK else 0
        bids = [m for m in moves if isinstance(m, Bid)]
        if view.bid and bids and not shown and estimate(rules, hand) + 60 < bids[0].amount:
            return Pass()  # no musik makes this hand worth the next bid
        value = bid_value(rules, hand, shown, salt=hand * 31 + view.seat) - BID_MARGIN
        barrel = rules.barrel
        if barrel is not None and view.scores[view.seat] >= barrel:
            value += BARREL_BOLDNESS  # on the barrel a defender scores nothing: bid more
        if (
            view.bid
            and rules.partnerships
            and view.bidder == rules.partner(view.seat)
            and Pass() in moves
        ):
            return Pass()  # my partner holds the bid: the pair plays it either way
        if view.bid == 0:
            if Redeal() in moves and value + BID_MARGIN - 5 < rules.opening_bid - 10:
                return Redeal()
            if not rules.free_opening:  # the forced opening bid
                return bids[0] if bids else moves[0]
        if bids and bids[0].amount <= value:
            return bids[0]
        return Pass() if Pass() in moves else moves[0]

    def _contract(self, view: View, moves: tuple[Move, ...]) -> Move:
        rules = view.rules
        hand = card_mask(view.hand)
        gone = card_mask(view.discards)
        value = estimate(rules, hand, gone)
        if Bomb() in moves and value < view.bid - BOMB_MARGIN:
            return Bomb()
        goal = max(view.bid, _round_down(value - CONTRACT_MARGIN, rules.bid_step))
        contracts = [m for m in moves if isinstance(m, Contract)]
        best = contracts[0]
        for m in contracts:
            if m.amount <= goal:
                best = m
        return best

    # --- giving and discarding ----------------------------------------------------------

    def _give(self, view: View, moves: tuple[Move, ...]) -> Move:
        order = give_order(view.rules, card_mask(view.hand))
        by_card = {m.card.index: m for m in moves if isinstance(m, Give | Discard)}
        for c in order:
            if c in by_card:
                return by_card[c]
        return moves[0]


class _Play:
    """One decision of trick play, with what the view tells."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.k = Knowledge(view)
        self.rules = view.rules

    def choose(self, moves: tuple[Move, ...]) -> Move:
        if Claim() in moves:
            return Claim()  # every remaining trick, and every marriage still in hand
        plays = [m for m in moves if isinstance(m, Play)]
        if not self.k.trick:
            return self._ace_marriage(self._lead(self._keep_aces(plays)), moves)
        return self._follow(plays)

    # --- the ace marriage ---------------------------------------------------------------

    def _aces_pending(self) -> bool:
        """Whether I hold the four aces and the rules score them (``ace_marriage``)."""
        return holds_ace_marriage(self.rules, self.k.hand)

    def _keep_aces(self, plays: list[Play]) -> list[Play]:
        """With the four aces, no ace lead where it cannot declare the ace marriage (the
        first trick, unless marriages may be declared on it): the ace would waste it."""
        if not self._aces_pending() or self.rules.marriage_on_first_trick or self.view.tricks:
            return plays
        return [m for m in plays if m.card.index % 6 != ACE] or plays

    def _ace_marriage(self, move: Move, moves: tuple[Move, ...]) -> Move:
        """An ace led from all four declares the ace marriage: with optional declaration,
        the declaring form of the lead."""
        if isinstance(move, Play) and not move.meld and move.card.index % 6 == ACE:
            meld = Play(move.card, meld=True)
            if meld in moves:
                return meld
        return move

    # --- what a card is worth keeping ---------------------------------------------------

    def keep(self, c: int) -> float:
        """How much I would rather keep card ``c`` (lower: throw it first)."""
        k = self.k
        s, r = divmod(c, 6)
        value = POINTS[c] * 3.0
        if k.trump >= 0 and s == k.trump:
            value += 30 + r * 2
        if r in (KING, QUEEN) and pair_held(k.hand, s) and self._can_still_declare():
            value += 90 + self.rules.marriage_values[s] / 4
        if r == ACE and self._aces_pending():
            value += 150  # an ace played when following breaks the ace marriage
        if k.is_top(c):
            value += 15
        value += 2 * k.suit_length(s)  # empty short suits first
        return value

    def _can_still_declare(self) -> bool:
        return len(self.view.hand) > 1

    # --- leading ------------------------------------------------------------------------

    def _declaring(self, plays: list[Play]) -> list[Play]:
        """The leads that declare a marriage now."""
        rules = self.rules
        melds = [m for m in plays if m.meld and m.card.index % 6 in (KING, QUEEN)]
        if rules.declaration is Declaration.OPTIONAL:
            return melds  # (the ace marriage is declared by any ace lead: see _ace_marriage)
        if not rules.marriage_on_first_trick and not self.view.tricks:
            return []
        hand = self.k.hand
        out = []
        for m in plays:
            s, r = divmod(m.card.index, 6)
            if not pair_held(hand, s):
                continue
            if r == QUEEN or (r == KING and rules.marriage_cards is MarriageCards.KING_OR_QUEEN):
                out.append(m)
        return out

    def _lead(self, plays: list[Play]) -> Move:
        k = self.k
        rules = self.rules
        declaring = self._declaring(plays)
        sure = [m for m in plays if k.sure(m.card.index)]
        declare_suits = {m.card.suit for m in declaring}
        if declaring:
            # with no trump, the top cards of other suits are certain tricks: cash them
            # first (the playing tip: take tricks with aces before leading a marriage)
            cash = [
                m
                for m in sure
                if k.trump < 0 and m.card.suit not in declare_suits and POINTS[m.card.index] >= 10
            ]
            if cash:
                return max(cash, key=lambda m: (POINTS[m.card.index], -m.card.index))
            best = max(rules.marriage_values[m.card.suit] for m in declaring)
            options = [m for m in declaring if rules.marriage_values[m.card.suit] == best]
            kings = [m for m in options if m.card.index % 6 == KING]
            if kings and k.sure(kings[0].card.index):
                return kings[0]
            queens = [m for m in options if m.card.index % 6 == QUEEN]
            return (queens or options)[0]
        trump = k.trump
        if trump >= 0 and k.hand & SUIT[trump]:
            others = k.outstanding() & SUIT[trump]
            opponents = self._opponents()
            if others and any(k.may_hold(s) & SUIT[trump] for s in opponents):
                draw = [m for m in sure if m.card.suit == trump and not self._pair_card(m)]
                if draw:
                    return max(draw, key=lambda m: m.card.index)
        rich = [m for m in sure if POINTS[m.card.index] >= 10 and not self._pair_card(m)]
        if rich:
            # side suits before trumps, richest first
            return max(
                rich,
                key=lambda m: (m.card.suit != trump, POINTS[m.card.index], -m.card.index),
            )
        if sure:
            cheap_sure = [m for m in sure if not self._pair_card(m)]
            if cheap_sure and k.declarer is not None and k.ours(k.declarer):
                return min(cheap_sure, key=lambda m: self.keep(m.card.index))
        # no certain trick: a top card that only a trump could beat is still a good lead
        tops = [
            m
            for m in plays
            if k.is_top(m.card.index)
            and POINTS[m.card.index] >= 10
            and m.card.suit != trump
            and not self._pair_card(m)
        ]
        if tops:
            return max(tops, key=lambda m: (POINTS[m.card.index], -m.card.index))
        return min(plays, key=lambda m: (self._lead_cost(m.card.index), m.card.index))

    def _lead_cost(self, c: int) -> float:
        """Leading a card I cannot be sure wins: cheap cards, suits my partners are out of."""
        k = self.k
        value = self.keep(c)
        s = c // 6
        for p in k.partners():
            if k.void[p] >> s & 1 and k.trump >= 0 and k.may_hold(p) & SUIT[k.trump]:
                value -= 12  # my partner can trump it
        d = k.declarer
        if (
            d is not None
            and not k.ours(d)
            and k.void[d] >> s & 1
            and k.trump >= 0
            and k.may_hold(d) & SUIT[k.trump]
        ):
            value += 10  # the declarer would trump it
        return value

    def _pair_card(self, m: Play) -> bool:
        s, r = divmod(m.card.index, 6)
        return r in (KING, QUEEN) and pair_held(self.k.hand, s)

    def _opponents(self) -> list[int]:
        k = self.k
        if self.rules.partnerships:  # the other pair
            return [s for s in k.seats if not k.ours(s)]
        if k.declarer is None:
            return [s for s in k.seats if s != k.me]
        if k.declarer == k.me:
            return [s for s in k.seats if s != k.me]
        return [k.declarer]

    # --- following ----------------------------------------------------------------------

    def _follow(self, plays: list[Play]) -> Move:
        k = self.k
        melds = [m for m in plays if m.meld]
        if melds:  # declaring "on someone": free points
            return melds[0]
        trump = k.trump
        winner_seat, best = winning_play(k.trick, trump)
        later = k.after_me()
        partners = k.partners()
        friend_winning = winner_seat in partners
        if friend_winning:
            held = not any(k.can_beat(s, best, k.trick[0][1] // 6, trump) for s in later)
            if held:
                return self._smear(plays)
        winners = [m for m in plays if beats(m.card.index, best, trump)]
        rivals = [s for s in later if s not in partners]
        sure = [m for m in winners if k.sure(m.card.index, rivals)]
        if sure:
            pick = min(sure, key=lambda m: self._win_cost(m.card.index))
            if not friend_winning or POINTS[pick.card.index] >= 10:
                return pick
        if friend_winning and later and all(s in partners for s in later):
            return self._smear(plays)
        if winners and not rivals:
            return min(winners, key=lambda m: self._win_cost(m.card.index))
        return min(plays, key=lambda m: (self.keep(m.card.index), m.card.index))

    def _win_cost(self, c: int) -> float:
        """The cost of winning with ``c``: I keep my big trumps and aces for later tricks,
        but a ten that the ace may catch is better played now."""
        k = self.k
        value = self.keep(c) - POINTS[c] * 2.0
        if c % 6 == TEN and not k.is_top(c):
            value -= 15
        return value

    def _smear(self, plays: list[Play]) -> Move:
        """Throw points onto a trick a fellow defender (in partnerships: my partner) wins,
        while the declarer (its pair) has not yet made the contract: a ten (the ace may catch
        it later) or an ace, but not a trump nor half of a marriage; otherwise my cheapest
        card.  A defending pair smears whatever the declarer has made: its points are its
        own score."""
        k = self.k
        view = self.view
        cheapest = min(plays, key=lambda m: (self.keep(m.card.index), m.card.index))
        declarer = k.declarer
        if declarer is None or view.contract is None:
            return cheapest
        side = (declarer, (declarer + 2) % 4) if self.rules.partnerships else (declarer,)
        made = sum(view.card_points[s] for s in side) + sum(
            self.rules.marriage_values[suit] for seat, suit in view.marriages if seat in side
        )
        if made >= view.contract and not (self.rules.partnerships and not k.ours(declarer)):
            return cheapest

        def gain(m: Play) -> tuple[float, int]:
            c = m.card.index
            value = POINTS[c] * 3.0
            if k.trump >= 0 and c // 6 == k.trump:
                value -= 40
            if self._pair_card(m):
                value -= 100
            if k.is_top(c):
                value -= 30  # a top card wins a trick of my own later
            return value, -c

        best = max(plays, key=gain)
        if POINTS[best.card.index] < 10 or gain(best)[0] < 20:
            return cheapest
        return best
