"""Engine and perfect-player speed, each beside a naive reference in the same run.

    python bench/engine.py [--seconds S] [--repeats N]

Prints random playouts per second (through the public GameState API, through
the engine's bitboard fast path, and through a textbook list-of-lists engine
that scans the whole board for a line after every move; all three pick a
move the same way, ``moves[int(random() * len(moves))]``), the perfect
player's cold and warm move times (cold = a fresh process), and the number of
positions it visits to solve a board. Figures, not asserts: the machine is
shared, so compare the ratios within one run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tictac_tui.engine import GameState, Rules, geometry  # noqa: E402
from tictac_tui.strategies.perfect import PerfectStrategy  # noqa: E402
from tictac_tui.strategies.solver import Solver  # noqa: E402

# -- three ways to play a random game ----------------------------------------


def api_playout(rules: Rules, rng: random.Random) -> None:
    """Through the public API: immutable states, legal_moves(), play(), is_over."""
    state = GameState.new(rules)
    rnd = rng.random
    while not state.is_over:
        legal = state.legal_moves()
        state = state.play(legal[int(rnd() * len(legal))])


def make_fast_playout(rules: Rules) -> Callable[[random.Random], int]:
    """Through the engine's fast path: bare bitboards and Geometry.wins_at."""
    geo = geometry(rules)
    wins_at, bits_of, size = geo.wins_at, geo.bits, geo.size

    def playout(rng: random.Random) -> int:
        rnd = rng.random
        empties = list(range(size))
        n = size
        stones = [0, 0]
        side = 0
        while n:
            j = int(rnd() * n)
            i = empties[j]
            n -= 1
            empties[j] = empties[n]
            b = stones[side] | bits_of[i]
            stones[side] = b
            if wins_at(b, i):
                return side
            side ^= 1
        return -1

    return playout


def naive_playout(rules: Rules, rng: random.Random) -> None:
    """The textbook program: a list-of-lists board, a whole-board scan after each move."""
    rows, cols, k = rules.rows, rules.cols, rules.k
    board = [["." for _ in range(cols)] for _ in range(rows)]
    player = "X"
    rnd = rng.random
    for _ in range(rows * cols):
        empty = [(r, c) for r in range(rows) for c in range(cols) if board[r][c] == "."]
        r, c = empty[int(rnd() * len(empty))]
        board[r][c] = player
        if naive_has_line(board, player, k):
            return
        player = "O" if player == "X" else "X"


def naive_has_line(board: list[list[str]], player: str, k: int) -> bool:
    rows, cols = len(board), len(board[0])
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
                if not (0 <= end_r < rows and 0 <= end_c < cols):
                    continue
                if all(board[r + dr * i][c + dc * i] == player for i in range(k)):
                    return True
    return False


def rate(run: Callable[[random.Random], object], seconds: float) -> float:
    """Playouts per second over about `seconds`."""
    rng = random.Random(1)
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(10):
            run(rng)
        count += 10
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def playout_rates(seconds: float, repeats: int) -> None:
    print("Random playouts per second from the empty board (median of runs; higher is better)")
    print(
        f"{'board':<14}{'naive':>10}{'API':>12}{'fast path':>12}{'API/naive':>11}{'fast/naive':>12}"
    )
    for rules in (Rules.tictactoe(), Rules.gomoku(15)):
        fast = make_fast_playout(rules)
        runs: dict[str, list[float]] = {"naive": [], "api": [], "fast": []}
        for _ in range(repeats):  # interleaved, so load changes hit all three alike
            runs["naive"].append(rate(lambda g, r=rules: naive_playout(r, g), seconds))
            runs["api"].append(rate(lambda g, r=rules: api_playout(r, g), seconds))
            runs["fast"].append(rate(fast, seconds))
        naive, api, fastest = (statistics.median(runs[key]) for key in ("naive", "api", "fast"))
        print(
            f"{rules.describe():<14}{naive:>10,.0f}{api:>12,.0f}{fastest:>12,.0f}"
            f"{api / naive:>10.1f}x{fastest / naive:>11.1f}x"
        )


# -- the perfect player ------------------------------------------------------

COLD_SCRIPT = """
import time, random
from tictac_tui.engine import GameState, Rules
from tictac_tui.strategies.perfect import PerfectStrategy
rules = Rules({rows}, {cols}, {k})
start = time.perf_counter()
player = PerfectStrategy(seed=1)
player.choose(GameState.new(rules))
print(time.perf_counter() - start)
"""


def cold_first_move(rows: int, cols: int, k: int) -> float:
    """Seconds to the first move from the empty board in a fresh process (imports excluded)."""
    out = subprocess.run(
        [sys.executable, "-c", COLD_SCRIPT.format(rows=rows, cols=cols, k=k)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return float(out.stdout.strip())


def warm_move_times(rules: Rules, games: int) -> tuple[float, float]:
    """Median seconds per move: over the first game, and over `games` games vs random."""
    player = PerfectStrategy(seed=2)
    player.choose(GameState.new(rules))
    rng = random.Random(3)
    times: list[float] = []
    first_game: list[float] = []
    for game in range(games):
        state = GameState.new(rules)
        perfect_turn = game % 2
        while not state.is_over:
            if state.move_count % 2 == perfect_turn:
                start = time.perf_counter()
                move = player.choose(state)
                elapsed = time.perf_counter() - start
                times.append(elapsed)
                if game < 2:
                    first_game.append(elapsed)
            else:
                move = rng.choice(state.legal_moves())
            state = state.play(move)
    return statistics.median(first_game), statistics.median(times)


def solve_visits(rules: Rules) -> tuple[int, float]:
    """Positions a fresh solver visits to value the empty board, and the seconds it takes."""
    solver = Solver(geometry(rules))
    start = time.perf_counter()
    solver.value(0, 0)
    return solver.nodes, time.perf_counter() - start


def naive_solve(rules: Rules) -> tuple[int, float]:
    """A textbook minimax (no pruning, no table) over the list-of-lists board, for scale."""
    board = [["." for _ in range(rules.cols)] for _ in range(rules.rows)]
    visits = 0

    def minimax(player: str) -> int:
        nonlocal visits
        visits += 1
        other = "O" if player == "X" else "X"
        best = -2
        moved = False
        for r in range(rules.rows):
            for c in range(rules.cols):
                if board[r][c] != ".":
                    continue
                moved = True
                board[r][c] = player
                score = 1 if naive_has_line(board, player, rules.k) else -minimax(other)
                board[r][c] = "."
                best = max(best, score)
        return best if moved else 0

    start = time.perf_counter()
    minimax("X")
    return visits, time.perf_counter() - start


def perfect_figures(repeats: int) -> None:
    print()
    print("Perfect player (median of runs)")
    print(f"{'board':<18}{'cold 1st move':>15}{'warm, 1st games':>17}{'warm, 200 games':>17}")
    for rows, cols, k in ((3, 3, 3), (4, 4, 4)):
        rules = Rules(rows, cols, k)
        cold = statistics.median(cold_first_move(rows, cols, k) for _ in range(repeats))
        first, warm = warm_move_times(rules, 200 if rules.squares <= 9 else 20)
        figures = f"{cold * 1e3:>12.2f} ms{first * 1e3:>14.3f} ms{warm * 1e3:>14.4f} ms"
        print(f"{rules.describe():<18}{figures}")
    print()
    print("Positions visited to solve from the empty board")
    visits, seconds = solve_visits(Rules.tictactoe())
    naive_visits, naive_seconds = naive_solve(Rules.tictactoe())
    print(
        f"  3x3 k3: {visits:,} positions in {seconds * 1e3:.2f} ms; naive minimax "
        f"{naive_visits:,} in {naive_seconds * 1e3:.0f} ms ({naive_seconds / seconds:,.0f}x slower)"
    )
    visits, seconds = solve_visits(Rules(4, 4, 4))
    print(
        f"  4x4 k4: {visits:,} positions in {seconds * 1e3:.0f} ms (naive minimax: not run, ~10^13)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=1.0, help="time per playout measurement")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure; medians are shown")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    playout_rates(args.seconds, args.repeats)
    perfect_figures(args.repeats)


if __name__ == "__main__":
    main()
