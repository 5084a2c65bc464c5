"""Sphinx configuration of the tysiac documentation (furo theme, MyST Markdown pages)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import Any

from sphinx.ext.napoleon.docstring import GoogleDocstring
from sphinx.pycode import ModuleAnalyzer

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


def _hide_state_signature(
    app: object,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """Show ``class tysiac.State`` without its one private field: states are not built by
    hand but by :func:`~tysiac.new_game` and :func:`~tysiac.apply`."""
    if what == "class" and name == "tysiac.State":
        return "", None
    return None


# --- public names defined in private modules ----------------------------------------------
# tysiac/__init__.py sets ``__module__ = "tysiac"`` on its public classes and functions, so
# that they render as ``tysiac.Card``.  Their sources live in the private modules: autodoc
# reads the attribute docstrings and viewcode the source of ``tysiac`` from them.


def _defined_in() -> dict[str, str]:
    """The private module that defines each public name: ``{"Card": "tysiac._vocab.cards"}``.

    The private modules are ``tysiac/_*.py`` and the modules of the private subpackages
    ``tysiac/_*/`` (the layers of the contributor page).
    """
    package = _SRC / "tysiac"
    out: dict[str, str] = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(_SRC).with_suffix("").parts
        if not parts[1].startswith("_") or parts[-1] == "__init__":
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef | ast.FunctionDef):
                out.setdefault(node.name, ".".join(parts))
    return {name: module for name, module in out.items() if name in tysiac.__all__}


_DEFINED_IN = _defined_in()
#: Entry points overloaded only for the compiled build (their implementation takes any
#: object, see ``tysiac._engine``): the docs show the first overload, the public signature.
_FIRST_OVERLOAD_ONLY = frozenset(
    {"new_game", "legal_moves", "apply", "rollout", "sample_world", "observe"}
)
_for_module = ModuleAnalyzer.for_module.__func__  # type: ignore[attr-defined]


def _for_module_with_private(cls: type[ModuleAnalyzer], modname: str) -> ModuleAnalyzer:
    analyzer: ModuleAnalyzer = _for_module(cls, modname)
    if modname == "tysiac" and not getattr(analyzer, "_tysiac_private", False):
        analyzer.analyze()
        for private in sorted(set(_DEFINED_IN.values())):
            other: ModuleAnalyzer = _for_module(cls, private)
            other.analyze()
            for key, lines in other.attr_docs.items():
                analyzer.attr_docs.setdefault(key, lines)
            for key, annotation in other.annotations.items():
                analyzer.annotations.setdefault(key, annotation)
            for name in _FIRST_OVERLOAD_ONLY & other.overloads.keys():
                analyzer.overloads.setdefault(name, other.overloads[name][:1])
        analyzer._tysiac_private = True  # type: ignore[attr-defined]
    return analyzer


ModuleAnalyzer.for_module = classmethod(_for_module_with_private)  # type: ignore[assignment,method-assign]


def _follow_imported(app: object, modname: str, attribute: str) -> str | None:
    if modname == "tysiac":
        return _DEFINED_IN.get(attribute.split(".", maxsplit=1)[0])
    return None


def setup(app: Any) -> None:
    app.connect("autodoc-process-signature", _hide_state_signature)
    app.connect("viewcode-follow-imported", _follow_imported)


# --- doctest: every example of the pages and of the docstrings runs --------------------------
# Standalone ``>>>`` blocks (the docstrings pulled in by autodoc) are tested as well as the
# explicit doctest/testcode directives of the pages.
doctest_test_doctest_blocks = "default"
doctest_global_setup = f"""
from pathlib import Path
from tysiac import *
try:
    from tysiac.bots import Bot, HeuristicBot, RandomBot, play_game
except ImportError:
    pass
DOCS_DIR = Path({str(Path(__file__).resolve().parent)!r})
"""

# --- HTML ----------------------------------------------------------------------------------
html_theme = "furo"
html_title = f"tysiac {release}"
html_static_path: list[str] = []
