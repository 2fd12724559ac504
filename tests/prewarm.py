"""Rewrite the test modules for pytest's assertions once, before the xdist workers start.

Every worker imports every test module, and pytest rewrites a module's asserts when it finds no
rewritten bytecode for it (about 6 s of CPU for all of them). Workers that start together on a
fresh checkout, as CI's do, would each do all of that work; instead the controlling process
has `CHUNKS` collect-only runs share it out first, and the workers read what they wrote. Where
the bytecode is already there and newer than its source, nothing is run.

Hypothesis's pytest plugin, at collection, reads the constants of every module of the package
(about 1 s of CPU, kept in ``.hypothesis/constants`` for later processes): the first run does
that for the workers, the others run without the plugin (`WITHOUT_HYPOTHESIS`) rather than
doing it again at the same time.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
"""The folder of the tests."""
MARK = "TICTAC_TESTS_PREWARM"
"""Set in the collect-only runs, so their own session does not start this again."""
CHUNKS = 2
"""Collect-only runs at once (the cores CI has)."""
COLLECT = (
    sys.executable,
    "-m",
    "pytest",
    "--collect-only",
    "-q",
    "-n",
    "0",
    "-p",
    "no:cacheprovider",
)
"""A collect-only run, in this process's Python, given the modules to collect."""
WITHOUT_HYPOTHESIS = ("-p", "no:hypothesispytest")
"""Options of the collect-only runs after the first: no Hypothesis plugin (see the module)."""
HANG_GUARD = 600
"""Seconds after which a collect-only run is taken for hung (the workers then rewrite)."""


def rewritten(source: Path) -> Path:
    """Where pytest keeps the assertion-rewritten bytecode of the test module `source`."""
    tag = f"{sys.implementation.cache_tag}-pytest-{pytest.__version__}"
    return source.parent / "__pycache__" / f"{source.stem}.{tag}.pyc"


def stale_modules() -> list[Path]:
    """The test modules whose rewritten bytecode is missing or older than their source (the
    conftest files the controlling process has rewritten already, importing them)."""
    stale = []
    for source in sorted(TESTS.rglob("test_*.py")):
        kept = rewritten(source)
        if not kept.exists() or kept.stat().st_mtime < source.stat().st_mtime:
            stale.append(source)
    return stale


def prewarm(root: Path) -> None:
    """Collect the stale test modules in `CHUNKS` runs at once (their sizes shared out)."""
    if os.environ.get(MARK):
        return
    stale = stale_modules()
    if not stale:
        return
    stale.sort(key=lambda path: path.stat().st_size, reverse=True)
    chunks = [stale[start::CHUNKS] for start in range(CHUNKS)]
    runs = [
        subprocess.Popen(
            [*COLLECT, *(WITHOUT_HYPOTHESIS if number else ()), *map(str, chunk)],
            cwd=root,
            env={**os.environ, MARK: "1"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for number, chunk in enumerate(chunks)
        if chunk
    ]
    for run in runs:
        try:
            run.wait(timeout=HANG_GUARD)
        except subprocess.TimeoutExpired:
            run.kill()
            run.wait()
