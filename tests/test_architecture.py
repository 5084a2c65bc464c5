"""The package's shape: the public names, the layers and the direction of their imports,
and the fields of the engine's compact form (see the docs' contributor page)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tysiac
from tysiac._engine.core import Core, DealInfo, GameInfo

SRC = Path(tysiac.__file__).resolve().parent

#: Every public name of ``tysiac``: a change here is a change of the API (and the changelog).
PUBLIC = [
    "CARDS",
    "COMPILED",
    "PRESETS",
    "BarrelFailure",
    "BarrelMounting",
    "Bid",
    "BoltRule",
    "Bomb",
    "BombPayout",
    "BombRule",
    "Card",
    "ChooseMusik",
    "Claim",
    "Concealed",
    "Concede",
    "ConcessionPayout",
    "ConcessionTiming",
    "Contract",
    "DealAnalysis",
    "DealRecord",
    "DealResult",
    "Declaration",
    "DefenderCap",
    "Discard",
    "GameAnalysis",
    "GameRecord",
    "Give",
    "HalfRounding",
    "HiddenPile",
    "IllegalMoveError",
    "ImpossibleViewError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidRulesError",
    "InvalidSeatError",
    "Layout",
    "LoadError",
    "MarriageCards",
    "Move",
    "NotABotError",
    "NotAMoveError",
    "NotAStateError",
    "NotAnActionError",
    "Outcome",
    "Pass",
    "Phase",
    "Pile",
    "Play",
    "PlayAnalysis",
    "Policy",
    "Rank",
    "Redeal",
    "RedealMarriage",
    "Rules",
    "ScoreSheet",
    "Solution",
    "State",
    "Suit",
    "TrumpTiming",
    "TysiacError",
    "View",
    "WrongPhaseError",
    "__version__",
    "analyse",
    "apply",
    "from_json",
    "legal_moves",
    "move_text",
    "new_game",
    "observe",
    "parse_cards",
    "parse_move",
    "record",
    "replay",
    "rollout",
    "sample_world",
    "solve",
    "to_json",
    "tournament",
]

#: The layers from the bottom up: a module may import its own layer and those below it.
LAYERS: dict[str, int] = {
    "_errors": 0,
    "_version": 0,
    "_vocab": 1,
    "_rules": 2,
    "_engine": 3,
    "_compiled": 3,
    "_search": 4,
    "_info": 5,
    "encoding": 5,
    "_records": 6,
    "bots": 7,
    "_cli": 8,
    "tysiac": 9,  # the façade, tysiac/__init__.py
    "cli": 9,
    "__main__": 9,
    "contrib": 10,
}

#: The subpackages of private modules, one a layer.
SUBPACKAGES = ("_vocab", "_rules", "_engine", "_search", "_info", "_records", "_cli")


def _module(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[str, int, str]]:
    """The tysiac modules ``path`` imports: ``(module, line, where)``, every import counted;
    ``where`` is ``"module"``, ``"typing"`` (under ``if TYPE_CHECKING:``, never run) or
    ``"function"``."""
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    typing = {id(n) for node in tree.body if isinstance(node, ast.If) for n in ast.walk(node)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            names = [f"{target}.{a.name}" for a in node.names]
            for name in [target, *names]:
                if name.split(".")[0] == "tysiac":
                    out.append((name, node.lineno, _where(node, top, typing)))
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == "tysiac":
                    out.append((a.name, node.lineno, _where(node, top, typing)))
    return out


def _where(node: ast.AST, top: set[int], typing: set[int]) -> str:
    return "module" if id(node) in top else "typing" if id(node) in typing else "function"


def _layer(module: str) -> int:
    parts = module.split(".")
    key = parts[1] if len(parts) > 1 else "tysiac"
    if key not in LAYERS:  # a public name of the façade (``from .. import State``)
        return LAYERS["tysiac"]
    return LAYERS[key]


def _sources() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def test_the_public_names_are_pinned() -> None:
    assert sorted(tysiac.__all__) == sorted(PUBLIC)
    assert len(set(tysiac.__all__)) == len(tysiac.__all__)


def test_every_module_belongs_to_a_layer() -> None:
    for path in _sources():
        module = _module(path)
        parts = module.split(".")
        assert len(parts) == 1 or parts[1] in LAYERS, module


@pytest.mark.parametrize("path", _sources(), ids=_module)
def test_no_module_imports_a_layer_above_its_own(path: Path) -> None:
    own = _layer(_module(path))
    for target, line, _ in _imports(path):
        assert _layer(target) <= own, f"{_module(path)}:{line} imports {target}"


def test_the_module_level_imports_have_no_cycle() -> None:
    modules = {_module(p) for p in _sources()}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for path in _sources():
        for target, _, where in _imports(path):
            if where == "module" and target in modules and target != _module(path):
                graph[_module(path)].add(target)
    state: dict[str, int] = {}

    def visit(m: str, trail: list[str]) -> None:
        state[m] = 1
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                raise AssertionError("import cycle: " + " -> ".join([*trail, m, n]))
            if n not in state:
                visit(n, [*trail, m])
        state[m] = 2

    for m in sorted(modules):
        if m not in state:
            visit(m, [])


def test_the_package_imports_itself_only_at_module_level() -> None:
    """No import of tysiac hides in a function (they dodged cycles that do not exist)."""
    for path in _sources():
        for target, line, where in _imports(path):
            assert where != "function", f"{_module(path)}:{line} imports {target} in a function"


@pytest.mark.parametrize("package", SUBPACKAGES)
def test_each_layer_says_what_it_holds_and_may_import(package: str) -> None:
    init = SRC / package / "__init__.py"
    doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
    assert doc is not None and "Imports" in doc, package
    # the subpackage's __init__ re-exports nothing: its modules are imported by name
    assert not [
        n for n in ast.parse(init.read_text()).body if isinstance(n, ast.ImportFrom | ast.Import)
    ]


def test_the_compact_forms_fields_are_frozen() -> None:
    """The engine builds these named tuples by position on its hot path: a field added,
    removed or moved must change every builder (see the contributor page)."""
    assert Core._fields == (
        "rules",
        "game",
        "phase",
        "to_move",
        "winner",
        "deal",
        "hands",
        "stock",
        "leader",
        "trick",
        "trump",
        "pending_trump",
        "taken",
        "marriages",
        "log",
        "play_mask",
    )
    assert GameInfo._fields == (
        "seed",
        "deal_number",
        "dealer",
        "scores",
        "bombs",
        "sheet",
        "deck",
        "history",
    )
    assert DealInfo._fields == (
        "musiks",
        "discards",
        "revealed",
        "bid",
        "bidder",
        "passed",
        "acted",
        "declarer",
        "contract",
    )
