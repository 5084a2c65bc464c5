"""Records and JSON.

Imports information and everything below it.
"""

__all__: list[str] = []
