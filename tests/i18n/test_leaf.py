"""i18n is a leaf: it imports nothing of the game (the words for the game's values are in
`tictac_tui.words`, above it)."""

from __future__ import annotations

import ast
from pathlib import Path

import tictac_tui.i18n

PACKAGE = "tictac_tui"
I18N = Path(tictac_tui.i18n.__file__).resolve().parent


def imported_modules(path: Path) -> set[str]:
    """The absolute names of the modules the file at `path` (a module of i18n) imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    here = [PACKAGE, "i18n"]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    bad = tmp_path / "names.py"
    bad.write_text("from ..choices import Mode\nfrom . import _\nimport tictac_tui.engine\n")
    assert {"tictac_tui.choices", "tictac_tui.i18n", "tictac_tui.engine"} <= imported_modules(bad)


def test_i18n_imports_nothing_of_the_game() -> None:
    paths = sorted(I18N.glob("*.py"))
    assert paths
    for path in paths:
        game = {
            name
            for name in imported_modules(path)
            if name.split(".")[0] == PACKAGE and not name.startswith(f"{PACKAGE}.i18n")
        }
        assert not game, f"{path.name} imports {sorted(game)}"
