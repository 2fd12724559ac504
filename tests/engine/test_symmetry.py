"""The symmetries of a position (engine/symmetry.py): the group, and symmetrical squares."""

from __future__ import annotations

import pytest

from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.engine.symmetry import (
    Symmetry,
    board_symmetries,
    distinct,
    orbit,
    position_symmetries,
    symmetrical,
)

GOMOKU = Rules.gomoku(15)
H8 = Move(7, 7)


def test_each_symmetry_is_a_permutation_of_the_square_board() -> None:
    squares = {Move(r, c) for r in range(15) for c in range(15)}
    for s in Symmetry:
        assert {s.apply(GOMOKU, m) for m in squares} == squares
    assert Symmetry.ROTATE_90.apply(GOMOKU, Move(0, 0)) == Move(0, 14)
    assert Symmetry.ROTATE_270.apply(GOMOKU, Move(0, 14)) == Move(0, 0)
    assert Symmetry.DIAGONAL.apply(GOMOKU, Move(1, 3)) == Move(3, 1)
    assert Symmetry.ANTI_DIAGONAL.apply(GOMOKU, Move(0, 1)) == Move(13, 14)


def test_group_closure_of_the_eight() -> None:
    # composing any two symmetries gives one of the eight
    squares = [Move(r, c) for r in range(15) for c in range(15)]
    table = {s: tuple(s.apply(GOMOKU, m) for m in squares) for s in Symmetry}
    for a in Symmetry:
        for b in Symmetry:
            composed = tuple(b.apply(GOMOKU, a.apply(GOMOKU, m)) for m in squares)
            assert composed in table.values()
    assert len(set(table.values())) == 8


def test_non_square_board_has_four_symmetries() -> None:
    rules = Rules(6, 8, 4)
    assert set(board_symmetries(rules)) == {
        Symmetry.IDENTITY,
        Symmetry.ROTATE_180,
        Symmetry.MIRROR_ROWS,
        Symmetry.MIRROR_COLS,
    }
    assert len(board_symmetries(GOMOKU)) == 8
    with pytest.raises(ValueError, match="does not map a 6x8 board"):
        Symmetry.ROTATE_90.apply(rules, Move(0, 0))
    empty = GameState.new(rules)
    assert symmetrical(empty, Move(0, 0), Move(5, 7))
    assert not symmetrical(empty, Move(0, 0), Move(0, 5))  # would need a quarter turn


def test_empty_board_and_centre_stone_keep_all_eight() -> None:
    assert len(position_symmetries(GameState.new(GOMOKU))) == 8
    assert len(position_symmetries(GameState.from_moves(GOMOKU, [H8]))) == 8
    # off centre: only the reflection through the stone's diagonal is left
    off = GameState.from_moves(GOMOKU, [Move(3, 3)])
    assert set(position_symmetries(off)) == {Symmetry.IDENTITY, Symmetry.DIAGONAL}


def test_direct_opening_has_one_mirror() -> None:
    # black h8, white h9 (straight up): only the left-right mirror remains
    state = GameState.from_moves(GOMOKU, [H8, Move(6, 7)])
    assert set(position_symmetries(state)) == {Symmetry.IDENTITY, Symmetry.MIRROR_COLS}
    assert symmetrical(state, Move(6, 6), Move(6, 8))  # g9 and j9
    assert not symmetrical(state, Move(6, 6), Move(8, 6))  # g9 and g7
    assert orbit(state, Move(5, 5)) == {Move(5, 5), Move(5, 9)}
    assert orbit(state, Move(5, 7)) == {Move(5, 7)}  # on the mirror line


def test_diagonal_opening_mirrors_on_its_diagonal() -> None:
    state = GameState.from_moves(GOMOKU, [H8, Move(6, 8)])  # white i9, diagonal
    assert set(position_symmetries(state)) == {Symmetry.IDENTITY, Symmetry.ANTI_DIAGONAL}
    assert symmetrical(state, Move(6, 7), Move(7, 8))  # h9 and i8
    assert not symmetrical(state, Move(6, 7), Move(8, 7))


def test_colours_matter() -> None:
    # black h8 and i8's mirror image would be white: no mirror across the column between them
    state = GameState.from_moves(GOMOKU, [Move(7, 6), Move(7, 8)])
    assert Symmetry.MIRROR_COLS not in position_symmetries(state)
    assert Symmetry.MIRROR_ROWS in position_symmetries(state)


def test_distinct_drops_symmetrical_squares_in_order() -> None:
    state = GameState.from_moves(GOMOKU, [H8, Move(6, 7)])
    moves = [Move(6, 6), Move(6, 8), Move(8, 6), Move(8, 8), Move(5, 7)]
    assert distinct(state, moves) == [Move(6, 6), Move(8, 6), Move(5, 7)]
    centre_only = GameState.from_moves(GOMOKU, [H8])
    ring = [Move(6, 6), Move(6, 8), Move(8, 8), Move(8, 6), Move(6, 7), Move(7, 8)]
    assert distinct(centre_only, ring) == [Move(6, 6), Move(6, 7)]
