"""Display width of text in a terminal: CJK characters take two columns.

Uses the standard library's `unicodedata.east_asian_width` (wide "W" and
fullwidth "F" characters count 2; combining marks and zero-width format
characters 0; everything else 1, including the ambiguous "A" class such as
box-drawing lines, which terminals outside CJK locales draw narrow) rather
than the `wcwidth` package: our text is Latin, CJK ideographs and CJK
punctuation, whose widths these classes give exactly, and the game needs no
dependency beyond the standard library for it.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=4096)
def char_width(char: str) -> int:
    """Columns one character takes: 0, 1 or 2."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def text_width(text: str) -> int:
    """Columns `text` takes on a terminal."""
    if text.isascii():
        return len(text)
    return sum(char_width(char) for char in text)


def clip(text: str, width: int) -> str:
    """The longest start of `text` fitting `width` columns (a wide character is never split)."""
    if text.isascii():
        return text[: max(width, 0)]
    used = 0
    for i, char in enumerate(text):
        used += char_width(char)
        if used > width:
            return text[:i]
    return text


def pad(text: str, width: int) -> str:
    """`text` clipped to `width` columns and padded with spaces to exactly `width`."""
    text = clip(text, width)
    return text + " " * (width - text_width(text))


def pad_left(text: str, width: int) -> str:
    """`text` clipped and right-aligned in `width` columns."""
    text = clip(text, width)
    return " " * (width - text_width(text)) + text


def centre_column(text: str, width: int) -> int:
    """The column where `text` starts when centred in `width` columns (never negative)."""
    return max(0, (width - text_width(text)) // 2)


def drop_columns(text: str, columns: int) -> str:
    """`text` without its first `columns` columns (a wide character cut in half goes)."""
    dropped = 0
    for index, char in enumerate(text):
        if dropped >= columns:
            return text[index:]
        dropped += char_width(char)
    return ""


NO_LINE_START = frozenset("，。、；：？！）》」』】,.;:?!)")
"""Punctuation that never begins a line (it stays with the character before it)."""
NO_LINE_END = frozenset("（《「『【(")
"""Punctuation that never ends a line (it goes with the character after it)."""


def _joins(unit: str, char: str) -> bool:
    """Whether `char` belongs to the break unit `unit` (no line break between them)."""
    if char.isspace() or unit.isspace():
        return char.isspace() and unit.isspace()
    if char in NO_LINE_START or unit[-1] in NO_LINE_END:
        return True
    return char_width(char) != 2 and char_width(unit[-1]) != 2


def _units(text: str) -> list[str]:
    """`text` cut where a line may break: words, runs of spaces, each wide character alone."""
    units: list[str] = []
    for char in text:
        if units and _joins(units[-1], char):
            units[-1] += char
        else:
            units.append(char)
    return units


def wrap(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` columns, broken at spaces or between wide characters.

    Latin text breaks at spaces (a word longer than a line is cut); Chinese may break
    between any two characters, but no line starts with closing punctuation or ends with
    an opening one. Spaces at a break are dropped.
    """
    lines: list[str] = []
    line = ""
    for unit in _units(text):
        if unit.isspace():
            line += unit if line else ""
        elif text_width(line + unit) <= width:
            line += unit
        else:
            if line.strip():
                lines.append(line.rstrip())
            line = unit
            while text_width(line) > width > 0:
                head = clip(line, width)
                lines.append(head)
                line = line[len(head) :]
    if line.strip():
        lines.append(line.rstrip())
    return lines


ELLIPSIS = "..."
"""Ends a text cut short (ASCII, so every terminal and locale can draw it)."""


def shorten(text: str, width: int) -> str:
    """`text` if it fits `width` columns, else cut at a break with `ELLIPSIS` after it.

    Breaks are `wrap`'s: between Latin words, or between wide characters. Only a first
    word wider than the room is cut inside, as a last resort.
    """
    if text_width(text) <= width:
        return text
    room = width - len(ELLIPSIS)
    if room <= 0:
        return clip(text, width)
    head = ""
    for unit in _units(text):
        if text_width(head + unit) > room:
            break
        head += unit
    head = head.rstrip().rstrip(",;:，；：、")
    return (head or clip(text, room)) + ELLIPSIS


def fit_lines(text: str, width: int, rows: int) -> list[str]:
    """`text` wrapped to `width` columns in at most `rows` lines, the last one shortened
    (`shorten`) if the text needs more."""
    lines = wrap(text, width)
    if len(lines) <= rows:
        return lines
    if rows <= 0:
        return []
    return [*lines[: rows - 1], shorten(joined(lines[rows - 1 :]), width)]


def joined(parts: list[str]) -> str:
    """Lines of one text joined back: with a space between Latin words, none between CJK."""
    text = ""
    for part in parts:
        if text and not (char_width(text[-1]) == 2 or char_width(part[:1] or " ") == 2):
            text += " "
        text += part
    return text
