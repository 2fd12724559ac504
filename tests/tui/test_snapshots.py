"""Text snapshots of the key screens at 80x24 (and 44x14, the smallest), on a plain-text canvas.

These run everywhere (no terminal needed). A missing golden file fails. After
an intended change of the look, regenerate with
``TICTAC_UPDATE_SNAPSHOTS=1 python -m pytest tests/tui/test_snapshots.py`` and
read the diff.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
from pathlib import Path

import pytest

from tictac_tui import i18n
from tictac_tui.choices import Board, Mode, Settings, Stones
from tictac_tui.engine import Move, Rule, Rules, parse_move
from tictac_tui.i18n.width import text_width
from tictac_tui.records import GameRecord, Players, parse
from tictac_tui.saved import SavedGame
from tictac_tui.scores import Record, ScoreKey
from tictac_tui.strategies import Difficulty
from tictac_tui.timecontrol import parse_control
from tictac_tui.tui import render, turns
from tictac_tui.tui.canvas import TextCanvas
from tictac_tui.tui.keys import Command
from tictac_tui.tui.menu import Item
from tictac_tui.tui.model import Model
from tictac_tui.tui.replay import Library
from tictac_tui.tui.screens import Screen

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = "TICTAC_UPDATE_SNAPSHOTS"
"""Set to 1 to write the golden files from what is drawn now (after an intended change)."""


def screen(model: Model, width: int = 80, height: int = 24, *, ascii: bool = False) -> str:
    canvas = TextCanvas(width, height, ascii=ascii)
    render.draw(canvas, model, 0.0)
    return canvas.text() + "\n"


def in_game(settings: Settings, moves: list[str], cursor: Move | None = None) -> Model:
    """A game with these settings after these moves (no computer thinking)."""
    model = Model(settings, seed=1, threads=False)
    model.handle(Command.SELECT, 0.0, 10)
    match = model.match
    assert match is not None
    for move in moves:
        match.play(parse_move(move, match.rules), 0.0)
    if cursor is not None:
        match.cursor = cursor
    if match.over:
        turns.moved(model, match)
    return model


def clocked(model: Model) -> Model:
    """`model`'s game on a clock part used: X took 48 s a move, O 97.5 s, O to move at 0.0,
    with 291.5 s of its move gone (8.5 s left: the urgent figure)."""
    match = model.match
    assert match is not None and match.clock is not None
    moves = match.state.move_count
    match.clock.spent = [48.0 if i % 2 == 0 else 97.5 for i in range(moves)]
    match.clock.thought = 0.0
    match.clock.since = -(match.clock.left(match.state.to_move, 0.0) - 8.5)
    return model


def statistics() -> Model:
    """The statistics screen with a record of each kind."""
    model = Model(Settings(), threads=False)
    hvc = ScoreKey(3, 3, 3, Rule.FREESTYLE, Mode.HVC, (Difficulty.EASY,))
    exact = ScoreKey(15, 15, 5, Rule.EXACT, Mode.HVC, (Difficulty.HARD,))
    hvh = ScoreKey(19, 19, 5, Rule.FREESTYLE, Mode.HVH, ())
    cvc = ScoreKey(3, 3, 3, Rule.FREESTYLE, Mode.CVC, (Difficulty.HARD, Difficulty.MEDIUM))
    model.session.statistics = {
        hvc: Record(wins=3, losses=2, draws=2, abandoned=1, hinted=1),
        exact: Record(losses=4),
        hvh: Record(wins=1, losses=1),
        cvc: Record(draws=5),
    }
    model.handle(Command.HELP, 0.0)
    model.screen = Screen.STATS
    return model


FOUL_GAME = (
    "(;GM[4]SZ[15]RU[Renju]PB[张三]PW[Bob];B[fh];W[aa];B[gh];W[ca];B[hf];W[ea];B[hg];W[oo];B[hh])"
)


def saved_games() -> list[SavedGame]:
    """Four saved games, newest first: a renju foul, a won 3x3 game, one in progress, a
    broken file (times are local, so the dates read the same in every time zone)."""

    def at(hour: int) -> float:
        return dt.datetime(2026, 11, 23, hour, 5).timestamp()

    won = GameRecord(
        Rules.tictactoe(),
        [(1, 1), (0, 0), (2, 0), (0, 2), (0, 1), (1, 0), (2, 2), (1, 2), (2, 1)],
        Players("You", "Computer (Easy)"),
    )
    going = GameRecord(
        Rules.gomoku(19, rule=Rule.EXACT), [(9, 9), (10, 10), (9, 10)], Players("Ann", "")
    )
    return [
        SavedGame(Path("2026-11-23-160500-15x15-renju.sgf"), at(16), parse(FOUL_GAME)),
        SavedGame(Path("2026-11-23-150500-3x3-freestyle.sgf"), at(15), won),
        SavedGame(Path("2026-11-23-140500-19x19-exact.sgf"), at(14), going),
        SavedGame(Path("notes.sgf"), at(13), None, "line 1: not an SGF game tree"),
    ]


def open_list() -> Model:
    """The Open screen with `saved_games`, the second one highlighted."""
    model = Model(Settings(), threads=False)
    model.show_library(Library(saved_games(), highlight=1))
    return model


def replaying(position: int) -> Model:
    """The viewer on the renju foul game at `position`, the move list shown."""
    model = Model(Settings(), threads=False)
    model.view_record(parse(FOUL_GAME), "2026-11-23-160500-15x15-renju.sgf")
    viewer = model.viewer
    assert viewer is not None
    viewer.position = position
    return model


def with_move_list(model: Model) -> Model:
    """`v`: the move list shown as an overlay where it does not fit beside the board."""
    model.handle(Command.MOVES, 0.0)
    return model


def numbered(model: Model) -> Model:
    """`#`: move numbers on the stones."""
    model.handle(Command.NUMBERS, 0.0)
    return model


def editing(settings: Settings, pos: str, *keys: Command) -> Model:
    """The position editor on the menu's board with the stones of `pos` typed at `:`
    (rows counted as the setting says), then `keys`."""
    model = Model(settings, seed=1, threads=False)
    model.edit_position(None)
    model.handle(Command.GOTO, 0.0, ord(":"))
    for char in pos:
        model.handle(Command.OTHER, 0.0, ord(char))
    model.handle(Command.SELECT, 0.0, 10)
    for command in keys:
        model.handle(command, 0.0)
    return model


def board_cases() -> dict[str, str]:
    """Move numbers, coordinates on four sides, star points, discs and the position editor
    (issue 27), in the language set."""
    gomoku15 = Settings(game=Board.GOMOKU15, mode=Mode.HVH)
    small = Settings(game=Board.CUSTOM, rows=7, cols=7, k=4, mode=Mode.HVH)
    moves15 = ["h8", "i9", "h9", "h7", "g8", "j10", "g9", "k11", "f8", "i8", "j7", "g7"]
    numbers15 = numbered(in_game(gomoku15, moves15))
    numbers7 = numbered(in_game(small, ["d4", "e5", "c3", "e3", "e4"]))
    discs = in_game(Settings(game=Board.GOMOKU19, mode=Mode.HVH, stones=Stones.DISCS), ["j10"])
    refused = editing(gomoku15, "h8a1h9a2h10a3h11a4h12", Command.COMPUTER)
    small_editor = editing(small, "d4e5c3", Command.RIGHT)
    return {
        "numbers-gomoku15": screen(numbers15),
        "numbers-7x7-44x14": screen(numbers7, 44, 14),
        "discs-gomoku19": screen(discs),
        "editor-refused": screen(refused),
        "editor-7x7-44x14": screen(small_editor, 44, 14),
    }


def cases() -> dict[str, str]:
    menu = Model(Settings(), threads=False)
    watching = Model(Settings(mode=Mode.CVC, game=Board.CUSTOM), threads=False)
    watching.menu.highlight = Item.SPEED
    tictactoe = in_game(Settings(), ["b2", "a1", "c1"], Move(2, 0))
    won = in_game(Settings(), ["b2", "a1", "c1", "a3", "a2", "b1", "c3", "b3", "c2"])
    gomoku15 = in_game(
        Settings(game=Board.GOMOKU15, mode=Mode.HVH),
        ["h8", "i9", "h9", "h7", "g8", "j10"],
        Move(6, 8),
    )
    exact19 = in_game(
        Settings(game=Board.GOMOKU19, rule=Rule.EXACT, difficulty=Difficulty.HARD),
        ["j10", "k11", "k10"],
    )
    help_screen = Model(Settings(), threads=False)
    help_screen.handle(Command.HELP, 0.0)
    ascii_game = in_game(Settings(game=Board.CUSTOM, rows=6, cols=7, k=4), ["d3", "d4"])
    renju = in_game(
        Settings(game=Board.GOMOKU15, rule=Rule.RENJU, mode=Mode.HVH),
        ["h8", "g7", "i8", "g9", "j9", "f8", "j10", "k7"],
        Move(8, 8),
    )
    return {
        "menu": screen(menu),
        "menu-cvc-44x14": screen(watching, 44, 14),
        "tictactoe": screen(tictactoe),
        "tictactoe-44x14": screen(tictactoe, 44, 14),
        "tictactoe-won": screen(won),
        "gomoku15": screen(gomoku15),
        "gomoku19-exact": screen(exact19),
        "help": screen(help_screen),
        "statistics": screen(statistics()),
        "too-small": screen(exact19, 60, 20),
        "too-small-10x3": screen(exact19, 10, 3),
        "custom-ascii": screen(ascii_game, ascii=True),
        "renju-forbidden": screen(renju),
        "renju-forbidden-ascii-44x19": screen(renju, 44, 19, ascii=True),
        "open": screen(open_list()),
        "open-44x14": screen(open_list(), 44, 14),
        "replay-foul": screen(replaying(9)),
        "replay-44x19-moves": screen(with_move_list(replaying(6)), 44, 19),
        "gomoku15-44x19-moves": screen(with_move_list(gomoku15), 44, 19),
        **board_cases(),
        "clocks-gomoku15": screen(
            clocked(
                in_game(
                    Settings(game=Board.GOMOKU15, mode=Mode.HVH, clock=parse_control("5m/game")),
                    ["h8", "i9", "h9", "h7", "g8"],
                )
            )
        ),
        "clocks-tictactoe-44x14": screen(
            clocked(in_game(Settings(clock=parse_control("2m+5s")), ["b2", "a1", "c1"])), 44, 14
        ),
    }


def chinese_cases() -> dict[str, str]:
    """The same kinds of screens in Chinese (the snapshots a Chinese player sees)."""
    i18n.set_language("zh")
    try:
        menu = Model(Settings(game=Board.GOMOKU15, rule=Rule.RENJU), threads=False)
        watching = Model(Settings(mode=Mode.CVC, game=Board.CUSTOM), threads=False)
        watching.menu.highlight = Item.SPEED
        gomoku15 = in_game(
            Settings(game=Board.GOMOKU15, rule=Rule.RENJU, difficulty=Difficulty.HARD),
            ["h8", "i9", "h9", "h7", "g8", "j10"],
            Move(6, 8),
        )
        won = in_game(Settings(), ["b2", "a1", "c1", "a3", "a2", "b1", "c3", "b3", "c2"])
        help_screen = Model(Settings(), threads=False)
        help_screen.handle(Command.HELP, 0.0)
        clocks = clocked(
            in_game(
                Settings(
                    game=Board.GOMOKU15, difficulty=Difficulty.HARD, clock=parse_control("10m/game")
                ),
                ["h8", "i9", "h9", "h7", "g8", "j10"],
            )
        )
        small = clocked(in_game(Settings(clock=parse_control("30s/move")), ["b2", "a1"]))
        return {
            **{f"zh-{name}": text for name, text in board_cases().items()},
            "zh-clocks-gomoku15": screen(clocks),
            "zh-clocks-tictactoe-44x14": screen(small, 44, 14),
            "zh-menu": screen(menu),
            "zh-menu-cvc-44x14": screen(watching, 44, 14),
            "zh-gomoku15-renju": screen(gomoku15),
            "zh-gomoku15-44x19": screen(gomoku15, 44, 19),
            "zh-tictactoe-won": screen(won),
            "zh-help": screen(help_screen),
            "zh-help-44x14": screen(help_screen, 44, 14),
            "zh-statistics": screen(statistics()),
            "zh-too-small": screen(gomoku15, 60, 14),
            "zh-too-small-10x3": screen(gomoku15, 10, 3),
            "zh-open": screen(open_list()),
            "zh-open-44x14": screen(open_list(), 44, 14),
            "zh-replay-foul": screen(replaying(9)),
            "zh-replay-44x19-moves": screen(with_move_list(replaying(6)), 44, 19),
            "zh-gomoku15-44x19-moves": screen(
                with_move_list(
                    in_game(
                        Settings(game=Board.GOMOKU15, rule=Rule.RENJU, difficulty=Difficulty.HARD),
                        ["h8", "i9", "h9", "h7", "g8", "j10"],
                    )
                ),
                44,
                19,
            ),
        }
    finally:
        i18n.set_language("en")


@functools.cache
def all_cases() -> dict[str, str]:
    """Every case drawn once per test process (each case draws every screen)."""
    return {**cases(), **chinese_cases()}


@pytest.mark.parametrize("name", list(all_cases()))
def test_snapshot(name: str) -> None:
    text = all_cases()[name]
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get(UPDATE) == "1":
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: write it with {UPDATE}=1, then read it"
    assert text == path.read_text(encoding="utf-8")


def test_every_line_fits_80_columns() -> None:
    for name, text in all_cases().items():
        assert all(text_width(line) <= 80 for line in text.splitlines()), name


def box_columns(text: str) -> set[int]:
    """The display columns of the menu box's side lines, on every row between its corners."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if "┌" in line)
    bottom = next(i for i, line in enumerate(lines) if "└" in line)
    columns = set()
    for line in lines[top + 1 : bottom]:
        for index, char in enumerate(line):
            if char == "│":
                columns.add(text_width(line[:index]))
    return columns


def test_chinese_menus_keep_their_box_straight() -> None:
    chinese = english = all_cases()
    assert box_columns(chinese["zh-menu"]) == box_columns(english["menu"])
    assert box_columns(chinese["zh-menu-cvc-44x14"]) == box_columns(english["menu-cvc-44x14"])
    assert "连珠" in chinese["zh-menu"] and "语言" in chinese["zh-menu"]
    assert "轮到你了（黑）" in chinese["zh-gomoku15-renju"]
