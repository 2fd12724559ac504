"""Wrong types to the engine's public API: a clear TypeError naming the argument."""

from __future__ import annotations

from typing import Any

import pytest

from tictac_tui.engine import GameState, Move, Rules, format_move, parse_move, square_label

TTT = Rules.tictactoe()


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (
            (1.0, 1.0),
            r"move must be a \(row, col\) pair of whole numbers, got \(1.0, 1.0\): "
            r"row is a float \(1.0\)",
        ),
        (Move(1, 1.5), r"got \(1, 1.5\): col is a float \(1.5\)"),  # type: ignore[arg-type]
        ((True, False), r"got \(True, False\): row is a bool \(True\), not a number"),
        ((1, True), r"col is a bool \(True\), not a number"),
        ("b2", r"got the text 'b2': use parse_move\('b2'\) to read a square's name"),
        (None, r"move must be a \(row, col\) pair of whole numbers, got None"),
        ((1,), r"got \(1,\)"),
        ((1, 2, 3), r"got \(1, 2, 3\)"),
        (7, r"got 7"),
        (("a", 1), r"row is a str \('a'\)"),
        ({1, 2}, r"got \{1, 2\}"),
    ],
)
def test_play_refuses_what_is_not_a_square(move: Any, message: str) -> None:
    state = GameState.new(TTT)
    for method in (state.play, state.is_legal, state.cell):
        with pytest.raises(TypeError, match=message):
            method(move)


def test_integer_like_coordinates_and_lists_are_squares() -> None:
    class Index:
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    state = GameState.new(TTT)
    assert state.play([1, 1]).last_move == Move(1, 1)  # type: ignore[arg-type]
    played = state.play((Index(0), Index(2)))  # type: ignore[arg-type]
    assert played.last_move == Move(0, 2) and type(played.last_move.row) is int
    assert state.is_legal([2, 2])  # type: ignore[arg-type]


def test_new_needs_rules() -> None:
    with pytest.raises(TypeError, match="rules must be a Rules, got None"):
        GameState.new(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rules must be a Rules, got \(3, 3, 3\)"):
        GameState.new((3, 3, 3))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules must be a Rules"):
        GameState.from_moves("3x3", [])  # type: ignore[arg-type]


def test_from_moves_needs_an_iterable_of_squares() -> None:
    with pytest.raises(TypeError, match="moves must be a list of squares, got the text 'b2'"):
        GameState.from_moves(TTT, "b2")
    with pytest.raises(TypeError, match="moves must be an iterable of squares, got 5"):
        GameState.from_moves(TTT, 5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="row is a float"):
        GameState.from_moves(TTT, [(0.0, 1)])  # type: ignore[list-item]
    mixed: list[tuple[int, int] | str] = ["a1", (1, 1)]
    assert GameState.from_moves(TTT, iter(mixed)).move_count == 2


def test_from_diagram_needs_text() -> None:
    with pytest.raises(TypeError, match="diagram must be a str, got None"):
        GameState.from_diagram(None)  # type: ignore[arg-type]


def test_notation_refuses_wrong_types() -> None:
    with pytest.raises(TypeError, match="text must be a str like 'b2', got 12"):
        parse_move(12)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="row is a float"):
        format_move((1.0, 1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="col is a bool"):
        square_label((1, False))


def test_a_refused_move_changes_nothing() -> None:
    state = GameState.from_moves(TTT, ["b2"])
    before = (state.bitboards, state.history, state.to_move)
    for bad in ((1.0, 1.0), "b2", (True, False), None):
        with pytest.raises(TypeError):
            state.play(bad)  # type: ignore[arg-type]
    assert (state.bitboards, state.history, state.to_move) == before
