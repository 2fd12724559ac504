"""`SearchStrategy`: the decision rule of the `search` player (see the package docstring)."""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from ...engine import GameState, Move, Rule, Rules
from ..base import DEFAULT_SECONDS, NO_LIMIT, Limit, require_playable
from ..perfect import PerfectStrategy
from .alphabeta import AlphaBeta, Scored, Split
from .analysis import MATE_ZONE, WIN, Analysis, Progress, Reason
from .board import Board
from .budget import Budget, OutOfTime
from .evaluation import evaluate, ordered_moves
from .options import DEFAULT_OPTIONS, SearchOptions
from .patterns import FIVE, FLEX4, FOUR, FOUR3, THREE, THREE3
from .proof import ProofSearch
from .table import TABLE_LIMIT, Entry, GameMemory
from .threats import ThreatSearch
from .timing import TurnTimer

if TYPE_CHECKING:
    from .parallel import Helpers

SEARCH_SHARE = 0.95
"""Share of the time limit the search may use; the rest is a margin for the caller."""
SAFETY_SECONDS = 0.01
"""Also kept back from every time limit, for building the board and returning."""
VCF_DEPTH = 16
"""Most attacker fours in a VCF."""
DEFENCE_WIDTH = 40
"""Candidates tried as defences against the opponent's VCF."""
MAX_DEPTH = 30
VERIFY_SHARE = 0.15
"""Share of the budget kept from alpha-beta to check its moves against a VCT."""
VERIFY_MOVES = 6
"""Alpha-beta's best moves checked, best first, until one allows no VCT."""
EXACT_SOLVER_RULES = (Rule.FREESTYLE, Rule.EXACT)
"""Rules the exact solver (`perfect`) knows; small renju and caro boards are searched."""
PV_EXTRA = 8
"""A principal variation is read up to this many plies past the search depth."""

T = TypeVar("T")


class SearchStrategy:
    """Threat search and alpha-beta within a `Limit` (seconds, nodes, plies, stop signal).

    ``limit.depth`` caps the alpha-beta depth in plies (threat searches are
    not capped); a limit with neither time nor nodes thinks `DEFAULT_SECONDS`.
    The transposition table is kept between the moves of one game: it is
    kept while each position asked about extends (or takes back moves of)
    the previous one under the same rules, and cleared otherwise or by
    `clear`. `table_limit` caps its entries (about 120 bytes each).
    """

    name = "search"

    def __init__(
        self, *, seed: int | None = None, options: SearchOptions = DEFAULT_OPTIONS
    ) -> None:
        self._perfect = PerfectStrategy(seed=seed)
        self.options = options
        self._memory = GameMemory()
        self.table_limit = TABLE_LIMIT
        self.last_analysis: Analysis | None = None
        self._helpers: Helpers | None = None
        self._helpers_finalizer: weakref.finalize[[], SearchStrategy] | None = None

    @property
    def threads(self) -> int:
        """Processes a timed search uses (`SearchOptions.threads`)."""
        return self.options.threads

    @threads.setter
    def threads(self, count: int) -> None:
        if count != self.options.threads:
            self.close()
            self.options = replace(self.options, threads=max(1, count))

    def close(self) -> None:
        """End the helper processes, if any (a later search starts them again)."""
        if self._helpers_finalizer is not None:
            self._helpers_finalizer()  # closes them once, and lets go of them
        self._helpers = self._helpers_finalizer = None

    def _split(self, state: GameState, limit: Limit) -> Callable[[AlphaBeta], Split] | None:
        """How alpha-beta shares its root moves (`SearchOptions.threads`), or None: alone.

        Only a search bounded by time alone is shared (a node limit keeps it
        reproducible). The helpers start with the first such search and
        join once ready.
        """
        if self.options.threads <= 1 or limit.time is None or limit.nodes is not None:
            return None
        if self._helpers is None:
            from .parallel import Helpers  # multiprocessing, imported only where helpers search

            helpers = Helpers(self.options.threads - 1, self.options, self.table_limit)
            self._helpers_finalizer = weakref.finalize(self, helpers.close)
            self._helpers = helpers
        helpers = self._helpers
        return lambda searcher: partial(helpers.iterate, searcher, state)

    @staticmethod
    def supports(rules: Rules) -> bool:
        """Plays on every board."""
        return True

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        """The chosen move for the side to move; raises ValueError if the game is over."""
        return self.analyse(state, limit)[0].move

    def clear(self) -> None:
        """Forget everything learnt (the transposition table): the next search starts cold."""
        self._memory.clear()

    @property
    def table_size(self) -> int:
        """Entries in the transposition table now."""
        return len(self._memory.table)

    def analyse(
        self,
        state: GameState,
        limit: Limit = NO_LIMIT,
        *,
        multipv: int = 1,
        on_progress: Progress | None = None,
    ) -> list[Analysis]:
        """The best lines for the side to move, best first: at most `multipv`, distinct moves.

        The first line is the move `choose` plays. `on_progress` is called
        from the searching thread with the best line so far after each
        finished alpha-beta iteration, and when a rule or a threat search
        decides. When it returns True the search starts no deeper iteration;
        the check of alpha-beta's move against the opponent's VCT still runs,
        on `VERIFY_SHARE` of the time spent so far. Honours every bound of
        `limit`. Raises ValueError if the game is over or `multipv` is below 1.
        """
        require_playable(state)
        if isinstance(multipv, bool) or not isinstance(multipv, int) or multipv < 1:
            raise ValueError(f"multipv must be a whole number of at least 1, got {multipv!r}")
        start = time.perf_counter()
        rules = state.rules
        if PerfectStrategy.supports(rules) and rules.rule in EXACT_SOLVER_RULES:
            lines = self._perfect_lines(state, limit, multipv, start)
        elif rules.k <= 1 or state.move_count == 0:
            centre = Move(rules.rows // 2, rules.cols // 2)
            score = WIN if rules.k <= 1 else 0
            seconds = time.perf_counter() - start
            lines = [Analysis(centre, score, 0, 0, seconds, (centre,), Reason.CENTRE)]
        else:
            table = self._memory.table_for(state)
            run = _Run(
                Board.from_state(state),
                _budget(limit, start),
                table,
                self.table_limit,
                self.options,
                MAX_DEPTH if limit.depth is None else min(limit.depth, MAX_DEPTH),
                multipv,
                on_progress,
                start,
                self._split(state, limit),
            )
            lines = [line for line in run.lines() if state.is_legal(line.move)]
            if not lines:  # never expected; never lose on an error
                move = _fallback(state)
                lines = [Analysis(move, 0, 0, 0, 0.0, (move,), Reason.FALLBACK)]
        if on_progress is not None and lines[0].reason in (Reason.PERFECT, Reason.CENTRE):
            on_progress(lines[0])
        self.last_analysis = lines[0]
        return lines

    def _perfect_lines(
        self, state: GameState, limit: Limit, multipv: int, start: float
    ) -> list[Analysis]:
        """Lines from the exact solver; its `choose` (with its tie-breaks) comes first."""
        chosen = self._perfect.choose(state, limit)
        values = self._perfect.move_values(state)
        order = sorted(values, key=lambda m: (m != chosen, -values[m]))[:multipv]
        squares = state.rules.squares
        seconds = time.perf_counter() - start
        lines = []
        for move in order:
            value = values[move]
            plies = squares + 1 - abs(value) - state.move_count
            score = 0 if value == 0 else (WIN - plies + 1) * (1 if value > 0 else -1)
            lines.append(Analysis(move, score, 0, 0, seconds, (move,), Reason.PERFECT))
        return lines


@dataclass(frozen=True, slots=True)
class _Line:
    """A decided line in board squares (see `Analysis`)."""

    square: int
    score: int
    pv: tuple[int, ...]
    reason: Reason


@dataclass(frozen=True, slots=True)
class _Plan:
    """What alpha-beta should search: the root moves and the reason to report."""

    moves: list[int]
    reason: Reason


class _Run:
    """One analysis: the decision rules, then alpha-beta (see the package docstring)."""

    def __init__(
        self,
        board: Board,
        budget: Budget,
        table: dict[int, Entry],
        table_limit: int,
        options: SearchOptions,
        max_depth: int,
        multipv: int,
        on_progress: Progress | None,
        start: float,
        split: Callable[[AlphaBeta], Split] | None = None,
    ) -> None:
        self.board = board
        self.budget = budget
        self.root_budget = budget
        self.options = options
        self.searcher = AlphaBeta(board, budget, table, options)
        self.searcher.table_limit = table_limit
        self.max_depth = max_depth
        self.multipv = multipv
        self.on_progress = on_progress
        self.start = start
        self.enough = False
        """Set once `on_progress` says the caller has seen enough."""
        self.timer: TurnTimer | None = None
        """Times alpha-beta's iterations in `_verified` under a time limit alone."""
        self.split = None if split is None else split(self.searcher)

    def lines(self) -> list[Analysis]:
        """The analysis: a decided line (and alternatives if asked) or alpha-beta's lines."""
        outcome = self._decide()
        if isinstance(outcome, _Plan):
            if outcome.reason is Reason.ALPHA_BETA and self.options.verify and self.multipv == 1:
                return self._verified(outcome.moves)
            return self._alpha_beta(outcome.moves, self.multipv, outcome.reason, report=True)
        first = self._analysis(outcome.square, outcome.score, 0, outcome.pv, outcome.reason)
        self._report(first)
        if self.multipv == 1:
            return [first]
        ranked = ordered_moves(self.board, self.options.root_width)
        others = [sq for sq in ranked if sq != outcome.square]
        if not others:
            return [first]
        rest = self._alpha_beta(others, self.multipv - 1, Reason.ALTERNATIVE, report=False)
        return [first, *(_capped(line, first.score) for line in rest)]

    def _decide(self) -> _Line | _Plan:
        b = self.board
        me = b.side
        opp = 3 - me
        mine, theirs = b.threats[me], b.threats[opp]
        if mine[FIVE]:
            return _Line(min(mine[FIVE]), WIN, (min(mine[FIVE]),), Reason.FIVE)
        if theirs[FIVE]:
            blocks = b.playable(me, sorted(theirs[FIVE]))
            if not blocks:  # the one block is a renju foul: lost, play on legally
                return self._forced(_any_legal(b), Reason.LOST)
            return self._forced(blocks[0], Reason.BLOCK_FIVE)
        if flex := b.threat(me, FLEX4):
            return _Line(min(flex), WIN - 2, (min(flex),), Reason.OPEN_FOUR)
        if not b.candidates:
            return self._forced(b.squares[len(b.squares) // 2], Reason.NO_CANDIDATES)
        opts = self.options
        line = self._threat(opts.vcf_share, self._vcf)
        if line:
            return self._win(line, Reason.VCF)
        opp_line = self._threat(opts.opp_vcf_share, self._vcf, attacker=opp)
        if opp_line is not None:
            return self._against_vcf(opp_line)
        line = self._threat(opts.vct_share, self._vct)
        if line:
            return self._win(line, Reason.VCT)
        plan = _Plan(ordered_moves(b, self.options.root_width), Reason.ALPHA_BETA)
        opp_line = self._threat(opts.opp_vct_share, self._vct, attacker=opp)
        if opp_line is not None:
            candidates = _defence_candidates(b, opp_line, threes=True)
            safe = self._refutations(opts.vct_defence_share, candidates, self._vct)
            if safe:
                plan = _Plan(safe, Reason.DEFEND_VCT)
        if len(plan.moves) == 1 and self.multipv == 1:
            return self._forced(plan.moves[0], Reason.ONLY_MOVE)
        return plan

    def _against_vcf(self, opp_line: list[int]) -> _Line | _Plan:
        """The opponent has a VCF if it moved now: the moves after which it has none."""
        candidates = _defence_candidates(self.board, opp_line, threes=False)
        moves = self._refutations(self.options.vcf_defence_share, candidates, self._vcf)
        if len(moves) == 1:
            return self._forced(moves[0], Reason.ONLY_DEFENCE)
        if not moves:
            return _Plan(ordered_moves(self.board, self.options.root_width), Reason.LOST_TO_VCF)
        return _Plan(moves, Reason.DEFEND_VCF)

    def _vcf(self, budget: Budget) -> Callable[[], list[int] | None]:
        """A VCF search for the side to move when called, on `budget` (one table for all calls)."""
        search = ThreatSearch(self.board, budget, counters=self.options.vct_counters)
        return lambda: search.vcf(VCF_DEPTH)

    def _vct(self, budget: Budget) -> Callable[[], list[int] | None]:
        """A VCT search for the side to move when called, on `budget`.

        Proof-number search with up to `vct_depth` threes (`proof_numbers`),
        else the depth-first search deepening to `vct_depth` threes.
        """
        b, opts = self.board, self.options
        if opts.proof_numbers:
            return lambda: ProofSearch(b, budget).prove(opts.vct_depth)
        search = ThreatSearch(b, budget, counters=opts.vct_counters)

        def deepening() -> list[int] | None:
            line = search.vct_deepening(opts.vct_depth)[0]
            if line is None and budget.expired:
                raise OutOfTime  # it ran out: no answer, not a "no"
            return line

        return deepening

    def _win(self, line: list[int], reason: Reason) -> _Line:
        """A threat search's winning line, played on to the five (blocks by the lowest square)."""
        b = self.board
        attacker = b.side
        base = b.count
        full: list[int] = []
        for sq in line:
            if self._play_on(full, sq):
                break
        plies = 0  # beyond the line: a defender with no legal block, then the five
        while len(full) < len(line) + 4:
            mine, theirs = b.threats[b.side], b.threats[3 - b.side]
            if b.side == attacker and (mine[FIVE] or b.threat(attacker, FLEX4)):
                sq = min(mine[FIVE] or b.threat(attacker, FLEX4))
            elif b.side != attacker and theirs[FIVE]:
                sq = min(theirs[FIVE])
                if not b.playable(b.side, [sq]):  # the block is a renju foul
                    plies = 2
                    break
            else:
                break
            if self._play_on(full, sq):
                break
        while b.count > base:
            b.unmake()
        return _Line(line[0], WIN - len(full) - plies + 1, tuple(full), reason)

    def _play_on(self, line: list[int], square: int) -> bool:
        """Make `square` and add it to `line`; True if it made a five."""
        b = self.board
        five = square in b.threats[b.side][FIVE]
        b.make(square)
        line.append(square)
        return five

    def _forced(self, square: int, reason: Reason) -> _Line:
        """A move played without searching, scored by the static evaluation after it."""
        b = self.board
        b.make(square)
        score = -(WIN - 1) if b.threats[b.side][FIVE] else -evaluate(b, self.options.tempo_threats)
        b.unmake()
        return _Line(square, score, (square,), reason)

    def _verified(self, moves: list[int]) -> list[Analysis]:
        """Alpha-beta on most of the budget, then its best moves checked against a VCT.

        Alpha-beta can't see a win through threes that its move allows. So
        its best moves, best first (up to `VERIFY_MOVES`), are checked with
        the rest of the budget: the first after which the opponent has no VCT
        is played. If none passes, or time runs out first, alpha-beta's move
        stands. Under a time limit alone (`SearchOptions.time_manager`) the
        deepening stops early when the `TurnTimer` says the next iteration
        can't finish its first move, and the check gets the rest.
        """
        main = self.budget
        self.budget = self.searcher.budget = main.sub(1 - VERIFY_SHARE)
        started, nodes = main.now(), main.nodes
        deadline = self.budget.deadline
        if self.options.time_manager and deadline is not None and main.node_limit is None:
            self.timer = TurnTimer(deadline, self.budget.now)
        try:
            (line,) = self._alpha_beta(moves, 1, Reason.ALPHA_BETA, report=True)
        finally:
            main.spend(self.budget)
            self.budget = self.searcher.budget = main
        order = self.searcher.root_order[:VERIFY_MOVES]
        safe = self._refutations(
            self._verify_share(started, nodes), order, self._vct, first_only=True
        )
        if not safe or safe[0] == order[0]:
            if safe and self.timer is not None and not self.enough:
                return [self._resumed(line)]
            return [line]
        square = safe[0]
        pv = self.searcher.principal_variation(square, max(line.depth, 1) + PV_EXTRA)
        return [self._analysis(square, line.score, line.depth, tuple(pv), Reason.AVOID_VCT)]

    def _resumed(self, line: Analysis) -> Analysis:
        """Alpha-beta's `line`, checked safe with time to spare: deepened on that time.

        Under the `TurnTimer` the check usually proves alpha-beta's move safe
        long before the turn's deadline. The deepening then goes on from the
        next depth to the deadline (no timer: the time is unused otherwise),
        on `1 - VERIFY_SHARE` of what is left (unless the budget is spent: the
        deadline passed or the caller stopped the search); a new best move is
        played only if the check, on the rest, finds it safe, else `line`'s
        move stands.
        """
        searcher, main = self.searcher, self.budget
        if abs(line.score) > MATE_ZONE or line.depth >= self.max_depth:
            return line
        try:
            main.check()  # a check that ended within `Budget.CHECK_EVERY` nodes may miss a stop
        except OutOfTime:
            return line
        self.budget = searcher.budget = main.sub(1 - VERIFY_SHARE)
        self.timer = None
        try:
            (deeper,) = self._alpha_beta(
                searcher.root_order,
                1,
                Reason.ALPHA_BETA,
                report=True,
                resume=((searcher.root_order[0], line.score), line.depth),
            )
        finally:
            main.spend(self.budget)
            self.budget = searcher.budget = main
        if deeper.move != line.move:
            order = searcher.root_order[:VERIFY_MOVES]
            if self._refutations(1.0, order, self._vct, first_only=True)[:1] != order[:1]:
                return line
        return deeper

    def _verify_share(self, started: float, nodes: int) -> float:
        """The share of what is left for the check after alpha-beta (begun at `started`, `nodes`).

        All of it, unless the caller stopped alpha-beta early (`enough`):
        then what `VERIFY_SHARE` of the whole would be had alpha-beta's
        time and nodes so far been the rest (of each bound, the larger share).
        """
        root = self.root_budget
        if not self.enough:
            return 1.0
        ratio = VERIFY_SHARE / (1 - VERIFY_SHARE)
        shares = []
        if root.deadline is not None:
            now = root.now()
            shares.append((now - started) * ratio / max(root.deadline - now, 1e-9))
        if root.node_limit is not None:
            spent = root.nodes - nodes
            shares.append(spent * ratio / max(root.node_limit - root.nodes, 1))
        return min(1.0, max(shares, default=1.0))

    def _report(self, line: Analysis) -> None:
        """Give `line` to `on_progress`; remember if the caller has seen enough."""
        if self.on_progress is not None and self.on_progress(line):
            self.enough = True

    def _alpha_beta(
        self,
        moves: list[int],
        multipv: int,
        reason: Reason,
        *,
        report: bool,
        resume: tuple[Scored, int] | None = None,
    ) -> list[Analysis]:
        searcher = self.searcher
        searcher.killers.clear()
        searcher.history.clear()

        def iteration(ranked: list[Scored], depth: int) -> bool:
            if report:
                self._report(self._scored(ranked[0], depth, reason))
            return self.enough or (self.timer is not None and not self.timer.deepen())

        ranked, depth = searcher.root(
            moves,
            self.max_depth,
            multipv=multipv,
            on_iteration=iteration,
            split=self.split,
            resume=resume,
        )
        return [self._scored(scored, depth, reason) for scored in ranked]

    def _scored(self, scored: Scored, depth: int, reason: Reason) -> Analysis:
        square, score = scored
        pv = self.searcher.principal_variation(square, max(depth, 1) + PV_EXTRA)
        return self._analysis(square, score, depth, tuple(pv), reason.scored(score))

    def _analysis(
        self, square: int, score: int, depth: int, pv: tuple[int, ...], reason: Reason
    ) -> Analysis:
        b = self.board
        return Analysis(
            b.move(square),
            score,
            depth,
            self._nodes(),
            time.perf_counter() - self.start,
            tuple(b.move(sq) for sq in pv),
            reason,
        )

    def _nodes(self) -> int:
        """Nodes so far: the whole budget's, and the running sub-budget's if one runs."""
        root = self.root_budget
        return root.nodes + (self.budget.nodes if self.budget is not root else 0)

    def _threat(
        self, share: float, search: Callable[[Budget], Callable[[], T]], attacker: int | None = None
    ) -> T | None:
        """Run a threat search (for `attacker`, default the side to move) on a sub-budget.

        None if it finds nothing or runs out.
        """
        b = self.board
        side = b.side
        base = b.count
        sub = self.budget.sub(share)
        if attacker is not None:
            b.side = attacker
        try:
            return search(sub)()
        except OutOfTime:
            while b.count > base:
                b.unmake()
            return None
        finally:
            b.side = side
            self.budget.spend(sub)

    def _refutations(
        self,
        share: float,
        candidates: list[int],
        search: Callable[[Budget], Callable[[], object]],
        *,
        first_only: bool = False,
    ) -> list[int]:
        """The candidates after which the opponent's threat search finds nothing.

        A four of ours is followed by the opponent's forced block, and a four
        that block makes by ours (`Board.play_blocks`), before the check; when the
        exchange leaves us to move, we pass: the move counts only if the
        threat is gone after it.
        Stops early, keeping what it has, when its share of the budget is
        spent, or (`first_only`) at the first such candidate.
        """
        b = self.board
        me = b.side
        opp = 3 - me
        sub = self.budget.sub(share)
        run = search(sub)
        base = b.count
        out = []
        try:
            for move in candidates:
                b.make(move)
                b.play_blocks()
                if b.side == me:  # after our four's exchange: could they win if we did nothing?
                    b.side = opp
                if run() is None:
                    out.append(move)
                while b.count > base:
                    b.unmake()
                b.side = me
                if first_only and out:
                    break
        except OutOfTime:
            while b.count > base:
                b.unmake()
            b.side = me
        finally:
            self.budget.spend(sub)
        return out


def _defence_candidates(b: Board, line: list[int], *, threes: bool) -> list[int]:
    """Moves worth trying against the opponent's threat `line`, most promising first."""
    me = b.side
    mine = b.threats[me]
    fours = sorted(mine[FOUR3]) + sorted(mine[FOUR])
    extra = sorted(mine[THREE3]) + sorted(mine[THREE]) if threes else []
    on_line = [sq for sq in line[:8] if b.cells[sq] == 0]
    ranked = ordered_moves(b, DEFENCE_WIDTH)
    return b.playable(me, dict.fromkeys([*on_line, *ranked, *fours, *extra]))


def _fallback(state: GameState) -> Move:
    """A legal move for `state`, the best-ordered one near the stones if there is one."""
    board = Board.from_state(state)
    for square in ordered_moves(board, len(board.squares)):
        if state.is_legal(board.move(square)):
            return board.move(square)
    return state.legal_moves()[0]


def _any_legal(b: Board) -> int:
    """The best-ordered square the side to move may play (a lost position's move)."""
    moves = ordered_moves(b, 1) or b.playable(b.side, (sq for sq in b.squares if not b.cells[sq]))
    return moves[0]


def _capped(line: Analysis, score: int) -> Analysis:
    """An alternative line, never scored above the decided one."""
    if line.score <= score:
        return line
    return Analysis(line.move, score, line.depth, line.nodes, line.seconds, line.pv, line.reason)


def time_limit_for(seconds: float) -> float:
    """The `Limit.time` under which the search stops `seconds` after it starts.

    The inverse of `_budget`'s deadline: the search uses `SEARCH_SHARE` of its
    limit less `SAFETY_SECONDS`, so a caller that keeps its own margins (the
    brain) asks for this.
    """
    return seconds / SEARCH_SHARE + SAFETY_SECONDS


def _budget(limit: Limit, start: float) -> Budget:
    """The search budget for `limit`, started at `start` (perf_counter).

    Time: `SEARCH_SHARE` of the limit less `SAFETY_SECONDS`, on the budget's
    clock (less the time the limit's `Overtime` left out). Nodes: exactly the
    limit, with no clock unless a time is given too. Neither: the default
    time.
    """
    seconds = limit.time
    if seconds is None and limit.nodes is None:
        seconds = DEFAULT_SECONDS
    deadline = None
    if seconds is not None:
        if limit.overtime is not None:
            start = limit.overtime.clock(start)
        deadline = start + max(seconds * SEARCH_SHARE - SAFETY_SECONDS, 0.005)
    return Budget(
        deadline=deadline, node_limit=limit.nodes, stop=limit.stop, overtime=limit.overtime
    )
