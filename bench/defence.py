"""How often each player's move allows the VCT the opponent has coming, over real positions.

    python bench/defence.py GAMES.json... --players A B [--nodes 10000] [--positions 150]
        [--every 1] [--detect 3000] [--judge 30000] [--saving 0]

GAMES.json is what `bench/match.py --json` writes. The positions are those
of the games where the opponent of the side to move has a VCT as if it
moved now (the proof-number search, up to `blunders.THREES` threes, proved within
`--detect` nodes), one in every `--every` such positions, up to
`--positions`. Each player (a `bench/match.py` side: ``search``,
``search:key=value``, ``git:REV``) chooses its move there at `--nodes`
nodes, and the same search then looks for the opponent's VCT after it
(`--judge` nodes; after a four, as `blunders.saves` does): *lost*
(proved), *safe* (disproved) or *unknown*. Some positions are lost
whatever is played; the two players differ where one move is safe and the
other lost, which the last lines count. With
`--saving N`, where both moves lost, the side to move's `N` best-ordered
moves and its fours are judged the same way: was a saving move there to
find? Fixed nodes, so the figures don't depend on the machine's load.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from blunders import board_wins, candidates, game_moves, saves
from match import parse_side

from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search.board import Board

VERDICTS = ("lost", "safe", "unknown")


def threatened(state: GameState, nodes: int) -> bool:
    """Whether the opponent of the side to move would have a VCT if it moved now."""
    if state.is_over:
        return False
    board = Board.from_state(state)
    board.side = 3 - board.side
    return board_wins(board, nodes) is True


def positions(paths: list[Path], args: argparse.Namespace) -> list[GameState]:
    """The threatened positions of the games (see the module's description)."""
    rules = Rules.gomoku(15)
    found: list[GameState] = []
    seen = 0
    for path in paths:
        for game in json.loads(path.read_text(encoding="utf-8")):
            state = GameState.from_moves(rules, [])
            for move in game_moves(game):
                if state.move_count >= args.skip and threatened(state, args.detect):
                    if seen % args.every == 0:
                        found.append(state)
                        if len(found) == args.positions:
                            return found
                    seen += 1
                state = state.play(move)
    return found


def verdict(state: GameState, move: Move, nodes: int) -> str:
    """What the opponent's VCT search says after `move` (`blunders.saves`)."""
    board = Board.from_state(state)
    saved = saves(board, board.square(move.row, move.col), nodes)
    return "unknown" if saved is None else "safe" if saved else "lost"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=Path, nargs="+")
    parser.add_argument("--players", nargs=2, required=True, metavar=("A", "B"))
    parser.add_argument("--nodes", type=int, default=10_000, help="nodes a move")
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--every", type=int, default=1, help="take one in this many")
    parser.add_argument("--skip", type=int, default=6, help="first moves of a game left out")
    parser.add_argument("--detect", type=int, default=3_000)
    parser.add_argument("--judge", type=int, default=30_000)
    parser.add_argument(
        "--saving", type=int, default=0, help="where both lost, look among this many moves"
    )
    args = parser.parse_args()
    found = positions(args.games, args)
    print(f"{len(found)} positions where the opponent has a VCT (within {args.detect} nodes)")
    sides = [parse_side(spec) for spec in args.players]
    tallies = {side.name: dict.fromkeys(VERDICTS, 0) for side in sides}
    better = dict.fromkeys(tallies, 0)
    saved = missed = 0
    for number, state in enumerate(found, 1):
        verdicts = {}
        for side in sides:
            move = side.make(number).choose(state, Limit(nodes=args.nodes))
            verdicts[side.name] = verdict(state, move, args.judge)
            tallies[side.name][verdicts[side.name]] += 1
        a, b = (verdicts[side.name] for side in sides)
        if {a, b} == {"safe", "lost"}:
            better[sides[0].name if a == "safe" else sides[1].name] += 1
        note = ""
        if args.saving and a == b == "lost":
            moves = candidates(state, args.saving)
            saving = [m for m in moves if verdict(state, m, args.judge) == "safe"]
            saved, missed = saved + bool(saving), missed + (not saving)
            note = f"; saving: {saving}" if saving else f"; none of {len(moves)} saves"
        print(f"position {number} (move {state.move_count + 1}): {a} / {b}{note}", flush=True)
    for name, tally in tallies.items():
        counts = ", ".join(f"{tally[v]} {v}" for v in VERDICTS)
        print(f"{name}: {counts}; safe where the other lost: {better[name]}")
    if args.saving:
        print(f"where both lost: a saving move in {saved}, none found in {missed}")


if __name__ == "__main__":
    main()
