"""Iterative-deepening principal-variation search with a transposition table.

Negamax over the `Board`, scores from the side to move's point of view.
Mate scores count plies: a win found ``n`` plies from the root is worth
``WIN - n``, so the search prefers the fastest win and the slowest loss.

At every node, before anything else (these are the forced-move rules):

1. a five to make: a win;
2. the opponent has a five to make: block it (two of them: lost); the
   block costs no depth, so forcing sequences are followed to the end;
3. an open four or double four to make (and no five to block): a win in 3;
4. the opponent can make an open four next move: only the moves that stop
   it (see `threats.defences`) and our own fours are searched; none: lost.

Otherwise, at depth 0 the static `evaluate` is returned, and above it the
`width_at(depth)` best candidates by `ordered_moves` are searched, the
table's best move and two killer moves first.

The table maps a Zobrist hash to (depth, bound, value, best move), where
bound says whether the value is exact, a lower bound or an upper bound.
"""

from __future__ import annotations

from .board import Board
from .budget import Budget, OutOfTime
from .evaluation import evaluate, ordered_moves
from .patterns import FIVE, FLEX4
from .threats import defences

WIN = 1_000_000
MATE_ZONE = WIN - 1000
"""Scores beyond +-MATE_ZONE are forced wins or losses."""
EXACT, LOWER, UPPER = 0, 1, 2
TABLE_LIMIT = 2_000_000
"""The table is cleared when it grows past this many entries."""


def width_at(depth: int) -> int:
    """How many candidates to search at a node with `depth` plies left."""
    return 8 + 2 * min(depth, 4)


class AlphaBeta:
    """A PVS searcher over one board; keep it between moves to reuse its table."""

    def __init__(self, board: Board, budget: Budget) -> None:
        self.board = board
        self.budget = budget
        self.table: dict[int, tuple[int, int, int, int]] = {}
        self.killers: dict[int, list[int]] = {}

    def search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The negamax value of the board for the side to move, within (alpha, beta)."""
        b = self.board
        self.budget.tick()
        me = b.side
        mine, theirs = b.threats[me], b.threats[3 - me]
        extend = False
        moves: list[int] | None = None
        if mine[FIVE]:
            return WIN - ply
        if theirs[FIVE]:
            if len(theirs[FIVE]) > 1:
                return -(WIN - ply - 1)
            moves = [next(iter(theirs[FIVE]))]
            extend = True
        elif mine[FLEX4]:
            return WIN - ply - 2
        elif depth <= 0:
            return evaluate(b)
        if not b.candidates:
            return 0
        key = b.hash
        entry = self.table.get(key)
        table_move = -1
        if entry is not None:
            e_depth, flag, value, table_move = entry
            if e_depth >= depth and not extend:
                if value > MATE_ZONE:
                    value -= ply
                elif value < -MATE_ZONE:
                    value += ply
                if flag == EXACT:
                    return value
                if flag == LOWER and value >= beta:
                    return value
                if flag == UPPER and value <= alpha:
                    return value
        if moves is None:
            if theirs[FLEX4]:
                moves = defences(b, 3 - me) or []
                if not moves:
                    return -(WIN - ply - 3)
            else:
                moves = ordered_moves(b, width_at(depth))
            moves = self._order(moves, table_move, ply)
        original_alpha = alpha
        best, best_move = -WIN - 1, moves[0]
        child_depth = depth if extend else depth - 1
        for i, move in enumerate(moves):
            b.make(move)
            if i == 0:
                score = -self.search(child_depth, -beta, -alpha, ply + 1)
            else:
                score = -self.search(child_depth, -alpha - 1, -alpha, ply + 1)
                if alpha < score < beta:
                    score = -self.search(child_depth, -beta, -alpha, ply + 1)
            b.unmake()
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self._killer(ply, move)
                        break
        self._store(key, depth, original_alpha, beta, best, best_move, ply)
        return best

    def _order(self, moves: list[int], table_move: int, ply: int) -> list[int]:
        front = [m for m in (table_move, *self.killers.get(ply, ())) if m in moves]
        if not front:
            return moves
        seen = set(front)
        return list(dict.fromkeys(front)) + [m for m in moves if m not in seen]

    def _killer(self, ply: int, move: int) -> None:
        killers = self.killers.setdefault(ply, [])
        if move in killers:
            return
        killers.insert(0, move)
        del killers[2:]

    def _store(
        self, key: int, depth: int, alpha: int, beta: int, best: int, move: int, ply: int
    ) -> None:
        if best <= alpha:
            flag = UPPER
        elif best >= beta:
            flag = LOWER
        else:
            flag = EXACT
        value = best
        if value > MATE_ZONE:
            value += ply
        elif value < -MATE_ZONE:
            value -= ply
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        self.table[key] = (depth, flag, value, move)

    def root(self, moves: list[int], max_depth: int, start_depth: int = 1) -> tuple[int, int, int]:
        """Iterative deepening over `moves`: (best move, its score, deepest finished depth).

        Stops when the budget is spent (`OutOfTime` is caught here and the
        board unwound), after a forced win or loss is proved, or at
        `max_depth`. The best move of the deepest finished iteration wins,
        or the current iteration's if it already beat that.
        """
        b = self.board
        base = b.count
        best_move, best_score, done = moves[0], 0, 0
        order = list(moves)
        for depth in range(start_depth, max_depth + 1):
            scores: dict[int, int] = {}
            alpha, beta = -WIN - 1, WIN + 1
            iteration_best, iteration_score = -1, -WIN - 1
            try:
                for i, move in enumerate(order):
                    b.make(move)
                    if i == 0:
                        score = -self.search(depth - 1, -beta, -alpha, 1)
                    else:
                        score = -self.search(depth - 1, -alpha - 1, -alpha, 1)
                        if score > alpha:
                            score = -self.search(depth - 1, -beta, -alpha, 1)
                    b.unmake()
                    scores[move] = score
                    if score > iteration_score:
                        iteration_best, iteration_score = move, score
                        alpha = max(alpha, score)
            except OutOfTime:
                while b.count > base:
                    b.unmake()
                if iteration_best != -1:
                    # The first move searched was the previous best: anything
                    # that finished ahead of it is better at this depth.
                    best_move, best_score = iteration_best, iteration_score
                break
            best_move, best_score, done = iteration_best, iteration_score, depth
            order.sort(key=lambda m: -scores.get(m, -WIN - 1))
            if abs(best_score) > MATE_ZONE:
                break
        return best_move, best_score, done
