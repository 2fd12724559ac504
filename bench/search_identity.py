"""Whether this tree's search decides exactly as another commit's at fixed node counts.

    python bench/search_identity.py [--base main] [--nodes 2000] [--plies 4] [--openings 45]

Both players (this tree's `search` and the one of commit `--base`, loaded
beside it as bench/match.py's ``git:REV`` is) analyse the same positions
with the same node limit, and each position's results are compared: the
move, score, depth, node count, principal variation and reason. The
positions: the first `--openings` of bench/openings-15x15-even.txt, each
followed for `--plies` moves (this tree's choices, so both players see a
game and keep their tables between its moves); under renju, exact five and
caro some of them again; a few with other `SearchOptions` and with three
lines; the middle game of bench/search.py on 13x13, 19x19 and 26x26 and
the two crowded 19x19 boards of tests/positions.py. A change that is only a
speed-up (board.py and its readers) must leave every one identical.

Prints one line per set (positions, how many differ, both sides' CPU seconds
for the same searches and their ratio: a speed figure a busy machine
hardly moves), each differing position, and a last line ``N positions, M differ``.
"""

from __future__ import annotations

import argparse
import sys
import time
import types
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import match  # bench/match.py: the referee's opening format and the other commit's package
from search import MIDDLE_GAME

from tests.positions import BUSY_19X19, THREES_19X19
from tictac_tui.engine import GameState, Move, Rule, Rules
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import SearchOptions, SearchStrategy

OPENINGS = Path(__file__).resolve().parent / "openings-15x15-even.txt"

Outcome = tuple[object, ...]
"""What is compared of one analysis: (move, score, depth, nodes, pv, reason) per line."""


@dataclass(frozen=True, slots=True)
class Case:
    """A game to follow: its rules, first moves, plies to play on, options and lines."""

    rules: Rules
    moves: tuple[tuple[int, int], ...]
    plies: int
    options: tuple[tuple[str, object], ...] = ()
    multipv: int = 1


@dataclass(slots=True)
class Tally:
    """One set's positions, differences and CPU seconds (base, head)."""

    positions: int = 0
    differ: int = 0
    base_seconds: float = 0.0
    head_seconds: float = 0.0


def outcome(lines: list[object]) -> Outcome:
    """The compared fields of a list of `Analysis` (either package's)."""
    return tuple(
        (
            (line.move.row, line.move.col),  # type: ignore[attr-defined]
            line.score,  # type: ignore[attr-defined]
            line.depth,  # type: ignore[attr-defined]
            line.nodes,  # type: ignore[attr-defined]
            tuple((m.row, m.col) for m in line.pv),  # type: ignore[attr-defined]
            line.reason.name,  # type: ignore[attr-defined]
        )
        for line in lines
    )


class Base:
    """The other commit's search player, given this tree's positions."""

    def __init__(self, package: types.ModuleType, options: dict[str, object]) -> None:
        self.package = package
        search = package.strategies.search
        self.player = search.SearchStrategy(options=search.SearchOptions(**options))

    def analyse(self, state: GameState, nodes: int, multipv: int) -> list[object]:
        engine = self.package.engine
        rules = state.rules
        if rules.rule in (Rule.FREESTYLE, Rule.EXACT):
            theirs = engine.Rules(rules.rows, rules.cols, rules.k, exact=rules.exact)
        else:
            theirs = engine.Rules(rules.rows, rules.cols, rules.k, rule=rules.rule.value)
        position = engine.GameState.from_moves(
            theirs, [engine.Move(m.row, m.col) for m in state.history]
        )
        limit = self.package.strategies.base.Limit(nodes=nodes)
        return list(self.player.analyse(position, limit, multipv=multipv))


def timed(run: Callable[..., list[object]], *args: object) -> tuple[list[object], float]:
    """``run(*args)`` and the CPU seconds it took."""
    started = time.process_time()
    result = run(*args)
    return result, time.process_time() - started


def follow(case: Case, package: types.ModuleType, nodes: int, tally: Tally) -> list[str]:
    """Play `case` on, comparing both players at every position; the differences found."""
    options = dict(case.options)
    head = SearchStrategy(options=SearchOptions(**options))  # type: ignore[arg-type]
    base = Base(package, options)
    state = GameState.from_moves(case.rules, [Move(r, c) for r, c in case.moves])
    found = []
    for _ in range(case.plies):
        if state.is_over:
            break
        ours, head_seconds = timed(
            partial(head.analyse, multipv=case.multipv), state, Limit(nodes=nodes)
        )
        theirs, base_seconds = timed(base.analyse, state, nodes, case.multipv)
        tally.positions += 1
        tally.head_seconds += head_seconds
        tally.base_seconds += base_seconds
        if outcome(ours) != outcome(theirs):
            tally.differ += 1
            moves = " ".join(f"{m.row},{m.col}" for m in state.history)
            found.append(
                f"  differ at [{moves}]:\n    head {outcome(ours)}\n    base {outcome(theirs)}"
            )
        state = state.play(ours[0].move)  # type: ignore[attr-defined]
    return found


def cases(openings: list[list[tuple[int, int]]], plies: int) -> dict[str, list[Case]]:
    """The sets of games, by name."""
    free = Rules.gomoku(15)
    some = openings[:8]
    sets = {"freestyle 15x15": [Case(free, tuple(o), plies) for o in openings]}
    for rule in (Rule.RENJU, Rule.EXACT, Rule.CARO):
        rules = Rules(15, 15, 5, rule=rule.value)
        sets[f"{rule.value} 15x15"] = [Case(rules, tuple(o), plies) for o in some]
    for name, value in (
        ("history", True),
        ("frontier_vct", True),
        ("tempo_threats", True),
        ("proof_numbers", False),
    ):
        sets[f"{name}={int(value)}"] = [
            Case(free, tuple(o), max(1, plies // 2), ((name, value),)) for o in some[:4]
        ]
    sets["multipv=3"] = [Case(free, tuple(o), max(1, plies // 2), (), 3) for o in some[:4]]
    sets["middle game 13,19,26"] = [
        Case(
            Rules.gomoku(size),
            tuple((r + size // 2 - 7, c + size // 2 - 7) for r, c in MIDDLE_GAME),
            plies,
        )
        for size in (13, 19, 26)
    ]
    sets["busy 19x19, threes 19x19"] = [
        Case(Rules.gomoku(19), tuple(BUSY_19X19), plies),
        Case(Rules.gomoku(19), tuple(THREES_19X19), plies),
    ]
    return sets


def ratio(tally: Tally) -> float:
    """Base CPU seconds per head CPU second (above 1: this tree is faster)."""
    return tally.base_seconds / max(tally.head_seconds, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="main", help="the commit to compare with")
    parser.add_argument("--nodes", type=int, default=2000, help="node limit of every search")
    parser.add_argument("--plies", type=int, default=4, help="moves played on from each start")
    parser.add_argument("--openings", type=int, default=45, help="openings of the balanced set")
    parser.add_argument("--sets", default="", help="only the sets whose names contain this")
    args = parser.parse_args()
    package = match.committed_package(args.base)
    openings = [[(m.row, m.col) for m in opening] for opening in match.load_openings(OPENINGS)][
        : args.openings
    ]
    print(f"this tree against {args.base} ({package.__name__}) at {args.nodes} nodes a search")
    print(
        f"{'set':<26} {'positions':>9} {'differ':>6} {'base cpu s':>10} "
        f"{'head cpu s':>10} {'ratio':>6}"
    )
    total = Tally()
    for name, games in cases(openings, args.plies).items():
        if args.sets not in name:
            continue
        tally = Tally()
        found = []
        for case in games:
            found += follow(case, package, args.nodes, tally)
        print(
            f"{name:<26} {tally.positions:>9} {tally.differ:>6} {tally.base_seconds:>10.2f} "
            f"{tally.head_seconds:>10.2f} {ratio(tally):>6.2f}",
            flush=True,
        )
        for line in found:
            print(line)
        total.positions += tally.positions
        total.differ += tally.differ
        total.base_seconds += tally.base_seconds
        total.head_seconds += tally.head_seconds
    print(
        f"cpu seconds: base {total.base_seconds:.2f}, head {total.head_seconds:.2f}, "
        f"ratio {ratio(total):.2f}"
    )
    print(f"{total.positions} positions, {total.differ} differ")


if __name__ == "__main__":
    main()
