"""The level ladder's match table: each level against the one below, at its fixed nodes.

    python bench/ladder.py [--games 40] [--jobs 2] [--openings FILE] [--pairs A:B,...]

A player is a registry name, or ``NAME@N``: that player on N nodes a move
(``search@20000``: Hard's search on a fixed budget instead of its second).

Each pair (default: Medium against Casual, Casual against Club, Club against
Strong, Strong against Expert) plays the balanced 15x15 openings
(bench/openings-15x15.txt), each twice with colours swapped, until `--games`
games are played; the upper level is black in the odd-numbered games. Every
level is limited by nodes (`strategies.ladder`), so the result does not
depend on the machine's load; each game's players are seeded with its
number, so a rerun repeats it exactly. Games run in `--jobs` processes.
Prints one line per pair as it finishes, then the table (Markdown), whose
score column is the upper level's share (a draw is half a point).
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import match  # bench/match.py: the referee's opening format

from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.strategies import NO_LIMIT, Limit, Strategy, get_strategy

OPENINGS = Path(__file__).resolve().parent / "openings-15x15.txt"
PAIRS = (("heuristic", "casual"), ("casual", "club"), ("club", "strong"), ("strong", "expert"))
"""Each level and the one above it, from Medium up."""
GOAL = 0.65
"""The share of points each level must score against the one below."""


@dataclass(frozen=True, slots=True)
class Game:
    """One game to play: the pair, its number, the opening, who is black."""

    lower: str
    upper: str
    number: int
    opening: tuple[Move, ...]

    @property
    def upper_black(self) -> bool:
        """The upper level is black in games 1, 3, 5, ... (numbers 0, 2, 4, ...)."""
        return self.number % 2 == 0


def player(spec: str, seed: int) -> tuple[Strategy, Limit]:
    """``NAME`` (its own budget) or ``NAME@N`` (N nodes a move): the player and its limit."""
    name, _, nodes = spec.partition("@")
    return get_strategy(name, seed=seed), Limit(nodes=int(nodes)) if nodes else NO_LIMIT


def play(game: Game) -> float:
    """Play `game`; the upper level's points (1 win, 0.5 draw, 0 loss)."""
    state = GameState.from_moves(Rules.gomoku(15), game.opening)
    upper, upper_limit = player(game.upper, 2 * game.number)
    lower, lower_limit = player(game.lower, 2 * game.number + 1)
    if game.upper_black:
        players = {Player.X: (upper, upper_limit), Player.O: (lower, lower_limit)}
    else:
        players = {Player.X: (lower, lower_limit), Player.O: (upper, upper_limit)}
    while not state.is_over:
        chosen, limit = players[state.to_move]
        state = state.play(chosen.choose(state, limit))
    if state.winner is None:
        return 0.5
    upper_side = Player.X if game.upper_black else Player.O
    return 1.0 if state.winner is upper_side else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games a pair (default 40)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--openings", type=Path, default=OPENINGS)
    parser.add_argument(
        "--pairs",
        default=",".join(f"{a}:{b}" for a, b in PAIRS),
        help="lower:upper pairs, comma-separated (default: the ladder from Medium)",
    )
    args = parser.parse_args()
    openings = [tuple(moves) for moves in match.load_openings(args.openings)]
    pairs = [tuple(item.split(":", 1)) for item in args.pairs.split(",")]
    rows = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for lower, upper in pairs:
            games = [
                Game(lower, upper, n, openings[(n // 2) % len(openings)]) for n in range(args.games)
            ]
            points = list(pool.map(play, games))
            wins = points.count(1.0)
            draws = points.count(0.5)
            losses = len(points) - wins - draws
            as_black = sum(p for g, p in zip(games, points, strict=True) if g.upper_black)
            as_white = sum(points) - as_black
            share = sum(points) / len(points)
            met = "yes" if share >= GOAL else "NO"
            row = (
                f"| {upper} vs {lower} | {len(points)} | {wins}-{losses}-{draws} "
                f"| {as_black:g} / {as_white:g} | {share:.0%} | {met} |"
            )
            print(row, flush=True)
            rows.append(row)
    print()
    print(
        "| upper vs lower | games | upper W-L-D | upper's points as black / white "
        f"| upper's score | >= {GOAL:.0%} |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print(row)


if __name__ == "__main__":
    main()
