"""Hosted engines as players in the app's model: offered, playing, failing as the issue says.

The engines are real processes: the project's own brain (``tictac``) and the
fake engine of `tests/engines` in each of its ways of misbehaving. The
model runs the computer's turn inline (``threads=False``), so each test
reads the result of one turn; `no_child_left` checks every test ends its
children.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tictac_tui.choices import (
    Board,
    Computer,
    EnginePlayer,
    Mode,
    PluginPlayer,
    Settings,
    Think,
    computer_choice,
    computer_choices,
    engine_plays,
    strength_order,
)
from tictac_tui.engine import GameState, Move, Player, Rule, Rules
from tictac_tui.engines import EngineSpec, EngineStrategy, end_all, live_pids
from tictac_tui.engines.store import built_in
from tictac_tui.play.hosting import Hosting
from tictac_tui.scores import Result
from tictac_tui.storage import settings_from, settings_to_json
from tictac_tui.strategies import Difficulty
from tictac_tui.tui import status
from tictac_tui.tui.keys import Command
from tictac_tui.tui.menu import Item, Menu
from tictac_tui.tui.model import Model

from ..engines.fakes import Fake, fake, wait_gone
from .test_model import LATER, press

GOMOKU = Settings(game=Board.GOMOKU15, think=Think.HALF)
TURN_AT = LATER + 50
"""When the computer's turns are run (the person's keys come at `LATER`)."""
START_SECONDS = 2.0
"""How long the fakes have to answer START here (`silent` never does)."""


@pytest.fixture(autouse=True)
def no_child_left() -> Iterator[None]:
    """Every engine a test started is ended by the end of the test."""
    yield
    end_all()
    assert live_pids() == []


def hosting(tmp_path: Path, *fakes: Fake) -> Hosting:
    specs = {"tictac": built_in(), **{f.spec.name: f.spec for f in fakes}}
    return Hosting(specs, log_folder=tmp_path / "logs", start_seconds=START_SECONDS)


def engine_game(tmp_path: Path, engine: Fake | None, settings: Settings = GOMOKU) -> Model:
    """A game against `engine` (or the built-in tictac) playing O; the person is X."""
    name = "tictac" if engine is None else engine.spec.name
    chosen = replace(settings, difficulty=EnginePlayer(name))
    model = Model(chosen, seed=1, threads=False, hosting=hosting(tmp_path, *filter(None, [engine])))
    press(model, Command.SELECT)
    assert model.match is not None
    return model


def turn(model: Model, at: float = TURN_AT) -> None:
    """The computer's turn, inline (ask, then answer), well after its pace."""
    model.update(at)
    model.update(at)


def person_plays(model: Model, move: Move) -> None:
    assert model.match is not None
    model.match.cursor = move
    press(model, Command.SELECT, now=LATER)


# -- choosing an engine ---------------------------------------------------------------


def test_engines_are_stored_and_scored_apart() -> None:
    assert computer_choice("engine:rapfi") == EnginePlayer("rapfi")
    for bad in ("engine:", "engine:a b", "engine:../x"):
        with pytest.raises(ValueError):
            computer_choice(bad)
    settings = Settings(difficulty=EnginePlayer("rapfi"), think=Think.TEN)
    data = settings_to_json(settings)
    assert data["difficulty"] == "engine:rapfi" and data["think"] == "10"
    assert settings_from(data)[0] == settings
    levels: list[Computer] = [EnginePlayer("b"), Difficulty.HARD, EnginePlayer("a")]
    ordered = sorted([*levels, PluginPlayer("z"), Difficulty.EASY], key=strength_order)
    engines = [EnginePlayer("a"), EnginePlayer("b")]
    assert ordered == [Difficulty.EASY, Difficulty.HARD, PluginPlayer("z"), *engines]
    assert EnginePlayer("a") > Difficulty.HARD and EnginePlayer("a") > PluginPlayer("z")
    assert PluginPlayer("z") < EnginePlayer("a") < EnginePlayer("b")


def test_engines_are_offered_only_where_they_play() -> None:
    assert EnginePlayer("x") in computer_choices(Rules(15, 15, 5), ("x",))
    assert EnginePlayer("x") in computer_choices(Rules(15, 15, 5, rule=Rule.RENJU), ("x",))
    for rules in (Rules(3, 3, 3), Rules(7, 7, 4), Rules(4, 4, 4)):
        assert not engine_plays(rules)
        assert EnginePlayer("x") not in computer_choices(rules, ("x",))


def test_the_menu_steps_to_the_engines_and_says_what_they_are() -> None:
    menu = Menu(Settings(game=Board.GOMOKU15, difficulty=Difficulty.HARD), ("tictac", "rapfi"))
    assert menu.change(Item.DIFFICULTY, 1)
    assert menu.settings.difficulty == EnginePlayer("tictac")
    assert "Gomocup engine tictac" in menu.note(Item.DIFFICULTY)
    assert menu.value(Item.DIFFICULTY) == "Engine tictac"
    menu.change(Item.DIFFICULTY, 1)
    menu.change(Item.DIFFICULTY, 1)
    assert difficulty(menu) is Difficulty.EASY  # round again
    gone = Menu(Settings(game=Board.GOMOKU15, difficulty=EnginePlayer("gone")), ("tictac",))
    assert "no engine gone" in gone.note(Item.DIFFICULTY)
    small = Menu(Settings(difficulty=EnginePlayer("tictac")), ("tictac",))
    assert "five in a row" in small.note(Item.DIFFICULTY)


def difficulty(menu: Menu) -> Computer:
    return menu.settings.difficulty


def test_think_time_is_a_row_and_reaches_the_game() -> None:
    menu = Menu(Settings(game=Board.GOMOKU15, difficulty=Difficulty.HARD))
    assert Item.THINK in menu.items(False)
    assert menu.value(Item.THINK) == "1 s"
    assert menu.change(Item.THINK, 1) and menu.settings.think is Think.TWO
    ladder = Settings(game=Board.GOMOKU15, difficulty=Difficulty.STRONG)  # it counts nodes
    for quick in (Settings(), Settings(mode=Mode.HVH, difficulty=Difficulty.HARD), ladder):
        assert Item.THINK not in Menu(quick).items(False)  # Easy, Medium: no thinking
    cvc = Settings(mode=Mode.CVC, o_difficulty=EnginePlayer("tictac"))
    assert Item.THINK in Menu(cvc).items(False)
    model = Model(Settings(game=Board.GOMOKU15, think=Think.FIVE), threads=False)
    press(model, Command.SELECT)
    assert model.match is not None and model.match.move_limit().time == 5.0


def test_an_engine_that_is_gone_is_replaced_by_medium_with_a_notice(tmp_path: Path) -> None:
    model = Model(
        Settings(game=Board.GOMOKU15, difficulty=EnginePlayer("gone")),
        threads=False,
        hosting=hosting(tmp_path),
    )
    press(model, Command.SELECT)
    assert model.match is not None
    assert model.match.key.levels == (Difficulty.MEDIUM,)
    assert any("no engine gone" in notice.text for notice in model.notices)


# -- playing --------------------------------------------------------------------------


def test_the_built_in_engine_answers_and_gives_hints(tmp_path: Path) -> None:
    model = engine_game(tmp_path, None)
    match = model.match
    assert match is not None
    assert isinstance(match.players[Player.O], EngineStrategy)
    assert match.hinter is match.players[Player.O]  # hints come from the engine
    assert match.key.levels == (EnginePlayer("tictac"),)
    person_plays(model, Move(7, 7))
    turn(model)
    assert match.state.move_count == 2
    press(model, "t", now=LATER)
    turn(model)
    assert model.message.text.startswith("Hint:")
    assert match.hinted
    model.finish()


def test_computer_vs_computer_with_two_engines(tmp_path: Path) -> None:
    settings = Settings(
        game=Board.GOMOKU15,
        mode=Mode.CVC,
        x_difficulty=EnginePlayer("tictac"),
        o_difficulty=Difficulty.HARD,
        think=Think.HALF,
    )
    for o_side in (EnginePlayer("tictac"), Difficulty.HARD):
        chosen = replace(settings, o_difficulty=o_side)
        model = Model(chosen, threads=False, hosting=hosting(tmp_path))
        press(model, Command.SELECT)
        match = model.match
        assert match is not None
        for step in range(4):
            turn(model, TURN_AT + 10 * step)
        assert match.state.move_count == 4
        assert match.key.levels == (EnginePlayer("tictac"), o_side)
        model.finish()
        end_all()
        logs = sorted(path.name for path in (tmp_path / "logs").iterdir())
        twins = ["tictac-O.log", "tictac-X.log"]  # one log each, not one written by both
        assert set(logs) >= (set(twins) if o_side != Difficulty.HARD else {"tictac.log"})


# -- misbehaving engines ----------------------------------------------------------------

HALTING = ["exit", "error", "garbage", "occupied", "offboard", "silent"]


@pytest.mark.parametrize("mode", HALTING)
def test_a_failing_engine_gets_one_message_and_the_game_is_kept(tmp_path: Path, mode: str) -> None:
    engine = fake(tmp_path, mode)
    model = engine_game(tmp_path, engine)
    match = model.match
    assert match is not None
    person_plays(model, Move(7, 7))
    turn(model)
    assert match.state.history == (Move(7, 7),)  # nothing the engine said reached the board
    assert match.halted is not None and not match.over
    text = model.message.text
    assert text.startswith("Engine fake ") and "the game is kept" in text
    assert "stopped" in status.turn_text(model, LATER)
    turn(model)
    assert match.state.move_count == 1  # not asked again until the person says so
    press(model, "u", now=LATER)  # back to the person's turn: the engine is asked afresh
    assert match.halted is None and match.state.move_count == 0
    model.finish()


def test_an_engine_that_is_not_found_says_so(tmp_path: Path) -> None:
    spec = EngineSpec("fake", (str(tmp_path / "no-such-engine"),))
    missing = Fake(spec, tmp_path / "none.pid", tmp_path / "none.heard")
    model = engine_game(tmp_path, missing)
    person_plays(model, Move(7, 7))
    turn(model)
    assert model.message.text.startswith("Engine fake was not found")


def test_an_engine_that_crashes_mid_game(tmp_path: Path) -> None:
    model = engine_game(tmp_path, fake(tmp_path, "crash"))
    match = model.match
    assert match is not None
    person_plays(model, Move(7, 7))
    turn(model)
    assert match.state.move_count == 2
    person_plays(model, Move(9, 9))
    turn(model)
    assert match.state.move_count == 3 and match.halted is not None
    assert "Engine fake exited" in model.message.text and "SIGSEGV" in model.message.text


def test_a_forbidden_point_never_reaches_the_board(tmp_path: Path) -> None:
    engine = fake(tmp_path, "square:7,7")
    settings = Settings(game=Board.GOMOKU15, rule=Rule.RENJU, think=Think.HALF)
    model = engine_game(tmp_path, engine, settings)
    match = model.match
    assert match is not None
    black = [Move(7, 5), Move(7, 6), Move(5, 7), Move(6, 7)]
    white = [Move(0, 0), Move(0, 2), Move(0, 4), Move(14, 14)]
    moves = [m for pair in zip(black, white) for m in pair]
    state = GameState.from_moves(Rules(15, 15, 5, rule=Rule.RENJU), moves)
    assert state.forbidden_reason(Move(7, 7)) is not None
    match.state = state
    match.human = frozenset({Player.O})
    match.players = {Player.X: match.players[Player.O]}
    turn(model)
    assert match.state == state and match.halted is not None
    assert "forbidden for black" in model.message.text


def test_an_engine_past_its_time_loses_the_game(tmp_path: Path) -> None:
    model = engine_game(tmp_path, fake(tmp_path, "slow"))
    match = model.match
    assert match is not None
    person_plays(model, Move(7, 7))
    turn(model)
    assert match.over and match.forfeit is Player.O
    assert match.result() is Result.WIN
    assert model.message.text.startswith("Engine fake thought past its time and loses")
    assert model.session.tally(match.key).wins == 1
    assert "YXSTOP" in fake(tmp_path, "slow").lines()


@pytest.mark.parametrize("mode", ["flood-out", "flood-err"])
def test_a_flooding_engine_still_plays_and_stderr_goes_to_the_log(
    tmp_path: Path, mode: str
) -> None:
    roomy = Settings(game=Board.GOMOKU15, think=Think.TEN)  # 30 MB take a while to read
    model = engine_game(tmp_path, fake(tmp_path, mode), roomy)
    person_plays(model, Move(7, 7))
    turn(model)
    assert model.match is not None and model.match.state.move_count == 2
    assert model.match.halted is None
    model.finish()
    end_all()
    log = tmp_path / "logs" / "fake.log"
    if mode == "flood-err":
        assert 0 < log.stat().st_size < 2 * 1024 * 1024  # capped, never on the screen


def test_a_new_game_ends_the_last_games_engine(tmp_path: Path) -> None:
    engine = fake(tmp_path, "good")
    model = engine_game(tmp_path, engine)
    person_plays(model, Move(7, 7))
    turn(model)
    pid = engine.pid
    assert pid in live_pids()
    model.new_game(LATER)
    end_all()  # waits for the background close the new game began
    assert wait_gone(pid)


def test_a_late_hint_loses_nothing(tmp_path: Path) -> None:
    model = engine_game(tmp_path, fake(tmp_path, "slow"))
    match = model.match
    assert match is not None
    press(model, "t", now=LATER)
    turn(model)
    assert model.message.text.startswith("No hint: Engine fake did not answer in time")
    assert not match.over and match.halted is None and not match.hinted


def test_playing_on_from_a_set_up_position_keeps_the_engine(tmp_path: Path) -> None:
    chosen = replace(GOMOKU, difficulty=EnginePlayer("tictac"))
    model = Model(chosen, seed=1, threads=False, hosting=hosting(tmp_path))
    state = GameState.new(GOMOKU.rules()).play(Move(7, 7))  # one black stone set up
    model.play_setup(state, 1, Mode.HVC, 0.0)
    match = model.match
    assert match is not None and match.setup == 1
    assert isinstance(match.players[Player.X], EngineStrategy)  # not Medium in its place
    assert match.key.levels == (EnginePlayer("tictac"),) and match.key.setup
