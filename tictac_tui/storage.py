"""Settings and statistics kept between runs, as two small JSON files.

They live in the user's config directory (platformdirs), or in
``$TICTAC_CONFIG_DIR`` when that is set. What is guaranteed:

- **Reading never fails and never blocks.** A missing file means the
  defaults. Anything else that can't be used whole (not a regular file,
  e.g. a FIFO or a directory; unreadable; bigger than `MAX_FILE_BYTES`; not
  UTF-8; not JSON, ``null``, ``Infinity``/``NaN``/``1e999``, nested too
  deep; wrong shapes, negative or absurd counts beyond `MAX_COUNT`) gives
  what could be read plus one notice naming the file. The file is opened
  without blocking and checked with ``fstat`` before a byte is read
  (`files.read_bytes`).
- **Nothing a user saved is lost.** A file that could not be read whole is
  kept before anything is written over it: its name is renamed to
  ``NAME.bad-YYYYMMDD-HHMMSS`` beside it (a symbolic link is renamed as a
  link: what it points to is never renamed), and a notice says so. A
  read-only file is left alone (a notice says it was not saved). A
  symbolic link to a regular file is written through: the file it points
  to is replaced in its own folder, the link stays. A link to something
  that is not a regular file (``statistics.json -> /dev/null``) means
  "don't keep this": it is never read nor written, and a notice says so
  once. Unknown settings keys (from another version) are kept.
- **Every write is atomic and durable** (`files.write_atomic`): a
  temporary file in the same directory, ``fsync``-ed, renamed over the old
  one, then the directory is ``fsync``-ed (POSIX), so a crash or power cut
  leaves the old file or the new one, never an empty one. This costs about
  10 ms on a busy virtual machine's disk, once per game and per menu
  change, which no player notices.

Nothing here raises on bad files or failed writes: notices are returned.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Callable, Mapping
from dataclasses import asdict, fields
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

from .choices import (
    SIDE_MAX,
    SIDE_MIN,
    Computer,
    EnginePlayer,
    Mode,
    PluginPlayer,
    Settings,
    computer_choice,
    valid_analyst,
)
from .engine import Rule
from .engine.openings import OpeningRule, offered_for
from .files import BAD_SUFFIX as BAD_SUFFIX  # kept files' names: NAME.bad-...
from .files import (
    FileError,
    Problem,
    is_link_to_special,
    read_bytes,
    set_aside,
    write_atomic,
)
from .i18n import _
from .scores import MAX_COUNT, Record, ScoreKey, Scores
from .timecontrol import TimeControl, parse_control

SETTINGS_FILE = "settings.json"
STATS_FILE = "statistics.json"
ENV_DIR = "TICTAC_CONFIG_DIR"

MAX_FILE_BYTES = 4 * 1024 * 1024
"""Largest file read: ours are a few kilobytes; anything bigger is not ours."""


def config_dir() -> Path:
    """Where settings and statistics live: ``$TICTAC_CONFIG_DIR`` or the user config dir."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("tictac_tui", appauthor=False))


class Unusable(Exception):
    """A file that exists but can't be used whole; the message says why, naming it."""


class NotKept(Unusable):
    """The file is a symbolic link to something not a regular file (``/dev/null``): the
    user's way of saying "don't keep this". The message says so; nothing is written."""


def _reject_constant(name: str) -> Any:
    """JSON's ``Infinity``, ``-Infinity`` and ``NaN`` are no values of ours."""
    raise ValueError(f"{name} is not a number we keep")


def _finite(text: str) -> float:
    """A JSON number with a fraction or exponent; ValueError for one too big (``1e999``)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too big")
    return value


def parse_json(raw: bytes) -> Any:
    """JSON from a file's bytes (UTF-8, BOM allowed): only finite numbers. Raises ValueError
    (also for nesting too deep to parse)."""
    try:
        return json.loads(
            raw.decode("utf-8-sig"), parse_constant=_reject_constant, parse_float=_finite
        )
    except RecursionError:
        raise ValueError("nested too deep") from None


class JsonFile:
    """One JSON file: read without blocking, written atomically, never lost."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.keep_before_write = False
        """True once a read found the file there but could not use all of it."""
        self.not_kept = False
        """The name links to something not a regular file: never written."""
        self.said_not_kept = False

    @property
    def name(self) -> str:
        """The file's name, as notices show it."""
        return self.path.name

    def target(self) -> Path:
        """The file itself: the path with every symbolic link followed."""
        return Path(os.path.realpath(self.path))

    def _not_kept_notice(self) -> str:
        return _("{file} links to {target}, not a regular file: not saved").format(
            file=self.name, target=os.readlink(self.path) if self.path.is_symlink() else ""
        )

    def read(self) -> Any:
        """The parsed JSON, or None if there is no file. Raises `Unusable` (`NotKept`)."""
        try:
            raw = read_bytes(self.path, MAX_FILE_BYTES)
        except FileError as error:
            if error.problem is Problem.MISSING:
                return None
            if error.linked:
                self.not_kept = self.said_not_kept = True
                raise NotKept(self._not_kept_notice()) from None
            self.keep_before_write = True
            raise Unusable(_read_problem(self.name, error)) from None
        try:
            data = parse_json(raw)
        except ValueError:
            data = None
        if data is None:  # ours are never null
            self.keep_before_write = True
            raise Unusable(_("{file} is corrupt").format(file=self.name))
        return data

    def write(self, data: Any) -> str | None:
        """Write `data` atomically; a notice if it was not written or a bad file was kept.

        A name linked to something not a regular file is never written (said once).
        """
        kept = None
        try:
            if self.not_kept or is_link_to_special(self.path):
                return self._skip()
            target = self.target()
            if _read_only(target):
                return _("{file} is read-only: not saved").format(file=self.name)
            if self.keep_before_write and os.path.lexists(self.path):
                kept = set_aside(self.path)  # the name, never what a link points to
            self.keep_before_write = False
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_json_atomic(self.path, data)
        except FileError as error:
            if error.linked:
                return self._skip()
            return _("Could not save {file} ({error})").format(
                file=self.name, error=error.problem.value
            )
        except (OSError, ValueError) as error:
            return _("Could not save {file} ({error})").format(
                file=self.name, error=error.__class__.__name__
            )
        if kept is not None:
            return _("{file} kept as {kept}").format(file=self.name, kept=kept.name)
        return None

    def _skip(self) -> str | None:
        """Not written: the notice the first time."""
        self.not_kept = True
        if self.said_not_kept:
            return None
        self.said_not_kept = True
        return self._not_kept_notice()


def _read_problem(name: str, error: FileError) -> str:
    """A notice for a file that could not be read."""
    if error.problem in (Problem.NOT_REGULAR, Problem.DIRECTORY):
        return _("{file} is not a regular file").format(file=name)
    if error.problem is Problem.TOO_BIG:
        if error.size is None:
            return _("{file} is too big").format(file=name)
        return _("{file} is too big ({size} bytes)").format(file=name, size=error.size)
    kind = error.error.__class__.__name__ if error.error is not None else error.problem.value
    return _("Could not read {file} ({error})").format(file=name, error=kind)


def _read_only(target: Path) -> bool:
    """True if `target` exists and may not be written (by permission bits, even for root)."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return False
    return not os.access(target, os.W_OK) or not info.st_mode & stat.S_IWUSR


def write_json_atomic(path: Path, data: Any) -> None:
    """Write `data` as JSON to `path` with `files.write_atomic`. Raises OSError, `FileError`
    (a target that is not a regular file), ValueError (data JSON can't hold)."""
    text = json.dumps(data, indent=2, sort_keys=True, allow_nan=False) + "\n"
    write_atomic(path, text)


# -- settings ---------------------------------------------------------------------

E = TypeVar("E", bound=Enum)


def _choice(kind: type[E], value: Any) -> E:
    """The `kind` member named `value`. Raises ValueError."""
    if not isinstance(value, str):
        raise ValueError(f"not a name: {value!r}")
    return kind(value)


def _computer(value: Any) -> Computer:
    """A computer side's difficulty, plug-in ("plugin:NAME") or engine ("engine:NAME").
    Raises ValueError."""
    if not isinstance(value, str):
        raise ValueError(f"not a name: {value!r}")
    return computer_choice(value)


def _side(value: Any) -> int:
    """A custom board's rows, columns or k. Raises ValueError."""
    if isinstance(value, bool) or not isinstance(value, int) or not SIDE_MIN <= value <= SIDE_MAX:
        raise ValueError(f"not a side: {value!r}")
    return value


def _analyst(value: Any) -> str:
    """An analyst's name ("hard", "engine:NAME"). Raises ValueError."""
    if not isinstance(value, str) or not valid_analyst(value):
        raise ValueError(f"not an analyst: {value!r}")
    return value


def _reader(default: Any) -> Callable[[Any], Any]:
    """How a settings field with this default is read: an enum's name, an analyst, a side."""
    if isinstance(default, Enum):
        kind = type(default)
        return lambda value: _choice(kind, value)
    if isinstance(default, str):
        return _analyst
    if isinstance(default, TimeControl):
        return parse_control
    return _side


DEFAULT_SETTINGS = Settings()
COMPUTER_FIELDS = ("difficulty", "x_difficulty", "o_difficulty")
"""Settings fields holding a `Computer` (a difficulty or a plug-in)."""
SETTINGS_FIELDS: dict[str, Callable[[Any], Any]] = {
    field.name: _computer
    if field.name in COMPUTER_FIELDS
    else _reader(getattr(DEFAULT_SETTINGS, field.name))
    for field in fields(Settings)
}
"""How each settings field is read from JSON (each raises ValueError on a bad value)."""


def settings_from(data: Any) -> tuple[Settings, dict[str, Any], bool]:
    """(settings, unknown keys, whether a value was bad) from parsed JSON. Raises ValueError."""
    if not isinstance(data, Mapping):
        raise ValueError("not an object")
    values: dict[str, Any] = {}
    bad = False
    for name, read in SETTINGS_FIELDS.items():
        if name in data:
            try:
                values[name] = read(data[name])
            except ValueError:
                bad = True
    extra = {str(key): value for key, value in data.items() if key not in SETTINGS_FIELDS}
    settings = Settings(**values)
    checked = settings.validated()
    return checked, extra, bad or checked != settings


def settings_to_json(settings: Settings) -> dict[str, Any]:
    """Settings as JSON values (enum members as their names)."""
    values = {name: getattr(settings, name) for name in SETTINGS_FIELDS}
    return {
        name: v.value if isinstance(v, Enum | PluginPlayer | EnginePlayer | TimeControl) else v
        for name, v in values.items()
    }


# -- statistics -------------------------------------------------------------------

STATS_VERSION = 2
COUNTS = tuple(field.name for field in fields(Record))


def _count(value: Any) -> int:
    """A count of games read from a file. Raises ValueError if it isn't one."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise ValueError(f"not a count: {value!r}")
    return value


def _record(data: Any) -> Record:
    if not isinstance(data, Mapping):
        raise ValueError("not an object")
    record = Record(**{name: _count(data.get(name, 0)) for name in COUNTS})
    if record.abandoned > record.losses or record.hinted > record.wins:
        raise ValueError("more abandoned games than losses, or hinted wins than wins")
    return record


def _flag(value: Any) -> bool:
    """A true or false in the file. Raises ValueError."""
    if not isinstance(value, bool):
        raise ValueError(f"not true or false: {value!r}")
    return value


def _key(data: Mapping[str, Any]) -> ScoreKey:
    levels = data.get("levels")
    if not isinstance(levels, list):
        raise ValueError("levels must be a list")
    key = ScoreKey(
        _side(data.get("rows")),
        _side(data.get("cols")),
        _side(data.get("k")),
        _choice(Rule, data.get("rule")),
        _choice(Mode, data.get("mode")),
        tuple(_computer(level) for level in levels),
        _flag(data.get("setup", False)),
        _choice(OpeningRule, data.get("opening", OpeningRule.NONE.value)),
    )
    wanted = {Mode.HVC: 1, Mode.HVH: 0, Mode.CVC: 2}[key.mode]
    if len(key.levels) != wanted or key.k > max(key.rows, key.cols):
        raise ValueError("levels don't fit the mode, or k doesn't fit the board")
    if key.opening is not OpeningRule.NONE and not offered_for(key.opening, key.rules()):
        raise ValueError("the opening rule doesn't apply to the board and rule")
    return key


OLD_GOMOKU = re.compile(r"Gomoku (\d+)x(\d+)( \(exact five\))?")
OLD_CUSTOM = re.compile(r"(\d+)x(\d+), (\d+) in a row(, exactly)?")


def _old_key(game: Any, level: Any) -> ScoreKey:
    """The key of a first-format entry: a game name (``Rules.describe()``), then a difficulty.

    Raises ValueError for a name that is not one of ours.
    """
    name = str(game)
    gomoku, custom = OLD_GOMOKU.fullmatch(name), OLD_CUSTOM.fullmatch(name)
    if name == "Tic-tac-toe 3x3":
        rows, cols, k, exact = 3, 3, 3, False
    elif gomoku:
        rows, cols, k, exact = int(gomoku[1]), int(gomoku[2]), 5, bool(gomoku[3])
    elif custom:
        rows, cols, k, exact = int(custom[1]), int(custom[2]), int(custom[3]), bool(custom[4])
    else:
        raise ValueError(f"unknown game {name!r}")
    rule = Rule.EXACT if exact else Rule.FREESTYLE
    key = {"rows": rows, "cols": cols, "k": k, "rule": rule.value, "mode": Mode.HVC.value}
    return _key({**key, "levels": [level]})


def _old_entries(data: Mapping[str, Any]) -> list[tuple[ScoreKey | None, Any]]:
    """(key or None if unreadable, counts) of a first-format file."""
    entries: list[tuple[ScoreKey | None, Any]] = []
    for game, by_level in data.items():
        if not isinstance(by_level, Mapping):
            entries.append((None, None))
            continue
        for level, counts in by_level.items():
            try:
                entries.append((_old_key(game, level), counts))
            except ValueError:
                entries.append((None, None))
    return entries


def _entries(data: Any) -> list[tuple[ScoreKey | None, Any]]:
    """(key or None if unreadable, counts) of either format. Raises ValueError on the whole."""
    if not isinstance(data, Mapping):
        raise ValueError("not an object")
    if "version" not in data:
        return _old_entries(data)
    if data.get("version") != STATS_VERSION or not isinstance(data.get("records"), list):
        raise ValueError("unknown version")
    entries: list[tuple[ScoreKey | None, Any]] = []
    for entry in data["records"]:
        try:
            if not isinstance(entry, Mapping):
                raise ValueError("not an object")
            entries.append((_key(entry), entry))
        except ValueError:
            entries.append((None, None))
    return entries


def statistics_from(data: Any) -> tuple[Scores, bool]:
    """(the readable records, whether some entry was bad) from parsed JSON. Raises ValueError."""
    stats: Scores = {}
    bad = False
    for key, counts in _entries(data):
        try:
            if key is None or key in stats:
                raise ValueError("unreadable or repeated entry")
            stats[key] = _record(counts)
        except ValueError:
            bad = True
    return stats, bad


def statistics_to_json(stats: Scores) -> dict[str, Any]:
    """Statistics as JSON: a version and one object per record, in key order."""
    records = [
        {
            "rows": key.rows,
            "cols": key.cols,
            "k": key.k,
            "rule": key.rule.value,
            "mode": key.mode.value,
            "levels": [level.value for level in key.levels],
            **({"setup": True} if key.setup else {}),
            **({"opening": key.opening.value} if key.opening is not OpeningRule.NONE else {}),
            **asdict(record),
        }
        for key, record in sorted(stats.items())
    ]
    return {"version": STATS_VERSION, "records": records}


# -- the two files ----------------------------------------------------------------


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
        except NotKept as problem:
            return Settings(), str(problem)
        except Unusable as problem:
            return Settings(), _("{problem}; using defaults").format(problem=problem)
        except ValueError:
            file.keep_before_write = True
            return Settings(), _("{file} is corrupt; using defaults").format(file=file.name)
        if bad:
            file.keep_before_write = True
            return settings, _("{file} had bad values; using defaults for them").format(
                file=file.name
            )
        return settings, None

    def save_settings(self, settings: Settings) -> str | None:
        """Save `settings` (keeping unknown keys); a notice instead of raising."""
        return self.settings_file.write({**self.extra_settings, **settings_to_json(settings)})

    def load_statistics(self) -> tuple[Scores, str | None]:
        """The saved records (empty if none), and a notice if the file was bad."""
        file = self.stats_file
        try:
            data = file.read()
            if data is None:
                return {}, None
            stats, bad = statistics_from(data)
        except NotKept as problem:
            return {}, str(problem)
        except Unusable as problem:
            return {}, _("{problem}; starting new statistics").format(problem=problem)
        except ValueError:
            file.keep_before_write = True
            return {}, _("{file} is corrupt; starting new statistics").format(file=file.name)
        if bad:
            file.keep_before_write = True
            return stats, _("{file} had unreadable entries; they are left out").format(
                file=file.name
            )
        return stats, None

    def save_statistics(self, stats: Scores) -> str | None:
        """Save `stats`; a notice instead of raising."""
        return self.stats_file.write(statistics_to_json(stats))
