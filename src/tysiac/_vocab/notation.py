"""Move notation: :func:`move_text` writes it (and is ``str(move)``), :func:`parse_move`
reads it back.

==========================  =============================
move                        notation
==========================  =============================
``Bid(120)``                ``bid 120``
``Bid(120, blind=True)``    ``bid 120 blind``
``Pass()``                  ``pass``
``Redeal()``                ``redeal``
``ChooseMusik(1)``          ``musik 1``
``Give(QH, to=2)``          ``give QH>2`` (also read: ``give QH to seat 2``)
``Discard(9S)``             ``discard 9S``
``Contract(120)``           ``contract 120``
``Bomb()``                  ``bomb``
``Concede()``               ``concede``
``Play(QH)``                ``QH``
``Play(KH, meld=True)``     ``KH*`` (declares the marriage; ``AH*``: the ace marriage)
``Claim()``                 ``claim``
==========================  =============================

Both directions live here, side by side: one ``match`` over the move classes writes, one
table of leading words reads.  The terminal game, the command line and the encoding's
adapters word moves with these two functions only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from .._errors import InvalidCardError, LoadError, NotAMoveError, brief
from .cards import Card
from .moves import (
    BOMB,
    CLAIM,
    CONCEDE,
    DISCARDS,
    MELDS,
    MOVE_TYPES,
    PASS,
    PLAYS,
    REDEAL,
    Bid,
    Bomb,
    ChooseMusik,
    Claim,
    Concede,
    Contract,
    Discard,
    Give,
    Move,
    Pass,
    Play,
    Redeal,
)

__all__ = [
    "move_text",
    "parse_move",
]


def move_text(move: Move) -> str:
    """The notation of ``move``, as :func:`parse_move` reads it: ``str(move)`` is this.

    Raises:
        NotAMoveError: ``move`` is not a move object.

    Example:
        >>> move_text(Bid(120, blind=True)), move_text(Give("9C", to=1))
        ('bid 120 blind', 'give 9C>1')
        >>> move_text(Play("KH", meld=True)) == str(Play("KH", meld=True)) == "KH*"
        True
    """
    match move:
        case Play(card=card, meld=meld):
            return f"{card}*" if meld else str(card)
        case Bid(amount=amount, blind=blind):
            return f"bid {amount} blind" if blind else f"bid {amount}"
        case Pass():
            return "pass"
        case Give(card=card, to=to):
            return f"give {card}>{to}"
        case Discard(card=card):
            return f"discard {card}"
        case Contract(amount=amount):
            return f"contract {amount}"
        case ChooseMusik(index=index):
            return f"musik {index}"
        case Redeal():
            return "redeal"
        case Bomb():
            return "bomb"
        case Concede():
            return "concede"
        case Claim():
            return "claim"
    raise NotAMoveError(
        f"{brief(move)} is not a move object: pass a move such as Pass() or Bid(120)"
    )


def _str(self: Move) -> str:
    return move_text(self)


for _cls in MOVE_TYPES:  # ``str(move)`` is its notation, written in one place
    setattr(_cls, "__str__", _str)  # noqa: B010


# ASCII case folding only: "ſ" and the Kelvin sign are not letters of the notation
_FLAGS: Final = re.ASCII | re.IGNORECASE
_NUMBER: Final = r"[0-9]{1,9}"
#: A move's leading word, and what follows it.
_HEAD: Final = re.compile(r"(?P<word>[a-z]+)(?:\s+(?P<rest>.*))?", _FLAGS | re.DOTALL)
_AMOUNT: Final = re.compile(rf"(?P<number>{_NUMBER})", _FLAGS)
_BID: Final = re.compile(rf"(?P<number>{_NUMBER})(?:\s+(?P<blind>blind))?", _FLAGS)
_GIVE: Final = re.compile(rf"(?P<card>[^\s>]+)(?:\s*>\s*|\s+to\s+seat\s+)(?P<to>{_NUMBER})", _FLAGS)
_CARD: Final = re.compile(r"(?P<card>[^\s*]+)(?P<meld>\*)?", _FLAGS)
_EXAMPLES: Final = "e.g. 'bid 120', 'pass', 'musik 0', 'give QH>2', 'QH', 'KH*' or 'claim'"


class _NotationError(Exception):
    """The text after a move's leading word does not fit that word (the hint says how)."""


def _fit(pattern: re.Pattern[str], rest: str | None, hint: str) -> re.Match[str]:
    match = None if rest is None else pattern.fullmatch(rest)
    if match is None:
        raise _NotationError(hint)
    return match


def _plain(move: Move) -> Callable[[str | None], Move]:
    def read(rest: str | None) -> Move:
        if rest is not None:
            raise _NotationError(f"'{move}' takes nothing after it")
        return move

    return read


def _bid(rest: str | None) -> Move:
    match = _fit(_BID, rest, "write a bid as 'bid 120', or 'bid 120 blind'")
    return Bid(int(match["number"]), blind=bool(match["blind"]))


def _contract(rest: str | None) -> Move:
    return Contract(int(_fit(_AMOUNT, rest, "write a contract as 'contract 120'")["number"]))


def _musik(rest: str | None) -> Move:
    return ChooseMusik(int(_fit(_AMOUNT, rest, "write 'musik 0' or 'musik 1'")["number"]))


def _give(rest: str | None) -> Move:
    match = _fit(_GIVE, rest, "write a give as 'give QH>2' or 'give QH to seat 2'")
    return Give(Card.parse(match["card"]), int(match["to"]))


def _discard(rest: str | None) -> Move:
    if rest is None or rest.split() != [rest]:
        raise _NotationError("write a discard as 'discard 9S'")
    return DISCARDS[Card.parse(rest).index]


#: How to read the rest of a move after its leading word; text led by no word of this
#: table is a card, played.
_READERS: Final[dict[str, Callable[[str | None], Move]]] = {
    "bid": _bid,
    "pass": _plain(PASS),
    "redeal": _plain(REDEAL),
    "musik": _musik,
    "give": _give,
    "discard": _discard,
    "contract": _contract,
    "bomb": _plain(BOMB),
    "concede": _plain(CONCEDE),
    "claim": _plain(CLAIM),
}


def parse_move(text: str) -> Move:
    """Read a move from its notation, :func:`move_text` (``str(move)``):
    ``parse_move(str(m)) == m``.

    Words are ASCII in either case, cards as in :meth:`Card.parse <tysiac.Card.parse>`
    (letters or suit symbols), with any spaces between the parts: ``"bid 120"``,
    ``"Give Q♥ > 2"``, ``"kh*"``.  A give is also read in words, ``"give QH to seat 2"``.
    See the notation table in the API reference.

    Raises:
        LoadError: the text is not a move in notation; the message says what was expected.

    Example:
        >>> parse_move("give Q♥>2"), parse_move("KH*"), str(parse_move("Bid 120"))
        (Give(Card.parse('QH'), to=2), Play(Card.parse('KH'), meld=True), 'bid 120')
        >>> parse_move("give 9C to seat 1"), parse_move("bid 120 blind")
        (Give(Card.parse('9C'), to=1), Bid(120, blind=True))
    """
    if not isinstance(text, str):
        raise LoadError(f"{brief(text)} is not a move: pass its notation as a string, {_EXAMPLES}")
    stripped = text.strip(" \t\r\n") if len(text) <= 64 else ""
    head = _HEAD.fullmatch(stripped)
    reader = None if head is None else _READERS.get(head["word"].lower())
    try:
        if head is not None and reader is not None:
            return reader(head["rest"])
        played = _CARD.fullmatch(stripped)
        if played is None:
            raise _NotationError(_EXAMPLES)
        card = Card.parse(played["card"]).index
    except _NotationError as hint:
        raise LoadError(f"{brief(text)} is not a move in notation: {hint}") from None
    except (InvalidCardError, NotAMoveError) as exc:
        raise LoadError(f"{brief(text)} is not a move: {exc}") from None
    return MELDS[card] if played["meld"] else PLAYS[card]
