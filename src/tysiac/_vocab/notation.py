"""Move notation: ``str(move)`` writes it and :func:`parse_move` reads it back.

=======================  =============================
move                     notation
=======================  =============================
``Bid(120)``             ``bid 120``
``Pass()``               ``pass``
``Redeal()``             ``redeal``
``ChooseMusik(1)``       ``musik 1``
``Give(QH, to=2)``       ``give QH>2``
``Discard(9S)``          ``discard 9S``
``Contract(120)``        ``contract 120``
``Bid(120, blind=True)``  ``bid 120 blind``
``Bomb()``               ``bomb``
``Concede()``            ``concede``
``Play(QH)``             ``QH``
``Play(KH, meld=True)``  ``KH*`` (declares the marriage; ``AH*``: the ace marriage)
``Claim()``              ``claim``
=======================  =============================
"""

from __future__ import annotations

import re
from typing import Final

from .._errors import InvalidCardError, LoadError, NotAMoveError, brief
from .cards import Card
from .moves import (
    BOMB,
    CLAIM,
    CONCEDE,
    DISCARDS,
    MELDS,
    PASS,
    PLAYS,
    REDEAL,
    Bid,
    ChooseMusik,
    Contract,
    Give,
    Move,
)

__all__ = [
    "parse_move",
]

# ASCII case folding only: "ſ" and the Kelvin sign are not letters of the notation
_FLAGS: Final = re.ASCII | re.IGNORECASE
_NOTATION: Final = re.compile(
    r"(?P<word>bid|contract|musik)\s+(?P<number>[0-9]{1,9})(?:\s+(?P<blind>blind))?"
    r"|(?P<plain>pass|redeal|bomb|concede|claim)"
    r"|give\s+(?P<given>[^\s>]+)\s*>\s*(?P<to>[0-9]{1,9})"
    r"|discard\s+(?P<discarded>\S+)"
    r"|(?P<played>[^\s*]+)(?P<meld>\*)?",
    _FLAGS,
)
_PLAIN: Final[dict[str, Move]] = {
    "pass": PASS,
    "redeal": REDEAL,
    "bomb": BOMB,
    "concede": CONCEDE,
    "claim": CLAIM,
}
_EXAMPLES: Final = "e.g. 'bid 120', 'pass', 'musik 0', 'give QH>2', 'QH', 'KH*' or 'claim'"


def parse_move(text: str) -> Move:
    """Read a move from its notation, ``str(move)``: ``parse_move(str(m)) == m``.

    Words are ASCII in either case, cards as in :meth:`Card.parse <tysiac.Card.parse>`
    (letters or suit symbols), with any spaces between the parts: ``"bid 120"``,
    ``"Give Q♥ > 2"``, ``"kh*"``.  See the notation table in the API reference.

    Raises:
        LoadError: the text is not a move in notation.

    Example:
        >>> parse_move("give Q♥>2"), parse_move("KH*"), str(parse_move("Bid 120"))
        (Give(Card.parse('QH'), to=2), Play(Card.parse('KH'), meld=True), 'bid 120')
    """
    if not isinstance(text, str):
        raise LoadError(f"{brief(text)} is not a move: pass its notation as a string, {_EXAMPLES}")
    match = _NOTATION.fullmatch(text.strip(" \t\r\n")) if len(text) <= 64 else None
    if match is None:
        raise LoadError(f"{brief(text)} is not a move in notation: {_EXAMPLES}")
    try:
        if match["word"]:
            number = int(match["number"])
            word = match["word"].lower()
            if word == "bid":
                return Bid(number, blind=bool(match["blind"]))
            if match["blind"]:
                raise LoadError(f"{brief(text)} is not a move: only a bid is made blind")
            if word == "contract":
                return Contract(number)
            return ChooseMusik(number)
        if match["plain"]:
            return _PLAIN[match["plain"].lower()]
        if match["given"]:
            return Give(Card.parse(match["given"]), int(match["to"]))
        if match["discarded"]:
            return DISCARDS[Card.parse(match["discarded"]).index]
        card = Card.parse(match["played"]).index
    except (InvalidCardError, NotAMoveError) as exc:
        raise LoadError(f"{brief(text)} is not a move: {exc}") from None
    return MELDS[card] if match["meld"] else PLAYS[card]
