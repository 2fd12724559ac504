"""The board's drawing pieces: star points, stone glyphs (letters, discs, ASCII), move
numbers in every board style, and clicks on a board drawn wider for numbers."""

from __future__ import annotations

import pytest

from tictac_tui.choices import Board, Mode, Settings, Stones
from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.tui import layout, pieces
from tictac_tui.tui.canvas import TextCanvas
from tictac_tui.tui.keys import Command
from tictac_tui.tui.model import Model


def drawn(
    rules: Rules,
    moves: list[Move],
    look: pieces.BoardLook,
    *,
    ascii: bool = False,
    width: int = 80,
    height: int = 24,
) -> tuple[TextCanvas, layout.Layout]:
    lay = layout.game_layout(width, height, rules, bool(look.numbers))
    assert lay is not None
    canvas = TextCanvas(width, height, ascii=ascii)
    pieces.draw_board(canvas, lay, GameState.from_moves(rules, moves), {}, look)
    return canvas, lay


def at(canvas: TextCanvas, lay: layout.Layout, move: Move, dx: int = 0) -> str:
    y, x = lay.center(move)
    return canvas.rows[y][x + dx]


@pytest.mark.parametrize(("side", "count"), [(15, 9), (19, 9), (13, 0), (9, 0)])
def test_star_points_on_15x15_and_19x19_only(side: int, count: int) -> None:
    rules = Rules(side, side, 5)
    assert len(pieces.star_points(rules)) == count
    canvas, lay = drawn(rules, [], pieces.LETTERS)
    stars = sum(row.count("╋") for row in canvas.rows)
    assert stars == count
    if count:
        assert at(canvas, lay, Move(side // 2, side // 2)) == "╋"  # the centre is one
        ascii_canvas, ascii_lay = drawn(rules, [], pieces.LETTERS, ascii=True)
        assert at(ascii_canvas, ascii_lay, Move(3, 3)) == "+"


def test_discs_are_drawn_unless_ascii() -> None:
    rules = Rules.gomoku(15)
    discs = pieces.BoardLook(Stones.DISCS)
    canvas, lay = drawn(rules, [Move(7, 7), Move(7, 8)], discs)
    assert (at(canvas, lay, Move(7, 7)), at(canvas, lay, Move(7, 8))) == ("●", "○")
    canvas, lay = drawn(rules, [Move(7, 7), Move(7, 8)], discs, ascii=True)
    assert (at(canvas, lay, Move(7, 7)), at(canvas, lay, Move(7, 8))) == ("X", "O")
    assert discs.stone(Player.X, ascii=False) == "●"


@pytest.mark.parametrize(
    ("rules", "width", "height", "style"),
    [
        (Rules.gomoku(15), 80, 24, layout.WIDE),
        (Rules.gomoku(15), 44, 19, layout.COMPACT),
        (Rules(5, 5, 4), 80, 24, layout.MEDIUM),
    ],
)
def test_move_numbers_in_each_style(
    rules: Rules, width: int, height: int, style: layout.Style
) -> None:
    moves = [Move(r, c) for r in range(2) for c in range(rules.cols)][:12]  # no line
    look = pieces.BoardLook(numbers=pieces.move_numbers(tuple(moves)))
    canvas, lay = drawn(rules, moves, look, width=width, height=height)
    assert lay.style is style
    assert at(canvas, lay, moves[0]) == "1"
    if len(moves) >= 10:
        tenth = moves[9]
        if style is layout.MEDIUM:
            assert at(canvas, lay, tenth) + at(canvas, lay, tenth, 1) == "10"
        else:
            assert at(canvas, lay, tenth, -1) + at(canvas, lay, tenth) == "10"


def test_numbers_on_3x3_leave_the_big_stone() -> None:
    look = pieces.BoardLook(numbers={Move(1, 1): 1})
    canvas, lay = drawn(Rules.tictactoe(), [Move(1, 1)], look)
    assert lay.style is layout.BIG and at(canvas, lay, Move(1, 1)) == "X"
    y0, x0 = lay.cell_origin(Move(1, 1))
    assert canvas.rows[y0][x0] == "1"


def test_numbers_on_a_small_3x3_hide_the_empty_squares_digits() -> None:
    moves = [Move(1, 1), Move(0, 0)]
    look = pieces.BoardLook(numbers=pieces.move_numbers(tuple(moves)))
    canvas, lay = drawn(Rules.tictactoe(), moves, look, width=44, height=14)
    assert lay.style is not layout.BIG
    assert (at(canvas, lay, Move(1, 1)), at(canvas, lay, Move(0, 0))) == ("1", "2")
    assert at(canvas, lay, Move(0, 2)) == " "  # not "3": it would read as the 3rd move
    canvas, lay = drawn(Rules.tictactoe(), moves, pieces.LETTERS, width=44, height=14)
    assert at(canvas, lay, Move(0, 2)) == "3"  # the key, while the stones are letters
    canvas, lay = drawn(Rules.tictactoe(), moves, look)
    assert lay.style is layout.BIG and at(canvas, lay, Move(0, 2)) == "3"  # big stones


def test_a_click_lands_on_the_square_drawn_with_numbers_on() -> None:
    model = Model(Settings(game=Board.GOMOKU15, mode=Mode.HVH), threads=False)
    model.handle(Command.SELECT, 0.0, 10)
    model.handle(Command.NUMBERS, 0.0, ord("#"))
    view = model.view()
    assert view.numbers
    lay = layout.game_layout(80, 24, Rules.gomoku(15), True)
    assert lay is not None and lay.style is layout.WIDE
    y, x = lay.center(Move(3, 11))
    assert layout.click_target(view, 80, 24, y, x) == Move(3, 11)
    model.edit_position(None)  # the editor draws no numbers: its clicks ignore them
    assert not model.view().numbers
