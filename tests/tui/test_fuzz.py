"""Thousands of random keys, resizes and mouse events against the real app.

The app must never crash, and whenever it shows a board, the board must equal
the engine's position for the history it reports (the state-file test hook).
If the random keys quit the app (q then y), it must have exited cleanly; a
new one is started and the fuzzing goes on.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tictac_tui.tui import layout

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .terminal import KEYS, TerminalApp, mouse_click

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

TOTAL_KEYS = 5000
BATCH = 25
SIZES: list[tuple[int, int]] = [
    (24, 80),
    (30, 100),
    (23, 80),
    (14, 44),
    (10, 30),
    (40, 120),
    (5, 12),
    (24, 60),
]
NAMED: list[str] = ["up", "down", "left", "right", "enter", "esc"]
TYPED: list[str] = [
    *"hjklwasdHJKLWASD 123456789uutnmm?qyxyz!@#%",
    "\t",
    "\x7f",
    "\x1b[15~",
    "\x1bOP",
]


TOO_SMALL = ("Make the", "Too small", "请把终端", "太小")
"""How the too-small notice starts, in English and in Chinese (random keys may switch)."""
SCORE = ("Session score", "本次比分")
"""What the app prints when it ends, in either language."""


def consistent(run: TerminalApp) -> bool:
    """The app has caught up with the pty size, and any board it shows matches the engine."""
    state = run.state()
    if state.get("size") != [run.screen.columns, run.screen.lines]:
        return False
    if state.get("screen") != "game" or "rules" not in state:
        return True
    from tictac_tui.engine import Rules

    if not layout.fits(run.screen.columns, run.screen.lines, Rules(*state["rules"])):
        return any(words in run.text() for words in TOO_SMALL)
    return run.board_matches()


def random_input(rng: random.Random, run: TerminalApp) -> bytes | str | tuple[int, int] | None:
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(NAMED)
    if roll < 0.85:
        return rng.choice(TYPED)
    if roll < 0.97:
        y, x = rng.randrange(run.screen.lines), rng.randrange(run.screen.columns)
        if rng.random() < 0.8:
            return mouse_click(y, x)
        return f"\x1b[<{rng.choice([1, 2, 64, 65])};{x + 1};{y + 1}M".encode()
    return rng.choice(SIZES)


def menu_shown(app: TerminalApp) -> bool:
    """The main menu is up: "Play" first, or "Resume game" when a quit run left a game saved."""
    screen = app.text()
    return "> Play" in screen or "> Resume game" in screen


def test_random_keys_never_crash_and_the_board_matches(app: Callable[..., TerminalApp]) -> None:
    rng = random.Random(20240611)
    args = ("--seed", "5", "--difficulty", "easy", "--lang", "en")
    run = app(*args)
    run.wait_for(menu_shown)
    restarts = 0
    sent = 0
    boards = 0
    while sent < TOTAL_KEYS:
        for _ in range(BATCH):
            item = random_input(rng, run)
            if isinstance(item, tuple):
                run.resize(*item)
            elif item is not None:
                run.send(item if isinstance(item, bytes) else KEYS.get(item, item))
            sent += 1
        ended = any(words in run.raw.decode(errors="replace") for words in SCORE)
        if not run.child.isalive() or ended:
            status = run.wait_exit()
            assert status == 0, run.raw.decode(errors="replace")[-2000:]
            assert run.restored()
            restarts += 1
            run = app(*args)
            run.wait_for(menu_shown)
            continue
        try:
            run.wait_for(consistent)
            boards += run.board_on_screen() is not None
        except AssertionError:
            if run.child.isalive():
                raise
            status = run.wait_exit()
            assert status == 0, run.raw.decode(errors="replace")[-2000:]
            restarts += 1
            run = app(*args)
            run.wait_for(menu_shown)
    assert b"Traceback" not in run.raw
    print(f"{sent} keys, {restarts} quits, {boards} boards compared")
    assert boards >= TOTAL_KEYS // BATCH // 10  # the fuzzing reached many boards
