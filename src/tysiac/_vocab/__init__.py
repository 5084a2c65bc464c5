"""The vocabulary: cards and card masks, moves, move codes, notation, dealing.

Imports nothing of tysiac but :mod:`tysiac._errors`.
"""

__all__: list[str] = []
