"""Numbers in records: ASCII digits only, never more than `MAX_DIGITS` of them.

``int()`` takes more than a record should hold (any script's decimal digits,
like ``٨``) and refuses some text ``str.isdigit()`` accepts (``²``, or more
than Python's limit of digits), with a bare ValueError. Every number the
readers take goes through `record_number`, so a hostile record is a
`RecordError` naming what was wrong, never another exception.
"""

from __future__ import annotations

import re

from ..i18n import _
from .record import RecordError

MAX_DIGITS = 18
"""Most digits in one number of a record: far more than any board side, move,
code or count needs, and far below what makes ``int()`` slow or refuse."""

SHOWN_CHARS = 24
"""Most characters of a value quoted in a message (a longer one is cut, with "…")."""


def record_number(text: str, what: str, *, line: int | None = None) -> int:
    """The integer `text` writes: ASCII digits, at most `MAX_DIGITS`, a '-' first allowed.

    Anything else is a RecordError naming `what` (the property or field) and `line`.
    """
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
        raise RecordError(
            _("{what}: {text} is not a number (digits 0-9, at most {most} of them)").format(
                what=what, text=repr(_cut(text)), most=MAX_DIGITS
            ),
            line=line,
        )
    return int(text)


def clipped(text: str) -> str:
    """`text` for a one-line message: cut to `SHOWN_CHARS` characters ("…" marking the
    cut), line breaks, other control characters and bidi controls escaped (``\\n``)."""
    return _UNSHOWN.sub(_escaped, _cut(text))


_UNSHOWN = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""Characters a message must not hold raw: control characters, line and paragraph
separators, and the marks and overrides that reorder text (bidi)."""


def _escaped(match: re.Match[str]) -> str:
    return match.group().encode("unicode_escape").decode("ascii")


def _cut(text: str) -> str:
    return text if len(text) <= SHOWN_CHARS else f"{text[:SHOWN_CHARS]}…"
