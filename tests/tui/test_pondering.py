"""Pondering in the app: the computer's player thinks on the person's time as a ponder job
of `ComputerTurn`, started only when asked for and useful, cancelled by anything that
changes the game, its answer never played; the computer's move comes after it ended."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import pytest

from tictac_tui.choices import Board, First, Mode, Ponder, Settings
from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.strategies import NO_LIMIT, Difficulty, Limit
from tictac_tui.strategies.search import Analysis, SearchStrategy
from tictac_tui.tui.computer import Answer, ComputerTurn, Job, JobKind
from tictac_tui.tui.effects import Effect
from tictac_tui.tui.keys import Command
from tictac_tui.tui.menu import Item
from tictac_tui.tui.model import Model
from tictac_tui.tui.screens import Screen
from tictac_tui.tui.status import turn_text

from .test_facts import HANG_GUARD, wait_until
from .test_model import press

PONDERING = Settings(game=Board.GOMOKU15, difficulty=Difficulty.HARD, ponder=Ponder.ON)


@dataclass
class Searcher:
    """A player named as the search (so the app ponders with it) that records each question;
    the first `block` questions it thinks about until their stop signal is set."""

    name: str = "search"
    block: int = 0
    asked: list[tuple[GameState, Limit]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    """"start" and "end" of each question, in order (from the thinking thread)."""

    def supports(self, rules: Rules) -> bool:
        return True

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        self.asked.append((state, limit))
        self.log.append("start")
        if len(self.asked) <= self.block:
            assert limit.stop is not None and isinstance(limit.stop, threading.Event)
            limit.stop.wait(HANG_GUARD)
        self.log.append("end")
        return state.legal_moves()[0]


def pondering_game(
    settings: Settings = PONDERING, *, threads: bool = False, block: int = 0
) -> tuple[Model, Searcher]:
    """A game against a `Searcher` as O, the person (X) to move."""
    model = Model(settings, seed=1, threads=threads)
    press(model, Command.SELECT)
    match = model.match
    assert model.screen is Screen.GAME and match is not None
    searcher = Searcher(block=block)
    match.players[Player.O] = searcher
    return model, searcher


def ponder_job(model: Model) -> Job:
    job = model.computer.job
    assert job is not None and job.kind is JobKind.PONDER
    return job


def moved_once(model: Model) -> None:
    """The person plays the cursor square and the computer replies (inline)."""
    press(model, Command.SELECT)
    model.update(100.0)  # the computer is asked
    model.update(100.0)  # it answers (inline), and the person's turn is pondered
    assert model.match is not None and model.match.state.move_count == 2


# -- ComputerTurn ---------------------------------------------------------------------


def test_a_ponder_answer_is_never_handed_over_and_the_position_is_not_pondered_twice() -> None:
    turn = ComputerTurn(threads=False)
    state = GameState.from_moves(Rules.gomoku(15), ["h8"])
    searcher = Searcher()
    job = turn.ponder(state, searcher, Limit(nodes=10), 0.0)
    assert job is not None and turn.pondering() and turn.thinking()
    assert turn.poll(1.0) is None  # run inline: the answer came and was dropped
    assert searcher.asked == [(state, Limit(nodes=10))]
    assert turn.job is None and turn.pondered is state and not turn.pondering()
    assert turn.ponder(state, searcher, Limit(nodes=10), 2.0) is None
    assert turn.ponder(state.play(Move(7, 8)), searcher, Limit(nodes=10), 2.0) is not None


def test_a_move_asked_while_pondering_starts_after_the_ponder_thread_ended() -> None:
    turn = ComputerTurn(threads=True)
    searcher = Searcher(block=1)
    state = GameState.from_moves(Rules.gomoku(15), ["h8", "h9"])
    pondering = turn.ponder(state, searcher, Limit(time=60.0), 0.0)
    assert pondering is not None
    turn.poll(0.0)  # its thread starts and thinks until stopped
    after = state.play(Move(8, 8))
    move = turn.ask(JobKind.MOVE, after, searcher, Limit(time=1.0), 0.0, 0.0)
    assert pondering.limit.stopped
    answers: list[Answer] = []

    def answered() -> bool:
        answer = turn.poll(1.0)
        if answer is not None:
            answers.append(answer)
        return bool(answers)

    wait_until(answered, "the move's answer")
    (answer,) = answers
    assert answer.job is move and answer.job.strategy is searcher
    assert searcher.log == ["start", "end", "start", "end"]  # never two at once
    assert [asked for asked, _limit in searcher.asked] == [state, after]


# -- when the app ponders ---------------------------------------------------------------


def test_the_person_s_turn_against_hard_is_pondered_with_the_computer_s_own_player() -> None:
    model, searcher = pondering_game()
    model.update(0.0)
    job = ponder_job(model)
    assert model.match is not None and job.state is model.match.state
    assert job.strategy is searcher
    assert job.limit.stop is not None and job.limit.time is not None
    assert turn_text(model, 0.0) == "Your move (X); computer pondering"


@pytest.mark.parametrize(
    "settings",
    [
        Settings(game=Board.GOMOKU15, difficulty=Difficulty.HARD),  # Ponder off, the default
        Settings(game=Board.GOMOKU15, difficulty=Difficulty.HARD, mode=Mode.HVH, ponder=Ponder.ON),
    ],
)
def test_no_pondering_unless_asked_for_against_the_computer(settings: Settings) -> None:
    model, _searcher = pondering_game(settings)
    model.update(0.0)
    assert model.computer.job is None
    assert turn_text(model, 0.0) in ("Your move (X)", "X to move")


@pytest.mark.parametrize("name", ["heuristic", "expert", "perfect", "mcts", "engine:pela"])
def test_no_pondering_with_a_player_it_would_not_help(name: str) -> None:
    model, searcher = pondering_game()
    searcher.name = name
    model.update(0.0)
    assert model.computer.job is None


def test_no_pondering_on_the_computer_s_turn_nor_once_the_game_is_over() -> None:
    settings = Settings(
        game=Board.GOMOKU15, difficulty=Difficulty.HARD, ponder=Ponder.ON, first=First.COMPUTER
    )
    model = Model(settings, seed=1, threads=False)
    press(model, Command.SELECT)
    match = model.match
    assert match is not None and not match.human_to_move()
    searcher = Searcher()
    match.players[Player.X] = searcher
    model.update(100.0)
    job = model.computer.job
    assert job is not None and job.kind is JobKind.MOVE
    model.update(100.0)  # the move is played; the person's turn is pondered
    assert match.state.move_count == 1
    ponder_job(model)
    match.state = GameState.from_diagram("XXXXX / OOOO. / ..... / ..... / .....", k=5)
    model.update(100.0)
    assert match.over and model.computer.job is None


def test_the_ponder_answer_is_never_played_and_the_position_is_pondered_once() -> None:
    model, searcher = pondering_game()
    model.update(0.0)  # asked
    model.update(0.0)  # run inline to its end: dropped
    match = model.match
    assert match is not None and match.state.move_count == 0
    assert len(searcher.asked) == 1 and model.computer.job is None
    model.update(1.0)
    assert model.computer.job is None and len(searcher.asked) == 1
    assert turn_text(model, 1.0) == "Your move (X)"


def test_the_analysis_panel_thinks_instead() -> None:
    model, _searcher = pondering_game()
    model.update(0.0)
    job = ponder_job(model)
    press(model, "e")
    model.update(0.0)
    assert job.limit.stopped and not model.computer.pondering()
    model.analysis.close()


@pytest.mark.parametrize(
    "keys",
    [
        pytest.param((Command.SELECT,), id="move"),
        pytest.param(("t",), id="hint"),
        pytest.param(("u",), id="undo"),
        pytest.param((Command.MENU,), id="menu"),
        pytest.param(("?",), id="help"),
        pytest.param(("o",), id="open"),
        pytest.param(("n", "y"), id="new game"),
        pytest.param(("q", "y"), id="quit"),
    ],
)
def test_each_change_of_the_game_cancels_pondering(keys: tuple[Command | str, ...]) -> None:
    model, searcher = pondering_game()
    moved_once(model)
    job = ponder_job(model)
    assert model.match is not None and job.state is model.match.state
    press(model, *keys, now=100.0)
    model.finish()  # after q, y the app ends this way
    assert job.limit.stopped
    assert model.computer.job is not job
    assert len(searcher.asked) == 1  # its answer was never asked for, let alone played


def test_the_computer_s_move_after_pondering_is_its_own_player_s_once_pondering_ended() -> None:
    model, searcher = pondering_game(threads=True, block=1)
    match = model.match
    assert match is not None
    model.update(0.0)
    pondering = ponder_job(model)
    model.update(0.0)  # its thread starts, and thinks until stopped
    press(model, Command.SELECT)  # h8
    assert pondering.limit.stopped

    def played() -> bool:
        model.update(100.0)
        return match.state.move_count >= 2

    wait_until(played, "the computer's move after pondering")
    assert match.state.move_count == 2
    assert [state.move_count for state, _limit in searcher.asked] == [0, 1]
    assert searcher.log[:4] == ["start", "end", "start", "end"]
    model.finish()


# -- the setting ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "shown"),
    [
        (Settings(game=Board.GOMOKU15, difficulty=Difficulty.HARD), True),
        (Settings(game=Board.GOMOKU19, difficulty=Difficulty.HARD), True),
        (Settings(game=Board.GOMOKU15, difficulty=Difficulty.MEDIUM), False),
        (Settings(game=Board.GOMOKU15, difficulty=Difficulty.EXPERT), False),
        (Settings(game=Board.TICTACTOE, difficulty=Difficulty.HARD), False),  # perfect
        (Settings(game=Board.GOMOKU15, difficulty=Difficulty.HARD, mode=Mode.HVH), False),
        (
            Settings(
                game=Board.GOMOKU15,
                mode=Mode.CVC,
                x_difficulty=Difficulty.HARD,
                o_difficulty=Difficulty.HARD,
            ),
            False,
        ),
    ],
)
def test_the_ponder_row_is_shown_only_against_a_player_it_helps(
    settings: Settings, shown: bool
) -> None:
    model = Model(settings, threads=False)
    items = model.menu.items(False)
    assert (Item.PONDER in items) is shown
    if shown:
        assert items.index(Item.PONDER) == items.index(Item.THINK) + 1


def test_the_ponder_row_steps_off_and_on_and_is_saved() -> None:
    model = Model(Settings(game=Board.GOMOKU15, difficulty=Difficulty.HARD), threads=False)
    row = {r.item: r for r in model.menu.rows(False)}[Item.PONDER]
    assert (row.label, row.value) == ("Ponder", "Off")
    model.menu.highlight = Item.PONDER
    effects = press(model, Command.RIGHT)
    assert model.settings.ponder is Ponder.ON and Effect.SAVE_SETTINGS in effects
    assert {r.item: r for r in model.menu.rows(False)}[Item.PONDER].value == "On"
    assert model.menu.note(Item.PONDER).startswith("Hard thinks on your time too")


# -- what pondering buys ------------------------------------------------------------------

QUIET = ("g10", "h5", "j11")
"""A quiet 15x15 opening (bench/openings-15x15-even.txt, its 8th), the person (O) to move."""
PONDER_NODES = 20_000
MOVE_NODES = 8_000


def nodes_to_depth(player: SearchStrategy, state: GameState) -> dict[int, int]:
    """The nodes at which each alpha-beta depth finished in a `MOVE_NODES` search."""
    finished: dict[int, int] = {}

    def note(line: Analysis) -> bool:
        if line.depth:
            finished[line.depth] = line.nodes
        return False

    player.analyse(state, Limit(nodes=MOVE_NODES), on_progress=note)
    return finished


def test_a_ponder_job_fills_the_table_and_the_next_search_reaches_deeper_sooner() -> None:
    position = GameState.from_moves(Rules.gomoku(15), list(QUIET))
    pondering, cold = SearchStrategy(seed=1), SearchStrategy(seed=1)
    for player in (pondering, cold):  # each played the computer's last move the same way
        player.choose(position.previous or position, Limit(nodes=MOVE_NODES))
    before = pondering.table_size
    turn = ComputerTurn(threads=False)
    assert turn.ponder(position, pondering, Limit(nodes=PONDER_NODES), 0.0) is not None
    assert turn.poll(0.0) is None and turn.pondered is position  # done, and dropped
    assert pondering.table_size > before
    assert pondering.last_analysis is not None
    reply = pondering.last_analysis.move  # the person plays the move pondering expected
    after = position.play(reply)
    warm_depths, cold_depths = nodes_to_depth(pondering, after), nodes_to_depth(cold, after)
    assert max(warm_depths) >= max(cold_depths)
    deepest = max(cold_depths)
    assert warm_depths[deepest] < cold_depths[deepest]
