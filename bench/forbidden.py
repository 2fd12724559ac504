"""Renju forbidden points: speed beside the plain legality check, and the full
differential run against the PyPI `renju` package.

    python bench/forbidden.py [--positions N] [--repeats R] [--diff N] [--seed S]

Speed: on N middle-game 15x15 positions (black to move, 30 to 60 stones,
reached by legal play that seeks shapes), positions per second for
- every forbidden point of a position (`renju.forbidden_points` on bitboards,
  and `GameState.forbidden_moves()` on a fresh state),
- the same squares one at a time (`renju.forbidden_at`, as a search asks),
- the plain legality check on the same stones under freestyle: `legal_moves()`
  of a fresh state, and `is_legal()` asked of every square,
- the independent judge (PyPI `renju`, pure Python) on every empty point.
Figures, not asserts; medians of R runs, interleaved.

--diff N compares our verdict with the `renju` package's on every empty point
of N positions (the slow test runs 10,000; this is for larger runs).
Needs the test extra (`pip install -e '.[test]'`).
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.engine.renju_oracle import (  # noqa: E402
    RENJU,
    Comparison,
    compare,
    line_masks,
    oracle_codes,
    shape_seeking_games,
)
from tictac_tui.engine import GameState, Rules, geometry  # noqa: E402
from tictac_tui.engine.renju import forbidden_at, forbidden_points  # noqa: E402

FREESTYLE = Rules.gomoku(15)


def middle_games(count: int, seed: int) -> list[GameState]:
    """`count` renju states with black to move and 30..60 stones."""
    out: list[GameState] = []
    for state in shape_seeking_games(seed, count * 20):
        if 30 <= state.move_count <= 60:
            out.append(state)
            if len(out) == count:
                break
    return out


def per_second(run: Callable[[GameState], object], states: list[GameState]) -> float:
    start = time.perf_counter()
    for state in states:
        run(state)
    return len(states) / (time.perf_counter() - start)


def all_points(state: GameState) -> object:
    black, white = state.bitboards
    return forbidden_points(black, white, state.geometry)


def one_by_one(state: GameState) -> object:
    black, white = state.bitboards
    geo, taken = state.geometry, black | white
    return [forbidden_at(black, white, i, geo) for i in range(geo.size) if not taken >> i & 1]


def forbidden_moves(state: GameState) -> object:
    return state.forbidden_moves()


def legal_moves(state: GameState) -> object:
    return state.legal_moves()


def oracle(state: GameState) -> object:
    black, white = state.bitboards
    geo = state.geometry
    empty = [i for i in range(geo.size) if not (black | white) >> i & 1]
    return oracle_codes(black, white, geo, empty)


def fresh(state: GameState) -> GameState:
    """An equal state that has cached nothing (rebuilt from its history)."""
    return pickle.loads(pickle.dumps(state))


def every_square_is_legal(state: GameState) -> object:
    return [state.is_legal(m) for m in state.geometry.moves]


def speed(states: list[GameState], repeats: int) -> None:
    freestyle = [GameState.from_moves(FREESTYLE, s.history) for s in states]
    few = states[: max(1, len(states) // 20)]  # the judge is slow

    def renewed() -> list[GameState]:
        return [fresh(s) for s in states]

    def renewed_freestyle() -> list[GameState]:
        return [fresh(s) for s in freestyle]

    cases: list[tuple[str, Callable[[GameState], object], Callable[[], list[GameState]]]] = [
        ("forbidden_points (bitboards)", all_points, lambda: states),
        ("GameState.forbidden_moves() (fresh)", forbidden_moves, renewed),
        ("forbidden_at, each empty point", one_by_one, lambda: states),
        ("legal_moves(), renju (fresh)", legal_moves, renewed),
        ("legal_moves(), freestyle (fresh)", legal_moves, renewed_freestyle),
        ("is_legal() on every square, freestyle", every_square_is_legal, lambda: freestyle),
        ("PyPI renju, each empty point", oracle, lambda: few),
    ]
    runs: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    for _ in range(repeats):  # interleaved, so load changes hit all alike
        for name, run, sample in cases:
            runs[name].append(per_second(run, sample()))
    print(f"Forbidden points of {len(states)} middle-game 15x15 positions (median of {repeats})")
    print(f"{'what':<40}{'positions/s':>13}{'ms/position':>13}")
    for name, _, _ in cases:
        rate = statistics.median(runs[name])
        print(f"{name:<40}{rate:>13,.0f}{1e3 / rate:>13.3f}")


def differential(count: int, seed: int) -> None:
    totals = Comparison()
    masks = line_masks(geometry(RENJU))
    start = time.perf_counter()
    for state in shape_seeking_games(seed, count):
        compare(state, masks, totals)
    seconds = time.perf_counter() - start
    print(
        f"Differential vs PyPI renju: {totals.positions:,} positions, {totals.points:,} empty "
        f"points ({totals.asked:,} asked of the judge), fouls found: "
        f"{totals.fouls[1]:,} double three, {totals.fouls[2]:,} double four, "
        f"{totals.fouls[3]:,} overline; {len(totals.mismatches)} disagreements; {seconds:.0f} s"
    )
    for diagram, move, ours, theirs in totals.mismatches[:5]:
        print(f"  {move}: ours {ours}, theirs {theirs}: {diagram}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--diff", type=int, default=0, help="positions for the differential run")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    if args.positions:
        speed(middle_games(args.positions, args.seed), args.repeats)
    if args.diff:
        differential(args.diff, args.seed)


if __name__ == "__main__":
    main()
