"""The real app in a pty: against Hard the information bar says what is proven."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tictac_tui.engine import GameState, Move

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .playing import more_moves_than, send_move, settled, start_game
from .terminal import TerminalApp
from .tictactoe import best_move, value

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]


def slow_blunder(state: GameState) -> Move:
    """A move that loses by force, but not to a win in one; else the best move."""
    for move in state.legal_moves():
        after = state.play(move)
        wins_in_one = any(after.play(m).winner is not None for m in after.legal_moves())
        if value(after) > 0 and not wins_in_one:
            return move
    return best_move(state)


def test_the_bar_says_solved_and_follows_a_lost_game(app: Start) -> None:
    run = start_game(app, "--difficulty", "hard", "--first", "computer", "--seed", "1")
    run.wait_for("| solved: draw with best play")
    engine = run.engine_state()
    while engine is not None and value(engine) == 0 and not engine.is_over:
        send_move(run, slow_blunder(engine), "digits")
        run.wait_for(more_moves_than(engine.move_count + 1))  # the computer replied
        run.wait_for(settled)
        engine = run.engine_state()
    assert engine is not None and not engine.is_over and value(engine) < 0
    run.wait_for("You (O) vs Hard | solved: X wins")
