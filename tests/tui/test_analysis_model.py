"""The analysis panel in the app's model: it follows the position on show, waits while the
computer thinks, stops off the screen or when hidden, counts like a hint; the viewer's
review keys; the panel's words and marks."""

from __future__ import annotations

from tictac_tui.choices import Board, Mode, Settings
from tictac_tui.engine import GameState, Move, Rules, parse_move
from tictac_tui.play.analysts import Candidate, Reading
from tictac_tui.play.evaluation import Score
from tictac_tui.play.live import Snapshot
from tictac_tui.play.review import Mark, MoveReview, Review
from tictac_tui.records import GameRecord
from tictac_tui.strategies import Difficulty
from tictac_tui.tui import analysisview
from tictac_tui.tui.analysispanel import AnalysisPanel
from tictac_tui.tui.keys import Command
from tictac_tui.tui.model import Model
from tictac_tui.tui.movelist import square_name
from tictac_tui.tui.replay import Viewer
from tictac_tui.tui.reviewview import graph_rows
from tictac_tui.tui.screens import Screen

from .test_model import LATER, press

PATIENCE = 60.0
GOMOKU = Settings(game=Board.GOMOKU15, mode=Mode.HVH)


def started(settings: Settings) -> Model:
    model = Model(settings, seed=1, threads=False)
    model.analysis.stages = (0.2,)
    press(model, Command.SELECT)
    assert model.screen is Screen.GAME and model.match is not None
    return model


def test_e_follows_the_game_and_stops_when_hidden_or_left() -> None:
    model = started(GOMOKU)
    press(model, Command.SELECT)  # h8
    press(model, Command.ANALYSE)
    model.update(LATER)
    panel = model.analysis
    assert panel.shown and panel.live is not None
    assert panel.live.state == model.match.state if model.match else False
    press(model, Command.ANALYSE)  # hidden: the thinking ends
    model.update(LATER)
    assert panel.live.wait(PATIENCE) and not panel.thinking()
    press(model, Command.ANALYSE)
    model.update(LATER)
    press(model, Command.MENU)  # off the screen: it stops too
    model.update(LATER)
    assert panel.live.wait(PATIENCE) and not panel.thinking()
    model.finish()


def test_analysis_shown_counts_like_a_hint() -> None:
    model = started(GOMOKU)
    press(model, Command.ANALYSE)
    model.update(LATER)
    assert model.match is not None and model.match.hinted
    model.finish()


def test_the_analyst_waits_while_the_computer_thinks() -> None:
    settings = Settings(game=Board.GOMOKU15, mode=Mode.HVC, difficulty=Difficulty.EASY)
    model = started(settings)
    press(model, Command.ANALYSE)
    press(model, Command.SELECT)  # the person plays h8: the computer's turn
    model.update(0.0)  # the computer's move is not due yet
    assert not model.analysis.thinking() or model.analysis.live is None
    for _ in range(3):
        model.update(LATER)  # it answers (inline): the person's turn, the analyst thinks
    assert model.match is not None and model.match.state.move_count == 2
    assert model.analysis.live is not None and model.analysis.live.state == model.match.state
    model.finish()


def reading(score: Score, line: tuple[Move, ...]) -> Reading:
    best = (Candidate(line[0], score), Candidate(Move(0, 0), Score(-50)))
    return Reading(score, 7, 12_345, 0.5, line, best)


def panel_with(state: GameState, read: Reading, *, done: bool = True) -> AnalysisPanel:
    panel = AnalysisPanel()
    panel._drawn = Snapshot(state, read, 1, done)
    return panel


RULES = Rules.gomoku(15)


def name(move: Move) -> str:
    """A square as the board names it (the app's one naming function)."""
    return square_name(RULES, move)


WIN_NOW = GameState.from_moves(RULES, ["h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7"])


def test_the_panel_says_a_forced_win_and_marks_its_square() -> None:
    win = Move(7, 11)
    panel = panel_with(WIN_NOW, reading(Score.of_plies(1), (win,)))
    lines = [text for text, _ in analysisview.panel_lines(panel, WIN_NOW, 22)]
    assert lines[0] == "X to move: +M1"
    assert lines[1] == "#" * 22  # the bar: all the side to move's
    assert "depth 7" in lines and "nodes 12.3k" in lines and "24.7k nodes/s" in lines
    assert name(win) in lines and "done" in lines
    assert analysisview.board_marks(panel, WIN_NOW) == {win: analysisview.WIN_MARK}


def test_the_panel_says_a_forced_loss_and_a_quiet_score() -> None:
    lost = GameState.from_moves(RULES, ["h8", "a1", "i8", "a3", "j8", "a5", "k8"])
    panel = panel_with(lost, reading(Score.of_plies(-1), (Move(7, 11), Move(7, 6))))
    lines = [text for text, _ in analysisview.panel_lines(panel, lost, 22)]
    assert lines[0] == "O to move: -M1" and lines[1] == "-" * 22
    quiet = GameState.from_moves(RULES, ["h8"])
    line = (Move(8, 8), Move(6, 6), Move(8, 6))
    panel = panel_with(quiet, reading(Score(-120), line), done=False)
    panel.best = 2
    lines = [text for text, _ in analysisview.panel_lines(panel, quiet, 22)]
    assert lines[0] == "O to move: -120" and 0 < lines[1].count("#") < 11
    assert " ".join(name(m) for m in line) in lines and "thinking..." in lines
    assert f"1. {name(line[0]):<4} -120" in lines and f"2. {name(Move(0, 0)):<4} -50" in lines
    # The best line as numbered ghost stones; with the line hidden, the best moves.
    assert analysisview.board_marks(panel, quiet) == {line[0]: "1", line[1]: "2", line[2]: "3"}
    panel.toggle_line()
    assert analysisview.board_marks(panel, quiet) == {line[0]: "1", Move(0, 0): "2"}
    # While the stones show move numbers, letters: no mark reads as a numbered stone.
    assert analysisview.board_marks(panel, quiet, numbers=True) == {line[0]: "a", Move(0, 0): "b"}
    panel.toggle_line()
    marks = analysisview.board_marks(panel, quiet, numbers=True)
    assert marks == {line[0]: "a", line[1]: "b", line[2]: "c"}


def test_marks_never_cover_a_stone() -> None:
    quiet = GameState.from_moves(RULES, ["h8"])
    panel = panel_with(quiet, reading(Score(10), (Move(7, 7), Move(8, 8))))
    assert analysisview.board_marks(panel, quiet) == {Move(8, 8): "2"}


def test_the_viewer_jumps_between_marked_moves() -> None:
    record = GameRecord(RULES, [parse_move(s, RULES) for s in ("h8", "i9", "a1", "j10")])
    moves = tuple(
        MoveReview(n, m, p, Score(0), None, 0.5 if n in (2, 3) else 0.0, mark)
        for n, m, p, mark in (
            (1, Move(7, 7), record.state_at(0).to_move, Mark.GOOD),
            (2, Move(8, 8), record.state_at(1).to_move, Mark.MISTAKE),
            (3, Move(0, 0), record.state_at(2).to_move, Mark.BLUNDER),
            (4, Move(9, 9), record.state_at(3).to_move, Mark.GOOD),
        )
    )
    viewer = Viewer(record, "g.sgf")
    viewer.reviewed(Review(Score(0), moves))
    assert "tictac review:" in viewer.record.comment_at(3)
    viewer.position = 0
    assert viewer.mistake(1) and viewer.position == 2
    assert viewer.mistake(1) and viewer.position == 3
    assert not viewer.mistake(1) and viewer.position == 3
    assert viewer.mistake(-1) and viewer.position == 2
    again = Viewer(viewer.record, "g.sgf")  # read back from the comments
    assert again.review is not None and [m.mark for m in again.review.moves] == [
        m.mark for m in moves
    ]


def test_the_graph_puts_blacks_advantage_up() -> None:
    rows = graph_rows([0.5, 1.0, 0.0], 3, 4, ascii=True)
    assert [row[1] for row in rows] == ["#", "#", "#", "#"]  # black winning: full column
    assert [row[2] for row in rows] == [" ", " ", "-", " "]  # white winning: empty
    assert [row[0] for row in rows] == [" ", " ", "#", "#"]  # level: half


def test_the_panel_of_a_hosted_engine_in_rapfis_and_yixins_shapes() -> None:
    import sys
    from pathlib import Path

    from tictac_tui.engines.spec import EngineSpec
    from tictac_tui.engines.strategy import EngineStrategy
    from tictac_tui.play.analysts import EngineAnalyst
    from tictac_tui.play.live import LiveAnalysis

    fake = Path(__file__).parent.parent / "play" / "fake_analyst.py"
    quiet = GameState.from_moves(RULES, ["a15"])
    pv = [name(Move(7, 7)), name(Move(8, 8)), name(Move(9, 9))]  # the fakes' best lines
    expected = {
        "rapfi": ("O to move: +M3", " ".join(pv)),
        "yixin": ("O to move: -M2", " ".join(pv[:2])),
    }
    for mode, (first, line) in expected.items():
        spec = EngineSpec(f"fake-{mode}", (sys.executable, str(fake), mode))
        panel = AnalysisPanel(f"engine:fake-{mode}")
        panel.live = LiveAnalysis(EngineAnalyst(EngineStrategy(spec)), stages=(0.3,))
        panel.shown = True
        panel.follow(quiet)
        assert panel.live.wait(PATIENCE)
        panel.fresh(LATER)
        lines = [text for text, _ in analysisview.panel_lines(panel, quiet, 22)]
        panel.close()
        assert lines[0] == first and line in lines and "done" in lines
        assert lines[2].startswith("depth ")


def test_marks_keep_clear_of_the_cursor_and_forbidden_points() -> None:
    from tictac_tui.tui import layout
    from tictac_tui.tui.canvas import TextCanvas

    quiet = GameState.from_moves(RULES, ["h8"])
    line = (Move(8, 8), Move(6, 6), Move(8, 6))
    panel = panel_with(quiet, reading(Score(10), line))
    lay = layout.game_layout(80, 24, RULES)
    assert lay is not None
    canvas = TextCanvas(80, 24, ascii=True)
    square_marks = {Move(8, 8): frozenset({"cursor"}), Move(6, 6): frozenset({"forbidden"})}
    analysisview.draw_on_board(canvas, lay, panel, quiet, square_marks)

    def at(move: Move) -> str:
        y, x = lay.center(move)
        return canvas.rows[y][x]

    assert at(Move(8, 8)) != "1" and at(Move(6, 6)) != "2"  # the cursor, the forbidden point
    assert at(Move(8, 6)) == "3"  # an empty square that shows nothing else


def test_a_move_decided_by_a_rule_says_so() -> None:
    lost = GameState.from_moves(RULES, ["h8", "a1", "i8", "a3", "j8", "a5", "k8"])
    block = Reading(Score(190), 0, 0, 0.0, (Move(7, 11),), (Candidate(Move(7, 11), Score(190)),))
    panel = panel_with(lost, block)
    lines = [text for text, _ in analysisview.panel_lines(panel, lost, 22)]
    assert "decided by a rule" in lines and not any(t.startswith("depth") for t in lines)
