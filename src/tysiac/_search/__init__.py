"""Search: the double-dummy solver (every card open) on the engine's integer form, and the
public :func:`~tysiac.solve` built on it.

Imports the engine and everything below it.
"""

__all__: list[str] = []
