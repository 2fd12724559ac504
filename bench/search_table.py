"""What keeping the transposition table between moves gains: depth at equal nodes and time.

    python bench/search_table.py [--games 4] [--nodes 6000] [--seconds 0.5]

Plays a few 15x15 games of `search` against itself on a node budget
(deterministic, from fixed openings), then replays each game's later
positions (from ply 8) twice for the side to move: once with a fresh
player per position (a new table each move, as before), once with one
player per side kept for the whole game (the table kept between its
moves, as the brain and the app now do). Positions a rule or a threat search
decides (no alpha-beta) are left out. Prints, for an equal node budget and
for an equal time budget, the average deepest finished iteration, the
average nodes, and how often the kept table reached deeper or shallower.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tictac_tui.engine import GameState, Rules
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import Analysis, SearchStrategy

OPENINGS = [
    [(7, 7), (7, 8), (8, 6)],
    [(7, 7), (6, 8), (8, 9)],
    [(7, 7), (8, 8), (6, 9)],
    [(7, 7), (7, 9), (9, 7)],
    [(7, 7), (6, 7), (8, 9)],
    [(7, 7), (8, 7), (6, 9)],
]
FIRST_PLY = 8
MAX_PLIES = 60


def self_play(opening: list[tuple[int, int]], nodes: int) -> list[GameState]:
    """The positions of one node-budgeted game of search against itself (two players)."""
    state = GameState.from_moves(Rules.gomoku(15), opening)
    players = (SearchStrategy(), SearchStrategy())
    positions = []
    while not state.is_over and state.move_count < MAX_PLIES:
        positions.append(state)
        state = state.play(players[state.move_count % 2].choose(state, Limit(nodes=nodes)))
    return positions


def replay(positions: list[GameState], limit: Limit) -> list[tuple[Analysis, Analysis]]:
    """(fresh, kept) analyses of each position from `FIRST_PLY` where alpha-beta ran."""
    kept = (SearchStrategy(), SearchStrategy())
    pairs = []
    for state in positions:
        if state.move_count < FIRST_PLY:
            continue
        fresh_line = SearchStrategy().analyse(state, limit)[0]
        kept_line = kept[state.move_count % 2].analyse(state, limit)[0]
        if fresh_line.depth and kept_line.depth:
            pairs.append((fresh_line, kept_line))
    return pairs


def report(title: str, pairs: list[tuple[Analysis, Analysis]]) -> None:
    """One block of figures: averages and how often the kept table went deeper."""
    fresh_depth = statistics.mean(f.depth for f, _ in pairs)
    kept_depth = statistics.mean(k.depth for _, k in pairs)
    fresh_nodes = statistics.mean(f.nodes for f, _ in pairs)
    kept_nodes = statistics.mean(k.nodes for _, k in pairs)
    deeper = sum(k.depth > f.depth for f, k in pairs)
    shallower = sum(k.depth < f.depth for f, k in pairs)
    same_move = sum(k.move == f.move for f, k in pairs)
    print(f"\n{title}: {len(pairs)} positions searched by alpha-beta")
    print(f"{'':>12} {'depth':>7} {'nodes':>8}")
    print(f"{'fresh':>12} {fresh_depth:>7.2f} {fresh_nodes:>8.0f}")
    print(f"{'kept table':>12} {kept_depth:>7.2f} {kept_nodes:>8.0f}")
    print(
        f"kept table deeper in {deeper}, shallower in {shallower}, "
        f"same move in {same_move} of {len(pairs)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--nodes", type=int, default=6000, help="per move, for equal nodes")
    parser.add_argument("--seconds", type=float, default=0.5, help="per move, for equal time")
    parser.add_argument("--game-nodes", type=int, default=3000, help="per move of the games")
    args = parser.parse_args()
    games = [self_play(opening, args.game_nodes) for opening in OPENINGS[: args.games]]
    print(
        f"{len(games)} games of search against itself at {args.game_nodes} nodes a move, "
        f"{sum(len(g) for g in games)} positions; replayed from ply {FIRST_PLY}"
    )
    at_nodes = [pair for game in games for pair in replay(game, Limit(nodes=args.nodes))]
    report(f"equal nodes ({args.nodes} a move)", at_nodes)
    at_time = [pair for game in games for pair in replay(game, Limit(time=args.seconds))]
    report(f"equal time ({args.seconds:.2f} s a move)", at_time)


if __name__ == "__main__":
    main()
