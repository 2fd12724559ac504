"""The computer's decisions in an opening rule (engine/openings.py), by the search's scores.

`OpeningPlayer.decide(opening)` answers the decision asked now with an
`Action`. Scores are the side to move's, from a short search at a fixed
node budget (`score`) or, to rank many squares, the static evaluation
(`static_score`); so, for a given seed, every answer is the same. "Even"
is measured from `EVEN_SCORE` (`fair`): the search, at this budget, rates
black's stones a little too high.

- placing stones that the other person may then swap: the placement that
  leaves the score nearest even (the three-stone openings: from the pool,
  by default `swap_openings` under swap and swap2 and the 26 canonical ones
  under Soosõrv; with a seed, drawn among the `spread` most even); a single
  stone: of the candidates nearest even by static evaluation, the `SCORED`
  best scored by the search; a stone nobody may swap afterwards (swap2's
  fourth): the search's move;
- swap or keep: keep when the colour to move is not worse (score >= 0);
  swap2's first answer (`colour_choice`, shared with ``tictac-brain``'s
  SWAP2BOARD): keep above `BALANCE_BAND`, swap below minus it, else place
  two (white's best fourth, then the black fifth nearest even of the best
  `FIFTH_CHOICES`); Taraguchi's branch: swap below minus `BALANCE_BAND`,
  offer when black stands better than it, else keep and place;
- Soosõrv's declaration: one fifth move, plus one for each `DECLARE_STEP`
  black stands better (at most the rule's maximum);
- offering fifth moves: black's best by static evaluation, never one after
  which white has a five or a VCF (`loses_at_once`), none symmetrical to
  another (engine.symmetry);
- picking: the offered move after which white (the picker) scores best.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING

from ..engine import GameState, Move, Player, Rules
from ..engine.openings import (
    SOOSORV_MAX_OFFER,
    Action,
    Ask,
    Choice,
    Choose,
    Decision,
    Declare,
    Offer,
    Opening,
    OpeningRule,
    Person,
    Pick,
    Place,
    canonical_openings,
    region_squares,
)
from ..engine.symmetry import distinct
from .base import Limit

if TYPE_CHECKING:
    from .search import SearchStrategy

BALANCE_BAND = 200
"""Scores (search units) within +-this count as even: neither colour is worth choosing."""
FIFTH_CHOICES = 8
"""Black fifth stones weighed when placing two (swap2)."""
DEFAULT_NODES = 3000
"""Search nodes per scored position."""
PLACE_SPREAD = 3
"""With a seed, the three-stone opening is drawn from this many of the most even."""
DECLARE_STEP = 100
"""Soosõrv: white asks one more fifth move for each this much black stands better."""
VCF_DEPTH = 12
"""Fours searched when checking that an offered fifth move does not lose at once."""
VCF_NODES = 20000
"""Nodes for that check; a check that runs out counts as a loss (the move is not offered)."""
RANKED = 40
"""Squares ranked by static evaluation before the search scores the best of them."""
SCORED = 6
"""Of those, the squares the search scores."""
SEARCHED_OPENINGS = 24
"""Three-stone openings the search scores when placing (chosen by static evaluation)."""
EVEN_SCORE = -100
"""White's score (at `DEFAULT_NODES`, white to move after three stones) counted as even: the
search at this budget rates black's stones a little too high. bench/opening_calibration.py
(42 openings played out by the search against itself at the same budget): black won 33% of
those white scored -200 to +200 and all four scored -400 to -200; of -200, -100 and 0 tried
in bench/opening_balance.py, -100 left the colour chooser nearest half the points
(docs/benchmarks.md). Every "even" below is measured from here (`OpeningPlayer.fair`)."""
FAR_STEPS = (3, 4, 5, 6, 7)
"""Distances from the centre of the third stone of the spread-out openings."""

Stones = tuple[Move, ...]


def colour_choice(score: int, *, may_place_two: bool) -> Choice:
    """The answer of the person holding the colour to move, whose `score` it is.

    With two stones to place as the other answer (swap2 after three):
    keep above `BALANCE_BAND`, swap below minus it, else place two.
    Otherwise keep unless the score is below zero.
    """
    if not may_place_two:
        return Choice.KEEP if score >= 0 else Choice.SWAP
    if score > BALANCE_BAND:
        return Choice.KEEP
    if score < -BALANCE_BAND:
        return Choice.SWAP
    return Choice.PLACE_TWO


def nearest_even(scored: Sequence[tuple[Move, int]]) -> Move:
    """The move of the first (move, score) pair whose score is nearest zero."""
    return min(scored, key=lambda pair: abs(pair[1]))[0]


def static_score(state: GameState) -> int:
    """The static evaluation for the side to move (search/evaluation.py)."""
    from .search.board import Board
    from .search.evaluation import evaluate

    return evaluate(Board.from_state(state))


def loses_at_once(state: GameState) -> bool:
    """True when the side to move has a five or a win by continuous fours (VCF) in `state`.

    A search that runs out of its `VCF_NODES` counts as a win found (so
    "False" is sure within the search's depth).
    """
    if state.is_over:
        return state.winner is not None
    from .search.board import Board
    from .search.budget import Budget, OutOfTime
    from .search.threats import ThreatSearch

    board = Board.from_state(state)
    try:
        return ThreatSearch(board, Budget(node_limit=VCF_NODES)).vcf(VCF_DEPTH) is not None
    except OutOfTime:
        return True


class OpeningPlayer:
    """Answers an opening's decisions for the computer, reproducibly for a given seed.

    `pool`: the three-stone openings to place under swap and swap2 (default:
    `swap_openings`); `spread`: with a seed, the placement is drawn from this
    many of the most even.
    """

    def __init__(
        self,
        *,
        nodes: int = DEFAULT_NODES,
        seed: int | None = None,
        pool: Sequence[Stones] | None = None,
        spread: int = PLACE_SPREAD,
        even: int = EVEN_SCORE,
    ) -> None:
        self.nodes = nodes
        self.even = even
        self.seed = seed
        self.spread = spread
        self.pool = None if pool is None else [tuple(stones) for stones in pool]
        self._plans: dict[tuple[OpeningRule, int, int], Stones] = {}

    @cached_property
    def _search(self) -> SearchStrategy:
        """The search that scores and plays, made when first needed (importing it is slow)."""
        from .search import SearchStrategy

        return SearchStrategy(seed=self.seed)

    def score(self, state: GameState) -> int:
        """The side to move's score by a search of `nodes` nodes (forced results: +-WIN)."""
        if state.is_over:
            return 0 if state.winner is None else -1_000_000
        self._search.clear()  # the same answer whatever was searched before
        return self._search.analyse(state, Limit(nodes=self.nodes))[0].score

    def fair(self, state: GameState) -> int:
        """The side to move's score measured from even (`even`: white's score at which
        both colours win equally often), so 0 means either colour is as good."""
        from .search import MATE_ZONE

        score = self.score(state)
        if abs(score) >= MATE_ZONE:  # a forced result: no calibration
            return score
        return score - self.even if state.to_move is Player.O else score + self.even

    def best_move(self, state: GameState) -> Move:
        """The search's move in `state`."""
        self._search.clear()
        return self._search.analyse(state, Limit(nodes=self.nodes))[0].move

    def decide(self, opening: Opening) -> Action:
        """The answer to `opening.decision`. ValueError once the opening is over."""
        decision = opening.decision
        if decision is None:
            raise ValueError("the opening is over: there is nothing to decide")
        state = opening.state
        if decision.ask is Ask.PLACE:
            return Place(self._place(opening, decision))
        if decision.ask is Ask.CHOOSE:
            return Choose(self._choose(state, decision))
        if decision.ask is Ask.DECLARE:
            return Declare(self.declare(state, decision.count or SOOSORV_MAX_OFFER))
        if decision.ask is Ask.OFFER:
            return Offer(self.offer(state, decision.count or 1))
        return Pick(self.pick(state, decision.offered))

    # -- placing ------------------------------------------------------------

    def _place(self, opening: Opening, decision: Decision) -> Move:
        state = opening.state
        planned = self._planned(opening, decision)
        if planned is not None:
            return planned
        if opening.rule is OpeningRule.SWAP2 and state.move_count == 3:
            return self.best_move(state)  # white's fourth: nobody swaps before the fifth
        if opening.rule is OpeningRule.SWAP2 and state.move_count == 4:
            return self._even_fifth(state)
        return self._even_square(state, decision.region)

    def _planned(self, opening: Opening, decision: Decision) -> Move | None:
        """A stone of the three-stone opening FIRST places in a row (swap, swap2, Soosõrv)."""
        state = opening.state
        if opening.rule not in (OpeningRule.SWAP, OpeningRule.SWAP2, OpeningRule.SOOSORV8):
            return None
        if decision.person is not Person.FIRST or state.move_count >= 3:
            return None
        key = (opening.rule, state.rules.rows, state.rules.cols)
        plan = self._plans.get(key)
        if plan is None or plan[: state.move_count] != state.history:
            plan = self.place_three(state, self._pool(opening, state))
            self._plans[key] = plan
        return plan[state.move_count]

    def _pool(self, opening: Opening, state: GameState) -> list[Stones]:
        canonical: list[Stones] = list(canonical_openings(state.rules))
        if opening.rule is OpeningRule.SOOSORV8:
            pool = canonical
        else:
            pool = self.pool if self.pool is not None else swap_openings(state.rules)
        fitting = [
            p for p in pool if p[: state.move_count] == state.history and _playable(state, p)
        ]
        return fitting or [p for p in canonical if p[: state.move_count] == state.history]

    def place_three(self, state: GameState, pool: Sequence[Stones]) -> Stones:
        """Of `pool`, a three-stone opening nearest even for white.

        The `SEARCHED_OPENINGS` nearest even by static evaluation are scored
        by the search; with a seed, the answer is drawn from the `spread`
        nearest even of those. ValueError for an empty pool.
        """
        if not pool:
            raise ValueError("no three-stone opening fits on this board")
        after = [_after(state, stones) for stones in pool]
        order = sorted(range(len(pool)), key=lambda i: (abs(static_score(after[i])), i))
        scored = sorted((abs(self.fair(after[i])), i, pool[i]) for i in order[:SEARCHED_OPENINGS])
        if self.seed is None:
            return scored[0][2]
        spread = scored[: min(self.spread, len(scored))]
        return random.Random(self.seed).choice(spread)[2]

    def _even_square(self, state: GameState, region: int | None) -> Move:
        """A square within `region` after which the score is nearest even."""
        ranked = sorted(
            _candidates(state, region), key=lambda m: (abs(static_score(state.play(m))), m)
        )[:RANKED]
        scored = [(m, self.fair(state.play(m))) for m in ranked[:SCORED]]
        return nearest_even(scored)

    def _even_fifth(self, state: GameState) -> Move:
        """swap2: black's fifth, of its best `FIFTH_CHOICES`, that leaves white nearest even."""
        self._search.clear()
        lines = self._search.analyse(state, Limit(nodes=self.nodes), multipv=FIFTH_CHOICES)
        return nearest_even([(line.move, self.fair(state.play(line.move))) for line in lines])

    # -- choosing, declaring, offering, picking --------------------------------

    def _choose(self, state: GameState, decision: Decision) -> Choice:
        score = self.fair(state)
        if Choice.OFFER in decision.choices:  # Taraguchi, black to move
            if score < -BALANCE_BAND:
                return Choice.SWAP
            return Choice.OFFER if score > BALANCE_BAND else Choice.KEEP
        return colour_choice(score, may_place_two=Choice.PLACE_TWO in decision.choices)

    def declare(self, state: GameState, most: int) -> int:
        """Soosõrv: the fifth moves to ask for, more the better black (to move) stands."""
        black = self.fair(state)
        return max(1, min(most, 1 + black // DECLARE_STEP))

    def offer(self, state: GameState, count: int) -> Stones:
        """`count` fifth moves for black, best first, none losing at once, none symmetrical.

        ValueError when the board has fewer such moves.
        """
        ranked = sorted(_candidates(state, None), key=lambda m: (static_score(state.play(m)), m))
        others = [m for m in state.legal_moves() if m not in set(ranked)]
        chosen: list[Move] = []
        for move in distinct(state, ranked + others):
            if not loses_at_once(state.play(move)):
                chosen.append(move)
                if len(chosen) == count:
                    return tuple(chosen)
        raise ValueError(f"fewer than {count} fifth moves to offer")

    def pick(self, state: GameState, offered: Sequence[Move]) -> Move:
        """The offered move after which white (the picker, to move next) scores best."""
        scored = [(self.score(state.play(m)), -i, m) for i, m in enumerate(offered)]
        return max(scored)[2]


def swap_openings(rules: Rules) -> list[Stones]:
    """Three-stone openings to place under swap and swap2, compact and spread out.

    The spread-out ones first: black on the centre, white next to it
    (straight or diagonally), black `FAR_STEPS` away, straight down or
    diagonally up-left (the search scores the compact openings well for
    black at small budgets: a third stone far away evens them out); then the
    four of the 26 canonical openings nearest even by static evaluation.
    Only those that fit on the board.
    """
    middle = Move(rules.rows // 2, rules.cols // 2)
    far: list[Stones] = []
    for second in ((0, 1), (1, 1)):
        for step in FAR_STEPS:
            for dr, dc in ((step, 0), (-step, -step)):
                stones = (
                    middle,
                    Move(middle.row + second[0], middle.col + second[1]),
                    Move(middle.row + dr, middle.col + dc),
                )
                if all(0 <= m.row < rules.rows and 0 <= m.col < rules.cols for m in stones):
                    far.append(stones)
    empty = GameState.new(rules)
    canonical = sorted(
        canonical_openings(rules), key=lambda stones: abs(static_score(_after(empty, stones)))
    )
    return far + list(canonical[: SEARCHED_OPENINGS - len(far)])


def _candidates(state: GameState, region: int | None) -> list[Move]:
    """Squares worth weighing for the side to move: within `region` if it is given, else the
    search's best `RANKED` candidates (never a renju foul)."""
    if region is not None:
        return [m for m in region_squares(state.rules, region) if state.is_legal(m)]
    from .search.board import Board
    from .search.evaluation import ordered_moves

    board = Board.from_state(state)
    return [board.move(sq) for sq in ordered_moves(board, RANKED)]


def _after(state: GameState, stones: Stones) -> GameState:
    for move in stones[state.move_count :]:
        state = state.play(move)
    return state


def _playable(state: GameState, stones: Stones) -> bool:
    position = state
    for move in stones[state.move_count :]:
        if not position.is_legal(move):
            return False
        position = position.play(move)
    return position.to_move is Player.O
