"""Renju, exact five and caro in the app, without a terminal: the Rule row, the names,
renju's forbidden points (marked, toggled with f, refused however they are played, never
hinted, never played by a black computer) and the rules on the help screen.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tictac_tui.choices import Board, First, Mode, Settings, offered_rules
from tictac_tui.engine import GameState, Move, Player, Rule, parse_move
from tictac_tui.strategies import NO_LIMIT, Difficulty, Limit
from tictac_tui.tui import helptext, layout, render, status
from tictac_tui.tui.canvas import TextCanvas
from tictac_tui.tui.keys import Command, command_for
from tictac_tui.tui.menu import Item
from tictac_tui.tui.messages import NO_MESSAGE
from tictac_tui.tui.model import Model
from tictac_tui.tui.screens import Screen
from tictac_tui.words import rule_name

DOUBLE_THREE = ["h8", "g7", "i8", "g9", "j9", "f8", "j10", "k7"]
"""Black (X) to move; J8 would make two open threes (H8-I8-J8 and J8-J9-J10)."""

OVERLINE_BAIT = ["h8", "a1", "i8", "c1", "j8", "e1", "l8", "a15", "m8", "c15"]
"""Black (X) to move; K8 would make seven in a row: a freestyle win, a renju overline."""

J8 = Move(7, 9)
K8 = Move(7, 10)
REFUSAL = "J8 is forbidden for black: double three"


def renju_game(moves: list[str], **choices: Any) -> Model:
    """A renju game on 15x15 (two players unless `choices` say otherwise) after `moves`."""
    settings = replace(Settings(game=Board.GOMOKU15, rule=Rule.RENJU, mode=Mode.HVH), **choices)
    model = Model(settings, seed=3, threads=False)
    model.handle(Command.SELECT, 0.0, 10)
    assert model.match is not None and model.match.rules.rule is settings.rule
    for text in moves:
        model.match.play(parse_move(text, model.match.rules), 0.0)
    return model


def press(model: Model, *keys: Command | str) -> None:
    """Press commands, or characters (typed text)."""
    for key in keys:
        if isinstance(key, str):
            for char in key:
                model.handle(command_for(ord(char)), 0.0, ord(char))
        else:
            model.handle(key, 0.0, 10 if key is Command.SELECT else -1)


def drawn(model: Model, *, ascii: bool = False, width: int = 80, height: int = 24) -> TextCanvas:
    canvas = TextCanvas(width, height, ascii=ascii)
    render.draw(canvas, model, 0.0)
    return canvas


def char_at(model: Model, canvas: TextCanvas, move: Move) -> str:
    """The character drawn at a square's centre."""
    assert model.match is not None
    lay = layout.game_layout(canvas.width, canvas.height, model.match.rules)
    assert lay is not None
    y, x = lay.center(move)
    return canvas.rows[y][x]


def screen(model: Model) -> Screen:
    """The model's screen (a call, so a type checker reads it afresh after each key)."""
    return model.screen


def state(model: Model) -> GameState:
    assert model.match is not None
    return model.match.state


# -- the Rule row, --rule's values, names ------------------------------------------------


def test_the_rule_row_offers_the_four_rules_by_their_names_on_gomoku_boards() -> None:
    model = Model(Settings(game=Board.GOMOKU15), threads=False)
    model.menu.highlight = Item.RULE
    shown = []
    for _ in Rule:
        shown.append(model.menu.value(Item.RULE))
        press(model, Command.RIGHT)
    assert shown == ["Freestyle", "Exact five", "Renju", "Caro"]
    assert model.menu.value(Item.RULE) == "Freestyle"  # round again


@pytest.mark.parametrize(
    ("size", "rules"),
    [
        ((15, 15, 5), list(Rule)),
        ((9, 12, 5), list(Rule)),
        ((7, 7, 4), [Rule.FREESTYLE, Rule.EXACT]),
        ((10, 10, 6), [Rule.FREESTYLE, Rule.EXACT]),
        ((3, 3, 3), [Rule.FREESTYLE]),
    ],
)
def test_renju_and_caro_are_offered_only_with_five_in_a_row(
    size: tuple[int, int, int], rules: list[Rule]
) -> None:
    assert list(offered_rules(*size)) == rules


def test_a_custom_board_without_five_in_a_row_plays_a_chosen_renju_as_freestyle() -> None:
    rows, cols, k = 9, 9, 4
    settings = Settings(game=Board.CUSTOM, rows=rows, cols=cols, k=k, rule=Rule.RENJU)
    model = Model(settings, threads=False)
    model.menu.highlight = Item.RULE
    assert model.menu.value(Item.RULE) == "Freestyle"
    press(model, Command.RIGHT, Command.RIGHT)
    assert model.menu.value(Item.RULE) == "Freestyle"  # Exact, then round: never Renju
    model.menu.highlight = Item.K
    press(model, Command.RIGHT)  # k = 5: now renju is offered
    model.menu.highlight = Item.RULE
    press(model, Command.RIGHT, Command.RIGHT)
    assert model.menu.value(Item.RULE) == "Renju"


def test_the_rule_rows_note_says_what_the_rule_is() -> None:
    model = Model(Settings(game=Board.GOMOKU15, rule=Rule.CARO), threads=False)
    assert model.menu.note(Item.RULE) == "Caro: five blocked at both ends won't win"
    model = Model(Settings(game=Board.GOMOKU15, rule=Rule.RENJU), threads=False)
    assert "Renju" in model.menu.note(Item.RULE) and "3-3" in model.menu.note(Item.RULE)
    assert all(len(note) <= layout.MIN_WIDTH - 2 for note in helptext.RULE_NOTES.values())


@pytest.mark.parametrize(
    ("rule", "name"),
    [
        (Rule.FREESTYLE, "Gomoku 15x15 (freestyle)"),
        (Rule.EXACT, "Gomoku 15x15 (exact five)"),
        (Rule.RENJU, "Gomoku 15x15 (Renju)"),
        (Rule.CARO, "Gomoku 15x15 (Caro)"),
    ],
)
def test_header_and_status_bar_name_the_rule(rule: Rule, name: str) -> None:
    model = Model(Settings(game=Board.GOMOKU15, rule=rule, mode=Mode.HVH), threads=False)
    press(model, Command.SELECT)
    text = drawn(model)
    assert text.rows[0] and "".join(text.rows[0]).rstrip().endswith(name)
    assert status.info_line(model, 80)[0].startswith(f"{name} | Two players")
    short = status.info_line(model, 44)[0]
    assert short.startswith("15x15" + ("" if rule is Rule.FREESTYLE else f" {rule.value}"))


# -- forbidden points: marked, toggled -----------------------------------------------------


@pytest.mark.parametrize("ascii", [False, True], ids=["lines", "ascii"])
def test_forbidden_points_are_marked_while_black_is_to_move(ascii: bool) -> None:
    model = renju_game(DOUBLE_THREE)
    assert state(model).forbidden_moves() == {J8}
    canvas = drawn(model, ascii=ascii)
    assert char_at(model, canvas, J8) == helptext.FORBIDDEN_MARK == "#"
    board = "".join("".join(row) for row in canvas.rows[: 1 + 17])  # title, labels, board
    assert board.count("#") == 1  # only there: not on other empty points
    assert "# forbidden" in status.info_line(model, 80)[0]
    press(model, "g", "a1", Command.SELECT)  # black plays elsewhere: white to move
    canvas = drawn(model, ascii=ascii)
    assert char_at(model, canvas, J8) != "#" and "#" not in "".join(map("".join, canvas.rows))


def test_the_mark_reads_on_the_medium_board_and_under_the_cursor() -> None:
    model = renju_game(DOUBLE_THREE)
    assert model.match is not None
    model.match.cursor = J8
    canvas = drawn(model, width=120, height=40)  # big enough for 3x1 squares in grid lines
    lay = layout.game_layout(120, 40, model.match.rules)
    assert lay is not None and lay.style is layout.MEDIUM
    assert char_at(model, canvas, J8) == "#"
    assert "forbidden" in render.square_marks(model, model.match)[J8]


def test_no_marks_under_the_other_rules_in_the_same_position() -> None:
    for rule in (Rule.FREESTYLE, Rule.EXACT, Rule.CARO):
        model = renju_game([], rule=rule)
        assert model.match is not None
        for text in DOUBLE_THREE:
            model.match.play(parse_move(text, model.match.rules), 0.0)
        assert "#" not in "".join(map("".join, drawn(model).rows))
        press(model, "f")
        assert model.message.text == f"No forbidden points under {rule_name(rule)}"
        assert model.show_forbidden


def test_f_hides_and_shows_the_marks() -> None:
    model = renju_game(DOUBLE_THREE)
    press(model, "f")
    assert not model.show_forbidden
    assert model.message.text == "Forbidden points hidden (f shows them)"
    assert char_at(model, drawn(model), J8) != "#"
    assert "forbidden" not in status.info_line(model, 80)[0]
    press(model, "g", "j8", Command.SELECT)  # hidden, but still forbidden
    assert model.message.text == REFUSAL
    press(model, "F")
    assert model.show_forbidden and model.message.text == "Forbidden points for X (black) marked #"
    assert char_at(model, drawn(model), J8) == "#"


def test_hidden_marks_stay_hidden_in_the_next_game() -> None:
    model = renju_game(DOUBLE_THREE)
    press(model, "f", "n", "y")
    for text in DOUBLE_THREE:
        assert model.match is not None
        model.match.play(parse_move(text, model.match.rules), 0.0)
    assert char_at(model, drawn(model), J8) != "#"


# -- forbidden points: refused -------------------------------------------------------------


def test_a_forbidden_point_is_refused_by_enter_typing_and_a_click() -> None:
    model = renju_game(DOUBLE_THREE)
    before = state(model)
    assert model.match is not None
    model.match.cursor = J8
    press(model, Command.SELECT)
    assert model.message.text == REFUSAL and state(model) is before
    press(model, "g", "j8", Command.SELECT)
    assert model.message.text == REFUSAL and state(model) is before
    model.message = NO_MESSAGE
    model.click(J8, 0.0)
    assert model.message.text == REFUSAL and state(model) is before
    press(model, "g", "k8", Command.SELECT)  # an allowed point next to it plays
    assert state(model).history[-1] == K8


def test_overline_is_refused_and_white_may_make_six() -> None:
    model = renju_game(OVERLINE_BAIT)
    press(model, "g", "k8", Command.SELECT)
    assert model.message.text == "K8 is forbidden for black: overline"
    assert state(model).move_count == len(OVERLINE_BAIT)


class Stubborn:
    """A player that always answers one square (a forbidden one, in these tests)."""

    name = "stubborn"

    def __init__(self, move: Move) -> None:
        self.move = move

    def supports(self, rules: object) -> bool:
        return True

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        return self.move


def test_a_hint_never_lands_on_a_forbidden_point() -> None:
    model = renju_game(DOUBLE_THREE)
    assert model.match is not None
    model.match.hinter = Stubborn(J8)
    press(model, Command.HINT)
    model.update(0.0)
    model.update(0.0)
    assert model.match.cursor != J8 and not model.match.hinted
    assert model.message.text == f"No hint: stubborn chose a forbidden point: {REFUSAL}"


def test_the_real_hint_avoids_the_overline_a_freestyle_hint_plays() -> None:
    model = renju_game(OVERLINE_BAIT)
    press(model, Command.HINT)
    model.update(0.0)
    model.update(0.0)
    assert model.match is not None and model.match.hinted
    assert model.match.cursor != K8 and model.message.text.startswith("Hint: ")


@pytest.mark.parametrize("level", list(Difficulty), ids=lambda d: d.value)
def test_a_black_computer_never_plays_a_forbidden_point(level: Difficulty) -> None:
    model = renju_game([], mode=Mode.HVC, first=First.COMPUTER, difficulty=level)
    assert model.match is not None and model.match.human == {Player.O}
    model.update(100.0)
    model.update(100.0)  # the computer's first move (X, black)
    model.match.state = GameState.new(model.match.rules)
    for text in OVERLINE_BAIT:
        model.match.state = model.match.state.play(parse_move(text, model.match.rules))
    model.match.last_move_at = 0.0
    model.update(100.0)
    model.update(100.0)
    placed = state(model)
    assert placed.move_count == len(OVERLINE_BAIT) + 1, model.message.text
    assert placed.history[-1] != K8
    assert not model.message.text  # a move of its own, not a refused one


def test_a_black_computer_choosing_a_forbidden_point_is_refused() -> None:
    model = renju_game([], mode=Mode.HVC, first=First.COMPUTER, difficulty=Difficulty.EASY)
    assert model.match is not None
    model.match.players[Player.X] = Stubborn(J8)
    model.match.state = GameState.new(model.match.rules)
    for text in DOUBLE_THREE:
        model.match.state = model.match.state.play(parse_move(text, model.match.rules))
    model.update(100.0)
    model.update(100.0)
    placed = state(model)
    assert placed.move_count == len(DOUBLE_THREE) + 1 and placed.history[-1] != J8
    assert f"chose a forbidden point: {REFUSAL}" in model.message.text
    assert "the Medium player moved instead" in model.message.text


# -- the help screen -----------------------------------------------------------------------


def test_help_explains_each_rule_in_two_or_three_lines() -> None:
    lines = helptext.rule_lines()
    for rule in Rule:
        (start,) = [i for i, line in enumerate(lines) if line.strip().startswith(rule_name(rule))]
        more = 1
        while start + more < len(lines) and lines[start + more].startswith(" " * 14):
            more += 1
        assert 2 <= more <= 3, rule
    assert all(len(line) <= 78 for line in helptext.help_lines())
    text = "\n".join(lines)
    for words in ("overline", "double three", "double four", "both", "exactly five"):
        assert words in text


def test_help_scrolls_to_the_rules_and_any_other_key_goes_back() -> None:
    model = renju_game(DOUBLE_THREE)
    press(model, "g", "j8", Command.SELECT)
    assert model.message.text == REFUSAL
    press(model, "?")
    assert model.screen is Screen.HELP

    def shown() -> str:
        return "\n".join(map("".join, drawn(model).rows))

    assert "Caro" not in shown() and "More below: Down scrolls" in shown()
    assert REFUSAL not in shown()  # the game's message waits for the game
    for _ in range(60):  # the help has grown (issue 27's keys)
        press(model, Command.DOWN)
    assert "Caro" in shown() and "Renju" in shown() and "More below" not in shown()
    assert "Up/Down scroll  any other key: back" in shown()
    bottom = shown()
    press(model, Command.UP)  # scrolling stopped at the end: one Up moves the text
    assert model.help_top == len(helptext.help_lines(78)) - 20 - 1 and shown() != bottom
    press(model, "x")
    assert screen(model) is Screen.GAME and REFUSAL in "\n".join(map("".join, drawn(model).rows))
    press(model, "?")
    assert model.help_top == 0  # from the top again


def test_help_wraps_on_narrow_terminals_and_scrolls_to_its_end() -> None:
    model = renju_game([])
    model.size = (44, 14)
    press(model, "?")
    lines = helptext.help_lines(42)
    assert all(len(line) <= 42 for line in lines) and any("Championship" in ln for ln in lines)
    for _ in range(150):
        press(model, Command.DOWN)
    assert model.help_top == len(lines) - 10
    canvas = "\n".join(map("".join, drawn(model, width=44, height=14).rows))
    assert "six+ always wins)." in canvas and "More below" not in canvas


def test_the_refusal_is_read_whole_at_44_columns_in_ascii() -> None:
    model = renju_game(
        ["d5", "c4", "e5", "c6", "f6", "b5", "f7", "g4"], game=Board.CUSTOM, rows=9, cols=9, k=5
    )
    canvas = drawn(model, ascii=True, width=44, height=14)
    assert char_at(model, canvas, Move(4, 5)) == "#"  # F5: a double three
    press(model, "g", "f5", Command.SELECT)
    canvas = drawn(model, ascii=True, width=44, height=14)
    assert "".join(canvas.rows[-3]).strip() == "F5 is forbidden for black: double three"
