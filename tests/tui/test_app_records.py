"""The real app in a pty, as a player uses records: the move list; save, quit, start and
resume; the game kept when the app ends any other way; open and replay; play from here;
--load and --replay; bad files."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from tictac_tui.engine import Rule, Rules
from tictac_tui.i18n.width import text_width
from tictac_tui.records import Format, GameRecord, Players, load, save

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .playing import more_moves_than, settled, start_game
from .terminal import TerminalApp

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]

HOME = b"\x1bOH"
END = b"\x1bOF"
OPENING = [(7, 7), (7, 8), (8, 8), (6, 6), (9, 9)]  # h8 i8 i9 g7 j10


def history(run: TerminalApp) -> list[str]:
    return list(run.state().get("history", []))


def saved_games(run: TerminalApp) -> list[Path]:
    folder = run.tmp / "data" / "games"
    return sorted(folder.glob("*.sgf")) if folder.exists() else []


def write_game(run_dir: Path, name: str, moves: list[tuple[int, int]], **kwargs: object) -> Path:
    """A record in the app's games folder, as if saved earlier."""
    folder = run_dir / "data" / "games"
    folder.mkdir(parents=True, exist_ok=True)
    record = GameRecord(Rules.gomoku(15), moves, Players("Ann", "Bob"), date="2026-05-01")
    path = folder / name
    save(record, path, Format.SGF)
    return path


def replay_at(position: int) -> Callable[[TerminalApp], bool]:
    def replay_position(run: TerminalApp) -> bool:
        return run.state().get("screen") == "replay" and run.state()["replay"][0] == position

    replay_position.__name__ = f"replay at move {position}"
    return replay_position


# -- the move list ------------------------------------------------------------------


def test_the_move_list_follows_the_game_beside_the_board(app: Start) -> None:
    run = start_game(app, "--game", "gomoku15", "--mode", "hvh")
    run.wait_for("Moves")
    run.send("enter")  # h8, where the cursor starts
    run.wait_for_all("Moves 1", "1. X H8")
    run.send("right", "enter")
    run.wait_for_all("Moves 2", "1. X H8", "2. O I8")


def test_the_move_list_is_an_overlay_on_a_narrow_terminal(app: Start) -> None:
    run = start_game(app, "--game", "gomoku15", "--mode", "hvh", rows=19, cols=44)
    run.send("enter")
    run.wait_for(lambda r: len(history(r)) == 1 and r.board_matches())
    assert "Moves" not in run.text()
    run.send("v")
    run.wait_for_all("Moves 1", "1. X H8")
    run.send("v")
    run.wait_for(lambda r: "Moves" not in r.text() and r.board_matches())


# -- save, quit, start, resume ---------------------------------------------------------


def test_save_quit_start_and_resume(app: Start) -> None:
    args = ("--game", "gomoku15", "--difficulty", "easy", "--first", "human", "--seed", "4")
    run = start_game(app, *args)
    run.send("enter")  # h8
    run.wait_for(lambda r: len(history(r)) == 2 and settled(r))  # the computer answered
    run.send("s")
    run.wait_for("Saved as 20")
    [saved] = saved_games(run)
    assert saved.name in run.text()
    record = load(saved)
    assert [m.lower() for m in history(run)] == [
        f"{chr(97 + m.col)}{m.row + 1}" for m in record.moves
    ]
    assert record.players == Players("You", "Computer (Easy)")
    run.send("up", "up", "left")
    run.wait_for(lambda r: r.state()["cursor"] == [5, 6])
    moves = history(run)
    run.send("q")
    run.wait_for("Quit?")
    run.send("y")
    assert run.wait_exit() == 0

    again = app(*args)
    again.wait_for("> Resume game")
    again.send("enter")
    again.wait_for(lambda r: r.state().get("screen") == "game" and r.board_matches())
    state = again.state()
    assert state["history"] == moves
    assert state["cursor"] == [5, 6]
    assert (state["mode"], state["human"], state["rules"]) == ("hvc", ["X"], [15, 15, 5])
    again.wait_for_all("You (X) vs", "Easy")
    again.send("enter")  # the person plays on: the computer answers
    again.wait_for(lambda r: len(history(r)) == len(moves) + 2 and settled(r))


def test_saving_twice_never_writes_over_a_file(app: Start) -> None:
    run = start_game(app, "--mode", "hvh")
    run.send("5")
    run.wait_for(more_moves_than(0))
    run.send("s")
    run.wait_for("Saved as")
    run.send("s")
    run.wait_for(lambda r: len(saved_games(r)) == 2)
    first, second = saved_games(run)
    assert first.read_text() == second.read_text()


def test_nothing_to_save_before_the_first_move(app: Start) -> None:
    run = start_game(app, "--mode", "hvh")
    run.send("s")
    run.wait_for("Nothing to save yet")
    assert saved_games(run) == []


@pytest.mark.parametrize("ending", ["ctrl-c", "sigterm", "sighup", "terminal closed"])
def test_the_game_is_kept_however_the_app_ends(app: Start, ending: str) -> None:
    run = start_game(app, "--mode", "hvh")
    run.send("5", "1")
    run.wait_for(more_moves_than(1))
    if ending == "ctrl-c":
        run.send("ctrl-c")
        assert run.wait_exit() == 130
    elif ending == "terminal closed":
        run.hang_up()
        assert run.wait_status() == 129
    else:
        number = signal.SIGTERM if ending == "sigterm" else signal.SIGHUP
        run.child.kill(number)
        assert run.wait_exit() == 128 + number
    kept = json.loads((run.tmp / "data" / "autosave.json").read_text())
    assert kept["settings"]["mode"] == "hvh"

    again = app()
    again.wait_for("> Resume game")
    again.send("enter")
    again.wait_for(lambda r: r.state().get("history") == ["b2", "a1"] and r.board_matches())


def test_a_finished_game_is_not_offered_again(app: Start) -> None:
    run = start_game(app, "--mode", "hvh")
    run.send("1", "4", "2", "5", "3")  # X wins on the top row
    run.wait_for("X wins")
    run.send("q")
    assert run.wait_exit() == 0
    assert not (run.tmp / "data" / "autosave.json").exists()
    again = app()
    again.wait_for("> Play")
    assert "Resume game" not in again.text()


def test_a_bad_autosave_is_kept_and_said(app: Start, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "autosave.json").write_text('{"version": 1, "record": "(;GM[4]SZ[15];B[hh];W[hh])"}')
    run = app()
    run.wait_for("autosave.json can't be resumed, kept as autosave.json.bad-")
    assert [p.name.startswith("autosave.json.bad-") for p in data.iterdir()] == [True]


# -- open, replay, play from here -------------------------------------------------------


def test_open_and_replay(app: Start) -> None:
    run = app()
    newest = write_game(run.tmp, "2026-05-01-ann-bob.sgf", OPENING)
    older = write_game(run.tmp, "older.sgf", OPENING[:2])
    broken = newest.with_name("broken.sgf")
    broken.write_text("(;GM[4]SZ[15];B[hh]")
    for age, path in enumerate((newest, older, broken)):
        os.utime(path, (1_700_000_000 - 3600 * age, 1_700_000_000 - 3600 * age))
    run.wait_for("> Play")
    run.send("o")
    run.wait_for_all("Open a saved game", "Ann vs Bob", "broken.sgf")
    screen = run.text().splitlines()
    header = screen[1].split()
    assert header == ["Date", "Board", "Players", "Result", "Moves"]
    lines = screen[2:5]
    assert lines[0].startswith("> ") and lines[0].rstrip().endswith(" 5")
    assert "15x15" in lines[0] and "Ann vs Bob" in lines[0] and "in progress" in lines[0]
    assert lines[1].startswith("  ") and lines[1].rstrip().endswith(" 2")
    assert "broken.sgf: line 1:" in lines[2]
    # the moves column is right-aligned under its header
    assert len(lines[0].rstrip()) == len(lines[1].rstrip()) == len(screen[1].rstrip())
    run.send("enter")
    run.wait_for(replay_at(5))
    run.wait_for_all("Move 5 of 5", "5. X J6")  # SGF's j10 from the top: J6, row 1 low
    run.wait_for(lambda r: r.board_matches())  # the screen read so far may lag the state
    run.send("left", "left")
    run.wait_for(replay_at(3))
    run.wait_for(lambda r: r.board_matches() and history(r) == ["h8", "i8", "i9"])
    run.send(HOME)
    run.wait_for(replay_at(0))
    run.wait_for(lambda r: r.board_matches() and r.board_on_screen() == ["." * 15] * 15)
    run.send(END)
    run.wait_for(replay_at(5))
    run.send("m")
    run.wait_for("> Play")


def test_a_broken_saved_game_gets_a_notice(app: Start) -> None:
    run = app()
    folder = run.tmp / "data" / "games"
    folder.mkdir(parents=True)
    (folder / "broken.sgf").write_text("(;GM[4]SZ[15];B[hh];W[hh])")
    run.wait_for("> Play")
    run.send("o")
    run.wait_for("broken.sgf")
    run.send("enter")
    run.wait_for("broken.sgf can't be opened: line 1: move 2 (W[hh])")
    assert (folder / "broken.sgf").read_text() == "(;GM[4]SZ[15];B[hh];W[hh])"


def test_play_from_here_with_a_friend_keeps_the_earlier_moves_for_undo(app: Start) -> None:
    run = app()
    write_game(run.tmp, "game.sgf", OPENING)
    run.wait_for("> Play")
    run.send("o")
    run.wait_for("Ann vs Bob")
    run.send("enter")
    run.wait_for(replay_at(5))
    run.send("left", "left")
    run.wait_for(replay_at(3))
    run.send("f")
    run.wait_for(lambda r: r.state().get("screen") == "game" and r.board_matches())
    assert history(run) == ["h8", "i8", "i9"] and run.state()["mode"] == "hvh"
    run.wait_for("O to move")
    run.send("u")
    run.wait_for(lambda r: history(r) == ["h8", "i8"] and r.board_matches())
    run.send("u", "u")
    run.wait_for(lambda r: history(r) == [] and r.board_matches())


def test_play_from_here_against_the_computer(app: Start) -> None:
    run = app("--difficulty", "easy", "--seed", "2")
    write_game(run.tmp, "game.sgf", OPENING)
    run.wait_for("> Play")
    run.send("o")
    run.wait_for("Ann vs Bob")
    run.send("enter")
    run.wait_for(replay_at(5))
    run.send("left")
    run.wait_for(replay_at(4))
    run.send("c")
    run.wait_for(lambda r: r.state().get("screen") == "game" and settled(r))
    assert run.state()["human"] == ["X"] and history(run) == ["h8", "i8", "i9", "g7"]
    run.send("g", "a1", "enter")
    run.wait_for(lambda r: len(history(r)) == 6 and settled(r))
    run.send("u")
    run.wait_for(lambda r: history(r) == ["h8", "i8", "i9", "g7"] and r.board_matches())


def test_replay_the_game_just_finished(app: Start) -> None:
    run = start_game(app, "--mode", "hvh")
    run.send("1", "4", "2", "5", "3")
    run.wait_for("X wins")
    run.send("r")
    run.wait_for(replay_at(0))
    run.send("right")
    run.wait_for(replay_at(1))
    assert history(run) == ["a1"]


# -- the command line --------------------------------------------------------------------


def test_load_starts_the_game_ready_to_continue(app: Start, tmp_path: Path) -> None:
    path = tmp_path / "game.psq"
    save(GameRecord(Rules.gomoku(15, rule=Rule.RENJU), OPENING), path)
    run = app("--load", str(path), "--mode", "hvh")
    run.wait_for(lambda r: r.state().get("screen") == "game" and r.board_matches())
    assert run.state()["rule"] == "renju" and history(run) == ["h8", "i8", "i9", "g7", "j10"]
    run.wait_for_all("Playing on from move 5", "O to move", "(Renju)")


def test_replay_option_opens_the_viewer(app: Start, tmp_path: Path) -> None:
    path = tmp_path / "game.sgf"
    save(GameRecord(Rules.gomoku(15), OPENING, Players("Ann", "Bob")), path)
    run = app("--replay", str(path))
    run.wait_for(replay_at(5))
    run.wait_for_all("Replay: game.sgf", "Ann vs Bob", "Move 5 of 5")


def autosave_now(run: TerminalApp) -> None:
    """Play two moves of a 3x3 game with a friend and quit: the game is autosaved."""
    run.send("5", "1")
    run.wait_for(more_moves_than(1))
    run.send("q", "y")
    assert run.wait_exit() == 0
    assert (run.tmp / "data" / "autosave.json").exists()


def test_replay_and_load_never_lose_the_autosaved_game(app: Start, tmp_path: Path) -> None:
    autosave_now(start_game(app, "--mode", "hvh"))
    kept = (tmp_path / "data" / "autosave.json").read_text()
    path = tmp_path / "game.sgf"
    save(GameRecord(Rules.gomoku(15), OPENING, Players("Ann", "Bob")), path)
    viewer = app("--replay", str(path))
    viewer.wait_for(replay_at(5))
    viewer.send("q")
    assert viewer.wait_exit() == 0
    assert (tmp_path / "data" / "autosave.json").read_text() == kept  # not offered: kept

    errors = tmp_path / "stderr.txt"
    loaded = app("--load", str(path), "--mode", "hvh", stderr=errors)
    loaded.wait_for(lambda r: r.state().get("screen") == "game" and len(history(r)) == 5)
    loaded.send("q", "y")
    assert loaded.wait_exit() == 0
    assert "The earlier game in progress was saved as" in errors.read_text()
    [earlier] = (tmp_path / "data" / "games").glob("*-3x3-freestyle.sgf")
    assert [(m.row, m.col) for m in load(earlier).moves] == [(1, 1), (0, 0)]
    again = app()  # the loaded game is the one offered now
    again.wait_for("> Resume game")
    again.send("enter")
    again.wait_for(lambda r: len(history(r)) == 5 and r.board_matches())


def test_a_bad_file_on_the_command_line_is_one_line_and_exit_2(app: Start, tmp_path: Path) -> None:
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;GM[4]SZ[15];B[hh];W[hh])")
    errors = tmp_path / "stderr.txt"
    run = app("--load", str(bad), stderr=errors)
    assert run.wait_exit() == 2
    assert errors.read_text() == (
        f"tictac: {bad}: line 1: move 2 (W[hh]): white plays on a square already taken "
        "(by move 1)\n"
    )


def test_a_renju_foul_replays_with_the_foul_named(app: Start, tmp_path: Path) -> None:
    path = tmp_path / "foul.sgf"
    path.write_text("(;GM[4]SZ[15]RU[Renju];B[fh];W[aa];B[gh];W[ca];B[hf];W[ea];B[hg];W[oo];B[hh])")
    run = app("--load", str(path))
    run.wait_for(replay_at(9))
    run.wait_for("The game in foul.sgf is over: here it is to replay")
    run.send("left")
    run.wait_for(replay_at(8))
    run.wait_for(lambda r: r.board_matches() and len(history(r)) == 8)
    run.send("right")
    run.wait_for("Move 9 of 9: O won by foul (black's H8: double three)")


def test_play_from_here_asks_before_throwing_a_game_away(app: Start) -> None:
    run = start_game(app, "--game", "gomoku15", "--mode", "hvh")
    write_game(run.tmp, "game.sgf", OPENING)
    run.send("enter")
    run.wait_for(more_moves_than(0))
    run.send("o")
    run.wait_for("Ann vs Bob")
    run.send("enter")
    run.wait_for(replay_at(5))
    run.send("f")
    run.wait_for("Play on from here? The game in progress is thrown away.")
    run.send("n")  # no: still in the viewer
    run.wait_for(lambda r: "Play on from here?" not in r.text() and replay_at(5)(r))
    run.send("f")
    run.wait_for("Play on from here?")
    run.send("y")
    run.wait_for(lambda r: r.state().get("screen") == "game" and len(history(r)) == 5)


# -- in Chinese -----------------------------------------------------------------------


def test_the_move_list_and_saving_in_chinese(app: Start) -> None:
    run = app("--lang", "zh", "--game", "gomoku15", "--rule", "renju", "--mode", "hvh")
    run.wait_for("> 开始")
    run.send("enter")
    run.wait_for("棋谱")
    run.send("enter")  # h8, where the cursor starts
    run.wait_for_all("棋谱 1", "1. 黑 H8")
    run.send("right", "enter")
    run.wait_for_all("棋谱 2", "2. 白 I8")
    run.send("s")
    run.wait_for("已保存为 20")
    [saved] = saved_games(run)
    assert saved.name in run.text()
    assert load(saved).players == Players("黑方", "白方")
    assert all(text_width(line) <= 80 for line in run.text().splitlines())


def test_open_and_replay_in_chinese(app: Start) -> None:
    run = app("--lang", "zh")
    write_game(run.tmp, "game.sgf", OPENING)
    run.wait_for("> 开始")
    run.send("o")
    run.wait_for_all("打开已保存的对局", "Ann 对 Bob", "未下完")
    screen = run.text().splitlines()
    assert screen[1].split() == ["日期", "棋盘", "棋手", "结果", "手数"]
    row = screen[2]
    assert row.startswith("> ") and row.rstrip().endswith(" 5")
    # the moves column ends under its header, counted in display columns
    assert text_width(row.rstrip()) == text_width(screen[1].rstrip())
    run.send("enter")
    run.wait_for(replay_at(5))
    run.wait_for_all("第 5 手，共 5 手", "5. 黑 J6", "复盘")
    run.send("left")
    run.wait_for(replay_at(4))
    run.wait_for("第 4 手，共 5 手")
    run.wait_for(lambda r: r.board_matches())
    assert all(text_width(line) <= 80 for line in run.text().splitlines())
