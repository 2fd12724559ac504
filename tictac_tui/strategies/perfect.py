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
        order = sorted(range(geo.size), key=lambda i: (-len(geo.windows_through(i)), i))
        self.order: tuple[tuple[int, int], ...] = tuple((i, 1 << i) for i in order)
        self._tables = _symmetry_tables(geo)
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
        combined = x | o << self.size
        out = []
        for tables in self._tables:
            mapped = 0
            shift = 0
            for table in tables:
                mapped |= table[combined >> shift & 0xFF]
                shift += 8
            out.append(mapped)
        return tuple(out)

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


def _symmetry_tables(geo: Geometry) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per symmetry, byte lookup tables mapping (me | opp << size) to its image."""
    size = geo.size
    out = []
    for perm in geo.symmetries:
        full = perm + tuple(p + size for p in perm)
        tables = []
        for start in range(0, 2 * size, 8):
            table = []
            for byte in range(256):
                mapped = 0
                for j in range(8):
                    if byte >> j & 1 and start + j < 2 * size:
                        mapped |= 1 << full[start + j]
                table.append(mapped)
            tables.append(tuple(table))
        out.append(tuple(tables))
    return tuple(out)


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
            options = self._best_moves(state)
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

    def _best_moves(self, state: GameState) -> tuple[Move, ...]:
        solver = solver_for(state.rules)
        geo = state.geometry
        me, opp = _sides(state)
        target = solver.value(me, opp)
        children = _distinct_children(state)
        optimal = {}
        for move, after in children.items():
            if after.is_over:
                good = _final_score(after) == target
            else:
                # The move is optimal when the opponent scores at most -target after it.
                good = not solver.at_least(opp, me | 1 << geo.index(move), 1 - target)
            if good:
                optimal[move] = after
        if self._tiebreak == "traps" and len(optimal) > 1:
            shares = {m: self._mistake_share(after, -target) for m, after in optimal.items()}
            top = max(shares.values())
            optimal = {m: a for m, a in optimal.items() if shares[m] == top}
        chosen = set(optimal)
        return tuple(
            m for m in state.legal_moves() if _representative(state, m, children) in chosen
        )

    @staticmethod
    def _mistake_share(after: GameState, value: int) -> float:
        """Share of the replies in `after` that score less than its `value` for the mover."""
        if after.is_over:
            return 1.0
        solver = solver_for(after.rules)
        geo = after.geometry
        them, us = _sides(after)
        replies = after.legal_moves()
        mistakes = 0
        for reply in replies:
            bit = 1 << geo.index(reply)
            final = after.play(reply)
            if final.is_over:
                score = _final_score(final)
            else:
                # The reply keeps `value` when we score at most -value afterwards.
                score = value if not solver.at_least(us, them | bit, 1 - value) else value - 1
            mistakes += score < value
        return mistakes / len(replies)


def _distinct_children(state: GameState) -> dict[Move, GameState]:
    """One child per class of moves equal under the board's symmetries."""
    seen: dict[int, Move] = {}
    out: dict[Move, GameState] = {}
    solver = solver_for(state.rules)
    for move in state.legal_moves():
        after = state.play(move)
        key = min(solver.keys(*after.bitboards))
        if key not in seen:
            seen[key] = move
            out[move] = after
    return out


def _representative(state: GameState, move: Move, children: dict[Move, GameState]) -> Move:
    if move in children:
        return move
    solver = solver_for(state.rules)
    key = min(solver.keys(*state.play(move).bitboards))
    for rep, after in children.items():
        if min(solver.keys(*after.bitboards)) == key:
            return rep
    raise AssertionError("every move has a representative")


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
