"""GameState: immutability, value semantics, outcomes and illegal moves."""

from __future__ import annotations

import pickle
import random

import pytest

from tictac_tui.engine import GameState, IllegalMove, Move, Player, Rules

TTT = Rules.tictactoe()


def test_new_state() -> None:
    state = GameState.new(TTT)
    assert state.rules == TTT
    assert state.to_move is Player.X
    assert state.move_count == 0
    assert state.last_move is None
    assert state.history == ()
    assert len(state.legal_moves()) == 9
    assert state.winner is None and not state.is_over and not state.is_draw
    assert state.winning_line is None and state.outcome is None


def test_play_returns_a_new_state_and_keeps_the_old() -> None:
    start = GameState.new(TTT)
    after = start.play(Move(1, 1))
    assert start.cell(Move(1, 1)) is None and start.move_count == 0
    assert after.cell(Move(1, 1)) is Player.X
    assert after.to_move is Player.O
    assert after.last_move == Move(1, 1)
    assert after.history == (Move(1, 1),)
    assert after.previous is start and after.undo() is start


def test_plain_tuples_and_text_are_accepted() -> None:
    state = GameState.new(TTT).play((0, 2))
    assert state.last_move == Move(0, 2) and type(state.last_move) is Move
    assert GameState.from_moves(TTT, ["c1"]) == state


def test_immutable() -> None:
    state = GameState.new(TTT)
    with pytest.raises(AttributeError):
        state._x = 5
    with pytest.raises(AttributeError):
        state.foo = 1
    with pytest.raises(AttributeError):
        del state._x
    with pytest.raises(TypeError):
        GameState()


def test_equal_when_stones_and_rules_are_equal() -> None:
    a = GameState.from_moves(TTT, ["a1", "b2", "c3"])
    b = GameState.from_moves(TTT, ["c3", "b2", "a1"])
    assert a == b and hash(a) == hash(b)
    assert a.history != b.history
    assert a != GameState.from_moves(Rules(3, 3, 3, exact=True), ["a1", "b2", "c3"])
    assert a != GameState.from_moves(TTT, ["a1", "b2", "c2"])
    assert len({a, b}) == 1
    assert a != "not a state"


def test_x_wins_a_row() -> None:
    state = GameState.from_moves(TTT, ["a1", "a2", "b1", "b2", "c1"])
    assert state.winner is Player.X
    assert state.is_over and not state.is_draw
    assert state.winning_line == (Move(0, 0), Move(0, 1), Move(0, 2))
    assert state.legal_moves() == ()


def test_o_wins_the_anti_diagonal() -> None:
    state = GameState.from_moves(TTT, ["a1", "c1", "b1", "b2", "c3", "a3"])
    assert state.winner is Player.O
    assert state.winning_line == (Move(0, 2), Move(1, 1), Move(2, 0))


def test_draw() -> None:
    state = GameState.from_moves(TTT, ["a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3", "c3"])
    assert state.is_draw and state.is_over and state.winner is None
    assert state.outcome is not None and state.outcome.is_draw


def test_illegal_moves_name_the_square_and_the_reason() -> None:
    state = GameState.from_moves(TTT, ["b2"])
    with pytest.raises(IllegalMove) as taken:
        state.play(Move(1, 1))
    assert str(taken.value) == "B2 is already taken"
    assert taken.value.move == Move(1, 1)
    assert isinstance(taken.value, ValueError)
    with pytest.raises(IllegalMove) as off:
        state.play(Move(8, 0))
    assert str(off.value) == "A9 is not on the board: row 9 is off a 3x3 board"
    with pytest.raises(IllegalMove, match="column e is off a 3x3 board"):
        state.play(Move(0, 4))
    with pytest.raises(IllegalMove) as negative:
        state.play(Move(-1, 0))
    assert str(negative.value) == "(-1, 0) is not on the board: row -1 is off a 3x3 board"
    with pytest.raises(IllegalMove) as negative_col:
        state.play((2, -3))
    assert str(negative_col.value) == "(2, -3) is not on the board: column -3 is off a 3x3 board"
    with pytest.raises(IllegalMove) as nameless:
        state.play((0, 30))
    assert str(nameless.value) == "(0, 30) is not on the board: column 30 is off a 3x3 board"
    with pytest.raises(IllegalMove, match="off a 3x3 board"):
        state.cell(Move(3, 3))
    won = GameState.from_moves(TTT, ["a1", "a2", "b1", "b2", "c1"])
    with pytest.raises(IllegalMove) as over:
        won.play(Move(2, 2))
    assert str(over.value) == "C3 can't be played: the game is over"


def test_is_legal() -> None:
    state = GameState.from_moves(TTT, ["b2"])
    assert state.is_legal(Move(0, 0))
    assert not state.is_legal(Move(1, 1))
    assert not state.is_legal(Move(3, 0))


def test_freestyle_overline_wins_and_exact_overline_does_not() -> None:
    moves = ["a1", "a5", "b1", "b5", "c1", "c5", "e1", "e5", "f1", "f5", "d1"]
    free = GameState.from_moves(Rules(6, 6, 5), moves)
    assert free.winner is Player.X
    assert free.winning_line is not None and len(free.winning_line) == 6
    exact = GameState.from_moves(Rules(6, 6, 5, exact=True), moves)
    assert exact.winner is None and not exact.is_over


def test_undo_at_start_is_refused() -> None:
    with pytest.raises(ValueError, match="nothing to undo"):
        GameState.new(TTT).undo()


def test_from_diagram() -> None:
    state = GameState.from_diagram("X.O / .X. / ..O")
    assert state.rules == TTT
    assert state.diagram() == "X.O / .X. / ..O"
    assert state.to_move is Player.X
    won = GameState.from_diagram("XXX / OO. / ...")
    assert won.winner is Player.X and won.last_move in won.winning_line  # type: ignore[operator]
    big = GameState.from_diagram(
        """
        .......
        ..XXXX.
        ..OOO..
        ...O...
        """,
        k=5,
    )
    assert big.rules == Rules(4, 7, 5) and big.to_move is Player.X


@pytest.mark.parametrize(
    ("diagram", "message"),
    [
        ("", "empty diagram"),
        ("XO / .", "different lengths"),
        ("XQ. / ... / ...", "'Q' at B1"),
        ("XX. / ... / ...", "2 X and 0 O"),
        ("OO. / X.. / ...", "1 X and 2 O"),
        ("XXX / OOO / X..", "both X and O"),
        ("OOO / XX. / XX.", "shows O winning, but X moved last"),
        ("XXX / ... / XXX / OO. / ..O / OO.", "two separate winning lines for X"),
    ],
)
def test_bad_diagrams(diagram: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GameState.from_diagram(diagram, k=3)


def test_pickle_round_trip() -> None:
    state = GameState.from_moves(TTT, ["a1", "b2"])
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.history == state.history


def test_repr_and_str() -> None:
    state = GameState.from_moves(TTT, ["a1", "b2"])
    assert str(state) == "X..\n.O.\n..."
    assert "X.. / .O. / ..." in repr(state)


@pytest.mark.parametrize("rules", [Rules(7, 7, 4), Rules(3, 4, 3), Rules(6, 6, 5, rule="caro")])
def test_legal_moves_whatever_the_path(rules: Rules) -> None:
    """legal_moves() is cached and derived from the parent's; it must always equal the
    empty squares, whether or not the parent's moves were asked for, whatever the
    square's type."""
    rng = random.Random(7)
    for _ in range(20):
        state = GameState.new(rules)
        while not state.is_over:
            empty = tuple(m for m in state.geometry.moves if state.cell(m) is None)
            if rng.random() < 0.5:
                assert state.legal_moves() == empty
                assert state.legal_moves() is state.legal_moves()
            move = rng.choice(empty)
            kind = rng.randrange(3)
            state = state.play(move if kind == 0 else tuple(move) if kind == 1 else list(move))  # type: ignore[arg-type]
            assert type(state.last_move) is Move and state.last_move == move
        assert state.legal_moves() == ()


def test_rules_hash_survives_pickling() -> None:
    rules = Rules.gomoku(15, rule="renju")
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and hash(again) == hash(rules)
    assert {rules: 1}[again] == 1
