"""The real app in a pty, played as a person would: choosing Renju (or Caro) in the
menu or with --rule, seeing a forbidden point's mark, hiding and showing it with f, trying
to play it and reading the refusal; the rules on the help screen.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tictac_tui.engine import RowOrigin, Rules, name_square, parse_move

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .terminal import TerminalApp, mouse_click

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]

DOUBLE_THREE = ["h8", "g7", "i8", "g9", "j9", "f8", "j10", "k7"]
"""Black (X) to move next; J8 would make two open threes."""

REFUSAL = "J8 is forbidden for black: double three"


def history(run: TerminalApp) -> list[str]:
    return list(run.state().get("history", []))


def type_moves(run: TerminalApp, moves: list[str]) -> None:
    """Play each move by typing its square (g, the square, Enter), one after another:
    `moves` are the engine's names (rows from the top, as the state file's history), typed
    as the board names them (row 1 at the bottom)."""
    run.wait_for(lambda r: "rules" in r.state())  # the state file follows the drawing
    rules = Rules(*run.state()["rules"])
    for square in moves:
        after = played(len(history(run)) + 1)
        run.send("g", name_square(rules, parse_move(square, rules), RowOrigin.BOTTOM), "enter")
        run.wait_for(after)


def played(count: int) -> Callable[[TerminalApp], bool]:
    """A condition: `count` moves are played and the board shows them."""

    def shown(run: TerminalApp) -> bool:
        return len(history(run)) == count and run.board_matches()

    return shown


def shown_at(run: TerminalApp, square: str) -> str:
    """The character the board shows at a square's centre ("" if no board is shown)."""
    lay = run.game_layout()
    if lay is None:
        return ""
    y, x = lay.center(parse_move(square, lay.rules))
    return str(run.screen.buffer[y][x].data)


def screen_of(square: str, run: TerminalApp) -> tuple[int, int]:
    lay = run.game_layout()
    assert lay is not None
    return lay.center(parse_move(square, lay.rules))


def test_renju_from_the_menu_marks_toggles_and_refuses_a_forbidden_point(app: Start) -> None:
    run = app("--game", "gomoku15", "--mode", "hvh")
    run.wait_for("> Play")
    run.send("down", "down", "down")  # Set up a position, Game, Rule
    run.wait_for("< Freestyle >")
    run.send("right", "right")
    run.wait_for_all("< Renju >", "Renju: X can't play 3-3, 4-4 or overlines")
    run.send("up", "up", "up", "enter")
    run.wait_for_all("Gomoku 15x15 (Renju)", "Gomoku 15x15 (Renju) | Two players")
    run.wait_for(lambda r: r.state()["rule"] == "renju")  # the state file follows the drawing

    type_moves(run, DOUBLE_THREE)
    run.wait_for(lambda r: shown_at(r, "j8") == "#" and "# forbidden" in r.text())
    assert run.text().count("#") == 2  # the mark, and its word in the status bar

    run.send("f")
    run.wait_for("Forbidden points hidden (f shows them)")
    run.wait_for(lambda r: shown_at(r, "j8") not in ("#", "") and "# forbidden" not in r.text())
    run.send("f")
    run.wait_for("Forbidden points for X (black) marked #")
    run.wait_for(lambda r: shown_at(r, "j8") == "#")

    run.send("g", "j8", "enter")
    run.wait_for(REFUSAL)
    assert history(run) == DOUBLE_THREE and shown_at(run, "j8") == "#"
    run.send("g", "o15", "enter")  # X plays elsewhere; O to move: no marks
    run.wait_for(lambda r: len(history(r)) == len(DOUBLE_THREE) + 1 and "#" not in r.text())
    run.send("g", "a1", "enter")  # X to move again: J8 is still a double three
    run.wait_for(lambda r: len(history(r)) == len(DOUBLE_THREE) + 2 and "# forbidden" in r.text())
    run.send(mouse_click(*screen_of("j8", run)))
    run.wait_for(REFUSAL)
    assert len(history(run)) == len(DOUBLE_THREE) + 2


def test_rule_renju_on_the_command_line_in_ascii_without_colour(app: Start) -> None:
    args = ("--game", "gomoku15", "--rule", "renju", "--mode", "hvh", "--ascii", "--no-color")
    run = app(*args)
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for("Gomoku 15x15 (Renju) | Two players")
    type_moves(run, DOUBLE_THREE)
    run.wait_for(lambda r: shown_at(r, "j8") == "#" and shown_at(r, "j9") == "X")
    assert shown_at(run, "k8") == "."
    run.send("g", "j8", "enter")
    run.wait_for(REFUSAL)
    assert history(run) == DOUBLE_THREE


def test_renju_needs_five_in_a_row(app: Start) -> None:
    refused = app("--game", "custom", "--rows", "9", "--cols", "9", "--k", "4", "--rule", "renju")
    assert refused.wait_exit() == 2
    assert b"--rule: renju is not played on 9x9, 4 in a row" in refused.raw


def test_caro_is_named_and_a_blocked_five_plays_on(app: Start) -> None:
    run = app("--game", "gomoku15", "--rule", "caro", "--mode", "hvh")
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for("Gomoku 15x15 (Caro) | Two players")
    # X makes C8-G8 between O's B8 and H8: blocked at both ends, no win under caro.
    type_moves(run, ["c8", "b8", "d8", "h8", "e8", "a1", "f8", "a3", "g8"])
    run.wait_for(lambda r: "O to move" in r.text() and len(r.state()["history"]) == 9)
    assert not run.state()["over"] and "wins" not in run.text()


def test_help_explains_the_four_rules(app: Start) -> None:
    run = app("--game", "gomoku15")
    run.wait_for("> Play")
    run.send("?")
    run.wait_for_all("More below: Down scrolls", "Up/Down scroll  any other key: back")
    run.send(*["down"] * 60)
    words = ("Freestyle", "Exact five", "Renju", "Caro", "double three", "both")
    # at the end: every rule's words shown and nothing more below (all the Downs taken)
    run.wait_for(lambda r: all(w in r.text() for w in words) and "More below" not in r.text())
    run.send("x")
    run.wait_for("> Play")
