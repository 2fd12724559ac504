"""One engine child process: pipes, a reader thread per stream, bounded memory, a sure end.

`Child` starts a command in a session of its own (so ending its process
group ends every process it started), with standard input and output as
pipes and standard error read into a log file. Memory stays bounded
whatever the engine prints: a line longer than `MAX_LINE` characters is cut
(the rest of it dropped), answers wait in a queue of at most `MAX_WAITING`
lines and notes (MESSAGE, DEBUG, INFO, ...) in one of at most `MAX_NOTES`,
the oldest dropped first; at most `MAX_LOG_BYTES` of standard error are
written to the log, the rest counted and dropped.

`close` ends it for sure: ``END``, then (after `END_GRACE` seconds) SIGTERM
to its process group, then (after `TERM_GRACE`) SIGKILL, and reaps it. Every
live child is in a registry; `end_all` closes them all (for signal handlers)
and runs at exit.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import BinaryIO, TypeVar

from ..strategies.base import StopSignal
from .said import Said, parse_said
from .spec import EngineError, EngineSpec, Fault

MAX_LINE = 4096
"""Characters of a line kept; the rest of a longer line is dropped."""
MAX_WAITING = 256
"""Answer lines kept unread (the oldest dropped past this)."""
MAX_NOTES = 2000
"""Notes (MESSAGE, DEBUG, INFO, ...) kept for the analysis (the oldest dropped past this)."""
MAX_LOG_BYTES = 1 << 20
"""Bytes of an engine's standard error written to its log per run."""
READ_CHUNK = 65536
END_GRACE = 1.0
"""Seconds an engine has to exit after ``END`` before it is terminated..."""

C = TypeVar("C", bound="Closing")


class Closing:
    """A ``with`` block that ends in `close` (an engine's process, or a player hosting one)."""

    def __enter__(self: C) -> C:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self, grace: float = END_GRACE) -> None:
        """End what this holds, waiting up to `grace` seconds for it to go by itself."""
        raise NotImplementedError


TERM_GRACE = 1.0
"""...and after SIGTERM before it is killed."""
LOG_SUFFIX = ".log"

_LIVE: set[Child] = set()
_LIVE_LOCK = threading.Lock()


def end_all(grace: float = END_GRACE) -> None:
    """Close every live child (``END``, terminate, kill): for exit and signal handlers.

    Children are closed side by side (one thread each), so two hung engines
    take no longer than one; where no thread can be started (interpreter
    shutdown), one after the other.
    """
    with _LIVE_LOCK:
        children = list(_LIVE)
    closers = []
    for child in children[1:]:
        closer = threading.Thread(target=child.close, args=(grace,), daemon=True)
        try:
            closer.start()
        except RuntimeError:
            child.close(grace)
        else:
            closers.append(closer)
    for child in children[:1]:
        child.close(grace)
    for closer in closers:
        closer.join()


def live_pids() -> list[int]:
    """The process ids of the children not yet closed."""
    with _LIVE_LOCK:
        return [child.pid for child in _LIVE]


atexit.register(end_all)

HANDLED_SIGNALS = ("SIGTERM", "SIGHUP")
"""Signals `end_on_signals` handles (those this platform has)."""


def end_on_signals() -> None:
    """On SIGTERM or SIGHUP: end every child, then die of the signal as before.

    Call from the main thread. A handler someone installed before is called
    after the children are ended instead of the default action.
    """
    for name in HANDLED_SIGNALS:
        number = getattr(signal, name, None)
        if number is None:
            continue
        previous = signal.getsignal(number)

        def handler(sig: int, frame: object, previous: object = previous) -> None:
            end_all()
            if callable(previous):
                previous(sig, frame)
                return
            signal.signal(sig, signal.SIG_DFL)
            os.kill(os.getpid(), sig)

        signal.signal(number, handler)


def log_path(folder: Path, name: str) -> Path:
    """The log of an engine called `name` in `folder` (unsafe characters replaced)."""
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name).strip(".") or "engine"
    return folder / (safe + LOG_SUFFIX)


class Child:
    """A running engine process: send lines, wait for answers, read its notes, end it."""

    def __init__(
        self, spec: EngineSpec, log_folder: Path | None, log_name: str | None = None
    ) -> None:
        self.spec = spec
        self._cond = threading.Condition()
        self._answers: deque[Said] = deque(maxlen=MAX_WAITING)
        self.notes: deque[Said] = deque(maxlen=MAX_NOTES)
        """Every note the engine printed (the newest `MAX_NOTES`), for the analysis."""
        self.notes_seen = 0
        """Notes read in all (more than `notes` holds once old ones were dropped)."""
        self.dropped_log_bytes = 0
        self._eof = False
        self._closed = False
        self._close_lock = threading.Lock()
        self._ended = threading.Event()
        """Set once `close` has ended and reaped the process."""
        self._write_lock = threading.Lock()
        self.log = None if log_folder is None else log_path(log_folder, log_name or spec.name)
        """The log of its standard error: ``LOG_NAME.log`` (default: the engine's name)."""
        self._process = self._spawn()
        self.pid = self._process.pid
        with _LIVE_LOCK:
            _LIVE.add(self)
        assert self._process.stdout is not None and self._process.stderr is not None
        self._threads = [
            threading.Thread(
                target=self._read_out, args=(self._process.stdout,), daemon=True, name="engine-out"
            ),
            threading.Thread(
                target=self._read_err, args=(self._process.stderr,), daemon=True, name="engine-err"
            ),
        ]
        for thread in self._threads:
            thread.start()

    def _spawn(self) -> subprocess.Popen[bytes]:
        name = self.spec.name
        try:
            return subprocess.Popen(
                list(self.spec.command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
                close_fds=True,
            )
        except FileNotFoundError:
            raise EngineError(name, Fault.NOT_FOUND, self.spec.command[0]) from None
        except OSError as error:
            raise EngineError(name, Fault.NOT_STARTED, error.strerror or str(error)) from None

    # -- reading ------------------------------------------------------------

    def _read_out(self, stream: BinaryIO) -> None:
        """Split standard output into lines (cut at `MAX_LINE`), each to its queue."""
        pending = bytearray()
        cut = False
        fd = stream.fileno()
        while True:
            try:
                chunk = os.read(fd, READ_CHUNK)
            except OSError:
                chunk = b""
            if not chunk:
                break
            start = 0
            while True:
                end = chunk.find(b"\n", start)
                piece = chunk[start:] if end < 0 else chunk[start:end]
                room = MAX_LINE - len(pending)
                if len(piece) > room:
                    piece, cut = piece[: max(room, 0)], True
                pending += piece
                if end < 0:
                    break
                self._take(bytes(pending), cut)
                pending.clear()
                cut = False
                start = end + 1
        if pending:
            self._take(bytes(pending), cut)
        with self._cond:
            self._eof = True
            self._cond.notify_all()

    def _take(self, raw: bytes, cut: bool) -> None:
        text = raw.decode("utf-8", "replace").rstrip("\r")
        if not text.strip():
            return
        said = parse_said(text, cut=cut)
        with self._cond:
            if said.kind.is_note:
                self.notes.append(said)
                self.notes_seen += 1
            else:
                self._answers.append(said)
            self._cond.notify_all()

    def _read_err(self, stream: BinaryIO) -> None:
        """Standard error into the log, at most `MAX_LOG_BYTES` of it; the rest counted."""
        fd = stream.fileno()
        log = self._open_log()
        written = 0
        try:
            while True:
                try:
                    chunk = os.read(fd, READ_CHUNK)
                except OSError:
                    break
                if not chunk:
                    break
                keep = chunk[: max(MAX_LOG_BYTES - written, 0)]
                if log is not None and keep:
                    with contextlib.suppress(OSError):
                        log.write(keep)
                        log.flush()
                written += len(keep)
                self.dropped_log_bytes += len(chunk) - len(keep)
        finally:
            if log is not None:
                with contextlib.suppress(OSError):
                    if self.dropped_log_bytes:
                        note = f"\n[{self.dropped_log_bytes} more bytes not kept]\n"
                        log.write(note.encode())
                    log.close()

    def _open_log(self) -> BinaryIO | None:
        """The log file, emptied (one run's output); None if it can't be made."""
        if self.log is None:
            return None
        try:
            self.log.parent.mkdir(parents=True, exist_ok=True)
            return open(self.log, "wb")
        except OSError:
            return None

    # -- talking ------------------------------------------------------------

    @property
    def alive(self) -> bool:
        """True while the process runs and has not been closed."""
        return not self._closed and self._process.poll() is None

    @property
    def returncode(self) -> int | None:
        """The exit status once it ended (negative: the signal that ended it)."""
        return self._process.poll()

    def send(self, line: str) -> None:
        """Write one line; EngineError (EXITED) if the engine is gone."""
        if self._closed:
            raise EngineError(self.spec.name, Fault.CLOSED)
        stdin = self._process.stdin
        assert stdin is not None
        try:
            with self._write_lock:
                stdin.write(line.encode("utf-8") + b"\n")
                stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise self.exited() from None

    def exited(self) -> EngineError:
        """The error for an engine that is gone (its exit status, once known)."""
        code: int | None = None
        with contextlib.suppress(subprocess.TimeoutExpired):
            code = self._process.wait(0.5)
        if code is None:
            return EngineError(self.spec.name, Fault.EXITED, "it closed its output")
        if code < 0:
            try:
                what = signal.Signals(-code).name
            except ValueError:
                what = f"signal {-code}"
            return EngineError(self.spec.name, Fault.EXITED, f"ended by {what}")
        return EngineError(self.spec.name, Fault.EXITED, f"exit status {code}")

    def clear(self) -> None:
        """Forget answers not yet read (before a command whose answer matters)."""
        with self._cond:
            self._answers.clear()

    def answer(self, deadline: float, stop: StopSignal | None = None) -> Said | None:
        """The next answer line, waiting until `deadline` (`time.monotonic`); None then.

        Raises EngineError (EXITED) once the engine's output is closed with no
        answer left. With `stop`, returns None as soon as it is set too.
        """
        with self._cond:
            while not self._answers:
                if self._eof:
                    break
                left = deadline - time.monotonic()
                if left <= 0 or (stop is not None and stop.is_set()):
                    return None
                # A stop signal is looked at every so often; otherwise one wait to the deadline.
                self._cond.wait(left if stop is None else min(left, 0.05))
            if self._answers:
                return self._answers.popleft()
        raise self.exited()

    def notes_since(self, count: int) -> list[Said]:
        """The notes after the first `count` seen (those still kept)."""
        with self._cond:
            fresh = self.notes_seen - count
            if fresh <= 0:
                return []
            return list(self.notes)[-min(fresh, len(self.notes)) :]

    # -- ending -------------------------------------------------------------

    def close(self, grace: float = END_GRACE) -> None:
        """End it: ``END``, wait `grace`, SIGTERM the group, wait, SIGKILL; always reaped."""
        with self._close_lock:
            closing = self._closed
            self._closed = True
        if closing:  # another thread is ending it: wait for that (end_all at exit)
            self._ended.wait(max(grace, END_GRACE) + 3 * TERM_GRACE)
            return
        process = self._process
        try:
            if process.poll() is None:
                with contextlib.suppress(OSError, ValueError), self._write_lock:
                    assert process.stdin is not None
                    process.stdin.write(b"END\n")
                    process.stdin.flush()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(grace)
            for sig, wait in ((signal.SIGTERM, TERM_GRACE), (signal.SIGKILL, None)):
                if process.poll() is not None:
                    break
                _signal_group(process.pid, sig)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(wait)
            # What it started may outlive it: end the rest of its group.
            _signal_group(process.pid, signal.SIGKILL)
        finally:
            with contextlib.suppress(OSError, ValueError):
                if process.stdin is not None:
                    process.stdin.close()
            with _LIVE_LOCK:
                _LIVE.discard(self)
            self._ended.set()
            for thread in self._threads:
                thread.join(1.0)


def _signal_group(pid: int, sig: signal.Signals) -> None:
    """Send `sig` to the process group led by `pid` (nothing if it is gone)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)


def command_text(command: Sequence[str]) -> str:
    """A command as one line a shell would read back."""
    return shlex.join(command)
