"""What the bottom lines say in each situation."""

from __future__ import annotations

from tictac_tui.engine import GameState
from tictac_tui.storage import Settings
from tictac_tui.tui import status
from tictac_tui.tui.model import Model


def game(settings: Settings | None = None) -> Model:
    model = Model(settings or Settings(), seed=1)
    model.handle("select", 0.0)
    return model


def test_your_move() -> None:
    assert status.turn_text(game(), 0.0) == "Your move (X)"
    assert status.turn_text(game(Settings(first="computer")), 0.0).startswith(
        "Computer (X) is thinking..."
    )


def test_thinking_shows_elapsed_time() -> None:
    model = game()
    model.handle("digit", 1.0, arg=5)
    model.next_job(1.0)
    assert status.turn_text(model, 1.74) == "Computer (O) is thinking... 0.7s"


def test_two_players_and_paused() -> None:
    model = game(Settings(mode="hvh"))
    model.handle("digit", 0.0, arg=1)
    assert status.turn_text(model, 0.0) == "O to move"
    watch = game(Settings(mode="cvc"))
    watch.handle("other", 0.0)
    assert status.turn_text(watch, 0.0) == "Paused: press any key to resume"


def test_results() -> None:
    model = game()
    assert model.game is not None
    model.game.state = GameState.from_diagram("XX. / OO. / ...")
    model.handle("digit", 0.0, arg=3)
    assert status.turn_text(model, 0.0) == "Game over"
    assert status.message_text(model) == "You win!"
    assert status.score_text(model) == "You 1  Computer 0  Draws 0"
    assert status.key_hint(model).startswith("Enter or n: play again")

    lost = game()
    assert lost.game is not None
    lost.game.state = GameState.from_diagram("XX. / OO. / X..")
    lost.game.human = frozenset()  # let O (the computer) finish
    lost.game.state = lost.game.state.play((1, 2))
    lost._count_result()
    lost.game.human = frozenset({lost.game.state.to_move})
    lost.message = lost.result_message()
    assert status.message_text(lost) == "Computer wins"

    drawn = game(Settings(mode="hvh"))
    assert drawn.game is not None
    drawn.game.state = GameState.from_diagram("XOX / XOO / OX.")
    drawn.handle("digit", 0.0, arg=9)
    assert status.message_text(drawn) == "Draw"
    assert status.score_text(drawn) == "X 0  O 0  Draws 1"


def test_taken_and_quit_question() -> None:
    model = game()
    model.handle("digit", 0.0, arg=5)
    model.handle("digit", 0.0, arg=5)
    assert status.message_text(model) == "That square is taken"
    model.handle("quit", 0.0)
    assert status.message_text(model).startswith("Quit the game in progress? y")


def test_info_and_hints() -> None:
    model = game(Settings(difficulty="medium"))
    assert status.info_text(model) == "Tic-tac-toe 3x3 | You (X) vs computer | Medium"
    assert status.key_hint(model).startswith("1-9 or arrows+Enter play")
    big = game(Settings(game="gomoku15", mode="hvh"))
    assert status.info_text(big) == "Gomoku 15x15 | Two players"
    assert status.key_hint(big).startswith("arrows+Enter play")
    assert status.key_hint(Model(Settings())).startswith("Up/Down choose")
