"""The real app under a locale that is not installed: readable labels, lines, a notice."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tictac_tui.tui.localefix import UTF8_LOCALES

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .terminal import TerminalApp
from .test_localefix import exists

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]
ASKED = "zh_CN.UTF-8"


def test_a_locale_not_installed_still_draws_a_readable_menu(app: Start) -> None:
    if exists(ASKED):
        pytest.skip(f"{ASKED} is installed here")
    utf8 = any(exists(name) for name in UTF8_LOCALES)
    # NCURSES_NO_UTF8_ACS: in a UTF-8 character type, lines as Unicode (pyte ignores the
    # VT100 line set); in the C character type they can only come as "lqqqk".
    env = {"LC_ALL": ASKED, "LANGUAGE": "", "NCURSES_NO_UTF8_ACS": "1"}
    run = app(env=env)
    if utf8:
        run.wait_for_all("> 开始", "井字棋 3x3", "退出", f"{ASKED} 未安装")
        assert "┌───" in run.text()
    else:
        run.wait_for_all("> Play", "Quit", f"Locale {ASKED} is not installed")
        assert "+---" in run.text()
    assert "lqqq" not in run.text()
    run.send("down")  # the notice is said once
    run.wait_for(lambda r: ASKED not in r.text())
    run.send("q")
    assert run.wait_exit() == 0
