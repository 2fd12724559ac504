"""Square names both ways, in every place they are shown or read (a table of squares, each
checked everywhere): `squares` itself, the board's labels, the `g` prompt, the move list,
the plain mode, pos strings, the position editor and messages. Row 1 is at the bottom by
default (renju books, BSD gomoku, Yixin-Board) and at the top with `--rows-from top`;
3x3 keeps its digits."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from tictac_tui import squares
from tictac_tui.choices import Board, Mode, Settings
from tictac_tui.engine import GameState, Move, Player, RowOrigin, Rule, Rules
from tictac_tui.plain.board import board_lines, square_text
from tictac_tui.plain.lines import read_line
from tictac_tui.play.match import Match, check_move
from tictac_tui.play.setup import Setup
from tictac_tui.tui import layout, movelist, pieces
from tictac_tui.tui.canvas import TextCanvas
from tictac_tui.tui.keys import Command, command_for
from tictac_tui.tui.model import Model
from tictac_tui.tui.screens import Screen

BOTTOM, TOP = RowOrigin.BOTTOM, RowOrigin.TOP
GOMOKU15, GOMOKU19, TICTACTOE = Rules.gomoku(15), Rules.gomoku(19), Rules.tictactoe()
CUSTOM = Rules(6, 7, 4)

TABLE = [
    (GOMOKU15, BOTTOM, Move(7, 7), "H8"),
    (GOMOKU15, BOTTOM, Move(0, 0), "A15"),
    (GOMOKU15, BOTTOM, Move(14, 0), "A1"),
    (GOMOKU15, BOTTOM, Move(14, 14), "O1"),
    (GOMOKU15, BOTTOM, Move(3, 10), "K12"),
    (GOMOKU15, TOP, Move(7, 7), "H8"),
    (GOMOKU15, TOP, Move(0, 0), "A1"),
    (GOMOKU15, TOP, Move(14, 0), "A15"),
    (GOMOKU15, TOP, Move(3, 10), "K4"),
    (GOMOKU19, BOTTOM, Move(9, 9), "J10"),
    (GOMOKU19, BOTTOM, Move(0, 18), "S19"),
    (GOMOKU19, TOP, Move(0, 18), "S1"),
    (CUSTOM, BOTTOM, Move(0, 6), "G6"),
    (CUSTOM, BOTTOM, Move(5, 0), "A1"),
    (CUSTOM, TOP, Move(5, 0), "A6"),
    (TICTACTOE, BOTTOM, Move(0, 0), "1"),
    (TICTACTOE, TOP, Move(0, 0), "1"),
    (TICTACTOE, BOTTOM, Move(2, 2), "9"),
    (TICTACTOE, BOTTOM, Move(1, 0), "4"),
]
"""(board, where row 1 is, square, its name)."""

CASES = pytest.mark.parametrize(("rules", "origin", "move", "name"), TABLE)


@pytest.fixture(autouse=True)
def bottom_after() -> Iterator[None]:
    """Each test sets the origin it needs; the default comes back after it."""
    yield
    squares.set_rows_from(squares.DEFAULT_ORIGIN)


def settings_for(rules: Rules) -> Settings:
    if rules == TICTACTOE:
        return Settings(mode=Mode.HVH)
    if rules == GOMOKU15:
        return Settings(game=Board.GOMOKU15, mode=Mode.HVH)
    if rules == GOMOKU19:
        return Settings(game=Board.GOMOKU19, mode=Mode.HVH)
    return Settings(game=Board.CUSTOM, rows=rules.rows, cols=rules.cols, k=rules.k, mode=Mode.HVH)


def test_row_1_is_at_the_bottom_by_default() -> None:
    assert Settings().rows_from is BOTTOM and squares.rows_from() is BOTTOM


@CASES
def test_squares_both_ways(rules: Rules, origin: RowOrigin, move: Move, name: str) -> None:
    squares.set_rows_from(origin)
    assert squares.square_name(rules, move) == name
    assert squares.read_square(name, rules) == move
    assert squares.read_square(f" {name.lower()} ", rules) == move


@CASES
def test_the_board_labels(rules: Rules, origin: RowOrigin, move: Move, name: str) -> None:
    squares.set_rows_from(origin)
    lay = layout.game_layout(80, 24, rules)
    assert lay is not None
    canvas = TextCanvas(80, 24)
    pieces.draw_board(canvas, lay, GameState.new(rules), {})
    y, x = lay.center(move)
    if rules == TICTACTOE:
        assert canvas.rows[y][x] == name  # the empty square shows its digit
        return
    column, number = name[0], name[1:]
    assert canvas.rows[lay.top - 1][x] == column
    left = "".join(canvas.rows[y][lay.left - layout.LABEL_WIDTH : lay.left]).strip()
    assert left == number
    if lay.far_labels:
        right = "".join(canvas.rows[y][lay.left + lay.board_width + 1 :]).split()[0]
        assert right == number
        assert canvas.rows[lay.top + lay.board_height][x] == column


@CASES
def test_the_g_prompt(rules: Rules, origin: RowOrigin, move: Move, name: str) -> None:
    model = Model(replace(settings_for(rules), rows_from=origin), threads=False)
    assert squares.rows_from() is origin  # the model follows its settings
    model.handle(Command.SELECT, 0.0, 10)
    assert model.screen is Screen.GAME and model.match is not None
    for char in f"g{name.lower()}\n":
        model.handle(command_for(ord(char)), 0.0, ord(char))
    assert model.match.state.cell(move) is Player.X


@CASES
def test_the_move_list(rules: Rules, origin: RowOrigin, move: Move, name: str) -> None:
    squares.set_rows_from(origin)
    assert movelist.entries(rules, (move,)) == [f"1. X {name}"]


@CASES
def test_the_plain_mode(rules: Rules, origin: RowOrigin, move: Move, name: str) -> None:
    squares.set_rows_from(origin)
    assert read_line(name.lower(), rules) == move
    assert square_text(rules, move) == name
    if rules != TICTACTOE:
        row = board_lines(GameState.new(rules))[1 + move.row]
        assert row.split()[0] == name[1:]


@CASES
def test_pos_strings_and_the_editor(rules: Rules, origin: RowOrigin, move: Move, name: str) -> None:
    if rules == TICTACTOE:
        pytest.skip("3x3 has no pos strings and no editor")
    squares.set_rows_from(origin)
    assert squares.pos_string(rules, [move]) == name.lower()
    assert squares.read_pos(name.lower(), rules) == [move]
    assert Setup.of_pos(name.lower(), rules).stones == {move: Player.X}
    model = Model(replace(settings_for(rules), rows_from=origin), threads=False)
    model.edit_position(None)
    model.editor.cursor = move
    assert name in (model.editor.turn_words() or "")


@pytest.mark.parametrize(("origin", "name"), [(BOTTOM, "H9"), (TOP, "H7")])
def test_messages_name_squares_as_the_board_does(origin: RowOrigin, name: str) -> None:
    squares.set_rows_from(origin)
    settings = Settings(game=Board.GOMOKU15, rule=Rule.RENJU, mode=Mode.HVH)
    match = Match.start(settings, human_first=True, now=0.0, seed=1)
    # black's double three at h7 (engine row 6), as the engine counts from the top
    match.state = GameState.from_diagram("\n".join(_renju_rows()), rule=Rule.RENJU)
    foul = Move(6, 7)  # h7 counted from the top, h9 from the bottom
    assert match.state.forbidden_reason(foul) is not None
    message = check_move(match, foul)
    assert message is not None and message.startswith(f"{name} is forbidden")


def _renju_rows() -> list[str]:
    """15 rows whose black stones make engine square (6, 7) a double three."""
    rows = ["." * 15 for _ in range(15)]
    board = [list(row) for row in rows]
    for r, c in ((6, 5), (6, 6), (4, 7), (5, 7)):
        board[r][c] = "X"
    for r, c in ((0, 0), (0, 2), (0, 4), (0, 14)):
        board[r][c] = "O"
    return ["".join(row) for row in board]


def test_a_bad_name_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="row 16 is off"):
        squares.read_square("h16", GOMOKU15)
    with pytest.raises(ValueError, match="column p is off"):
        squares.read_square("p1", GOMOKU15)
    with pytest.raises(ValueError, match="type a digit"):
        squares.read_square("a1", TICTACTOE)
