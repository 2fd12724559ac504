"""`perfect`: exact game-theoretic play on small boards (Hard on 3x3 and 4x4).

Negamax with alpha-beta over bare bitboards (see `engine.geometry`), with:

- Scores that count the squares left: a win that leaves ``e`` empty squares
  is worth ``e + 1`` to the winner and ``-(e + 1)`` to the loser, a draw 0.
  So the player wins as fast as possible and loses as slowly as possible, and
  a score depends on the position alone (safe to store in a table).
- Forced moves: win now if possible; with one opposing win-in-one, block it
  (the only move searched); with two or more, the position is lost.
- Distance bounds: without a win now the best reachable score is ``E - 2``,
  and the worst is ``-(E - 1)``, which narrows the window before searching.
- A transposition table keyed by the position under the board's symmetries
  (8 on a square board, 4 on a rectangle) that records whether each stored
  value is exact, a lower bound or an upper bound.

Choosing a move: every move of the best value is optimal; among them it
prefers the one that leaves the opponent the largest share of replies that
are mistakes (then the largest total cost of those mistakes), so a fallible
opponent goes wrong as often as the position allows. Remaining ties go to
the seeded random generator. ``tiebreak="random"`` picks uniformly among the
optimal moves instead (the baseline the tests compare against).

Limits: it serves every board of at most 16 squares (any k, exact or not) and
refuses larger ones (`supports`); the exhaustive solve of 4x4 with k=4, the
hardest of them, takes well under a second. See docs/benchmarks.md.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache
from operator import or_

from ..engine import GameState, Geometry, Move, Rules, geometry
from .base import require_playable

MAX_SQUARES = 16
"""Largest board (rows x cols) the solver serves."""

EXACT, LOWER, UPPER = 0, 1, 2
TIEBREAKS = ("traps", "random")


class Solver:
    """Exact values of positions on one small board, with a shared table."""

    def __init__(self, geo: Geometry) -> None:
        if geo.size > MAX_SQUARES:
            raise ValueError(
                f"perfect play is limited to boards of at most {MAX_SQUARES} squares; "
                f"{geo.rules.describe()} has {geo.size}"
            )
        self.geo = geo
        self.size = geo.size
        self.need = geo.k - 1
        self.exact = geo.exact
        self.windows = geo.windows
        self.nodes = 0
        self.table: dict[int, tuple[int, int]] = {}
        # (position key, depth) -> chance a fallible opponent errs (see _trap_chance).
        self.trap_chances: dict[tuple[int, int], float] = {}
        order = sorted(range(geo.size), key=lambda i: (-len(geo.windows_through(i)), i))
        self.order: tuple[tuple[int, int], ...] = tuple((i, 1 << i) for i in order)
        # images[colour][i]: per symmetry, the key bit of a stone of that colour on square i.
        self.images = tuple(
            tuple(
                tuple(1 << (perm[i] + colour * self.size) for perm in geo.symmetries)
                for i in range(self.size)
            )
            for colour in (0, 1)
        )

    def keys(self, x: int, o: int) -> tuple[int, ...]:
        """The encodings of (x | o << size) under every symmetry; their minimum is the key."""
        keys = [0] * len(self.geo.symmetries)
        for colour, bits in ((0, x), (1, o)):
            images = self.images[colour]
            while bits:
                low = bits & -bits
                bits ^= low
                keys = list(map(or_, keys, images[low.bit_length() - 1]))
        return tuple(keys)

    def value(self, me: int, opp: int) -> int:
        """Exact score of the position for the side to move (`me` holds its stones)."""
        empties = self.size - (me | opp).bit_count()
        colour = (self.size - empties) % 2
        x, o = (me, opp) if colour == 0 else (opp, me)
        keys = self.keys(x, o)
        # Win, draw or loss first (a narrow window is cheap), then the exact distance.
        score = self._search(me, opp, empties, -1, 1, keys, colour)
        if score >= 1:
            return self._search(me, opp, empties, 0, self.size + 1, keys, colour)
        if score <= -1:
            return self._search(me, opp, empties, -self.size - 1, 0, keys, colour)
        return 0

    def at_least(self, me: int, opp: int, bound: int) -> bool:
        """Whether the side to move scores `bound` or more (a null-window test)."""
        empties = self.size - (me | opp).bit_count()
        colour = (self.size - empties) % 2
        x, o = (me, opp) if colour == 0 else (opp, me)
        return self._search(me, opp, empties, bound - 1, bound, self.keys(x, o), colour) >= bound

    def _wins(self, me: int, opp: int) -> tuple[int, int, bool, bool]:
        """Squares where each side wins at once, and whether each can still win at all."""
        need = self.need
        win_me = win_opp = 0
        live_me = live_opp = False
        for w in self.windows:
            mine = me & w
            theirs = opp & w
            if not theirs:
                live_me = True
                if mine.bit_count() == need:
                    win_me |= w ^ mine
            if not mine:
                live_opp = True
                if theirs.bit_count() == need:
                    win_opp |= w ^ theirs
        if self.exact:
            win_me = self._exact_only(me, win_me)
            win_opp = self._exact_only(opp, win_opp)
        return win_me, win_opp, live_me, live_opp

    def _exact_only(self, bits: int, squares: int) -> int:
        wins_at = self.geo.wins_at
        out = 0
        for i, b in self.order:
            if squares & b and wins_at(bits | b, i):
                out |= b
        return out

    def _search(
        self,
        me: int,
        opp: int,
        empties: int,
        alpha: int,
        beta: int,
        keys: tuple[int, ...],
        colour: int,
    ) -> int:
        self.nodes += 1
        if empties == 0:
            return 0
        win_me, win_opp, live_me, live_opp = self._wins(me, opp)
        if win_me:
            return empties
        if win_opp & (win_opp - 1):
            return -(empties - 1)  # two threats: block one, lose to the other
        # Without a win now, the best is a draw or a win next turn; the worst a loss next turn.
        high = max(empties - 2, 0) if live_me else 0
        low = -(empties - 1) if live_opp else 0
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
        key = min(keys)
        entry = self.table.get(key)
        if entry is not None:
            flag, stored = entry
            if flag == EXACT:
                return stored
            if flag == LOWER:
                if stored >= beta:
                    return stored
                if stored > alpha:
                    alpha = stored
            elif stored <= alpha:
                return stored
            elif stored < beta:
                beta = stored
        original_alpha = alpha
        best = -self.size - 1
        occupied = me | opp
        images = self.images[colour]
        other = 1 - colour
        for i, b in self.order:
            if occupied & b or (win_opp and not win_opp & b):
                continue
            child_keys = tuple(map(or_, keys, images[i]))
            score = -self._search(opp, me | b, empties - 1, -beta, -alpha, child_keys, other)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if best <= original_alpha:
            self.table[key] = (UPPER, best)
        elif best >= beta:
            self.table[key] = (LOWER, best)
        else:
            self.table[key] = (EXACT, best)
        return best


@cache
def solver_for(rules: Rules) -> Solver:
    """The shared solver (and table) of a board."""
    return Solver(geometry(rules))


class PerfectStrategy:
    """Never loses a position that can be held; wins fastest, loses slowest."""

    name = "perfect"

    def __init__(self, *, seed: int | None = None, tiebreak: str = "traps") -> None:
        if tiebreak not in TIEBREAKS:
            raise ValueError(f"tiebreak must be one of {', '.join(TIEBREAKS)}, got {tiebreak!r}")
        self._rng = random.Random(seed)
        self._tiebreak = tiebreak
        self._choices: dict[tuple[Rules, int, int], tuple[Move, ...]] = {}

    @staticmethod
    def supports(rules: Rules) -> bool:
        """Boards of at most 16 squares."""
        return rules.squares <= MAX_SQUARES

    def choose(self, state: GameState) -> Move:
        """An optimal move, preferring ones that set the opponent the most traps."""
        require_playable(state)
        if not self.supports(state.rules):
            raise ValueError(
                f"perfect play is limited to boards of at most {MAX_SQUARES} squares; "
                f"{state.rules.describe()} has {state.rules.squares}"
            )
        x, o = state.bitboards
        key = (state.rules, x, o)
        options = self._choices.get(key)
        if options is None:
            options = self.best_moves(state)
            self._choices[key] = options
        return self._rng.choice(options)

    def move_values(self, state: GameState) -> dict[Move, int]:
        """The exact score of each legal move for the side to move."""
        solver = solver_for(state.rules)
        me, opp = _sides(state)
        geo = state.geometry
        return {
            m: -solver.value(opp, me | 1 << geo.index(m))
            if not (after := state.play(m)).is_over
            else _final_score(after)
            for m in state.legal_moves()
        }

    def best_moves(self, state: GameState) -> tuple[Move, ...]:
        """The moves `choose` picks among: optimal, then the best traps for the opponent."""
        require_playable(state)
        solver = solver_for(state.rules)
        me, opp = _sides(state)
        target = solver.value(me, opp)
        classes = _symmetry_classes(state, solver)
        optimal = _optimal(state, solver, target, set(classes.values()))
        if self._tiebreak == "traps" and len(optimal) > 1:
            depth = trap_depth(state)
            memo = solver.trap_chances
            chances = {
                m: (
                    _trap_chance(state.play(m), target, depth, memo),
                    _blunder_share(state.play(m), target),
                )
                for m in optimal
            }
            top = max(chances.values())
            optimal = [m for m in optimal if chances[m] == top]
        return tuple(m for m in state.legal_moves() if classes[m] in optimal)


def trap_depth(state: GameState) -> int:
    """How many opponent turns ahead the trap count looks: more on emptier small boards."""
    empties = state.rules.squares - state.move_count
    return 3 if empties <= 9 else 1


def _optimal(state: GameState, solver: Solver, target: int, moves: Iterable[Move]) -> list[Move]:
    """The moves among `moves` that keep the side to move's exact score `target`."""
    geo = state.geometry
    me, opp = _sides(state)
    out = []
    for move in moves:
        after = state.play(move)
        if after.is_over:
            good = _final_score(after) == target
        else:
            # Optimal when the opponent scores at most -target afterwards.
            good = not solver.at_least(opp, me | 1 << geo.index(move), 1 - target)
        if good:
            out.append(move)
    return sorted(out)


def plausible_replies(state: GameState) -> tuple[Move, ...]:
    """What a fallible opponent considers: a win now; else a block; else any move."""
    geo = state.geometry
    me, opp = _sides(state)
    legal = state.legal_moves()
    wins = tuple(m for m in legal if geo.wins_at(me | 1 << (i := geo.index(m)), i))
    if wins:
        return wins
    blocks = tuple(m for m in legal if geo.wins_at(opp | 1 << (i := geo.index(m)), i))
    return blocks or legal


def _trap_chance(
    after: GameState, target: int, depth: int, memo: dict[tuple[int, int], float]
) -> float:
    """Chance that a fallible opponent, to move in `after`, errs within `depth` turns.

    The opponent model: half the time a uniformly random legal move, half the
    time a uniformly random `plausible_replies` move. An error is a reply that
    lowers its exact score. After a correct reply we pick the optimal move with
    the best chance, and so on; our exact score stays `target` throughout.
    """
    if after.is_over or depth == 0:
        return 0.0
    solver = solver_for(after.rules)
    key = (min(solver.keys(*after.bitboards)), depth)
    if key in memo:
        return memo[key]
    geo = after.geometry
    them, us = _sides(after)
    legal = after.legal_moves()
    plausible = set(plausible_replies(after))
    chance = 0.0
    for reply in legal:
        weight = 0.5 / len(legal) + (0.5 / len(plausible) if reply in plausible else 0.0)
        child = after.play(reply)
        if child.is_over:
            erred = _final_score(child) < -target
        else:
            erred = solver.at_least(us, them | 1 << geo.index(reply), target + 1)
        if erred:
            chance += weight
        elif depth > 1 and not child.is_over:
            ours = _optimal(child, solver, target, set(_symmetry_classes(child, solver).values()))
            chance += weight * max(
                _trap_chance(child.play(m), target, depth - 1, memo) for m in ours
            )
    memo[key] = chance
    return chance


def _blunder_share(after: GameState, target: int) -> float:
    """Share of all legal replies in `after` that lower the opponent's exact score."""
    if after.is_over:
        return 0.0
    solver = solver_for(after.rules)
    geo = after.geometry
    them, us = _sides(after)
    replies = after.legal_moves()
    mistakes = 0
    for reply in replies:
        child = after.play(reply)
        if child.is_over:
            mistakes += _final_score(child) < -target
        else:
            mistakes += solver.at_least(us, them | 1 << geo.index(reply), target + 1)
    return mistakes / len(replies)


def _symmetry_classes(state: GameState, solver: Solver) -> dict[Move, Move]:
    """For each legal move, the first legal move equal to it under the board's symmetries."""
    first: dict[int, Move] = {}
    out: dict[Move, Move] = {}
    for move in state.legal_moves():
        key = min(solver.keys(*state.play(move).bitboards))
        out[move] = first.setdefault(key, move)
    return out


def _sides(state: GameState) -> tuple[int, int]:
    x, o = state.bitboards
    return (x, o) if state.move_count % 2 == 0 else (o, x)


def _final_score(after: GameState) -> int:
    """Score of a finished game for the player who just moved."""
    if after.winner is None:
        return 0
    return after.rules.squares - after.move_count + 1


def game_value(state: GameState) -> int:
    """Exact score of `state` for the side to move (positive: it wins)."""
    if state.is_over:
        return 0 if state.winner is None else -_final_score(state)
    me, opp = _sides(state)
    return solver_for(state.rules).value(me, opp)
