"""Ctrl-Z: give the terminal back as at exit, stop, and take it again on ``fg``.

ncurses's own SIGTSTP handler restores the terminal modes and turns its
mouse reporting off, but not the SGR encoding the app asked for
(`input.SGR_ON`), which a shell or the next program would then inherit. So
the app handles SIGTSTP itself (POSIX, main thread): the handler only notes
the request; the loop, between two inputs, calls `Suspender.suspend`, which
turns SGR off, leaves curses mode, stops the process, and on ``fg`` turns
SGR on again and repaints. The handler is set before curses starts: ncurses
then leaves SIGTSTP alone (else it ignores SIGTSTP during each screen update,
and a Ctrl-Z pressed while the screen is drawn would be lost).
"""

from __future__ import annotations

import contextlib
import curses
import os
import signal
import threading
from types import FrameType
from typing import Any

from .input import SGR_OFF, SGR_ON, send_to_terminal


class Suspender:
    """Notes a SIGTSTP (the handler does nothing else) and suspends on request."""

    def __init__(self) -> None:
        self.requested = False
        self.installed = (
            hasattr(signal, "SIGTSTP")
            and threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGTSTP) is not signal.SIG_IGN
        )
        if self.installed:
            signal.signal(signal.SIGTSTP, self._note)

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self.requested = True

    def close(self) -> None:
        """Back to the default action (stop) for SIGTSTP."""
        if self.installed:
            signal.signal(signal.SIGTSTP, signal.SIG_DFL)
            self.installed = False

    def suspend(self, window: Any) -> None:
        """Give the terminal back, stop until continued, then take it back and repaint."""
        self.requested = False
        if not self.installed:
            return
        send_to_terminal(SGR_OFF)
        with contextlib.suppress(curses.error):
            curses.endwin()
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        try:
            os.kill(os.getpid(), signal.SIGTSTP)  # stops here until fg (SIGCONT)
        finally:
            signal.signal(signal.SIGTSTP, self._note)
        send_to_terminal(SGR_ON)
        with contextlib.suppress(curses.error):
            window.clear()  # the shell wrote over the screen: repaint it all
            window.refresh()
