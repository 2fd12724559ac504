"""Exact values of small m,n,k positions: negamax with alpha-beta on bitboards.

- Scores count the squares left: a win that leaves ``e`` empty squares is
  worth ``e + 1`` to the winner and ``-(e + 1)`` to the loser, a draw 0. So
  the best play wins as fast as possible and loses as slowly as possible, and
  a score depends on the position alone (safe to store in a table).
- Forced moves: win now if possible; with one opposing win-in-one, block it
  (the only move searched); with two or more, the position is lost.
- Bounds before searching: without a win now the best reachable score is a
  draw or ``E - 2`` (a win next turn), the worst ``-(E - 1)``; a side whose
  every k-window holds an opposing stone can't win at all.
- Win / draw / loss is settled first with a narrow window, then the exact
  distance, which keeps drawn boards cheap.
- A transposition table keyed by the least image of the position under the
  board's symmetries (8 on a square board, 4 on a rectangle). The images are
  kept incrementally, one OR per symmetry per move; boards of at most
  `MAX_SQUARES` squares look the least image up from the bitboards instead
  (`symmetry_keys.LeastImages`) and keep no images while searching. Each entry holds a
  lower and an upper bound of the exact score (equal once it is exact), so
  searches with different windows refine one entry instead of replacing it.
  A position is looked up before anything else is worked out: only a
  position searched to its end is stored, so the bounds already hold.
- Boards of at most `MAX_SQUARES` squares look the wins up: per set of one
  side's stones, the squares that complete one of its lines and whether any
  line is still free of them (`win_tables`, 2 ** squares entries each).

Serves the boards `solvable` accepts: every board of at most 16 squares
(any k, exact or not), any board with k <= 2, and k = 3 on boards of at most
36 squares with at least 3 rows and 3 columns (quick first-player wins; a
move takes at most about a second). Longer lines on bigger boards (5x5 k4,
4x6 k4, 1x26 k3, gomoku) do not finish in seconds and are refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from operator import or_
from typing import NamedTuple

from ..engine import GameState, Geometry, Rule, Rules, geometry
from .symmetry_keys import LeastImages, SymmetryKeys

MAX_SQUARES = 16
"""Largest board (rows x cols) the solver serves whatever k is."""

LIMITS = (
    f"it serves boards of at most {MAX_SQUARES} squares, any board with k up to 2, "
    "and k = 3 on boards of at most 36 squares with at least 3 rows and 3 columns"
)


def solvable(rules: Rules) -> bool:
    """Whether the solver finishes this board quickly (see the module docstring).

    Freestyle and exact rules only: its win test knows no renju or caro.
    """
    if rules.rule not in (Rule.FREESTYLE, Rule.EXACT):
        return False
    if rules.squares <= MAX_SQUARES or rules.k <= 2:
        return True
    return rules.k == 3 and rules.squares <= 36 and min(rules.rows, rules.cols) >= 3


def unsolvable_message(rules: Rules) -> str:
    """Why `rules` is refused."""
    return f"perfect play can't finish {rules.describe()}: {LIMITS}"


def win_tables(geo: Geometry) -> tuple[list[int], list[bool]]:
    """Per stone set s of one side (an int below 2 ** size): the squares outside s
    that would complete a k-window with s (in every mode: exact rules still check
    each one), and whether some k-window holds none of s (the other side can still
    make a line).

    Built in order of s from s without its lowest stone: only the windows
    through that stone change.
    """
    through = [geo.windows_through(i) for i in range(geo.size)]
    index = {w: n for n, w in enumerate(geo.windows)}
    hit = [sum(1 << index[w] for w in through[i]) for i in range(geo.size)]
    count = 1 << geo.size
    wins = [0] * count
    free = [0] * count  # the windows holding none of s, one bit each
    free[0] = (1 << len(geo.windows)) - 1
    for s in range(1, count):
        low = s & -s
        i = low.bit_length() - 1
        prev = s ^ low
        free[s] = free[prev] & ~hit[i]
        squares = wins[prev]
        for w in through[i]:
            left = w & ~s
            if left and not left & (left - 1):
                squares |= left
        wins[s] = squares & ~s
    return wins, [bool(f) for f in free]


class Node(NamedTuple):
    """A position for the solver: side to move's stones first, with its symmetry keys."""

    me: int
    opp: int
    empties: int
    keys: tuple[int, ...]
    colour: int
    """0 when X is to move, 1 when O is."""


class Solver:
    """Exact values of positions on one small board, with a shared table."""

    def __init__(self, geo: Geometry, *, any_size: bool = False) -> None:
        """`any_size`: take a board `solvable` refuses too (tests and benchmarks wait for it)."""
        if not any_size and not solvable(geo.rules):
            raise ValueError(unsolvable_message(geo.rules))
        self.geo = geo
        self.size = geo.size
        self.need = geo.k - 1
        self.exact = geo.exact
        self.windows = geo.windows
        self.nodes = 0
        # position key -> (lower bound, upper bound) of its exact score; equal when exact.
        self.table: dict[int, tuple[int, int]] = {}
        # (position key, depth) -> chance a fallible opponent errs (see traps.py).
        self.trap_chances: dict[tuple[int, int], float] = {}
        order = sorted(range(geo.size), key=lambda i: (-len(geo.windows_through(i)), i))
        self.order: tuple[tuple[int, int], ...] = tuple((i, 1 << i) for i in order)
        # images[colour][i]: per symmetry, the key bit of a stone of that colour on square i.
        self.full = (1 << self.size) - 1
        # Small boards (see `win_tables`): per stone set, win squares and "a line is free".
        self.win_squares: list[int] | None = None
        self.line_free: list[bool] = []
        if self.size <= MAX_SQUARES:
            self.win_squares, self.line_free = win_tables(geo)
        self.images = tuple(
            tuple(
                tuple(1 << (perm[i] + colour * self.size) for perm in geo.symmetries)
                for i in range(self.size)
            )
            for colour in (0, 1)
        )
        self.symmetry_keys = SymmetryKeys(self.images, self.size)
        # Small boards: the key looked up from the bitboards (`_search` then keeps no images).
        self.least_images: LeastImages | None = None
        if self.size <= MAX_SQUARES:
            self.least_images = LeastImages(geo.symmetries, self.size)

    def keys(self, x: int, o: int) -> tuple[int, ...]:
        """The encodings of (x | o << size) under every symmetry; their minimum is the key."""
        return self.symmetry_keys.keys(x, o)

    def node(self, me: int, opp: int) -> Node:
        """The position with `me` (the side to move) and `opp` stones, as a Node."""
        empties = self.size - (me | opp).bit_count()
        colour = (self.size - empties) % 2
        x, o = (me, opp) if colour == 0 else (opp, me)
        return Node(me, opp, empties, self.keys(x, o), colour)

    def child(self, node: Node, index: int) -> Node:
        """The Node after the side to move plays square `index`."""
        keys = tuple(map(or_, node.keys, self.images[node.colour][index]))
        return Node(node.opp, node.me | 1 << index, node.empties - 1, keys, 1 - node.colour)

    def value(self, me: int, opp: int) -> int:
        """Exact score of the position for the side to move (`me` holds its stones)."""
        return self.node_value(self.node(me, opp))

    def at_least(self, me: int, opp: int, bound: int) -> bool:
        """Whether the side to move scores `bound` or more (a null-window test)."""
        return self.node_at_least(self.node(me, opp), bound)

    def node_value(self, node: Node) -> int:
        """Exact score of a Node for its side to move (its keys are not read on a board
        with `least_images`: they may be empty there)."""
        me, opp, empties, keys, colour = node
        if self.least_images is not None:
            keys = ()  # `_search` looks the keys up
        # Win, draw or loss first (a narrow window is cheap), then the exact distance.
        score = self._search(me, opp, empties, -1, 1, keys, colour)
        if score >= 1:
            return self._search(me, opp, empties, 0, self.size + 1, keys, colour)
        if score <= -1:
            return self._search(me, opp, empties, -self.size - 1, 0, keys, colour)
        return 0

    def node_at_least(self, node: Node, bound: int) -> bool:
        """Whether a Node's side to move scores `bound` or more (keys as for `node_value`)."""
        me, opp, empties, keys, colour = node
        if self.least_images is not None:
            keys = ()  # `_search` looks the keys up
        return self._search(me, opp, empties, bound - 1, bound, keys, colour) >= bound

    def ending_score(self, node: Node, index: int) -> int | None:
        """If playing `index` ends the game, the mover's final score; else None."""
        if self.geo.wins_at(node.me | 1 << index, index):
            return node.empties
        return 0 if node.empties == 1 else None

    def free_squares(self, node: Node) -> list[int]:
        """Empty squares of a Node, in index order."""
        occupied = node.me | node.opp
        return [i for i in range(self.size) if not occupied >> i & 1]

    def _wins(self, me: int, opp: int) -> tuple[int, int, bool, bool]:
        """Squares where each side wins at once, and whether each can still win at all."""
        if self.win_squares is not None:
            free = self.full & ~(me | opp)
            win_me = self.win_squares[me] & free
            win_opp = self.win_squares[opp] & free
            live_me, live_opp = self.line_free[opp], self.line_free[me]
            if self.exact:
                win_me = self._exact_only(me, win_me)
                win_opp = self._exact_only(opp, win_opp)
            return win_me, win_opp, live_me, live_opp
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
        least = self.least_images
        if least is not None:  # `least.key` written out (the hot path); `keys` is ()
            x, o = (me, opp) if colour == 0 else (opp, me)
            base, first, second, tied = least[o]
            key = least.key(x, o) if tied else base | first[x & 0xFF] | second[x >> 8]
        else:
            key = min(keys)
        table = self.table
        entry = table.get(key)
        if entry is not None:
            lower, upper = entry
            if lower >= beta or lower == upper:
                return lower  # a bound above the window, or the exact score
            if upper <= alpha:
                return upper
        win_squares = self.win_squares
        if win_squares is not None and not self.exact:
            # `_wins` written out for the boards with win tables (the hot path).
            free = self.full & ~(me | opp)
            if win_squares[me] & free:
                return empties
            win_opp = win_squares[opp] & free
            live_me, live_opp = self.line_free[opp], self.line_free[me]
        else:
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
        lower, upper = (low, high) if entry is None else entry
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        if lower > alpha:
            alpha = lower
        if upper < beta:
            beta = upper
        window_alpha, window_beta = alpha, beta
        best = -self.size - 1
        moves: Iterable[tuple[int, int]] = self.order
        if win_opp:  # one threat: the block is the only move searched
            moves = ((win_opp.bit_length() - 1, win_opp),)
        occupied = me | opp
        images = self.images[colour]
        other = 1 - colour
        search = self._search
        for i, b in moves:
            if occupied & b:
                continue
            score = -search(
                opp,
                me | b,
                empties - 1,
                -beta,
                -alpha,
                keys if least is not None else tuple(map(or_, keys, images[i])),
                other,
            )
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        # Fail-soft: below the window the result is an upper bound, above it a
        # lower bound, inside it exact. Keep the tighter of old and new bounds.
        if best <= window_alpha:
            upper = min(upper, best)
        elif best >= window_beta:
            lower = max(lower, best)
        else:
            lower = upper = best
        table[key] = (lower, upper)
        return best


@cache
def solver_for(rules: Rules) -> Solver:
    """The shared solver (and table) of a board."""
    return Solver(geometry(rules))


def sides(state: GameState) -> tuple[int, int]:
    """(side to move's stones, the other side's stones)."""
    x, o = state.bitboards
    return (x, o) if state.move_count % 2 == 0 else (o, x)


def game_value(state: GameState) -> int:
    """Exact score of `state` for the side to move (positive: it wins)."""
    if state.is_over:
        if state.winner is None:
            return 0
        return -(state.rules.squares - state.move_count + 1)
    return solver_for(state.rules).value(*sides(state))
