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

from collections.abc import Callable
from itertools import islice

from .analysis import MATE_ZONE as MATE_ZONE  # re-exported: the brain reads scores with them
from .analysis import WIN as WIN
from .board import Board
from .budget import Budget, OutOfTime
from .evaluation import evaluate, ordered_moves
from .patterns import EMPTY, FIVE, FLEX4
from .threats import defences

Scored = tuple[int, int]
"""(square, score) of a root move."""
Entry = tuple[int, int, int, int]
"""A table entry: (depth, bound, value, best move)."""
EXACT, LOWER, UPPER = 0, 1, 2
TABLE_LIMIT = 500_000
"""Default most entries of the table (about 150 bytes each); the oldest half goes when full."""


def forget_oldest(table: dict[int, Entry], count: int) -> None:
    """Drop the `count` entries stored first (dicts keep insertion order)."""
    for key in list(islice(table, count)):
        del table[key]


def width_at(depth: int) -> int:
    """How many candidates to search at a node with `depth` plies left."""
    return 8 + 2 * min(depth, 4)


class AlphaBeta:
    """A PVS searcher over one board; keep it between moves to reuse its table."""

    def __init__(self, board: Board, budget: Budget, table: dict[int, Entry] | None = None) -> None:
        self.board = board
        self.budget = budget
        self.table: dict[int, Entry] = {} if table is None else table
        self.killers: dict[int, list[int]] = {}
        self.table_limit = TABLE_LIMIT

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
        table = self.table
        if len(table) >= self.table_limit:
            forget_oldest(table, len(table) // 2)
        table[key] = (depth, flag, value, move)

    def root(
        self,
        moves: list[int],
        max_depth: int,
        *,
        multipv: int = 1,
        on_iteration: Callable[[list[Scored], int], None] | None = None,
    ) -> tuple[list[Scored], int]:
        """Iterative deepening over `moves`: the `multipv` best (move, score), and the depth.

        The depth is the deepest finished iteration (0 if none finished). The
        first `multipv` moves of each iteration get a full window, the rest a
        null window at the `multipv`-th best score so far, so the lines
        returned have exact scores and distinct first moves. Stops when the
        budget is spent (`OutOfTime` is caught here and the board unwound),
        once every line is a proved win or loss, or at `max_depth`. After an
        interrupted iteration the lines of the last finished one stand, but a
        move of the interrupted one that beat the previous best comes first
        (it was searched first, so anything ahead of it is better).
        `on_iteration` is called with the lines after each finished iteration.
        """
        b = self.board
        base = b.count
        order = list(moves)
        ranked = [(m, 0) for m in order[:multipv]]
        done = 0
        for depth in range(1, max_depth + 1):
            scores: dict[int, int] = {}
            try:
                for i, move in enumerate(order):
                    scores[move] = self._root_move(move, depth, i < multipv, scores, multipv)
            except OutOfTime:
                while b.count > base:
                    b.unmake()
                if scores:
                    best = max(scores, key=lambda m: scores[m])
                    top = scores[best]
                    rest = [(m, min(s, top)) for m, s in ranked if m != best]
                    ranked = [(best, top), *rest][:multipv]
                break
            order.sort(key=lambda m: -scores[m])
            ranked = [(m, scores[m]) for m in order[:multipv]]
            done = depth
            if on_iteration is not None:
                on_iteration(ranked, depth)
            if all(abs(score) > MATE_ZONE for _, score in ranked) or ranked[0][1] > MATE_ZONE:
                break
        return ranked, done

    def _root_move(
        self, move: int, depth: int, full: bool, scores: dict[int, int], multipv: int
    ) -> int:
        """The score of one root move: a full window, or a null window at the k-th best."""
        b = self.board
        alpha = -WIN - 1
        if len(scores) >= multipv:
            alpha = sorted(scores.values(), reverse=True)[multipv - 1]
        b.make(move)
        if full or alpha == -WIN - 1:
            score = -self.search(depth - 1, -WIN - 1, -alpha, 1)
        else:
            score = -self.search(depth - 1, -alpha - 1, -alpha, 1)
            if score > alpha:
                score = -self.search(depth - 1, -WIN - 1, -alpha, 1)
        b.unmake()
        return score

    def principal_variation(self, first: int, length: int) -> list[int]:
        """The line from the root that starts with `first`, read from the table.

        Follows each position's best move while the table has one (and a
        five to make ends it); at most `length` moves. The board is left as
        it was.
        """
        b = self.board
        line = [first]
        made = 0
        while True:
            square = line[-1]
            finished = square in b.threats[b.side][FIVE]
            b.make(square)
            made += 1
            if finished or len(line) >= length:
                break
            fives = b.threats[b.side][FIVE]
            if fives:
                line.append(min(fives))
                continue
            entry = self.table.get(b.hash)
            if entry is None or entry[3] < 0 or b.cells[entry[3]] != EMPTY:
                break
            line.append(entry[3])
        for _ in range(made):
            b.unmake()
        return line
