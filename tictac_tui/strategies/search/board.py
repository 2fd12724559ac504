"""The search's mutable board: make/unmake with incrementally updated patterns.

Squares live in a flat list padded with `WALL` squares on every side, so a
walk along any line from a board square stays inside the list. Square
(row, col) is ``(row + pad) * width + col + pad``; the four line directions
are the offsets ``1, width, width + 1, width - 1``.

The board keeps one code per line of the padded grid (two bits a square,
as in a segment code, after `LEAD` wall fields), so the segment of a square
in a direction (see `patterns`) is a shift and a mask of its line's code; for
every empty square it keeps its pattern vector (the sum of its four
directions' contributions, both sides). Placing or removing a stone changes
only the ``2R`` squares around it on each of the four lines, so `make` and
`unmake` update those and nothing else, and only the empty ones: a stone's
own square keeps what it had when the stone was placed, which is right again
once the stones placed after it are taken back (moves are undone last-in
first-out), and nothing reads an occupied square's state meanwhile. What a
stone changes along one line depends only on the ``4R + 1`` squares around
it there (its *span*), so `make` looks the span's changes up in a shared
`patterns.span_cache` (filled by `patterns.SpanChanges`) and applies them; it
records the spans (the squares it made candidates, and the threat sets'
moves), and `unmake` takes the same changes back. A square's `Comb` is read
off its vector when asked for, so a change costs an addition, and a look-up
only where it may move a square's class (the threat sets follow those) or
its combinations (the totals follow those: `patterns.Combo`).

- ``comb[sq]``: a `Comb`, read by its slot names (``comb[sq][B_CLASS]``,
  `patterns.B_CLASS` to `W_COMBO`): each side's class, score, value,
  order key and combination value; scores order moves, values feed the
  evaluation (see `Combs`);
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
    CellTable,
    Comb,
    Span,
    block_cache,
    needs_count,
    position,
    reach,
    span_cache,
    span_changes,
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
LEAD = 1
"""Wall fields before each line's first square in its code, in multiples of R."""
SPANS_KEPT = 100_000
"""Most spans kept for the boards of one rule (about 320 bytes each; forgotten all at once
beyond; see `patterns.SpanChanges`). A 20-move game at 20,000 nodes a move meets about
4,000."""
BLOCKS_KEPT = 100_000
"""Most `Board.stoppers` segments kept for the boards of one rule (forgotten all at once
beyond), so a long session's memory stays bounded."""


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


Flip = tuple[list[set[int]], int, int, int]
"""One square's move between a side's threat sets: (the side's sets by class (a list), the
square, its class before, its class after), as `make` did it."""
Undo = tuple[int, int, list[Span], frozenset[int], bool, list[Flip]]
"""What `unmake` restores of one stone: both totals before it, its four lines' spans, the
squares it made candidates, whether its own square was one, and the threat sets' moves
(`Flip`) its neighbours made, in order."""
Around = tuple[int, int, int, tuple[int, ...]]
"""Where a square sits on one line: (the line's index, the square's field shift on it, its
span's shift, and the 2R + 1 squares along the line centred on it, by index in the span)."""


class _Lines(NamedTuple):
    """Where each square sits on the board's lines (see `Board.codes`)."""

    around: tuple[tuple[Around, ...], ...]
    """Per square: its `Around` in each direction (nothing for squares off the board)."""
    start: tuple[int, ...]
    """The line codes of the empty board (walls where the padding is, and `LEAD` first)."""
    mask: int
    """Keeps the 2R + 1 fields of a window."""
    span_mask: int
    """Keeps the 4R + 1 fields of a span."""
    near: tuple[frozenset[int], ...]
    """Per square: the board squares within `NEAR` king steps of it."""


@cache
def _line_layout(rules: Rules) -> _Lines:
    """The padded grid's lines in the four directions, and where every square sits on them.

    A line's code has two bits per square (as in a segment code): `LEAD`
    (R) wall fields, then the line's first square; a square's window (its
    2R + 1 squares along the line, centre included) is ``(code >> shift) &
    mask``, its span (4R + 1 squares) likewise, and the lead keeps a span's
    shift from going below 0 near the edge. Beyond a line's last square the
    fields read as empty: only spans of squares next to the padding reach
    them, and no window of a board square does.
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
    lead = LEAD * radius
    start = [sum(WALL << (2 * f) for f in range(lead))] * sum(counts)
    for sq in range(size):
        row, col = divmod(sq, width)
        if rules.rows + pad > row >= pad and rules.cols + pad > col >= pad:
            continue
        for d in range(4):
            line, at = place(d, row, col)
            start[first[d] + line] |= WALL << (2 * (lead + at))
    around: list[tuple[Around, ...]] = []
    for sq in range(size):
        row, col = divmod(sq, width)
        if sq not in on_board:
            around.append(())
            continue
        entries = []
        for d, step in enumerate(board.offsets):
            line, at = place(d, row, col)
            field = lead + at
            along = tuple(sq + j * step for j in range(-radius, radius + 1))
            entries.append((first[d] + line, 2 * field, 2 * (field - 2 * radius), along))
        around.append(tuple(entries))
    deltas = [
        dr * width + dc
        for dr in range(-NEAR, NEAR + 1)
        for dc in range(-NEAR, NEAR + 1)
        if dr or dc
    ]
    near = [
        frozenset(sq + delta for delta in deltas if sq + delta in on_board)
        if sq in on_board
        else frozenset()
        for sq in range(size)
    ]
    return _Lines(
        tuple(around),
        tuple(start),
        (1 << (2 * (2 * radius + 1))) - 1,
        (1 << (2 * (4 * radius + 1))) - 1,
        tuple(near),
    )


class _Empty(NamedTuple):
    """The incremental state of an empty board, copied by every new Board."""

    codes: tuple[int, ...]
    vecs: tuple[int, ...]
    threats: tuple[tuple[tuple[int, ...], ...], ...]  # [side - 1][class] -> squares
    total: tuple[int, ...]


@cache
def _empty_board(rules: Rules) -> _Empty:
    """Line codes, vectors, threat sets and totals of the empty board."""
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
        tuple(vecs),
        (tuple(tuple(t) for t in threats[:8]), tuple(tuple(t) for t in threats[8:])),
        tuple(total),
    )


class Combs:
    """Each square's `Comb`, read off its pattern vector: ``board.comb[sq][B_CLASS]``.

    An occupied square's is the one it had when its stone was placed (see
    the module docstring). Hot readers may read ``cells_table[vecs[sq]]``.
    """

    __slots__ = ("table", "vecs")

    def __init__(self, vecs: list[int], table: CellTable) -> None:
        self.vecs = vecs
        self.table = table

    def __getitem__(self, sq: int) -> Comb:
        return self.table[self.vecs[sq]]


FORCED_BLOCKS = 8
"""Most stones `Board.play_blocks` plays out by default."""


class Board:
    """A position for the search. Build with `from_state`; play with `make`/`unmake`."""

    def __init__(self, rules: Rules) -> None:
        self._layout(rules)
        empty = _empty_board(rules)
        self.codes = list(empty.codes)
        """The code of every line of the padded grid, by direction (see `_line_layout`)."""
        self.vecs = list(empty.vecs)
        """Each empty square's pattern vector (an occupied one's as when it was filled)."""
        self.comb = Combs(self.vecs, self.cells_table)
        self.rich = [needs_count(vec) for vec in self.vecs]
        """Per square, how many of its directions make a pattern some combination needs
        (`patterns.COMBO_NEEDS`, both sides): where none do, an open two's change leaves
        its combinations as they were (none), so `make` reads no table there."""
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
        """One record per stone on the stack, for `unmake`."""
        self.marked: set[int] = set()
        """The candidates and the occupied squares (what a stone can't make a candidate)."""
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
        self.window_mask, self.span_mask = layout.mask, layout.span_mask
        self.windows = window_table(rules.k, rules.rule)
        self.span_changes = span_changes(rules.k, rules.rule)
        self.span_cache = span_cache(rules.k, rules.rule)
        # neighbour_shifts[d]: (delta, field shift) of each square within R along direction d.
        self.neighbour_shifts = tuple(
            tuple((j * step, 2 * position(j, radius)) for j in range(-radius, radius + 1) if j)
            for step in self.offsets
        )
        self.near = layout.near
        self.block_cache = block_cache(rules.k, rules.rule)
        """`_blocks` by segment code and the stone's side (``key | side << block_shift``)."""
        self.block_shift = 4 * radius

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
        """Place a stone of the side to move on empty square `sq`, and pass the turn.

        The hot loop of the search: for each of the four lines, the span's
        changes (see `patterns.SpanChanges`) are added to the empty
        neighbours' vectors and to the totals; for the changes that may alter
        a class or a combination, the threat sets and the totals' combination
        values follow.
        """
        side = self.side
        cells, vecs, table, total = self.cells, self.vecs, self.cells_table, self.total
        rich = self.rich
        cells[sq] = side
        cm = table[vecs[sq]]
        black_threats, white_threats = self.threats[BLACK], self.threats[WHITE]
        if cm[B_CLASS] >= THREE:
            black_threats[cm[B_CLASS]].discard(sq)
        if cm[W_CLASS] >= THREE:
            white_threats[cm[W_CLASS]].discard(sq)
        tb, tw = total[BLACK], total[WHITE]
        record: list[Span] = []
        flips: list[Flip] = []
        cand, marked = self.candidates, self.marked
        fresh = self.near[sq] - marked
        self.undo.append((tb, tw, record, fresh, sq in cand, flips))
        cand |= fresh
        cand.discard(sq)
        marked |= fresh
        marked.add(sq)
        tb -= cm[B_VALUE]
        tw -= cm[W_VALUE]
        codes, spans, mask = self.codes, self.span_cache, self.span_mask
        for line, shift, span_shift, along in self.around[sq]:
            code = codes[line] + (side << shift)
            codes[line] = code
            key = (code >> span_shift) & mask
            try:
                span = spans[key]
            except KeyError:
                span = self._span(key)
            record.append(span)
            db, dw, plain, classed, combined, needed, _, _ = span
            tb += db
            tw += dw
            for at, dv in plain:
                vecs[along[at]] += dv
            for at, dv in combined:
                t = along[at]
                if rich[t]:  # else no combination before or after an open two's change
                    vec = vecs[t]
                    after = vec + dv
                    vecs[t] = after
                    was, new = table[vec], table[after]
                    tb += new[9] - was[9]  # B_COMBO (unmake restores the totals)
                    tw += new[10] - was[10]  # W_COMBO
                else:
                    vecs[t] += dv
            for at, dv, needs in needed:
                t = along[at]
                rich[t] += needs
                vec = vecs[t]
                after = vec + dv
                vecs[t] = after
                was, new = table[vec], table[after]
                tb += new[9] - was[9]  # B_COMBO
                tw += new[10] - was[10]  # W_COMBO
            for at, dv, needs in classed:
                t = along[at]
                rich[t] += needs
                vec = vecs[t]
                was = table[vec]
                vec += dv
                vecs[t] = vec
                new = table[vec]
                # Literal slots and the same lines in `preview`, not a shared helper: a call
                # here costs 3.7% of a fixed-node search's instructions, named slots 1.6%.
                tb += new[9] - was[9]  # B_COMBO (unmake restores the totals)
                tw += new[10] - was[10]  # W_COMBO
                if new[0] != was[0]:  # B_CLASS
                    if was[0] >= THREE:
                        black_threats[was[0]].discard(t)
                    if new[0] >= THREE:
                        black_threats[new[0]].add(t)
                    flips.append((black_threats, t, was[0], new[0]))
                if new[2] != was[2]:  # W_CLASS
                    if was[2] >= THREE:
                        white_threats[was[2]].discard(t)
                    if new[2] >= THREE:
                        white_threats[new[2]].add(t)
                    flips.append((white_threats, t, was[2], new[2]))
        total[BLACK] = tb
        total[WHITE] = tw
        self.hash ^= self.zobrist[side][sq]
        self.bits[side] ^= self.bit[sq]
        self.stack.append(sq)
        self.side = 3 - side

    def preview(self, sq: int) -> tuple[int, int, list[int]]:
        """What `make(sq)` would leave, without making it: both totals, and how many squares
        each threat set would gain or lose (``changes[side * 8 + class]``, classes from
        `THREE` up). `sq` leaves its sets too. The span look-ups are `make`'s, so they fill
        the same cache; nothing else changes.
        """
        side = self.side
        rich = self.rich
        vecs, table, codes, spans, mask = (
            self.vecs,
            self.cells_table,
            self.codes,
            self.span_cache,
            self.span_mask,
        )
        cm = table[vecs[sq]]
        changes = [0] * 24
        if cm[0] >= THREE:  # B_CLASS
            changes[8 + cm[0]] -= 1
        if cm[2] >= THREE:  # W_CLASS
            changes[16 + cm[2]] -= 1
        tb = self.total[BLACK] - cm[B_VALUE]
        tw = self.total[WHITE] - cm[W_VALUE]
        for line, shift, span_shift, along in self.around[sq]:
            key = ((codes[line] + (side << shift)) >> span_shift) & mask
            try:
                span = spans[key]
            except KeyError:
                span = self._span(key)
            tb += span[0]
            tw += span[1]
            for at, dv in span[4]:
                t = along[at]
                if rich[t]:
                    vec = vecs[t]
                    was, new = table[vec], table[vec + dv]
                    tb += new[9] - was[9]  # B_COMBO
                    tw += new[10] - was[10]  # W_COMBO
            for at, dv, _ in span[5]:
                vec = vecs[along[at]]
                was, new = table[vec], table[vec + dv]
                tb += new[9] - was[9]  # B_COMBO
                tw += new[10] - was[10]  # W_COMBO
            for at, dv, _ in span[3]:
                vec = vecs[along[at]]
                was = table[vec]
                new = table[vec + dv]
                tb += new[9] - was[9]  # B_COMBO
                tw += new[10] - was[10]  # W_COMBO
                if new[0] != was[0]:
                    if was[0] >= THREE:
                        changes[8 + was[0]] -= 1
                    if new[0] >= THREE:
                        changes[8 + new[0]] += 1
                if new[2] != was[2]:
                    if was[2] >= THREE:
                        changes[16 + was[2]] -= 1
                    if new[2] >= THREE:
                        changes[16 + new[2]] += 1
        return tb, tw, changes

    def _span(self, key: int) -> Span:
        """A span's changes, worked out and kept (all forgotten beyond `SPANS_KEPT`)."""
        spans = self.span_cache
        if len(spans) >= SPANS_KEPT:
            spans.clear()
        found = spans[key] = self.span_changes(key)
        return found

    def unmake(self) -> None:
        """Take back the last `make`: its changes subtracted, its threat sets' moves
        (`Flip`) reversed, last first, so nothing is read from the pattern tables but the
        stone's own square."""
        sq = self.stack.pop()
        cells, vecs, table, codes = self.cells, self.vecs, self.cells_table, self.codes
        rich = self.rich
        side = cells[sq]
        self.side = side
        cells[sq] = EMPTY
        total = self.total
        total[BLACK], total[WHITE], record, fresh, was_candidate, flips = self.undo.pop()
        for (line, shift, _, along), span in zip(self.around[sq], record):
            codes[line] -= side << shift
            for at, dv in span[6]:  # the plain and open-two changes
                vecs[along[at]] -= dv
            for at, dv, needs in span[7]:  # the classed and closed-three changes
                t = along[at]
                vecs[t] -= dv
                rich[t] -= needs
        for threats, t, was, new in reversed(flips):
            if new >= THREE:
                threats[new].discard(t)
            if was >= THREE:
                threats[was].add(t)
        black_threats, white_threats = self.threats[BLACK], self.threats[WHITE]
        cm = table[vecs[sq]]
        if cm[B_CLASS] >= THREE:
            black_threats[cm[B_CLASS]].add(sq)
        if cm[W_CLASS] >= THREE:
            white_threats[cm[W_CLASS]].add(sq)
        cand, marked = self.candidates, self.marked
        cand -= fresh
        marked -= fresh
        if was_candidate:
            cand.add(sq)
        else:
            marked.discard(sq)
        self.hash ^= self.zobrist[side][sq]
        self.bits[side] ^= self.bit[sq]

    def segment_key(self, d: int, sq: int) -> int:
        """The segment code (see `patterns`) of square `sq` in direction `d`, centre cut out."""
        line, shift, _, _ = self.around[sq][d]
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

    def play_blocks(self, most: int = FORCED_BLOCKS) -> None:
        """Play out forced blocks, at most `most` stones: while the side to move faces one
        five and has none of its own, it blocks (a four, its block, the block of a four that
        makes, ...). Stops too where the block is black's renju foul."""
        for _ in range(most):
            side = self.side
            fives = self.threats[3 - side][FIVE]
            if self.threats[side][FIVE] or len(fives) != 1:
                return
            block = next(iter(fives))
            if side == BLACK and self.forbidden(block):
                return
            self.make(block)

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
        vectors, cell_table, blocks = self.vectors, self.cells_table, self.block_cache
        vec = self.vecs[target]
        out = {target}
        for d, shifts in enumerate(self.neighbour_shifts):
            key = self.segment_key(d, target)
            rest = vec - vectors[key]  # `vec` less this direction's part
            try:
                found = blocks[key | other << self.block_shift]
            except KeyError:
                found = self._blocks(key, other)
            for field, contribution in found:
                if cell_table[rest + contribution][slot] < level:
                    out.add(target + shifts[field][0])
        return out

    def _blocks(self, key: int, other: int) -> tuple[tuple[int, int], ...]:
        """For each empty neighbour of segment code `key` (by its field, the index in
        `neighbour_shifts`): (field, the direction's contribution with `other`'s stone there);
        kept in `block_cache` (all forgotten beyond `BLOCKS_KEPT`)."""
        if len(self.block_cache) >= BLOCKS_KEPT:
            self.block_cache.clear()
        found = tuple(
            (field, self.vectors[key + (other << shift)])
            for field, (_, shift) in enumerate(self.neighbour_shifts[0])
            if (key >> shift) & 3 == EMPTY
        )
        self.block_cache[key | other << self.block_shift] = found
        return found

    def cls(self, side: int, sq: int) -> int:
        """The class of square `sq` for `side`."""
        cm = self.comb[sq]
        return cm[B_CLASS] if side == BLACK else cm[W_CLASS]

    def wins_now(self, side: int) -> bool:
        """Whether `side` has a square that completes k in a row."""
        return bool(self.threats[side][FIVE])
