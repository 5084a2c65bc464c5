"""The command line's subcommands (:mod:`tysiac.cli` runs them).

Imports the public API, the bots and everything below.
"""

__all__: list[str] = []
