"""What more processes are worth: the time the `search` player takes to finish each depth.

    python bench/threads.py [--threads 1,2] [--seconds 2.0] [--positions 12]

Each position is an opening of bench/openings-15x15-even.txt (the side to
move has no forced win, so alpha-beta runs to the end of its time). For
each number of processes a fresh player (table cleared per position)
searches it for `--seconds`, and the script prints, per depth, in how many
positions that depth was finished and the seconds it took, summed over the
positions where every setting finished it; then the speed-up against the
first setting. Run it on an otherwise idle machine: a busy core slows the
helpers, not the figures' meaning.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import Analysis, SearchOptions, SearchStrategy

OPENINGS = Path(__file__).resolve().parent / "openings-15x15-even.txt"
READY_SECONDS = 2.0
"""Time given to the helpers to start before the first measured search."""


def openings(count: int) -> list[GameState]:
    """The first `count` openings of the even set as positions."""
    states = []
    for line in OPENINGS.read_text(encoding="utf-8").splitlines():
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        moves = [Move(int(y), int(x)) for x, y in (field.split(",") for field in fields)]
        states.append(GameState.from_moves(Rules.gomoku(15), moves))
    return states[:count]


def depth_times(threads: int, states: list[GameState], seconds: float) -> list[dict[int, float]]:
    """For each position, the seconds at which each depth was finished."""
    player = SearchStrategy(options=SearchOptions(threads=threads))
    player.analyse(states[0], Limit(time=READY_SECONDS))  # starts (and waits for) the helpers
    out = []
    for state in states:
        player.clear()
        finished: dict[int, float] = {}
        start = time.perf_counter()

        def note(
            line: Analysis, start: float = start, finished: dict[int, float] = finished
        ) -> bool:
            if line.reason.startswith("alpha-beta") and line.depth:
                finished[line.depth] = time.perf_counter() - start
            return False

        player.analyse(state, Limit(time=seconds), on_progress=note)
        out.append(finished)
    player.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", default="1,2", help="process counts to compare")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--positions", type=int, default=12)
    args = parser.parse_args()
    counts = [int(n) for n in args.threads.split(",")]
    states = openings(args.positions)
    runs = {n: depth_times(n, states, args.seconds) for n in counts}
    depths = sorted({d for run in runs.values() for times in run for d in times})
    print(f"{len(states)} positions, {args.seconds} s each; seconds to finish each depth:")
    print("depth | " + " | ".join(f"{n} proc: done, s" for n in counts) + " | speed-up")
    for depth in depths:
        common = [i for i in range(len(states)) if all(depth in runs[n][i] for n in counts)]
        sums = {n: sum(runs[n][i][depth] for i in common) for n in counts}
        cells = [f"{sum(depth in t for t in runs[n]):2d}, {sums[n]:6.2f}" for n in counts]
        base = sums[counts[0]]
        ups = [f"{base / sums[n]:.2f}x" if sums[n] else "-" for n in counts[1:]]
        print(f"{depth:5d} | " + " | ".join(cells) + " | " + " ".join(ups))


if __name__ == "__main__":
    main()
