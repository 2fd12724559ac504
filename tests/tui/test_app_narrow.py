"""The real app at 44 columns, the narrowest it draws: messages are read whole."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .terminal import TerminalApp

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]


def message_row(run: TerminalApp) -> str:
    return run.text().splitlines()[-3].strip()


def test_a_digit_on_gomoku_at_44_columns_says_what_to_type_whole(app: Start) -> None:
    run = app("--game", "gomoku15", "--mode", "hvh", rows=19, cols=44)
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for(lambda r: r.board_on_screen() is not None)
    run.send("5")
    run.wait_for("Type g and a square, like h8")
    assert message_row(run) == "Type g and a square, like h8"
    run.send("g")
    run.wait_for(lambda r: message_row(r).endswith("_"))
    run.send("h8")
    run.wait_for(lambda r: message_row(r).endswith("h8_"))
    assert "e.g. h8" in message_row(run)


def test_in_chinese_at_44_columns_too(app: Start) -> None:
    env = {"LANGUAGE": "zh_CN", "LANG": "zh_CN.UTF-8"}
    run = app("--game", "gomoku15", "--mode", "hvh", rows=19, cols=44, env=env)
    run.wait_for("> 开始")
    run.send("enter")
    run.wait_for(lambda r: r.board_on_screen() is not None)
    run.send("5")
    run.wait_for("请按 g 再输入落点，例如 h8")
