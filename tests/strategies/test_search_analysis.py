"""The search's analysis API: `analyse` (lines, progress, limits), `clear`, and the game's table.

Every search runs on a node budget (or is stopped by its signal), so each
result is reproducible and no test depends on the machine's speed.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from tests.positions import busy_19x19
from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import MATE_ZONE, WIN, Analysis, Reason, SearchStrategy
from tictac_tui.strategies.search import player as player_module
from tictac_tui.strategies.search.analysis import SCORED

QUIET_15X15 = [(7, 7), (8, 8), (6, 8), (8, 6), (7, 5)]
"""An opening with nothing forced for the side to move (O): alpha-beta decides."""

VCF_POSITION = """
    O........
    ...O.....
    .....X...
    ....O....
    ...OX....
    ..OXX.X..
    O....X...
    .........
    .........
"""


def quiet() -> GameState:
    return GameState.from_moves(Rules.gomoku(15), QUIET_15X15)


def plays_out(state: GameState, line: tuple[Move, ...]) -> bool:
    """Whether the moves of `line` can be played one after another from `state`."""
    for move in line:
        if state.is_over or not state.is_legal(move):
            return False
        state = state.play(move)
    return True


def test_multipv_lines_are_distinct_legal_and_best_first() -> None:
    state = quiet()
    lines = SearchStrategy().analyse(state, Limit(nodes=8000), multipv=4)
    assert len(lines) == 4
    assert len({line.move for line in lines}) == 4
    assert all(state.is_legal(line.move) for line in lines)
    scores = [line.score for line in lines]
    assert scores == sorted(scores, reverse=True)
    for line in lines:
        assert line.pv[0] == line.move
        assert plays_out(state, line.pv)
        assert line.reason is Reason.ALPHA_BETA
        assert line.depth >= 1


def test_first_line_is_the_move_choose_plays() -> None:
    state = quiet()
    move = SearchStrategy().choose(state, Limit(nodes=6000))
    for multipv in (1, 3):
        assert SearchStrategy().analyse(state, Limit(nodes=6000), multipv=multipv)[0].move == move


def test_progress_reports_each_iteration_with_increasing_depth() -> None:
    seen: list[Analysis] = []
    lines = SearchStrategy().analyse(quiet(), Limit(nodes=8000), on_progress=seen.append)
    depths = [a.depth for a in seen]
    assert len(depths) >= 2
    assert depths == list(range(1, len(depths) + 1))
    nodes = [a.nodes for a in seen]
    assert nodes == sorted(nodes)
    assert lines[0].depth == depths[-1]
    assert lines[0].nodes >= nodes[-1]


def test_progress_answering_enough_stops_deepening_but_not_the_vct_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checked: list[bool] = []
    original = player_module._Run._refutations

    def spy(run: player_module._Run, *args: Any, **kwargs: Any) -> list[int]:
        safe = original(run, *args, **kwargs)
        checked.append(bool(safe))
        return safe

    monkeypatch.setattr(player_module._Run, "_refutations", spy)
    seen: list[Analysis] = []

    def enough_after_two(line: Analysis) -> bool:
        seen.append(line)
        return line.depth >= 2

    (line,) = SearchStrategy().analyse(quiet(), Limit(nodes=200_000), on_progress=enough_after_two)
    assert [a.depth for a in seen] == [1, 2]
    assert line.depth == 2
    assert checked == [True]  # alpha-beta's move was checked (and passed) after it stopped


def test_depth_limit_caps_the_iterations() -> None:
    seen: list[Analysis] = []
    lines = SearchStrategy().analyse(
        quiet(), Limit(nodes=1_000_000, depth=2), on_progress=seen.append
    )
    assert lines[0].depth == 2
    assert [a.depth for a in seen] == [1, 2]


def test_a_threat_search_decision_is_reported_as_a_win() -> None:
    state = GameState.from_diagram(VCF_POSITION, k=5)
    seen: list[Analysis] = []
    (line,) = SearchStrategy().analyse(state, Limit(nodes=3000), on_progress=seen.append)
    assert line.reason is Reason.VCF
    assert line.move == Move(5, 5)
    assert line.is_win and line.score > MATE_ZONE
    assert line.depth == 0
    assert plays_out(state, line.pv)
    final = state
    for move in line.pv:
        final = final.play(move)
    assert final.winner is state.to_move
    assert seen == [line]


def test_a_forced_win_and_its_alternatives() -> None:
    state = GameState.from_diagram(VCF_POSITION, k=5)
    lines = SearchStrategy().analyse(state, Limit(nodes=6000), multipv=3)
    assert lines[0].reason is Reason.VCF
    assert len({line.move for line in lines}) == len(lines) == 3
    scores = [line.score for line in lines]
    assert scores == sorted(scores, reverse=True)


def test_five_to_make_scores_a_win_now() -> None:
    state = GameState.from_diagram(
        """
        .........
        .XXXX....
        .........
        ....O....
        ....O....
        .........
        ....O....
        .........
        .O.......
        """,
        k=5,
    )
    (line,) = SearchStrategy().analyse(state, Limit(nodes=100))
    assert line.reason is Reason.FIVE and line.score == WIN and line.mate_in == 1


def test_stop_signal_answers_every_line_legally() -> None:
    state = busy_19x19()
    stop = threading.Event()
    stop.set()
    lines = SearchStrategy().analyse(state, Limit(time=600.0, stop=stop), multipv=3)
    assert 1 <= len(lines) <= 3
    assert all(state.is_legal(line.move) for line in lines)
    assert lines[0].nodes < 2000


def test_stop_signal_set_while_analysing_ends_it() -> None:
    state = quiet()
    stop = threading.Event()
    player = SearchStrategy()
    answer: list[list[Analysis]] = []

    def progress(analysis: Analysis) -> None:
        if analysis.depth >= 2:
            stop.set()

    thread = threading.Thread(
        target=lambda: answer.append(
            player.analyse(state, Limit(time=600.0, stop=stop), on_progress=progress)
        )
    )
    thread.start()
    thread.join(timeout=120)  # a hang guard: without the signal it would think 10 minutes
    assert not thread.is_alive()
    assert answer[0][0].depth >= 2
    assert state.is_legal(answer[0][0].move)


def test_multipv_must_be_positive() -> None:
    with pytest.raises(ValueError, match="multipv"):
        SearchStrategy().analyse(quiet(), Limit(nodes=100), multipv=0)


def test_small_boards_give_exact_lines() -> None:
    state = GameState.from_moves(Rules.tictactoe(), [(0, 0), (1, 1), (2, 2)])
    player = SearchStrategy(seed=1)
    lines = player.analyse(state, multipv=9)
    assert len(lines) == 6
    assert lines[0].move == SearchStrategy(seed=1).choose(state)
    assert all(line.reason is Reason.PERFECT for line in lines)
    assert lines[0].score == 0  # the game is a draw
    assert any(line.is_loss for line in lines)  # some moves lose


def test_table_is_kept_between_the_moves_of_a_game() -> None:
    player = SearchStrategy()
    state = quiet()
    first = player.analyse(state, Limit(nodes=3000))[0]
    after_one = player.table_size
    assert after_one > 0
    later = state.play(first.pv[0]).play(first.pv[1])  # the game goes on as foreseen
    kept = player.analyse(later, Limit(nodes=3000))[0]
    assert player.table_size > after_one
    fresh = SearchStrategy().analyse(later, Limit(nodes=3000))[0]
    assert kept.depth >= fresh.depth  # what was learnt two plies ago is used


def test_table_is_kept_when_the_game_branches_at_its_last_move() -> None:
    player = SearchStrategy()
    state = quiet()
    first = player.analyse(state, Limit(nodes=3000))[0]
    after_mine = state.play(first.pv[0])
    expected = first.pv[1]
    other = next(move for move in after_mine.legal_moves() if move != expected)
    player.analyse(after_mine.play(expected), Limit(nodes=3000))  # pondering the expected reply
    pondered = player.table_size
    player.analyse(after_mine.play(other), Limit(nodes=3000))  # another reply came
    alone = SearchStrategy()
    alone.analyse(after_mine.play(other), Limit(nodes=3000))
    assert player.table_size > max(pondered, alone.table_size)  # added to, not started again


def test_table_is_cleared_for_another_game_or_rules() -> None:
    other = GameState.from_moves(Rules.gomoku(15), [(1, 1), (1, 2), (2, 2), (13, 13)])
    fresh = SearchStrategy()
    fresh.analyse(other, Limit(nodes=3000))
    player = SearchStrategy()
    player.analyse(quiet(), Limit(nodes=3000))
    player.analyse(other, Limit(nodes=3000))
    assert player.table_size == fresh.table_size  # nothing left from the first game
    exact = GameState.from_moves(Rules.gomoku(15, exact=True), QUIET_15X15[:-2])
    alone = SearchStrategy()
    alone.analyse(exact, Limit(nodes=3000))
    player.analyse(quiet(), Limit(nodes=3000))
    player.analyse(exact, Limit(nodes=3000))  # fewer stones, but other rules
    assert player.table_size == alone.table_size


def test_clear_forgets_the_table() -> None:
    player = SearchStrategy()
    player.analyse(quiet(), Limit(nodes=3000))
    assert player.table_size > 0
    player.clear()
    assert player.table_size == 0
    again = player.analyse(quiet(), Limit(nodes=3000))[0]
    fresh = SearchStrategy().analyse(quiet(), Limit(nodes=3000))[0]
    assert (again.move, again.score, again.depth, again.nodes, again.pv) == (
        fresh.move,
        fresh.score,
        fresh.depth,
        fresh.nodes,
        fresh.pv,
    )


def test_a_reason_scored_by_alpha_beta_says_when_its_score_is_forced() -> None:
    for rule, (won, lost) in SCORED.items():
        assert rule.scored(WIN - 3) is won and rule.scored(-(WIN - 4)) is lost
        assert rule.scored(MATE_ZONE) is rule and rule.scored(0) is rule
        assert won.rule is rule and lost.rule is rule and rule.rule is rule
        assert str(won) == f"{rule} (win)" and str(lost) == f"{rule} (loss)"
    assert Reason.VCF.rule is Reason.VCF
    with pytest.raises(KeyError):
        Reason.VCF.scored(WIN)  # a threat search's line is never scored by alpha-beta


def test_the_brain_reports_a_reason_in_its_old_words() -> None:
    from tictac_tui.brain.report import summary
    from tictac_tui.brain.thinking import Line

    words = {member: str(member) for member in Reason}
    assert words[Reason.ALPHA_BETA_WIN] == "alpha-beta (win)" and words[Reason.VCF] == "vcf"
    assert all(words[member] == member.value for member in Reason)
    move = Move(7, 7)
    line = Analysis(move, WIN - 4, 3, 100, 0.5, (move,), Reason.ALPHA_BETA_WIN)
    assert "| 100 nodes | alpha-beta (win) | pv " in summary(Line.of(line))
