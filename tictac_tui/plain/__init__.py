"""`tictac --plain`: the game as lines of text, for screen readers, pipes and dumb terminals.

No curses and no decoration: each fact is one line ("Computer plays E5",
"Draw"), one move or command is read a line, and the board is printed when
asked (`board`) or after every move (``--show-board``). `game` holds the
conversation, `lines` reads what is typed, `board` draws the position.
"""

from __future__ import annotations

import sys
from typing import TextIO

from .game import Console, LineGame
from .streams import Streams


def stdio_console(stdin: TextIO | None = None, stdout: TextIO | None = None) -> Console:
    """A console on standard input and output (see `Streams`)."""
    return Streams(stdin or sys.stdin, stdout or sys.stdout).console()


__all__ = ["Console", "LineGame", "Streams", "stdio_console"]
