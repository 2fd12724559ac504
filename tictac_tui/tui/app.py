"""The curses loop: let the computer play, draw, take the inputs waiting, apply them, repeat.

Curses starts and ends in one try/finally (what `curses.wrapper` does, less
its unconditional `start_color`), so the terminal is restored on every way
out, even when the terminal has gone away; exceptions (KeyboardInterrupt,
`input.InputClosed` included) pass through to the caller after the restore.
The loop never blocks for long: input is read through `input.Reader`, which
waits at most `IDLE_WAIT_MS` (`BUSY_WAIT_MS` while the computer thinks or
the saved games are read) whatever arrives; every input already waiting is
applied before the next frame (`Loop.take_input`), so a paste is drawn once.
The model's effects (saving) are performed here, through the `Saver` the
command line gives, in one place (`Loop.perform`); the Open list's files
are read in a worker thread (`listing.Lister`), never on the loop. Ctrl-Z
is acted on between inputs (`suspend.Suspender`).
"""

from __future__ import annotations

import contextlib
import curses
import datetime as dt
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..choices import Settings
from ..engine import format_move
from ..files import write_atomic
from ..i18n import _
from ..i18n.visible import shown_name
from ..play import saving
from ..records import RecordError, load
from ..saved import Shelf, games_dir
from ..scores import Scores
from ..squares import rows_from
from ..storage import settings_to_json
from . import layout, render
from .effects import Effect, Effects, ListGames, LoadPosition, SaveGame
from .input import Click, Reader, enable_mouse, safe_restore
from .keys import Command, command_for
from .listing import Lister, read_library
from .listing import apply as apply_listing
from .messages import Message, Tone
from .model import Model
from .replay import Library
from .screens import Screen
from .suspend import Suspender
from .terminal import CursesCanvas, Palette

ESCDELAY_MS = "25"
IDLE_WAIT_MS = 250
BUSY_WAIT_MS = 50
BATCH_KEYS = 4096
"""Most waiting inputs applied between two frames (a long paste still shows progress)."""
CRASH_KEY = ord("!")
BLIND_COMMANDS = frozenset({Command.RESIZE, Command.QUIT, Command.YES, Command.INTERRUPT})
"""Commands that still work while the terminal is too small to show the screen."""


class Saver(Protocol):
    """Where the model's effects save to; each returns a notice or None."""

    def save_settings(self, settings: Settings) -> str | None:
        """Save the settings."""
        ...

    def save_statistics(self, statistics: Scores) -> str | None:
        """Save the statistics."""
        ...


@dataclass(frozen=True, slots=True)
class Options:
    """How the app draws and where it saves, chosen by the command line."""

    ascii: bool = False
    color: bool = True
    saver: Saver | None = None
    state_file: Path | None = None
    """Test hook ($TICTAC_STATE_FILE): the shown state is written here after each frame."""
    crash_key: bool = False
    """Test hook ($TICTAC_CRASH_KEY=1): the key ! raises an unexpected error."""
    shelf: Shelf | None = None
    """Where games are saved and listed (None: saving is off)."""


def run(model: Model, options: Options) -> None:
    """Run the app until the model says quit; the terminal is restored on every exit."""
    os.environ.setdefault("ESCDELAY", ESCDELAY_MS)  # read by initscr: Esc answers at once
    # Ctrl-Z's handler before initscr: ncurses then leaves SIGTSTP alone (it would
    # otherwise ignore it during every doupdate, and a Ctrl-Z pressed then would be lost).
    suspender = Suspender()
    # curses.wrapper, less its start_color(): with --no-color no colour is ever sent.
    try:
        stdscr = curses.initscr()
    except BaseException:
        suspender.close()
        raise
    try:
        curses.noecho()
        curses.cbreak()
        stdscr.keypad(True)
        Loop(stdscr, model, options, suspender).run()
    finally:
        safe_restore(stdscr)


def perform(
    model: Model,
    effects: Effects,
    saver: Saver | None,
    shelf: Shelf | None = None,
    start_listing: Callable[[Path], None] | None = None,
) -> bool:
    """Do what the model asked (save), and queue any notice; True if the screen changed.

    `start_listing` reads the games folder off the loop (see `keep_games`)."""
    changed = Effect.REDRAW in effects
    for effect in effects:
        if isinstance(effect, LoadPosition):
            load_position(model, effect.path)
            changed = True
    if any(isinstance(effect, (SaveGame, ListGames)) for effect in effects):
        keep_games(model, effects, shelf, start_listing)
        changed = True
    if saver is None:
        return changed
    notices = []
    if Effect.SAVE_SETTINGS in effects:
        notices.append(saver.save_settings(model.settings))
    if Effect.SAVE_STATISTICS in effects:
        notices.append(saver.save_statistics(model.session.statistics))
    for notice in notices:
        if notice:
            model.notify(notice)
            changed = True
    return changed


def load_position(model: Model, path: str) -> None:
    """Read the game in the file at `path` (SGF, PSQ, pos; through `files`) for the position
    editor, or say why it can't be read."""
    try:
        record = load(Path(path).expanduser(), rows_from=rows_from())
    except (RecordError, OSError, ValueError) as error:
        model.message = Message(
            _("{file}: {problem}").format(file=shown_name(path), problem=error), Tone.WARNING
        )
        return
    model.position_loaded(record)


def keep_games(
    model: Model,
    effects: Effects,
    shelf: Shelf | None,
    start_listing: Callable[[Path], None] | None = None,
) -> None:
    """Save a game (`SaveGame`) or list the saved games (`ListGames`):
    with `start_listing`, the list shows at once and fills in as its files are read; without,
    they are read here."""
    if shelf is None:
        model.message = Message(_("Saving games is off in this run"), Tone.WARNING)
        return
    for record in [effect.record for effect in effects if isinstance(effect, SaveGame)]:
        dated = saving.dated(record, dt.date.today().isoformat())
        try:
            path = shelf.save(dated)
        except OSError as error:
            model.message = Message(
                _("Not saved: {error}").format(error=error.strerror or error), Tone.WARNING
            )
        else:
            model.message = Message(
                _("Saved as {file}").format(file=shown_name(path.name)), Tone.NOTE
            )
    if ListGames() in effects:
        folder = games_dir(shelf.base)
        if start_listing is None:
            model.show_library(read_library(folder))
        else:
            model.show_library(Library(surveyed=False))
            start_listing(folder)


class Loop:
    """One run of the app on a curses screen."""

    def __init__(
        self, stdscr: Any, model: Model, options: Options, suspender: Suspender | None = None
    ) -> None:
        """`suspender`: Ctrl-Z's (made before curses started, see `run`), else a new one."""
        self.stdscr = stdscr
        self.model = model
        self.options = options
        self.palette = Palette(options.color)
        self.dirty = True
        self.last_state = ""
        self.last_tenth = -1
        with contextlib.suppress(curses.error):
            curses.curs_set(0)
        stdscr.keypad(True)
        stdscr.idcok(False)  # plain rewrites: some terminals get insert/delete-char wrong
        enable_mouse()
        self.reader = Reader(stdscr)
        self.suspender = suspender if suspender is not None else Suspender()
        self.lister: Lister | None = None
        """The saved games being read for the Open list, if any."""

    def run(self) -> None:
        """The loop: the computer's turn, draw when something changed, one input."""
        try:
            self._loop()
        finally:
            self.reader.close()
            self.suspender.close()
            if self.lister is not None:
                self.lister.cancel()

    def _loop(self) -> None:
        model = self.model
        while not model.quit:
            now = time.monotonic()
            model.hidden = not self._fits()
            if self.perform(model.update(now)):
                self.dirty = True
            self._take_listing()
            # pondering shows no counting seconds: its start and end ask for a redraw
            computing = model.computer.job is not None and not model.computer.pondering()
            busy = computing or self.lister is not None or model.analysing()
            tenth = int(now * 10)
            if self.dirty or (busy and tenth != self.last_tenth):
                self.last_tenth = tenth
                self.draw(now)
            self._check_resize_windows()
            self.take_input(BUSY_WAIT_MS if busy else IDLE_WAIT_MS)
            if self.suspender.requested:  # Ctrl-Z, acted on here, not in the handler
                self.suspender.suspend(self.stdscr)
                self.dirty = True

    def take_input(self, wait_ms: int) -> None:
        """Wait up to `wait_ms` for an input, then take every input already waiting (up to
        `BATCH_KEYS`) before the next frame: a paste is applied key by key, drawn once."""
        event = self.reader.read(wait_ms)
        for _taken in range(BATCH_KEYS):
            if isinstance(event, Click):
                self.on_click(event, time.monotonic())
            elif event is not None:
                self.on_key(event, time.monotonic())
            if not self.reader.got_input or self.model.quit:
                return
            event = self.reader.read(0)

    def perform(self, effects: Effects) -> bool:
        """Perform the model's effects; True if the screen changed."""
        options = self.options
        return perform(self.model, effects, options.saver, options.shelf, self._start_listing)

    def _start_listing(self, folder: Path) -> None:
        """Read the games folder for the Open list in the background (a new `o`: afresh)."""
        if self.lister is not None:
            self.lister.cancel()
        self.lister = Lister(folder)

    def _take_listing(self) -> None:
        """Put what the lister read into the list on show; stop it once the list is left."""
        lister = self.lister
        if lister is None:
            return
        library = self.model.library
        if self.model.screen is not Screen.OPEN:
            lister.cancel()
        else:
            updates = lister.poll()
            if updates:
                apply_listing(library, updates)
                self.dirty = True
        if lister.done:
            if library.reading:  # cancelled, or its thread failed: what was read stays
                library.found(0, library.skipped)
                self.dirty = True
            self.lister = None

    def on_key(self, key: int, now: float) -> None:
        """Map one key to its command and apply it; unknown keys do nothing."""
        if self.options.crash_key and key == CRASH_KEY:
            raise RuntimeError("crash requested with the test key (TICTAC_CRASH_KEY)")
        command = command_for(key)
        if command is Command.INTERRUPT:  # Ctrl-C as a key (Windows, raw terminals)
            raise KeyboardInterrupt
        self.dirty = True
        height, width = self.stdscr.getmaxyx()
        self.model.size = (width, height)  # for scrolling the help
        blind = command in BLIND_COMMANDS or self.model.question is not None  # "no" is safe
        if not blind and not self._fits():
            return  # nothing changes unseen while the terminal is too small
        if command is Command.RESIZE:
            if sys.platform == "win32":
                curses.resize_term(0, 0)
            # Terminals keep, cut or reflow old text differently on a resize: repaint it all.
            self.stdscr.clear()
        self.perform(self.model.handle(command, now, key))

    def on_click(self, click: Click, now: float) -> None:
        """A left click: whatever `layout.click_target` finds there gets it."""
        self.dirty = True
        if not self._fits():
            return
        height, width = self.stdscr.getmaxyx()
        target = layout.click_target(self.model.view(), width, height, click.y, click.x)
        self.perform(self.model.click(target, now))

    def _fits(self) -> bool:
        """Whether the current screen fits the terminal."""
        height, width = self.stdscr.getmaxyx()
        return layout.fits(width, height, self.model.board_rules())

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

    def _write_state(self, width: int, height: int) -> None:
        """The test hook: what the screen shows, as JSON (written atomically)."""
        data = shown_state(self.model, width, height, self.options.ascii)
        text = json.dumps(data, sort_keys=True)
        if text != self.last_state and self.options.state_file is not None:
            self.last_state = text
            with contextlib.suppress(OSError):  # whole when read; no fsync at every frame
                write_atomic(self.options.state_file, text, durable=False)


def shown_state(model: Model, width: int, height: int, ascii: bool) -> dict[str, Any]:
    """What the screen shows, as plain values (the state-file test hook)."""
    data: dict[str, Any] = {
        "screen": model.screen.value,
        "size": [width, height],
        "ascii": ascii,
        "message": model.message.text,
        "question": model.question.value if model.question is not None else None,
        "settings": settings_to_json(model.settings),
        "escdelay": curses.get_escdelay() if hasattr(curses, "get_escdelay") else None,
        "numbers": model.show_numbers,
    }
    match = model.match
    viewer = model.viewer
    if model.screen is Screen.OPEN:
        library = model.library
        data.update(
            games=[game.path.name for game in library.games],
            reading=library.reading,
            skipped=[[skipped.name, skipped.why.value] for skipped in library.skipped],
        )
    setup = model.editor.setup
    if model.screen is Screen.EDITOR and setup is not None:
        data.update(setup=setup.diagram(), to_move=str(setup.to_move))
    if viewer is not None and model.screen is Screen.REPLAY:
        rules = viewer.record.rules
        data.update(
            rules=[rules.rows, rules.cols, rules.k],
            rule=rules.rule.value,
            history=[format_move(m) for m in viewer.state.history],
            replay=[viewer.position, viewer.last],
        )
    elif match is not None:
        rules = match.rules
        data.update(
            rules=[rules.rows, rules.cols, rules.k],
            rule=rules.rule.value,
            history=[format_move(m) for m in match.state.history],
            cursor=[match.cursor.row, match.cursor.col],
            over=match.over,
            human=sorted(str(p) for p in match.human),
            mode=match.mode.value,
            paused=match.paused,
        )
    return data
