"""The fake engine (fake_engine.py) as a spec, and waiting for processes to be gone."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tictac_tui.engines import EngineSpec

SCRIPT = Path(__file__).resolve().parent / "fake_engine.py"
GONE_SECONDS = 30.0
"""How long a killed grandchild may take to be gone (a busy machine)."""


@dataclass(frozen=True)
class Fake:
    """A fake engine in MODE: its spec, the file its pid is written to, the log of its input."""

    spec: EngineSpec
    pidfile: Path
    heard: Path

    @property
    def pid(self) -> int:
        """The fake's process id (it writes it before reading anything)."""
        return int(self.pidfile.read_text())

    def lines(self) -> list[str]:
        """Every line it was sent, in order."""
        return self.heard.read_text().splitlines() if self.heard.exists() else []


def fake(tmp_path: Path, mode: str, name: str = "fake") -> Fake:
    """A fake engine called `name` in `mode` (see fake_engine.py)."""
    pidfile = tmp_path / f"{name}.pid"
    heard = tmp_path / f"{name}.heard"
    command = (sys.executable, str(SCRIPT), str(pidfile), mode, str(heard))
    return Fake(EngineSpec(name, command), pidfile, heard)


def is_gone(pid: int) -> bool:
    """True once `pid` is no process, or only a zombie (dead, not yet reaped by init)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rpartition(")")[2].split()[0] == "Z"


def wait_gone(pid: int) -> bool:
    """Wait (at most `GONE_SECONDS`) for a process we did not start ourselves to be gone."""
    deadline = time.monotonic() + GONE_SECONDS
    while not is_gone(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def assert_reaped(pid: int) -> None:
    """Our own child `pid` was ended and reaped: no such process any more."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return
    raise AssertionError(f"process {pid} is still there")
