"""The `tictac` command line: options, errors, and refusing terminals curses can't drive."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tictac_tui import __version__
from tictac_tui.choices import Board, Mode, Ponder, Settings, Speed, Stones
from tictac_tui.cli import Files, build_parser, checked_settings, main, overrides
from tictac_tui.engine import RowOrigin, Rule, Rules
from tictac_tui.i18n import set_language
from tictac_tui.storage import Storage
from tictac_tui.strategies import Difficulty
from tictac_tui.timecontrol import ClockKind, TimeControl

from .signals import as_from_a_shell

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep every test away from the user's real settings."""
    monkeypatch.setenv("TICTAC_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "config"


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m tictac_tui ARGS` with pipes (so not a terminal)."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "tictac_tui", *args],
        capture_output=True,
        text=True,
        env=full_env,
        cwd=ROOT,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )


def test_help_lists_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for option in (
        "--game",
        "--rows",
        "--cols",
        "--k",
        "--mode",
        "--first",
        "--difficulty",
        "--x-difficulty",
        "--o-difficulty",
        "--speed",
        "--rule",
        "--ascii",
        "--no-color",
        "--seed",
        "--plain",
        "--show-board",
        "--lang",
        "--rows-from",
        "--stones",
        "--ponder",
        "--version",
    ):
        assert option in out
    assert "tictactoe,gomoku15,gomoku19,custom" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"tictac {__version__}"


@pytest.mark.parametrize(
    ("args", "allowed"),
    [
        (["--game", "chess"], "tictactoe, gomoku15, gomoku19, custom"),
        (["--mode", "solo"], "hvc, hvh, cvc"),
        (["--first", "me"], "human, computer, alternate"),
        (["--difficulty", "insane"], "easy, medium, casual, club, strong, expert, hard"),
        (["--rows", "2"], "between 3 and 26"),
        (["--k", "40"], "between 3 and 26"),
        (["--seed", "x"], "invalid int value"),
        (["--game", "gomoku15", "--rows", "5"], "--rows needs --game custom"),
        (["--rows", "3", "--cols", "4", "--k", "7"], "can't fit on 3x4"),
        (["--rule", "exact"], "exact is not played on Tic-tac-toe 3x3 (choose freestyle)"),
        (["--rule", "go"], "freestyle, exact"),
        (["--speed", "warp"], "slow, normal, fast"),
        (["--rows-from", "left"], "top, bottom"),
        (["--stones", "beads"], "letters, discs"),
        (["--ponder", "yes"], "off, on"),
        (["--x-difficulty", "godlike"], "easy, medium, casual, club, strong, expert, hard"),
        (["--clock", "5 minutes"], "none, 30s/move, 5m/game, or 5m+3s"),
        (["--clock", "0s/move"], "none, 30s/move, 5m/game, or 5m+3s"),
    ],
)
def test_bad_values_give_one_line_and_status_2(
    args: list[str], allowed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert allowed in one_line_error(args, capsys)


def one_line_error(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What `tictac ARGS` says when it refuses them: one line, and exit status 2."""
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("tictac: error:")
    return err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--load", "a.sgf", "--replay", "b.sgf"], "not allowed with argument --load"),
        (["--plain", "--load", "a.sgf"], "--load and --replay need the full screen"),
        (["--plain", "--replay", "a.sgf"], "--load and --replay need the full screen"),
    ],
)
def test_load_and_replay_are_refused_together_and_in_plain_mode(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("tictac: error:") and said in err


def test_custom_sizes_imply_the_custom_game() -> None:
    parser = build_parser()
    chosen = overrides(parser.parse_args(["--rows", "6", "--cols", "7", "--k", "4"]), parser)
    assert chosen == {"game": Board.CUSTOM, "rows": 6, "cols": 7, "k": 4}


def test_ponder_becomes_a_setting() -> None:
    parser = build_parser()
    assert overrides(parser.parse_args(["--ponder", "on"]), parser) == {"ponder": Ponder.ON}
    assert overrides(parser.parse_args([]), parser) == {}
    assert Settings().ponder is Ponder.OFF


def test_rows_from_and_stones_become_settings() -> None:
    parser = build_parser()
    chosen = overrides(parser.parse_args(["--rows-from", "top", "--stones", "discs"]), parser)
    assert chosen == {"rows_from": RowOrigin.TOP, "stones": Stones.DISCS}
    assert Settings().rows_from is RowOrigin.BOTTOM  # row 1 at the bottom unless chosen


def test_options_become_the_settings_enums() -> None:
    parser = build_parser()
    args = ["--game", "gomoku15", "--rule", "exact", "--mode", "cvc", "--difficulty", "hard"]
    chosen = overrides(parser.parse_args([*args, "--o-difficulty", "easy"]), parser)
    settings = checked_settings(Settings(), chosen, parser)
    assert settings.rules() == Rules.gomoku(15, rule=Rule.EXACT)
    assert (settings.mode, settings.difficulty) == (Mode.CVC, Difficulty.HARD)
    assert (settings.x_difficulty, settings.o_difficulty) == (Difficulty.HARD, Difficulty.EASY)


@pytest.mark.parametrize(
    ("text", "control"),
    [
        ("none", TimeControl()),
        ("30s/move", TimeControl(ClockKind.MOVE, 30)),
        ("10m/game", TimeControl(ClockKind.GAME, 600)),
        ("5m+3s", TimeControl(ClockKind.FISCHER, 300, 3)),
    ],
)
def test_clock_chooses_a_time_control(text: str, control: TimeControl) -> None:
    parser = build_parser()
    chosen = overrides(parser.parse_args(["--clock", text]), parser)
    assert checked_settings(Settings(), chosen, parser).clock == control


def test_command_line_choices_are_not_saved_but_menu_changes_are(tmp_path: Path) -> None:
    files = Storage(tmp_path)
    stored = Settings(mode=Mode.HVH)
    saver = Files(files, stored, {"difficulty": Difficulty.HARD})
    saver.save_settings(Settings(difficulty=Difficulty.HARD, speed=Speed.FAST))
    assert files.load_settings()[0] == Settings(speed=Speed.FAST)


def test_the_cli_does_not_import_curses() -> None:
    code = "import sys, tictac_tui.cli; print('curses' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.stdout.strip() == "False"
    for path in (ROOT / "tictac_tui").rglob("*.py"):
        if "tui" not in path.relative_to(ROOT / "tictac_tui").parts:
            assert "import curses" not in path.read_text(), path


def test_not_a_terminal_exits_2_with_a_message(tmp_path: Path) -> None:
    result = run_cli(env={"TICTAC_CONFIG_DIR": str(tmp_path), "TERM": "xterm-256color"})
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "needs an interactive terminal" in result.stderr
    assert "tictac --plain" in result.stderr
    assert "Traceback" not in result.stderr


def test_bad_option_beats_the_terminal_check() -> None:
    result = run_cli("--mode", "nobody")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr and "hvc, hvh, cvc" in result.stderr


@pytest.mark.terminal
@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal (pexpect)")
@pytest.mark.parametrize("term", ["dumb", "", None, "no-such-terminal-type"])
def test_terminal_curses_cannot_drive_exits_2(term: str | None, tmp_path: Path) -> None:
    import pexpect

    env = {k: v for k, v in os.environ.items() if k not in ("TERM", "LINES", "COLUMNS")}
    env.update(PYTHONPATH=str(ROOT), TICTAC_CONFIG_DIR=str(tmp_path))
    if term is not None:
        env["TERM"] = term
    child = pexpect.spawn(sys.executable, ["-m", "tictac_tui"], env=env, cwd=str(ROOT))
    output = child.read().decode()
    child.close()
    assert child.exitstatus == 2
    assert "can't drive this terminal" in output
    assert "tictac --plain" in output
    assert "Traceback" not in output


def run_plain(
    *args: str, typed: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`python -m tictac_tui --plain ARGS` with `typed` on its standard input, TERM=dumb."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "dumb", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "tictac_tui", "--plain", *args],
        input=typed,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=full_env,
        cwd=ROOT,
        timeout=120,
    )


def test_plain_mode_plays_through_pipes_and_keeps_statistics(config_dir: Path) -> None:
    result = run_plain("--mode", "hvh", typed="1\n4\n2\n5\n3\nquit\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "X plays 3" in lines and "X wins" in lines
    assert "X to move:" in lines  # a prompt is a line of its own when input is not a terminal
    assert lines[-2:] == ["Session score:", "  Tic-tac-toe 3x3, Two players: X 1, O 0, Draws 0"]
    assert result.stderr == ""
    assert "X 1" in "\n".join(lines) and (config_dir / "statistics.json").exists()


def test_plain_mode_takes_the_apps_options_and_a_language() -> None:
    typed = "h8\nquit\nyes\n"
    args = ("--game", "gomoku15", "--rule", "renju", "--difficulty", "easy", "--seed", "1")
    result = run_plain(*args, "--lang", "zh", typed=typed)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "tictac 纯文本模式。五子棋 15x15（连珠），人机对战。"
    assert "新局。你执黑先行，对手难度：简单。" in lines
    assert "你下 H8" in lines
    assert any(line.startswith("电脑下 ") for line in lines)
    assert lines[-1].endswith("你 0，电脑 1，和棋 0")  # quitting after a move counts a loss


def test_the_language_follows_the_locale_in_plain_mode() -> None:
    result = run_plain("--mode", "hvh", typed="5\n", env={"LANGUAGE": "", "LANG": "zh_CN.UTF-8"})
    assert "X下 5" in result.stdout.splitlines() or "X 下 5" in result.stdout


def test_plain_mode_with_odd_input_bytes_never_crashes() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tictac_tui", "--plain", "--mode", "hvh"],
        input=b"\xff\xfe\x00\x1b[A\n\xe4\xb8\n5\n",
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "TERM": "dumb"},
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert b"X plays 5" in result.stdout
    assert b"is not a square" in result.stdout
    assert b"Traceback" not in result.stderr


@pytest.mark.terminal
@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal (pexpect)")
def test_plain_mode_on_a_terminal_prompts_on_the_line_and_ctrl_c_counts_the_game(
    config_dir: Path,
) -> None:
    import pexpect

    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "dumb"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "tictac_tui", "--plain"],
        env=env,
        cwd=str(ROOT),
        timeout=60,
        preexec_fn=as_from_a_shell,  # a test run in the background has SIGINT ignored
    )
    child.expect_exact("Your move (X): ")
    child.sendline("5")
    child.expect("Computer plays [1-9]")
    child.expect_exact("Your move (X): ")
    child.sendintr()
    child.expect_exact("Computer 1, Draws 0")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert '"losses": 1' in (config_dir / "statistics.json").read_text()


def test_help_and_errors_speak_chinese_with_lang_zh(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        with pytest.raises(SystemExit) as exit_info:
            main(["--lang", "zh", "--help"])
        assert exit_info.value.code == 0
        out = capsys.readouterr().out
        assert out.startswith("用法：tictac")
        assert "显示本帮助并退出" in out and "终端里的井字棋和五子棋" in out
        with pytest.raises(SystemExit) as exit_info:
            main(["--lang", "zh", "--mode", "nobody"])
        assert exit_info.value.code == 2
        error = "参数 --mode：无效的选择：'nobody'（可选 hvc, hvh, cvc）"
        assert capsys.readouterr().err == f"tictac：错误：{error}（见 tictac --help）\n"
    finally:
        set_language("en")
