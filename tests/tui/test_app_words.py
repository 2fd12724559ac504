"""What the app says, in the model: squares typed by their own names, why a five did not
win, the rule's name for the board's k, and statistics in order of strength."""

from __future__ import annotations

from tictac_tui import i18n
from tictac_tui.choices import Board, Mode, PluginPlayer, Settings
from tictac_tui.engine import GameState, Move, Rule
from tictac_tui.i18n.width import ELLIPSIS, text_width
from tictac_tui.scores import Record, Result, ScoreKey, listing_order
from tictac_tui.strategies import Difficulty
from tictac_tui.tui import render, status
from tictac_tui.tui.canvas import TextCanvas
from tictac_tui.tui.keys import Command
from tictac_tui.tui.menu import Item
from tictac_tui.tui.messages import Message, Tone
from tictac_tui.tui.model import Model
from tictac_tui.words import rule_name

from .test_model import computer_plays, game, press


def test_the_prompt_on_3x3_takes_the_squares_digits() -> None:
    model = game(Settings(mode=Mode.HVH))
    press(model, "g", "7", Command.SELECT)
    assert model.match is not None
    assert model.match.state.history == (Move(2, 0),)
    assert model.message.text == ""
    press(model, "g", "0", Command.SELECT)
    assert model.message.text == "0 is not a square: type a digit 1-9"
    assert model.match.state.move_count == 1


def test_the_prompt_example_is_a_square_of_the_board() -> None:
    small = game(Settings(mode=Mode.HVH))
    press(small, "g")
    assert "(e.g. 5," in status.message(small).text
    assert "like 5 " in status.key_hint(small, 78)
    big = game(Settings(game=Board.GOMOKU19, mode=Mode.HVH))
    press(big, "g")
    assert "(e.g. j10," in status.message(big).text
    press(big, Command.MENU, "5")
    assert big.message.text.endswith("like j10")


def test_exact_on_a_custom_board_is_named_with_its_k() -> None:
    custom = Settings(game=Board.CUSTOM, rows=7, cols=7, k=4, rule=Rule.EXACT, mode=Mode.HVH)
    model = Model(custom, seed=1, threads=False)
    values = {row.item: row.value for row in model.menu.rows(False)}
    assert values[Item.RULE] == "Exactly 4"
    model.menu.highlight = Item.RULE
    assert model.menu.note(Item.RULE) == "Exactly 4: 4 in a row wins, not more"
    assert rule_name(Rule.EXACT, 4) == "Exactly 4"
    assert rule_name(Rule.EXACT, 5) == "Exact five"
    key = ScoreKey(7, 7, 4, Rule.EXACT, Mode.HVH, ())
    assert "Exact five" not in key.game_label
    playing = game(custom)
    press(playing, Command.FORBIDDEN)
    assert playing.message.text == "No forbidden points under Exactly 4"


def test_exact_with_its_k_in_chinese() -> None:
    i18n.set_language("zh")
    try:
        assert rule_name(Rule.EXACT, 4) == "恰好4连"
        assert rule_name(Rule.EXACT, 5) == "长连不胜"
    finally:
        i18n.set_language("en")


def test_statistics_are_listed_by_strength() -> None:
    model = Model(Settings(), threads=False)
    levels = (Difficulty.HARD, Difficulty.EASY, Difficulty.MEDIUM)
    keys = [ScoreKey(3, 3, 3, Rule.FREESTYLE, Mode.HVC, (level,)) for level in levels]
    model.session.statistics = {key: Record(wins=1) for key in keys}
    shown = [line.split()[2] for line in render.stats_lines(model) if line.startswith("Tic")]
    assert shown == ["Easy", "Medium", "Hard"]
    for key in keys:
        model.session.count(key, Result.WIN)
    summary = model.session.summary().splitlines()[1:]
    assert [line.split("(")[1].split(")")[0] for line in summary] == ["Easy", "Medium", "Hard"]
    plugin = ScoreKey(3, 3, 3, Rule.FREESTYLE, Mode.HVC, (PluginPlayer("aaa"),))
    assert sorted([plugin, *keys], key=listing_order)[-1] == plugin


SIX = ["a1", "a9", "b1", "b9", "c1", "c9", "e1", "d9", "f1", "o15", "d1"]
"""X's six in a row on row 1 (d1 last), O's stones far away."""


def typed(model: Model, *squares: str) -> None:
    for square in squares:
        press(model, "g", square, Command.SELECT)


def test_an_overline_under_exact_five_says_why_it_did_not_win() -> None:
    model = game(Settings(game=Board.GOMOKU15, rule=Rule.EXACT, mode=Mode.HVH))
    typed(model, *SIX)
    assert model.match is not None and not model.match.over
    assert model.message.text == "Six in a row doesn't win under exact five"
    assert status.message(model).text == "Six in a row doesn't win under exact five"
    typed(model, "o14")
    assert model.message.text == ""


def test_a_blocked_five_under_caro_and_an_overline_of_exactly_4() -> None:
    caro = game(Settings(game=Board.GOMOKU15, rule=Rule.CARO, mode=Mode.HVH))
    typed(caro, "b2", "a2", "c2", "g2", "d2", "a9", "e2", "b9", "f2")
    assert caro.message.text == "A five blocked at both ends doesn't win under caro"
    four = Settings(game=Board.CUSTOM, rows=7, cols=7, k=4, rule=Rule.EXACT, mode=Mode.HVH)
    custom = game(four)
    typed(custom, "a1", "a7", "b1", "b7", "d1", "c7", "e1", "g5", "c1")
    assert custom.message.text == "5 in a row doesn't win: exactly 4 wins"


def drawn(model: Model, width: int, height: int) -> list[str]:
    canvas = TextCanvas(width, height, ascii=True)
    render.draw(canvas, model, 0.0)
    return canvas.text().splitlines()


def words_whole(line: str, text: str) -> bool:
    """`line` shows `text` whole, or a start of it ending between words with an ellipsis."""
    shown = line.strip()
    if shown == text:
        return True
    kept = shown.removesuffix(ELLIPSIS)
    return shown.endswith(ELLIPSIS) and text.startswith(kept) and text[len(kept)] in " ,:"


def test_at_44_columns_a_refusal_has_a_form_that_fits() -> None:
    model = game(Settings(game=Board.GOMOKU15, mode=Mode.HVH))
    press(model, "5")
    lines = drawn(model, 44, 19)  # the board leaves no row spare
    assert lines[-3].strip() == "Type g and a square, like h8"


def test_at_44_columns_a_long_message_wraps_onto_a_spare_row() -> None:
    model = game(Settings(mode=Mode.HVH))
    long = "Six in a row doesn't win under exact five, and this goes on"
    model.message = Message(long, Tone.NOTE)
    lines = drawn(model, 44, 24)
    assert [lines[-4].strip(), lines[-3].strip()] == [
        "Six in a row doesn't win under exact five,",
        "and this goes on",
    ]
    cramped = drawn(model, 44, 14)  # no row spare under the 3x3 board
    assert words_whole(cramped[-3], long), cramped[-3]


def test_at_44_columns_whose_turn_moves_up_rather_than_cut_the_message() -> None:
    four = Settings(game=Board.CUSTOM, rows=7, cols=7, k=4, rule=Rule.EXACT, mode=Mode.HVH)
    model = game(four)
    typed(model, "a1", "a7", "b1", "b7", "d1", "c7", "e1", "g5", "c1")
    lines = drawn(model, 44, 24)
    assert lines[-3].strip() == "5 in a row doesn't win: exactly 4 wins"
    assert lines[-4].strip() == "O to move"


def test_at_44_columns_the_prompt_keeps_what_is_typed() -> None:
    model = game(Settings(game=Board.GOMOKU15, mode=Mode.HVH))
    press(model, "g", "h8")
    lines = drawn(model, 44, 19)
    assert lines[-3].strip().endswith("h8_")
    assert "e.g. h8" in lines[-3]


def test_message_lines_picks_whole_wrapped_short_or_cut() -> None:
    said = Message("Digits play on 3x3 only: type g and a square, like h8", short="g, then h8")
    assert status.message_lines(said, 60, 1) == [said.text]
    assert status.message_lines(said, 42, 2) == [
        "Digits play on 3x3 only: type g and a",
        "square, like h8",
    ]
    assert status.message_lines(said, 42, 1) == ["g, then h8"]
    assert status.message_lines(Message(said.text), 42, 1) == [
        "Digits play on 3x3 only: type g and a" + ELLIPSIS
    ]
    chinese = Message("数字键只用于 3x3：请按 g 再输入落点，例如 h8")
    assert all(text_width(line) <= 20 for line in status.message_lines(chinese, 20, 2))


def test_against_the_computer_the_reason_stays_after_its_reply() -> None:
    model = game(Settings(game=Board.GOMOKU15, rule=Rule.EXACT))
    assert model.match is not None
    scattered = ["a1", "a9", "b1", "c9", "c1", "e9", "e1", "g9", "f1", "o15"]  # O has no four
    model.match.state = GameState.from_moves(model.match.rules, scattered)
    typed(model, "d15")  # the engine's d1 (rows from the top) is the board's d15
    assert model.message.text == "Six in a row doesn't win under exact five"
    computer_plays(model)
    assert model.match.state.move_count == len(SIX) + 1  # the computer has answered
    assert model.message.text == "Six in a row doesn't win under exact five"
