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


def stdio_console(stdin: TextIO | None = None, stdout: TextIO | None = None) -> Console:
    """A console on standard input and output.

    On a terminal the prompt waits on the same line; otherwise (a pipe, a
    file) it is a line of its own, so that every fact is a line.
    """
    source = stdin or sys.stdin
    sink = stdout or sys.stdout
    for stream in (source, sink):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    interactive = source.isatty() and sink.isatty()

    def read(prompt: str) -> str | None:
        sink.write(prompt if interactive else prompt.rstrip() + "\n")
        sink.flush()
        line = source.readline()
        return line.rstrip("\r\n") if line else None

    def say(text: str) -> None:
        sink.write(text + "\n")
        sink.flush()

    return Console(read, say)


__all__ = ["Console", "LineGame", "stdio_console"]
