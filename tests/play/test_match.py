"""The game layer's `Match` on its own: sides, undo, results and refusals, with no front end."""

from __future__ import annotations

from tictac_tui.choices import Board, Mode, Settings
from tictac_tui.engine import Move, Player, Rule
from tictac_tui.play.match import Match, check_move
from tictac_tui.scores import Result


def start(settings: Settings, *, human_first: bool = True) -> Match:
    return Match.start(settings, human_first=human_first, now=0.0, seed=1)


def test_who_plays_each_side_follows_the_mode() -> None:
    assert start(Settings(mode=Mode.HVH)).human == frozenset(Player)
    assert start(Settings(mode=Mode.CVC)).human == frozenset()
    second = start(Settings(), human_first=False)
    assert second.human == {Player.O} and set(second.players) == {Player.X}
    assert second.computer_to_move() and not second.human_to_move()


def test_undo_against_the_computer_takes_back_its_reply_too() -> None:
    match = start(Settings())
    match.play(Move(1, 1), now=1.0)
    match.play(Move(0, 0), now=2.0)  # the computer's reply
    assert match.person_moved and match.state.move_count == 2
    assert match.undo(now=3.0) == Move(1, 1)
    assert match.state.move_count == 0 and match.cursor == Move(1, 1)
    assert match.undo(now=4.0) is None  # nothing of the person's left


def test_the_result_is_the_persons_against_the_computer() -> None:
    match = start(Settings(), human_first=False)  # the person plays O
    for move in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:  # X takes the top row
        match.play(Move(*move), now=0.0)
    assert match.over and match.result() is Result.LOSS
    hvh = start(Settings(mode=Mode.HVH))
    for move in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        hvh.play(Move(*move), now=0.0)
    assert hvh.result() is Result.WIN  # between two people: X's win


def test_a_refused_move_says_why() -> None:
    match = start(Settings(mode=Mode.HVH))
    match.play(Move(1, 1), now=0.0)
    assert check_move(match, Move(1, 1)) == "That square is taken"
    assert check_move(match, Move(0, 0)) is None
    renju = start(Settings(game=Board.GOMOKU15, rule=Rule.RENJU, mode=Mode.HVH))
    for move in [(7, 6), (0, 0), (7, 7), (0, 2), (6, 8), (0, 4), (5, 8), (0, 6)]:
        renju.play(Move(*move), now=0.0)  # black: two twos that meet at (7, 8)
    refusal = check_move(renju, Move(7, 8))  # would make two open threes
    assert refusal is not None and "forbidden for black" in refusal and "double three" in refusal
