"""The package as it is published: one version, public names, no pointers to unshipped files.

The README's Python examples run here as doctests, so the PyPI page stays true.
"""

from __future__ import annotations

import doctest
import importlib.metadata
import inspect
import pickle
import re
import tarfile
import tomllib
from pathlib import Path

import pytest

import tysiac
from tysiac import (
    Bid,
    Card,
    Concealed,
    DealResult,
    Give,
    IllegalMoveError,
    Layout,
    Outcome,
    Phase,
    Play,
    Rules,
    apply,
    new_game,
    observe,
)
from tysiac.bots import play_game

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
README = (ROOT / "README.md").read_text(encoding="utf-8")

#: What users of the package do not have: the project's rules spec and its source texts.
UNSHIPPED = re.compile(r"RULES\.md|seeds?/|\bseeds? ?0\d\d\b|\bseeds? \d{3}/", re.IGNORECASE)


# --- one version ----------------------------------------------------------------------------


def test_the_version_has_one_source() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project
    assert "version" in project["dynamic"]
    path = ROOT / PYPROJECT["tool"]["hatch"]["version"]["path"]
    assert path == ROOT / "src" / "tysiac" / "_version.py"
    found = re.findall(r'^__version__ = "([^"]+)"$', path.read_text(encoding="utf-8"), re.M)
    assert found == [tysiac.__version__]


def test_the_installed_version_is_the_package_version() -> None:
    assert importlib.metadata.version("tysiac") == tysiac.__version__


def test_project_urls_are_absolute() -> None:
    urls = PYPROJECT["project"]["urls"]
    assert set(urls) == {"Documentation", "Source", "Changelog", "Issues"}
    assert all(url.startswith("https://") for url in urls.values())


# --- the source distribution ------------------------------------------------------------------

#: The top level of the sdist: what ``[tool.hatch.build.targets.sdist]`` includes, and the
#: files hatchling always adds (the metadata, ``pyproject.toml`` and ``.gitignore``).
SDIST_TOP = {
    ".gitignore",
    "CHANGELOG.md",
    "LICENSE",
    "PKG-INFO",
    "README.md",
    "benchmarks",
    "docs",
    "examples",
    "hatch_build.py",
    "pyproject.toml",
    "src",
    "tests",
}


def test_the_sdist_configuration_leaves_ci_and_build_outputs_out() -> None:
    sdist = PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]
    include = sdist["include"]
    assert all(entry.startswith("/") for entry in include)  # anchored at the root
    assert {entry.strip("/") for entry in include} <= SDIST_TOP
    assert "/hatch_build.py" in include  # a wheel built from the sdist runs the hook
    assert not [entry for entry in include if entry.startswith("/.")]
    assert {"/docs/_build", "__pycache__"} <= set(sdist["exclude"])


def test_the_sdist_holds_the_sources_and_not_ci(tmp_path: Path) -> None:
    """Build the sdist with hatchling (the build backend), as ``python -m build`` would."""
    sdist_builder = pytest.importorskip("hatchling.builders.sdist")
    (artifact,) = sdist_builder.SdistBuilder(str(ROOT)).build(
        directory=str(tmp_path), versions=["standard"]
    )
    with tarfile.open(artifact) as archive:
        names = archive.getnames()
    root = f"tysiac-{tysiac.__version__}"
    assert all(name == root or name.startswith(root + "/") for name in names)
    paths = [name.split("/", 1)[1] for name in names if "/" in name]
    assert {path.split("/", 1)[0] for path in paths} == SDIST_TOP
    for wanted in (
        "src/tysiac/__init__.py",
        "src/tysiac/py.typed",
        "tests/test_package.py",
        "docs/conf.py",
        "benchmarks/speed.py",
        "benchmarks/lean_playout.py",
        "examples/random_game.py",
    ):
        assert wanted in paths
    assert not [p for p in paths if p.startswith((".ci/", "docs/_build/", ".venv"))]
    assert not [p for p in paths if "__pycache__" in p or p.endswith((".pyc", ".so"))]


# --- nothing points to files the package does not ship -------------------------------------


def test_no_shipped_file_cites_the_rules_spec_or_a_seed_file() -> None:
    files = [p for p in (ROOT / "src").rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    assert len(files) > 10
    offenders = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if UNSHIPPED.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


@pytest.mark.parametrize(
    "text",
    ["see RULES.md 3.6", "(seed 004)", "seeds 000/002", "shared/seeds/004.txt", "Seed 001:"],
)
def test_the_unshipped_pattern_catches_citations(text: str) -> None:
    assert UNSHIPPED.search(text)


@pytest.mark.parametrize("text", ["seed=7", "new_game(seed=1)", "--seed 1", "the seed 12345678"])
def test_the_unshipped_pattern_leaves_game_seeds_alone(text: str) -> None:
    assert not UNSHIPPED.search(text)


def test_error_messages_cite_the_rules_page_by_section() -> None:
    state = new_game(seed=7)
    with pytest.raises(IllegalMoveError) as error:
        apply(state, Bid(120))
    assert "(see the rules, section 4 'The auction')" in str(error.value)


# --- public names -----------------------------------------------------------------------------


def _public_objects() -> list[tuple[str, object]]:
    return [(name, getattr(tysiac, name)) for name in tysiac.__all__]


def test_public_classes_and_functions_report_the_package_as_their_module() -> None:
    checked = 0
    for name, obj in _public_objects():
        if isinstance(obj, type) or inspect.isfunction(obj):
            assert obj.__module__ == "tysiac", name
            assert obj.__qualname__ == name
            checked += 1
    assert checked > 40
    with pytest.raises(IllegalMoveError) as error:
        apply(new_game(seed=7), Bid(500))
    assert f"{type(error.value).__module__}.{type(error.value).__name__}" == (
        "tysiac.IllegalMoveError"
    )


def test_public_objects_pickle_and_come_back_equal() -> None:
    state = play_game(Rules.preset("pl", players=4), seed=3, max_deals=2)
    view = observe(state, 1)
    objects: list[object] = [
        state,
        view,
        Rules.preset("ro", players=2),
        Card.parse("QH"),
        Give("9S", to=2),
        Play("KH", meld=True),
        Layout.TWO_DRAW,
        Phase.PLAY,
        Outcome.BOMBED,
        Concealed("Give", 2),
        state.sheet[0],
        IllegalMoveError("no"),
    ]
    assert isinstance(state.sheet[0], DealResult)
    for obj in objects:
        back = pickle.loads(pickle.dumps(obj))
        assert type(back) is type(obj)
        if isinstance(obj, Exception):
            assert isinstance(back, Exception)
            assert back.args == obj.args
        else:
            assert back == obj
    assert pickle.loads(pickle.dumps(Card.parse("QH"))) is Card.parse("QH")  # the shared card
    assert b"tysiac._" not in pickle.dumps(Card.parse("QH"))


def test_signatures_show_the_public_types() -> None:
    rules = str(inspect.signature(Rules))
    assert "layout: tysiac.Layout" in rules
    assert "object" not in rules
    assert str(inspect.signature(Card)) == "(suit: tysiac.Suit, rank: tysiac.Rank) -> None"


# --- the README, the PyPI page ----------------------------------------------------------------


def _readme_python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README, re.S)


def test_readme_python_examples_run_as_doctests() -> None:
    blocks = _readme_python_blocks()
    assert blocks
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(blocks, 1):
        test = parser.get_doctest(block, {}, f"README.md python block {number}", "README.md", 0)
        assert test.examples, f"python block {number} has no >>> examples"
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_readme_example_comes_first_and_imports_only_what_it_uses() -> None:
    first_code = README.index("```python")
    sections = [m.start() for m in re.finditer(r"^## ", README, re.M)]
    assert README.index("pip install tysiac") < sections[0] < first_code < sections[1]
    for block in _readme_python_blocks():
        code = "\n".join(
            line[4:] for line in block.splitlines() if line.startswith((">>> ", "... "))
        )
        for names in re.findall(r"^from \S+ import (.+)$", code, re.M):
            for name in names.split(","):
                used = re.findall(rf"\b{name.strip()}\b", code)
                assert len(used) > 1, f"{name.strip()} is imported but not used"


def test_readme_links_work_on_pypi() -> None:
    links = re.findall(r"\]\(([^)]+)\)", README)
    assert links
    for link in links:
        assert link.startswith("https://"), link
    urls = PYPROJECT["project"]["urls"]
    assert urls["Documentation"] in README
    assert urls["Source"] in README


def test_readme_speaks_to_users() -> None:
    for jargon in ("the main job", "RULES.md", "shared/"):
        assert jargon not in README


def test_readme_set_up_commands_are_kept() -> None:
    setup = README.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    commands = [line for line in setup.splitlines() if line.startswith("python3 -m venv")]
    venv = "python3 -m venv .venv && . .venv/bin/activate && "
    assert commands == [
        venv + "pip install . && python -m tysiac --seed 1",
        venv + 'pip install -e ".[dev]" && python -m pytest',
    ]


def test_the_console_script_is_the_command_line() -> None:
    from tysiac.cli import main

    (script,) = importlib.metadata.entry_points(group="console_scripts", name="tysiac")
    assert script.value == "tysiac.cli:main"
    assert script.load() is main
