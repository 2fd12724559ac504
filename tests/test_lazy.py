"""Lazy packages: each name is imported from its module when first read, and the names a
package gives at run time are the ones its ``TYPE_CHECKING`` block gives type checkers."""

from __future__ import annotations

import ast
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

from tictac_tui.lazy import Exports

from .test_layers import ROOT, _is_type_checking, module_name, parsed

LAZY_PACKAGES = sorted(
    module_name(path)
    for path in ROOT.rglob("__init__.py")
    if isinstance(vars(import_module(module_name(path))).get("__getattr__"), Exports)
)
"""The package's lazy packages (their ``__getattr__`` is an `Exports`)."""


def checked_names(package: str) -> dict[str, tuple[str, str]]:
    """Public name -> (module relative to `package`, its name there), from the
    ``TYPE_CHECKING`` block of `package`'s ``__init__``."""
    tree = parsed(ROOT.joinpath(*package.split(".")[1:], "__init__.py"))
    names: dict[str, tuple[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom) and statement.level == 1
                for alias in statement.names:
                    origin = (f".{statement.module}", alias.name)
                    names[alias.asname or alias.name] = origin
    return names


def test_the_packages_that_start_programs_are_lazy() -> None:
    assert {
        "tictac_tui.engines",
        "tictac_tui.records",
        "tictac_tui.strategies",
        "tictac_tui.strategies.search",
    } <= set(LAZY_PACKAGES)


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_run_time_names_are_the_type_checked_ones(package: str) -> None:
    module = import_module(package)
    exports = vars(module)["__getattr__"]
    assert isinstance(exports, Exports)
    assert exports.origin == checked_names(package)
    own = set(module.__all__) - set(exports.origin)  # defined in the package's __init__ itself
    assert set(exports.origin) <= set(module.__all__) and all(name in vars(module) for name in own)
    for name, (source, attribute) in exports.origin.items():
        assert getattr(module, name) is getattr(import_module(source, package), attribute)


def test_an_unknown_name_is_an_attribute_error() -> None:
    import tictac_tui.strategies as strategies

    with pytest.raises(AttributeError, match="has no attribute 'nothing_here'"):
        strategies.nothing_here  # noqa: B018


def test_reading_one_name_imports_only_its_module(tmp_path: Path) -> None:
    """In a fresh interpreter: a name from a light module leaves the heavy ones unimported."""
    probe = (
        "import sys\n"
        "from tictac_tui.strategies import Difficulty\n"
        "from tictac_tui.engines import EngineSpec\n"
        "from tictac_tui.records import GameRecord\n"
        "print(sorted(m for m in sys.modules if m.startswith('tictac_tui')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=tmp_path
    ).stdout
    loaded = set(ast.literal_eval(out))
    assert "tictac_tui.strategies.levels" in loaded
    assert loaded.isdisjoint(
        {
            "tictac_tui.strategies.search.player",
            "tictac_tui.engines.client",
            "tictac_tui.records.sgf",
        }
    )
