"""The brain on a pipe: manager lines read on their own thread, answers written in order.

The reader thread splits the input on CR LF, LF or a bare CR (a bare CR ends
its line at once: nothing waits for a following LF) and acts on two
commands the moment they arrive, even while the player is thinking:

- ``yxstop`` (and ``stop``): the search running now, or the next one if it
  has not started, answers at once with its best move so far;
- ``END``: every search for a line read before it stops (the one running
  answers at once with its best move so far, the ones still waiting answer
  from a search that starts stopped), nothing after it is read, the lines
  before it are answered in order, and then `serve` returns.

The end of the input acts as END does. Once either has come, `main` also
exits hard if answering one line takes more than `END_GRACE` seconds (a
player that ignores its stop signal).

Every line but yxstop goes, in order, through a queue of at most
`MAX_QUEUED_LINES` lines to the main thread, which answers it with
`Brain.handle` and runs the search a command asks for; when the queue is
full the reader waits (a yxstop or END behind it is read once a line is
taken). Only the main thread writes, so progress lines and answers never
interleave. A line longer than `MAX_LINE_BYTES` is never kept: it is read
through in chunks and refused whole (`Brain.refuse_long_line`).

If the brain can't start (no memory for its modules or its threads) it
writes one ``ERROR`` line and exits with `startup.EXIT_CANT_START`.
"""

from __future__ import annotations

import _thread
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
from .conversation import Brain, Reply
from .pondering import Pondering
from .startup import cant_start, describe

MAX_LINE_BYTES = 1 << 13
"""Longest line kept (its end not counted); a longer one is refused whole, never stored."""
READ_CHUNK = 1 << 16
MAX_QUEUED_LINES = 256
"""Lines read and not yet answered; with that many waiting the reader waits too."""
END_GRACE = 3.0
"""After END (or the end of the input) `main` exits if answering one line takes
longer than this, in seconds: a guard against a player that ignores its stop
signal (a stopped search answers in a fraction of this; managers kill a brain
sooner anyway: Piskvork 0.7 s after END, c-gomoku-cli 1 s)."""
READER_STACK = 1 << 19
"""Stack of the brain's own threads (bytes): they read lines and wait, so a
small stack lets the brain start under a tight memory limit."""
THREAD_START_WAIT = 5.0
"""Longest wait (seconds) for a new thread to confirm it runs (`Worker`)."""
READER_CHECK = 1.0
"""While no line comes, the main thread checks this often (seconds) that the reader lives."""
STOP_WORDS = frozenset({"YXSTOP", "STOP"})


@dataclass(frozen=True, slots=True)
class Incoming:
    """A manager line, its number in the input, and when it arrived (perf_counter).

    `overlong` is the size in bytes of a line longer than `MAX_LINE_BYTES`
    (its text is then empty: it was not kept), else 0.
    """

    text: str
    number: int
    received: float
    overlong: int = 0


@dataclass(frozen=True, slots=True)
class Overlong:
    """A line longer than `MAX_LINE_BYTES`, read through without being kept: its size."""

    size: int


def line_ends(chunk: bytes, start: int) -> Iterator[int]:
    """The indexes of the CR and LF bytes of `chunk` from `start`, in order.

    Each kind is found by `bytes.find` (a memory scan), each byte looked at once: a
    regular expression took about 3 s of CPU to read through 384 MB without a line end.
    """
    lf = chunk.find(b"\n", start)
    cr = chunk.find(b"\r", start)
    while lf >= 0 or cr >= 0:
        if cr < 0 or 0 <= lf < cr:
            yield lf
            lf = chunk.find(b"\n", lf + 1)
        else:
            yield cr
            cr = chunk.find(b"\r", cr + 1)


def split_lines(stream: BinaryIO) -> Iterator[bytes | Overlong]:
    """The lines of `stream`, each ended by CR LF, LF or CR (not included).

    A CR yields its line at once; a LF right after it is then skipped. A
    line longer than `MAX_LINE_BYTES` is yielded as an `Overlong`, and at
    most that many bytes of it are ever held. A last line without an end is
    yielded at end of input.
    """
    read = getattr(stream, "read1", stream.read)
    pending = bytearray()
    size = 0  # of the line so far; `pending` holds it while it fits
    after_cr = False

    def take(piece: bytes) -> None:
        nonlocal size
        size += len(piece)
        if size <= MAX_LINE_BYTES:
            pending.extend(piece)
        else:
            pending.clear()

    def line() -> bytes | Overlong:
        nonlocal size
        whole: bytes | Overlong = bytes(pending) if size <= MAX_LINE_BYTES else Overlong(size)
        pending.clear()
        size = 0
        return whole

    while True:
        chunk = read(READ_CHUNK)
        if not chunk:
            break
        position = 1 if after_cr and chunk[0] == 10 else 0
        after_cr = False
        for index in line_ends(chunk, position):
            if index < position:
                continue  # the LF of a CR LF, skipped with its CR
            take(chunk[position:index])
            yield line()
            position = index + 1
            if chunk[index] == 13:
                if position == len(chunk):
                    after_cr = True
                elif chunk[position] == 10:
                    position += 1
        take(chunk[position:])
    if size:
        yield line()


class Interrupts:
    """yxstop, END and the end of the input, shared by the reader and the main thread.

    A stop applies to every search for a line read before it: the one
    running, or one whose command is still waiting in the queue. `answered`
    counts the lines the main thread has answered (for the watchdog).
    """

    def __init__(self, on_end: Callable[[], None] | None = None) -> None:
        self._lock = threading.Lock()
        self._stop_before = 0
        self._current: tuple[int, threading.Event] | None = None
        self._pondering: tuple[Callable[[str], bool], threading.Event] | None = None
        self._on_end = on_end
        self.ended = threading.Event()
        """Set when END is read."""
        self.answered = 0

    def stop(self, number: int) -> None:
        """yxstop read as line `number`: stop searches for earlier lines."""
        with self._lock:
            self._stop_before = max(self._stop_before, number)
            if self._current is not None and self._current[0] < number:
                self._current[1].set()
            if self._pondering is not None:
                self._pondering[1].set()

    def end(self, number: int) -> None:
        """END read as line `number`: stop the searches before it, then finish."""
        self.ended.set()
        self.input_over(number)

    def input_over(self, number: int) -> None:
        """Nothing more will be read after line `number - 1`: stop every search."""
        self.stop(number)
        if self._on_end is not None:
            self._on_end()

    def begin(self, number: int) -> threading.Event:
        """A stop signal for the search that answers line `number`."""
        with self._lock:
            event = threading.Event()
            if number < self._stop_before:
                event.set()
            self._current = (number, event)
            return event

    def finish(self) -> None:
        """The current search is over."""
        with self._lock:
            self._current = None

    def begin_pondering(self, goes_on: Callable[[str], bool]) -> threading.Event:
        """A stop signal for pondering: set by yxstop, END, the end of the input, and any line
        read for which `goes_on` is False."""
        with self._lock:
            event = threading.Event()
            if self.ended.is_set():
                event.set()
            self._pondering = (goes_on, event)
            return event

    def read(self, text: str) -> None:
        """A line was queued (the reader tells it after queueing: see `ponder`)."""
        with self._lock:
            if self._pondering is not None and not self._pondering[0](text):
                self._pondering[1].set()

    def finish_pondering(self) -> None:
        """Pondering is over."""
        with self._lock:
            self._pondering = None


def read_lines(
    stream: BinaryIO, inbox: queue.Queue[Incoming | None], interrupts: Interrupts
) -> None:
    """The reader thread: put lines on `inbox`, act on yxstop, END and end of input at once.

    The stop of END is set before END is queued, so it reaches a running
    search even when the queue is full.
    """
    number = 0
    try:
        for raw in split_lines(stream):
            number += 1
            if isinstance(raw, Overlong):
                inbox.put(Incoming("", number, time.perf_counter(), raw.size))
                interrupts.read("")
                continue
            text = raw.decode("utf-8", errors="replace")
            word = text.strip().partition(" ")[0].upper()
            if word in STOP_WORDS:
                interrupts.stop(number)
                continue
            if word == "END":
                interrupts.end(number)
                inbox.put(Incoming(text, number, time.perf_counter()))
                return
            inbox.put(Incoming(text, number, time.perf_counter()))
            interrupts.read(text)
    except Exception:
        pass  # the input is gone (or unreadable): the end of the input
    finally:
        if not interrupts.ended.is_set():
            interrupts.input_over(number + 1)
        inbox.put(None)


class Output:
    """Answer lines to the manager, each flushed at once."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, line: str) -> None:
        """Send one line."""
        self.stream.write(line + "\n")
        self.stream.flush()


class CantStart(Exception):
    """The brain could not start a thread it needs; the message says why."""


class Worker:
    """A thread of the brain's own: started with a `READER_STACK` stack, and
    `done` once its work is over or failed.

    Built on ``_thread``: short of memory, ``threading.Thread.start`` can
    wait forever for a thread that failed inside Python's own start-up code;
    here the start is confirmed within `THREAD_START_WAIT` seconds, or
    `CantStart`.
    """

    def __init__(self, work: Callable[[], None], name: str) -> None:
        self.name = name
        self.running = threading.Event()
        self.done = threading.Event()
        self._work = work
        try:
            previous: int | None = threading.stack_size(READER_STACK)
        except (ValueError, RuntimeError):  # a platform that can't size stacks
            previous = None
        try:
            _thread.start_new_thread(self._run, ())
        except (RuntimeError, MemoryError) as error:
            raise CantStart(f"can't start the {name} thread: {describe(error)}") from None
        finally:
            if previous is not None:
                threading.stack_size(previous)
        if not self.running.wait(THREAD_START_WAIT):
            raise CantStart(f"the {name} thread did not start")

    def _run(self) -> None:
        try:
            self.running.set()
            self._work()
        finally:
            self.done.set()


def serve(
    brain: Brain,
    stdin: BinaryIO,
    stdout: TextIO,
    *,
    on_end: Callable[[], None] | None = None,
    exit_when_stuck: bool = False,
) -> bool:
    """Answer manager lines from `stdin` on `stdout` until END or end of input.

    Both answer every line read before them, with searches stopped. True if
    it stopped at END, False at the end of the input. `on_end` is called
    when END or the end of the input is read; `exit_when_stuck` then also
    ends the process if answering one line takes over `END_GRACE` seconds.
    `CantStart` if the reader thread can't be started.
    """
    interrupts: Interrupts

    def ending() -> None:
        if on_end is not None:
            on_end()
        if exit_when_stuck:
            with contextlib.suppress(CantStart):  # without it, END still ends the brain
                Worker(lambda: _exit_when_stuck(interrupts), "brain-end")

    interrupts = Interrupts(ending)
    inbox: queue.Queue[Incoming | None] = queue.Queue(MAX_QUEUED_LINES)
    reader = Worker(lambda: read_lines(stdin, inbox, interrupts), "brain-input")
    output = Output(stdout)
    while not brain.finished:
        item = _next_line(inbox, reader)
        if item is None:
            break
        if item.overlong:
            reply: Reply = brain.refuse_long_line(item.overlong, MAX_LINE_BYTES)
        else:
            reply = brain.handle(item.text, item.received)
        for line in reply.lines:
            output.write(line)
        if reply.job is not None:
            stop = interrupts.begin(item.number)
            try:
                answer = reply.job.run(stop, output.write)
            finally:
                interrupts.finish()
            for line in answer:
                output.write(line)
        interrupts.answered += 1
        pondering = brain.pondering()
        if pondering is not None:
            ponder(pondering, inbox, interrupts)
    return brain.finished or interrupts.ended.is_set()


def ponder(
    pondering: Pondering, inbox: queue.Queue[Incoming | None], interrupts: Interrupts
) -> None:
    """Run the pondering search while no line comes (`Brain.pondering`).

    The stop is set up before the inbox is looked at, and the reader tells
    `Interrupts.read` of a line only after queueing it: a line is either
    seen here, and there is no pondering, or it stops the pondering (or, the
    expected ``TURN``, makes it the turn's search: `Pondering.goes_on`).
    """
    stop = interrupts.begin_pondering(pondering.goes_on)
    try:
        if inbox.empty():
            pondering.job.run(stop, _unsaid)
    finally:
        interrupts.finish_pondering()


def _unsaid(line: str) -> None:
    """Where pondering's progress goes: nowhere (the manager asked for nothing)."""


def _next_line(inbox: queue.Queue[Incoming | None], reader: Worker) -> Incoming | None:
    """The next line read; None at the end of the input, or if the reader died without
    saying so (short of memory a thread can fail in Python's own code)."""
    while True:
        try:
            return inbox.get(timeout=READER_CHECK)
        except queue.Empty:
            if reader.done.is_set() and inbox.empty():
                return None


def _exit_when_stuck(interrupts: Interrupts) -> None:
    """After END or end of input: exit once a line takes over `END_GRACE` s to answer."""
    seen = -1
    while interrupts.answered != seen:
        seen = interrupts.answered
        time.sleep(END_GRACE)
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    os._exit(0)


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
        "--ponder",
        action="store_true",
        help="think on the opponent's time (INFO pondering sets it too; off by default: "
        "Gomocup's tournaments forbid it)",
    )
    parser.add_argument(
        "--force-utf8",
        action="store_true",
        help="accepted and ignored: Yixin-Board starts its engine with it on Windows",
    )
    return parser


def _quiet(arguments: object) -> None:
    """An exception hook that says nothing (the brain writes nothing on stderr)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Serve on stdin/stdout (``tictac-brain``); `startup.cant_start` if it can't start."""
    prog = os.path.basename(sys.argv[0]) if argv is None else "tictac-brain"
    if prog in ("__main__.py", "-c", ""):
        prog = "tictac-brain"
    args = _parser(prog).parse_args(argv)
    # Never stderr (Piskvork reads it as the brain's output): a thread that fails
    # inside Python's own code, short of memory, must not print a traceback there.
    sys.unraisablehook = _quiet
    threading.excepthook = _quiet
    try:
        brain = Brain(args.strategy, seed=args.seed, threads=args.threads, ponder=args.ponder)
    except Exception as error:  # short of memory, a module it loads fails in many ways
        cant_start(f"building the player failed: {describe(error)}")
    ended = False
    try:
        with contextlib.suppress(KeyboardInterrupt, BrokenPipeError):
            ended = serve(brain, sys.stdin.buffer, sys.stdout, exit_when_stuck=True)
    except CantStart as error:
        cant_start(str(error))
    except MemoryError:
        cant_start("out of memory")
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
