"""The plain line mode's conversation, read the way a person (or a script) reads it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tictac_tui import i18n
from tictac_tui.choices import Board, First, Mode, Settings
from tictac_tui.engine import Rule
from tictac_tui.engine.openings import OpeningRule
from tictac_tui.plain import Console, LineGame
from tictac_tui.scores import Record, Scores
from tictac_tui.strategies import Difficulty
from tictac_tui.timecontrol import parse_control


class Script:
    """A console that types the given lines, then ends its input, and keeps what was said."""

    def __init__(self, *typed: str) -> None:
        self.typed = list(typed)
        self.lines: list[str] = []
        self.prompts: list[str] = []

    def console(self) -> Console:
        def read(prompt: str) -> str | None:
            self.prompts.append(prompt)
            return self.typed.pop(0) if self.typed else None

        return Console(read, self.lines.append)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def play(settings: Settings, *typed: str, **options: object) -> tuple[LineGame, Script]:
    script = Script(*typed)
    game = LineGame(settings, script.console(), seed=7, **options)  # type: ignore[arg-type]
    game.run()
    return game, script


def test_two_people_play_tictactoe_to_a_win() -> None:
    _, script = play(Settings(mode=Mode.HVH), "1", "4", "2", "5", "3", "quit")
    assert script.lines[-4:] == [
        "X plays 3",
        "X wins",
        "Winning line: 1 2 3.",
        "Score: X 1, O 0, draws 0.",
    ]
    assert script.prompts[:2] == ["X to move: ", "O to move: "]
    assert script.prompts[-1] == "new or quit: "


def test_the_computer_answers_each_move_in_words() -> None:
    _, script = play(Settings(difficulty=Difficulty.HARD), "5")
    assert script.lines[-2] == "You play 5"
    assert script.lines[-1].startswith("Computer plays ")
    assert script.lines[-1].removeprefix("Computer plays ") in {"1", "3", "7", "9"}


def test_bad_lines_get_a_clear_answer_and_the_same_prompt() -> None:
    _, script = play(Settings(mode=Mode.HVH), "0", "c9", "", "jump", "5", "5")
    assert script.lines[-6:] == [
        "0 is not a square: type a digit from 1 to 9",
        "c9 is not a square: type a digit from 1 to 9",
        "Type a square, or help for the commands.",
        "jump is not a square: type a digit from 1 to 9",
        "X plays 5",
        "5 is taken.",
    ]
    assert script.prompts[:5] == ["X to move: "] * 5


def test_a_square_off_a_gomoku_board_names_the_board() -> None:
    _, script = play(Settings(game=Board.GOMOKU15, mode=Mode.HVH), "p1", "h16", "h8")
    assert "p1 is not a square on this board: type a letter and a number, A1 to O15" in script.lines
    assert "h16 is not a square on this board: type a letter and a number, A1 to O15" in (
        script.lines
    )
    assert script.lines[-1] == "X plays H8"


def test_undo_takes_back_your_move_and_the_reply() -> None:
    game, script = play(Settings(), "5", "undo", "undo")
    reply = script.lines[-3].removeprefix("Computer plays ")
    assert script.lines[-2:] == [f"Took back 5, {reply}.", "Nothing to undo."]
    assert game.match.state.move_count == 0


def test_hint_help_and_board() -> None:
    _, script = play(Settings(mode=Mode.HVH), "5", "hint", "help", "board")
    assert script.lines[script.lines.index("X plays 5") + 1].startswith("Hint: ")
    assert "undo: take back your last move" in script.lines
    assert script.lines[-3:] == ["1 2 3", "4 X 6", "7 8 9"]


def test_the_board_after_every_move_is_an_option() -> None:
    _, script = play(Settings(mode=Mode.HVH), "5", show_board=True)
    assert script.lines[-4:] == ["X plays 5", "1 2 3", "4 X 6", "7 8 9"]
    _, quiet = play(Settings(mode=Mode.HVH), "5")
    assert quiet.lines[-1] == "X plays 5"


def test_leaving_a_game_against_the_computer_asks_and_counts_a_loss() -> None:
    saved: list[Scores] = []

    def save(statistics: Scores) -> None:
        saved.append(statistics)

    game, script = play(Settings(), "5", "quit", "maybe", "no", "quit", "yes", save_statistics=save)
    questions = [p for p in script.prompts if p.startswith("Quit?")]
    assert questions == ["Quit? This game counts as a loss. (yes/no) "] * 3
    assert "Please answer yes or no." in script.lines
    assert game.session.tally(game.match.key) == Record(losses=1, abandoned=1)
    assert saved and saved[-1] == game.session.statistics


def test_the_end_of_input_ends_the_run_and_counts_the_game_left() -> None:
    game, _ = play(Settings(), "5")
    assert game.session.tally(game.match.key).losses == 1
    before, _ = play(Settings())  # no move made: nothing counted
    assert before.session.tallies == {}


def test_new_starts_another_game_and_alternate_swaps_who_moves_first() -> None:
    game, script = play(Settings(first=First.ALTERNATE), "new", "new")
    starts = [line for line in script.lines if line.startswith("New game.")]
    assert starts == [
        "New game. You play X and move first, against Medium.",
        "New game. You play O; the computer (Medium) moves first.",
        "New game. You play X and move first, against Medium.",
    ]
    assert game.games == 2


def test_computers_play_a_whole_game_unattended() -> None:
    settings = Settings(mode=Mode.CVC, x_difficulty=Difficulty.HARD, o_difficulty=Difficulty.HARD)
    game, script = play(settings)
    assert game.match.over
    assert "Draw" in script.lines
    assert sum(line.startswith(("X plays", "O plays")) for line in script.lines) == 9


def test_renju_refuses_blacks_forbidden_point_naming_the_rule() -> None:
    settings = Settings(game=Board.GOMOKU15, rule=Rule.RENJU, mode=Mode.HVH)
    # Black's double three at H8: G8 and I8 across, H7 and H9 down (white far away).
    moves = ["g8", "a1", "i8", "a3", "h7", "a5", "h9", "a7", "h8"]
    game, script = play(settings, *moves)
    assert script.lines[-1] == "H8 is forbidden for black: double three."
    assert game.match.state.move_count == 8


def test_chinese_reads_as_a_chinese_player_expects() -> None:
    i18n.set_language("zh")
    settings = Settings(game=Board.GOMOKU15, mode=Mode.HVH)
    _, script = play(settings, "h8", "board", "h8", "悔棋")
    assert script.lines[0] == "tictac 纯文本模式。五子棋 15x15，双人对战。"
    assert "黑下 H8" in script.lines
    assert "棋子：X 黑  O 白" in script.lines
    assert "H8 已有棋子。" in script.lines
    assert script.lines[-1] == "已悔棋：H8。"
    assert script.prompts[0] == "轮到黑："


def test_analyse_prints_the_evaluation_and_the_best_line_in_one_line() -> None:
    game, script = play(Settings(game=Board.GOMOKU15, mode=Mode.HVH), "h8", "analyse", "quit")
    [said] = [line for line in script.lines if line.startswith("Analysis for O: ")]
    score, _, rest = said.removeprefix("Analysis for O: ").partition(", depth ")
    assert score == "0" or score[0] in "+-"
    squares = rest.split(" nodes: ")[1].split()
    assert squares and all(square[0].isalpha() and square[1:].isdigit() for square in squares)
    assert game.match.hinted  # analysis counts like a hint


def test_analyse_in_chinese_and_after_the_end() -> None:
    i18n.set_language(i18n.Language.ZH)
    _, script = play(Settings(mode=Mode.HVH), "5", "分析", "quit", "yes")
    assert "分析（白方）：0（已解出）：7" in script.lines or any(
        line.startswith("分析（") and "（已解出）" in line for line in script.lines
    )
    i18n.set_language(i18n.Language.EN)
    _, script = play(Settings(mode=Mode.HVH), "1", "4", "2", "5", "3", "analyse", "quit")
    assert "The game is over: nothing to analyse." in script.lines


def test_a_swap2_opening_against_the_computer_in_lines() -> None:
    settings = Settings(
        game=Board.GOMOKU15, mode=Mode.HVC, first=First.HUMAN, opening=OpeningRule.SWAP2
    )
    _game, script = play(settings, "h8", "h9", "undo", "i9", "j10", "board")
    text = script.text
    assert "Opening rule: Swap2." in text
    assert "You: place the 1st stone (black), anywhere: " in script.prompts
    assert "You place H8." in text
    assert "Took back 1 opening step." in text
    assert "You place I9." in text and "You place J10." in text
    assert (
        "Computer keeps the colours." in text
        or "Computer swaps colours." in text
        or ("Computer places two more stones." in text)
    )


def test_soosorv8_refuses_a_stone_outside_its_area_and_takes_words() -> None:
    settings = Settings(
        game=Board.GOMOKU15,
        rule=Rule.RENJU,
        mode=Mode.HVH,
        opening=OpeningRule.SOOSORV8,
    )
    _game, script = play(
        settings, "a1", "h8", "h9", "l12", "j10", "maybe", "keep", "g9", "9", "2", "2",
        "k11 f6", "f6",
    )  # fmt: skip
    text = script.text
    assert "The 1st stone must be on the centre point." in text
    assert "The 3rd stone must be within the central 5x5." in text
    assert "Type swap or keep (or 1, 2, 3 as listed)" in text
    assert "Declare a number from 1 to 8." in text
    assert "Second player declares 2 5th moves." in text
    assert "First player swaps colours." in text
    assert "offers K11, F6." in text
    assert "picks F6." in text
    assert "The opening is over" in text


def test_a_clock_chosen_is_said_to_have_no_place_here() -> None:
    timed = Settings(mode=Mode.HVH, clock=parse_control("30s/move"))
    game, script = play(timed, "quit")
    assert "The plain mode has no clocks: games here are untimed." in script.lines
    assert game.match.clock is None
    _, untimed = play(Settings(mode=Mode.HVH), "quit")
    assert not any("clocks" in line for line in untimed.lines)
