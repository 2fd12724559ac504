"""`tictac` options for engines and thinking: --difficulty engine:NAME, --think SECONDS."""

from __future__ import annotations

from pathlib import Path

import pytest

from tictac_tui.choices import EnginePlayer, Mode, PluginPlayer, Settings, Think
from tictac_tui.cli import build_parser, checked_settings, main, overrides

from .test_cli import one_line_error


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TICTAC_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))  # no pbrain-* of the machine's


def chosen(*args: str) -> Settings:
    parser = build_parser()
    return checked_settings(Settings(), overrides(parser.parse_args(list(args)), parser), parser)


def test_a_side_can_be_an_engine_or_a_plug_in_and_think_a_chosen_time() -> None:
    settings = chosen("--game", "gomoku15", "--difficulty", "engine:rapfi", "--think", "5")
    assert settings.difficulty == EnginePlayer("rapfi") and settings.think is Think.FIVE
    assert settings.x_difficulty == settings.o_difficulty == EnginePlayer("rapfi")
    cvc = chosen("--mode", "cvc", "--x-difficulty", "plugin:mcts", "--o-difficulty", "hard")
    assert (cvc.mode, cvc.x_difficulty) == (Mode.CVC, PluginPlayer("mcts"))


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--game", "gomoku15", "--difficulty", "engine:nope"], "there is no engine nope"),
        (["--difficulty", "engine:tictac"], "engines play five in a row on boards of 5x5"),
        (["--game", "gomoku15", "--o-difficulty", "engine:a b"], "engine:NAME"),
        (["--think", "7"], "0.5, 1, 2, 5, 10, 30"),
    ],
)
def test_bad_engine_choices_give_one_line_and_status_2(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert said in one_line_error(args, capsys)


def test_help_names_think_and_engines(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "--think SECONDS" in out and "engine:NAME" in out


def test_a_record_to_load_sets_the_board_an_engine_is_checked_against() -> None:
    parser = build_parser()
    args = parser.parse_args(["--load", "game.sgf", "--difficulty", "engine:tictac"])
    settings = checked_settings(  # the menu's board is 3x3; the record's decides
        Settings(), overrides(args, parser), parser, ("tictac",), board_from_file=True
    )
    assert settings.difficulty == EnginePlayer("tictac")
