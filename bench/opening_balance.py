"""Opening balance: does the computer's placement leave the colour choice worth nothing?

    python bench/opening_balance.py [--rule swap] [--games 20] [--nodes 3000]
                                    [--play-nodes N] [--pool computer|even] [--spread 8]
                                    [--window 4]
                                    [--openings bench/openings-15x15-swap.txt]

Under the opening rule (swap or swap2, 15x15 freestyle), game i: the
computer as the first person places the opening, choosing by its own
evaluation (strategies/openings.py: nearest even). With ``--pool
computer`` (the default) it chooses from its own candidates
(`swap_openings`), with seed i, among the `--spread` most even; with
``--pool even``, among `--window` three-stone openings of the balanced set
(`--openings`; by default `OPENINGS`, balanced by the search's self-play
near the decisions' budget), starting at the set's i-th (so the games go
over the whole set). The computer as the second person chooses the colour
(or, under swap2, may place two more); then the search plays both sides
to the end at `--play-nodes` nodes a move (default: `--nodes`, the
budget of the two computers' opening decisions; no clock: the run does not
depend on the machine's load, and repeats exactly). A good placement leaves
the chooser about half the points. Prints each game and the chooser's
score, with the commit and the load average; then how many of the games
differ (the same opening steps give the same game: no clock, no
randomness) and how many of those the chooser won.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tictac_tui.engine import GameState, Move, Player, Rules  # noqa: E402
from tictac_tui.engine.openings import Opening, Person, steps_text  # noqa: E402
from tictac_tui.strategies.base import Limit  # noqa: E402
from tictac_tui.strategies.openings import EVEN_SCORE, OpeningPlayer  # noqa: E402
from tictac_tui.strategies.search import SearchStrategy  # noqa: E402

OPENINGS = Path(__file__).resolve().parent / "openings-15x15-swap.txt"
"""Three-stone openings both colours won in the search's self-play at 2000 to 4000 nodes a move."""
SIZE = 15


def three_stone_openings(path: Path) -> list[tuple[Move, Move, Move]]:
    """The openings of three stones in an openings file (``x,y`` pairs, 0-based, x the column)."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        body = line.split("#", 1)[0].split()
        if len(body) != 3:
            continue
        moves = []
        for pair in body:
            x, y = (int(part) for part in pair.split(","))
            moves.append(Move(y, x))
        found.append((moves[0], moves[1], moves[2]))
    return found


def play_out(state: GameState, nodes: int) -> Player | None:
    """The winner when the search plays both sides from `state` (None: a draw)."""
    players = (SearchStrategy(seed=1), SearchStrategy(seed=2))
    limit = Limit(nodes=nodes)
    while not state.is_over:
        state = state.play(players[state.move_count % 2].choose(state, limit))
    return state.winner


def game(
    rule: str, placer: OpeningPlayer, second: OpeningPlayer, play_nodes: int
) -> tuple[Opening, float]:
    """One game: the opening between two computers, then the game played out at
    `play_nodes` a move; the chooser's points."""
    people = {Person.FIRST: placer, Person.SECOND: second}
    opening = Opening.start(rule, Rules.gomoku(SIZE))
    while opening.decision is not None:
        opening = opening.apply(people[opening.decision.person].decide(opening))
    winner = play_out(opening.state, play_nodes)
    if winner is None:
        return opening, 0.5
    chooser = Player.X if opening.black is Person.SECOND else Player.O
    return opening, 1.0 if winner is chooser else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rule", choices=("swap", "swap2"), default="swap")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--nodes", type=int, default=3000, help="nodes of each opening decision")
    parser.add_argument("--play-nodes", type=int, help="nodes a move of the game (default --nodes)")
    parser.add_argument("--pool", choices=("computer", "even"), default="computer")
    parser.add_argument("--spread", type=int, default=8)
    parser.add_argument("--window", type=int, default=4)
    parser.add_argument("--openings", type=Path, default=OPENINGS)
    parser.add_argument(
        "--even",
        type=int,
        default=EVEN_SCORE,
        help="white's score counted as even by both computers (0: the raw score)",
    )
    args = parser.parse_args()
    play_nodes = args.nodes if args.play_nodes is None else args.play_nodes
    openings = three_stone_openings(args.openings)
    if not openings:
        sys.exit(f"{args.openings}: no three-stone openings")
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    print(
        f"commit {commit}, rule {args.rule}, pool {args.pool}, even {args.even}, "
        f"{args.games} games, "
        f"{args.nodes} nodes a decision, {play_nodes} a move, load {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    points = 0.0
    black_points = 0.0
    swaps = 0
    distinct: dict[str, float] = {}
    started = time.process_time()
    for i in range(args.games):
        if args.pool == "even":
            pool = [openings[(i + j) % len(openings)] for j in range(args.window)]
            placer = OpeningPlayer(nodes=args.nodes, pool=pool, even=args.even)
        else:
            placer = OpeningPlayer(nodes=args.nodes, seed=i, spread=args.spread, even=args.even)
        second = OpeningPlayer(nodes=args.nodes, even=args.even)
        opening, chooser = game(args.rule, placer, second, play_nodes)
        points += chooser
        chooser_black = opening.black is Person.SECOND
        swaps += chooser_black
        black_points += chooser if chooser_black else 1.0 - chooser
        distinct[steps_text(opening.steps)] = chooser
        print(
            f"game {i + 1}: {steps_text(opening.steps)}  chooser plays "
            f"{'black' if chooser_black else 'white'}, scores {chooser}",
            flush=True,
        )
    games = args.games
    won = sum(p == 1 for p in distinct.values())
    print(
        f"chooser {points}/{games} = {100 * points / games:.0f}%; "
        f"chooser took black {swaps} times; black scored {100 * black_points / games:.0f}%; "
        f"{len(distinct)} distinct games, the chooser won {won}; "
        f"{time.process_time() - started:.0f} s of CPU; load {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
