"""Which build of the package is running: compiled by mypyc, or pure Python (private).

See the performance page, "Two builds", and for what is compiled and why the contributor
page, "Two builds".  The two builds behave the same; this flag only tells them apart (for
benchmarks, bug reports and the compiled build's own tests).
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

from ._engine import api as _engine

__all__ = ["COMPILED"]

#: True when the engine's modules are extension modules compiled by mypyc
#: (``TYSIAC_COMPILE=1 pip install tysiac``), False in the pure-Python build.
COMPILED: Final[bool] = str(_engine.__file__).endswith(tuple(EXTENSION_SUFFIXES))
