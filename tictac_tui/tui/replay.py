"""The replay viewer and the list of saved games: their state and what their keys do.

Pure: no files, no curses. The viewer steps through a `GameRecord`
(arrows one move, Home/End the start and the end) and "plays from here"
(`c` against the computer, `f` with a friend: in the viewer `f`, the game's
key for renju's forbidden marks, has nothing to mark):
a new game from the shown position, the record's earlier moves its
history (so undo works across them). The open list holds the saved games
`saved.Shelf.games` found (newest first); Enter opens one in the viewer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from ..engine import GameState, Move
from ..i18n import _
from ..i18n.visible import shown_name
from ..records import GameRecord
from ..saved import SavedGame
from .keys import Command
from .messages import Message, Tone
from .recordwords import result_text

if TYPE_CHECKING:
    from .model import Model


@dataclass
class Viewer:
    """A record on show at move `position` (0: the empty board)."""

    record: GameRecord
    name: str
    """Where it came from (a file name), for the title."""
    position: int = 0

    def __post_init__(self) -> None:
        self.position = self.last

    @property
    def last(self) -> int:
        """The last position: every move, the foul stone included."""
        return len(self.record.all_moves)

    @property
    def state(self) -> GameState:
        """The position shown (before the foul stone, when it is shown)."""
        return self.record.state_at(min(self.position, len(self.record.moves)))

    @property
    def foul_shown(self) -> Move | None:
        """The foul stone, when the viewer is on it."""
        foul = self.record.foul
        return foul if foul is not None and self.position == self.last else None

    def step(self, by: int) -> None:
        """Forwards (by > 0) or backwards, stopping at the ends."""
        self.position = max(0, min(self.last, self.position + by))

    def at_a_foul(self) -> bool:
        """The shown position is the foul stone's (play can't go on from it)."""
        return self.foul_shown is not None

    def words(self) -> str:
        """ "Move 12 of 31" (and the result at the end: "Move 31 of 31: X won")."""
        text = _("Move {number} of {total}").format(number=self.position, total=self.last)
        if self.position == self.last and self.record.result is not None:
            text = _("{move}: {result}").format(move=text, result=result_text(self.record))
        return text


LIST_MAX_BYTES = 1024 * 1024
"""Largest file the Open list reads (a saved game of the biggest board is a few KB)."""


class Why(Enum):
    """Why a file of the games folder is not listed."""

    NOT_REGULAR = "not regular"
    """A FIFO, a device (a link to /dev/tty), a directory: reading it could block."""
    TOO_LARGE = "too large"
    """Over `LIST_MAX_BYTES`."""

    def text(self) -> str:
        """The reason in words ("not a regular file", "over 1024 KB")."""
        if self is Why.NOT_REGULAR:
            return _("not a regular file")
        return _("over {size} KB").format(size=LIST_MAX_BYTES // 1024)


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file of the games folder the list leaves out, and why."""

    name: str
    why: Why


@dataclass
class Library:
    """The saved games offered by Open, and the one highlighted.

    The files are read off the input loop (`listing.Lister`): the list fills
    in, newest first, while `waiting` files are still to be read.
    """

    games: list[SavedGame] = field(default_factory=list)
    highlight: int = 0
    waiting: int = 0
    """Files found and not read yet."""
    surveyed: bool = True
    """The folder has been looked through (False: not even the names are known yet)."""
    skipped: tuple[Skipped, ...] = ()
    """Files left out (not regular, too large), said under the list."""

    @property
    def reading(self) -> bool:
        """Files are still being read."""
        return not self.surveyed or self.waiting > 0

    def move(self, by: int) -> None:
        """Move the highlight, stopping at the ends."""
        self.highlight = max(0, min(len(self.games) - 1, self.highlight + by))

    def found(self, count: int, skipped: tuple[Skipped, ...]) -> None:
        """The folder was looked through: `count` files to read, `skipped` left out."""
        self.surveyed = True
        self.waiting = count
        self.skipped = skipped

    def read(self, game: SavedGame) -> None:
        """One more file was read (they come newest first)."""
        self.games.append(game)
        self.waiting = max(0, self.waiting - 1)


VIEWER_STEPS = {Command.LEFT: -1, Command.RIGHT: 1, Command.UP: -1, Command.DOWN: 1}


def viewer_key(model: Model, command: Command, now: float, key: int) -> None:
    """A key in the replay viewer."""
    viewer = model.viewer
    assert viewer is not None
    if command in VIEWER_STEPS:
        viewer.step(VIEWER_STEPS[command])
    elif command is Command.HOME:
        viewer.position = 0
    elif command is Command.END:
        viewer.position = viewer.last
    elif command in (Command.COMPUTER, Command.FORBIDDEN, Command.SELECT):  # f: a friend
        model.play_from_here(command, now)
    elif command is Command.MOVES:
        model.show_moves = not model.show_moves
    elif command is Command.OPEN:
        model.open_library()
    elif command is Command.QUIT:
        model.ask_quit(now)
    elif command in (Command.MENU, Command.NEW):
        model.leave_viewer()
    elif command is Command.HELP:
        model.show_help()


def library_key(model: Model, command: Command, now: float, key: int) -> None:
    """A key in the list of saved games."""
    library = model.library
    if command in (Command.UP, Command.DOWN):
        library.move(-1 if command is Command.UP else 1)
    elif command is Command.HOME:
        library.move(-len(library.games))
    elif command is Command.END:
        library.move(len(library.games))
    elif command is Command.SELECT:
        open_highlighted(model)
    elif command is Command.QUIT:
        model.ask_quit(now)
    else:
        model.leave_library()


def open_highlighted(model: Model) -> None:
    """Enter on a saved game: show it in the viewer, or say why it can't be."""
    library = model.library
    if not library.games:
        if not library.reading:
            model.leave_library()
        return
    game = library.games[library.highlight]
    if game.record is None:
        model.message = Message(
            _("{file} can't be opened: {problem}").format(
                file=shown_name(game.path.name), problem=shown_name(game.problem)
            ),
            Tone.WARNING,
        )
        return
    model.view_record(game.record, game.path.name)
