"""Playing whole games in the real app: moves by digits or arrows, waiting for the reply."""

from __future__ import annotations

from collections.abc import Callable

from tictac_tui.engine import GameState, Move

from .terminal import TerminalApp

Start = Callable[..., TerminalApp]


def settled(run: TerminalApp) -> bool:
    """The board on screen equals the engine's, and a person is to move or the game is over."""
    state = run.state()
    engine = run.engine_state()
    if engine is None or not run.board_matches():
        return False
    return bool(state["over"]) or engine.to_move in run.human()


def send_move(run: TerminalApp, move: Move, by: str) -> None:
    """Play `move` with a digit key, or with arrow keys then Enter."""
    if by == "digits":
        run.send(str(move.row * 3 + move.col + 1))
        return
    row, col = run.state()["cursor"]
    keys = ["down" if move.row > row else "up"] * abs(move.row - row)
    keys += ["right" if move.col > col else "left"] * abs(move.col - col)
    run.send(*keys, "enter")


def play_out(run: TerminalApp, choose: Callable[[GameState], Move], by: str) -> GameState:
    """Play the human's moves with `choose` until the game ends; the final position."""
    while True:
        run.wait_for(settled)
        engine = run.engine_state()
        assert engine is not None
        if engine.is_over:
            return engine
        played = engine.move_count
        send_move(run, choose(engine), by)
        run.wait_for(more_moves_than(played))


def more_moves_than(count: int) -> Callable[[TerminalApp], bool]:
    """A condition: more than `count` moves have been played."""

    def more_moves(run: TerminalApp) -> bool:
        return len(run.state().get("history", [])) > count

    return more_moves


def start_game(start: Start, *args: str, **options: object) -> TerminalApp:
    """Start the app with `args` (and `TerminalApp` `options`), and Play from the menu."""
    run = start(*args, **options)
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for(settled)
    return run
