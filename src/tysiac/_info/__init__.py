"""Information: views, knowledge, world sampling and the hidden history, features and
action numbers.

Imports the engine and everything below it.
"""

__all__: list[str] = []
