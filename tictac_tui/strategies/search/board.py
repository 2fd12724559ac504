"""The search's mutable board: make/unmake with incrementally updated patterns.

Squares live in a flat list padded with `WALL` squares on every side, so a
walk along any line from a board square stays inside the list. Square
(row, col) is ``(row + pad) * width + col + pad``; the four line directions
are the offsets ``1, width, width + 1, width - 1``.

The board keeps one code per line of the padded grid (two bits a square,
as in a segment code), so the segment of a square in a direction (see
`patterns`) is a shift and a mask of its line's code; for every empty square
and direction it keeps the pattern vector contribution that segment gives
both sides. Placing or removing a stone changes only the ``2R``
squares around it on each of the four lines, so `make` and `unmake` update
those and nothing else, and only the empty ones: a stone's own square keeps
what it had when the stone was placed, which is right again once the stones
placed after it are taken back (moves are undone last-in first-out), and
nothing reads an occupied square's state meanwhile. `make` records what it
changed (and the squares it made candidates), and `unmake` puts that back
rather than working it out again.

- ``comb[sq]``: a `Comb`, read by its slot names (``comb[sq][B_CLASS]``,
  `patterns.B_CLASS` to `W_ORDER`): each side's class, score, value and
  order key; scores order moves, values feed the evaluation;
- ``threats[side][cls]``: the empty squares of each class from `THREE` up,
  so "does white have a five?" is ``threats[WHITE][FIVE]``;
- ``total[side]``: the sum of that side's values over the empty squares,
  the raw material of the evaluation;
- ``candidates``: empty squares within two steps of a stone;
- ``hash``: a Zobrist hash of the stones and the side to move.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

from ...engine import GameState, Move, Rule, Rules
from ...engine.geometry import geometry
from ...engine.renju import forbidden_at
from .patterns import (
    B_CLASS,
    B_VALUE,
    BLACK,
    CLASS_SLOT,
    EMPTY,
    FIVE,
    FLEX4,
    FOUL_RISK,
    THREE,
    W_CLASS,
    W_VALUE,
    WALL,
    WHITE,
    Comb,
    plain_caches,
    position,
    reach,
    tables,
    vector_table,
    window_table,
)

NEAR = 2
"""Candidate moves lie within this many steps (king moves) of a stone."""
FOUL_KEY = 0x5DEECE66D
"""Mixed into the keys of remembered foul verdicts."""
FOULS_KEPT = 200_000
"""Most foul verdicts remembered (forgotten all at once beyond)."""
ZOBRIST_SEED = 0x60B0C0
"""Fixed seed of the Zobrist keys, so hashes (and searches) are reproducible."""


@cache
def _zobrist(size: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    rng = random.Random(ZOBRIST_SEED)
    black = tuple(rng.getrandbits(64) for _ in range(size))
    white = tuple(rng.getrandbits(64) for _ in range(size))
    return (), black, white


def _segment_keys(cells: list[int], step: int, radius: int) -> list[int]:
    """Segment codes of every square for one direction, by a sliding window.

    Walking a chain of squares ``t, t + step, ...`` (the flat list wraps
    rows, which the padding makes harmless for board squares), the window of
    2R + 1 codes shifts by one field per step; the centre field is cut out.
    Squares before or after the list count as walls.
    """
    size = len(cells)
    keys = [0] * size
    low = (1 << (2 * radius)) - 1
    top = 4 * radius
    for start in range(step):
        chain = range(start, size, step)
        codes = [WALL] * radius + [cells[t] for t in chain] + [WALL] * (radius + 1)
        window = 0
        for j in range(2 * radius + 1):
            window |= codes[j] << (2 * j)
        for i, t in enumerate(chain):
            keys[t] = (window & low) | ((window >> (2 * radius + 2)) << (2 * radius))
            window = (window >> 2) | (codes[i + 2 * radius + 1] << top)
    return keys


Change = tuple[int, int, int, int, Comb]
"""What a stone changed of one neighbour: (index in pats, square, old contribution,
old pattern vector, old square entry)."""
Undo = tuple[int, int, list[Change]]
"""What `unmake` restores of one stone: both totals before it, and its changes."""


class _Lines(NamedTuple):
    """Where each square sits on the board's lines (see `Board.codes`)."""

    around: tuple[tuple[tuple[int, int, tuple[tuple[int, int, int], ...]], ...], ...]
    """Per square: for each direction, (its line's index, its field shift on that line,
    and for each board square within R along it: (square, index in pats, window shift))."""
    start: tuple[int, ...]
    """The line codes of the empty board (walls where the padding is)."""
    mask: int
    """Keeps the 2R + 1 fields of a window."""


@cache
def _line_layout(rules: Rules) -> _Lines:
    """The padded grid's lines in the four directions, and where every square sits on them.

    A line's code has two bits per square (as in a segment code), the line's
    first square in the lowest field; a square's window (its 2R + 1 squares
    along the line, centre included) is ``(code >> shift) & mask``.
    """
    board = Board.__new__(Board)
    board._layout_sizes(rules)
    radius, width, size, pad = board.radius, board.width, board.size, board.pad
    height = size // width
    on_board = set(board.squares)

    def place(d: int, row: int, col: int) -> tuple[int, int]:
        # (line number within direction d, position along it)
        if d == 0:
            return row, col
        if d == 1:
            return col, row
        if d == 2:
            return row - col + width - 1, row
        return row + col, row

    counts = (height, width, height + width - 1, height + width - 1)
    first = [0, counts[0], counts[0] + counts[1], counts[0] + counts[1] + counts[2]]
    start = [0] * sum(counts)
    for sq in range(size):
        row, col = divmod(sq, width)
        if rules.rows + pad > row >= pad and rules.cols + pad > col >= pad:
            continue
        for d in range(4):
            line, at = place(d, row, col)
            start[first[d] + line] |= WALL << (2 * at)
    around: list[tuple[tuple[int, int, tuple[tuple[int, int, int], ...]], ...]] = []
    for sq in range(size):
        row, col = divmod(sq, width)
        if sq not in on_board:
            around.append(())
            continue
        entries = []
        for d, step in enumerate(board.offsets):
            line, at = place(d, row, col)
            near = []
            for j in range(-radius, radius + 1):
                t = sq + j * step
                if j and t in on_board:
                    near.append((t, d * size + t, 2 * (at + j - radius)))
            entries.append((first[d] + line, 2 * at, tuple(near)))
        around.append(tuple(entries))
    return _Lines(tuple(around), tuple(start), (1 << (2 * (2 * radius + 1))) - 1)


class _Empty(NamedTuple):
    """The incremental state of an empty board, copied by every new Board."""

    codes: tuple[int, ...]
    pats: tuple[int, ...]
    vecs: tuple[int, ...]
    comb: tuple[Comb, ...]
    threats: tuple[tuple[tuple[int, ...], ...], ...]  # [side - 1][class] -> squares
    total: tuple[int, ...]


@cache
def _empty_board(rules: Rules) -> _Empty:
    """Keys, patterns, vectors, square tables, threat sets and totals of the empty board."""
    board = Board.__new__(Board)
    board._layout(rules)
    size, cells, lines, cell_table = board.size, board.cells, board.vectors, board.cells_table
    keys: list[int] = []
    for step in board.offsets:
        keys.extend(_segment_keys(cells, step, board.radius))
    pats = [lines[key] for key in keys]
    vecs = [0] * size
    for d in range(4):
        base = d * size
        for sq in range(size):
            vecs[sq] += pats[base + sq]
    comb = [cell_table[v] for v in vecs]
    threats: list[list[int]] = [[] for _ in range(16)]
    total = [0, 0, 0]
    for sq in board.squares:
        cm = comb[sq]
        total[BLACK] += cm[B_VALUE]
        total[WHITE] += cm[W_VALUE]
        if cm[B_CLASS] >= THREE:
            threats[cm[B_CLASS]].append(sq)
        if cm[W_CLASS] >= THREE:
            threats[8 + cm[W_CLASS]].append(sq)
    return _Empty(
        _line_layout(rules).start,
        tuple(pats),
        tuple(vecs),
        tuple(comb),
        (tuple(tuple(t) for t in threats[:8]), tuple(tuple(t) for t in threats[8:])),
        tuple(total),
    )


class Board:
    """A position for the search. Build with `from_state`; play with `make`/`unmake`."""

    def __init__(self, rules: Rules) -> None:
        self._layout(rules)
        empty = _empty_board(rules)
        self.codes = list(empty.codes)
        """The code of every line of the padded grid, by direction (see `_line_layout`)."""
        self.pats, self.vecs = list(empty.pats), list(empty.vecs)
        self.comb: list[Comb] = list(empty.comb)
        self.threats: list[list[set[int]]] = [
            [],
            *([set(t) for t in side] for side in empty.threats),
        ]
        self.total = list(empty.total)
        size = self.size
        self.candidates: set[int] = set()
        self.zobrist = _zobrist(size)
        self.hash = 0
        self.side = BLACK
        self.stack: list[int] = []
        self.undo: list[Undo] = []
        self.added: list[list[int]] = []
        """The squares each stone on the stack made candidates (first the stone's own if it
        was one), for `unmake`."""
        """One record per stone on the stack, for `unmake` (see `_lines`)."""
        self.bits = [0, 0, 0]
        """Bitboards of the stones by side (engine layout: bit ``row * cols + col``)."""
        self._fouls: dict[int, bool] = {}

    def _layout_sizes(self, rules: Rules) -> None:
        """Sizes, offsets, the squares and the empty cells of a board for `rules`."""
        self.rules = rules
        self.k, self.exact = rules.k, rules.exact
        self.renju = rules.rule is Rule.RENJU
        radius = self.radius = reach(rules.k, rules.rule)
        pad = self.pad = max(radius, NEAR)
        width = self.width = rules.cols + 2 * pad
        size = self.size = width * (rules.rows + 2 * pad)
        self.offsets = (1, width, width + 1, width - 1)
        cells = [WALL] * size
        self.squares: tuple[int, ...] = tuple(
            self.square(r, c) for r in range(rules.rows) for c in range(rules.cols)
        )
        for sq in self.squares:
            cells[sq] = EMPTY
        self.cells = cells

    def _layout(self, rules: Rules) -> None:
        """`_layout_sizes`, the pattern tables and the update tables of a board for `rules`."""
        self._layout_sizes(rules)
        size, width, pad, radius = self.size, self.width, self.pad, self.radius
        self.lines, self.cells_table = tables(rules.k, rules.rule)
        self.vectors = vector_table(rules.k, rules.rule)
        self.geometry = geometry(rules)
        self.bit = [0] * size
        """The engine bitboard bit of each board square (0 off the board)."""
        for sq in self.squares:
            row, col = divmod(sq, width)
            self.bit[sq] = 1 << ((row - pad) * rules.cols + col - pad)
        layout = _line_layout(rules)
        self.around = layout.around
        self.window_mask = layout.mask
        self.windows = window_table(rules.k, rules.rule)
        self.window_cache, self.comb_cache = plain_caches(rules.k, rules.rule)
        # neighbour_shifts[d]: (delta, field shift) of each square within R along direction d.
        self.neighbour_shifts = tuple(
            tuple((j * step, 2 * position(j, radius)) for j in range(-radius, radius + 1) if j)
            for step in self.offsets
        )
        self.near_deltas = tuple(
            dr * width + dc
            for dr in range(-NEAR, NEAR + 1)
            for dc in range(-NEAR, NEAR + 1)
            if dr or dc
        )

    @classmethod
    def from_state(cls, state: GameState) -> Board:
        """The board of a GameState, with the same side to move."""
        board = cls(state.rules)
        x, o = state.bitboards
        cols = state.rules.cols
        blacks = [i for i in range(state.rules.squares) if x >> i & 1]
        whites = [i for i in range(state.rules.squares) if o >> i & 1]
        for i in blacks:
            board.side = BLACK
            board.make(board.square(i // cols, i % cols))
        for i in whites:
            board.side = WHITE
            board.make(board.square(i // cols, i % cols))
        board.side = BLACK if len(blacks) == len(whites) else WHITE
        board.stack.clear()
        board.undo.clear()
        board.added.clear()
        return board

    def square(self, row: int, col: int) -> int:
        """The flat index of (row, col)."""
        return (row + self.pad) * self.width + col + self.pad

    def move(self, sq: int) -> Move:
        """The engine Move of a flat index."""
        row, col = divmod(sq, self.width)
        return Move(row - self.pad, col - self.pad)

    @property
    def count(self) -> int:
        """Stones placed since `from_state` (the search depth from the root)."""
        return len(self.stack)

    def make(self, sq: int) -> None:
        """Place a stone of the side to move on empty square `sq`, and pass the turn."""
        side = self.side
        self.cells[sq] = side
        cm = self.comb[sq]
        total = self.total
        total[BLACK] -= cm[B_VALUE]
        total[WHITE] -= cm[W_VALUE]
        if cm[B_CLASS] >= THREE:
            self.threats[BLACK][cm[B_CLASS]].discard(sq)
        if cm[W_CLASS] >= THREE:
            self.threats[WHITE][cm[W_CLASS]].discard(sq)
        self.undo.append(self._lines(sq, side))
        cells, cand = self.cells, self.candidates
        added = [sq] if sq in cand else []  # first: whether `sq` was a candidate
        for delta in self.near_deltas:
            t = sq + delta
            if not cells[t] and t not in cand:
                cand.add(t)
                added.append(t)
        cand.discard(sq)
        self.added.append(added)
        self.hash ^= self.zobrist[side][sq]
        self.bits[side] ^= self.bit[sq]
        self.stack.append(sq)
        self.side = 3 - side

    def unmake(self) -> None:
        """Take back the last `make`."""
        sq = self.stack.pop()
        side = self.cells[sq]
        self.side = side
        self.cells[sq] = EMPTY
        self._restore(sq, side, self.undo.pop())
        cm = self.comb[sq]
        total = self.total
        total[BLACK] += cm[B_VALUE]
        total[WHITE] += cm[W_VALUE]
        if cm[B_CLASS] >= THREE:
            self.threats[BLACK][cm[B_CLASS]].add(sq)
        if cm[W_CLASS] >= THREE:
            self.threats[WHITE][cm[W_CLASS]].add(sq)
        added = self.added.pop()
        cand = self.candidates
        cand.difference_update(added)
        if added and added[0] == sq:
            cand.add(sq)
        self.hash ^= self.zobrist[side][sq]
        self.bits[side] ^= self.bit[sq]

    def _lines(self, sq: int, side: int) -> Undo:
        """Add `side`'s stone at `sq` to its four lines and update what changed around it.

        The hot loop of the search. Occupied squares are skipped (see the
        module docstring). Returns the record `_restore` takes back.
        """
        cells, codes, pats, vecs, comb = self.cells, self.codes, self.pats, self.vecs, self.comb
        windows, cell_table, mask = self.window_cache, self.comb_cache, self.window_mask
        black_threats, white_threats = self.threats[BLACK], self.threats[WHITE]
        total = self.total
        tb, tw = total[BLACK], total[WHITE]
        changes: list[Change] = []
        for line, shift, near in self.around[sq]:
            code = codes[line] + (side << shift)
            codes[line] = code
            for t, i, at in near:
                if cells[t]:
                    continue
                window = (code >> at) & mask
                try:
                    lv = windows[window]
                except KeyError:
                    lv = windows[window] = self.windows[window]
                old = pats[i]
                if lv == old:
                    continue
                pats[i] = lv
                was_vec = vecs[t]
                vec = was_vec + lv - old
                vecs[t] = vec
                try:
                    new = cell_table[vec]
                except KeyError:
                    new = cell_table[vec] = self.cells_table[vec]
                was = comb[t]
                comb[t] = new
                changes.append((i, t, old, was_vec, was))
                tb += new[4] - was[4]
                tw += new[5] - was[5]
                if new[0] != was[0]:
                    if was[0] >= THREE:
                        black_threats[was[0]].discard(t)
                    if new[0] >= THREE:
                        black_threats[new[0]].add(t)
                if new[2] != was[2]:
                    if was[2] >= THREE:
                        white_threats[was[2]].discard(t)
                    if new[2] >= THREE:
                        white_threats[new[2]].add(t)
        undo = (total[BLACK], total[WHITE], changes)
        total[BLACK] = tb
        total[WHITE] = tw
        return undo

    def _restore(self, sq: int, side: int, undo: Undo) -> None:
        """Take back `_lines`: the line codes, the totals and the recorded changes."""
        pats, vecs, comb, codes = self.pats, self.vecs, self.comb, self.codes
        black_threats, white_threats = self.threats[BLACK], self.threats[WHITE]
        for line, shift, _ in self.around[sq]:
            codes[line] -= side << shift
        total = self.total
        total[BLACK], total[WHITE], changes = undo
        for i, t, old, was_vec, was in changes:
            pats[i] = old
            vecs[t] = was_vec
            new = comb[t]
            comb[t] = was
            if new[0] != was[0]:
                if new[0] >= THREE:
                    black_threats[new[0]].discard(t)
                if was[0] >= THREE:
                    black_threats[was[0]].add(t)
            if new[2] != was[2]:
                if new[2] >= THREE:
                    white_threats[new[2]].discard(t)
                if was[2] >= THREE:
                    white_threats[was[2]].add(t)

    def segment_key(self, d: int, sq: int) -> int:
        """The segment code (see `patterns`) of square `sq` in direction `d`, centre cut out."""
        line, shift, _ = self.around[sq][d]
        radius = self.radius
        window = (self.codes[line] >> (shift - 2 * radius)) & self.window_mask
        return (window & ((1 << (2 * radius)) - 1)) | ((window >> (2 * radius + 2)) << (2 * radius))

    def forbidden(self, sq: int) -> bool:
        """Whether black may not play the empty square `sq` (renju's fouls; never otherwise).

        Squares whose patterns rule a foul out (`patterns.foul_risk`) are
        answered at once; the others by the engine's judge
        (`engine.renju.forbidden_at`), remembered per position.
        """
        if not self.renju or not self.comb[sq][FOUL_RISK]:
            return False
        key = self.hash ^ self.zobrist[BLACK][sq] ^ FOUL_KEY
        known = self._fouls.get(key)
        if known is None:
            if len(self._fouls) >= FOULS_KEPT:
                self._fouls.clear()
            bit = self.bit[sq].bit_length() - 1
            known = forbidden_at(self.bits[BLACK], self.bits[WHITE], bit, self.geometry) is not None
            self._fouls[key] = known
        return known

    def playable(self, side: int, squares: Iterable[int]) -> list[int]:
        """`squares` less those `side` may not play (black's renju fouls), in order."""
        if side != BLACK or not self.renju:
            return list(squares)
        return [sq for sq in squares if not self.forbidden(sq)]

    def threat(self, side: int, cls: int) -> set[int]:
        """The squares where `side` can make class `cls`, less those it may not play."""
        found = self.threats[side][cls]
        if side != BLACK or not self.renju or not found:
            return found
        return {sq for sq in found if not self.forbidden(sq)}

    def stoppers(self, target: int, side: int, level: int = FLEX4) -> set[int]:
        """Empty squares where the other side's stone leaves `target` below `level` for `side`.

        `target` itself, and every square on its four lines within R whose
        stone lowers the line pattern enough; read off the tables without
        making a move (a stone can only lower the other side's patterns).
        With the default level these are the squares that stop an open four
        at `target`; with `FOUR3`, those that stop a four-three there.
        """
        other = 3 - side
        slot = CLASS_SLOT[side]
        cells, pats, vectors, cell_table = self.cells, self.pats, self.vectors, self.cells_table
        vec = self.vecs[target]
        out = {target}
        for d, shifts in enumerate(self.neighbour_shifts):
            i = d * self.size + target
            key, old = self.segment_key(d, target), pats[i]
            for delta, shift in shifts:
                sq = target + delta
                if cells[sq] != EMPTY:
                    continue
                if cell_table[vec - old + vectors[key + (other << shift)]][slot] < level:
                    out.add(sq)
        return out

    def cls(self, side: int, sq: int) -> int:
        """The class of square `sq` for `side`."""
        cm = self.comb[sq]
        return cm[B_CLASS] if side == BLACK else cm[W_CLASS]

    def wins_now(self, side: int) -> bool:
        """Whether `side` has a square that completes k in a row."""
        return bool(self.threats[side][FIVE])
