"""Live analysis: the analysts' readings for a forced win, a forced loss and a quiet
position (the built-in Hard and a hosted engine in Rapfi's and Yixin-Board's shapes),
and the thread that follows the position and stops."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

from tictac_tui.engine import GameState, Move, Rules, parse_move
from tictac_tui.engines.spec import EngineSpec
from tictac_tui.engines.strategy import AnalysingStrategy
from tictac_tui.play.analysts import (
    AnalystError,
    EngineAnalyst,
    Reading,
    SearchAnalyst,
    analyst_for,
)
from tictac_tui.play.evaluation import Score
from tictac_tui.play.live import LiveAnalysis
from tictac_tui.strategies import Limit

FAKE = Path(__file__).with_name("fake_analyst.py")
PATIENCE = 60.0
RULES = Rules.gomoku(15)


def position(squares: str) -> GameState:
    state = GameState.new(RULES)
    for square in squares.split():
        state = state.play(parse_move(square, RULES))
    return state


FOUR = "h8 a1 i8 a3 j8 a5 k8"  # X has an open four; O to move
WIN_NOW = position(FOUR + " a7")  # X to move: a five to make
LOST = position(FOUR)  # O to move: X makes five next whatever O does
QUIET = position("a15")


def think(state: GameState, nodes: int = 3000) -> Reading:
    seen: list[Reading] = []
    reading = SearchAnalyst().think(state, Limit(nodes=nodes), 3, seen.append)
    assert seen and seen[-1] == reading
    return reading


def test_scores_are_values_written_in_the_fields_conventions() -> None:
    assert Score.of_plies(5).text() == "+M3"
    assert Score.of_plies(-4).text() == "-M2"
    assert Score(145).text() == "+145" and Score(-30).text() == "-30" and Score().text() == "0"
    assert Score(rate=0.62).text() == "62%"
    assert Score(120).flipped() == Score(-120)
    assert Score.of_plies(3).flipped().losing
    assert Score(1, 0).winrate() == 1.0 and Score(-1, 0).winrate() == 0.0
    assert 0.5 < Score(300).winrate() < 1.0


def test_hard_finds_the_win_to_make() -> None:
    reading = think(WIN_NOW)
    assert reading.score is not None and reading.score.text() == "+M1"
    assert reading.move in {Move(7, 6), Move(7, 11)}


def test_hard_sees_the_loss_coming() -> None:
    reading = think(LOST)
    assert reading.score is not None and reading.score.losing
    assert reading.score.text() == "-M1"


def test_hard_on_a_quiet_position_gives_a_score_a_line_and_the_best_moves() -> None:
    reading = think(QUIET)
    assert reading.score is not None and not reading.score.forced
    assert reading.depth >= 1 and reading.nodes > 0 and reading.line
    assert 1 <= len(reading.best) <= 3
    after = QUIET
    for move in reading.line:
        after = after.play(move)  # a legal line


def engine_analyst(mode: str) -> EngineAnalyst:
    spec = EngineSpec(f"fake-{mode}", (sys.executable, str(FAKE), mode))
    return EngineAnalyst(AnalysingStrategy(spec))


@pytest.mark.parametrize(
    ("mode", "text", "depth", "line"),
    [
        ("rapfi", "+M3", 12, (Move(7, 7), Move(8, 8), Move(9, 9))),
        ("yixin", "-M2", 9, (Move(7, 7), Move(8, 8))),
        ("score", "-131", 7, (Move(7, 6), Move(9, 7))),
    ],
)
def test_an_engines_notes_become_the_reading(
    mode: str, text: str, depth: int, line: tuple[Move, ...], tmp_path: Path
) -> None:
    analyst = engine_analyst(mode)
    analyst.strategy.log_folder = tmp_path
    seen: list[Reading] = []
    try:
        reading = analyst.think(QUIET, Limit(time=1.0), 1, seen.append)
    finally:
        analyst.close()
    assert reading.score is not None and reading.score.text() == text
    assert reading.depth == depth
    assert reading.line == line
    assert reading.nodes > 0 and reading.speed > 0
    assert seen[-1] == reading


def test_an_unknown_analyst_is_named() -> None:
    with pytest.raises(AnalystError, match="nobody"):
        analyst_for("engine:nobody")
    with pytest.raises(AnalystError, match="medium"):
        analyst_for("medium")


def test_the_live_analysis_follows_the_position_and_ends_its_thread() -> None:
    live = LiveAnalysis(SearchAnalyst(), multipv=2, stages=(0.2, 0.3))
    before = threading.active_count()
    live.follow(QUIET)
    live.follow(WIN_NOW)  # the first is dropped at once
    assert live.wait(PATIENCE)
    snapshot = live.snapshot
    assert snapshot is not None and snapshot.state == WIN_NOW and snapshot.done
    assert snapshot.reading.score is not None and snapshot.reading.score.text() == "+M1"
    live.follow(WIN_NOW)  # the same position: nothing starts
    assert not live.thinking()
    live.follow(QUIET)
    live.pause()
    assert live.wait(PATIENCE)
    live.close()
    assert threading.active_count() <= before


def test_a_finished_game_is_not_thought_about() -> None:
    live = LiveAnalysis(SearchAnalyst(), stages=(0.2,))
    over = position(FOUR + " a7 l8")
    live.follow(over)
    assert not live.thinking()
    snapshot = live.snapshot
    assert snapshot is not None and snapshot.done and snapshot.reading.score is None
    live.close()


def test_while_a_stage_runs_the_best_moves_start_with_its_line() -> None:
    from tictac_tui.play.analysts import Candidate
    from tictac_tui.play.live import merged_best

    earlier = (Candidate(Move(6, 9), Score(606)), Candidate(Move(6, 7), Score(600)))
    now = Reading(Score(674), 5, 100, 1.0, (Move(6, 7), Move(8, 7)))
    assert merged_best(now, earlier) == (
        Candidate(Move(6, 7), Score(674)),
        Candidate(Move(6, 9), Score(606)),
    )
    assert merged_best(now, ()) == ()


def test_an_engine_that_does_not_play_the_board_is_said_in_the_snapshot() -> None:
    live = LiveAnalysis(engine_analyst("rapfi"), stages=(0.3,))
    small = GameState.new(Rules.tictactoe()).play(Move(1, 1))
    live.follow(small)
    assert live.wait(PATIENCE)
    snapshot = live.snapshot
    live.close()
    assert snapshot is not None and snapshot.done and "does not play this board" in snapshot.error


def test_nodes_are_counted_while_an_iteration_runs() -> None:
    from tictac_tui.play.analysts import NodeCounter

    counts: list[int] = []
    counter = NodeCounter(None, counts.append)
    for _ in range(NodeCounter.COUNT_EVERY * 2):
        assert not counter.is_set()
    assert counts == [64 * 32, 128 * 32]
    stop = threading.Event()
    stop.set()
    assert NodeCounter(stop, counts.append).is_set()
    seen: list[Reading] = []
    SearchAnalyst().think(QUIET, Limit(nodes=20_000), 1, seen.append)
    nodes = [reading.nodes for reading in seen]
    assert any(n % (64 * 32) == 0 for n in nodes)  # counted between the iterations' reports
