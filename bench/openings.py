"""Build a balanced 15x15 freestyle opening set for self-play matches.

    python bench/openings.py [--candidates 200] [--pool 36] [--keep 20] [--out FILE]

Random two-stone openings on 15x15 freestyle are won by black nearly
always, so a match on them measures colour, not strength. This script
keeps openings the engine itself finds even, in three steps:

1. candidates: 3 to 5 stones (black first, alternating) on random squares
   within 3 of the centre, with no four or three on the board for either
   side (no square that would make a four or an open four), distinct up to
   the board's symmetries;
2. the search analyses each on a node budget (`--eval-nodes`); those it
   scores nearest to even for the side to move, with nothing forced, go on
   (`--pool` of them);
3. each of those is played out by the search against itself once per node
   budget of `--budgets` (nodes a move): an opening is kept only if both
   colours won at least one of these games.

Then the `--keep` most balanced (wins of each colour nearest equal, then
the step-2 score nearest even) are written, one per line in the referee's
`x,y` form (0-based, x the column), with a comment giving the side to move,
the score and the results. Everything runs on node budgets, so the same
arguments and code write the same file.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import SearchStrategy
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.patterns import FIVE, FLEX4, FOUR, FOUR3

SIZE = 15
RADIUS = 3
MAX_PLIES = 120


@dataclass(frozen=True, slots=True)
class Candidate:
    """An opening and the search's score of it for the side to move."""

    moves: tuple[Move, ...]
    score: int
    results: tuple[str, ...] = ()


def random_opening(rng: random.Random) -> tuple[Move, ...]:
    """3 to 5 distinct stones within `RADIUS` of the centre, black first."""
    centre = SIZE // 2
    count = rng.randint(3, 5)
    squares = [
        Move(r, c)
        for r in range(centre - RADIUS, centre + RADIUS + 1)
        for c in range(centre - RADIUS, centre + RADIUS + 1)
    ]
    return tuple(rng.sample(squares, count))


def quiet(state: GameState) -> bool:
    """Neither side has a square that makes a four or more."""
    board = Board.from_state(state)
    return not any(
        board.threats[side][cls] for side in (1, 2) for cls in (FIVE, FLEX4, FOUR3, FOUR)
    )


def canonical(moves: tuple[Move, ...]) -> tuple[frozenset[Move], frozenset[Move]]:
    """The smallest image of the stones under the 8 symmetries of the square board."""
    images = []
    for t in range(8):
        black = frozenset(_transform(m, t) for m in moves[0::2])
        white = frozenset(_transform(m, t) for m in moves[1::2])
        images.append((tuple(sorted(black)), tuple(sorted(white)), black, white))
    best = min(images)
    return best[2], best[3]


def _transform(move: Move, t: int) -> Move:
    r, c = move
    if t & 1:
        r, c = c, r
    if t & 2:
        r = SIZE - 1 - r
    if t & 4:
        c = SIZE - 1 - c
    return Move(r, c)


def self_play(moves: tuple[Move, ...], nodes: int) -> str:
    """'B', 'W' or 'D': who wins the opening when the search plays itself at `nodes` a move."""
    state = GameState.from_moves(Rules.gomoku(SIZE), moves)
    players = (SearchStrategy(), SearchStrategy())
    while not state.is_over and state.move_count < MAX_PLIES:
        state = state.play(players[state.move_count % 2].choose(state, Limit(nodes=nodes)))
    if state.winner is Player.X:
        return "B"
    if state.winner is Player.O:
        return "W"
    return "D"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", type=int, default=200)
    parser.add_argument("--keep", type=int, default=20)
    parser.add_argument("--pool", type=int, default=36, help="openings tried in self-play")
    parser.add_argument("--eval-nodes", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--commit", default="", help="named in the file's header")
    parser.add_argument(
        "--budgets", default="500,1000,2000", help="nodes a move of each self-play game"
    )
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "openings-15x15.txt")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seen: set[tuple[frozenset[Move], frozenset[Move]]] = set()
    scored: list[Candidate] = []
    while len(seen) < args.candidates:
        moves = random_opening(rng)
        key = canonical(moves)
        state = GameState.from_moves(Rules.gomoku(SIZE), moves)
        if key in seen or not quiet(state):
            continue
        seen.add(key)
        line = SearchStrategy().analyse(state, Limit(nodes=args.eval_nodes))[0]
        if line.reason == "alpha-beta":
            scored.append(Candidate(moves, line.score))
        print(f"candidate {len(seen)}: {line.reason} {line.score}", file=sys.stderr, flush=True)
    scored.sort(key=lambda c: abs(c.score))
    budgets = [int(n) for n in args.budgets.split(",")]
    kept: list[Candidate] = []
    for cand in scored[: args.pool]:
        results = tuple(self_play(cand.moves, nodes) for nodes in budgets)
        print(f"{cand.score:>6} {''.join(results)}", file=sys.stderr, flush=True)
        if "B" in results and "W" in results:
            kept.append(Candidate(cand.moves, cand.score, results))
    kept.sort(key=lambda c: (abs(c.results.count("B") - c.results.count("W")), abs(c.score)))
    write(args, kept[: args.keep], len(seen), len(scored))


def write(args: argparse.Namespace, kept: list[Candidate], tried: int, quiet_count: int) -> None:
    """The opening file: a header saying how it was made, then one opening per line."""
    lines = [
        f"# Balanced 15x15 freestyle openings, written by bench/openings.py --seed {args.seed}",
        f"# --candidates {args.candidates} --eval-nodes {args.eval_nodes} --keep {args.keep}:",
        f"# {tried} quiet candidates, {quiet_count} not decided by a rule or threat search;",
        f"# --pool {args.pool} --budgets {args.budgets}: of the --pool nearest to even, those",
        "# the search's self-play (one game per budget, nodes a move) won with both colours,",
        "# most balanced first. x,y: 0-based, x the column.",
        f"# Scored and played by the search of commit {args.commit}." if args.commit else "#",
    ]
    for cand in kept:
        stones = " ".join(f"{m.col},{m.row}" for m in cand.moves)
        side = "black" if len(cand.moves) % 2 == 0 else "white"
        lines.append(
            f"{stones}  # {side} to move, score {cand.score}, self-play {''.join(cand.results)}"
        )
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(kept)} openings to {args.out}")


if __name__ == "__main__":
    main()
