"""Where engines come from: the project's own brain, ``pbrain-*`` on PATH, and engines.json.

`known_engines` lists them, one name each, in this order of precedence:

- ``tictac`` (`BUILT_IN`): the project's brain, ``python -m tictac_tui.brain``
  with this Python, always there;
- the engines the user added (`tictac engines add`), kept in ``engines.json``
  in the settings folder (`storage.config_dir`), written atomically through
  `files.write_atomic`;
- every ``pbrain-NAME`` program on PATH, as NAME (unless that name is taken).

What ``ABOUT`` said when an engine was last checked is kept in the same file.
A file that can't be read is never written over (`StoreError` says why).
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from ..files import FileError, Problem, read_bytes, write_atomic
from ..i18n import _
from .spec import EngineSpec, valid_name

FILE = "engines.json"
VERSION = 1
MAX_FILE_BYTES = 1 << 20
"""Largest engines.json read: ours are a few kilobytes."""
BUILT_IN = "tictac"
PATH_PREFIX = "pbrain-"
LOGS = "engines"
"""The folder of the engines' logs in the data folder."""
MAX_ABOUT_CHARS = 200
"""Longest ABOUT value kept."""


class Source(Enum):
    """Where an engine in the list comes from."""

    BUILT_IN = "built-in"
    ADDED = "added"
    PATH = "PATH"


@dataclass(frozen=True, slots=True)
class Known:
    """An engine in the list: its spec, where it comes from, and its last ABOUT."""

    spec: EngineSpec
    source: Source
    about: dict[str, str] = field(default_factory=dict)
    checked: str | None = None
    """When it was last checked (ISO 8601, UTC), or None."""


class StoreError(Exception):
    """engines.json can't be read or written, or a request can't be done: the message says why."""


def built_in() -> EngineSpec:
    """The project's own brain, run by this Python."""
    return EngineSpec(BUILT_IN, (sys.executable, "-m", "tictac_tui.brain"))


def store_path() -> Path:
    """engines.json in the settings folder."""
    from ..storage import config_dir  # storage's own imports need not load with engines

    return config_dir() / FILE


def log_folder() -> Path:
    """Where engines' standard error is logged: ``engines`` in the data folder."""
    from ..saved import data_dir

    return data_dir() / LOGS


def on_path(path: str | None = None) -> dict[str, EngineSpec]:
    """Every ``pbrain-NAME`` executable on `path` (default: $PATH) as NAME (first one wins)."""
    found: dict[str, EngineSpec] = {}
    folders = (os.environ.get("PATH", "") if path is None else path).split(os.pathsep)
    for folder in folders:
        try:
            entries = sorted(os.scandir(folder or "."), key=lambda entry: entry.name)
        except OSError:
            continue
        for entry in entries:
            if not entry.name.startswith(PATH_PREFIX):
                continue
            stem = entry.name[len(PATH_PREFIX) :]
            if stem.lower().endswith(".exe"):
                stem = stem[:-4]
            if not valid_name(stem) or stem in found:
                continue
            try:
                runnable = entry.is_file() and os.access(entry.path, os.X_OK)
            except OSError:
                runnable = False
            if runnable:
                found[stem] = EngineSpec(stem, (entry.path,))
    return found


def read_store(path: Path | None = None) -> dict[str, Any]:
    """engines.json's content ({} if there is none); StoreError if it can't be used."""
    from ..storage import parse_json

    path = path or store_path()
    try:
        raw = read_bytes(path, MAX_FILE_BYTES)
    except FileError as error:
        if error.problem is Problem.MISSING:
            return {}
        raise StoreError(error.message) from None
    try:
        data = parse_json(raw)
    except ValueError:
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("engines", {}), dict):
        raise StoreError(_("{file} is corrupt: fix or remove it").format(file=path))
    return data


def write_store(data: dict[str, Any], path: Path | None = None) -> None:
    """Write engines.json atomically; StoreError if it can't be."""
    import json

    path = path or store_path()
    data = {**data, "version": VERSION}
    text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text)
    except FileError as error:
        raise StoreError(error.message) from None
    except OSError as error:
        raise StoreError(f"{path}: {error.strerror or error}") from None


def _added(data: dict[str, Any]) -> dict[str, EngineSpec]:
    """The engines the user added, as read (entries of the wrong shape left out)."""
    specs: dict[str, EngineSpec] = {}
    for name, entry in data.get("engines", {}).items():
        command = entry.get("command") if isinstance(entry, dict) else None
        if (
            valid_name(name)
            and name != BUILT_IN
            and isinstance(command, list)
            and command
            and all(isinstance(arg, str) and arg for arg in command)
        ):
            specs[name] = EngineSpec(name, tuple(command))
    return specs


def _checked(data: dict[str, Any], name: str) -> tuple[dict[str, str], str | None]:
    entry = data.get("checked", {})
    entry = entry.get(name) if isinstance(entry, dict) else None
    if not isinstance(entry, dict):
        return {}, None
    about = entry.get("about")
    when = entry.get("when")
    pairs = (
        {k: v for k, v in about.items() if isinstance(k, str) and isinstance(v, str)}
        if isinstance(about, dict)
        else {}
    )
    return pairs, when if isinstance(when, str) else None


def known_engines(path: Path | None = None, search: str | None = None) -> list[Known]:
    """Every engine there is: the built-in one, the added ones, then those on PATH."""
    data = read_store(path)
    specs: dict[str, tuple[EngineSpec, Source]] = {BUILT_IN: (built_in(), Source.BUILT_IN)}
    for name, spec in _added(data).items():
        specs.setdefault(name, (spec, Source.ADDED))
    for name, spec in on_path(search).items():
        specs.setdefault(name, (spec, Source.PATH))
    known = []
    for name, (spec, source) in specs.items():
        about, when = _checked(data, name)
        known.append(Known(spec, source, about, when))
    return known


def find_engine(name: str, path: Path | None = None, search: str | None = None) -> Known | None:
    """The engine called `name`, or None."""
    for known in known_engines(path, search):
        if known.spec.name == name:
            return known
    return None


def add_engine(spec: EngineSpec, path: Path | None = None) -> None:
    """Keep `spec` (replacing an added engine of that name); StoreError for a bad name."""
    if not valid_name(spec.name):
        raise StoreError(
            _("{name} is not a name for an engine: use letters, digits, '.', '_' and '-'").format(
                name=repr(spec.name)
            )
        )
    if spec.name == BUILT_IN:
        raise StoreError(_("{name} is the built-in engine's name").format(name=spec.name))
    data = read_store(path)
    engines = dict(data.get("engines", {}))
    engines[spec.name] = {"command": list(spec.command)}
    write_store({**data, "engines": engines}, path)


def remove_engine(name: str, path: Path | None = None) -> None:
    """Forget an added engine; StoreError if there is none of that name."""
    data = read_store(path)
    engines = dict(data.get("engines", {}))
    if name not in engines:
        if name == BUILT_IN:
            raise StoreError(_("{name} is built in: it can't be removed").format(name=name))
        raise StoreError(_("No engine {name} was added").format(name=name))
    del engines[name]
    checked = dict(data.get("checked", {})) if isinstance(data.get("checked"), dict) else {}
    checked.pop(name, None)
    write_store({**data, "engines": engines, "checked": checked}, path)


def note_about(name: str, about: dict[str, str], path: Path | None = None) -> None:
    """Keep what `name`'s ABOUT said, with the time (values cut to `MAX_ABOUT_CHARS`)."""
    data = read_store(path)
    checked = dict(data.get("checked", {})) if isinstance(data.get("checked"), dict) else {}
    when = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()
    kept = {key[:40]: value[:MAX_ABOUT_CHARS] for key, value in about.items()}
    checked[name] = {"about": kept, "when": when}
    write_store({**data, "checked": checked}, path)
