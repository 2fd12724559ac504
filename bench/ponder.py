"""What pondering buys: the computer's move search after the person's move, cold and after
pondering the person's position, side by side, on quiet 15x15 middle games.

    python bench/ponder.py [--positions 8] [--plies 4] [--ponder-nodes 30000]
                           [--move-nodes 10000] [--person-nodes 3000]

Each position is an opening of bench/openings-15x15-even.txt played on `--plies`
moves by the search against itself at `--person-nodes` a move. Two players, the
same object kind as the app's Hard (`SearchStrategy`), then play the computer's
move there (`--move-nodes`, so their tables agree), and the person is to move.
The warm one ponders that position for `--ponder-nodes` nodes, as the app's
ponder job does while the person thinks (`play.pondering`); the cold one does
not. The person's move is a third player's (`--person-nodes`), so it is not always
the move pondering expected. Then both search the position after it on
`--move-nodes` nodes: the script prints the deepest alpha-beta depth each
finished and the nodes at which it finished the cold one's deepest depth.

Every search is bounded by nodes, so the figures do not depend on the machine
or its load; the CPU seconds (`time.process_time`) of the pondering and the
nodes a CPU second searches are printed beside them, to read nodes as time.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.engine.notation import format_move
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import Analysis, SearchStrategy

OPENINGS = Path(__file__).resolve().parent / "openings-15x15-even.txt"


def openings(count: int) -> list[GameState]:
    """The first `count` openings of the even set as positions."""
    states = []
    for line in OPENINGS.read_text(encoding="utf-8").splitlines():
        fields = line.split("#", 1)[0].split()
        if fields:
            moves = [Move(int(y), int(x)) for x, y in (field.split(",") for field in fields)]
            states.append(GameState.from_moves(Rules.gomoku(15), moves))
    return states[:count]


def played_on(state: GameState, plies: int, nodes: int) -> GameState:
    """`state` after `plies` moves of the search against itself at `nodes` a move."""
    player = SearchStrategy(seed=1)
    for _ply in range(plies):
        if state.is_over:
            break
        state = state.play(player.choose(state, Limit(nodes=nodes)))
    return state


@dataclass(frozen=True, slots=True)
class Search:
    """One fixed-node search: the deepest alpha-beta depth finished, the nodes at which
    each depth finished, and the rule that decided."""

    depth: int
    finished: dict[int, int]
    reason: str


def search(player: SearchStrategy, state: GameState, nodes: int) -> Search:
    """`player`'s move search of `state` on `nodes` nodes."""
    finished: dict[int, int] = {}

    def note(line: Analysis) -> bool:
        if line.depth:
            finished[line.depth] = line.nodes
        return False

    line = player.analyse(state, Limit(nodes=nodes), on_progress=note)[0]
    return Search(line.depth, finished, str(line.reason))


@dataclass(frozen=True, slots=True)
class Row:
    """One position's figures."""

    moves: int
    reply: str
    expected: bool
    cold: Search
    warm: Search
    ponder_cpu: float
    table_before: int
    table_after: int


def measure(state: GameState, args: argparse.Namespace) -> Row | None:
    """Cold against warm on `state` (the computer to move first); None once the game is over."""
    cold, warm = SearchStrategy(seed=1), SearchStrategy(seed=1)
    if state.is_over:
        return None
    ours = cold.choose(state, Limit(nodes=args.move_nodes))
    warm.choose(state, Limit(nodes=args.move_nodes))
    theirs = state.play(ours)  # the person to move: the app ponders here
    if theirs.is_over:
        return None
    before = warm.table_size
    start = time.process_time()
    expected = warm.choose(theirs, Limit(nodes=args.ponder_nodes))  # the ponder job
    ponder_cpu = time.process_time() - start
    reply = SearchStrategy(seed=2).choose(theirs, Limit(nodes=args.person_nodes))
    after = theirs.play(reply)
    if after.is_over:
        return None
    return Row(
        theirs.move_count,
        format_move(reply),
        reply == expected,
        search(cold, after, args.move_nodes),
        search(warm, after, args.move_nodes),
        ponder_cpu,
        before,
        warm.table_size,
    )


def nodes_per_cpu_second(state: GameState, nodes: int) -> float:
    """How many nodes a CPU second searches here (one cold search of `nodes`)."""
    start = time.process_time()
    SearchStrategy(seed=3).choose(state, Limit(nodes=nodes))
    return nodes / max(1e-9, time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--plies", type=int, default=4)
    parser.add_argument("--ponder-nodes", type=int, default=30_000)
    parser.add_argument("--move-nodes", type=int, default=10_000)
    parser.add_argument("--person-nodes", type=int, default=3_000)
    args = parser.parse_args()
    states = [played_on(s, args.plies, args.person_nodes) for s in openings(args.positions)]
    print(
        f"{len(states)} positions (openings-15x15-even.txt + {args.plies} plies); "
        f"ponder {args.ponder_nodes} nodes, the move {args.move_nodes} nodes"
    )
    print(
        "pos | stones | person's move | pondered it | table before -> after | "
        "ponder CPU s | cold depth | warm depth | nodes to cold's depth: cold, warm"
    )
    rows = []
    for index, state in enumerate(states):
        row = measure(state, args)
        if row is None:
            print(f"{index} | game over before the move, skipped")
            continue
        rows.append(row)
        deepest = row.cold.depth
        cold_nodes = row.cold.finished.get(deepest, 0)
        warm_nodes = row.warm.finished.get(deepest, 0)
        print(
            f"{index} | {row.moves} | {row.reply} | {'yes' if row.expected else 'no'} | "
            f"{row.table_before} -> {row.table_after} | {row.ponder_cpu:.2f} | "
            f"{row.cold.depth} ({row.cold.reason}) | {row.warm.depth} ({row.warm.reason}) | "
            f"{cold_nodes}, {warm_nodes}"
        )
    if not rows:
        return
    count = len(rows)
    cold_depth = sum(r.cold.depth for r in rows) / count
    warm_depth = sum(r.warm.depth for r in rows) / count
    deeper = sum(r.warm.depth > r.cold.depth for r in rows)
    shallower = sum(r.warm.depth < r.cold.depth for r in rows)
    ratios = [
        r.warm.finished[r.cold.depth] / r.cold.finished[r.cold.depth]
        for r in rows
        if r.cold.depth and r.cold.depth in r.warm.finished
    ]
    rate = nodes_per_cpu_second(states[0], args.move_nodes)
    print(
        f"mean depth: cold {cold_depth:.2f}, warm {warm_depth:.2f}; "
        f"warm deeper in {deeper}, shallower in {shallower} of {count}; "
        f"person played the pondered move in {sum(r.expected for r in rows)} of {count}"
    )
    if ratios:
        print(
            f"nodes to reach the cold search's depth, warm / cold: "
            f"mean {sum(ratios) / len(ratios):.2f} over {len(ratios)} positions"
        )
    print(
        f"about {rate:.0f} nodes a CPU second here: the move's {args.move_nodes} nodes are "
        f"{args.move_nodes / rate:.2f} CPU s, pondering's {args.ponder_nodes} "
        f"{args.ponder_nodes / rate:.2f} CPU s"
    )


if __name__ == "__main__":
    main()
