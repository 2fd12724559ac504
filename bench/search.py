"""Search speed: positions per second and depth reached, by board size.

    python bench/search.py [--seconds 1.0] [--sizes 13,15,19,26] [--nodes N [--runs 3]]

For each board size the same middle-game position (26 stones from a game
on 15x15, placed around the centre) is searched by the alpha-beta driver
for `--seconds`, and the script prints nodes, positions per second
(make/unmake pairs per second, the board's raw speed), the deepest finished
iteration, and the board's set-up time. A position with the same stones
but a win for the side to move would finish early, so this one is quiet.
Then it times the whole player against its `time_limit` on a busy 19x19
board (the position of the budget test in tests/strategies/test_search.py).

With `--nodes N` it only searches the same position on each board to N
nodes, `--runs` times in one process (the first run meets the pattern
tables cold, later ones warm), and prints the CPU seconds (process time) of
each run and nodes per CPU second of the fastest: the same work on any
load, so two commits compare by the same command on each.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.positions import busy_19x19
from tictac_tui.engine import GameState, Rules
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import SearchStrategy
from tictac_tui.strategies.search.alphabeta import AlphaBeta
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.budget import Budget
from tictac_tui.strategies.search.evaluation import ordered_moves

MIDDLE_GAME = [
    (7, 7), (6, 8), (6, 9), (7, 8), (5, 8), (4, 7), (4, 9), (6, 7), (5, 9), (7, 9),
    (8, 9), (2, 9), (5, 10), (5, 7), (4, 6), (2, 7), (3, 7), (8, 10), (9, 11), (5, 11),
    (2, 8), (5, 5), (6, 10), (4, 8),
]  # fmt: skip
"""24 moves of search (X) against heuristic on 15x15; X to move, no forced win."""


def position(size: int) -> GameState:
    """The middle game, shifted so its centre stays at the board's centre."""
    shift = size // 2 - 7
    return GameState.from_moves(
        Rules.gomoku(size), [(r + shift, c + shift) for r, c in MIDDLE_GAME]
    )


def raw_speed(board: Board, seconds: float) -> float:
    """make/unmake pairs per second over the candidate squares."""
    squares = sorted(board.candidates)
    count = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for sq in squares:
            board.make(sq)
            board.unmake()
        count += len(squares)
    return count / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--sizes", default="13,15,19,26")
    parser.add_argument("--repeats", type=int, default=5, help="runs per time limit")
    parser.add_argument("--nodes", type=int, default=0, help="only a search to this many nodes")
    parser.add_argument("--runs", type=int, default=3, help="runs of the --nodes search")
    args = parser.parse_args()
    if args.nodes:
        fixed_nodes(args.nodes, [int(s) for s in args.sizes.split(",")], args.runs)
        return
    print(f"alpha-beta for {args.seconds:.2f} s on the same 24-stone middle game, X to move")
    print(f"{'board':>7} {'setup ms':>9} {'nodes':>7} {'nodes/s':>8} {'depth':>6} "
          f"{'make+unmake/s':>14} {'player move':>12} {'player s':>9}")  # fmt: skip
    for size in (int(s) for s in args.sizes.split(",")):
        state = position(size)
        started = time.perf_counter()
        board = Board.from_state(state)
        setup = time.perf_counter() - started
        budget = Budget(deadline=time.perf_counter() + args.seconds)
        searcher = AlphaBeta(board, budget)
        started = time.perf_counter()
        _, depth = searcher.root(ordered_moves(board, 24), 30)
        elapsed = time.perf_counter() - started
        pairs = raw_speed(board, min(args.seconds, 0.5))
        player = SearchStrategy()
        started = time.perf_counter()
        move = player.choose(state, Limit(time=args.seconds))
        took = time.perf_counter() - started
        print(
            f"{size:>4}x{size:<2} {setup * 1000:>9.1f} {budget.nodes:>7} "
            f"{budget.nodes / elapsed:>8.0f} {depth:>6} {pairs:>14.0f} "
            f"{move.row},{move.col:<9} {took:>9.3f}"
        )
    budget_table((0.1, 0.25, 0.5, 1.0, 2.0), args.repeats)


def fixed_nodes(nodes: int, sizes: list[int], runs: int) -> None:
    """CPU seconds of alpha-beta searches to `nodes` nodes on the middle game, per board size."""
    print(f"alpha-beta to {nodes} nodes on the same 24-stone middle game, X to move")
    print(f"{'board':>7} {'move':>6} {'score':>6} {'depth':>6}  cpu s per run (first cold)"
          f"{'nodes/cpu s':>13}")  # fmt: skip
    for size in sizes:
        seconds = []
        for _ in range(runs):
            board = Board.from_state(position(size))
            budget = Budget(node_limit=nodes)
            started = time.process_time()
            ranked, depth = AlphaBeta(board, budget).root(ordered_moves(board, 24), 30)
            seconds.append(time.process_time() - started)
        move = board.move(ranked[0][0])
        runs_text = " ".join(f"{s:.3f}" for s in seconds)
        print(
            f"{size:>4}x{size:<2} {move.row:>2},{move.col:<3} {ranked[0][1]:>6} {depth:>6}  "
            f"{runs_text:<26}{budget.nodes / min(seconds):>13.0f}"
        )


def budget_table(limits: tuple[float, ...], repeats: int) -> None:
    """Seconds the player takes against its time limit on a busy 19x19 board."""
    state = busy_19x19()
    print(f"\nplayer time against time_limit on a busy 19x19 board ({repeats} runs each)")
    print(f"{'limit s':>8} {'mean s':>7} {'max s':>7} {'max/limit':>10}")
    for limit in limits:
        times = []
        for _ in range(repeats):
            started = time.perf_counter()
            SearchStrategy().choose(state, Limit(time=limit))
            times.append(time.perf_counter() - started)
        print(
            f"{limit:>8.2f} {sum(times) / len(times):>7.3f} {max(times):>7.3f} "
            f"{max(times) / limit:>10.2f}"
        )


if __name__ == "__main__":
    main()
