"""The brain on a pipe: manager lines read on their own thread, answers written in order.

The reader thread splits the input on CR LF, LF or a bare CR (a bare CR ends
its line at once: nothing waits for a following LF) and acts on two
commands the moment they arrive, even while the player is thinking:

- ``yxstop`` (and ``stop``): the search running now, or the next one if it
  has not started, answers at once with its best move so far;
- ``END``: the search stops, nothing more is written (the protocol wants
  nothing after END), nothing after it is read, and `serve` returns (the
  lines read before END and not yet answered are dropped); `main` also
  exits hard if anything holds it past `END_GRACE` seconds.

Every line but yxstop goes, in order, to the main thread, which answers it
with `Brain.handle` and runs the search a command asks for. Only the main
thread writes, so progress lines and answers never interleave. End of
input lets the work already read finish (searches run their full time),
then `serve` returns.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO, TextIO

from ..strategies import strategy_names
from .conversation import Brain

MAX_LINE_BYTES = 1 << 16
"""A longer line is cut there (the rest up to its end is dropped)."""
READ_CHUNK = 1 << 12
END_GRACE = 0.8
"""`main` exits this many seconds after END even if a player ignores its stop
signal (Piskvork waits 0.7 s, c-gomoku-cli 1 s, before killing a brain)."""
STOP_WORDS = frozenset({"YXSTOP", "STOP"})


@dataclass(frozen=True, slots=True)
class Incoming:
    """A manager line, its number in the input, and when it arrived (perf_counter)."""

    text: str
    number: int
    received: float


def split_lines(stream: BinaryIO) -> Iterator[bytes]:
    """The lines of `stream`, each ended by CR LF, LF or CR (not included).

    A CR yields its line at once; a LF right after it is then skipped. A
    line longer than `MAX_LINE_BYTES` is cut. A last line without an end
    is yielded at end of input.
    """
    read = getattr(stream, "read1", stream.read)
    pending = bytearray()
    after_cr = False
    while True:
        chunk = read(READ_CHUNK)
        if not chunk:
            break
        start = 0
        for index, byte in enumerate(chunk):
            if byte not in (10, 13):
                continue
            if byte == 10 and after_cr and index == start:
                start = index + 1
                after_cr = False
                continue
            pending += chunk[start:index]
            yield bytes(pending[:MAX_LINE_BYTES])
            pending.clear()
            start = index + 1
            after_cr = byte == 13
        if start < len(chunk):
            after_cr = False
            if len(pending) <= MAX_LINE_BYTES:
                pending += chunk[start : start + MAX_LINE_BYTES + 1]
    if pending:
        yield bytes(pending[:MAX_LINE_BYTES])


class Interrupts:
    """yxstop and END, shared by the reader and the main thread.

    A stop applies to every search for a line read before it: the one
    running, or one whose command is still waiting in the queue.
    """

    def __init__(self, on_end: Callable[[], None] | None = None) -> None:
        self._lock = threading.Lock()
        self._stop_before = 0
        self._current: tuple[int, threading.Event] | None = None
        self._on_end = on_end
        self.ended = threading.Event()

    def stop(self, number: int) -> None:
        """yxstop read as line `number`: stop searches for earlier lines."""
        with self._lock:
            self._stop_before = max(self._stop_before, number)
            if self._current is not None and self._current[0] < number:
                self._current[1].set()

    def end(self, number: int) -> None:
        """END read as line `number`: stop everything and finish."""
        self.ended.set()
        self.stop(number)
        if self._on_end is not None:
            self._on_end()

    def begin(self, number: int) -> threading.Event:
        """A stop signal for the search that answers line `number`."""
        with self._lock:
            event = threading.Event()
            if number < self._stop_before or self.ended.is_set():
                event.set()
            self._current = (number, event)
            return event

    def finish(self) -> None:
        """The current search is over."""
        with self._lock:
            self._current = None


def read_lines(
    stream: BinaryIO, inbox: queue.Queue[Incoming | None], interrupts: Interrupts
) -> None:
    """The reader thread: put lines on `inbox`, act on yxstop and END at once."""
    number = 0
    try:
        for raw in split_lines(stream):
            number += 1
            text = raw.decode("utf-8", errors="replace")
            word = text.strip().partition(" ")[0].upper()
            if word in STOP_WORDS:
                interrupts.stop(number)
                continue
            inbox.put(Incoming(text, number, time.perf_counter()))
            if word == "END":
                interrupts.end(number)
                break
    except (OSError, ValueError):
        pass  # the input is gone: end of input
    finally:
        inbox.put(None)


class Output:
    """Answer lines to the manager, each flushed at once; none once END has arrived."""

    def __init__(self, stream: TextIO, ended: threading.Event) -> None:
        self.stream = stream
        self.ended = ended

    def write(self, line: str) -> None:
        """Send one line (the protocol wants nothing written after END)."""
        if self.ended.is_set():
            return
        self.stream.write(line + "\n")
        self.stream.flush()


def serve(
    brain: Brain,
    stdin: BinaryIO,
    stdout: TextIO,
    *,
    on_end: Callable[[], None] | None = None,
) -> bool:
    """Answer manager lines from `stdin` on `stdout` until END or end of input.

    True if it stopped at END, False at the end of the input.
    """
    interrupts = Interrupts(on_end)
    inbox: queue.Queue[Incoming | None] = queue.Queue()
    reader = threading.Thread(
        target=read_lines, args=(stdin, inbox, interrupts), name="brain-input", daemon=True
    )
    reader.start()
    output = Output(stdout, interrupts.ended)
    while not brain.finished and not interrupts.ended.is_set():
        item = inbox.get()
        if item is None:
            break
        reply = brain.handle(item.text, item.received)
        for line in reply.lines:
            output.write(line)
        if reply.job is None:
            continue
        stop = interrupts.begin(item.number)
        try:
            answer = reply.job.run(stop, output.write)
        finally:
            interrupts.finish()
        for line in answer:
            output.write(line)
    return brain.finished or interrupts.ended.is_set()


def _parser(prog: str) -> argparse.ArgumentParser:
    names = ", ".join(strategy_names())
    parser = argparse.ArgumentParser(
        prog=prog,
        description=(
            "A gomoku engine speaking the Gomocup AI protocol (with Yixin-Board's "
            "extensions) on stdin/stdout, for tournament managers and GUIs "
            "(Piskvork, c-gomoku-cli, Yixin-Board). Plays the 'search' player unless "
            "--strategy says otherwise. Freestyle, or exact five (INFO rule 1), renju (4) "
            "or caro (8); boards up to 26x26. See docs/engine-protocol.md."
        ),
    )
    parser.add_argument(
        "--strategy",
        metavar="NAME",
        default="search",
        choices=strategy_names(),
        help=f"the player to use, any registered strategy: {names} (default: search)",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed for the player's choices")
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        metavar="N",
        help="processes the search may use (default 1; INFO thread_num sets it too)",
    )
    parser.add_argument(
        "--force-utf8",
        action="store_true",
        help="accepted and ignored: Yixin-Board starts its engine with it on Windows",
    )
    return parser


def _exit_soon() -> None:
    """After END: exit within `END_GRACE` seconds even if the main thread is stuck."""

    def exit_now() -> None:
        time.sleep(END_GRACE)
        os._exit(0)

    threading.Thread(target=exit_now, name="brain-end", daemon=True).start()


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``tictac-brain`` and ``pbrain-tictac``."""
    prog = os.path.basename(sys.argv[0]) if argv is None else "tictac-brain"
    if prog in ("__main__.py", "-c", ""):
        prog = "tictac-brain"
    args = _parser(prog).parse_args(argv)
    brain = Brain(args.strategy, seed=args.seed, threads=args.threads)
    ended = False
    with contextlib.suppress(KeyboardInterrupt, BrokenPipeError):
        ended = serve(brain, sys.stdin.buffer, sys.stdout, on_end=_exit_soon)
    brain.close()
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError):
        # The manager closed the pipe: don't let the interpreter's last flush complain.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    if ended:
        os._exit(0)  # at once: tearing down a big search table takes a while, END can't wait
    return 0
