"""Caro: five or more wins, except exactly five with the opponent's stones on both
squares just beyond it. The reading is Piskvork's (plastovicka/Piskvork,
source/game.cpp, doMove1: a run of exactly 5 whose two neighbours are both
opponent stones is no win; `ruleFive` 8 alone, Gomocup's `INFO rule 8`, lets 5
or more win): the board's edge does not block, and an overline wins even when
both its ends are blocked."""

from __future__ import annotations

import pytest

from tictac_tui.engine import GameState, Move, Player, Rules, geometry

CARO = Rules.gomoku(15, rule="caro")

# AlphaGomoku's caro tests (MaciejKozarzewski/AlphaGomoku, test/game/test_caro.cpp,
# TestCaro6: caro with overlines allowed, which is Piskvork's rule 8). "!" marks
# the squares tried for X; columns a..o, rows 0..14 from the top.
WIN_IN_ONE = """
!..X..!........
X..X...X.......
X..X....X......
X..!.....X.....
X..X..X...X....
!......X...!...
........!......
.........X.!...
..........X....
.XXX!X...X.....
........X.....!
!XXXX!.X.....X.
......!.....X..
...........X...
..........X....
"""
OVERLINE = """
!..............
X..............
X..............
X..............
X..............
!..............
X..............
"""
BLOCKED = """
O..............
X..............
X.........O....
X........X.....
!.......X......
X......!.......
O.....X.......X
.....X........X
....X.........!
...O..........X
..............X
..............X
..............O
"""


def tried(diagram: str) -> tuple[int, int, dict[str, int]]:
    """X and O bitboards of a 15-wide diagram and its "!" squares by name ("a0")."""
    x = o = 0
    marks = {}
    for r, row in enumerate(diagram.strip().splitlines()):
        for c, char in enumerate(row):
            index = r * 15 + c
            if char == "X":
                x |= 1 << index
            elif char == "O":
                o |= 1 << index
            elif char == "!":
                marks[f"{'abcdefghijklmno'[c]}{r}"] = index
    return x, o, marks


def x_wins_at(diagram: str, name: str) -> bool:
    x, o, marks = tried(diagram)
    index = marks[name]
    return geometry(CARO).wins(Player.X)(x | 1 << index, o, index)


@pytest.mark.parametrize(
    "name", ["a0", "a5", "d3", "a11", "f11", "e9", "g0", "l5", "i6", "l7", "g12", "o10"]
)
def test_fives_touching_the_edge_win(name: str) -> None:
    assert x_wins_at(WIN_IN_ONE, name)


def test_an_overline_wins() -> None:
    assert x_wins_at(OVERLINE, "a0")  # a0..a4: five
    assert x_wins_at(OVERLINE, "a5")  # a1..a6: six


def test_blocked_fives_and_blocked_overlines() -> None:
    assert not x_wins_at(BLOCKED, "a4")  # a1..a5, white a0 and a6: no win
    assert x_wins_at(BLOCKED, "h5")  # six on the diagonal, white at both ends: wins
    assert x_wins_at(BLOCKED, "o8")  # six, white at one end: wins


def play(moves: str, rules: Rules = CARO) -> GameState:
    return GameState.from_moves(rules, moves.split())


def test_a_five_blocked_at_both_ends_does_not_end_the_game() -> None:
    # White a1 and g1 wait at both ends; black fills b1..f1.
    state = play("b1 a1 c1 g1 d1 a15 e1 b15 f1")
    assert not state.is_over and state.winner is None
    assert state.to_move is Player.O


def test_a_five_blocked_at_one_end_wins() -> None:
    state = play("b1 a1 c1 a15 d1 b15 e1 c15 f1")
    assert state.winner is Player.X
    assert state.winning_line == tuple(Move(0, c) for c in range(1, 6))


def test_the_edge_does_not_block() -> None:
    # a1..e1 with white f1: the edge and a white stone.
    state = play("a1 f1 b1 a15 c1 b15 d1 c15 e1")
    assert state.winner is Player.X
    assert state.winning_line == tuple(Move(0, c) for c in range(5))


def test_white_is_held_to_the_same_rule() -> None:
    # White b2..f2 between black a2 and g2: no win; black then wins elsewhere later.
    state = play("a2 b2 g2 c2 o15 d2 o14 e2 o13 f2")
    assert not state.is_over
    state = play("a2 b2 g2 c2 o15 d2 o14 e2 n15 f2")
    assert not state.is_over


def test_a_blocked_overline_wins() -> None:
    # White a1 and h1; black b1..g1 (six), the last stone f1 joins b1..e1 and g1.
    state = play("b1 a1 c1 h1 d1 a15 e1 b15 g1 c15 f1")
    assert state.winner is Player.X
    assert state.winning_line == tuple(Move(0, c) for c in range(1, 7))


def test_a_blocked_five_is_not_a_winning_line_in_a_diagram() -> None:
    state = GameState.from_diagram("OXXXXXO.. / O.O...... / ......... / .........", rule="caro")
    assert not state.is_over and state.to_move is Player.O
    with pytest.raises(ValueError, match="winning lines for both"):
        GameState.from_diagram("XXXXX.... / OOOOO.... / ......... / .........", rule="caro")


def test_describe_and_repr_name_the_rule() -> None:
    assert CARO.describe() == "Gomoku 15x15 (Caro)"
    assert "rule=caro" in repr(GameState.new(CARO))
