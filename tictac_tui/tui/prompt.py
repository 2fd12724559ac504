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


TEXT_LENGTH = 4096
"""Longest position or file name the editor's prompt keeps (a pasted pos string of a
full 26x26 board is under 2,100 characters)."""


@dataclass
class Prompt:
    """The text typed so far.

    A square's prompt (the default) keeps letters and digits, lower-cased, up to
    `MAX_LENGTH`; a text prompt (`text_prompt`: the position editor's) keeps any
    printable ASCII as typed, up to `TEXT_LENGTH`, and says `ask` (an `N_` text).
    """

    text: str = ""
    limit: int = MAX_LENGTH
    ask: str = ""

    def key(self, code: int) -> Typed:
        """Apply one key: letters and digits are typed, Backspace deletes, Enter, Esc."""
        if code in ENTERS:
            return Typed.SUBMITTED
        if code == ESCAPE:
            return Typed.CANCELLED
        if code in BACKSPACES:
            self.text = self.text[:-1]
        elif len(self.text) >= self.limit or not 0 < code < 128:
            pass
        elif self.ask and chr(code).isprintable():
            self.text += chr(code)
        elif chr(code).isalnum():
            self.text += chr(code).lower()
        return Typed.EDITING


def text_prompt(ask: str) -> Prompt:
    """A prompt for a line of text (a position, a file name) that says `ask`."""
    return Prompt(limit=TEXT_LENGTH, ask=ask)
