"""Opening calibration: the search's score of a three-stone opening against its self-play result.

    python bench/opening_calibration.py [--nodes 3000] [--play-nodes N]
                                        [--openings bench/openings-15x15-swap.txt] [--only-file]

For every three-stone opening the computer places from under swap and
swap2 (`swap_openings`: spread-out and canonical) and every three-stone
opening of the balanced set (``--only-file``: of the set alone), on 15x15
freestyle: white's score by `OpeningPlayer.score` at `--nodes` nodes, then
the game played out by the search against itself at `--play-nodes` nodes a
move (default `--nodes`) (bench/opening_balance.py's
`play_out`: no clock, so it repeats exactly). Prints one line per opening
and, per band of scores, how often black won: the score at which black
wins half the games is what the placer should aim for (`EVEN_SCORE` in
strategies/openings.py).
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from opening_balance import OPENINGS, play_out, three_stone_openings  # noqa: E402

from tictac_tui.engine import GameState, Player, Rules  # noqa: E402
from tictac_tui.strategies.openings import OpeningPlayer, swap_openings  # noqa: E402

BANDS = (-(10**9), -800, -400, -200, 0, 200, 400, 10**9)
"""Score bands (white's score) the summary counts black's wins in."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=3000)
    parser.add_argument("--play-nodes", type=int, help="nodes a move of the game (default --nodes)")
    parser.add_argument("--openings", type=Path, default=OPENINGS)
    parser.add_argument("--only-file", action="store_true", help="not swap_openings too")
    args = parser.parse_args()
    play_nodes = args.nodes if args.play_nodes is None else args.play_nodes
    rules = Rules.gomoku(15)
    own = [] if args.only_file else swap_openings(rules)
    pool = list(dict.fromkeys([*own, *three_stone_openings(args.openings)]))
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    print(
        f"commit {commit}, {len(pool)} openings, {args.nodes} nodes a score, "
        f"{play_nodes} a move, load {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    scorer = OpeningPlayer(nodes=args.nodes)
    results = []
    for stones in pool:
        state = GameState.new(rules)
        for move in stones:
            state = state.play(move)
        score = scorer.score(state)
        winner = play_out(state, play_nodes)
        results.append((score, winner))
        said = "draw" if winner is None else "black" if winner is Player.X else "white"
        print(" ".join(f"{m.col},{m.row}" for m in stones), f"score {score}", said, flush=True)
    for low, high in itertools.pairwise(BANDS):
        band = [w for s, w in results if low <= s < high]
        black = sum(1.0 if w is Player.X else 0.5 if w is None else 0.0 for w in band)
        if band:
            print(
                f"white's score in [{low}, {high}): {len(band)} openings, "
                f"black won {black:g} ({100 * black / len(band):.0f}%)"
            )
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
