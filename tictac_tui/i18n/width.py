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
