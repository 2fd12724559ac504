"""A package's public names, imported from their modules when first read (PEP 562).

A package whose ``__init__`` imports all its modules makes every program that touches any one
of them pay for all of them: the app's menu imported the search, the engine host and every
record format before its first frame. A lazy package instead gives, for each public name, the
module that defines it; `Exports` is then the package's ``__getattr__``, which imports that
module the first time the name is read and keeps the value, so later reads are plain attribute
lookups. The same names are imported under ``TYPE_CHECKING`` for type checkers;
tests/test_layers.py checks that both lists agree and counts those imports as the package's
import arrows. A leaf: imports nothing of the game.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from importlib import import_module


class Exports:
    """A lazy package's ``__getattr__``: each public name -> the module that defines it."""

    def __init__(self, package: str, sources: Mapping[str, tuple[str, ...]]) -> None:
        """`sources`: a module relative to `package` (``".base"``) -> the names it gives.

        A name written ``"attribute as name"`` is the module's ``attribute`` given as ``name``.
        """
        self.package = package
        self.origin: dict[str, tuple[str, str]] = {}
        """Public name -> (module, its name there)."""
        for module, names in sources.items():
            for entry in names:
                attribute, _, alias = entry.partition(" as ")
                self.origin[alias or attribute] = (module, attribute)

    def __call__(self, name: str) -> object:
        """The value of `name`, its module imported now if it was not yet."""
        if name not in self.origin:
            raise AttributeError(f"module {self.package!r} has no attribute {name!r}")
        module, attribute = self.origin[name]
        value = getattr(import_module(module, self.package), attribute)
        setattr(sys.modules[self.package], name, value)
        return value
