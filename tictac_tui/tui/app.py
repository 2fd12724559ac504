"""The curses loop: draw from the model, read a key, map it to a command, repeat.

Curses starts and ends in one try/finally (what `curses.wrapper` does, less
its unconditional `start_color`), so the terminal is restored on every way
out, even when the terminal has gone away; exceptions (KeyboardInterrupt,
`input.InputClosed` included) pass through to the caller after the restore.
The loop never blocks for long: input is read through `input.Reader`, which
waits at most 250 ms (50 ms while the computer thinks) whatever arrives, so
worker answers, the thinking timer and signals are handled promptly.
"""

from __future__ import annotations

import contextlib
import curses
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import format_move
from ..storage import Settings, Statistics, write_json_atomic
from . import keys, layout, render
from .input import Click, Reader, enable_mouse, safe_restore
from .model import Model
from .terminal import CursesCanvas, Palette
from .worker import Worker

ESCDELAY_MS = "25"
IDLE_WAIT_MS = 250
BUSY_WAIT_MS = 50
CRASH_KEY = ord("!")
BLIND_COMMANDS = frozenset({"resize", "quit", "yes", "interrupt"})
"""Commands that still work while the terminal is too small to show the screen."""


@dataclass(frozen=True, slots=True)
class Options:
    """How the app draws and where it saves, chosen by the command line."""

    ascii: bool = False
    color: bool = True
    save_settings: Callable[[Settings], str | None] | None = None
    save_stats: Callable[[Statistics], str | None] | None = None
    state_file: Path | None = None
    """Test hook ($TICTAC_STATE_FILE): the shown state is written here after each frame."""
    crash_key: bool = False
    """Test hook ($TICTAC_CRASH_KEY=1): the key ! raises an unexpected error."""


def run(model: Model, options: Options) -> None:
    """Run the app until the model says quit; the terminal is restored on every exit."""
    os.environ.setdefault("ESCDELAY", ESCDELAY_MS)  # read by initscr: Esc answers at once
    # curses.wrapper, less its start_color(): with --no-color no colour is ever sent.
    stdscr = curses.initscr()
    try:
        curses.noecho()
        curses.cbreak()
        stdscr.keypad(True)
        Loop(stdscr, model, options).run()
    finally:
        safe_restore(stdscr)


class Loop:
    """One run of the app on a curses screen."""

    def __init__(self, stdscr: Any, model: Model, options: Options) -> None:
        self.stdscr = stdscr
        self.model = model
        self.options = options
        self.palette = Palette(options.color)
        self.worker = Worker()
        self.dirty = True
        self.last_state = ""
        self.last_tenth = -1
        with contextlib.suppress(curses.error):
            curses.curs_set(0)
        stdscr.keypad(True)
        stdscr.idcok(False)  # plain rewrites: some terminals get insert/delete-char wrong
        enable_mouse()
        self.reader = Reader(stdscr)

    def run(self) -> None:
        """The loop: answers, ticks, draw when something changed, one input."""
        try:
            self._loop()
        finally:
            self.reader.close()
        self._persist()

    def _loop(self) -> None:
        model = self.model
        while not model.quit:
            now = time.monotonic()
            for job_id, move, error in self.worker.results():
                model.job_done(job_id, move, now, error)
                self.dirty = True
            if model.tick(now):
                self.dirty = True
            job = model.next_job(now)
            if job is not None:
                self.worker.offer(job)
            self._persist()
            busy = model.thinking() is not None
            tenth = int(now * 10)
            if self.dirty or (busy and tenth != self.last_tenth):
                self.last_tenth = tenth
                self.draw(now)
            self._check_resize_windows()
            event = self.reader.read(BUSY_WAIT_MS if busy else IDLE_WAIT_MS)
            if isinstance(event, Click):
                self.on_click(event, time.monotonic())
            elif event is not None:
                self.on_key(event, time.monotonic())

    def on_key(self, key: int, now: float) -> None:
        """Map one key to its command and apply it; unknown keys do nothing."""
        if self.options.crash_key and key == CRASH_KEY:
            raise RuntimeError("crash requested with the test key (TICTAC_CRASH_KEY)")
        command = keys.command_for(key) or keys.OTHER
        if command == "interrupt":  # Ctrl-C as a key (Windows, raw terminals)
            raise KeyboardInterrupt
        if command not in BLIND_COMMANDS and not self._fits():
            return  # nothing changes unseen while the terminal is too small
        arg: Any = None
        if command == "resize":
            if sys.platform == "win32":
                curses.resize_term(0, 0)
            # Terminals keep, cut or reflow old text differently on a resize: repaint it all.
            self.stdscr.clear()
        elif command == "digit":
            arg = keys.digit_value(key)
        self.model.handle(command, now, arg=arg)
        self.dirty = True

    def _fits(self) -> bool:
        """Whether the current screen fits the terminal."""
        model = self.model
        height, width = self.stdscr.getmaxyx()
        game = model.game if model.screen == "game" else None
        return layout.fits(width, height, game.rules if game is not None else None)

    def on_click(self, click: Click, now: float) -> None:
        """A left click: play a square, choose a menu item, or leave help."""
        self.dirty = True
        if not self._fits():
            return
        y, x = click.y, click.x
        model = self.model
        height, width = self.stdscr.getmaxyx()
        if model.screen == "game" and model.game is not None and not model.confirm_quit:
            lay = layout.game_layout(width, height, model.game.rules)
            move = lay.square_at(y, x) if lay is not None else None
            if move is not None:
                model.handle("click", now, arg=move)
        elif model.screen == "menu" and not model.confirm_quit:
            if not layout.fits(width, height, None):
                return
            top, left, box_w = render.menu_geometry(model, width, height)
            index = y - top
            if 0 <= index < len(model.menu_items()) and left <= x < left + box_w:
                model.menu_index = index
                model.handle("select", now)
        else:
            model.handle("click", now)

    def _check_resize_windows(self) -> None:
        """PDCurses may not send KEY_RESIZE: notice a new size ourselves."""
        if sys.platform != "win32":
            return
        height, width = self.stdscr.getmaxyx()
        if curses.is_term_resized(height, width):
            curses.resize_term(0, 0)
            self.stdscr.clear()
            self.dirty = True

    def draw(self, now: float) -> None:
        """Draw one frame without flicker: erase, draw, one doupdate."""
        self.dirty = False
        self.stdscr.erase()
        canvas = CursesCanvas(self.stdscr, self.palette, ascii=self.options.ascii)
        render.draw(canvas, self.model, now)
        self.stdscr.noutrefresh()
        curses.doupdate()
        if self.options.state_file is not None:
            self._write_state(canvas.width, canvas.height)

    def _persist(self) -> None:
        model = self.model
        notices = []
        if model.settings_dirty and self.options.save_settings is not None:
            model.settings_dirty = False
            notices.append(self.options.save_settings(model.settings))
        if model.stats_dirty and self.options.save_stats is not None:
            model.stats_dirty = False
            notices.append(self.options.save_stats(model.stats))
        for notice in notices:
            if notice:
                model.notices.append(notice)
                self.dirty = True

    def _write_state(self, width: int, height: int) -> None:
        """The test hook: what the screen shows, as JSON (written atomically)."""
        model = self.model
        game = model.game
        data: dict[str, Any] = {
            "screen": model.screen,
            "size": [width, height],
            "ascii": self.options.ascii,
            "message": model.message,
            "confirm_quit": model.confirm_quit,
            "escdelay": curses.get_escdelay() if hasattr(curses, "get_escdelay") else None,
            "settings": vars_of(model.settings),
        }
        if game is not None:
            rules = game.rules
            data.update(
                rules=[rules.rows, rules.cols, rules.k],
                history=[format_move(m) for m in game.state.history],
                cursor=[game.cursor.row, game.cursor.col],
                over=game.over,
                human=sorted(str(p) for p in game.human),
                mode=game.mode,
                paused=game.paused,
            )
        text = json.dumps(data, sort_keys=True)
        if text != self.last_state:
            self.last_state = text
            with contextlib.suppress(OSError):
                write_json_atomic(self.options.state_file, data)  # type: ignore[arg-type]


def vars_of(settings: Settings) -> dict[str, Any]:
    """The settings as a plain dict."""
    return {name: getattr(settings, name) for name in settings.__dataclass_fields__}
