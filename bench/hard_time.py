"""How long the app's Hard takes a move on its think time (docs/benchmarks.md).

Plays Hard against itself from balanced openings, each move asked of the
player the app makes (`levels.player_for`) with the limit the app gives it
(`levels.move_limit`: `levels.MOVE_LIMIT` unless ``--seconds``), and prints
each move's wall-clock seconds around `choose` (the app's worker thread adds
a queue hand-off): average, median, slowest, and the load average.

    python bench/hard_time.py [--games N] [--seconds S] [--openings FILE] [--size N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from match import load_openings

from tictac_tui.engine import Rules
from tictac_tui.engine.state import GameState
from tictac_tui.strategies.levels import (
    Difficulty,
    move_limit,
    player_for,
    strategy_name,
)

OPENINGS = Path(__file__).resolve().parent / "openings-15x15-all.txt"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games, one per opening")
    parser.add_argument("--seconds", type=float, default=None, help="the Think time")
    parser.add_argument("--openings", type=Path, default=OPENINGS)
    parser.add_argument("--size", type=int, default=15)
    args = parser.parse_args()
    rules = Rules.gomoku(args.size)
    name = strategy_name(Difficulty.HARD, rules)
    limit = move_limit(name, args.seconds)
    print(f"Hard is {name!r} on {limit}; load average {os.getloadavg()[0]:.2f}")
    seconds: list[float] = []
    for number, opening in enumerate(load_openings(args.openings)[: args.games], 1):
        state = GameState.from_moves(rules, opening)
        players = [player_for(Difficulty.HARD, rules) for _ in range(2)]
        moves = 0
        while not state.is_over:
            start = time.perf_counter()
            move = players[moves % 2].choose(state, limit)
            seconds.append(time.perf_counter() - start)
            state = state.play(move)
            moves += 1
        slowest = max(seconds)
        load = os.getloadavg()[0]
        print(f"game {number}: {moves} moves, slowest so far {slowest:.3f} s, load {load:.2f}")
    print(
        f"{len(seconds)} moves: s/move avg {statistics.fmean(seconds):.3f}, "
        f"median {statistics.median(seconds):.3f}, max {max(seconds):.3f}; "
        f"load average {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
