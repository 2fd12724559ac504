"""The real app in Chinese, in a pty at 80x24: nothing cut, nothing out of line."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from tictac_tui.i18n.width import text_width

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .terminal import TerminalApp

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]
CHINESE = {"LANGUAGE": "zh_CN", "LANG": "zh_CN.UTF-8"}


def lines(run: TerminalApp) -> list[str]:
    return run.text().splitlines()


def box_sides(run: TerminalApp) -> set[int]:
    """Display columns of the ASCII menu box's sides on the rows between its corners."""
    shown = lines(run)
    corners = [i for i, line in enumerate(shown) if line.strip().startswith("+")]
    sides = set()
    for line in shown[corners[0] + 1 : corners[-1]]:
        sides |= {text_width(line[:i]) for i, char in enumerate(line) if char == "|"}
    return sides


def test_the_menu_in_chinese_keeps_its_box_and_every_row(app: Start) -> None:
    run = app("--ascii", env=CHINESE)
    rows = ("> 开始", "棋盘", "井字棋 3x3", "规则", "模式", "人机对战", "谁先走", "难度", "中等")
    run.wait_for_all(*rows, "语言 Language", "战绩", "帮助", "退出", "上下选择")
    assert all(text_width(line) <= 80 for line in lines(run))
    assert len(box_sides(run)) == 2  # the left and right sides, straight down every row
    english = app("--ascii")
    english.wait_for_all("> Play", "Language", "Quit")
    assert box_sides(run) == box_sides(english)


def test_a_renju_game_in_chinese_names_black_and_white(app: Start) -> None:
    args = ("--game", "gomoku15", "--rule", "renju", "--mode", "hvh")
    run = app(*args, env=CHINESE)
    run.wait_for("> 开始")
    run.send("enter")
    run.wait_for_all("五子棋 15x15（连珠）", "轮到黑", "双人对战")
    run.send("g", "h8", "enter")
    run.wait_for(lambda r: "轮到白" in r.text() and r.engine_state() is not None)

    def info_line(r: TerminalApp) -> str | None:
        # The whole line, its last count drawn: the screen read so far can end inside it.
        return next(
            (
                line
                for line in lines(r)
                if "五子棋 15x15（连珠） |" in line
                and "和" in line  # the draws' count comes last
                and line.rstrip()[-1:].isdigit()
            ),
            None,
        )

    run.wait_for(lambda r: info_line(r) is not None)
    info = info_line(run)
    assert info is not None
    assert info.rstrip().endswith("X 0  O 0  和 0")
    assert text_width(info) <= 80


def test_the_language_row_switches_at_once_and_is_remembered(app: Start) -> None:
    run = app()
    run.wait_for("> Play")
    run.send("up", "up", "up", "up")  # Quit, Help, Statistics, Language
    run.wait_for("< From the locale >")
    run.send("right", "right")  # English, then 中文
    run.wait_for_all("< 中文 >", "开始", "退出")
    run.send("q")
    assert run.wait_exit() == 0
    saved = json.loads((run.tmp / "config" / "settings.json").read_text())
    assert saved["lang"] == "zh"
    again = app()
    again.wait_for_all("> 开始", "语言 Language")


def test_lang_on_the_command_line_wins_over_the_locale(app: Start) -> None:
    run = app("--lang", "en", env=CHINESE)
    run.wait_for_all("> Play", "Who goes first")
