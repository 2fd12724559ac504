"""Root moves shared with helper processes (`SearchOptions.threads`): same answers, no hangs."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from multiprocessing import get_context
from multiprocessing.connection import Connection

import pytest

from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import SearchOptions, SearchStrategy
from tictac_tui.strategies.search.alphabeta import AlphaBeta
from tictac_tui.strategies.search.analysis import WIN, Analysis
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.budget import Budget
from tictac_tui.strategies.search.evaluation import ordered_moves
from tictac_tui.strategies.search.parallel import Helpers, Shared, serve, valid_scores

READY_TIMEOUT = 120.0
"""A hang guard for a helper process to start (importing the package on a busy machine)."""
EXACT = SearchOptions(razoring=0)
"""The search whose best line at these depths is exact whatever the window: razoring's cuts
depend on alpha, so a move's value could differ between a null window and a full one."""

# A quiet 15x15 middle game (one of bench/openings-15x15-even.txt, played on): nothing forced.
MIDDLE = [(7, 7), (8, 8), (8, 6), (6, 8), (7, 9), (9, 7), (6, 6), (7, 8), (9, 8)]


def middle_game() -> GameState:
    return GameState.from_moves(Rules.gomoku(15), [Move(r, c) for r, c in MIDDLE])


def wait_ready(helpers: Helpers) -> None:
    """Wait (polling, with a hang guard) until every helper has said it is ready."""
    until = time.monotonic() + READY_TIMEOUT
    while len(helpers.ready()) < len(helpers.helpers):
        assert time.monotonic() < until, "a helper process did not start"
        time.sleep(0.01)


@pytest.fixture
def helpers() -> Iterator[Helpers]:
    started = Helpers(1, EXACT, 100_000)
    wait_ready(started)
    yield started
    started.close()


def sequential_root(state: GameState, depth: int) -> tuple[int, int]:
    board = Board.from_state(state)
    searcher = AlphaBeta(board, Budget(deadline=time.perf_counter() + 3600), options=EXACT)
    ranked, done = searcher.root(ordered_moves(board, 24), depth)
    assert done == depth
    return ranked[0]


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_a_shared_search_finds_the_same_best_move_and_score(helpers: Helpers, depth: int) -> None:
    # At these depths the table can't change a value: the best line is exact either way.
    # At depth 3 the helpers start at a floor guessed from depth 1.
    state = middle_game()
    board = Board.from_state(state)
    stones = list(board.bits)
    searcher = AlphaBeta(board, Budget(deadline=time.perf_counter() + 3600), options=EXACT)
    ranked, done = searcher.root(
        ordered_moves(board, 24), depth, split=partial(helpers.iterate, searcher, state)
    )
    assert done == depth
    assert ranked[0] == sequential_root(state, depth)
    assert board.bits == stones  # the board is back at the root
    assert helpers.helpers  # the helper was kept


@dataclass
class ThreadHelper:
    """`serve` run in a thread of this process, with the main side's pipe and shared values."""

    conn: Connection
    shared: Shared


@pytest.fixture
def thread_helper() -> Iterator[ThreadHelper]:
    context = get_context("spawn")
    shared = Shared(
        context.Value("i", 0),
        context.Value("i", -WIN - 1),
        context.Value("i", -WIN - 1),
        context.Event(),
    )
    mine, theirs = context.Pipe()
    worker = threading.Thread(target=serve, args=(theirs, shared, EXACT, 10_000))
    worker.start()
    assert mine.recv() == ("ready",)
    yield ThreadHelper(mine, shared)
    mine.close()  # the helper ends when its pipe closes
    worker.join(READY_TIMEOUT)
    assert not worker.is_alive()


def test_a_helper_alone_scores_every_move_it_claims(thread_helper: ThreadHelper) -> None:
    # No other taker, so it claims every move.
    state = middle_game()
    moves = ordered_moves(Board.from_state(state), 24)
    conn = thread_helper.conn
    conn.send(("root", state))
    conn.send(("iterate", 7, moves, 2, 3600.0))
    assert conn.poll(READY_TIMEOUT)
    kind, iteration, results, nodes = conn.recv()
    assert nodes >= len(moves)
    assert (kind, iteration) == ("done", 7)
    assert set(results) == set(moves)
    best = max(results, key=lambda move: results[move][0])
    assert (best, results[best][0]) == sequential_root(state, 2)
    # The first move was searched at no bound, so its score is exact; each other
    # move at the best exact score before it, so its "at most" stands.
    assert valid_scores(results, results[best][0]) == {m: r[0] for m, r in results.items()}


def test_an_aborted_helper_answers_with_what_it_has(thread_helper: ThreadHelper) -> None:
    state = middle_game()
    moves = ordered_moves(Board.from_state(state), 24)
    conn = thread_helper.conn
    conn.send(("root", state))
    thread_helper.shared.abort.set()  # already aborted: it claims nothing
    conn.send(("iterate", 1, moves, 8, 3600.0))
    assert conn.poll(READY_TIMEOUT)
    assert conn.recv() == ("done", 1, {}, 0)


TWO_PROCESSES = SearchOptions(threads=2)


def threaded_player(options: SearchOptions = TWO_PROCESSES) -> SearchStrategy:
    """A two-process player (`options` has threads=2) whose helper is ready."""
    player = SearchStrategy(options=options)
    player.analyse(middle_game(), Limit(time=0.05))  # starts the helper
    assert player._helpers is not None
    wait_ready(player._helpers)
    return player


def test_a_timed_search_with_a_helper_plays_a_legal_move() -> None:
    player = threaded_player()
    try:
        state = middle_game()
        line = player.analyse(state, Limit(time=0.5))[0]
        assert state.is_legal(line.move) and line.depth >= 1
    finally:
        player.close()


def test_a_dead_helper_is_dropped_and_the_search_goes_on() -> None:
    player = threaded_player()
    try:
        assert player._helpers is not None
        (helper,) = player._helpers.helpers
        helper.process.kill()
        helper.process.join(READY_TIMEOUT)
        state = middle_game()
        line = player.analyse(state, Limit(time=0.3))[0]
        assert state.is_legal(line.move)
        assert player._helpers.helpers == []
    finally:
        player.close()


def test_a_stop_ends_a_shared_search() -> None:
    # No threat searches before alpha-beta: on an hour's budget the opponent's VCT
    # here runs to its end (a minute or more) before the first iteration.
    player = threaded_player(SearchOptions(threads=2, vct_share=0.0, opp_vct_share=0.0))
    stop = threading.Event()
    lines: list[Analysis] = []

    def progress(line: object) -> bool:
        stop.set()  # stop as soon as the first iteration is in
        return False

    def think() -> None:
        limit = Limit(time=3600, stop=stop)
        lines.extend(player.analyse(middle_game(), limit, on_progress=progress))

    try:
        thinker = threading.Thread(target=think)
        thinker.start()
        thinker.join(READY_TIMEOUT)
        assert not thinker.is_alive()
        assert middle_game().is_legal(lines[0].move)
        assert lines[0].depth == 1  # no deeper iteration was finished after the stop
    finally:
        player.close()


def test_node_limited_searches_stay_in_one_process_and_reproducible() -> None:
    state = middle_game()
    threaded = SearchStrategy(options=SearchOptions(threads=2))
    alone = SearchStrategy()
    first = threaded.analyse(state, Limit(nodes=3000))[0]
    assert threaded._helpers is None
    second = alone.analyse(state, Limit(nodes=3000))[0]
    assert (first.move, first.score, first.nodes) == (second.move, second.score, second.nodes)


def test_threads_can_be_changed_and_close_the_helpers() -> None:
    player = threaded_player()
    helpers = player._helpers
    assert helpers is not None
    (helper,) = helpers.helpers
    player.threads = 1
    assert player._helpers is None and player.options.threads == 1
    helper.process.join(READY_TIMEOUT)
    assert not helper.process.is_alive()
    player.threads = 0  # at least one
    assert player.threads == 1
