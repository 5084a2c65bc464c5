"""The wheel's build hook: with ``TYSIAC_COMPILE=1`` the engine's modules are compiled by mypyc.

Without the variable (or with ``TYSIAC_COMPILE=0``) the hook does nothing and the wheel is
the pure-Python ``py3-none-any`` one.  With it, the modules listed under ``compile`` in
``[tool.hatch.build.targets.wheel.hooks.custom]`` of ``pyproject.toml`` are translated to C
by mypyc (which ships with mypy) and built into extension modules with the C compiler that
built Python; the wheel keeps every ``.py`` file beside them (for type checkers, tracebacks
and ``inspect``), and Python imports the extension module where both exist.  The compiled
build behaves exactly as the pure one (see the docs' performance page); ``tysiac.COMPILED``
tells which one is running.

The build needs mypy, setuptools and attrs, which the hook asks the build front end for
only when compiling, so a pure build needs nothing but hatchling.  Editable installs
(``pip install -e .``) are always pure: compiled modules would have to be written into the
source tree, where they would shadow later edits of the ``.py`` files.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The environment variable that asks for the compiled build.
SWITCH = "TYSIAC_COMPILE"

#: What the compiled build needs at build time (none of it at run time).
BUILD_REQUIREMENTS = ["mypy>=1.18", "setuptools>=70", "attrs>=23.1"]


def compiling() -> bool:
    """Whether ``TYSIAC_COMPILE`` asks for the compiled build."""
    value = os.environ.get(SWITCH, "").strip().lower()
    if value in ("", "0", "false", "no", "off"):
        return False
    if value in ("1", "true", "yes", "on"):
        return True
    raise ValueError(f"{SWITCH}={value!r}: use 1 to compile with mypyc, 0 (or unset) for pure")


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles the configured modules with mypyc when ``TYSIAC_COMPILE=1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return list(BUILD_REQUIREMENTS) if compiling() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not compiling():
            return
        if version == "editable":
            self.app.display_warning(
                f"{SWITCH}=1 is ignored by an editable install, which stays pure Python: "
                "use `pip install .` for the compiled build"
            )
            return
        modules = self.config.get("compile", [])
        if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
            raise TypeError("the hook's `compile` option must be a list of paths")
        root = Path(self.root)
        work = Path(tempfile.mkdtemp(prefix="tysiac-mypyc-"))
        self._work = work
        built = _build(root, modules, work)
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(work / "lib").as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(f"compiled {len(modules)} modules with mypyc")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)


def _build(root: Path, modules: list[str], work: Path) -> list[Path]:
    """Compile ``modules`` (paths relative to ``root``); return the extension files built."""
    # imported here: only the compiled build installs them (see ``dependencies``)
    from mypyc.build import mypycify  # noqa: PLC0415
    from setuptools import Distribution  # noqa: PLC0415

    for module in modules:
        if not (root / module).is_file():
            raise FileNotFoundError(f"the hook's `compile` option names {module}: not a file")
    cwd = os.getcwd()
    os.chdir(root)  # mypy reads [tool.mypy] of pyproject.toml and finds the package from here
    try:
        extensions = mypycify(
            [
                "--config-file",
                str(root / "pyproject.toml"),
                "--cache-dir",
                str(work / "cache"),
                *modules,
            ],
            opt_level="3",
            target_dir=str(work / "c"),
            group_name="tysiac._native",
        )
        dist = Distribution({"name": "tysiac", "ext_modules": extensions})
        command: Any = dist.get_command_obj("build_ext")
        command.build_lib = str(work / "lib")
        command.build_temp = str(work / "temp")
        command.inplace = False
        dist.run_command("build_ext")
    finally:
        os.chdir(cwd)
    suffixes = tuple(_extension_suffixes())
    built = sorted(p for p in (work / "lib").rglob("*") if p.name.endswith(suffixes))
    if not built:
        raise RuntimeError("mypyc built no extension module")
    return built


def _extension_suffixes() -> list[str]:
    from importlib.machinery import EXTENSION_SUFFIXES  # noqa: PLC0415

    return EXTENSION_SUFFIXES or [".so" if sys.platform != "win32" else ".pyd"]
