"""The real app inside tmux: a click, and `tmux kill-session` (skipped without tmux).

Each test runs its own tmux server (``-L`` socket, no configuration file),
reads the pane with ``capture-pane``, and waits for conditions with a
deadline; nothing sleeps to synchronise.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .terminal import PATIENCE, ROOT, mouse_press, mouse_release

pytestmark = [
    pytest.mark.terminal,
    pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON),
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

RECORD_STATUS = (
    "import signal, subprocess, sys\n"
    "signal.signal(signal.SIGHUP, lambda *a: None)  # caught, so the app gets the default\n"
    "status = subprocess.call(sys.argv[2:])\n"
    "open(sys.argv[1], 'w').write(str(status if status >= 0 else 128 - status))\n"
)
"""Run the app and write its exit status to a file, surviving the hangup itself."""


class Tmux:
    """A private tmux server with one 80x24 session running a command."""

    def __init__(self, tmp: Path) -> None:
        self.socket = f"tictac-test-{os.getpid()}-{tmp.name}"[:90]
        self.env = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS", "TMUX")}
        self.env.update(
            TERM="xterm-256color",
            TICTAC_CONFIG_DIR=str(tmp / "config"),
            TICTAC_DATA_DIR=str(tmp / "data"),
            PYTHONPATH=str(ROOT) + os.pathsep + self.env.get("PYTHONPATH", ""),
        )

    def tmux(self, *args: str) -> str:
        result = subprocess.run(
            ["tmux", "-L", self.socket, "-f", os.devnull, *args],
            capture_output=True,
            text=True,
            env=self.env,
            timeout=PATIENCE,
            check=False,
        )
        return result.stdout

    def pane(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "game")

    def wait_for(
        self, condition: Callable[[str], bool], what: str, timeout: float = PATIENCE
    ) -> None:
        deadline = time.monotonic() + timeout
        while not condition(self.pane()):
            if time.monotonic() > deadline:
                raise AssertionError(f"waited for {what}; the pane shows:\n{self.pane()}")
            time.sleep(0.05)  # polling tmux, under a generous deadline

    def close(self) -> None:
        self.tmux("kill-server")


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    server = Tmux(tmp_path)
    yield server
    server.close()


def app_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "tictac_tui", "--seed", "3", *args]


def test_kill_session_ends_the_app_with_129_and_keeps_the_statistics(
    tmux: Tmux, tmp_path: Path
) -> None:
    status_file = tmp_path / "status"
    command = [sys.executable, "-c", RECORD_STATUS, str(status_file), *app_command()]
    tmux.tmux("new-session", "-d", "-s", "game", "-x", "80", "-y", "24", "-c", str(ROOT), *command)
    tmux.wait_for(lambda pane: "> Play" in pane, "the menu")
    tmux.tmux("send-keys", "-t", "game", "Down", "Down", "Down", "Down", "Right")  # Medium -> Hard
    tmux.wait_for(lambda pane: "< Hard >" in pane, "Hard chosen")
    tmux.tmux("kill-session", "-t", "game")
    deadline = time.monotonic() + PATIENCE
    while not status_file.exists() or not status_file.read_text():
        assert time.monotonic() < deadline, "the app did not exit after kill-session"
        time.sleep(0.05)  # polling for the exit, under a generous deadline
    assert status_file.read_text() == "129"
    saved = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert saved["difficulty"] == "hard"


def test_a_click_in_tmux_with_press_and_release_apart(tmux: Tmux) -> None:
    import pexpect

    shell = " ".join(app_command("--difficulty", "medium"))
    client = pexpect.spawn(
        "tmux",
        ["-L", tmux.socket, "-f", os.devnull, "new-session", "-s", "game", "-c", str(ROOT), shell],
        env=tmux.env,
        dimensions=(24, 80),
    )

    def drain() -> None:
        with contextlib.suppress(pexpect.TIMEOUT, pexpect.EOF):
            client.read_nonblocking(65536, timeout=0)

    def shown(text: str) -> Callable[[str], bool]:
        def check(pane: str) -> bool:
            drain()
            return text in pane

        return check

    tmux.wait_for(shown("> Play"), "the menu")
    client.send(b"\r")
    tmux.wait_for(shown("Your move (X)"), "the board")
    lines = tmux.pane().splitlines()
    y = next(i for i, line in enumerate(lines) if "│   1   │" in line)
    x = lines[y].index("1")
    client.send(mouse_press(y, x))
    tmux.wait_for(lambda pane: shown("")(pane) and "│   1   │" not in pane, "the press to play")
    client.send(mouse_release(y, x))
    tmux.wait_for(shown("Your move (X)"), "the computer's reply after the release")
    client.terminate(force=True)
