"""The opening rule on the game screen, without a terminal: questions, marks, keys, undo."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tictac_tui import i18n
from tictac_tui.choices import Board, First, Mode, Settings
from tictac_tui.engine import Move, Player, Rule
from tictac_tui.engine.openings import Ask, Choice, OpeningRule, Person
from tictac_tui.play import openings as play_openings
from tictac_tui.play import saving
from tictac_tui.records import Format, dump, parse
from tictac_tui.tui import status
from tictac_tui.tui.bindings import GameHint
from tictac_tui.tui.keys import Command
from tictac_tui.tui.messages import Tone
from tictac_tui.tui.model import Model
from tictac_tui.tui.render import opening_marks

from .test_model import computer_plays, game, press


@pytest.fixture(autouse=True)
def quick_decisions(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(play_openings, "OPENING_NODES", 300)
    yield
    i18n.set_language("en")


def test_a_soosorv_opening_on_the_game_screen() -> None:
    settings = Settings(
        game=Board.GOMOKU15, rule=Rule.RENJU, mode=Mode.HVH, opening=OpeningRule.SOOSORV8
    )
    model = game(settings)
    match = model.match
    assert match is not None and match.in_opening
    assert model.message.text == "Place the 1st stone (black), the centre point"
    assert model.message.tone is Tone.QUESTION
    assert model.controller.hint() == GameHint.OPENING
    assert opening_marks(match)["area"] == (Move(7, 7),)
    press(model, Command.UP, Command.SELECT)  # h7 is outside the centre point
    assert model.message.text == "The 1st stone must be on the centre point"
    assert match.state.move_count == 0
    press(model, Command.DOWN, Command.SELECT, Command.DOWN, Command.SELECT)
    assert len(opening_marks(match)["area"]) == 25 - 2  # the central 5x5 less its stones
    press(model, "g", "j6", Command.SELECT)  # typed: the 3rd stone
    assert match.decision is not None and match.decision.ask is Ask.CHOOSE
    press(model, "1")  # keep
    press(model, "g", "g7", Command.SELECT)  # white's 4th
    press(model, "2")  # declares two
    assert match.opening is not None and match.opening.declared == 2
    press(model, "2")  # swap
    press(model, "g", "a15", Command.SELECT)  # marks one 5th move
    assert match.offering == (Move(0, 0),)
    assert Move(0, 0) in opening_marks(match)["offered"]
    press(model, "u")  # unmarks it
    assert len(match.offering) == 0
    press(model, "g", "a15", Command.SELECT, "g", "o1", Command.SELECT)
    decision = match.decision
    assert decision is not None and decision.ask is Ask.PICK
    assert set(opening_marks(match)["offered"]) == {Move(0, 0), Move(14, 14)}
    press(model, "g", "o1", Command.SELECT)
    assert not match.in_opening and match.state.move_count == 5
    assert "The opening is over" in model.message.text
    press(model, "u")  # back into the opening: the pick undone
    assert match.in_opening and match.decision is not None
    assert match.decision.ask is Ask.PICK


def test_the_computer_answers_a_swap2_placement() -> None:
    settings = Settings(
        game=Board.GOMOKU15, mode=Mode.HVC, first=First.HUMAN, opening=OpeningRule.SWAP2
    )
    model = game(settings)
    match = model.match
    assert match is not None
    press(model, Command.SELECT, Command.DOWN, Command.SELECT, Command.DOWN, Command.SELECT)
    assert match.decision is not None and match.decision.person is Person.SECOND
    assert not match.human_to_move()
    for turn in range(4):
        computer_plays(model, now=100.0 + turn)
        if match.human_to_move():
            break
    assert match.human_to_move()
    assert model.message.text  # the computer's step or the next question, in words


def test_the_computer_places_when_it_is_the_first_player() -> None:
    settings = Settings(
        game=Board.GOMOKU15, mode=Mode.HVC, first=First.COMPUTER, opening=OpeningRule.SWAP
    )
    model = game(settings)
    match = model.match
    assert match is not None
    for turn in range(6):
        computer_plays(model, now=100.0 + turn)
    assert match.state.move_count == 3
    assert match.decision is not None and match.decision.ask is Ask.CHOOSE
    assert model.message.text == "You: swap colours? 1 keep  2 swap"
    press(model, "2")
    assert not match.in_opening and match.human_to_move() is False  # you took black: O moves


def test_two_computers_play_the_opening_and_the_game_goes_on() -> None:
    settings = Settings(
        game=Board.GOMOKU15,
        rule=Rule.RENJU,
        mode=Mode.CVC,
        opening=OpeningRule.TARAGUCHI10,
    )
    model = game(settings)
    match = model.match
    assert match is not None
    for turn in range(30):
        computer_plays(model, now=100.0 + 10 * turn)
        if not match.in_opening:
            break
    assert not match.in_opening and match.state.move_count == 5
    assert set(match.players) == {Player.X, Player.O}


def test_a_record_saved_mid_opening_plays_on_in_its_opening() -> None:
    settings = Settings(
        game=Board.GOMOKU15, mode=Mode.HVC, first=First.HUMAN, opening=OpeningRule.SWAP2
    )
    model = game(settings)
    press(model, "g", "h8", Command.SELECT, "g", "h7", Command.SELECT)
    match = model.match
    assert match is not None
    record = saving.record_of(match)
    text = dump(record, Format.SGF)
    assert "TTOR[swap2]" in text and "TTOS[h8 h9]" in text
    back = parse(text, Format.SGF)
    other = Model(Settings(), seed=3, threads=False)
    assert other.continue_game(back, back.final_state, 0.0) is None
    again = other.match
    assert again is not None and again.in_opening
    assert again.opening is not None and again.opening.steps == match.opening.steps  # type: ignore[union-attr]
    assert again.human_to_move() and again.key.opening is OpeningRule.SWAP2
    assert "place the 3rd stone" in other.message.text


def test_the_typed_answer_to_the_swap_question_is_a_listed_word() -> None:
    model = game(Settings(game=Board.GOMOKU15, mode=Mode.HVH, opening=OpeningRule.SWAP2))
    match = model.match
    assert match is not None
    press(model, "g", "h8", Command.SELECT, "g", "i8", Command.SELECT, "g", "j9", Command.SELECT)
    assert model.message.text == "Swap colours? 1 keep  2 swap  3 place two more"
    press(model, "g", "two", Command.SELECT)
    decision = match.decision
    assert decision is not None and decision.ask is Ask.PLACE and decision.colour is Player.O


def test_the_hint_bar_names_the_digits_that_answer_the_step() -> None:
    """1-2 to a plain swap question, 1-3 to swap2's first, 1-8 to Soosõrv's number; no
    digits while a square is chosen, only undo and the way out while the computer
    decides."""
    swap2 = game(Settings(game=Board.GOMOKU15, mode=Mode.HVH, opening=OpeningRule.SWAP2))
    assert status.key_hint(swap2, 78).startswith("arrows+Enter choose the square  g type")
    press(swap2, "g", "h8", Command.SELECT, "g", "i8", Command.SELECT, "g", "j9", Command.SELECT)
    assert swap2.controller.hint() == GameHint.OPENING_ANSWER
    assert status.key_hint(swap2, 78).startswith("1-3 answer  g type")
    press(swap2, "3", "g", "h9", Command.SELECT, "g", "j7", Command.SELECT)
    assert status.key_hint(swap2, 78).startswith("1-2 answer  g type")
    assert status.key_hint(swap2, 30) == "1-2 answer  u undo  q quit"
    soosorv = game(
        Settings(game=Board.GOMOKU15, rule=Rule.RENJU, mode=Mode.HVH, opening=OpeningRule.SOOSORV8)
    )
    press(soosorv, "g", "h8", Command.SELECT, "g", "h9", Command.SELECT, "g", "j10", Command.SELECT)
    assert status.key_hint(soosorv, 78).startswith("1-2 answer")
    press(soosorv, "1", "g", "g9", Command.SELECT)
    assert status.key_hint(soosorv, 78).startswith("1-8 answer")
    i18n.set_language("zh")
    assert status.key_hint(soosorv, 78).startswith("1-8 回答")


def test_while_the_computer_decides_the_hint_bar_names_no_answer() -> None:
    settings = Settings(
        game=Board.GOMOKU15, mode=Mode.HVC, first=First.COMPUTER, opening=OpeningRule.SWAP
    )
    model = game(settings)
    assert model.controller.hint() == GameHint.OPENING_WAIT
    assert status.key_hint(model, 78) == "u undo  ? help  n new  m menu  q quit"


def test_g_takes_a_whole_word_or_several_squares_in_the_opening() -> None:
    """ "offer" (five letters) and "h9 j7" are more than a square's prompt keeps."""
    model = game(
        Settings(
            game=Board.GOMOKU15, rule=Rule.RENJU, mode=Mode.HVH, opening=OpeningRule.TARAGUCHI10
        )
    )
    match = model.match
    assert match is not None
    for step in ("h8", "keep", "h9", "keep", "j10", "keep", "g7"):
        press(model, "g", step, Command.SELECT)
    decision = match.decision
    assert decision is not None and Choice.OFFER in decision.choices
    press(model, "g")
    assert status.message(model, 78).text.startswith("Your answer (a word or number as listed): ")
    press(model, "offer", Command.SELECT)
    decision = match.decision
    assert decision is not None and decision.ask is Ask.OFFER
    press(model, "g", "a1 o15", Command.SELECT)
    assert match.offering == ()  # two are not ten: refused, nothing marked
    assert "Offer exactly 10 5th moves" in model.message.text
    soosorv = game(
        Settings(game=Board.GOMOKU15, rule=Rule.RENJU, mode=Mode.HVH, opening=OpeningRule.SOOSORV8)
    )
    for step in ("h8", "h9", "j10", "keep", "g9", "2", "keep", "a1, o15"):
        press(soosorv, "g", step, Command.SELECT)
    assert soosorv.match is not None and soosorv.match.decision is not None
    assert soosorv.match.decision.ask is Ask.PICK
