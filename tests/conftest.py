"""Every test reads English unless it chooses a language: the locale of the machine running
the tests must not change what they read (children started by tests inherit this too).
Every test keeps away from the user's real data folder (saved games, the autosave)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tictac_tui.i18n import set_language

os.environ["LANGUAGE"] = "en"
set_language("en")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """$TICTAC_DATA_DIR in the test's own folder (apps started by the test inherit it)."""
    monkeypatch.setenv("TICTAC_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def umask() -> Iterator[Callable[[int], None]]:
    """Set the process's umask for one test (put back after it)."""
    old = os.umask(0o022)
    os.umask(old)

    def set_mask(mask: int) -> None:
        os.umask(mask)

    yield set_mask
    os.umask(old)
