"""The documentation's Markdown pages: markup that Sphinx would print as raw text.

Sphinx builds the pages with ``-W`` in CI, but a MyST role such as ``{doc}`page``` inside an
``{eval-rst}`` block is not an error there: reStructuredText has no such role syntax, so it
is printed as it is written.  Inside those blocks a role is written ``:doc:`page```.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.parts)

#: A fenced ``{eval-rst}`` block of a MyST page (three or more backticks).
EVAL_RST = re.compile(r"^(`{3,})\{eval-rst\}\n(.*?)^\1\s*$", re.M | re.S)
#: A MyST role: ``{name}`` directly followed by a backtick.
MYST_ROLE = re.compile(r"\{[a-z:-]+\}`")


def test_there_are_pages() -> None:
    assert len(PAGES) > 10


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_eval_rst_blocks_use_rst_roles(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for block in EVAL_RST.finditer(text):
        line = text.count("\n", 0, block.start()) + 1
        found = MYST_ROLE.findall(block.group(2))
        assert not found, f"{page.name}: the eval-rst block at line {line} uses {found}"


def test_the_pattern_finds_a_myst_role_in_an_eval_rst_block() -> None:
    text = "```{eval-rst}\n.. py:data:: X\n\n   See {doc}`performance`.\n```\n"
    (block,) = EVAL_RST.finditer(text)
    assert MYST_ROLE.findall(block.group(2)) == ["{doc}`"]
    assert not MYST_ROLE.findall("See :doc:`performance`.")


#: Words of the game and of the API that the pages use and the glossary must explain.
GLOSSARY_TERMS = (
    "barrel",
    "bolt",
    "contract",
    "declarer",
    "layout",
    "marriage",
    "musik",
    "sitter",
    "stock",
    "trump",
    "view",
    "world",
)


def test_the_glossary_defines_the_words_of_the_game_and_the_api() -> None:
    text = (DOCS / "glossary.md").read_text(encoding="utf-8")
    body = text.split("```{glossary}", 1)[1].split("\n```", 1)[0]
    # a term is a line of its own, unindented; its definition is indented below it
    terms = {line for line in body.splitlines() if line and not line[0].isspace()}
    missing = [term for term in GLOSSARY_TERMS if term not in terms]
    assert missing == []
