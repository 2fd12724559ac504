"""Fixtures for the app tests: `app` starts the real app in a pty (POSIX only)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .terminal import TerminalApp

ON_WINDOWS = sys.platform == "win32"
NO_PTY_REASON = "terminal tests need a POSIX pseudo-terminal (pexpect); Windows has none"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Callable[..., TerminalApp]]:
    """Start the app with arguments (and rows=, cols=, env=); every app is killed after."""
    if ON_WINDOWS:
        pytest.skip(NO_PTY_REASON)
    started: list[TerminalApp] = []

    def start(*args: str, **kwargs: object) -> TerminalApp:
        run = TerminalApp(tmp_path, *args, **kwargs)  # type: ignore[arg-type]
        started.append(run)
        return run

    yield start
    for run in started:
        run.close()
