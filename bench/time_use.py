"""Where a timed move's time goes: each step of the search player, and how its threat searches end.

    python bench/time_use.py [--time 1.0] [--openings FILE] [--positions 8] [--plies 14]
                             [--iterations NODES]

Self-play from the first `--positions` openings of FILE (default: the even
set), `--plies` moves each, every move searched at `--time` seconds on this
process's CPU clock (`bench/match.py --cpu-clock`: the figures don't depend
on the machine's load). Prints, for the moves alpha-beta decided (the
player's quiet moves), the mean seconds of the whole move and of each step
(our VCF, the opponent's VCF, our VCT, the opponent's VCT, the search for
the moves that stop it, alpha-beta, the check of alpha-beta's move), and
for each threat search how often it found a win, proved there is none, or
ran out of its share of the budget. Then the mean seconds of every kind of
move, by its reason. The steps are timed by wrapping the player's private
methods, so this script follows player.py's names.

With `--iterations NODES` it measures instead what the turn timer
(timing.py) assumes, on the same games at NODES a move (reproducible): for
each finished alpha-beta iteration of depth 3 or more and at least
`ITERATION_NODES` nodes (the ones whose time matters), the share of its
nodes its first move took (`timing.FIRST_MOVE_SHARE`), and the ratio of the
next finished iteration's nodes to its own (`timing.GROWTH`); quartiles of
each.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import match
from tictac_tui.engine import GameState, Rules
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import SearchStrategy
from tictac_tui.strategies.search import player as search_player
from tictac_tui.strategies.search.alphabeta import AlphaBeta
from tictac_tui.strategies.search.budget import OutOfTime

EVEN = Path(__file__).resolve().parent / "openings-15x15-even.txt"
ITERATION_NODES = 500
"""With `--iterations`: smaller iterations (a table from the last move makes many nearly
free) are left out."""

STEP_NAMES = {
    ("_vcf", False): "our VCF",
    ("_vcf", True): "opponent's VCF",
    ("_vct", False): "our VCT",
    ("_vct", True): "opponent's VCT",
}


class Recorder:
    """Seconds and outcomes of the steps of the move being searched."""

    def __init__(self) -> None:
        self.seconds: collections.Counter[str] = collections.Counter()
        self.outcomes: collections.Counter[tuple[str, str]] = collections.Counter()

    def clear(self) -> None:
        self.seconds.clear()
        self.outcomes.clear()


def instrument(recorder: Recorder) -> None:
    """Wrap the player's steps so that each adds its seconds (and outcome) to `recorder`."""
    run = search_player._Run
    threat, refutations, alpha_beta = run._threat, run._refutations, run._alpha_beta

    def timed_threat(self: Any, share: float, search: Any, attacker: int | None = None) -> Any:
        name = STEP_NAMES[search.__name__, attacker is not None]

        def counted(budget: Any) -> Callable[[], Any]:
            inner = search(budget)

            def call() -> Any:
                try:
                    found = inner()
                except OutOfTime:
                    recorder.outcomes[name, "ran out"] += 1
                    raise
                recorder.outcomes[name, "found" if found else "none"] += 1
                return found

            return call

        counted.__name__ = search.__name__
        started = match.CLOCK.now()
        try:
            return threat(self, share, counted, attacker)
        finally:
            recorder.seconds[name] += match.CLOCK.now() - started

    def timed_refutations(self: Any, share: float, candidates: Any, search: Any, **kw: Any) -> Any:
        name = "check of alpha-beta's move" if kw.get("first_only") else "moves that stop it"
        started = match.CLOCK.now()
        try:
            return refutations(self, share, candidates, search, **kw)
        finally:
            recorder.seconds[name] += match.CLOCK.now() - started

    def timed_alpha_beta(self: Any, *args: Any, **kw: Any) -> Any:
        started = match.CLOCK.now()
        try:
            return alpha_beta(self, *args, **kw)
        finally:
            recorder.seconds["alpha-beta"] += match.CLOCK.now() - started

    run._threat = timed_threat  # type: ignore[method-assign]
    run._refutations = timed_refutations  # type: ignore[method-assign]
    run._alpha_beta = timed_alpha_beta  # type: ignore[method-assign]


def iterations(openings: list[Any], positions: int, plies: int, nodes: int) -> None:
    """Print the first move's share of each finished iteration and the growth between them."""
    root_moves: list[tuple[int, int]] = []  # (depth, nodes) of each root move, in order
    root_move = AlphaBeta._root_move

    def counted(self: AlphaBeta, move: int, depth: int, *args: Any) -> int:
        before = self.budget.nodes
        score = root_move(self, move, depth, *args)
        root_moves.append((depth, self.budget.nodes - before))
        return score

    AlphaBeta._root_move = counted  # type: ignore[method-assign]
    rules = Rules.gomoku(15)
    shares: list[float] = []
    growths: list[float] = []
    for opening in openings[:positions]:
        state = GameState.from_moves(rules, opening)
        player = SearchStrategy(seed=1)
        for _ in range(plies):
            if state.is_over:
                break
            root_moves.clear()
            line = player.analyse(state, Limit(nodes=nodes))[0]
            by_depth: dict[int, list[int]] = collections.defaultdict(list)
            for depth, spent in root_moves:
                by_depth[depth].append(spent)
            finished = sorted(by_depth)[:-1]  # the last one may have been cut short
            for depth in finished:
                total = sum(by_depth[depth])
                if depth >= 3 and total >= ITERATION_NODES:
                    shares.append(by_depth[depth][0] / total)
                    if depth + 1 in finished:
                        growths.append(sum(by_depth[depth + 1]) / total)
            state = state.play(line.move)
    print(f"{nodes} nodes a move, {positions} openings, {plies} plies each")
    for name, values in (("first move's share", shares), ("growth", growths)):
        if len(values) >= 2:
            quartiles = ", ".join(f"{q:.2f}" for q in statistics.quantiles(values, n=4))
            print(f"  {name}: quartiles {quartiles} ({len(values)} iterations)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--openings", type=Path, default=EVEN)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--plies", type=int, default=14)
    parser.add_argument("--iterations", type=int, metavar="NODES")
    args = parser.parse_args()
    if args.iterations:
        openings = match.load_openings(args.openings)
        iterations(openings, args.positions, args.plies, args.iterations)
        return
    match.use_cpu_clock()
    recorder = Recorder()
    instrument(recorder)
    rules = Rules.gomoku(15)
    quiet_moves = 0
    quiet_seconds = 0.0
    steps: collections.Counter[str] = collections.Counter()
    outcomes: collections.Counter[tuple[str, str]] = collections.Counter()
    by_reason: dict[str, list[float]] = collections.defaultdict(list)
    for opening in match.load_openings(args.openings)[: args.positions]:
        state = GameState.from_moves(rules, opening)
        player = SearchStrategy(seed=1)
        for _ in range(args.plies):
            if state.is_over:
                break
            recorder.clear()
            started = match.CLOCK.now()
            line = player.analyse(state, Limit(time=args.time))[0]
            took = match.CLOCK.now() - started
            by_reason[line.reason.name.lower()].append(took)
            if line.reason.name == "ALPHA_BETA":
                quiet_moves += 1
                quiet_seconds += took
                steps.update(recorder.seconds)
                outcomes.update(recorder.outcomes)
            state = state.play(line.move)
    print(f"{args.time} s a move (CPU clock), {args.positions} openings of {args.openings.name}, "
          f"{args.plies} plies each")  # fmt: skip
    if quiet_moves:
        print(f"moves alpha-beta decided: {quiet_moves}, {quiet_seconds / quiet_moves:.3f} s each")
        for name, seconds in steps.most_common():
            print(f"  {name:28s} {seconds / quiet_moves:.3f} s a move")
        print("threat searches in those moves (found / none / ran out):")
        for name in STEP_NAMES.values():
            counts = [outcomes[name, kind] for kind in ("found", "none", "ran out")]
            print(f"  {name:28s} {counts[0]} / {counts[1]} / {counts[2]}")
    print("every move, by reason (moves, mean s, max s):")
    for reason, times in sorted(by_reason.items(), key=lambda item: -len(item[1])):
        print(f"  {reason:28s} {len(times):4d} {sum(times) / len(times):.3f} {max(times):.3f}")


if __name__ == "__main__":
    main()
