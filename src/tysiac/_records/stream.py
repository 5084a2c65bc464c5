"""Reading JSON text a value at a time, guided by the schema: junk is refused where it starts.

:func:`json.loads` builds the whole document before anything can be checked: five million
``{}`` take half a gigabyte before the first of them is found not to be a deal.  This module
walks the text itself: the containers that may be long (the lists of deals, of moves, of
score-sheet rows, a document's top-level object) a value at a time, each value checked by
the caller as soon as it is read; every other value is first measured, without being built
(at most :data:`SMALL` characters, or it is refused), then read by the C scanner of the
standard :mod:`json` module.  So loading stops at the first value that cannot be right,
having built only what came before it.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import re
from collections.abc import Callable
from typing import Any, Final

from .._errors import LoadError, brief

__all__ = [
    "FLAT",
    "SMALL",
    "Text",
]

#: The longest value (in characters) read in one piece; the containers that may be longer
#: (lists of deals, moves, rows; the objects of a document, a record, a deal, a view) are
#: read a value at a time.
SMALL: Final = 8192

_WS: Final = re.compile(r"[ \t\n\r]*")
#: A JSON string, or one bracket: what nesting depends on.  (The quantifiers are possessive:
#: matching never backtracks, so it takes no memory however long the string.)
_TOKENS: Final = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]')
#: A flat object (no nested bracket outside its strings), such as a move.
FLAT: Final = re.compile(r'\{(?:[^{}\[\]"]++|"(?:[^"\\]++|\\.)*+")*+\}')
_STRING: Final = re.compile(r'"(?:[^"\\]++|\\.)*+"')
_KINDS: Final = {"{": "an object", "[": "a list", '"': "a string"}
# (the standard library's C scanner and string reader, untyped in typeshed)
_MAKE_SCANNER: Final[Callable[[json.JSONDecoder], Callable[[str, int], tuple[Any, int]]]] = (
    json.scanner.make_scanner  # type: ignore[assignment]
)
_SCANSTRING: Final[Callable[[str, int], tuple[str, int]]] = json.decoder.scanstring  # type: ignore[attr-defined]


class Text:
    """A JSON text being read; positions are character offsets.

    Args:
        text: the whole text.
        decoder: the decoder whose hooks (objects, ints, constants) the small values are
            read with.
    """

    def __init__(self, text: str, decoder: json.JSONDecoder) -> None:
        self.s = text
        self.n = len(text)
        self._scan: Callable[[str, int], tuple[Any, int]] = _MAKE_SCANNER(decoder)

    def ws(self, i: int) -> int:
        """The position of the first character at or after ``i`` that is not white space."""
        found = _WS.match(self.s, i)
        return found.end() if found else i

    def char(self, i: int) -> str:
        """The character at ``i`` ("" at the end)."""
        return self.s[i] if i < self.n else ""

    def error(self, i: int, what: str) -> LoadError:
        """The error for text that is not JSON at ``i``."""
        exc = json.JSONDecodeError(what, self.s, min(i, self.n))
        return LoadError(f"$: not JSON: {exc.msg} (line {exc.lineno} column {exc.colno})")

    def end_of_small(self, i: int) -> int:
        """Where the value at ``i`` ends, if it has at most :data:`SMALL` characters; -1 for
        a longer one (it is not read); ``i`` for a number or a literal (read as it is)."""
        c = self.char(i)
        stop = min(self.n, i + SMALL)
        if c == '"':
            found = _STRING.match(self.s, i, stop)
            return found.end() if found else -1
        if c == "{":
            flat = FLAT.match(self.s, i, stop)
            if flat:
                return flat.end()
        if c in ("{", "["):
            return _matched(self.s, i, stop)
        return i

    def describe(self, i: int) -> str:
        """What the long value at ``i`` is, for a message."""
        return f"{_KINDS.get(self.char(i), 'a value')} of more than {SMALL} characters"

    def small(self, i: int, path: str) -> tuple[Any, int]:
        """The value at ``i`` and where it ends; it must have at most :data:`SMALL`
        characters (else :class:`LoadError` at ``path``)."""
        if self.end_of_small(i) < 0 and i + SMALL < self.n:
            raise LoadError(f"{path}: {self.describe(i)} is too long for this field")
        return self.value(i)  # (a value cut by the end of the text is not JSON)

    def value(self, i: int) -> tuple[Any, int]:
        """The value at ``i`` read in one piece, and where it ends."""
        try:
            return self._scan(self.s, i)
        except StopIteration:
            raise self.error(i, "Expecting value") from None
        except json.JSONDecodeError as exc:
            raise LoadError(
                f"$: not JSON: {exc.msg} (line {exc.lineno} column {exc.colno})"
            ) from None
        except RecursionError:  # pragma: no cover  (values read in one piece are short)
            raise LoadError("$: nested too deeply") from None

    def key(self, i: int) -> tuple[str, int]:
        """The object key (a string) at ``i`` and where it ends."""
        if self.char(i) != '"':
            raise self.error(i, "Expecting property name enclosed in double quotes")
        if self.end_of_small(i) < 0 and i + SMALL < self.n:
            raise LoadError(f"$: a key of more than {SMALL} characters")
        try:
            key, end = _SCANSTRING(self.s, i + 1)
        except json.JSONDecodeError as exc:
            raise LoadError(
                f"$: not JSON: {exc.msg} (line {exc.lineno} column {exc.colno})"
            ) from None
        return key, end

    def items(self, i: int, path: str, read: Callable[[int, str], int]) -> int:
        """Read the list at ``i`` a value at a time: ``read(position, path)`` reads each one
        and returns where it ends.  Returns where the list ends."""
        if self.char(i) != "[":
            raise _not(self, i, path, "a list")
        i = self.ws(i + 1)
        if self.char(i) == "]":
            return i + 1
        k = 0
        while True:
            i = self.ws(read(i, f"{path}[{k}]"))
            k += 1
            c = self.char(i)
            if c == ",":
                i = self.ws(i + 1)
            elif c == "]":
                return i + 1
            else:
                raise self.error(i, "Expecting ',' delimiter")

    def fields(self, i: int, path: str, read: Callable[[str, int], int]) -> int:
        """Read the object at ``i`` a field at a time: ``read(key, position)`` reads each
        value and returns where it ends (it checks the key).  Returns where the object
        ends."""
        if self.char(i) != "{":
            raise _not(self, i, path, "an object")
        i = self.ws(i + 1)
        if self.char(i) == "}":
            return i + 1
        while True:
            key, i = self.key(i)
            i = self.ws(i)
            if self.char(i) != ":":
                raise self.error(i, "Expecting ':' delimiter")
            i = self.ws(read(key, self.ws(i + 1)))
            c = self.char(i)
            if c == ",":
                i = self.ws(i + 1)
            elif c == "}":
                return i + 1
            else:
                raise self.error(i, "Expecting ',' delimiter")

    def skip(self, i: int) -> int:
        """Where the value at ``i`` ends, without reading it (its brackets are matched)."""
        c = self.char(i)
        if c not in ("{", "["):
            end = self.end_of_small(i)
            return self.value(i)[1] if end == i or end < 0 else end
        end = _matched(self.s, i, len(self.s))
        if end < 0:
            raise self.error(self.n, "Expecting value")
        return end


def _matched(s: str, i: int, stop: int) -> int:
    """Where the bracketed value opening at ``i`` closes (before ``stop``), -1 if it does not."""
    depth = 0
    for token in _TOKENS.finditer(s, i, stop):
        b = s[token.start()]
        if b in "[{":
            depth += 1
        elif b in "]}":
            depth -= 1
            if not depth:
                return token.end()
    return -1


def _not(text: Text, i: int, path: str, kind: str) -> LoadError:
    """The error for a value at ``i`` that is not ``kind``: quoted when short."""
    if text.end_of_small(i) < 0 and i + SMALL < text.n:
        return LoadError(f"{path}: {text.describe(i)} is not {kind}")
    value, _ = text.value(i)
    return LoadError(f"{path}: {brief(value)} is not {kind}")
