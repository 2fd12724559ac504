"""The package's import structure: no cycles, and every arrow points down the layers.

Read from the source with `ast` (nothing is imported): every ``import`` and
``from ... import`` of a module, at its top or inside a function, counts;
those under ``if TYPE_CHECKING:`` do not (they are never run), except in a lazy
package's ``__init__`` (one with a module ``__getattr__``), where they name the
modules its ``__getattr__`` imports when one of its names is read. An import of
a package counts as an import of its ``__init__``; ``from pkg import name``
of a submodule counts as an import of that submodule.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

import tictac_tui

PACKAGE = "tictac_tui"
ROOT = Path(tictac_tui.__file__).parent

Graph = Mapping[str, frozenset[str]]
"""Module name -> the package's modules it imports."""

MAY_IMPORT: dict[str, tuple[str, ...]] = {
    "engine": ("engine",),
    "strategies": ("engine", "strategies", "lazy"),
    "i18n": ("i18n",),  # a leaf: the words for the game's values are in `words`, above it
    "lazy": (),  # a leaf: lazy packages' `__getattr__`, in every layer but the engine
}
"""Layers that may import only these parts of the package (a part: the name after `PACKAGE`)."""

MAY_NOT_IMPORT: dict[str, tuple[str, ...]] = {
    "plain": ("tui",),
    "play": ("tui", "plain"),
}
"""Parts that must not import these (the front ends stay apart; the game layer is below both)."""


KNOWN_CYCLES: frozenset[frozenset[str]] = frozenset()
"""Cycles tolerated while they are being removed: none now.

Every cycle not listed here fails; a listed one that is gone fails too, so
the list is emptied as soon as its cycle is."""


def module_name(path: Path, root: Path = ROOT, package: str = PACKAGE) -> str:
    """The dotted name of the module at `path` (a package: its own name)."""
    parts = [package, *path.relative_to(root).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(tree: ast.Module, name: str, is_package: bool, modules: Iterable[str]) -> set[str]:
    """The modules among `modules` that module `name` imports, TYPE_CHECKING blocks aside
    (but for a lazy package's: `is_lazy`)."""
    known = set(modules)
    lazy = is_package and is_lazy(tree)
    here = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()

    def target(base: str, names: Iterable[str]) -> None:
        for item in names:
            full = f"{base}.{item}" if base else item
            found.add(full if full in known else base)

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test) and not lazy:
            for branch in node.orelse:
                visit(branch)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = here.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            target(base, (alias.name for alias in node.names))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {module for module in found if module in known and module != name}


def is_lazy(tree: ast.Module) -> bool:
    """Whether a package's ``__init__`` defines a module ``__getattr__`` (PEP 562)."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "__getattr__":
            return True
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__getattr__" for target in node.targets
        ):
            return True
    return False


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


@cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of the module at `path` (parsed once for all the tests here)."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


@cache
def import_graph(root: Path = ROOT, package: str = PACKAGE) -> dict[str, frozenset[str]]:
    """Each module of the package under `root` -> the package's modules it imports (built
    once for all the tests here: a test only reads it)."""
    paths = {module_name(path, root, package): path for path in sorted(root.rglob("*.py"))}
    return {
        name: frozenset(
            imported(
                parsed(path),
                name,
                path.name == "__init__.py",
                paths,
            )
        )
        for name, path in paths.items()
    }


def cycles(graph: Graph) -> set[frozenset[str]]:
    """The import cycles: each strongly connected set of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()

    def connect(node: str) -> None:  # the package's depth is small: recursion is fine
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.add(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def part(module: str) -> str:
    """The part of the package a module belongs to: "engine", "tui", "cli", ..."""
    return module.split(".")[1] if "." in module else ""


def wrong_arrows(
    graph: Graph,
    may_import: Mapping[str, tuple[str, ...]] = MAY_IMPORT,
    may_not_import: Mapping[str, tuple[str, ...]] = MAY_NOT_IMPORT,
) -> list[tuple[str, str]]:
    """(importer, imported) for each import the layers forbid."""

    def allowed(source: str, to: str) -> bool:
        if source in may_import:
            return to in may_import[source]
        return to not in may_not_import.get(source, ())

    return [
        (module, other)
        for module, targets in sorted(graph.items())
        for other in sorted(targets)
        if not allowed(part(module), part(other))
    ]


def test_the_package_has_no_import_cycles() -> None:
    found = cycles(import_graph())
    assert sorted(map(sorted, found - KNOWN_CYCLES)) == []
    gone = KNOWN_CYCLES - found
    assert not gone, f"no longer a cycle, remove from KNOWN_CYCLES: {sorted(map(sorted, gone))}"


def test_every_arrow_points_down_the_layers() -> None:
    assert wrong_arrows(import_graph()) == []


def test_plain_imports_nothing_from_tui_and_the_game_layer_neither() -> None:
    graph = import_graph()
    plain = {m for m in graph if part(m) == "plain"}
    play = {m for m in graph if part(m) == "play"}
    assert plain and play  # the parts exist under these names
    below = {other for module in plain | play for other in graph[module]}
    assert {part(other) for other in below}.isdisjoint({"tui"})
    assert any(part(other) == "play" for module in plain for other in graph[module])


def test_only_tui_imports_curses() -> None:
    for path in ROOT.rglob("*.py"):
        name = module_name(path)
        tree = parsed(path)
        heads = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                heads |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level:
                heads.add((node.module or "").split(".")[0])
        if part(name) != "tui":
            assert heads.isdisjoint({"curses", "_curses"}), name


# -- the checks themselves find what they look for ---------------------------------------


def test_the_graph_reads_relative_lazy_and_type_checking_imports(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("from .leaf import x\n")
    (package / "sub" / "leaf.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from ..top import T\n"
        "def f():\n    from .. import top\n"
    )
    (package / "top.py").write_text("import pkg.sub\nfrom pkg.sub import leaf\n")
    graph = import_graph(package, "pkg")
    assert graph == {
        "pkg": frozenset(),
        "pkg.sub": frozenset({"pkg.sub.leaf"}),
        "pkg.sub.leaf": frozenset({"pkg.top"}),
        "pkg.top": frozenset({"pkg.sub", "pkg.sub.leaf"}),
    }
    assert cycles(graph) == {frozenset({"pkg.sub", "pkg.sub.leaf", "pkg.top"})}


def test_a_wrong_arrow_is_found() -> None:
    graph = {
        "tictac_tui.engine.state": frozenset({"tictac_tui.choices"}),
        "tictac_tui.strategies.base": frozenset({"tictac_tui.engine", "tictac_tui.i18n"}),
        "tictac_tui.plain.game": frozenset({"tictac_tui.play.match", "tictac_tui.tui.keys"}),
        "tictac_tui.play.match": frozenset({"tictac_tui.strategies"}),
    }
    assert wrong_arrows(graph) == [
        ("tictac_tui.engine.state", "tictac_tui.choices"),
        ("tictac_tui.plain.game", "tictac_tui.tui.keys"),
        ("tictac_tui.strategies.base", "tictac_tui.i18n"),
    ]
