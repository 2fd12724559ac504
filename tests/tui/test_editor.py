"""The position editor: stones by keys and clicks, a typed or pasted pos string, a file,
the side to move, refusals with the reason, and play from the position (scored apart,
its stones never undone)."""

from __future__ import annotations

from pathlib import Path

from tictac_tui.choices import Board, Mode, Settings
from tictac_tui.engine import Move, Player, Rule, Rules
from tictac_tui.play import saving
from tictac_tui.records import GameRecord, dump
from tictac_tui.storage import statistics_from, statistics_to_json
from tictac_tui.tui import app
from tictac_tui.tui.effects import LoadPosition
from tictac_tui.tui.keys import Command, command_for
from tictac_tui.tui.menu import Item
from tictac_tui.tui.messages import Tone
from tictac_tui.tui.model import Model
from tictac_tui.tui.screens import Screen

GOMOKU = Settings(game=Board.GOMOKU15, mode=Mode.HVH)


def typed(model: Model, text: str) -> set[object]:
    """Characters as keys (a paste is the same)."""
    effects: set[object] = set()
    for char in text:
        effects |= model.handle(command_for(ord(char)), 0.0, ord(char))
    return effects


def to_move(model: Model) -> Player:
    """The editor's side to move (a call, so a type checker reads it afresh after each key)."""
    return model.editor.current.to_move


def screen(model: Model) -> Screen:
    """The screen on show, read afresh."""
    return model.screen


def editor(settings: Settings = GOMOKU) -> Model:
    """The editor, reached from the menu's row."""
    model = Model(settings, seed=1, threads=False)
    model.menu.highlight = Item.EDIT
    model.handle(Command.SELECT, 0.0, 10)
    assert model.screen is Screen.EDITOR
    return model


def test_keys_place_and_clear_stones_and_the_side_to_move_follows() -> None:
    model = editor()
    ed = model.editor
    assert ed.cursor == Move(7, 7)
    typed(model, "b")
    assert ed.current.cell(Move(7, 7)) is Player.X and to_move(model) is Player.O
    typed(model, "lo")  # right, a white stone
    assert ed.current.cell(Move(7, 8)) is Player.O and to_move(model) is Player.X
    typed(model, ".")
    assert ed.current.cell(Move(7, 8)) is None
    typed(model, "  ")  # Enter or Space steps: black, then white
    assert ed.current.cell(Move(7, 8)) is Player.O
    typed(model, "t")
    assert to_move(model) is Player.O
    typed(model, "n")
    assert not ed.current.stones


def test_a_click_steps_the_square() -> None:
    model = editor()
    model.click(Move(3, 3), 0.0)
    assert model.editor.current.cell(Move(3, 3)) is Player.X
    assert model.editor.cursor == Move(3, 3)


def test_a_pasted_pos_string_sets_the_position() -> None:
    model = editor()
    typed(model, ":h8 i9, g7\n")
    setup = model.editor.current
    assert setup.count(Player.X) == 2 and setup.to_move is Player.O
    assert setup.cell(Move(15 - 9, 8)) is Player.O  # i9, row 1 at the bottom
    assert "3 stones" in model.message.text


def test_a_bad_pos_string_changes_nothing_and_says_why() -> None:
    model = editor()
    typed(model, ":h8\n")
    typed(model, ":h8h8\n")
    assert model.message.tone is Tone.WARNING and "twice" in model.message.text
    assert model.editor.current.count(Player.X) == 1


def test_refusals_say_why_and_keep_the_editor() -> None:
    model = editor()
    typed(model, ":h8a1h9a2h10a3h11a4h12\n")
    typed(model, "c")
    assert model.screen is Screen.EDITOR and model.match is None
    assert "already has a line that wins" in model.message.text
    typed(model, "nbt")  # one black stone, black to move: the counts can't alternate
    typed(model, "f")
    assert "as many stones" in model.message.text and model.screen is Screen.EDITOR


def test_a_forbidden_black_stone_is_refused_under_renju() -> None:
    model = editor(Settings(game=Board.GOMOKU15, rule=Rule.RENJU, mode=Mode.HVH))
    typed(model, ":f8a1g8a3h6a5h7a7h8\n")
    typed(model, "p")
    assert "forbidden" in model.message.text and model.screen is Screen.EDITOR


def test_play_from_the_position_is_scored_apart_and_keeps_its_stones() -> None:
    model = editor(Settings(game=Board.GOMOKU15, mode=Mode.HVC))
    typed(model, ":h8i9g7\n")
    typed(model, "c")
    match = model.match
    assert model.screen is Screen.GAME and match is not None
    assert match.setup == 3 and match.key.setup and match.mode is Mode.HVC
    assert match.human == frozenset({Player.O})  # the person takes the side to move
    assert match.moves() == () and not match.started
    assert match.undo(0.0) is None  # the set-up stones are not undone
    record = saving.record_of(match)
    assert record.setup == 3 and "AB[hh][gi]AW[ig]" in dump(record, "sgf")
    typed(model, "gj10\n")
    resume = saving.resume_of(match)
    assert resume is not None
    again = saving.resumed(resume, 0.0, None)
    assert again.setup == 3 and again.key.setup and again.moves() == (Move(5, 9),)
    json = statistics_to_json({match.key: model.session.tally(match.key)})
    assert json["records"][0]["setup"] is True
    back, bad = statistics_from(json)
    assert not bad and list(back) == [match.key]


def test_from_a_game_shift_e_edits_its_position() -> None:
    model = Model(GOMOKU, seed=1, threads=False)
    model.handle(Command.SELECT, 0.0, 10)
    typed(model, "gh8\n")
    typed(model, "E")
    assert model.screen is Screen.EDITOR
    assert model.editor.current.stones == {Move(7, 7): Player.X}
    typed(model, "\x1b")  # Esc: back to the game
    assert screen(model) is Screen.GAME


def test_e_studies_the_position_with_the_analysis_shown() -> None:
    model = editor()
    typed(model, ":h8\n")
    typed(model, "e")
    assert screen(model) is Screen.GAME and model.settings.mode is Mode.HVH
    match = model.match
    assert match is not None and match.setup == 1 and match.state.move_count == 1
    assert model.analysis.shown
    model.analysis.toggle()  # hidden again: its thread stops


def test_a_file_is_read_into_the_editor(tmp_path: Path) -> None:
    model = editor()
    record = GameRecord(model.editor.current.rules, [Move(7, 7), Move(6, 6)])
    path = tmp_path / "game.sgf"
    path.write_text(dump(record, "sgf"), encoding="utf-8")
    effects = typed(model, f":{path}\n")
    assert LoadPosition(str(path)) in effects
    app.perform(model, {LoadPosition(str(path))}, None)
    assert model.editor.current.stones == {Move(7, 7): Player.X, Move(6, 6): Player.O}
    app.perform(model, {LoadPosition(str(tmp_path / "missing.sgf"))}, None)
    assert model.message.tone is Tone.WARNING


def test_playing_from_the_editor_asks_before_leaving_a_game_in_progress() -> None:
    model = Model(Settings(game=Board.GOMOKU15, mode=Mode.HVC), seed=1, threads=False)
    model.handle(Command.SELECT, 0.0, 10)
    typed(model, "gh8\n")
    first = model.match
    typed(model, "E")
    typed(model, "n:a1\n")
    typed(model, "c")
    assert model.question is not None and model.match is first  # asked, nothing done yet
    typed(model, "x")  # no
    assert model.match is first and model.screen is Screen.EDITOR
    typed(model, "f")
    typed(model, "y")
    match = model.match
    assert match is not first and match is not None and match.mode is Mode.HVH and match.setup == 1


def test_a_board_the_app_cant_play_is_set_up_but_not_played() -> None:
    model = editor()
    record = GameRecord(Rules(2, 2, 2), [Move(0, 0)])
    model.position_loaded(record)
    assert model.editor.current.rules == Rules(2, 2, 2)
    typed(model, "f")
    assert "can't be played here" in model.message.text and model.match is None


def test_a_set_up_record_is_viewed_and_played_on_from_its_set_up_stones() -> None:
    stones = [Move(7, 7), Move(6, 6), Move(7, 8)]  # set up: black, white, black
    record = GameRecord(GOMOKU.rules(), [*stones, Move(6, 7), Move(7, 6)], setup=len(stones))
    model = Model(GOMOKU, seed=1, threads=False)
    model.view_record(record, "set-up.sgf", position=0)
    viewer = model.viewer
    assert viewer is not None and viewer.position == viewer.first == 3  # not the empty board
    assert viewer.words() == "Move 0 of 2"
    viewer.step(-10)
    assert viewer.position == 3
    viewer.step(1)
    assert viewer.words() == "Move 1 of 2"
    assert model.continue_game(record, record.state_at(5), 0.0, Mode.HVH) is None
    match = model.match
    assert match is not None and match.setup == 3 and match.key.setup
    assert match.moves() == (Move(6, 7), Move(7, 6))
