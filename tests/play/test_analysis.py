"""The analyst's verdict and how an evaluation is written (`+M7`, `-M3`, `+145`)."""

from __future__ import annotations

from tictac_tui.engine import GameState, Move, Rules, parse_move
from tictac_tui.play.analysis import analyse, score_text
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import WIN


def test_scores_are_written_as_the_field_writes_them() -> None:
    assert score_text(WIN) == "+M1"  # a five to make now
    assert score_text(WIN - 2) == "+M2"  # an open four: four, their block, five
    assert score_text(WIN - 12) == "+M7"
    assert score_text(-(WIN - 1)) == "-M1"  # their five next move
    assert score_text(-(WIN - 5)) == "-M3"
    assert (score_text(145), score_text(0), score_text(-30)) == ("+145", "0", "-30")


def test_a_five_to_make_is_found_with_its_line() -> None:
    rules = Rules.gomoku(15)
    state = GameState.new(rules)
    for square in ("h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7"):
        state = state.play(parse_move(square, rules))
    verdict = analyse(state, Limit(nodes=2000))
    assert score_text(verdict.score) == "+M1"
    assert verdict.line[0] in {Move(7, 6), Move(7, 11)}


def test_the_analysis_is_a_legal_line_from_the_position() -> None:
    rules = Rules.gomoku(15)
    state = GameState.new(rules).play(parse_move("h8", rules))
    verdict = analyse(state, Limit(nodes=3000))
    after = state
    for move in verdict.line:
        after = after.play(move)  # raises on an illegal move
    assert verdict.nodes > 0 and verdict.depth >= 1
