"""A set-up position: what can arise is kept, what cannot is refused with the reason."""

from __future__ import annotations

import pytest

from tictac_tui.engine import Move, Player, Rule, Rules
from tictac_tui.play.setup import Setup, refusal, start

GOMOKU = Rules.gomoku(15)
RENJU = Rules.gomoku(15, rule=Rule.RENJU)


def pos(text: str, rules: Rules = GOMOKU) -> Setup:
    return Setup.of_pos(text, rules)


def test_a_pos_string_alternates_from_black_and_gives_the_side_to_move() -> None:
    setup = pos("h8i9g7")
    assert setup.count(Player.X) == 2 and setup.count(Player.O) == 1
    assert setup.to_move is Player.O
    assert setup.stones[Move(7, 7)] is Player.X  # h8, the centre either way


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        (pos("h8a1h9a2h10a3h11a4h12"), "already has a line that wins"),
        (pos("a1h8a2h9a3h10a4h11b9h12"), "already has a line that wins"),
        (Setup(GOMOKU, {Move(7, 7): Player.X, Move(0, 0): Player.O}, Player.O), "one stone more"),
        (Setup(GOMOKU, {Move(7, 7): Player.X}, Player.X), "as many stones"),
        (Setup(GOMOKU, {Move(7, 7): Player.O}, Player.O), "one stone more than white"),
        (pos("h8a1i9a3j10a5g7o1f6o3", RENJU), "already has a line that wins"),
    ],
)
def test_positions_that_cannot_arise_are_refused_with_the_reason(setup: Setup, reason: str) -> None:
    why = refusal(setup)
    assert why is not None and reason in why


def test_a_forbidden_black_stone_under_renju_is_refused() -> None:
    # black f8 g8 (row 8) and h6 h7 (column h) with h8: a double three at h8
    setup = pos("f8a1g8a3h6a5h7a7h8", RENJU)
    why = refusal(setup)
    assert why is not None and "forbidden" in why and "double three" in why
    assert refusal(pos("f8a1g8a3h6a5h7a7h8", GOMOKU)) is None  # freestyle allows it


def test_an_overline_is_refused_under_renju_and_a_win_elsewhere() -> None:
    line = "h2a1h3a3h4a5h5a7h7a9h8a11"  # h6 empty: then h6 for black is an overline...
    assert refusal(pos(line + "h6", RENJU)) is not None
    assert refusal(pos(line + "h6", GOMOKU)) is not None


def test_a_good_position_starts_a_game_at_it() -> None:
    setup = pos("h8i9g7")
    assert refusal(setup) is None
    state = start(setup)
    assert state.move_count == 3 and state.to_move is Player.O
    assert all(state.cell(move) is player for move, player in setup.stones.items())


def test_the_empty_board_is_a_position() -> None:
    setup = Setup(GOMOKU)
    assert refusal(setup) is None and start(setup).move_count == 0


def test_a_repeated_or_missing_square_in_a_pos_string_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        pos("h8i9h8")
    with pytest.raises(ValueError, match="off"):
        pos("h8z9")
    with pytest.raises(ValueError):
        pos("h8?")


def test_cycling_a_square_steps_empty_black_white() -> None:
    setup = Setup(GOMOKU)
    once = setup.cycled(Move(1, 1))
    twice = once.cycled(Move(1, 1))
    assert once.cell(Move(1, 1)) is Player.X and twice.cell(Move(1, 1)) is Player.O
    assert twice.cycled(Move(1, 1)).cell(Move(1, 1)) is None
