"""The package and its tests type-check: ``mypy tictac_tui tests`` under the strict settings of
pyproject.toml's ``[tool.mypy]``.

Run as a test (the slow ones start first), the check takes one worker while the others go on
testing, instead of a step of its own after the tests in `.ci/run`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
"""The project's folder (mypy reads its settings and keeps its cache there)."""

HANG_GUARD = 1800
"""Seconds after which a mypy that has not finished is taken for hung."""


@pytest.mark.slow
def test_the_package_and_the_tests_type_check() -> None:
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "tictac_tui", "tests"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith("Success: no issues found")
