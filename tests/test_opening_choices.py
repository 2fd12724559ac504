"""The opening rule as a choice: offered where it applies, --opening, the menu row, the
settings file and the statistics' key."""

from __future__ import annotations

import pytest

from tictac_tui import cli
from tictac_tui.choices import Board, Mode, Settings
from tictac_tui.engine import Rule
from tictac_tui.engine.openings import OpeningRule
from tictac_tui.scores import Record, score_key
from tictac_tui.storage import (
    settings_from,
    settings_to_json,
    statistics_from,
    statistics_to_json,
)
from tictac_tui.tui.menu import Item, Menu

ALL = tuple(OpeningRule)


def test_offered_where_the_rule_applies() -> None:
    assert Settings().offered_openings() == (OpeningRule.NONE,)
    gomoku = Settings(game=Board.GOMOKU15)
    assert gomoku.offered_openings() == (OpeningRule.NONE, OpeningRule.SWAP, OpeningRule.SWAP2)
    assert Settings(game=Board.GOMOKU15, rule=Rule.RENJU).offered_openings() == ALL
    assert Settings(game=Board.GOMOKU19, rule=Rule.RENJU).offered_openings() == ALL[:3]
    chosen = Settings(game=Board.GOMOKU19, opening=OpeningRule.SOOSORV8)
    assert chosen.played_opening() is OpeningRule.NONE


def test_the_command_line_option_is_checked_against_the_board() -> None:
    parser = cli.build_parser()
    args = parser.parse_args(["--game", "gomoku15", "--rule", "renju", "--opening", "soosorv8"])
    chosen = cli.overrides(args, parser)
    settings = cli.checked_settings(Settings(), chosen, parser)
    assert settings.played_opening() is OpeningRule.SOOSORV8
    args = parser.parse_args(["--game", "gomoku19", "--opening", "taraguchi10"])
    with pytest.raises(SystemExit):
        cli.checked_settings(Settings(), cli.overrides(args, parser), parser)


def test_the_menu_row_steps_through_the_offered_rules_and_is_dim_elsewhere() -> None:
    menu = Menu(Settings(game=Board.GOMOKU15, rule=Rule.RENJU))
    assert Item.OPENING in menu.items(False) and menu.enabled(Item.OPENING)
    seen = []
    for _step in ALL:
        seen.append(menu.settings.played_opening())
        menu.change(Item.OPENING, 1)
    assert seen == list(ALL)
    assert menu.value(Item.OPENING) == "None"
    assert not Menu(Settings()).enabled(Item.OPENING)


def test_the_settings_file_and_the_statistics_keep_the_opening() -> None:
    settings = Settings(game=Board.GOMOKU15, mode=Mode.HVC, opening=OpeningRule.SWAP2)
    assert settings_from(settings_to_json(settings))[0] == settings
    key = score_key(settings)
    assert key.opening is OpeningRule.SWAP2
    plain = score_key(Settings(game=Board.GOMOKU15))
    stats = {key: Record(wins=1), plain: Record(losses=2)}
    data = statistics_to_json(stats)
    assert [entry.get("opening") for entry in data["records"]].count("swap2") == 1
    assert statistics_from(data)[0] == stats
