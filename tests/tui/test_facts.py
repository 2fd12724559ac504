"""The information bar's "solved: ..." fact: what is proven, in games against Hard."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from tictac_tui.choices import Board, Mode, Settings
from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.strategies import Difficulty, Limit, Proven, known_result
from tictac_tui.strategies.proof import oracle_for
from tictac_tui.tui import status
from tictac_tui.tui.effects import Effect
from tictac_tui.tui.facts import Solved
from tictac_tui.tui.model import Model

from .test_model import LATER, computer_plays, game, position, press

HANG_GUARD = 60.0
"""Seconds a threaded wait may take before the test fails (never reached when all is well)."""


def hard(**choices: object) -> Settings:
    return Settings(difficulty=Difficulty.HARD, **choices)  # type: ignore[arg-type]


def custom(rows: int, cols: int, k: int, **choices: object) -> Settings:
    return hard(game=Board.CUSTOM, rows=rows, cols=cols, k=k, **choices)


def info(model: Model) -> str:
    return status.info_line(model, 200)[0]


def test_against_hard_the_bar_says_what_is_proven() -> None:
    model = game(hard())  # you play X on 3x3
    effects = model.update(LATER)
    assert Effect.REDRAW in effects
    assert info(model).endswith("| solved: draw with best play")
    position(model, "X X O\n. . O\n. . .")  # X must block, then O forks
    assert Effect.REDRAW in model.update(LATER)
    assert info(model).endswith("| solved: O wins")
    assert status.info_line(model, 80)[0] == "Tic-tac-toe 3x3 | You (X) vs Hard | solved: O wins"


def test_a_first_player_win_and_a_proven_board() -> None:
    won = game(custom(4, 4, 3))
    won.update(LATER)
    assert "solved: X wins" in info(won)
    proven = game(custom(4, 5, 4))  # the shipped proofs: a draw
    proven.update(LATER)
    assert "solved: draw with best play" in info(proven)


def test_no_fact_without_hard_or_without_a_proof() -> None:
    for settings in (
        Settings(difficulty=Difficulty.MEDIUM),
        Settings(mode=Mode.HVH),
        hard(game=Board.GOMOKU15),
    ):
        model = game(settings)
        computer_plays(model)
        assert model.match is not None and model.match.solved is None
        assert "solved" not in info(model)
    watch = game(Settings(mode=Mode.CVC, x_difficulty=Difficulty.HARD))
    watch.update(0.0)  # X is asked to move...
    assert watch.computer.thinking() and "solved" not in info(watch)  # ...the computer first
    watch.update(0.0)  # its answer has come and waits for its pace
    assert not watch.computer.thinking()
    assert "solved: draw with best play" in info(watch)


def test_the_fact_follows_the_moves_and_undo() -> None:
    model = game(hard())
    assert model.match is not None
    for square in "28":  # edges: X gives O chances, the bar keeps up
        press(model, square)
        computer_plays(model)
        model.update(LATER)
        assert model.match.solved == known_result(model.match.state, Limit(time=5.0))
    assert model.match.solved == Proven(Player.O)
    press(model, "u")
    model.update(LATER)
    assert model.match.solved == known_result(model.match.state, Limit(time=5.0))


def wait_until(condition: Callable[[], bool], what: str) -> None:
    """Wait for `condition` (checked every 10 ms), failing after `HANG_GUARD` seconds."""
    deadline = time.monotonic() + HANG_GUARD
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {HANG_GUARD} s: {what}")
        time.sleep(0.01)


class Holder:
    """Another thread holding a board's oracle lock, as a computer player proving there."""

    def __init__(self, rules: Rules) -> None:
        self.held = threading.Event()
        self.release = threading.Event()
        self.thread = threading.Thread(target=self._hold, args=(rules,), daemon=True)

    def _hold(self, rules: Rules) -> None:
        with oracle_for(rules).lock:
            self.held.set()
            self.release.wait(HANG_GUARD)

    def __enter__(self) -> Holder:
        self.thread.start()
        assert self.held.wait(HANG_GUARD)
        return self

    def __exit__(self, *exc: object) -> None:
        self.release.set()
        self.thread.join(HANG_GUARD)


def test_work_runs_in_a_thread_and_a_new_position_stops_the_old() -> None:
    solved = Solved()
    start = GameState.new(Rules(3, 3, 3))
    solved.work_on(start)
    wait_until(lambda: solved.worked_out(start), "3x3 worked out")
    assert solved.known(start) == Proven(None)
    board = Rules(4, 5, 4)  # positions from the shipped proofs: known at once
    position = GameState.new(board)
    later = position.play(Move(1, 2))
    with Holder(board):  # the fact waits for the player proving on this board
        solved.work_on(position)
        solved.work_on(later)  # stops the waiting work; starts once that thread has ended
        assert not solved.worked_out(position) and not solved.worked_out(later)

    def later_worked_out() -> bool:
        solved.work_on(later)
        return solved.worked_out(later)

    wait_until(later_worked_out, "the later position worked out")
    assert solved.known(later) == Proven(None)
    assert not solved.worked_out(position)  # the stopped work's answer was dropped


def test_known_result_waits_for_the_board_only_when_asked() -> None:
    board = Rules(4, 5, 4)
    state = GameState.new(board)
    answers: list[Proven | None] = []
    with Holder(board):
        assert known_result(state) is None  # the board is busy: no wait
        waiter = threading.Thread(
            target=lambda: answers.append(known_result(state, Limit(time=5.0), wait=True))
        )
        waiter.start()
        assert answers == []
    waiter.join(HANG_GUARD)
    assert answers == [Proven(None)]
    stop = threading.Event()
    stop.set()
    with Holder(board):
        assert known_result(state, Limit(stop=stop), wait=True) is None  # stopped: gives up


def test_the_fact_speaks_the_interface_language() -> None:
    from tictac_tui.i18n import set_language
    from tictac_tui.tui.facts import solved_fact

    model = game(custom(4, 4, 3))
    model.update(LATER)
    assert model.match is not None
    try:
        set_language("zh")
        assert solved_fact(model.match) == "已解：X胜"
    finally:
        set_language("en")
    assert solved_fact(model.match) == "solved: X wins"


def test_each_proven_result_has_its_words_in_both_languages() -> None:
    from tictac_tui.i18n import set_language
    from tictac_tui.tui.facts import solved_words

    gomoku = Rules.gomoku()
    try:
        set_language("zh")
        chinese = [solved_words(Proven(winner), gomoku) for winner in (Player.X, Player.O, None)]
    finally:
        set_language("en")
    english = [solved_words(Proven(winner), gomoku) for winner in (Player.X, Player.O, None)]
    assert english == ["solved: X wins", "solved: O wins", "solved: draw with best play"]
    assert len(set(chinese)) == 3 and not set(chinese) & set(english)
