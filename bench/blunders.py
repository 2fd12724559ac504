"""The moves that lost a match's games to a VCT another move would have stopped.

    python bench/blunders.py GAMES.json NAME [--games N] [--nodes 50000] [--candidates 40]

GAMES.json is what `bench/match.py --json` writes. For each game NAME lost
(the first `--games` of them), its moves are replayed; after each of NAME's
moves the proof-number search (up to 5 threes, `--nodes` nodes) looks for
the opponent's VCT (`saves`: after a four, once its forced blocks are
played out; where they leave NAME to move, NAME's answers are judged
too). At the first move after which one is proved, the same is done for
each of NAME's `--candidates` best-ordered moves there (and its fours):
those after which the opponent's VCT is disproved were saving moves, and
the position is printed as a diagram (X black, O white) with the move
played and the saving moves: the search's blunder. When no candidate
saves, the game was lost earlier than a VCT shows ("lost before").
A count of each kind ends the output. Slow (each check may take the full
node budget); the positions it prints are candidates for the tactics suite
(tests/strategies/test_search_tactics.py), whose oracle checks every legal
move.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.budget import Budget, OutOfTime
from tictac_tui.strategies.search.evaluation import ordered_moves
from tictac_tui.strategies.search.patterns import FIVE, FOUR, FOUR3
from tictac_tui.strategies.search.proof import ProofSearch

THREES = 5
"""The most threes in the opponent's VCT looked for (the player's own `vct_depth`)."""
CANDIDATES = 40
"""The moves tried (with the fours) where a four of ours leaves us to move (`saves`)."""
ANSWERS = 3
"""How many of our fours deep `saves` looks for an answer after a four's exchange."""
PROOFS = 400
"""Most proof-number searches one `saves` verdict runs (each four's answers multiply them)."""


def board_wins(board: Board, nodes: int) -> bool | None:
    """Whether `board`'s side to move has a VCT: True proved, False disproved, None out of
    nodes."""
    try:
        return ProofSearch(board, Budget(node_limit=nodes)).prove(THREES) is not None
    except OutOfTime:
        return None


@dataclass
class _Work:
    """What one `saves` verdict may still spend."""

    proofs: int


def saves(
    board: Board, square: int, nodes: int, answers: int = ANSWERS, work: _Work | None = None
) -> bool | None:
    """Whether the side to move's `square` keeps the opponent from a VCT: True (disproved
    after it), False (proved), None (out of nodes, each proof on `nodes`).

    A four is no save by itself: after the forced blocks it starts
    (`Board.play_blocks`: the opponent's, then ours of a four that block
    makes, and so on), a side to move that has a five has won, and when the
    exchange leaves us to move, the move saves if one of our `candidate_squares`
    then does (looked into `answers` fours deep, on at most `PROOFS` proofs in
    all; beyond them, unknown).
    """
    if work is None:
        work = _Work(PROOFS)
    saver = board.side
    if square in board.threats[saver][FIVE]:
        return True
    base = board.count
    try:
        board.make(square)
        board.play_blocks()
        if board.threats[board.side][FIVE]:
            return board.side == saver
        key = (board.hash, board.side, saver, nodes, answers)
        verdict = _VERDICTS.get(key)  # fours played in another order meet the same positions
        if verdict is None:
            verdict = _judge(board, saver, nodes, answers, work)
            if verdict is not None:
                _VERDICTS[key] = verdict
        return verdict
    finally:
        while board.count > base:
            board.unmake()


_VERDICTS: dict[tuple[int, int, int, int, int], bool] = {}
"""`saves`'s decided verdicts by position (hash, side to move), saver, nodes and answers
left."""


def _judge(board: Board, saver: int, nodes: int, answers: int, work: _Work) -> bool | None:
    """`saves` once the exchange is over: the attacker's VCT, or (`saver` to move) the
    saver's answers."""
    if board.side != saver:
        if work.proofs <= 0:
            return None
        work.proofs -= 1
        wins = board_wins(board, nodes)
        return None if wins is None else not wins
    if answers == 0:
        return None
    verdict: bool | None = False
    for answer in candidate_squares(board, CANDIDATES):
        found = saves(board, answer, nodes, answers - 1, work)
        if found:
            return True
        if found is None:
            verdict = None
    return verdict


def game_moves(record: dict[str, object]) -> list[Move]:
    """The moves of one game of `bench/match.py --json` (``x,y`` each)."""
    texts = record["moves"]
    assert isinstance(texts, list)
    return [Move(int(y), int(x)) for x, y in (str(m).split(",") for m in texts)]


def candidates(state: GameState, count: int) -> list[Move]:
    """The side to move's `count` best-ordered moves and its fours."""
    board = Board.from_state(state)
    return [board.move(sq) for sq in candidate_squares(board, count)]


def candidate_squares(board: Board, count: int) -> list[int]:
    """`candidates` on a board: squares the side to move may play."""
    mine = board.threats[board.side]
    squares = dict.fromkeys([*ordered_moves(board, count), *mine[FOUR3], *mine[FOUR]])
    return board.playable(board.side, squares)


def examine(moves: list[Move], loser: Player, args: argparse.Namespace) -> str:
    """Replay one lost game: "blunder" (and print it), "lost before" or "no vct"."""
    state = GameState.from_moves(Rules.gomoku(15), [])
    for move in moves:
        if state.to_move is loser and not state.is_over:
            board = Board.from_state(state)
            if saves(board, board.square(move.row, move.col), args.nodes) is False:
                saving = [
                    board.move(sq)
                    for sq in candidate_squares(board, args.candidates)
                    if saves(board, sq, args.nodes) is True
                ]
                if not saving:
                    print(f"  lost before move {state.move_count + 1}")
                    return "lost before"
                played = f"{move.row},{move.col}"
                listed = " ".join(f"{c.row},{c.col}" for c in saving)
                print(f"  move {state.move_count + 1} ({loser.value} to move), played {played}, "
                      f"saving (row,col): {listed}")  # fmt: skip
                print("\n".join("    " + row for row in state.rows_text()))
                return "blunder"
        state = state.play(move)
    return "no vct"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=Path)
    parser.add_argument("name")
    parser.add_argument("--games", dest="count", type=int, default=10)
    parser.add_argument("--nodes", type=int, default=50_000)
    parser.add_argument("--candidates", type=int, default=40)
    args = parser.parse_args()
    records = json.loads(args.games.read_text(encoding="utf-8"))
    tally: dict[str, int] = {}
    seen = 0
    for record in records:
        loser = _loser(record, args.name)
        if loser is None:
            continue
        seen += 1
        if seen > args.count:
            break
        colour = "black" if loser is Player.X else "white"
        print(f"game {record['game']}: {args.name} lost as {colour}")
        kind = examine(game_moves(record), loser, args)
        tally[kind] = tally.get(kind, 0) + 1
    print(", ".join(f"{kind}: {count}" for kind, count in sorted(tally.items())))


def _loser(record: dict[str, object], name: str) -> Player | None:
    """The colour `name` played in a game it lost, or None."""
    result = str(record["result"])
    if not result.endswith("wins") or result.startswith(name + " "):
        return None
    if record["black"] == name:
        return Player.X
    if record["white"] == name:
        return Player.O
    return None


if __name__ == "__main__":
    main()
