"""The real app in a pty: the analysis panel (`e`) and the game review (`x`) with its
graph, at 80x24 and 44x14, in English and in Chinese."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tictac_tui.choices import ReviewTime
from tictac_tui.engine import Move, Rules, parse_move
from tictac_tui.play.review import Mark, read_review
from tictac_tui.records import Format, GameRecord, load, save
from tictac_tui.tui.movelist import square_name

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .playing import settled, start_game
from .terminal import TerminalApp

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]
CHINESE = {"LANGUAGE": "zh_CN", "LANG": "zh_CN.UTF-8"}
PATIENCE = 120.0
"""Reviews think for seconds on a busy machine."""
HOME = b"\x1bOH"
PLANTED = "h8 g8 i8 h9 j8 j10 k8 a1 l8"
"""O misses the block of X's four at l8 (move 8, a1) and X makes five."""


def name(move: Move) -> str:
    """A square as the board names it (the app's one naming function)."""
    return square_name(Rules.gomoku(15), move)


def history(run: TerminalApp) -> list[str]:
    return list(run.state().get("history", []))


def planted_game(tmp: Path) -> Path:
    rules = Rules.gomoku(15)
    record = GameRecord(rules, [parse_move(s, rules) for s in PLANTED.split()])
    path = tmp / "planted.sgf"
    save(record, path, Format.SGF)
    return path


def board_rows(run: TerminalApp) -> list[str]:
    """The screen rows that draw the board's squares (those starting with a row number)."""
    return [line for line in run.text().splitlines() if line.strip()[:2].strip().isdigit()]


def test_e_shows_the_analysis_beside_the_board_and_follows_each_move(app: Start) -> None:
    run = start_game(app, "--game", "gomoku15", "--mode", "hvh")
    run.send("enter")  # h8
    run.wait_for(lambda r: len(history(r)) == 1)
    run.send("e")
    run.wait_for_all("Analysis: Hard", "O to move: ", "depth ", "nodes/s", "best line:")
    assert "Moves" not in run.text()  # the panel takes the move list's place
    assert any(any(c.isdigit() for c in row[5:]) for row in board_rows(run))  # ghost stones
    run.send("right", "enter")  # i8: the panel turns to the new position
    run.wait_for(lambda r: len(history(r)) == 2 and "X to move: " in r.text())
    run.wait_for("depth ")
    run.send("e")
    run.wait_for(lambda r: "Analysis" not in r.text() and "Moves 2" in r.text())


def test_a_found_win_is_marked_on_its_square(app: Start) -> None:
    run = start_game(app, "--game", "gomoku15", "--mode", "hvh", "--ascii")
    for count, square in enumerate(("h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7"), 1):
        run.send("g", square, "enter")
        run.wait_for(moves_played(count))
    run.send("e")
    run.wait_for_all("X to move: +M1", "done")
    run.wait_for(win_marked_on_row_8)  # g8 or l8, the five to make


def win_marked_on_row_8(run: TerminalApp) -> bool:
    rows = [line for line in board_rows(run) if line.lstrip().startswith("8 ")]
    return len(rows) == 1 and "!" in rows[0]


def test_e_in_chinese(app: Start) -> None:
    run = start_game_in_chinese(app)
    run.send("enter")
    run.wait_for(lambda r: len(history(r)) == 1)
    run.send("e")
    run.wait_for_all("分析", "轮到白：", "深度", "最佳变化：")


def start_game_in_chinese(app: Start, *args: str, **options: object) -> TerminalApp:
    run = app("--game", "gomoku15", "--mode", "hvh", *args, env=CHINESE, **options)
    run.wait_for("> 开始")
    run.send("enter")
    run.wait_for(settled)
    return run


def test_e_at_44x14_overlays_the_board_and_hides_again(app: Start) -> None:
    run = start_game(app, "--game", "tictactoe", "--mode", "hvh", rows=14, cols=44)
    run.send("5")
    run.wait_for(lambda r: len(history(r)) == 1)
    run.send("e")
    run.wait_for_all("Analysis", "O to move: ")
    assert all(len(line) <= 44 for line in run.text().splitlines())
    run.send("e")
    run.wait_for(lambda r: "Analysis" not in r.text() and r.board_matches())


def test_x_reviews_the_game_marks_the_blunder_and_jumps_to_it(app: Start, tmp_path: Path) -> None:
    # The shortest review time a user can choose: the blunder (a four left unblocked) and
    # its better move (the block) are seen at once, whatever the time.
    run = app("--replay", str(planted_game(tmp_path)), "--review-time", str(ReviewTime.FIFTH))
    run.wait_for("Move 9 of 9")
    run.send("x")
    run.wait_for("Review")
    run.wait_for("Review done", timeout=PATIENCE)
    miss, block = name(Move(0, 0)), name(Move(7, 11))  # a1 and l8 as typed above
    run.wait_for_all("black ahead", "white ahead", f"8. O {miss} ?? > {block}")
    run.send(HOME)
    # the state too: the file follows the drawing, and a stale move 9 would pass `past(0)`
    run.wait_for(lambda r: "Move 0 of 9" in r.text() and position(r) == 0)
    at = 0
    while at != 8:  # ] goes from mistake to mistake: the blunder is among them
        run.send("]")
        run.wait_for(past(at))
        at = position(run)
        assert at <= 8
    run.wait_for_all("Move 8 of 9", f"8. {miss} +M1 ??", f"better: {block}")
    run.send("]")
    run.wait_for("No more mistakes that way")
    run.send("s")  # the review goes into the saved game's comments
    run.wait_for("Saved as")
    saved = sorted((run.tmp / "data" / "games").glob("*.sgf"))
    record = load(saved[-1])
    states = [record.state_at(n) for n in range(len(record.moves) + 1)]
    kept = read_review(record.comments, states)
    assert kept is not None and kept.moves[7].mark is Mark.BLUNDER


def position(run: TerminalApp) -> int:
    return int(run.state()["replay"][0])


def past(move: int) -> Callable[[TerminalApp], bool]:
    def after(run: TerminalApp) -> bool:
        return position(run) > move

    after.__name__ = f"past move {move}"
    return after


def moves_played(count: int) -> Callable[[TerminalApp], bool]:
    def played(run: TerminalApp) -> bool:
        return len(history(run)) == count

    played.__name__ = f"{count} moves played"
    return played


def test_x_can_be_cancelled_and_leaves_the_list_of_moves(app: Start, tmp_path: Path) -> None:
    run = app("--replay", str(planted_game(tmp_path)))
    run.wait_for("Move 9 of 9")
    run.send("x")
    run.wait_for("Reviewing")
    run.send("x")
    run.wait_for_all("Review cancelled", "Moves 9")


def test_the_graph_in_chinese_at_44x14(app: Start, tmp_path: Path) -> None:
    rules = Rules.tictactoe()
    record = GameRecord(
        rules, [parse_move(s, rules) for s in ["b2", "a1", "a2", "c2", "b1", "b3", "c1"]]
    )
    path = tmp_path / "small.sgf"
    save(record, path, Format.SGF)
    run = app("--replay", str(path), "--ascii", rows=14, cols=44, env=CHINESE)
    run.wait_for("7")
    run.send("x")
    run.wait_for("复盘完成", timeout=PATIENCE)
    run.wait_for_all("黑优", "白优", "#")
    assert all(len(line) <= 44 for line in run.text().splitlines())
