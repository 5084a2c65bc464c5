"""The base of the rule options' enums (private)."""

from __future__ import annotations

import enum

__all__ = ["Option"]


class Option(enum.Enum):
    """An enum whose members repr as ``Class.MEMBER`` and can be built from their value."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def __str__(self) -> str:
        return self.__repr__()

    # members are singletons: identity hashing is correct and much faster than Enum's
    __hash__ = object.__hash__
