"""Settings and statistics kept between runs, as two small JSON files.

They live in the user's config directory (platformdirs), or in
``$TICTAC_CONFIG_DIR`` when that is set. What is guaranteed:

- **Reading never fails and never blocks.** A missing file means the
  defaults. Anything else that can't be used whole (not a regular file,
  e.g. a FIFO or a directory; unreadable; bigger than `MAX_FILE_BYTES`; not
  UTF-8; not JSON, ``null``, nested too deep; wrong shapes, negative or
  absurd counts beyond `MAX_COUNT`) gives what could be read plus one
  notice naming the file. The file is opened without blocking and checked
  with ``fstat`` before a byte is read.
- **Nothing a user saved is lost.** A file that could not be read whole is
  kept before anything is written over it: it is renamed to
  ``NAME.bad-YYYYMMDD-HHMMSS`` beside it, and a notice says so. A
  read-only file is left alone (a notice says it was not saved). A
  symbolic link is written through: the file it points to is replaced,
  the link stays. Unknown settings keys (from another version) are kept.
- **Every write is atomic and durable**: a temporary file in the same
  directory, flushed and ``fsync``-ed, renamed over the old one with
  ``os.replace``, then the directory is ``fsync``-ed (POSIX), so a crash or
  power cut leaves the old file or the new one, never an empty one. This
  costs about 10 ms on a busy virtual machine's disk, once per game and per
  menu change, which no player notices.

Nothing here raises on bad files or failed writes: notices are returned.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

GAMES = ("tictactoe", "gomoku15", "gomoku19", "custom")
MODES = ("hvc", "hvh", "cvc")
FIRSTS = ("human", "computer", "alternate")
DIFFICULTIES = ("easy", "medium", "hard")

SETTINGS_FILE = "settings.json"
STATS_FILE = "statistics.json"
ENV_DIR = "TICTAC_CONFIG_DIR"

MAX_FILE_BYTES = 4 * 1024 * 1024
"""Largest file read: ours are a few kilobytes; anything bigger is not ours."""

MAX_COUNT = 10**12
"""Largest believable count of games in one statistics record."""

BAD_SUFFIX = ".bad-"
"""A kept unreadable file is renamed NAME.bad-YYYYMMDD-HHMMSS."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The menu's choices: which game, who plays, who starts, how strong."""

    game: str = "tictactoe"
    rows: int = 7
    cols: int = 7
    k: int = 4
    mode: str = "hvc"
    first: str = "human"
    difficulty: str = "easy"

    def validated(self) -> Settings:
        """A copy with every out-of-range field replaced by its default."""
        default = Settings()
        changes: dict[str, Any] = {}
        choices = {"game": GAMES, "mode": MODES, "first": FIRSTS, "difficulty": DIFFICULTIES}
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                changes[name] = getattr(default, name)
        for name in ("rows", "cols", "k"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 26:
                changes[name] = getattr(default, name)
        fixed = replace(self, **changes)
        if fixed.k > max(fixed.rows, fixed.cols):
            fixed = replace(fixed, k=max(fixed.rows, fixed.cols))
        return fixed


@dataclass(frozen=True, slots=True)
class Record:
    """Games won, lost and drawn by the human against the computer."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        """Games played."""
        return self.wins + self.losses + self.draws


Statistics = dict[str, dict[str, Record]]
"""Records by game name (``Rules.describe()``), then by difficulty."""


def config_dir() -> Path:
    """Where settings and statistics live: ``$TICTAC_CONFIG_DIR`` or the user config dir."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("tictac_tui", appauthor=False))


class Unusable(Exception):
    """A file that exists but can't be used whole; the message says why, naming it."""


class JsonFile:
    """One JSON file: read without blocking, written atomically, never lost."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.keep_before_write = False
        """True once a read found the file there but could not use all of it."""

    @property
    def name(self) -> str:
        """The file's name, as notices show it."""
        return self.path.name

    def target(self) -> Path:
        """The file itself: the path with every symbolic link followed."""
        return Path(os.path.realpath(self.path))

    def read(self) -> Any:
        """The parsed JSON, or None if there is no file. Raises `Unusable`."""
        try:
            raw = _read_regular_file(self.path)
        except FileNotFoundError:
            return None
        except Unusable:
            self.keep_before_write = True
            raise
        except OSError as error:
            self.keep_before_write = True
            raise Unusable(f"Could not read {self.name} ({error.__class__.__name__})") from None
        try:
            data = json.loads(raw.decode("utf-8-sig"))
        except (ValueError, RecursionError):
            data = None
        if data is None:  # ours are never null
            self.keep_before_write = True
            raise Unusable(f"{self.name} is corrupt")
        return data

    def write(self, data: Any) -> str | None:
        """Write `data` atomically; a notice if it was not written or a bad file was kept."""
        target = self.target()
        kept = None
        try:
            if _read_only(target):
                return f"{self.name} is read-only: not saved"
            if self.keep_before_write and os.path.lexists(target):
                kept = _keep(target)
            self.keep_before_write = False
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_json_atomic(target, data)
        except (OSError, ValueError) as error:
            return f"Could not save {self.name} ({error.__class__.__name__})"
        if kept is not None:
            return f"{self.name} kept as {kept.name}"
        return None


def _read_regular_file(path: Path) -> bytes:
    """The bytes of a regular file, opened without blocking. Raises OSError or `Unusable`."""
    flags = os.O_RDONLY
    for name in ("O_NONBLOCK", "O_NOCTTY", "O_BINARY", "O_CLOEXEC"):
        flags |= getattr(os, name, 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Unusable(f"{path.name} is not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise Unusable(f"{path.name} is too big ({info.st_size} bytes)")
        chunks = []
        size = 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_FILE_BYTES:
            raise Unusable(f"{path.name} is too big")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _read_only(target: Path) -> bool:
    """True if `target` exists and may not be written (by permission bits, even for root)."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return False
    return not os.access(target, os.W_OK) or not info.st_mode & stat.S_IWUSR


def _keep(target: Path) -> Path:
    """Rename `target` to NAME.bad-YYYYMMDD-HHMMSS (a free name) beside it; the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = target.with_name(f"{target.name}{BAD_SUFFIX}{stamp}")
    number = 2
    while os.path.lexists(kept):
        kept = target.with_name(f"{target.name}{BAD_SUFFIX}{stamp}-{number}")
        number += 1
    os.rename(target, kept)
    return kept


def write_json_atomic(path: Path, data: Any) -> None:
    """Write `data` as JSON to `path` atomically and durably. Raises OSError on failure."""
    text = json.dumps(data, indent=2, sort_keys=True) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_directory(path.parent)


def _sync_directory(directory: Path) -> None:
    """Make a rename in `directory` durable (POSIX; a no-op where directories can't be opened)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def settings_from(data: Any) -> tuple[Settings, dict[str, Any], bool]:
    """(settings, unknown keys, whether a value was bad) from parsed JSON. Raises ValueError."""
    if not isinstance(data, Mapping):
        raise ValueError("not an object")
    known = {f.name for f in fields(Settings)}
    values = {key: value for key, value in data.items() if key in known}
    extra = {str(key): value for key, value in data.items() if key not in known}
    default = Settings()
    checked = replace(default, **values).validated()
    bad = any(values[name] != getattr(checked, name) for name in values)
    return checked, extra, bad


def _count(value: Any) -> int:
    """A count of games read from a file. Raises ValueError if it isn't one."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise ValueError(f"not a count: {value!r}")
    return value


def statistics_from(data: Any) -> tuple[Statistics, bool]:
    """(the readable records, whether some entry was bad) from parsed JSON. Raises ValueError."""
    if not isinstance(data, Mapping):
        raise ValueError("not an object")
    stats: Statistics = {}
    bad = False
    for game, by_level in data.items():
        if not isinstance(by_level, Mapping):
            bad = True
            continue
        for level, counts in by_level.items():
            try:
                if not isinstance(counts, Mapping):
                    raise ValueError("not an object")
                values = {name: _count(counts.get(name, 0)) for name in ("wins", "losses", "draws")}
            except ValueError:
                bad = True
                continue
            stats.setdefault(str(game), {})[str(level)] = Record(**values)
    return stats, bad


class Storage:
    """The settings and statistics files of one directory (default: `config_dir`)."""

    def __init__(self, directory: Path | None = None) -> None:
        directory = directory or config_dir()
        self.settings_file = JsonFile(directory / SETTINGS_FILE)
        self.stats_file = JsonFile(directory / STATS_FILE)
        self.extra_settings: dict[str, Any] = {}

    def load_settings(self) -> tuple[Settings, str | None]:
        """The saved settings (defaults if none), and a notice if the file was bad."""
        file = self.settings_file
        try:
            data = file.read()
            if data is None:
                return Settings(), None
            settings, self.extra_settings, bad = settings_from(data)
        except Unusable as problem:
            return Settings(), f"{problem}; using defaults"
        except ValueError:
            file.keep_before_write = True
            return Settings(), f"{file.name} is corrupt; using defaults"
        if bad:
            file.keep_before_write = True
            return settings, f"{file.name} had bad values; using defaults for them"
        return settings, None

    def save_settings(self, settings: Settings) -> str | None:
        """Save `settings` (keeping unknown keys); a notice instead of raising."""
        return self.settings_file.write({**self.extra_settings, **asdict(settings)})

    def load_statistics(self) -> tuple[Statistics, str | None]:
        """The saved records (empty if none), and a notice if the file was bad."""
        file = self.stats_file
        try:
            data = file.read()
            if data is None:
                return {}, None
            stats, bad = statistics_from(data)
        except Unusable as problem:
            return {}, f"{problem}; starting new statistics"
        except ValueError:
            file.keep_before_write = True
            return {}, f"{file.name} is corrupt; starting new statistics"
        if bad:
            file.keep_before_write = True
            return stats, f"{file.name} had unreadable entries; they are left out"
        return stats, None

    def save_statistics(self, stats: Statistics) -> str | None:
        """Save `stats`; a notice instead of raising."""
        data = {
            game: {level: asdict(record) for level, record in levels.items()}
            for game, levels in stats.items()
        }
        return self.stats_file.write(data)


def record_result(stats: Statistics, game: str, difficulty: str, result: str) -> Statistics:
    """A copy of `stats` with one more "win", "loss" or "draw" for (game, difficulty)."""
    field = {"win": "wins", "loss": "losses", "draw": "draws"}[result]
    new = {name: dict(levels) for name, levels in stats.items()}
    old = new.setdefault(game, {}).get(difficulty, Record())
    new[game][difficulty] = replace(old, **{field: min(MAX_COUNT, getattr(old, field) + 1)})
    return new
