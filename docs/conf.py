"""Sphinx configuration of the tysiac documentation (furo theme, MyST Markdown pages)."""

from __future__ import annotations

import sys
from pathlib import Path

from sphinx.ext.napoleon.docstring import GoogleDocstring

# The package is installed editable in the venv; fall back to src/ for a bare checkout.
_SRC = Path(__file__).resolve().parents[1] / "src"
if str(_SRC) not in sys.path:
    sys.path.insert(0, str(_SRC))

import tysiac  # noqa: E402

project = "tysiac"
author = "The tysiac developers"
copyright = "the tysiac developers"
release = tysiac.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
language = "en"

# --- MyST ----------------------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
myst_heading_anchors = 3

# --- autodoc and napoleon (Google-style docstrings) ----------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_class_signature = "mixed"
autodoc_preserve_defaults = False
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False


def _plain_attribute_docstring(self: GoogleDocstring) -> list[str]:
    """Keep an attribute's docstring as written.

    Napoleon reads ``"Number of players: 2, 3 or 4."`` as the type ``Number of players``;
    tysiac's attribute and enum-member docstrings are plain sentences, never ``type: text``.
    """
    return [line.strip() for line in self._consume_to_end()]


GoogleDocstring._parse_attribute_docstring = _plain_attribute_docstring  # type: ignore[method-assign]

# --- doctest: every example of the pages and of the docstrings runs --------------------------
# Standalone ``>>>`` blocks (the docstrings pulled in by autodoc) are tested as well as the
# explicit doctest/testcode directives of the pages.
doctest_test_doctest_blocks = "default"
doctest_global_setup = f"""
from pathlib import Path
from tysiac import *
try:
    from tysiac.bots import Bot, GreedyBot, RandomBot, play_game
except ImportError:
    pass
DOCS_DIR = Path({str(Path(__file__).resolve().parent)!r})
"""

# --- HTML ----------------------------------------------------------------------------------
html_theme = "furo"
html_title = f"tysiac {release}"
html_static_path: list[str] = []
