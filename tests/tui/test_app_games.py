"""The real app in a pty: the menu, whole 3x3 games, taken squares, undo, hints, help."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest

from tictac_tui.engine import Move

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .playing import play_out, settled, start_game
from .terminal import TerminalApp, mouse_click
from .tictactoe import best_move, worst_move

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]


def test_menu_appears_with_play_highlighted(app: Start) -> None:
    run = app()
    items = ("Game", "Tic-tac-toe 3x3", "Mode", "Who goes first", "Difficulty", "Statistics")
    run.wait_for_all("> Play", *items, "Help", "Quit")


def test_menu_changes_difficulty_and_first_and_remembers_them(app: Start) -> None:
    run = app()
    run.wait_for("> Play")
    run.send("down", "down", "down")  # Game, Mode (Rule is dimmed on 3x3), Who goes first
    run.wait_for("< You >")
    run.send("right")
    run.wait_for("< Computer >")
    run.send("down", "right")  # Difficulty: Medium (the first run's) -> Hard
    run.wait_for("< Hard >")
    run.send("q")
    assert run.wait_exit() == 0
    saved = json.loads((run.tmp / "config" / "settings.json").read_text())
    assert saved["difficulty"] == "hard" and saved["first"] == "computer"
    assert saved["rule"] == "freestyle" and saved["speed"] == "normal"
    again = app()
    again.wait_for(lambda r: all(w in r.text() for w in ("> Play", "Computer", "Hard")))
    again.send("enter")
    again.wait_for(lambda r: settled(r) and "Your move (O)" in r.text())
    assert again.engine_state().move_count == 1  # type: ignore[union-attr]


def test_win_against_easy_by_digits(app: Start) -> None:
    run = start_game(app, "--difficulty", "easy", "--first", "human", "--seed", "3")
    final = play_out(run, best_move, "digits")
    assert final.winner is not None and final.winner in run.human()
    run.wait_for(lambda r: "You win!" in r.text() and "You 1  Computer 0  Draws 0" in r.text())


def test_lose_against_hard_by_arrows(app: Start) -> None:
    run = start_game(app, "--difficulty", "hard", "--first", "human", "--seed", "1")
    final = play_out(run, worst_move, "arrows")
    assert final.winner is not None and final.winner not in run.human()
    run.wait_for(lambda r: "Computer wins" in r.text() and "You 0  Computer 1  Draws 0" in r.text())


def test_draw_against_hard_by_digits(app: Start) -> None:
    run = start_game(app, "--difficulty", "hard", "--first", "computer", "--seed", "2")
    final = play_out(run, best_move, "digits")
    assert final.is_draw
    run.wait_for("Draw")


def test_medium_game_by_arrows_then_play_again(app: Start) -> None:
    run = start_game(app, "--difficulty", "medium", "--first", "alternate", "--seed", "4")
    assert run.human() == {run.engine_state().to_move}  # type: ignore[union-attr]
    final = play_out(run, best_move, "arrows")
    assert final.winner is None or final.winner in run.human()
    run.wait_for("You win!" if final.winner else "Draw")
    run.send("enter")  # play again: Alternate swaps, the computer starts
    run.wait_for(lambda r: r.state().get("human") == ["O"] and "Your move (O)" in r.text())


def test_taken_square_is_refused(app: Start) -> None:
    run = start_game(app, "--difficulty", "easy", "--seed", "5")
    run.send("5")
    run.wait_for(lambda r: len(r.state()["history"]) == 2 and settled(r))
    history = run.state()["history"]
    run.send("5")
    run.wait_for("That square is taken")
    assert run.state()["history"] == history
    computer = history[1]
    run.send(str("abc".index(computer[0]) + 1 + 3 * (int(computer[1]) - 1)))
    run.wait_for(lambda r: r.state()["message"] == "That square is taken")
    assert run.state()["history"] == history
    run.wait_for(lambda r: r.board_matches())  # the screen read so far may lag the state


def test_undo_goes_back_to_your_previous_turn(app: Start) -> None:
    run = start_game(app, "--difficulty", "easy", "--seed", "6")
    run.send("1")
    run.wait_for(lambda r: len(r.state()["history"]) == 2 and settled(r))
    run.send("9" if run.state()["history"][1] != "c3" else "8")
    run.wait_for(lambda r: len(r.state()["history"]) == 4 and settled(r))
    run.send("u")
    run.wait_for(lambda r: len(r.state()["history"]) == 2 and settled(r))
    run.send("u")
    run.wait_for(lambda r: r.state()["history"] == [] and settled(r))
    run.wait_for("Your move (X)")
    run.send("u")
    run.wait_for("Nothing to undo")


def test_mouse_click_plays_the_square(app: Start) -> None:
    run = start_game(app, "--difficulty", "easy", "--seed", "7")
    lay = run.game_layout()
    assert lay is not None
    y, x = lay.center(Move(2, 0))
    run.send(mouse_click(y, x))
    run.wait_for(lambda r: r.state()["history"][:1] == ["a3"] and settled(r))


def test_hint_moves_the_cursor_and_names_the_square_by_its_digit(app: Start) -> None:
    run = start_game(app, "--difficulty", "hard", "--first", "computer", "--seed", "8")
    run.send("t")

    def hint_shown(r: TerminalApp) -> bool:
        row, col = r.state()["cursor"]
        return f"Hint: {row * 3 + col + 1}" in r.text()

    run.wait_for(hint_shown)


def test_help_screen_and_back(app: Start) -> None:
    run = start_game(app, rows=90)  # the whole help on one page
    run.send("?")
    words = ("Get k in a row", "undo", "hint", "menu", "Ctrl-C", "any other key: back")
    run.wait_for(lambda r: all(w in r.text() for w in words))
    run.send("x")
    run.wait_for(lambda r: settled(r) and "Your move (X)" in r.text())


def test_menu_key_and_resume(app: Start) -> None:
    run = start_game(app, "--seed", "9")
    run.send("5")
    run.wait_for(lambda r: len(r.state()["history"]) == 2 and settled(r))
    run.send("m")
    run.wait_for("> Resume game")
    run.send("esc")
    run.wait_for(settled)
    assert len(run.state()["history"]) == 2


def test_gomoku_board_fits_80x24(app: Start) -> None:
    run = start_game(app, "--game", "gomoku19", "--difficulty", "medium", "--seed", "1")
    run.wait_for_all("A B C D E F G H I J K L M N O P Q R S", "19 ")
    run.send("enter")
    run.wait_for(lambda r: len(r.state()["history"]) == 2 and settled(r))
    assert run.state()["history"][0] == "j10"


def test_computer_vs_computer_plays_and_pauses(app: Start) -> None:
    run = app("--mode", "cvc", "--difficulty", "hard", "--seed", "1")
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for(lambda r: len(r.state().get("history", [])) >= 1)
    run.send("p")
    run.wait_for(lambda r: r.state().get("paused") is True)
    paused_at = run.state()["history"]
    run.wait_for("Paused")
    assert run.state()["history"] == paused_at
    run.send("p")
    run.wait_for(lambda r: r.state().get("over") is True and r.board_matches())
    run.wait_for("Draw")  # perfect against perfect


def test_statistics_are_kept_and_shown_from_the_menu(app: Start) -> None:
    run = start_game(app, "--difficulty", "easy", "--first", "human", "--seed", "3")
    play_out(run, best_move, "digits")
    run.wait_for("You win!")
    run.send("q")
    assert run.wait_exit() == 0
    again = app()
    again.wait_for("> Play")
    again.send("up", "up", "up", "enter")  # Quit, Help, Statistics

    def easy_rows(r: TerminalApp) -> list[list[str]]:
        return [
            line.split()
            for line in r.text().splitlines()
            if line.split()[:2] == ["Tic-tac-toe", "3x3"] and "Easy" in line
        ]

    def easy_row_drawn(r: TerminalApp) -> bool:
        # The whole row: the screen read so far can end inside it, before its counts.
        return any(all(field.isdigit() for field in row[-3:]) for row in easy_rows(r))

    again.wait_for(easy_row_drawn)
    assert [row[-3:] for row in easy_rows(again)] == [["1", "0", "0"]]


def test_ascii_and_no_colour(app: Start) -> None:
    run = start_game(app, "--ascii", "--no-color", "--game", "custom", "--rows", "5", "--cols", "5")
    run.wait_for_all("+---+---+---+---+---+", "arrows+Enter or g play")  # the board, the last line
    text = run.text()
    assert not any(ch in text for ch in "─│┌┼")
    assert b"\x1b(0" not in run.raw  # no switch to the line-drawing character set
    for params in re.findall(rb"\x1b\[([0-9;]*)m", bytes(run.raw)):
        codes = {int(p) for p in params.split(b";") if p}
        assert not codes & {*range(30, 39), *range(40, 49)}, params  # no colour, not even black


def test_mouse_chooses_a_menu_item(app: Start) -> None:
    run = app()
    run.wait_for_all("> Play", "Statistics", "Quit")
    line = next(i for i, text in enumerate(run.text().splitlines()) if "Statistics" in text)
    column = run.text().splitlines()[line].index("Statistics")
    run.send(mouse_click(line, column))
    run.wait_for("No games yet.")
