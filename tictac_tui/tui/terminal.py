"""The curses side of drawing: colours, ACS glyphs and a clipping, guarded canvas.

Everything written to the real screen goes through `CursesCanvas`, which
clips to the window and swallows the error curses raises for the bottom-right
cell. Without colour (``--no-color`` or a monochrome terminal) looks fall back
to attributes: X bold, O underlined, cursor and winning line in reverse.
"""

from __future__ import annotations

import contextlib
import curses
from typing import Any

from ..i18n.width import clip, drop_columns
from .canvas import ASCII_GLYPHS, PLAIN, Look

FOREGROUNDS = {
    "x": curses.COLOR_CYAN,
    "o": curses.COLOR_YELLOW,
    "accent": curses.COLOR_MAGENTA,
    "error": curses.COLOR_RED,
    "warn": curses.COLOR_YELLOW,
    "good": curses.COLOR_GREEN,
    "ink": curses.COLOR_BLACK,
}
BACKGROUNDS = {
    "cursor": curses.COLOR_BLUE,
    "win": curses.COLOR_GREEN,
}
ACS_NAMES = {
    "hline": "ACS_HLINE",
    "vline": "ACS_VLINE",
    "ulcorner": "ACS_ULCORNER",
    "urcorner": "ACS_URCORNER",
    "llcorner": "ACS_LLCORNER",
    "lrcorner": "ACS_LRCORNER",
    "ttee": "ACS_TTEE",
    "btee": "ACS_BTEE",
    "ltee": "ACS_LTEE",
    "rtee": "ACS_RTEE",
    "plus": "ACS_PLUS",
    "diamond": "ACS_DIAMOND",
}


class Palette:
    """Turns a `Look` into curses attributes, making colour pairs as needed."""

    def __init__(self, use_color: bool) -> None:
        self.color = False
        self.default_fg, self.default_bg = curses.COLOR_WHITE, curses.COLOR_BLACK
        if use_color and curses.has_colors():
            try:
                curses.start_color()
            except curses.error:
                return
            self.color = True
            try:
                curses.use_default_colors()
                self.default_fg = self.default_bg = -1
            except curses.error:
                pass
        self._pairs: dict[tuple[int, int], int] = {}
        self._cache: dict[Look, int] = {}

    def _pair(self, fg: int, bg: int) -> int:
        key = (fg, bg)
        if key not in self._pairs:
            number = len(self._pairs) + 1  # pair 0 is fixed (and can't be set on PDCurses)
            if number >= curses.COLOR_PAIRS:
                return 0
            try:
                curses.init_pair(number, fg, bg)
            except curses.error:
                return 0
            self._pairs[key] = number
        return curses.color_pair(self._pairs[key])

    def attr(self, look: Look) -> int:
        """The curses attribute for `look`."""
        if look not in self._cache:
            attr = curses.A_NORMAL
            if look.bold:
                attr |= curses.A_BOLD
            if look.dim:
                attr |= curses.A_DIM
            if look.underline:
                attr |= curses.A_UNDERLINE
            if look.bg == "bar":
                attr |= curses.A_REVERSE
            self._cache[look] = attr | (self._colour(look) if self.color else _mono(look))
        return self._cache[look]

    def _colour(self, look: Look) -> int:
        """The colour pair of `look` (0 when it is the terminal's own colours)."""
        fg = FOREGROUNDS.get(look.fg, self.default_fg)
        bg = BACKGROUNDS.get(look.bg, self.default_bg)
        if look.bg in BACKGROUNDS and look.fg in ("", "ink"):
            fg = curses.COLOR_BLACK if look.bg == "win" else curses.COLOR_WHITE
        if fg == self.default_fg and bg == self.default_bg:
            return 0
        return self._pair(fg, bg)


def _mono(look: Look) -> int:
    """Attributes standing in for colours: X bold, O underlined, cursor and win reversed."""
    attr = 0
    if look.fg == "x":
        attr |= curses.A_BOLD
    elif look.fg == "o":
        attr |= curses.A_UNDERLINE
    if look.bg in ("cursor", "win"):
        attr |= curses.A_REVERSE
    if look.bg == "win":
        attr |= curses.A_BOLD
    return attr


class CursesCanvas:
    """A `Canvas` on a curses window; writes are clipped and never raise."""

    def __init__(self, window: Any, palette: Palette, *, ascii: bool) -> None:
        self.window = window
        self.palette = palette
        self.ascii = ascii
        self.height, self.width = window.getmaxyx()

    def put(self, y: int, x: int, text: str, look: Look = PLAIN) -> None:
        """Write `text` at (y, x), clipped to the window."""
        if not 0 <= y < self.height or x >= self.width or not text:
            return
        if x < 0:
            text, x = drop_columns(text, -x), 0
        text = clip(text, self.width - x)
        if not text:
            return
        # The bottom-right cell raises after writing (the cursor can't move on): ignore it.
        with contextlib.suppress(curses.error):
            self.window.addstr(y, x, text, self.palette.attr(look))

    def glyph(self, y: int, x: int, name: str, look: Look = PLAIN) -> None:
        """Write a line glyph: an ACS character, or ASCII in ascii mode."""
        if not (0 <= y < self.height and 0 <= x < self.width):
            return
        attr = self.palette.attr(look)
        char: Any = ASCII_GLYPHS[name]
        if not self.ascii:
            char = getattr(curses, ACS_NAMES[name], char)
        try:
            if isinstance(char, str):
                self.window.addstr(y, x, char, attr)
            else:
                self.window.addch(y, x, char, attr)
        except curses.error:
            pass
