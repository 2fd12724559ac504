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
   With `extend_defences` these replies cost no depth either when there are
   at most `extend_width` of them, so lines of threes (the attacks a VCT is
   made of) are seen about twice as deep, while a crowded board, where our
   own fours make the replies many, keeps its depth.

Otherwise, with at most `SearchOptions.futility` plies left and no
four-three or double three of the opponent's to come (threats the evaluation
does not price; its plain fours don't count), a static evaluation at least
`FUTILITY_MARGINS[depth]` above beta ends the node with that value (reverse
futility pruning); with at most `SearchOptions.razoring` plies left, the
same quiet for the opponent and no four-three or double three of ours to
come, a static evaluation at least `RAZOR_MARGINS[depth]` below alpha is
checked by `quiesce` on a null window at alpha, which ends the node if it
fails low too (razoring). At depth 0 `quiesce` plays out our four-threes and
returns the static `evaluate`, and above it the `width + 2 * min(depth, 4)`
best candidates by `ordered_moves` are searched, the table's best move and
two killer moves first. With one ply left, a move that makes no four is
scored by `evaluate_after` without being made wherever quiescence would
stand on the evaluation after it (the same value and node count, less work).

The table maps a Zobrist hash to (depth, bound, value, best move), where
bound says whether the value is exact, a lower bound or an upper bound.
"""

from __future__ import annotations

from collections.abc import Callable

from .analysis import MATE_ZONE as MATE_ZONE  # re-exported: the brain reads scores with them
from .analysis import WIN as WIN
from .board import Board
from .budget import Budget, OutOfTime
from .evaluation import evaluate, evaluate_after, ordered_moves
from .options import DEFAULT_OPTIONS, SearchOptions
from .patterns import (
    B_CLASS,
    BLACK,
    CLASS_SLOT,
    EMPTY,
    FIVE,
    FLEX4,
    FOUR,
    FOUR3,
    THREE,
    THREE3,
    W_CLASS,
)
from .table import EXACT, LOWER, TABLE_LIMIT, UPPER, VALUE_OFFSET, Entry, forget_oldest, unpack
from .threats import SIDE_KEY, ThreatSearch, defences, four_three_defences

Scored = tuple[int, int]
"""(square, score) of a root move."""
Split = Callable[[list[int], int, dict[int, int]], None]
"""Searches one iteration's root moves (order, depth) into a dict of scores (parallel.py)."""
QUIESCENCE_FOURS = 6
"""Most fours of the side to move played out at the horizon."""
NEAR_FOUR = 4
"""Plain fours at the horizon are tried this close (king steps) to our last stone."""
WIDER_PLIES = 4
"""A node's candidates grow by two for each ply left, up to this many plies."""
MOVE_LISTS_KEPT = 50_000
"""Most positions whose move lists a search keeps (forgotten all at once beyond)."""
LATE_MOVE = 3
"""Moves from this index on are late: if quiet, searched a ply shallower first."""
REDUCE_DEPTH = 3
"""Reductions start at nodes with this many plies left."""
FUTILITY_MARGINS = (0, 200, 700, 1200)
"""With `SearchOptions.futility`: by plies left, how far the static evaluation must be
above beta for a node to be cut there (about the 5th percentile of how much lower the
search's value came out than the evaluation at such nodes, measured at two plies)."""
RAZOR_MARGINS = (0, 150, 500, 900)
"""With `SearchOptions.razoring`: by plies left, how far the static evaluation must be below
alpha for a node to be settled by quiescence there (screened at a fixed node count:
benchmarks.md, "Razoring")."""
FRONTIER_THREES = 2
"""With `SearchOptions.frontier_vct`: most attacker threes in the VCT tried at a node with
one ply left."""
FRONTIER_FOURS = 6
"""Most fours in each of that VCT's continuous-four searches."""
FRONTIER_NODES = 64
"""Most nodes that VCT may take (counted in the budget); a miss within them is no win."""
FRONTIER_AFTER = 3
"""Plies a VCT line may leave before the five (it can end at an unstoppable threat: a
double three's defence, the open four, its block, the five): a found win is scored as
that much further than the line."""


class AlphaBeta:
    """A PVS searcher over one board; keep it between moves to reuse its table."""

    def __init__(
        self,
        board: Board,
        budget: Budget,
        table: dict[int, Entry] | None = None,
        options: SearchOptions = DEFAULT_OPTIONS,
    ) -> None:
        self.board = board
        self.options = options
        self.budget = budget
        self.table: dict[int, Entry] = {} if table is None else table
        self.killers: dict[int, list[int]] = {}
        self.history: dict[int, int] = {}
        """With `SearchOptions.history`: ``square * 3 + side`` to the sum of depth² of the
        cutoffs the move caused for that side."""
        self.table_limit = TABLE_LIMIT
        self.root_order: list[int] = []
        """The root moves, best first, as the last `root` left them."""
        self.move_lists: dict[int, tuple[list[int], bool]] = {}
        """`_move_list` by position (hash and side to move), for this searcher's life."""
        self.quiet_leaves = options.quiescence and not options.quiescence_plain_fours
        """Whether a leaf may be scored by `evaluate_after` instead of being made (where its
        value is the static evaluation; the result is the same, only quicker)."""
        self.threat_search = ThreatSearch(board, budget, counters=options.vct_counters)
        """With `SearchOptions.frontier_vct`: the VCTs at nodes with one ply left (its tables
        of refuted positions kept between them)."""
        self.futility = min(options.futility, len(FUTILITY_MARGINS) - 1)
        """`SearchOptions.futility`, at most the deepest of `FUTILITY_MARGINS`."""
        self.razoring = min(options.razoring, self.futility, len(RAZOR_MARGINS) - 1)
        """`SearchOptions.razoring`, at most the deepest of `RAZOR_MARGINS`; razoring is
        tried only where reverse futility pruning is (it shares its guard)."""

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
            block = next(iter(theirs[FIVE]))
            if len(theirs[FIVE]) > 1 or (me == BLACK and b.forbidden(block)):
                return -(WIN - ply - 1)  # two fives, or the one block is a renju foul
            moves = [block]
            extend = True
        elif b.threat(me, FLEX4):
            return WIN - ply - 2
        elif depth <= 0:
            if self.options.quiescence:
                return self.quiesce(alpha, beta, ply, QUIESCENCE_FOURS)
            return evaluate(b, self.options.tempo_threats)
        if not b.candidates:
            return 0
        key = b.hash
        entry = self.table.get(key)
        table_move = -1
        if entry is not None:
            e_depth = (entry >> 2) & 63
            flag = entry & 3
            value = (entry >> 22) - VALUE_OFFSET
            table_move = ((entry >> 8) & 0x3FFF) - 1
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
            open_three = bool(b.threat(3 - me, FLEX4))
            if (
                depth <= self.futility
                and beta < MATE_ZONE
                and not open_three
                and not (theirs[FOUR3] or theirs[THREE3])
            ):
                static = evaluate(b, self.options.tempo_threats)
                if static - FUTILITY_MARGINS[depth] >= beta:
                    return static
                if (
                    depth <= self.razoring
                    and alpha > -MATE_ZONE
                    and static + RAZOR_MARGINS[depth] <= alpha
                    and not (mine[FOUR3] or mine[THREE3])
                ):
                    value = self.quiesce(alpha, alpha + 1, ply, QUIESCENCE_FOURS)
                    if value <= alpha:
                        return value
            if depth == 1 and self.options.frontier_vct and not open_three:
                plies = self._frontier_win()
                if plies:
                    return WIN - ply - plies - FRONTIER_AFTER
            moves = self._moves(depth, open_three)
            if not moves:
                return -(WIN - ply - 3)
            moves = self._order(moves, table_move, ply)
            if self.options.extend_defences and open_three:
                width = self.options.extend_width
                extend = not width or len(moves) <= width  # an open three's answers: no depth
        original_alpha = alpha
        best, best_move = -WIN - 1, moves[0]
        child_depth = depth if extend else depth - 1
        reduce_from = LATE_MOVE if self.options.reductions and depth >= REDUCE_DEPTH else len(moves)
        leaves = child_depth == 0 and self.quiet_leaves
        table, vecs, slot = b.cells_table, b.vecs, CLASS_SLOT[me]
        for i, move in enumerate(moves):
            leaf = None
            if leaves and table[vecs[move]][slot] < FOUR:
                leaf = evaluate_after(b, move, self.options.tempo_threats, -alpha)
            if leaf is not None:
                score = -leaf
                self._leaf_ticks(i > 0 and alpha < score < beta)
            else:
                reduced = i >= reduce_from and self._quiet(move)
                b.make(move)
                if i == 0:
                    score = -self.search(child_depth, -beta, -alpha, ply + 1)
                else:
                    score = alpha + 1
                    if reduced:
                        score = -self.search(child_depth - 1, -alpha - 1, -alpha, ply + 1)
                    if score > alpha:
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
                        if self.options.history and depth > 0:
                            slot = move * 3 + me
                            self.history[slot] = self.history.get(slot, 0) + depth * depth
                        break
        self._store(key, depth, original_alpha, beta, best, best_move, ply)
        return best

    def _leaf_ticks(self, again: bool) -> None:
        """Count the nodes a leaf scored by `evaluate_after` stands for: the search's and
        quiescence's, twice when PVS searches it again (`again`), as the made move would
        have; so a node limit ends the search where it would, and it decides alike."""
        tick = self.budget.tick
        tick()
        tick()
        if again:
            tick()
            tick()

    def _moves(self, depth: int, open_three: bool) -> list[int]:
        """The moves searched at a node with no five to block (empty: the side to move lost).

        Against an open four to come (`open_three`: the opponent can make one,
        as `Board.threat` says): its defences and our fours. Against a
        four-three to come (with `defend_four_three`): the squares that stop
        it and our fours, if any square stops it. Otherwise the best
        `width + 2 * min(depth, 4)` candidates (`SearchOptions.width`).
        Each position's list is worked out once a search (`move_lists`).
        """
        b = self.board
        key = b.hash ^ SIDE_KEY[b.side]
        found = self.move_lists.get(key)
        if found is None:
            if len(self.move_lists) >= MOVE_LISTS_KEPT:
                self.move_lists.clear()
            found = self.move_lists[key] = self._move_list(open_three)
        moves, ranked = found
        return moves[: self.options.width + 2 * min(depth, WIDER_PLIES)] if ranked else moves

    def _move_list(self, open_three: bool) -> tuple[list[int], bool]:
        """`_moves` for any depth: the list, and whether it is the ranked candidates (cut to
        the depth's width by the caller; at most `width + 2 * WIDER_PLIES`) or all to search."""
        b = self.board
        me = b.side
        opp = 3 - me
        theirs = b.threats[opp]
        if open_three:
            return defences(b, opp) or [], False
        if theirs[FOUR3] and self.options.defend_four_three:
            stops = four_three_defences(b, opp)
            if stops:
                mine = b.threats[me]
                fours = b.playable(me, sorted(mine[FOUR3]) + sorted(mine[FOUR]))
                return list(dict.fromkeys([*stops, *fours])), False
        return ordered_moves(b, self.options.width + 2 * WIDER_PLIES), True

    def _frontier_win(self) -> int:
        """The length of a VCT line for the side to move found within `FRONTIER_NODES`,
        else 0 (`SearchOptions.frontier_vct`)."""
        b = self.board
        mine = b.threats[b.side]
        if not (mine[THREE] or mine[THREE3] or mine[FOUR] or mine[FOUR3]):
            return 0
        parent = self.budget
        cap = FRONTIER_NODES
        if parent.node_limit is not None:
            cap = max(1, min(cap, parent.node_limit - parent.nodes))
        budget = Budget(deadline=parent.deadline, node_limit=cap, stop=parent.stop)
        threats = self.threat_search
        threats.budget = budget
        base = b.count
        try:
            line = threats.vct(FRONTIER_THREES, FRONTIER_FOURS)
        except OutOfTime:
            while b.count > base:
                b.unmake()
            line = None
        parent.spend(budget)
        parent.check()
        return len(line) if line else 0

    def _quiet(self, move: int) -> bool:
        """Whether a move makes no three or better for either side (a reduction candidate)."""
        cm = self.board.comb[move]
        return cm[B_CLASS] < THREE and cm[W_CLASS] < THREE

    def quiesce(self, alpha: int, beta: int, ply: int, fours: int) -> int:
        """The value at the horizon: stand pat, or play on our fours (up to `fours` of them).

        The side to move may take the static evaluation or make a four-three
        (with `SearchOptions.quiescence_plain_fours`, a plain four near our
        last stone as well, after the four-threes); the opponent's block is
        forced and costs nothing. A five, a double five or an open four ends
        it as in `search`.
        """
        b = self.board
        self.budget.tick()
        me = b.side
        mine, theirs = b.threats[me], b.threats[3 - me]
        if mine[FIVE]:
            return WIN - ply
        if theirs[FIVE]:
            block = next(iter(theirs[FIVE]))
            if len(theirs[FIVE]) > 1 or (me == BLACK and b.forbidden(block)):
                return -(WIN - ply - 1)
            b.make(block)
            score = -self.quiesce(-beta, -alpha, ply + 1, fours)
            b.unmake()
            return score
        if b.threat(me, FLEX4):
            return WIN - ply - 2
        best = evaluate(b, self.options.tempo_threats)
        plain = self.options.quiescence_plain_fours
        if best >= beta or fours <= 0 or not (mine[FOUR3] or (plain and mine[FOUR])):
            return best
        alpha = max(alpha, best)
        for move in self._quiescence_moves(me):
            b.make(move)
            score = -self.quiesce(-beta, -alpha, ply + 1, fours - 1)
            b.unmake()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def _quiescence_moves(self, me: int) -> list[int]:
        """Our four-threes, then (with `SearchOptions.quiescence_plain_fours`) our plain fours
        within `NEAR_FOUR` of our last stone."""
        b = self.board
        mine = b.threats[me]
        moves = sorted(mine[FOUR3])
        if self.options.quiescence_plain_fours and mine[FOUR] and len(b.stack) >= 2:
            width = b.width
            lr, lc = divmod(b.stack[-2], width)
            for sq in sorted(mine[FOUR]):
                r, c = divmod(sq, width)
                if abs(r - lr) <= NEAR_FOUR and abs(c - lc) <= NEAR_FOUR:
                    moves.append(sq)
        return b.playable(me, moves)

    def _order(self, moves: list[int], table_move: int, ply: int) -> list[int]:
        """The table move and the killers first; with `SearchOptions.history`, the others by
        the strongest class either side makes on the square, then by their history."""
        if self.options.history:
            moves = self._by_history(moves)
        front = [m for m in (table_move, *self.killers.get(ply, ())) if m in moves]
        if not front:
            return moves
        seen = set(front)
        return list(dict.fromkeys(front)) + [m for m in moves if m not in seen]

    def _by_history(self, moves: list[int]) -> list[int]:
        """`moves` by the strongest class either side makes on the square (`_tier`), then by
        their history, most cutoffs first; a stable sort, so ties keep the given order."""
        history = self.history
        side = self.board.side
        comb = self.board.comb
        return sorted(
            moves,
            key=lambda m: (-max(comb[m][B_CLASS], comb[m][W_CLASS]), -history.get(m * 3 + side, 0)),
        )

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
        table[key] = (
            ((value + VALUE_OFFSET) << 22) | ((move + 1) << 8) | (min(depth, 63) << 2) | flag
        )

    def root(
        self,
        moves: list[int],
        max_depth: int,
        *,
        multipv: int = 1,
        on_iteration: Callable[[list[Scored], int], bool | None] | None = None,
        split: Split | None = None,
        resume: tuple[Scored, int] | None = None,
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
        With `resume` (the best line of an earlier search of these moves, in
        their order, and its depth; one line) the deepening goes on from the
        next depth, and that line stands as the last finished iteration's.
        `on_iteration` is called with the lines after each finished
        iteration; when it returns True, no deeper iteration is started. With
        `split` (and one line), each iteration is searched by it instead
        (shared with other processes: parallel.py).
        """
        b = self.board
        base = b.count
        order = list(moves)
        self.root_order = order
        ranked = [(m, 0) for m in order[:multipv]]
        done = 0
        if resume is not None:
            ranked, done = [resume[0]], resume[1]
        for depth in self._depths(max_depth):
            if depth <= done:
                continue
            scores: dict[int, int] = {}
            try:
                if split is not None and multipv == 1:
                    split(order, depth, scores)
                else:
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
                    order.remove(best)
                    order.insert(0, best)
                break
            order.sort(key=lambda m: -scores[m])
            ranked = [(m, scores[m]) for m in order[:multipv]]
            done = depth
            if on_iteration is not None and on_iteration(ranked, depth):
                break
            if all(abs(score) > MATE_ZONE for _, score in ranked) or ranked[0][1] > MATE_ZONE:
                break
        return ranked, done

    def _depths(self, max_depth: int) -> list[int]:
        """The iterations' depths: every one up to `max_depth`, or with
        `SearchOptions.depth_parity` only the odd (1) or even (2) ones (and `max_depth`)."""
        parity = self.options.depth_parity
        if not parity:
            return list(range(1, max_depth + 1))
        depths = list(range(2 - parity % 2, max_depth + 1, 2))
        if max_depth not in depths:
            depths.append(max_depth)
        return depths

    def _root_move(
        self, move: int, depth: int, full: bool, scores: dict[int, int], multipv: int
    ) -> int:
        """The score of one root move: a full window, or a null window at the k-th best."""
        alpha = -WIN - 1
        if not full and len(scores) >= multipv:
            alpha = sorted(scores.values(), reverse=True)[multipv - 1]
        return self.root_move_score(move, depth, alpha)

    def root_move_score(self, move: int, depth: int, alpha: int) -> int:
        """A root move's score: a null window at `alpha`, again with a full one if it beats it.

        With no alpha yet (``-WIN - 1``) a full window at once. On `OutOfTime`
        the board is left where the search was: the caller unwinds it.
        """
        b = self.board
        b.make(move)
        if alpha == -WIN - 1:
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
            move = -1 if entry is None else unpack(entry)[3]
            if move < 0 or b.cells[move] != EMPTY:
                break
            line.append(move)
        for _ in range(made):
            b.unmake()
        return line
