"""Two runs of matches compared game by game: the same opening, the same colours.

    python bench/paired.py A.json[,A2.json ...] B.json[,B2.json ...] [--name new]
                           [--openings bench/openings-15x15-all.txt]

Each run is one or more ``--json`` files of bench/match.py (a match split
between processes gives one file each). A game of one run is paired with the
game of the other played from the same opening with `--name` on the same
colour; the opening is the longest of `--openings` the game's moves begin
with. Prints `--name`'s score over the paired games in each run, how many
games ended alike, how many each run did better, and a two-sided sign test
over the games that differ.

Matches at a fixed time are not reproducible, but most of their games are:
two runs of the same players on the same openings end alike in most games
(docs/benchmarks.md), so two searches each matched against the same base
compare more closely game by game than by their totals.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from blunders import game_moves
from match import load_openings

from tictac_tui.engine import Move

OPENINGS = Path(__file__).resolve().parent / "openings-15x15-all.txt"

Key = tuple[tuple[Move, ...], str, int]
"""A game's opening, the colour `--name` played, and which such game of the run (0, 1, ...)."""


@dataclass(frozen=True, slots=True)
class Comparison:
    """Two runs over their paired games: each run's points, and where they differ."""

    games: int
    points_a: float
    points_b: float
    alike: int
    better_a: int
    better_b: int

    def sign_test(self) -> float:
        """Two-sided p-value of the games that differ splitting as they did by chance."""
        n = self.better_a + self.better_b
        k = min(self.better_a, self.better_b)
        tail = sum(math.comb(n, i) for i in range(k + 1)) / (1 << n)
        return min(1.0, 2 * tail)


def points(record: dict[str, object], name: str) -> float | None:
    """`name`'s points in one game record (1, 0.5 or 0), None if it did not play."""
    if name not in (record["black"], record["white"]):
        return None
    result = str(record["result"])
    if result == "draw":
        return 0.5
    return 1.0 if result.startswith(f"{name} (") else 0.0


def opening_of(
    record: dict[str, object], name: str, openings: list[list[Move]]
) -> tuple[tuple[Move, ...], str] | None:
    """The game's longest opening of `openings` and `name`'s colour, None if none fits."""
    moves = game_moves(record)
    fitting = [op for op in openings if moves[: len(op)] == op]
    if not fitting:
        return None
    colour = "black" if record["black"] == name else "white"
    longest: list[Move] = max(fitting, key=len)
    return tuple(longest), colour


def run_points(
    records: list[dict[str, object]], name: str, openings: list[list[Move]]
) -> dict[Key, float]:
    """`name`'s points in each game of one run, by key (an opening played more than once on
    the same colour is told apart by its order in the records)."""
    out: dict[Key, float] = {}
    seen: Counter[tuple[tuple[Move, ...], str]] = Counter()
    for record in records:
        got = points(record, name)
        found = opening_of(record, name, openings)
        if got is not None and found is not None:
            out[(found[0], found[1], seen[found])] = got
            seen[found] += 1
    return out


def compare(a: dict[Key, float], b: dict[Key, float]) -> Comparison:
    """Runs `a` and `b` over the keys both have."""
    keys = [key for key in a if key in b]
    return Comparison(
        games=len(keys),
        points_a=sum(a[key] for key in keys),
        points_b=sum(b[key] for key in keys),
        alike=sum(a[key] == b[key] for key in keys),
        better_a=sum(a[key] > b[key] for key in keys),
        better_b=sum(a[key] < b[key] for key in keys),
    )


def load_run(paths: str) -> list[dict[str, object]]:
    """The records of one run: comma-separated bench/match.py ``--json`` files."""
    records: list[dict[str, object]] = []
    for path in paths.split(","):
        records.extend(json.loads(Path(path).read_text(encoding="utf-8")))
    return records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="run A: comma-separated --json files of bench/match.py")
    parser.add_argument("b", help="run B, the same")
    parser.add_argument("--name", default="new", help="the side whose points are compared")
    parser.add_argument("--openings", type=Path, default=OPENINGS)
    args = parser.parse_args()
    openings = load_openings(args.openings)
    a = run_points(load_run(args.a), args.name, openings)
    b = run_points(load_run(args.b), args.name, openings)
    c = compare(a, b)
    if not c.games:
        sys.exit("no game of one run has a game of the other (same opening, same colour)")
    print(f"{c.games} games paired ({len(a)} in A, {len(b)} in B)")
    for label, got in (("A", c.points_a), ("B", c.points_b)):
        print(f"{args.name} in {label}: {got:g} points ({100 * got / c.games:.1f}%)")
    print(f"alike: {c.alike}; A better: {c.better_a}; B better: {c.better_b}")
    print(f"sign test over the {c.better_a + c.better_b} that differ: p = {c.sign_test():.3f}")


if __name__ == "__main__":
    main()
