"""The model without curses or threads: menu, moves, undo, jobs, results, statistics."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.storage import Record, Settings
from tictac_tui.strategies import NO_LIMIT, Limit
from tictac_tui.tui.model import TAKEN, Model


def finish_job(model: Model, now: float = 100.0) -> Move | None:
    """Run the due job synchronously, as the worker would; the move it chose."""
    job = model.next_job(now)
    if job is None:
        return None
    move = job.strategy.choose(job.state, job.limit)
    model.job_done(job.id, move, now)
    return move


def started(settings: Settings | None = None, seed: int = 1) -> Model:
    model = Model(settings or Settings(), seed=seed)
    model.handle("select", 0.0)  # Play is highlighted at start
    assert model.screen == "game" and model.game is not None
    return model


def test_menu_starts_on_play_and_wraps() -> None:
    model = Model(Settings())
    assert model.menu_items()[model.menu_index] == "play"
    model.handle("up", 0.0)
    assert model.menu_items()[model.menu_index] == "quit"
    model.handle("down", 0.0)
    model.handle("down", 0.0)
    assert model.menu_items()[model.menu_index] == "game"


def test_menu_values_cycle_and_custom_items_appear() -> None:
    model = Model(Settings())
    model.handle("down", 0.0)
    model.handle("left", 0.0)  # Tic-tac-toe -> Custom (wraps backwards)
    assert model.settings.game == "custom" and model.settings_dirty
    assert model.menu_items()[:5] == ["play", "game", "rows", "cols", "k"]
    model.handle("down", 0.0)  # rows
    for _ in range(10):
        model.handle("left", 0.0)
    assert model.settings.rows == 3 and model.settings.k <= max(3, model.settings.cols)


def test_k_is_clamped_to_the_board() -> None:
    model = Model(Settings(game="custom", rows=5, cols=5, k=5))
    model.menu_index = model.menu_items().index("cols")
    for _ in range(5):
        model.handle("left", 0.0)
    assert (model.settings.cols, model.settings.k) == (3, 5)
    model.menu_index = model.menu_items().index("rows")
    model.handle("left", 0.0)
    assert model.settings.k == 4


def test_human_move_then_computer_reply() -> None:
    model = started()
    model.handle("digit", 0.0, arg=5)
    game = model.game
    assert game is not None and game.state.history == (Move(1, 1),)
    assert model.next_job(0.0) is not None
    reply = finish_job(model)
    assert reply is not None and game.state.history == (Move(1, 1), reply)
    assert game.marked_move() == reply


def test_the_reply_waits_for_its_pace() -> None:
    model = started()
    model.handle("digit", 10.0, arg=5)
    job = model.next_job(10.0)
    assert job is not None
    model.job_done(job.id, job.strategy.choose(job.state, job.limit), 10.05)
    assert model.game is not None and model.game.state.move_count == 1
    assert model.tick(10.3) and model.game.state.move_count == 2


def test_taken_square_changes_nothing() -> None:
    model = started()
    model.handle("digit", 0.0, arg=1)
    finish_job(model)
    assert model.game is not None
    before = model.game.state
    model.handle("digit", 0.0, arg=1)
    assert model.message == TAKEN and model.game.state is before


def test_undo_goes_back_to_the_human_turn() -> None:
    model = started()
    assert model.game is not None
    model.handle("undo", 0.0)
    assert model.message == "Nothing to undo"
    model.handle("digit", 0.0, arg=1)
    finish_job(model)
    model.handle("digit", 0.0, arg=model.game.state.legal_moves()[0].col + 1)
    model.handle("undo", 0.0)  # the computer is still thinking: one move back
    assert model.game.state.move_count == 2 and model.job is None
    model.handle("undo", 0.0)
    assert model.game.state.move_count == 0 and model.game.cursor == Move(0, 0)


def test_stale_answers_are_dropped() -> None:
    model = started()
    model.handle("digit", 0.0, arg=5)
    job = model.next_job(0.0)
    assert job is not None and model.game is not None
    model.handle("undo", 0.0)
    model.job_done(job.id, Move(0, 0), 100.0)
    assert model.game.state.move_count == 0


@dataclass
class Cheater:
    name: str = "cheater"

    def supports(self, rules: Rules) -> bool:
        return True

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        return state.history[0]  # a taken square


def test_an_illegal_computer_move_is_refused() -> None:
    model = started()
    model.handle("digit", 0.0, arg=5)
    assert model.game is not None
    model.game.computers[Player.O] = Cheater()
    finish_job(model)
    assert model.game.state.move_count == 2 and not model.game.paused
    assert model.game.state.history[0] == Move(1, 1)
    assert "not a legal move" in model.message and "Medium player moved instead" in model.message


def test_a_won_game_is_scored_and_recorded() -> None:
    model = started(Settings(difficulty="easy"))
    assert model.game is not None
    model.game.state = GameState.from_diagram("XX. / OO. / ...")
    model.handle("digit", 0.0, arg=3)
    assert model.message == "You win!" and model.game.over
    assert model.score["hvc"].first == 1 and model.stats_dirty
    assert model.stats["Tic-tac-toe 3x3"]["easy"] == Record(wins=1)
    model.handle("select", 0.0)  # Enter plays again
    assert model.game.state.move_count == 0 and not model.game.over


def test_alternate_swaps_who_starts() -> None:
    model = started(Settings(first="alternate"))
    assert model.game is not None and model.game.human == {Player.X}
    model.handle("new", 0.0)
    assert model.game.human == {Player.O}
    model.handle("new", 0.0)
    assert model.game.human == {Player.X}


def test_two_players_and_result_words() -> None:
    model = started(Settings(mode="hvh"))
    assert model.game is not None and model.next_job(0.0) is None
    for digit in (1, 4, 2, 5, 3):
        model.handle("digit", 0.0, arg=digit)
    assert model.message == "X wins" and model.score["other"].first == 1
    assert not model.stats


def test_quit_asks_during_a_game_only() -> None:
    model = started()
    model.handle("quit", 0.0)
    assert model.confirm_quit and not model.quit
    model.handle("other", 0.0)
    assert not model.confirm_quit and not model.quit
    model.handle("quit", 0.0)
    model.handle("yes", 0.0)
    assert model.quit
    idle = Model(Settings())
    idle.handle("quit", 0.0)
    assert idle.quit


def test_computer_vs_computer_pauses_on_any_key() -> None:
    model = started(Settings(mode="cvc", difficulty="hard"))
    finish_job(model)
    assert model.game is not None and model.game.state.move_count == 1
    model.handle("other", 0.0)
    assert model.game.paused and model.next_job(100.0) is None
    model.handle("up", 0.0)
    assert not model.game.paused


@pytest.mark.parametrize("command", ["undo", "hint"])
def test_undo_and_hint_need_a_person(command: str) -> None:
    model = started(Settings(first="computer"))
    model.handle(command, 0.0)
    assert model.message in ("Nothing to undo", "Hints are for your turn")


def test_hint_moves_the_cursor() -> None:
    model = started(Settings(difficulty="easy"))
    model.handle("hint", 0.0)
    job = model.next_job(0.0)
    assert job is not None and job.kind == "hint"
    model.job_done(job.id, Move(0, 2), 0.1)
    assert model.game is not None and model.game.cursor == Move(0, 2)
    assert model.message == "Hint: C1"


def test_summary() -> None:
    model = Model(Settings())
    assert model.summary() == "Session score: You 0, Computer 0, Draws 0"
