"""Signal dispositions for the programs the tests start."""

from __future__ import annotations

import signal


def as_from_a_shell() -> None:
    """In the child before exec: the signal dispositions a person's shell gives a program.

    A test run started in the background (``pytest &`` from a script, as CI may
    start it) inherits SIGINT and SIGQUIT ignored, and an ignored signal stays
    ignored across exec; a terminal's Ctrl-C and Ctrl-\\ (or a test's SIGINT)
    would then do nothing.
    """
    for name in ("SIGINT", "SIGQUIT", "SIGTERM", "SIGHUP"):
        signal.signal(getattr(signal, name), signal.SIG_DFL)
