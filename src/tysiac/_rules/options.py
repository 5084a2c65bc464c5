"""The rule options' enums: :class:`Option`, their base, and one enum per closed set of
values.
"""

from __future__ import annotations

import enum

__all__ = [
    "BarrelFailure",
    "BarrelMounting",
    "BoltRule",
    "BombPayout",
    "BombRule",
    "ConcessionPayout",
    "ConcessionTiming",
    "Declaration",
    "DefenderCap",
    "HalfRounding",
    "Layout",
    "MarriageCards",
    "Option",
    "RedealMarriage",
    "TrumpTiming",
]


class Option(enum.Enum):
    """An enum whose members repr as ``Class.MEMBER`` and can be built from their value."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def __str__(self) -> str:
        return self.__repr__()

    # members are singletons: identity hashing is correct and much faster than Enum's
    __hash__ = object.__hash__


class Layout(Option):
    """How the cards are dealt and which phases a deal has; each layout fixes the player count.

    See the rules, section 3 'The deal and the redeal' (3 players), section 12 'Two players'
    and section 13 'Four players'.
    """

    THREE = "three"
    """3 players: 7 cards each and a musik of 3."""
    TWO_CLASSIC = "two-classic"
    """2 players: 10 cards each, two musiks of 2; choose one, discard 2."""
    TWO_MUSIKS_OF_THREE = "two-musiks-of-three"
    """2 players: 9 cards each, two musiks of 3; choose one, discard 3."""
    TWO_NO_MUSIK = "two-no-musik"
    """2 players: 12 cards each, no musik."""
    TWO_DRAW = "two-draw"
    """2 players, *Tysiąc dobierany*: 6 cards each and a stock of 12; no auction."""
    TWO_OPEN_MUSIK = "two-open-musik"
    """2 players: 7 cards each, an open musik of 2 and a stock of 8."""
    FOUR_SITTER = "four-sitter"
    """4 players: the dealer sits out and scores the musik; the others play 3-handed."""
    FOUR_ALL_PLAY = "four-all-play"
    """4 players: 6 cards each, no musik; marriages may be declared "on someone"."""

    @property
    def players(self) -> int:
        """The number of players this layout is for."""
        return 2 if self.value.startswith("two") else 4 if self.value.startswith("four") else 3


class RedealMarriage(Option):
    """Which redeal conditions a marriage in the hand blocks."""

    NEVER = "never"
    """A marriage blocks neither condition."""
    POINTS = "points"
    """A marriage blocks the low-points condition only (app: "fewer than 10 and no marriage")."""
    BOTH = "both"
    """A marriage blocks both the points and the four-nines condition (pl)."""


class BombRule(Option):
    """When the declarer may throw a bomb (*bomba*) instead of playing.

    See the rules, section 6 'The contract and the bomb'.
    """

    OFF = "off"
    """No bomb."""
    AT_OPENING_BID = "at-opening-bid"
    """Only when the bid is the forced opening bid (100) that nobody raised."""
    UP_TO_120 = "up-to-120"
    """When the bid is at most 120."""
    ANY_BID = "any-bid"
    """At any bid."""


class BombPayout(Option):
    """What each opponent scores when the declarer bombs."""

    SIXTY = "sixty"
    """60 points each."""
    HALF_BID = "half-bid"
    """Half the bid, rounded up to a multiple of 10 (a bomb at 210 gives 110 each)."""


class MarriageCards(Option):
    """Which card of a marriage declares it when led."""

    KING_OR_QUEEN = "king-or-queen"
    """Leading the king or the queen declares (app)."""
    QUEEN_ONLY = "queen-only"
    """Only leading the queen declares."""


class Declaration(Option):
    """Whether leading a marriage card declares the marriage by itself."""

    AUTOMATIC = "automatic"
    """The engine declares every marriage that is led (app): ``Play(card)`` declares."""
    OPTIONAL = "optional"
    """The player chooses: ``Play(card, meld=True)`` declares, ``Play(card)`` does not."""


class TrumpTiming(Option):
    """From when a declared marriage's suit is trump."""

    THIS_TRICK = "this-trick"
    """At once: the led card is already a trump (app)."""
    NEXT_TRICK = "next-trick"
    """From the next trick on."""


class HalfRounding(Option):
    """How a defender's total ending in exactly 5 is rounded to a multiple of 10."""

    DOWN = "down"
    """25 → 20 (app, pl)."""
    UP = "up"
    """25 → 30, "as in mathematics"."""


class DefenderCap(Option):
    """What happens to a non-declarer whose score would reach the target."""

    BELOW_TARGET = "below-target"
    """Held at target − 10 (990) (app, pl)."""
    NOTHING = "nothing"
    """Scores nothing for that deal."""
    NONE = "none"
    """No cap: a defender may reach the target and win (ro)."""


class BoltRule(Option):
    """What earns a bolt (*bolt*, *palka*)."""

    NO_POINTS = "no-points"
    """A deal in which the player scores nothing (ru)."""
    NO_TRICK = "no-trick"
    """A deal in which the player takes no trick."""


class BarrelFailure(Option):
    """What a declarer on the barrel who fails the contract, or concedes, loses."""

    LOSES_CONTRACT = "loses-contract"
    """The contract (or the bid conceded), as anywhere: the score drops below the barrel and
    the player is off."""
    USES_A_DEAL = "uses-a-deal"
    """Nothing but one of the deals allowed on the barrel, for a failed contract and a
    concession alike."""


class BarrelMounting(Option):
    """Who stays on the barrel when two or more players mount it in the same deal."""

    ALL_STAY = "all-stay"
    """Every one of them mounts it and stays."""
    ONE_STAYS = "one-stays"
    """One stays: the declarer if it is one of them, else the first of them in turn from the
    dealer's left; the others fall back, losing ``barrel_penalty``."""


class ConcessionPayout(Option):
    """What each opponent scores when the declarer concedes (*rospisat'*)."""

    SIXTY = "sixty"
    """60 points each (ru)."""
    HALF_BID = "half-bid"
    """60, or half the bid rounded up to a multiple of 5 when the bid is above 120."""
    HALF_ANY_BID = "half-any-bid"
    """Half the bid rounded up to a multiple of 5, whatever the bid (50 for 100)."""


class ConcessionTiming(Option):
    """When the declarer may concede (*rospisat'*, the write-off)."""

    AFTER_GIVES = "after-gives"
    """Instead of naming the contract, once the cards are given or put away (ru)."""
    BEFORE_GIVES = "before-gives"
    """Once the musik is taken, before the first card is given or put away, and not later
    (where the layout has no gives or discards: instead of naming the contract)."""
