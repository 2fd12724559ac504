"""Reading the saved games for the Open list, off the input loop, never blocking.

`o` must leave the screen responsive whatever the games folder holds: a
FIFO or a link to /dev/tty (opening or reading it blocks, and /dev/tty
would eat the typed keys), a huge file, a file slow to parse. So:

- `saved.survey` looks at the names and ``os.stat`` only (which never blocks
  on a FIFO): it leaves out files that are not regular (`Why.NOT_REGULAR`)
  or over `saved.LIST_MAX_BYTES` (`Why.TOO_LARGE`), and orders the rest
  newest first;
- `saved.read_game` reads a file through `files.read_bytes` (which checks
  again, on the open file, that it is regular, and reads at most
  `LIST_MAX_BYTES`), and parses it (any problem becomes the row's "can't be
  read");
- `Lister` does both in a daemon thread and posts each result to a queue
  the loop drains (`Lister.poll`) between keys, so the list fills in,
  Esc leaves at once, and `cancel` stops the reading between files.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass
from pathlib import Path

from ..saved import SavedGame, Skipped, read_game, survey
from .replay import Library


@dataclass(frozen=True, slots=True)
class Survey:
    """The first thing a `Lister` posts: how many files it will read, and those left out."""

    count: int
    skipped: tuple[Skipped, ...]


Update = Survey | SavedGame


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
