"""A Gomocup manager for tests: `tictac-brain` in a subprocess, lines over real pipes.

Every read has a timeout (`READ_TIMEOUT`), so a silent brain fails the test
instead of hanging it; the timeouts are hang guards, generous on purpose.
"""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
READ_TIMEOUT = 30.0
"""The longest wait for any one answer (a guard against hangs, not a speed goal)."""


class Manager:
    """A brain process with line-level send and receive."""

    def __init__(self, *args: str, program: Sequence[str] = ()) -> None:
        """Start ``python -m tictac_tui.brain`` with `args`, or `program` if given."""
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.process = subprocess.Popen(
            [*program] if program else [sys.executable, "-m", "tictac_tui.brain", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            env=env,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.lines.put(raw.decode("utf-8", errors="replace").rstrip("\r\n"))
        self.lines.put(None)

    def send_bytes(self, data: bytes) -> None:
        """Write raw bytes (to test line endings and odd input)."""
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, *lines: str) -> None:
        """Send lines ending in CR LF, as managers do."""
        self.send_bytes(b"".join(line.encode() + b"\r\n" for line in lines))

    def line(self, timeout: float = READ_TIMEOUT) -> str:
        """The next line the brain wrote, MESSAGE lines included."""
        line = self.lines.get(timeout=timeout)
        assert line is not None, "the brain closed its output"
        self.seen.append(line)
        return line

    def answer(self, timeout: float = READ_TIMEOUT) -> str:
        """The next answer line, skipping MESSAGE, DEBUG and INFO lines."""
        while True:
            line = self.line(timeout)
            if not line.startswith(("MESSAGE", "DEBUG", "INFO ")):
                return line

    def ask(self, *lines: str) -> str:
        """Send lines and return the answer."""
        self.send(*lines)
        return self.answer()

    def move(self, *lines: str) -> tuple[int, int]:
        """Send lines and return the move they are answered with."""
        reply = self.ask(*lines)
        x, y = reply.split(",")
        return int(x), int(y)

    def close(self) -> int:
        """Close the input and wait for the brain to exit."""
        if self.process.stdin and not self.process.stdin.closed:
            self.process.stdin.close()
        return self.process.wait(timeout=READ_TIMEOUT)

    def ends(self) -> int:
        """Send END and wait for the exit; returns the exit status."""
        self.send("END")
        return self.process.wait(timeout=READ_TIMEOUT)

    def kill(self) -> None:
        """Stop the process if it still runs."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def rest(self) -> list[str]:
        """Every line written until the output closed (after an exit)."""
        out: list[str] = []
        while True:
            line = self.lines.get(timeout=READ_TIMEOUT)
            if line is None:
                return out
            out.append(line)
