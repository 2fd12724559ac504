"""Settings and statistics kept between runs, as two small JSON files.

They live in the user's config directory (platformdirs), or in
``$TICTAC_CONFIG_DIR`` when that is set. Every write is atomic (a temporary
file in the same directory, then ``os.replace``). A missing file means the
defaults; an unreadable or corrupt one means the defaults plus a one-line
notice for the status bar. Nothing here raises on bad files.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
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


def _read_json(path: Path) -> tuple[Any, str | None]:
    """(data, None), or (None, notice) when the file is unreadable or corrupt.

    A missing file gives (None, None): that is the normal first run.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError) as error:
        return None, f"Could not read {path.name} ({error.__class__.__name__}); using defaults"
    try:
        return json.loads(text), None
    except ValueError:
        return None, f"{path.name} is corrupt; using defaults"


def write_json_atomic(path: Path, data: Any) -> None:
    """Write `data` as JSON to `path` atomically. Raises OSError on failure."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=2, sort_keys=True)
            handle.write("\n")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def load_settings(directory: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (defaults if none), and a notice if the file was bad."""
    path = (directory or config_dir()) / SETTINGS_FILE
    data, notice = _read_json(path)
    if data is None:
        return Settings(), notice
    if not isinstance(data, Mapping):
        return Settings(), f"{SETTINGS_FILE} is corrupt; using defaults"
    known = {f.name for f in fields(Settings)}
    values = {key: value for key, value in data.items() if key in known}
    try:
        settings = Settings(**values)
    except TypeError:
        return Settings(), f"{SETTINGS_FILE} is corrupt; using defaults"
    fixed = settings.validated()
    if fixed != settings:
        notice = f"{SETTINGS_FILE} had bad values; using defaults for them"
    return fixed, notice


def save_settings(settings: Settings, directory: Path | None = None) -> str | None:
    """Save `settings`; returns a notice on failure instead of raising."""
    path = (directory or config_dir()) / SETTINGS_FILE
    try:
        write_json_atomic(path, asdict(settings))
    except OSError as error:
        return f"Could not save settings ({error.__class__.__name__})"
    return None


def load_statistics(directory: Path | None = None) -> tuple[Statistics, str | None]:
    """The saved records (empty if none), and a notice if the file was bad."""
    path = (directory or config_dir()) / STATS_FILE
    data, notice = _read_json(path)
    if data is None:
        return {}, notice
    stats: Statistics = {}
    try:
        if not isinstance(data, Mapping):
            raise ValueError
        for game, by_level in data.items():
            if not isinstance(game, str) or not isinstance(by_level, Mapping):
                raise ValueError
            for level, counts in by_level.items():
                if not isinstance(counts, Mapping):
                    raise ValueError
                values = {name: counts.get(name, 0) for name in ("wins", "losses", "draws")}
                if not all(
                    isinstance(v, int) and not isinstance(v, bool) and v >= 0
                    for v in values.values()
                ):
                    raise ValueError
                stats.setdefault(game, {})[str(level)] = Record(**values)
    except ValueError:
        return {}, f"{STATS_FILE} is corrupt; starting new statistics"
    return stats, None


def record_result(stats: Statistics, game: str, difficulty: str, result: str) -> Statistics:
    """A copy of `stats` with one more "win", "loss" or "draw" for (game, difficulty)."""
    field = {"win": "wins", "loss": "losses", "draw": "draws"}[result]
    new = {name: dict(levels) for name, levels in stats.items()}
    old = new.setdefault(game, {}).get(difficulty, Record())
    new[game][difficulty] = replace(old, **{field: getattr(old, field) + 1})
    return new


def save_statistics(stats: Statistics, directory: Path | None = None) -> str | None:
    """Save `stats`; returns a notice on failure instead of raising."""
    path = (directory or config_dir()) / STATS_FILE
    data = {
        game: {lvl: asdict(rec) for lvl, rec in levels.items()} for game, levels in stats.items()
    }
    try:
        write_json_atomic(path, data)
    except OSError as error:
        return f"Could not save statistics ({error.__class__.__name__})"
    return None
