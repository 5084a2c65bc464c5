"""The rules: the option enums, :class:`~tysiac.Rules` and its checks, the presets,
the layouts and seat tables, and the rules unpacked for the hot path.

Imports the vocabulary (and :mod:`tysiac._errors`).
"""

__all__: list[str] = []
