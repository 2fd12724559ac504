"""The typed-coordinate prompt: `:` or `g` opens it, a square's name and Enter plays there.

Pure: it edits a short text from raw key codes. `Prompt.key` says whether
the text was submitted, cancelled, or is still being typed.
"""

from __future__ import annotations

import curses
from dataclasses import dataclass
from enum import Enum

MAX_LENGTH = 4
"""Longest name of a square ("z26" is three characters; one spare)."""

BACKSPACES = frozenset({getattr(curses, "KEY_BACKSPACE", 263), 127, 8})
ENTERS = frozenset({10, 13, getattr(curses, "KEY_ENTER", 343)})
ESCAPE = 27


class Typed(Enum):
    """What a key did to the prompt."""

    EDITING = "editing"
    SUBMITTED = "submitted"
    CANCELLED = "cancelled"


@dataclass
class Prompt:
    """The text typed so far."""

    text: str = ""

    def key(self, code: int) -> Typed:
        """Apply one key: letters and digits are typed, Backspace deletes, Enter, Esc."""
        if code in ENTERS:
            return Typed.SUBMITTED
        if code == ESCAPE:
            return Typed.CANCELLED
        if code in BACKSPACES:
            self.text = self.text[:-1]
        elif 0 < code < 128 and chr(code).isalnum() and len(self.text) < MAX_LENGTH:
            self.text += chr(code).lower()
        return Typed.EDITING
