"""Rules: presets, validation messages, descriptions."""

from __future__ import annotations

import dataclasses

import pytest

from tictac_tui.engine import Rules


def test_presets() -> None:
    assert Rules.tictactoe() == Rules(3, 3, 3)
    assert Rules.gomoku() == Rules(15, 15, 5)
    assert Rules.gomoku(19, exact=True) == Rules(19, 19, 5, exact=True)
    assert Rules(3, 4, 3).squares == 12


def test_rules_are_frozen_and_hashable() -> None:
    rules = Rules(3, 3, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.k = 4  # type: ignore[misc]
    assert len({Rules(3, 3, 3), Rules(3, 3, 3), Rules(3, 3, 3, exact=True)}) == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((3, 3, 0), "k must be at least 1, got 0"),
        ((3, 3, -2), "k must be at least 1, got -2"),
        ((3, 3, 4), "k=4 can't fit on a 3x3 board: k must be at most 3"),
        ((0, 3, 3), "rows must be between 1 and 26, got 0"),
        ((27, 3, 3), "rows must be between 1 and 26, got 27"),
        ((3, 30, 3), "cols must be between 1 and 26, got 30"),
        ((3, -1, 3), "cols must be between 1 and 26, got -1"),
        ((3.0, 3, 3), "rows must be a whole number, got 3.0"),
        ((3, 3, True), "k must be a whole number, got True"),
    ],
)
def test_invalid_rules_say_what_is_wrong(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(ValueError) as error:
        Rules(*args)  # type: ignore[arg-type]
    assert str(error.value) == message


def test_k_may_use_the_longer_side() -> None:
    assert Rules(1, 16, 16).k == 16
    assert Rules(5, 2, 5).k == 5


def test_describe() -> None:
    assert Rules.tictactoe().describe() == "Tic-tac-toe 3x3"
    assert Rules.gomoku(19).describe() == "Gomoku 19x19"
    assert Rules.gomoku(15, exact=True).describe() == "Gomoku 15x15 (exact five)"
    assert Rules(4, 5, 4).describe() == "4x5, 4 in a row"
