"""What the drawing code draws on: text and line glyphs with a look, clipped.

`render` draws on a `Canvas`; `terminal.CursesCanvas` puts it on the real
screen, `TextCanvas` keeps plain text for snapshot tests. Glyphs are named
("hline", "ulcorner", ...) so the same drawing gives ACS characters, ASCII,
or Unicode box characters.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..i18n.width import char_width


@dataclass(frozen=True, slots=True)
class Look:
    """How text looks: colour roles and attributes, degraded gracefully without colour.

    Foreground roles: "x", "o", "accent", "error", "warn", "good", "ink", "" (default).
    Background roles: "cursor", "win", "bar", "" (default).
    """

    fg: str = ""
    bg: str = ""
    bold: bool = False
    dim: bool = False
    underline: bool = False


PLAIN = Look()

UNICODE_GLYPHS = {
    "hline": "─",
    "vline": "│",
    "ulcorner": "┌",
    "urcorner": "┐",
    "llcorner": "└",
    "lrcorner": "┘",
    "ttee": "┬",
    "btee": "┴",
    "ltee": "├",
    "rtee": "┤",
    "plus": "┼",
    "diamond": "◆",
}
"""How ACS glyphs look in an xterm (and in snapshots)."""

ASCII_GLYPHS = {
    "hline": "-",
    "vline": "|",
    "ulcorner": "+",
    "urcorner": "+",
    "llcorner": "+",
    "lrcorner": "+",
    "ttee": "+",
    "btee": "+",
    "ltee": "+",
    "rtee": "+",
    "plus": "+",
    "diamond": "*",
}


class Canvas(Protocol):
    """A width x height grid of characters; writes outside it are dropped."""

    width: int
    height: int
    ascii: bool

    def put(self, y: int, x: int, text: str, look: Look = PLAIN) -> None:
        """Write `text` at (y, x), clipped to the canvas."""
        ...

    def glyph(self, y: int, x: int, name: str, look: Look = PLAIN) -> None:
        """Write one named line glyph at (y, x)."""
        ...


class TextCanvas:
    """A canvas that keeps plain characters (no looks), for tests and screenshots."""

    def __init__(self, width: int, height: int, *, ascii: bool = False) -> None:
        self.width = width
        self.height = height
        self.ascii = ascii
        self.rows = [[" "] * width for _ in range(height)]

    def put(self, y: int, x: int, text: str, look: Look = PLAIN) -> None:
        """Write `text` at (y, x), clipped; a wide character fills two cells (the second "")."""
        if not 0 <= y < self.height:
            return
        row = self.rows[y]
        for char in text:
            columns = char_width(char)
            if columns == 0:
                continue
            if x >= 0 and x + columns <= self.width:
                self._clear(row, x)
                if columns == 2:
                    self._clear(row, x + 1)
                    row[x + 1] = ""
                row[x] = char
            x += columns

    def _clear(self, row: list[str], x: int) -> None:
        """Blank what covers cell `x`: half of a wide character becomes a space."""
        if row[x] == "" and x > 0:
            row[x - 1] = " "
        elif x + 1 < self.width and row[x + 1] == "":
            row[x + 1] = " "
        row[x] = " "

    def glyph(self, y: int, x: int, name: str, look: Look = PLAIN) -> None:
        """Write a named glyph (Unicode, or ASCII in ascii mode)."""
        self.put(y, x, (ASCII_GLYPHS if self.ascii else UNICODE_GLYPHS)[name], look)

    def text(self) -> str:
        """The canvas as lines, trailing spaces removed."""
        return "\n".join("".join(row).rstrip() for row in self.rows)
