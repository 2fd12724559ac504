"""A long paste: the keys waiting in the input are taken in bulk, drawn once.

Before, each key was one frame (about 900 keys a second): a 100 KB paste
froze the app for two minutes. The pty test waits, far longer than the paste
now takes, for the key after the paste to show its effect; the in-process
test counts frames.
"""

from __future__ import annotations

import curses
import os
import time
from collections.abc import Callable
from typing import Any

import pytest

from tictac_tui.choices import Settings
from tictac_tui.tui import app as app_module
from tictac_tui.tui.app import Loop, Options
from tictac_tui.tui.input import Reader
from tictac_tui.tui.model import Model
from tictac_tui.tui.screens import Screen

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .terminal import PATIENCE, AppTimeout, TerminalApp

Start = Callable[..., TerminalApp]
PASTE_BYTES = 100 * 1024


def paste(run: TerminalApp, data: bytes, timeout: float = PATIENCE) -> None:
    """Write `data` to the app's terminal as fast as it takes it, reading its screen
    meanwhile (a full output buffer would stall it); fail if it takes longer than `timeout`."""
    fd = run.child.child_fd
    os.set_blocking(fd, False)
    deadline = time.monotonic() + timeout
    try:
        while data:
            try:
                data = data[os.write(fd, data[:4096]) :]
            except BlockingIOError:
                run.pump(0.01)  # the app has not read its input yet: read its output
            if time.monotonic() > deadline:
                raise AppTimeout(f"the app took too long to read the paste ({len(data)} left)")
    finally:
        os.set_blocking(fd, True)


@pytest.mark.terminal
@pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)
def test_a_long_paste_into_the_prompt_keeps_what_fits_and_is_taken_in_bulk(app: Start) -> None:
    run = app("--game", "gomoku15", "--mode", "hvh")
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for(lambda r: r.state().get("screen") == "game")
    run.send("g")
    paste(run, b"h8" + b"#" * PASTE_BYTES + b"j10")  # the prompt keeps "h8j1"
    run.send("\x7f\x7f\r")  # Backspace twice: "h8", Enter plays it
    run.wait_for(lambda r: r.state().get("history") == ["h8"])
    assert run.board_matches()


class FakeWindow:
    """A curses window whose input is a list of keys, and that draws nothing."""

    def __init__(self, keys: list[int]) -> None:
        self.keys = keys

    def getch(self) -> int:
        return self.keys.pop(0) if self.keys else -1

    def timeout(self, ms: int) -> None:
        pass

    def getmaxyx(self) -> tuple[int, int]:
        return (24, 80)

    def __getattr__(self, name: str) -> Callable[..., Any]:
        return lambda *args: None


def test_keys_waiting_together_are_drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    keys = [ord("j")] * 40 + [ord("?")]  # 40 times down the menu, then the help
    window = FakeWindow(keys)
    model = Model(Settings(), threads=False)
    monkeypatch.setattr(curses, "curs_set", lambda visibility: None)
    monkeypatch.setattr(app_module, "enable_mouse", lambda: None)
    loop = Loop(window, model, Options(color=False))
    loop.reader.close()
    loop.reader = Reader(window, fd=None)
    frames: list[Screen] = []

    def draw(now: float) -> None:
        loop.dirty = False
        frames.append(model.screen)
        if len(frames) == 2:
            model.quit = True

    monkeypatch.setattr(loop, "draw", draw)
    loop.run()
    assert frames == [Screen.MENU, Screen.HELP]
    assert window.keys == []
