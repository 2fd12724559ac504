"""Reading the saved games for the Open list, off the input loop, never blocking.

`o` must leave the screen responsive whatever the games folder holds: a
FIFO or a link to /dev/tty (opening or reading it blocks, and /dev/tty
would eat the typed keys), a huge file, a file slow to parse. So:

- `survey` looks at the names and ``os.stat`` only (which never blocks on
  a FIFO): it leaves out files that are not regular (`Why.NOT_REGULAR`) or
  over `LIST_MAX_BYTES` (`Why.TOO_LARGE`), and orders the rest newest first;
- `read_game` reads a file through `files.read_bytes` (which checks again,
  on the open file, that it is regular, and reads at most `LIST_MAX_BYTES`),
  and parses it (any problem becomes the row's "can't be read");
- `Lister` does both in a daemon thread and posts each result to a queue
  the loop drains (`Lister.poll`) between keys, so the list fills in,
  Esc leaves at once, and `cancel` stops the reading between files.
"""

from __future__ import annotations

import os
import queue
import stat
import threading
from dataclasses import dataclass
from pathlib import Path

from ..files import FileError, Problem, read_bytes
from ..i18n import _
from ..records import RecordError, parse
from ..records.formats import choose_format, decode
from ..saved import SavedGame
from .replay import LIST_MAX_BYTES, Library, Skipped, Why

EXTENSIONS = (".sgf", ".psq", ".pos")
"""The files the games folder lists (as `saved.list_games` does)."""


@dataclass(frozen=True, slots=True)
class Survey:
    """The first thing a `Lister` posts: how many files it will read, and those left out."""

    count: int
    skipped: tuple[Skipped, ...]


Update = Survey | SavedGame


def survey(folder: Path) -> tuple[list[tuple[Path, float]], list[Skipped]]:
    """(the files to read with their times, newest first; the files left out).

    Only names and ``os.stat``: nothing is opened here.
    """
    try:
        entries = [p for p in folder.iterdir() if p.suffix.lower() in EXTENSIONS]
    except OSError:
        return [], []
    found: list[tuple[Path, float]] = []
    skipped: list[Skipped] = []
    for path in entries:
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            continue  # gone since, or a link to nowhere: nothing to list
        if not stat.S_ISREG(info.st_mode):
            skipped.append(Skipped(path.name, Why.NOT_REGULAR))
        elif info.st_size > LIST_MAX_BYTES:
            skipped.append(Skipped(path.name, Why.TOO_LARGE))
        else:
            found.append((path, info.st_mtime))
    found.sort(key=lambda item: (item[1], item[0].name), reverse=True)
    skipped.sort(key=lambda item: item.name)
    return found, skipped


def read_capped(path: Path) -> bytes:
    """The bytes of a regular file of at most `LIST_MAX_BYTES` (`files.read_bytes`: never blocks).

    Raises OSError, or RecordError when the file is not regular or too large.
    """
    try:
        return read_bytes(path, LIST_MAX_BYTES)
    except FileError as error:
        if error.problem in (Problem.NOT_REGULAR, Problem.DIRECTORY):
            raise RecordError(Why.NOT_REGULAR.text()) from None
        if error.problem is Problem.TOO_BIG:
            raise RecordError(Why.TOO_LARGE.text()) from None
        raise


def read_game(path: Path, modified: float) -> SavedGame:
    """One saved game, or why it can't be read (never raises)."""
    try:
        text = decode(read_capped(path))
        return SavedGame(path, modified, parse(text, choose_format(text, None, path)))
    except RecordError as error:
        where = [_("line {line}").format(line=error.line)] if error.line is not None else []
        return SavedGame(path, modified, None, ": ".join([*where, error.problem]))
    except FileError as error:
        problem = _("can't be read: {reason}").format(reason=error.os_reason or error.reason)
        return SavedGame(path, modified, None, problem)
    except OSError as error:
        problem = _("can't be read: {reason}").format(reason=error.strerror or error)
        return SavedGame(path, modified, None, problem)
    except Exception as error:  # a hostile file must never end the app: it is one row
        return SavedGame(path, modified, None, str(error) or error.__class__.__name__)


def read_library(folder: Path) -> Library:
    """The whole list at once (where no loop waits on it)."""
    found, skipped = survey(folder)
    return Library([read_game(path, modified) for path, modified in found], skipped=tuple(skipped))


class Lister:
    """Reads one games folder in a daemon thread; the loop takes the results with `poll`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.updates: queue.Queue[Update | None] = queue.Queue()
        self.stop = threading.Event()
        self.done = False
        self.thread = threading.Thread(target=self._work, name="saved-games", daemon=True)
        self.thread.start()

    def _work(self) -> None:
        try:
            found, skipped = survey(self.folder)
            self.updates.put(Survey(len(found), tuple(skipped)))
            for path, modified in found:
                if self.stop.is_set():
                    return
                self.updates.put(read_game(path, modified))
        finally:
            self.updates.put(None)  # the end

    def poll(self) -> list[Update]:
        """What was read since the last poll (never waits)."""
        taken: list[Update] = []
        while not self.done:
            try:
                update = self.updates.get_nowait()
            except queue.Empty:
                break
            if update is None:
                self.done = True
            else:
                taken.append(update)
        return taken

    def cancel(self) -> None:
        """Stop reading (after the file in hand); nothing more is posted that matters."""
        self.stop.set()
        self.done = True


def apply(library: Library, updates: list[Update]) -> None:
    """Put what a `Lister` read into the list on show."""
    for update in updates:
        if isinstance(update, Survey):
            library.found(update.count, update.skipped)
        else:
            library.read(update)
