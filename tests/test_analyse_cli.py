"""`tictac analyse GAME`: a line per move and a summary, JSON for programs, one-line errors."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from tictac_tui.analyse_cli import EXIT_BAD_INPUT, EXIT_OK
from tictac_tui.cli import main

PLANTED = "h8g8i8h9j8j10k8a1l8"  # O misses the block of X's four (l8) and X makes five


def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "planted.pos"
    path.write_text(PLANTED + "\n")
    return path


def test_a_line_per_move_and_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(game_file(tmp_path)), "--time", "0.2"]) == EXIT_OK
    out = capsys.readouterr()
    lines = out.out.splitlines()
    assert len(lines) == 1 + 9 + 2
    # The file's a1 (its rows from the top) is the board's A15 (row 1 at the bottom).
    assert lines[8].split()[:2] == ["8.", "A15"] and lines[8].rstrip().endswith("??")
    assert "+M1" in lines[8] and "L8" in lines[8]
    assert lines[-1].startswith("white: ") and "0 blunders" not in lines[-1]
    assert out.err == ""  # no progress when standard error is not a terminal


def test_json_for_programs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(game_file(tmp_path)), "--time", "0.2", "--json"]) == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert data["analyst"] == "hard" and data["seconds"] == 0.2
    assert [m["number"] for m in data["moves"]] == list(range(1, 10))
    eighth = data["moves"][7]
    assert (eighth["move"], eighth["player"], eighth["mark"], eighth["best"]) == (
        "A15",
        "white",
        "??",
        "L8",
    )
    assert data["summary"]["white"]["blunders"] >= 1


@pytest.mark.parametrize(
    "args",
    [
        ["--analyst", "engine:nobody-here"],
        ["--analyst", "medium"],
        ["--time", "0"],
        ["--time", "many"],
    ],
)
def test_bad_options_are_one_line(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        code = main(["analyse", str(game_file(tmp_path)), *args])
        raise SystemExit(code)
    assert raised.value.code == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("tictac analyse: ")


def test_a_file_that_is_no_record_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;GM[4]SZ[15];B[zz])")
    assert main(["analyse", str(bad)]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.sgf" in err


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_progress_goes_to_standard_error_when_it_is_a_terminal(tmp_path: Path) -> None:
    import pexpect

    child = pexpect.spawn(
        sys.executable,
        ["-m", "tictac_tui", "analyse", str(game_file(tmp_path)), "--time", "0.1"],
        env={**os.environ, "TERM": "xterm"},
        timeout=120,
    )
    child.expect("reviewing: [0-9]+/10, about [0-9]+ s left")
    child.expect("white: [0-9]+ mistakes?, [0-9]+ blunders?")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == EXIT_OK
