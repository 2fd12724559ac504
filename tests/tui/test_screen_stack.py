"""The screen stack: each screen goes back to the one it was opened from; the list of
saved games and the viewer take each other's place; a game starts over the menu."""

from __future__ import annotations

from pathlib import Path

from tictac_tui.choices import Mode, Settings
from tictac_tui.engine import Move, Rules
from tictac_tui.records import GameRecord, Players
from tictac_tui.saved import SavedGame
from tictac_tui.tui.effects import ListGames
from tictac_tui.tui.keys import Command
from tictac_tui.tui.model import Model
from tictac_tui.tui.replay import Library
from tictac_tui.tui.screens import Screen


def record(*moves: tuple[int, int]) -> GameRecord:
    """A 3x3 game of these moves."""
    return GameRecord(Rules.tictactoe(), list(moves), Players("Ann", "Bob"))


def press(model: Model, *commands: Command) -> None:
    for command in commands:
        model.handle(command, 0.0, 10 if command is Command.SELECT else -1)


def won_game() -> Model:
    """A finished two-player game on 3x3, on the game screen."""
    model = Model(Settings(mode=Mode.HVH), threads=False)
    press(model, Command.SELECT)
    match = model.match
    assert match is not None
    for move in ((1, 1), (0, 0), (2, 0), (0, 1), (0, 2)):
        match.cursor = Move(*move)
        press(model, Command.SELECT)
    assert match.over
    return model


def test_a_game_starts_over_the_menu_and_m_goes_back_to_it() -> None:
    model = won_game()
    assert model.stack == [Screen.MENU, Screen.GAME]
    press(model, Command.MENU)
    assert model.stack == [Screen.MENU]


def test_help_goes_back_to_the_viewer_and_the_viewer_to_the_game() -> None:
    model = won_game()
    press(model, Command.RESET)  # r: replay the finished game
    assert model.stack == [Screen.MENU, Screen.GAME, Screen.REPLAY]
    press(model, Command.HELP, Command.OTHER)
    assert model.screen is Screen.REPLAY
    press(model, Command.MENU)
    assert model.stack == [Screen.MENU, Screen.GAME] and model.viewer is None


def test_the_open_list_and_the_viewer_take_each_others_place() -> None:
    model = won_game()
    press(model, Command.RESET)
    assert ListGames() in model.handle(Command.OPEN, 0.0)
    model.show_library(
        Library([SavedGame(Path("a.sgf"), 0.0, record((1, 1), (0, 0), (2, 0), (0, 1), (0, 2)))])
    )
    assert model.stack == [Screen.MENU, Screen.GAME, Screen.OPEN]
    press(model, Command.SELECT)
    assert model.stack == [Screen.MENU, Screen.GAME, Screen.REPLAY]
    press(model, Command.MENU)
    assert model.screen is Screen.GAME


def test_playing_on_from_the_viewer_leaves_the_records() -> None:
    model = Model(Settings(mode=Mode.HVH), threads=False)
    model.view_record(record((1, 1), (0, 0)), "two.sgf")
    assert model.stack == [Screen.MENU, Screen.REPLAY]
    press(model, Command.FORBIDDEN)  # f in the viewer: play on with a friend
    assert model.stack == [Screen.MENU, Screen.GAME]
    assert model.match is not None and model.match.mode is Mode.HVH
