"""`tictac convert IN OUT`: formats by extension, - for stdin/stdout, exit 2 and nothing
written for bad input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tictac_tui.cli import main as tictac_main
from tictac_tui.engine import Move
from tictac_tui.records import load
from tictac_tui.records.convert import main

ROOT = Path(__file__).resolve().parents[2]
GAME = "(;GM[4]FF[4]SZ[15]RU[Standard]PB[Ann]PW[Bob]DT[2026-05-01];B[hh]C[start];W[ii];B[gg])\n"


def run_tictac(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`python -m tictac_tui ARGS`, the way a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "tictac_tui", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )


def test_sgf_to_psq_to_pos_and_back(tmp_path: Path) -> None:
    (tmp_path / "game.sgf").write_text(GAME)
    assert main([str(tmp_path / "game.sgf"), str(tmp_path / "game.psq")]) == 0
    assert load(tmp_path / "game.psq").players.black == "Ann"
    assert load(tmp_path / "game.psq").rules.rule.value == "exact"
    assert main([str(tmp_path / "game.psq"), str(tmp_path / "game.pos")]) == 0
    assert (tmp_path / "game.pos").read_text() == "h8i9g7\n"
    assert main([str(tmp_path / "game.pos"), str(tmp_path / "again.sgf")]) == 0
    assert load(tmp_path / "again.sgf").moves == (Move(7, 7), Move(8, 8), Move(6, 6))


def test_what_a_format_cant_hold_is_noted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "game.sgf").write_text(GAME)
    assert main([str(tmp_path / "game.sgf"), str(tmp_path / "game.psq")]) == 0
    err = capsys.readouterr().err
    assert err == "tictac convert: note: PSQ can't hold the date, comments: left out\n"


def test_stdin_to_stdout_through_the_tictac_command() -> None:
    done = run_tictac("convert", "-", "-", "--to", "psq", stdin="h8i9\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n0\n"
    bottom = run_tictac("convert", "--rows-from", "bottom", "-", "-", stdin="a1\n")
    assert ";B[ao])" in bottom.stdout


def test_options_for_records_that_dont_say(tmp_path: Path) -> None:
    (tmp_path / "in.pos").write_text("a1 t10")
    args = ["--size", "20x10", "--rule", "exact", "--k", "4"]
    assert tictac_main(["convert", *args, str(tmp_path / "in.pos"), str(tmp_path / "out.sgf")]) == 0
    text = (tmp_path / "out.sgf").read_text()
    assert "SZ[20:10]RU[Standard]IR[4]" in text
    assert ";B[aa];W[tj])" in text


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("(;GM[4]SZ[15];B[hh];W[hh])", "line 1: move 2 (W[hh]): white plays on a square already"),
        ("(;GM[4]SZ[15];B[hh]", "the file is truncated"),
        ("(;GM[4]SZ[40];B[hh])", "SZ[40]: the board is 40x40"),
        ("(;GM[4]SZ[15]RU[Go];B[hh])", "RU[Go] is an unknown rule"),
        ("not a record at all", "not an SGF game record"),
    ],
)
def test_bad_input_exits_2_and_writes_nothing(tmp_path: Path, content: str, message: str) -> None:
    source = tmp_path / "in.sgf"
    source.write_text(content)
    target = tmp_path / "out.psq"
    done = run_tictac("convert", str(source), str(target))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(f"tictac convert: {source}: ")
    assert message in done.stderr
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
    assert not target.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.sgf"]


def test_an_existing_output_is_kept_when_the_input_is_bad(tmp_path: Path) -> None:
    source = tmp_path / "in.pos"
    source.write_text("h8h8")
    target = tmp_path / "out.sgf"
    target.write_text("precious")
    assert main([str(source), str(target)]) == 2
    assert target.read_text() == "precious"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["in.sgf"], "the following arguments are required: OUT"),
        (["in.sgf", "out.txt"], "can't tell the format of 'out.txt'"),
        (["--size", "big", "in.pos", "out.sgf"], "argument --size: 'big' is not a board size"),
        (["--rule", "go", "in.pos", "out.sgf"], "argument --rule: invalid choice: 'go'"),
        (["--k", "0", "in.pos", "out.sgf"], "argument --k: must be between 1 and 26"),
        (["--game", "0", "in.sgf", "out.psq"], "argument --game: games are numbered from 1"),
    ],
)
def test_bad_options_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_missing_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "nothing.sgf"), str(tmp_path / "out.psq")]) == 2
    assert capsys.readouterr().err == f"tictac convert: {tmp_path / 'nothing.sgf'}: no such file\n"


def test_unwritable_output_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "in.pos").write_text("h8")
    assert main([str(tmp_path / "in.pos"), str(tmp_path / "no" / "such" / "dir.sgf")]) == 1
    assert "can't be written" in capsys.readouterr().err


def test_help_is_clear() -> None:
    done = run_tictac("convert", "--help")
    assert done.returncode == 0
    for words in ("IN", "OUT", "sgf", "psq", "pos", "--rows-from", "--rule", "--size", "stdin"):
        assert words in done.stdout
    assert "examples:" in done.stdout and "exit status" in done.stdout


def test_help_and_errors_in_chinese(tmp_path: Path) -> None:
    shown = run_tictac("convert", "--lang", "zh", "--help")
    assert shown.returncode == 0
    assert "在 SGF、PSQ 和 pos 串之间转换棋谱" in shown.stdout
    assert "退出状态" in shown.stdout and "要读取的棋谱" in shown.stdout
    (tmp_path / "bad.sgf").write_text("(;GM[4]SZ[15];B[hh];B[ii])\n")
    done = run_tictac("convert", "--lang", "zh", str(tmp_path / "bad.sgf"), str(tmp_path / "x.psq"))
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"tictac convert: {tmp_path / 'bad.sgf'}: 第 1 行: "
        "第 2 手（B[ii]）是黑方的棋，但该白方走：黑方先走，然后双方轮流"
    )
    assert not (tmp_path / "x.psq").exists()


def test_the_language_follows_the_locale(tmp_path: Path) -> None:
    (tmp_path / "game.sgf").write_text(GAME)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tictac_tui",
            "convert",
            str(tmp_path / "game.sgf"),
            "-",
            "--to",
            "pos",
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "zh_CN:en"},
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout == "h8i9g7\n"
    assert done.stderr == "tictac convert：注意：POS 存不下棋手姓名、日期、注释、规则，已略去\n"


def test_bad_option_in_chinese() -> None:
    done = run_tictac("convert", "--lang", "zh", "--k", "30", "a.sgf", "b.sgf")
    assert done.returncode == 2
    assert "参数 --k：必须在 1 到 26 之间，收到的是 30" in done.stderr
