"""Saved games: the user's game files and the autosaved game in progress.

Games saved with `s` are SGF files in ``games/`` of the user's data
directory (platformdirs), or of ``$TICTAC_DATA_DIR`` when that is set;
each gets a new name (date, time, board) and no file is ever written over.
The game in progress when the app ends is kept in ``autosave.json`` in the
same directory (the record as SGF, and what the record can't hold: mode,
sides, difficulties, cursor), and offered as "Resume game" at the next
start. Every write is atomic; a file that can't be read is reported, never
replaced by a write (`list_games` shows it, `load_resume` says why).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import stat
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from .choices import Settings
from .engine import Move
from .files import FileError, Problem, is_link_to_special, read_bytes, set_aside
from .i18n import _
from .records import Format, GameRecord, RecordError, dump, parse, save
from .records.formats import choose_format, decode
from .storage import (
    JsonFile,
    NotKept,
    Unusable,
    settings_from,
    settings_to_json,
    write_json_atomic,
)

ENV_DIR = "TICTAC_DATA_DIR"
GAMES = "games"
AUTOSAVE = "autosave.json"
AUTOSAVE_VERSION = 1


def data_dir() -> Path:
    """``$TICTAC_DATA_DIR`` or the user's data directory for tictac_tui."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("tictac_tui", appauthor=False))


def games_dir(base: Path | None = None) -> Path:
    """Where saved games go."""
    return (base or data_dir()) / GAMES


def file_stem(record: GameRecord, when: dt.datetime) -> str:
    """ "2026-11-23-1405-15x15-renju": date, time, board, rule."""
    rules = record.rules
    return f"{when:%Y-%m-%d-%H%M%S}-{rules.rows}x{rules.cols}-{rules.rule.value}"


def save_game(
    record: GameRecord, base: Path | None = None, when: dt.datetime | None = None
) -> Path:
    """Save `record` as a new SGF file in the games directory; its path.

    Never writes over a file: a taken name gets "-2", "-3", ... Raises
    OSError when the directory or the file can't be written.
    """
    folder = games_dir(base)
    folder.mkdir(parents=True, exist_ok=True)
    stem = file_stem(record, when or dt.datetime.now())
    for n in range(1, 1000):
        path = folder / (f"{stem}.sgf" if n == 1 else f"{stem}-{n}.sgf")
        try:
            save(record, path, Format.SGF, replace=False)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(f"no free name for {stem}.sgf in {folder}")


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One file of the games directory: its record, or why it can't be read."""

    path: Path
    modified: float
    record: GameRecord | None
    problem: str = ""


def list_games(base: Path | None = None) -> list[SavedGame]:
    """The saved games, newest first; a file that can't be read, or is left out
    (`survey`: not a regular file, too large), is a row saying why.

    Reads every file at once: the app reads them one by one off its input
    loop instead (`tui.listing.Lister`, with the same `survey` and `read_game`).
    """
    folder = games_dir(base)
    found, skipped = survey(folder)
    games = [read_game(path, modified) for path, modified in found]
    for left_out in skipped:
        path = folder / left_out.name
        try:
            modified = os.lstat(path).st_mtime
        except OSError:
            continue  # gone since
        games.append(SavedGame(path, modified, None, left_out.why.text()))
    games.sort(key=lambda game: (game.modified, game.path.name), reverse=True)
    return games


EXTENSIONS = (".sgf", ".psq", ".pos")
"""The files the games folder lists ."""


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


# -- the game in progress -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Resume:
    """The autosaved game in progress: its record and what a record can't hold."""

    record: GameRecord
    settings: Settings
    """The choices the game was started with (board, rule, mode, difficulties, speed)."""
    human_first: bool
    cursor: Move
    counted: bool = False
    """Its result was already counted (as an abandoned loss, when the app ended)."""
    hinted: bool = False
    person_moved: bool = False


def resume_to_json(resume: Resume) -> dict[str, Any]:
    """The autosave file's contents."""
    return {
        "version": AUTOSAVE_VERSION,
        "record": dump(resume.record, Format.SGF),
        "settings": settings_to_json(resume.settings),
        "human_first": resume.human_first,
        "cursor": [resume.cursor.row, resume.cursor.col],
        "counted": resume.counted,
        "hinted": resume.hinted,
        "person_moved": resume.person_moved,
    }


def resume_from(data: Any) -> Resume:
    """A `Resume` from the autosave file's JSON, every field's type and range checked.

    Raises ValueError (or RecordError, a ValueError too) for anything else.
    """
    if not isinstance(data, dict) or not _is_int(data.get("version"), AUTOSAVE_VERSION):
        raise ValueError(_("not an autosave of this version"))
    text = data.get("record")
    if not isinstance(text, str):
        raise ValueError(_("not an autosave of this version"))
    record = parse(text, Format.SGF)
    settings, _ignored, bad = settings_from(data.get("settings"))
    if bad or settings.rules() != record.rules:
        raise ValueError(_("its settings don't match its game"))
    cursor = data.get("cursor")
    rules = record.rules
    if not (
        isinstance(cursor, list)
        and len(cursor) == 2
        and _is_int(cursor[0], *range(rules.rows))
        and _is_int(cursor[1], *range(rules.cols))
    ):
        raise ValueError(_("its cursor is off the board"))
    flags = {name: data.get(name, False) for name in ("counted", "hinted", "person_moved")}
    human_first = data.get("human_first")
    if not all(isinstance(v, bool) for v in flags.values()) or not isinstance(human_first, bool):
        raise ValueError(_("a flag is not true or false"))
    return Resume(record, settings, human_first, Move(cursor[0], cursor[1]), **flags)


def _is_int(value: Any, *allowed: int) -> bool:
    """True if `value` is an int (not a bool, not a float) among `allowed`."""
    return isinstance(value, int) and not isinstance(value, bool) and value in allowed


def autosave_path(base: Path | None = None) -> Path:
    """The autosave file."""
    return (base or data_dir()) / AUTOSAVE


def write_resume(resume: Resume, base: Path | None = None) -> str | None:
    """Autosave the game in progress; a notice if that failed or was not wanted.

    An ``autosave.json`` linked to something not a regular file (``/dev/null``)
    means "don't keep it": nothing is written, and the notice says so.
    """
    path = autosave_path(base)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_json_atomic(path, resume_to_json(resume))
    except FileError as error:
        if error.linked:
            return _("{file} links to {target}, not a regular file: not saved").format(
                file=path.name, target=os.readlink(path)
            )
        return _("The game in progress was not saved ({error})").format(error=error.reason)
    except OSError as error:
        return _("The game in progress was not saved ({error})").format(
            error=error.strerror or error
        )
    return None


RESUME_PROBLEMS = (Unusable, ValueError, TypeError, KeyError, RecursionError, OverflowError)
"""What reading an autosave of any content may raise (RecordError is a ValueError)."""


def load_resume(base: Path | None = None) -> tuple[Resume | None, str | None]:
    """(the autosaved game, a notice): (None, None) when there is none. Never raises.

    A file that can't be used is kept beside, renamed ``autosave.json.bad-
    YYYYMMDD-HHMMSS`` (so no later autosave writes over it), and the notice
    says so. An ``autosave.json`` linked to something not a regular file
    (``/dev/null``) is none, and is left as it is.
    """
    path = autosave_path(base)
    try:
        data = JsonFile(path).read()
        if data is None:
            return None, None
        return resume_from(data), None
    except NotKept:
        return None, None
    except RESUME_PROBLEMS as error:
        problem = str(error).removeprefix(f"{path.name} ")
    try:
        kept = set_aside(path)
    except OSError:
        return None, _("{file} can't be resumed ({problem})").format(
            file=path.name, problem=problem
        )
    return None, _("{file} can't be resumed, kept as {kept}: {problem}").format(
        file=path.name, kept=kept.name, problem=problem
    )


def clear_resume(base: Path | None = None) -> None:
    """Forget the autosaved game (it has been resumed or finished).

    A link to something not a regular file (the user's "don't keep it") stays.
    """
    path = autosave_path(base)
    if is_link_to_special(path):
        return
    with contextlib.suppress(FileNotFoundError, OSError):
        path.unlink()


class Shelf:
    """The saved games and the autosave of one data directory (the app's file access)."""

    def __init__(self, base: Path | None = None) -> None:
        self.base = base or data_dir()

    def save(self, record: GameRecord) -> Path:
        """Save `record` as a new file; its path. Raises OSError."""
        return save_game(record, self.base)

    def games(self) -> list[SavedGame]:
        """The saved games, newest first."""
        return list_games(self.base)

    def write_resume(self, resume: Resume) -> str | None:
        """Autosave the game in progress; a notice if that failed."""
        return write_resume(resume, self.base)

    def load_resume(self) -> tuple[Resume | None, str | None]:
        """The autosaved game and a notice (see `load_resume`)."""
        return load_resume(self.base)

    def clear_resume(self) -> None:
        """Forget the autosaved game."""
        clear_resume(self.base)

    def set_aside_resume(self) -> tuple[bool, str | None]:
        """Keep the autosaved game among the saved games, so a new autosave can take its
        place (a run started with a file never offered it): (whether the autosave may be
        replaced now, a notice)."""
        resume, notice = self.load_resume()
        if resume is None:
            return True, notice  # none, or a bad one already set aside and named
        try:
            path = self.save(resume.record)
        except OSError as error:
            return False, _(
                "The earlier game in progress stays in {file}; this one was not kept ({error})"
            ).format(file=AUTOSAVE, error=error.strerror or error)
        self.clear_resume()
        return True, _("The earlier game in progress was saved as {file} (o opens it)").format(
            file=path.name
        )
