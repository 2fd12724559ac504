"""Every test reads English unless it chooses a language: the locale of the machine running
the tests must not change what they read (children started by tests inherit this too).
Every test keeps away from the user's real data folder (saved games, the autosave).
The package is compiled once before the tests, so the hundreds of apps and brains they start
read bytecode even where PYTHONDONTWRITEBYTECODE is set (as on the CI machine); for the same
reason the test modules' assertion-rewritten bytecode is kept (each xdist worker would rewrite
every test module again: about 7 s of CPU each)."""

from __future__ import annotations

import compileall
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tictac_tui.i18n import set_language

from . import prewarm

os.environ["LANGUAGE"] = "en"
set_language("en")
sys.dont_write_bytecode = False  # pytest keeps rewritten test modules only where this is False

PACKAGE = Path(__file__).resolve().parent.parent / "tictac_tui"
"""The package under test, as a folder (compiled before the session)."""
EXTRA_WORKERS = 1
"""xdist workers beyond one a core for ``-n auto``: many tests wait on the programs they
drive (their timers, an engine's think time), and the extra worker runs meanwhile. More cost
more than they save: each collects every test, and the rest is CPU-bound (docs/benchmarks.md,
"The test suite")."""


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """The worker count ``-n auto`` starts: one a core and `EXTRA_WORKERS` more."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + EXTRA_WORKERS


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Start the long tests (marked `slow`) first, so the parallel run does not end on one.

    The order is otherwise kept; every xdist worker sorts the same way.
    """
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile `PACKAGE` once, in the controlling process only (not in each xdist worker),
    and before xdist's workers start, rewrite the test modules they would each rewrite
    (`prewarm`)."""
    if hasattr(session.config, "workerinput"):
        return
    compileall.compile_dir(PACKAGE, quiet=1)
    if getattr(session.config.option, "numprocesses", None):
        prewarm.prewarm(session.config.rootpath)


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
