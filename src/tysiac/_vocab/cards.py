"""Cards, suits, ranks, points, marriages and card notation.

The public classes are :class:`Suit`, :class:`Rank` and :class:`Card`.  The engine itself
works on small integers: a card is its *index* ``suit * 6 + rank`` (0..23) and a set of
cards is a 24-bit mask with bit ``index`` set.  The tables in this module translate
between the two forms; there is exactly one :class:`Card` object per card (see
:data:`CARDS`), so the hot path never builds card objects.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

import attrs

from .._errors import InvalidCardError, brief
from .masks import (
    ABOVE,
    ACE,
    ACE_MARRIAGE,
    ACES,
    BITS_HIGH,
    BITS_LOW,
    FULL,
    KING,
    NINE,
    PAIR_MASK,
    QUEEN,
    RANK_MASK,
    SUIT_MASK,
    bits,
    mask_points,
)

__all__ = [
    "CARDS",
    "RANK_POINTS",
    "Card",
    "Rank",
    "Suit",
    "card_index",
    "mask_cards",
    "parse_cards",
]
# the engine's integer tables, compiled in ``_masks`` and imported from here
__all__ += [
    "ABOVE",
    "ACE",
    "ACES",
    "ACE_MARRIAGE",
    "BITS_HIGH",
    "BITS_LOW",
    "FULL",
    "KING",
    "NINE",
    "PAIR_MASK",
    "QUEEN",
    "RANK_MASK",
    "SUIT_MASK",
    "bits",
    "mask_points",
]


class Suit(enum.IntEnum):
    """The four suits, in the order of their marriage values (♠ 40 < ♣ 60 < ♦ 80 < ♥ 100)."""

    SPADES = 0
    """♠, ``S``: marriage worth 40."""
    CLUBS = 1
    """♣, ``C``: marriage worth 60."""
    DIAMONDS = 2
    """♦, ``D``: marriage worth 80."""
    HEARTS = 3
    """♥, ``H``: marriage worth 100."""

    @property
    def letter(self) -> str:
        """The one-letter name used in card notation: ``S``, ``C``, ``D`` or ``H``."""
        return "SCDH"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠``, ``♣``, ``♦`` or ``♥``."""
        return "♠♣♦♥"[self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    __str__ = __repr__


class Rank(enum.IntEnum):
    """The six ranks, from low to high in trick-taking order: 9 < J < Q < K < 10 < A."""

    NINE = 0
    """The nine: 0 points."""
    JACK = 1
    """The jack (*walet*): 2 points."""
    QUEEN = 2
    """The queen (*dama*): 3 points; half of a marriage."""
    KING = 3
    """The king (*król*): 4 points; half of a marriage."""
    TEN = 4
    """The ten (*dziesiątka*): 10 points; beats the king."""
    ACE = 5
    """The ace (*as*): 11 points; the highest card of its suit."""

    @property
    def letter(self) -> str:
        """The one-letter name used in card notation: ``9``, ``J``, ``Q``, ``K``, ``T``, ``A``."""
        return "9JQKTA"[self]

    @property
    def points(self) -> int:
        """The card points of this rank (A 11, 10 10, K 4, Q 3, J 2, 9 0)."""
        return RANK_POINTS[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    __str__ = __repr__


#: Card points per rank, indexed by :class:`Rank`.
RANK_POINTS: Final = (0, 2, 3, 4, 10, 11)

# ASCII letters in either case and the suit symbols only: no Unicode case folding
# ("ſ".upper() is "S")
_SUIT_LETTERS: Final = {"S": 0, "C": 1, "D": 2, "H": 3, "♠": 0, "♣": 1, "♦": 2, "♥": 3}
_SUIT_LETTERS.update({"♤": 0, "♧": 1, "♢": 2, "♡": 3})
_SUIT_LETTERS.update({k.lower(): v for k, v in _SUIT_LETTERS.items() if k.isascii()})
_RANK_LETTERS: Final = {"9": 0, "J": 1, "Q": 2, "K": 3, "T": 4, "10": 4, "A": 5}
_RANK_LETTERS.update({k.lower(): v for k, v in _RANK_LETTERS.items()})
_SPACE: Final = " \t\r\n"


def _to_suit(value: object) -> Suit:
    if isinstance(value, Suit):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
        return Suit(value)
    raise InvalidCardError(f"{brief(value)} is not a suit: use Suit.SPADES .. Suit.HEARTS or 0..3")


def _to_rank(value: object) -> Rank:
    if isinstance(value, Rank):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 6:
        return Rank(value)
    raise InvalidCardError(f"{brief(value)} is not a rank: use Rank.NINE .. Rank.ACE or 0..5")


@attrs.frozen(slots=True, order=True, repr=False, hash=False)
class Card:
    """One of the 24 cards.

    Cards are immutable, hashable and ordered by suit (♠ < ♣ < ♦ < ♥), then rank
    (9 < J < Q < K < 10 < A).  ``str(card)`` is its notation (``"QH"``) and
    ``repr(card)`` pastes back into Python (``Card.parse('QH')``).

    Args:
        suit: the suit.
        rank: the rank.

    Example:
        >>> Card.parse("10h") == Card(Suit.HEARTS, Rank.TEN)
        True
        >>> str(Card.parse("Q♥")), Card.parse("QH").points
        ('QH', 3)
    """

    suit: Suit = attrs.field(converter=_to_suit)
    """The suit, a :class:`Suit` (an int 0..3 given to ``Card()`` is converted)."""
    rank: Rank = attrs.field(converter=_to_rank)
    """The rank, a :class:`Rank` (an int 0..5 given to ``Card()`` is converted)."""
    index: int = attrs.field(init=False, eq=False, order=False, hash=False)
    """The card's small-integer form, ``suit * 6 + rank`` (0..23)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", self.suit * 6 + self.rank)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card: rank ``9 J Q K T A`` (or ``10``), then suit ``S C D H`` or a symbol.

        Either case of the ASCII letters is accepted, and the suit symbols (filled or
        outlined): ``"QH"``, ``"qh"``, ``"10H"``, ``"TH"``, ``"Q♥"``, ``"Q♡"``.  Other
        characters are not, even those whose upper case is a letter (``"ſ"``).

        Raises:
            InvalidCardError: the text is not a card.
        """
        if not isinstance(text, str):
            raise InvalidCardError(f"{brief(text)} is not a card: pass a string such as 'QH'")
        t = text.strip(_SPACE) if len(text) < 40 else ""
        rank = _RANK_LETTERS.get(t[:-1])
        suit = _SUIT_LETTERS.get(t[-1:])
        if rank is None or suit is None:
            raise InvalidCardError(
                f"{brief(text)} is not a card: write the rank (9 J Q K T/10 A) then the suit"
                " (S C D H or ♠ ♣ ♦ ♥), e.g. 'QH' or '10♠'"
            )
        return CARDS[suit * 6 + rank]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose :attr:`index` is ``index`` (0..23).

        Raises:
            InvalidCardError: ``index`` is not in 0..23.
        """
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 24:
            raise InvalidCardError(f"{brief(index)} is not a card index: use 0..23")
        return CARDS[index]

    @property
    def points(self) -> int:
        """The card points of this card."""
        return RANK_POINTS[self.rank]

    @property
    def is_marriage_card(self) -> bool:
        """Whether this card is a king or a queen, i.e. half of a marriage."""
        return self.rank in (Rank.QUEEN, Rank.KING)

    def __hash__(self) -> int:
        # equal cards have equal indexes: hashing the index is much faster than attrs' tuple
        return self.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # unpickled cards are the shared objects of CARDS again
        return Card.from_index, (self.index,)

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


# the signature shows the field types, not the converters' ``object``
Card.__init__.__annotations__ = {"suit": Suit, "rank": Rank, "return": None}

#: The 24 cards, indexed by :attr:`Card.index`.  Every public card is one of these objects.
CARDS: Final[tuple[Card, ...]] = tuple(Card(Suit(i // 6), Rank(i % 6)) for i in range(24))


def mask_cards(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` as :class:`Card` objects, in card order."""
    return tuple(CARDS[i] for i in bits(mask))


def card_index(card: object) -> int:
    """The index of a card given as a :class:`Card` or as a string."""
    if type(card) is Card:
        return card.index
    if isinstance(card, str):
        return Card.parse(card).index
    if isinstance(card, Card):  # a subclass: trust only its suit and rank
        return _to_suit(card.suit) * 6 + _to_rank(card.rank)
    raise InvalidCardError(f"{brief(card)} is not a card: pass a Card or a string such as 'QH'")


def parse_cards(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Parse a list of cards: a string such as ``"AH KH 9S"`` or an iterable of cards.

    Commas and any white space separate the cards of a string.  The order is kept.

    Raises:
        InvalidCardError: an item is not a card.

    Example:
        >>> parse_cards("AH, 10s q♦")
        (Card.parse('AH'), Card.parse('TS'), Card.parse('QD'))
    """
    if isinstance(cards, str):
        items: Iterable[Card | str] = cards.replace(",", " ").split()
    else:
        try:
            items = list(cards)
        except TypeError:
            raise InvalidCardError(
                f"{brief(cards)} is not a list of cards: pass a string such as 'AH KH 9S'"
                " or an iterable of Card"
            ) from None
    return tuple(CARDS[card_index(c)] for c in items)
