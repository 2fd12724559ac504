"""What pondering buys: the computer's move search after the person's move, cold and after
pondering, side by side, on quiet 15x15 middle games.

    python bench/ponder.py [--positions 8] [--plies 4] [--ponder-nodes 300000]
                           [--move-nodes 30000] [--person-nodes 3000] [--tries 40]

Each position is an opening of bench/openings-15x15-even.txt played on `--plies`
moves by the search against itself at `--person-nodes` a move. Three players, the
same kind as the app's Hard (`SearchStrategy`), play the computer's move there
(`--move-nodes`: their tables agree), and the person is to move. Then, for
`--ponder-nodes` nodes:
- cold: no pondering;
- warm: ponders the person's position, as the app's ponder job does
  (`play.pondering`): its table fills with replies to the person's likely moves;
- hit: ponders the position after the reply its own move's principal variation
  expects, the computer to move (what engines' "ponder" does; for comparison).
The person's move is a fourth player's (`--person-nodes`), so it is not always
the move expected. All three then search the position after it on
`--move-nodes` nodes; the script prints the deepest alpha-beta depth each
finished and the nodes at which each finished the cold one's deepest depth
(fewer is better), then totals, apart for the moves pondering expected and the
others. A position is quiet, and kept, when the cold search is decided by
alpha-beta (no forced win or defence); up to `--tries` openings are tried.

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

from bench.match import load_openings
from tictac_tui.engine import GameState, Rules
from tictac_tui.engine.notation import format_move
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import Analysis, SearchStrategy

OPENINGS = Path(__file__).resolve().parent / "openings-15x15-even.txt"


def openings(count: int) -> list[GameState]:
    """The first `count` openings of the even set as positions."""
    rules = Rules.gomoku(15)
    return [GameState.from_moves(rules, moves) for moves in load_openings(OPENINGS)[:count]]


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
    """The person played the move pondering found best for them."""
    hit: bool
    """The person played the reply the computer's principal variation expected."""
    cold: Search
    warm: Search
    ponder_hit: Search
    ponder_cpu: float

    def to_depth(self, search: Search) -> int:
        """The nodes at which `search` finished the cold search's deepest depth (its whole
        budget if it never did)."""
        return search.finished.get(self.cold.depth, self.budget)

    budget: int = 0


def measure(state: GameState, args: argparse.Namespace) -> Row | None:
    """Cold, warm and hit on `state` (the computer to move first); None unless quiet."""
    cold, warm, hit = SearchStrategy(seed=1), SearchStrategy(seed=1), SearchStrategy(seed=1)
    if state.is_over:
        return None
    line = cold.analyse(state, Limit(nodes=args.move_nodes))[0]
    for player in (warm, hit):
        player.choose(state, Limit(nodes=args.move_nodes))
    theirs = state.play(line.move)  # the person to move: the app ponders here
    if theirs.is_over:
        return None
    start = time.process_time()
    expected = warm.choose(theirs, Limit(nodes=args.ponder_nodes))  # the ponder job
    ponder_cpu = time.process_time() - start
    guess = line.pv[1] if len(line.pv) > 1 and theirs.is_legal(line.pv[1]) else expected
    if not theirs.play(guess).is_over:
        hit.choose(theirs.play(guess), Limit(nodes=args.ponder_nodes))
    reply = SearchStrategy(seed=2).choose(theirs, Limit(nodes=args.person_nodes))
    after = theirs.play(reply)
    if after.is_over:
        return None
    cold_search = search(cold, after, args.move_nodes)
    if not cold_search.reason.startswith("alpha-beta") or not cold_search.depth:
        return None
    return Row(
        theirs.move_count,
        format_move(reply),
        reply == expected,
        reply == guess,
        cold_search,
        search(warm, after, args.move_nodes),
        search(hit, after, args.move_nodes),
        ponder_cpu,
        args.move_nodes,
    )


def nodes_per_cpu_second(state: GameState, nodes: int) -> float:
    """How many nodes a CPU second searches here (one cold search of `nodes`)."""
    start = time.process_time()
    SearchStrategy(seed=3).choose(state, Limit(nodes=nodes))
    return nodes / max(1e-9, time.process_time() - start)


def totals(label: str, rows: list[Row]) -> None:
    """Mean depths and summed nodes to the cold depth of `rows`, warm and hit against cold."""
    if not rows:
        print(f"{label}: none")
        return
    count = len(rows)
    depth = {name: sum(getattr(r, name).depth for r in rows) / count for name in SIDES}
    nodes = {name: sum(r.to_depth(getattr(r, name)) for r in rows) for name in SIDES}
    print(
        f"{label} ({count}): mean depth cold {depth['cold']:.2f}, warm {depth['warm']:.2f}, "
        f"hit {depth['ponder_hit']:.2f}; nodes to cold's depth, summed: cold {nodes['cold']}, "
        f"warm {nodes['warm']} ({nodes['warm'] / nodes['cold']:.2f}), "
        f"hit {nodes['ponder_hit']} ({nodes['ponder_hit'] / nodes['cold']:.2f})"
    )


SIDES = ("cold", "warm", "ponder_hit")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--plies", type=int, default=4)
    parser.add_argument("--ponder-nodes", type=int, default=300_000)
    parser.add_argument("--move-nodes", type=int, default=30_000)
    parser.add_argument("--person-nodes", type=int, default=3_000)
    parser.add_argument("--tries", type=int, default=40)
    args = parser.parse_args()
    print(
        f"quiet positions of openings-15x15-even.txt + {args.plies} plies; "
        f"ponder {args.ponder_nodes} nodes, the move {args.move_nodes} nodes"
    )
    print(
        "opening | stones | person's move | pondered best | PV's reply | ponder CPU s | "
        "depth cold, warm, hit | nodes to cold's depth: cold, warm, hit"
    )
    rows: list[Row] = []
    skipped = 0
    first: GameState | None = None
    for index, opening in enumerate(openings(args.tries)):
        if len(rows) == args.positions:
            break
        state = played_on(opening, args.plies, args.person_nodes)
        first = first or state
        row = measure(state, args)
        if row is None:
            skipped += 1
            continue
        rows.append(row)
        print(
            f"{index} | {row.moves} | {row.reply} | {'yes' if row.expected else 'no'} | "
            f"{'yes' if row.hit else 'no'} | {row.ponder_cpu:.2f} | "
            f"{row.cold.depth}, {row.warm.depth}, {row.ponder_hit.depth} | "
            f"{row.to_depth(row.cold)}, {row.to_depth(row.warm)}, {row.to_depth(row.ponder_hit)}"
        )
    print(f"{skipped} positions skipped (a forced line decided, or the game ended)")
    totals("all", rows)
    totals("the person played the move pondering found best", [r for r in rows if r.expected])
    totals("the person played another", [r for r in rows if not r.expected])
    if first is not None:
        rate = nodes_per_cpu_second(first, args.move_nodes)
        print(
            f"about {rate:.0f} nodes a CPU second here: the move's {args.move_nodes} nodes are "
            f"{args.move_nodes / rate:.2f} CPU s"
        )


if __name__ == "__main__":
    main()
