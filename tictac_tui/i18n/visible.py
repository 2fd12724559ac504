"""Names from outside (file names) made safe to show on a terminal.

A file name may hold anything but ``/`` and NUL: a newline cuts a row of
the screen short, a right-to-left override (U+202E) turns the rest of the
row around, an escape character starts a terminal command, and a byte that
is not UTF-8 (kept by Python as a lone surrogate) can't be written at all.
`shown_name` writes every such character as a visible escape, as Python
writes it in a string literal: ``\\n``, ``\\x1b``, ``\\u202e``.
"""

from __future__ import annotations

import unicodedata

NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
"""Control characters with a short escape of their own."""
ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Unicode categories escaped: controls (C0, DEL, C1), format characters (the bidi
controls U+200E/F, U+202A-E, U+2066-9, U+061C among them), surrogates, and the line
and paragraph separators."""
SURROGATE_BYTES = range(0xDC80, 0xDD00)
"""Lone surrogates Python's file-system decoding uses for bytes that are not UTF-8."""


def _escape(char: str) -> str:
    """The visible escape of one character."""
    if char in NAMED:
        return NAMED[char]
    code = ord(char)
    if code in SURROGATE_BYTES:
        return f"\\x{code - 0xDC00:02x}"  # the byte the name really holds
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def shown_name(name: str) -> str:
    """`name` with control, format (bidi), separator and surrogate characters escaped."""
    if name.isascii() and name.isprintable():
        return name
    return "".join(
        _escape(char) if unicodedata.category(char) in ESCAPED_CATEGORIES else char for char in name
    )
