"""Text snapshots of the key screens at 80x24, drawn on a plain-text canvas.

These run everywhere (no terminal needed). A missing golden file fails. After
an intended change of the look, regenerate with
``TICTAC_UPDATE_SNAPSHOTS=1 python -m pytest tests/tui/test_snapshots.py`` and
read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tictac_tui.engine import Move, parse_move
from tictac_tui.storage import Record, Settings
from tictac_tui.tui import render
from tictac_tui.tui.canvas import TextCanvas
from tictac_tui.tui.model import Model

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = "TICTAC_UPDATE_SNAPSHOTS"
"""Set to 1 to write the golden files from what is drawn now (after an intended change)."""


def screen(model: Model, width: int = 80, height: int = 24, *, ascii: bool = False) -> str:
    canvas = TextCanvas(width, height, ascii=ascii)
    render.draw(canvas, model, 0.0)
    return canvas.text() + "\n"


def in_game(settings: Settings, moves: list[str], cursor: Move | None = None) -> Model:
    model = Model(settings, seed=1)
    model.handle("select", 0.0)
    assert model.game is not None
    for move in moves:
        model._advance(model.game.state.play(_parse(model, move)), 0.0)
    if cursor is not None:
        model.game.cursor = cursor
    return model


def _parse(model: Model, text: str) -> Move:
    assert model.game is not None
    return parse_move(text, model.game.rules)


def cases() -> dict[str, str]:
    menu = Model(Settings())
    tictactoe = in_game(Settings(), ["b2", "a1", "c1"], Move(2, 0))
    won = in_game(Settings(), ["b2", "a1", "c1", "a3", "a2", "b1", "c3", "b3", "c2"])
    gomoku15 = in_game(
        Settings(game="gomoku15", mode="hvh"), ["h8", "i9", "h9", "h7", "g8", "j10"], Move(6, 8)
    )
    gomoku19 = in_game(Settings(game="gomoku19", difficulty="medium"), ["j10", "k11", "k10"])
    help_screen = Model(Settings())
    help_screen.handle("help", 0.0)
    stats = Model(Settings(), stats={"Tic-tac-toe 3x3": {"easy": Record(3, 1, 2)}})
    stats.screen = "stats"
    ascii_game = in_game(Settings(game="custom", rows=6, cols=7, k=4), ["d3", "d4"])
    return {
        "menu": screen(menu),
        "tictactoe": screen(tictactoe),
        "tictactoe-won": screen(won),
        "gomoku15": screen(gomoku15),
        "gomoku19": screen(gomoku19),
        "help": screen(help_screen),
        "statistics": screen(stats),
        "too-small": screen(gomoku19, 60, 20),
        "custom-ascii": screen(ascii_game, ascii=True),
    }


@pytest.mark.parametrize("name", list(cases()))
def test_snapshot(name: str) -> None:
    text = cases()[name]
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get(UPDATE) == "1":
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: write it with {UPDATE}=1, then read it"
    assert text == path.read_text(encoding="utf-8")


def test_every_line_fits_80_columns() -> None:
    for name, text in cases().items():
        assert all(len(line) <= 80 for line in text.splitlines()), name
