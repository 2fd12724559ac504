"""Reading the terminal's input so that no input can stall the loop.

`Reader.read(timeout_ms)` returns one key code, a `Click`, or None (nothing,
or an input the app ignores) within about its timeout, whatever arrives:

- **Mouse.** ncurses drops a mouse report that is not in the mouse mask and
  then waits for the next byte in a blocking read, ignoring the ``getch``
  timeout: with a mask of press and click only, the release that follows a
  click froze the loop until the next key. So every report ncurses can
  decode is asked for (``ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION``; the
  terminal is still asked for button events only), ``mouseinterval(0)``
  turns off click composition, and the app acts on a left press alone:
  releases, motion, wheel and other buttons are read and ignored.
- **SGR mouse reports.** The terminal is asked for SGR (1006) reports
  (`SGR_ON`, turned off again by `safe_restore`): they carry any column (X10's
  stop at 223) and are what terminals such as xterm, tmux and kitty send. Where
  terminfo's ``kmous`` is SGR's (``Esc [ <``: ncurses 6 with xterm's entries),
  ncurses decodes them; elsewhere (``screen``, ``tmux``, ``linux``) they
  arrive as ``Esc [ < b ; x ; y M`` in the key stream and `Reader` decodes
  them itself (`sgr_click`).
- **Unknown escape sequences** (focus in/out, keys terminfo does not know)
  arrive as Esc followed by the rest of the sequence already in the input
  queue: the rest is read and the whole sequence ignored, so it doesn't
  open the menu. A lone Esc is the Esc key.
- **A guard.** ncurses reads the rest of a mouse report in a blocking read;
  a truncated report (which no terminal sends, but anything may be typed)
  would block it. A one-shot `SIGALRM` timer, set `GUARD_SECONDS` beyond the
  timeout around each ``getch``, interrupts such a read (POSIX, main thread).
- **End of input.** When the terminal goes away (window closed, ``tmux
  kill-session``) and no SIGHUP arrives, ``getch`` returns at once with
  nothing, forever. A hangup, an error or "readable but nothing read" three
  times running raises `InputClosed` instead of spinning.
"""

from __future__ import annotations

import contextlib
import curses
import os
import select
import signal
import sys
import threading
from dataclasses import dataclass
from types import FrameType
from typing import Any

ESC = 27
MOUSE_MASK_NAMES = ("ALL_MOUSE_EVENTS", "REPORT_MOUSE_POSITION")
LEFT_PRESS_NAMES = ("BUTTON1_PRESSED", "BUTTON1_CLICKED")
GUARD_SECONDS = 1.0
"""How far past its timeout a ``getch`` may run before the guard interrupts it."""
EMPTY_READS_TO_CLOSE = 3
"""Readable-but-empty reads in a row that mean the input has ended."""
SEQUENCE_LIMIT = 64
"""Most characters read as the tail of one unknown escape sequence."""
SGR_ON = b"\x1b[?1006h"
SGR_OFF = b"\x1b[?1006l"
"""xterm's private mode 1006 on and off: mouse reports in the SGR encoding."""
SGR_MARK = ord("<")
"""The first parameter byte of an SGR mouse report, after ``Esc [``."""


class InputClosed(Exception):
    """The terminal's input has ended (hangup, or end of file)."""


@dataclass(frozen=True, slots=True)
class Click:
    """A left-button press at screen row `y`, column `x`."""

    y: int
    x: int


def _flags(names: tuple[str, ...]) -> int:
    """The OR of the curses constants in `names` that exist here."""
    value = 0
    for name in names:
        value |= int(getattr(curses, name, 0))
    return value


def enable_mouse() -> None:
    """Ask for every mouse report ncurses decodes, with no click composition, in the SGR
    encoding where the terminal has it."""
    try:
        available, _old = curses.mousemask(_flags(MOUSE_MASK_NAMES))
        curses.mouseinterval(0)
    except (curses.error, AttributeError):
        return
    if available:
        send_to_terminal(SGR_ON)


def send_to_terminal(sequence: bytes) -> None:
    """Write a control sequence straight to the terminal (POSIX: Windows consoles would
    print it); never raises."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.write(sys.stdout.fileno(), sequence)


def sgr_click(params: str, final: str) -> Click | None:
    """The Click an SGR mouse report ``Esc [ < params final`` means, if a left press.

    `params` is "b;x;y" (1-based column and row); `final` is M (press) or m (release).
    """
    fields = params.split(";")
    if final != "M" or len(fields) != 3 or not all(f.isascii() and f.isdigit() for f in fields):
        return None
    button, x, y = (int(f) for f in fields)
    if button != 0 or x < 1 or y < 1:  # other buttons; modifier, motion and wheel bits
        return None
    return Click(y - 1, x - 1)


def _no_op(signum: int, frame: FrameType | None) -> None:
    """SIGALRM's handler: its only job is to interrupt a blocked read."""


class Reader:
    """Reads one input at a time from a curses window (see the module docstring)."""

    def __init__(self, window: Any, fd: int | None = None) -> None:
        self.window = window
        self.fd = fd if fd is not None else _stdin_fd()
        self.empty_reads = 0
        self.got_input = False
        """The last `read` took input (a key, a click, or something ignored): more may be
        waiting, so the caller may read on with no wait before drawing."""
        self._guard = (
            hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        )
        self._old_alarm: Any = None
        if self._guard:
            self._old_alarm = signal.signal(signal.SIGALRM, _no_op)

    def close(self) -> None:
        """Stop the guard timer and give SIGALRM back its old handler."""
        if self._guard:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._old_alarm)
            self._guard = False

    def read(self, timeout_ms: int) -> int | Click | None:
        """The next key code or left click, or None; waits about `timeout_ms` at most."""
        key = self._getch(timeout_ms)
        self.got_input = key != -1
        if key == -1:
            self._check_open()
            return None
        self.empty_reads = 0
        if key == curses.KEY_MOUSE:
            return _click()
        if key == ESC:
            return self._escape()
        return key

    def _getch(self, timeout_ms: int) -> int:
        self.window.timeout(timeout_ms)
        if not self._guard:
            return int(self.window.getch())
        signal.setitimer(signal.ITIMER_REAL, max(0, timeout_ms) / 1000 + GUARD_SECONDS)
        try:
            return int(self.window.getch())
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)

    def _escape(self) -> int | Click | None:
        """Esc alone is the Esc key; Esc with more already queued is a sequence to drop."""
        following = self._getch(0)
        if following == -1:
            return ESC
        if following not in (ord("["), ord("O")):
            curses.ungetch(following)  # Alt+key: Esc, then the key
            return ESC
        params: list[str] = []
        for _ in range(SEQUENCE_LIMIT):
            char = self._getch(0)
            if char == -1:
                break  # the queue ran dry
            if 0x40 <= char <= 0x7E:  # the sequence's final byte
                if following == ord("[") and params[:1] == [chr(SGR_MARK)]:
                    return sgr_click("".join(params[1:]), chr(char))
                break
            if not 0x20 <= char <= 0x3F:  # not a parameter: a key of its own
                curses.ungetch(char)
                break
            params.append(chr(char))
        return None

    def _check_open(self) -> None:
        """Raise InputClosed once the input has ended (POSIX; no-op elsewhere)."""
        if self.fd is None or not hasattr(select, "poll"):
            return
        poller = select.poll()
        poller.register(self.fd, select.POLLIN)
        try:
            events = poller.poll(0)
        except OSError:
            raise InputClosed from None
        flags = events[0][1] if events else 0
        if flags & (select.POLLHUP | select.POLLERR | select.POLLNVAL):
            raise InputClosed
        if flags & select.POLLIN:
            self.empty_reads += 1
            if self.empty_reads >= EMPTY_READS_TO_CLOSE:
                raise InputClosed
        else:
            self.empty_reads = 0


def _click() -> Click | None:
    """The pending mouse report as a Click if it is a left press, else None."""
    try:
        _, x, y, _, state = curses.getmouse()
    except curses.error:
        return None
    if not state & _flags(LEFT_PRESS_NAMES):
        return None
    return Click(y, x)


def _stdin_fd() -> int | None:
    """The file descriptor curses reads (standard input), if there is one."""
    try:
        return sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return None


def safe_restore(window: Any) -> None:
    """Give the terminal back; each step may fail on a terminal that has gone away."""
    for step in (lambda: window.keypad(False), curses.echo, curses.nocbreak, curses.endwin):
        with contextlib.suppress(curses.error):
            step()
    send_to_terminal(SGR_OFF)  # after endwin, which turned mouse reporting itself off
