"""The real app in a pty: what players asked for, tried as a player would.

Medium on the first run, dimmed menu rows, `n` asking, typed squares,
the Rule row and `--rule`, computer vs computer controls, scores with
abandoned games and hints, the statistics reset, and the smallest sizes.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .playing import more_moves_than, play_out, settled, start_game
from .terminal import TerminalApp
from .tictactoe import best_move

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]


def settled_after(count: int) -> Callable[[TerminalApp], bool]:
    """A condition: more than `count` moves are played and the board has settled."""
    more = more_moves_than(count)

    def moved_and_settled(run: TerminalApp) -> bool:
        return more(run) and settled(run)

    return moved_and_settled


def history(run: TerminalApp) -> list[str]:
    return list(run.state().get("history", []))


def test_the_first_run_plays_medium(app: Start) -> None:
    run = app()
    run.wait_for_all("> Play", "Difficulty", "Medium")
    run.send("enter")
    run.wait_for_all("You (X) vs computer | Medium", "You 0  Computer 0  Draws 0")


def test_rows_two_players_dont_use_are_dimmed_and_skipped(app: Start) -> None:
    run = app("--mode", "hvh")
    run.wait_for("> Play")
    run.send("down", "down")  # Game, then Mode: Rule is dimmed on 3x3
    run.wait_for("< Two players >")
    run.send("down")  # Who goes first and Difficulty are skipped
    run.wait_for("> Clock")


def test_n_asks_before_throwing_a_game_away_and_counts_it(app: Start) -> None:
    run = start_game(app, "--difficulty", "easy", "--seed", "5")
    run.send("5")
    run.wait_for(lambda r: len(history(r)) == 2 and settled(r))
    run.send("n")
    run.wait_for("New game? This one counts as a loss. y: yes, any other key: no")
    run.send("x")  # no
    run.wait_for(lambda r: "New game?" not in r.text() and "Your move (X)" in r.text())
    assert len(history(run)) == 2
    run.send("n")
    run.wait_for("New game? This one counts as a loss.")
    run.send("y")
    run.wait_for(lambda r: history(r) == [] and "You 0  Computer 1  Draws 0" in r.text())
    saved = json.loads((run.tmp / "config" / "statistics.json").read_text())
    (record,) = saved["records"]
    assert record["losses"] == 1 and record["abandoned"] == 1


def test_a_typed_square_plays_there(app: Start) -> None:
    run = start_game(app, "--game", "gomoku15", "--mode", "hvh")
    run.send("g")
    run.wait_for("Go to square")
    run.send("h8", "enter")
    run.wait_for(lambda r: history(r) == ["h8"] and r.state()["cursor"] == [7, 7])
    run.send(":", "q9", "enter")  # typed text is text: q is not quit here
    run.wait_for("Q9 is not on the board: column q is off a 15x15 board")
    assert history(run) == ["h8"]


def test_exact_five_from_the_menu_shows_in_header_and_status(app: Start) -> None:
    run = app("--game", "gomoku15", "--mode", "hvh")
    run.wait_for("> Play")
    run.send("down", "down", "down")  # Set up a position, Game, Rule
    run.wait_for("< Freestyle >")
    run.send("right")
    run.wait_for("< Exact five >")
    run.send("up", "up", "up", "enter")
    run.wait_for_all("Gomoku 15x15 (exact five)", "Gomoku 15x15 (exact five) | Two players")
    run.wait_for(lambda r: r.state()["rule"] == "exact")  # the state file follows the drawing


def test_rule_on_the_command_line(app: Start) -> None:
    run = start_game(app, "--game", "gomoku19", "--rule", "exact", "--mode", "hvh")
    run.wait_for("Gomoku 19x19 (exact five) | Two players")
    run.wait_for(lambda r: r.state()["rule"] == "exact")  # the state file follows the drawing
    refused = app("--rule", "exact")  # tic-tac-toe has no overlines: freestyle only
    assert refused.wait_exit() == 2
    assert b"--rule: exact is not played on Tic-tac-toe 3x3" in refused.raw


def test_computers_with_a_difficulty_each_step_while_paused(app: Start) -> None:
    # Medium, not Hard: against Hard the bar adds "solved: ..." and shortens the speed away.
    args = (
        "--mode",
        "cvc",
        "--x-difficulty",
        "medium",
        "--o-difficulty",
        "easy",
        "--speed",
        "slow",
    )
    run = app(*args, "--seed", "2")
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for("Computers: X Medium vs O Easy | Slow")
    run.send("p")
    run.wait_for(lambda r: r.state()["paused"] and "Paused: p resumes" in r.text())
    assert run.text().count("Paused") == 1  # said once
    moves = len(history(run))
    run.send(".")
    run.wait_for(lambda r: len(history(r)) == moves + 1 and r.board_matches())
    assert run.state()["paused"]
    run.send("+", "+")
    run.wait_for("Computers: X Medium vs O Easy | Fast")
    run.send("p")
    run.wait_for(lambda r: r.state()["over"] and r.board_matches())


def test_a_win_with_hints_is_marked(app: Start) -> None:
    run = start_game(app, "--difficulty", "easy", "--first", "human", "--seed", "3")
    while not run.state()["over"]:
        before = len(history(run))
        run.send("t")
        run.wait_for(lambda r: "Hint: " in r.text())
        run.send("enter")  # play the hinted square
        run.wait_for(settled_after(before))
    run.wait_for_all("You win! (with a hint)", "You 1  Computer 0  Draws 0")


def test_statistics_can_be_reset_after_a_question(app: Start) -> None:
    run = start_game(app, "--difficulty", "easy", "--first", "human", "--seed", "3")
    play_out(run, best_move, "digits")
    run.wait_for("You win!")
    run.send("m", "up", "up", "up", "enter")  # Quit, Help, Statistics
    run.wait_for_all("Against the computer", "Tic-tac-toe 3x3", "r reset")
    run.send("r")
    run.wait_for("Reset all statistics? y: yes, any other key: no")
    run.send("y")
    run.wait_for_all("No games yet.", "Statistics reset")
    saved = json.loads((run.tmp / "config" / "statistics.json").read_text())
    assert saved["records"] == []


def test_the_smallest_terminal_keeps_the_score_and_the_notice_reads(app: Start) -> None:
    run = start_game(app, "--game", "gomoku15", "--rule", "exact", rows=19, cols=44)
    run.wait_for(lambda r: settled(r) and "You 0  Computer 0  Draws 0" in r.text())
    assert "15x15 exact" in run.text().splitlines()[-2]
    run.resize(14, 44)
    run.wait_for_all("Make the terminal", "44 x 19")
    run.resize(3, 10)
    run.wait_for_all("Too small", "44x19", "now 10x3")
    run.resize(19, 44)
    run.wait_for(lambda r: r.state()["size"] == [44, 19] and settled(r))
