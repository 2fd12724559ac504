"""Our own brain hosted as `tictac`: whole games against itself, and every way of syncing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tictac_tui.choices import Board, Mode, Settings
from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.engines import EngineStrategy, live_pids
from tictac_tui.engines.store import built_in
from tictac_tui.play.match import Match
from tictac_tui.play.thinking import tell_engine_clock
from tictac_tui.strategies import Limit
from tictac_tui.timecontrol import parse_control

from .fakes import assert_reaped, fake

QUICK = Limit(time=30.0, nodes=150)
"""Few nodes a move (quick), and a think time far above what they take (a busy machine)."""


@pytest.mark.parametrize("rule", ["freestyle", "renju"])
def test_the_brain_plays_a_whole_game_against_itself(tmp_path: Path, rule: str) -> None:
    state = GameState.new(Rules.gomoku(15, rule=rule))
    with (
        EngineStrategy(built_in(), log_folder=tmp_path) as black,
        EngineStrategy(built_in(), log_folder=tmp_path) as white,
    ):
        players = {Player.X: black, Player.O: white}
        while not state.is_over:
            state = state.play(players[state.to_move].choose(state, QUICK))
        assert black.engine is not None and white.engine is not None
        pids = [black.engine.pid, white.engine.pid]
        assert black.last_notes and black.last_notes[0].analysis is not None
    assert state.is_over
    for pid in pids:
        assert_reaped(pid)
    assert live_pids() == []


def test_undo_takes_back_and_other_positions_go_by_board(tmp_path: Path) -> None:
    the_fake = fake(tmp_path, "good")
    limit = Limit(time=60.0)
    with EngineStrategy(the_fake.spec, log_folder=tmp_path) as hosted:
        state = GameState.new(Rules.gomoku(15))
        first = hosted.choose(state, limit)  # BEGIN
        after = state.play(first).play(Move(7, 7))
        second = hosted.choose(after, limit)  # TURN 7,7
        undone = state.play(first).play(Move(8, 8))  # 7,7 and its answer undone, 8,8 instead
        hosted.choose(undone, limit)  # TAKEBACK x2, TURN 8,8
        elsewhere = GameState.from_moves(Rules.gomoku(15), [(3, 3), (4, 4), (5, 5)])
        hosted.choose(elsewhere, limit)  # BOARD
    heard = the_fake.lines()
    assert heard[heard.index("BEGIN") :] == [
        "BEGIN",
        "INFO timeout_turn 60000", "INFO timeout_match 0", "INFO time_left 2147483647",
        "TURN 7,7",
        "INFO timeout_turn 60000", "INFO timeout_match 0", "INFO time_left 2147483647",
        f"TAKEBACK {second.col},{second.row}", "TAKEBACK 7,7", "TURN 8,8",
        "INFO timeout_turn 60000", "INFO timeout_match 0", "INFO time_left 2147483647",
        "BOARD", "3,3,2", "4,4,1", "5,5,2", "DONE",  # field 1: the side to move (O)
        "END",
    ]  # fmt: skip


def test_a_board_that_is_not_square_starts_by_rectstart(tmp_path: Path) -> None:
    rules = Rules(12, 16, 5)
    with EngineStrategy(built_in(), log_folder=tmp_path) as hosted:
        move = hosted.choose(GameState.new(rules), QUICK)
    assert GameState.new(rules).is_legal(move)


def test_a_new_game_starts_the_engine_afresh(tmp_path: Path) -> None:
    the_fake = fake(tmp_path, "good")
    with EngineStrategy(the_fake.spec, log_folder=tmp_path) as hosted:
        hosted.choose(GameState.new(Rules.gomoku(15)), Limit(time=60.0))
        hosted.choose(GameState.new(Rules.gomoku(15, rule="renju")), Limit(time=60.0))
    heard = the_fake.lines()
    assert heard.count("START 15") == 2
    assert heard.index("INFO rule 0") < heard.index("INFO rule 4")


def test_a_match_budget_is_sent_and_counted_down(tmp_path: Path) -> None:
    the_fake = fake(tmp_path, "good")
    state = GameState.new(Rules.gomoku(15))
    with EngineStrategy(the_fake.spec, log_folder=tmp_path, match_seconds=60.0) as hosted:
        state = state.play(hosted.choose(state, Limit(time=60.0))).play(Move(7, 7))
        hosted.choose(state, Limit(time=60.0))
    heard = the_fake.lines()
    assert heard.count("INFO timeout_match 60000") == 2
    left = [int(line.split()[2]) for line in heard if line.startswith("INFO time_left")]
    assert left[0] == 60000
    assert 0 < left[1] <= left[0]


def test_a_game_clock_tells_the_engine_its_time_left(tmp_path: Path) -> None:
    the_fake = fake(tmp_path, "good")
    timed = Settings(game=Board.GOMOKU15, mode=Mode.HVH, clock=parse_control("5m+3s"))
    match = Match.start(timed, human_first=True, now=0.0, seed=1)
    assert match.clock is not None
    with EngineStrategy(the_fake.spec, log_folder=tmp_path) as hosted:
        match.run_clock(True, 0.0)
        match.play(Move(7, 7), 40.0)  # black spends 40 s, gets 3 back
        match.run_clock(True, 40.0)
        tell_engine_clock(match, hosted, 52.5)  # white has thought 12.5 s so far
        hosted.choose(match.state, Limit(time=60.0))
        tell_engine_clock(match, hosted, 52.5)
        assert hosted.match_seconds == 300.0
    heard = the_fake.lines()
    assert "INFO timeout_match 300000" in heard and "INFO time_left 287500" in heard
    per_move = Match.start(
        replace(timed, clock=parse_control("30s/move")), human_first=True, now=0.0, seed=1
    )
    tell_engine_clock(per_move, hosted, 0.0)
    assert hosted.match_seconds is None and hosted.left_seconds == 30.0


def test_a_hint_for_the_other_side_then_its_own_move(tmp_path: Path) -> None:
    """One engine gives the person's hints and plays the other side: after a hint (its
    stones and the person's swap places) its next move is asked afresh with BOARD."""
    state = GameState.new(Rules.gomoku(15)).play(Move(7, 7))
    with EngineStrategy(built_in(), log_folder=tmp_path) as hosted:
        state = state.play(hosted.choose(state, QUICK))  # white, the engine's side
        hint = hosted.choose(state, QUICK)  # a hint for black
        person = next(m for m in state.legal_moves() if m != hint)
        state = state.play(person)  # the person plays elsewhere
        reply = hosted.choose(state, QUICK)  # white again: not refused
        assert state.is_legal(reply)
