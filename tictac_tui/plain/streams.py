"""Standard input and output as the plain mode's console, with their failures kept.

One line read is at most `MAX_LINE` characters: a longer one is refused
with a message and the rest of it read and dropped, never stored; after
`MAX_DROPPED` characters with no end of line (``< /dev/zero``) the input is
taken as ended. When output fails (a closed pipe, a full disk) nothing more
is written, the input is taken as ended (the run ends as at the end of
input, counting and saving as usual), and `failure` says why.
"""

from __future__ import annotations

from typing import TextIO

from ..i18n import _
from .game import Console

MAX_LINE = 4096
"""Longest line read as a move or a command (ours are a few characters)."""
MAX_DROPPED = 1024 * 1024
"""Characters of one over-long line read and dropped before the input is taken as ended."""
CHUNK = 65536
"""Characters read at a time while dropping the rest of an over-long line."""


class Streams:
    """A console on two text streams (standard input and output)."""

    def __init__(self, source: TextIO, sink: TextIO) -> None:
        for stream in (source, sink):
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                reconfigure(errors="replace")
        self.source = source
        self.sink = sink
        self.interactive = source.isatty() and sink.isatty()
        self.failure: OSError | None = None
        """Why output stopped, or None."""
        self.ended = False

    def console(self) -> Console:
        """The console the game talks through."""
        return Console(self.read, self.say)

    def read(self, prompt: str) -> str | None:
        """Show `prompt` and read one line (without its end); None at the end of input.

        On a terminal the prompt waits on the same line; otherwise (a pipe, a
        file) it is a line of its own, so that every fact is a line.
        """
        while not self.ended:
            self._write(prompt if self.interactive else prompt.rstrip() + "\n")
            if self.failure is not None:
                break
            line = self.source.readline(MAX_LINE + 1)
            if not line:
                break
            if len(line) <= MAX_LINE or line.endswith("\n"):
                return line.rstrip("\r\n")
            if not self._drop_rest():
                self.say(
                    _(
                        "Standard input holds a line of more than {limit} characters: "
                        "stopped reading it"
                    ).format(limit=MAX_DROPPED)
                )
                break
            self.say(
                _("That line is longer than {limit} characters: ignored").format(limit=MAX_LINE)
            )
        self.ended = True
        return None

    def _drop_rest(self) -> bool:
        """Read and drop the rest of the line; False if it went on past `MAX_DROPPED`."""
        dropped = 0
        while dropped <= MAX_DROPPED:
            chunk = self.source.readline(CHUNK)
            if not chunk or chunk.endswith("\n"):
                return True
            dropped += len(chunk)
        return False

    def say(self, text: str) -> None:
        """Write one line."""
        self._write(text + "\n")

    def _write(self, text: str) -> None:
        if self.failure is not None:
            return
        try:
            self.sink.write(text)
            self.sink.flush()
        except OSError as error:
            self.failure = error
