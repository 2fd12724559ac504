"""Line patterns: what one stone on a square makes along one line, for each side.

A square's *segment* in one direction is the ``2R`` squares around it along
that line (``R = k - 1``, or ``k`` under the exact rule, which must see an
overline). It is encoded as an int, two bits per neighbour (see `encode`):
0 empty, 1 black, 2 white, 3 off the board. `LineTable` maps that code to the
pattern each side would make by playing the centre, computed on first use
and cached, so the search turns a line into a pattern with one dict look-up.

Patterns, by how close the line is to ``k`` in a row after the stone
(named for five in a row, but defined for any k):

- ``F5`` five: the stone completes k in a row (exactly k under the exact rule);
- ``F4`` open four: two or more squares of the segment would then complete it;
- ``B4`` four: exactly one such square;
- ``F3`` / ``B3`` three: one more stone can make an ``F4`` / at best a ``B4``;
- ``F2`` / ``B2``, ``F1`` / ``B1``: the same a step further down;
- ``DEAD``: no k-run through the square is possible in this line.

`CellTable` combines a square's four directions into a *class* (the
threat it makes, `FIVE` down to `NONE`), a *score* used to order moves and a
*value* used to evaluate positions: its lines' values plus those of the
`Combo` its directions make together. Both tables depend only on k and the rule.
"""

from __future__ import annotations

from enum import Enum, IntEnum
from functools import cache
from typing import Final

from ...engine import Rule

DEAD, B1, F1, B2, F2, B3, F3, B4, F4, F5, OVER = range(11)
PATTERN_NAMES = ("DEAD", "B1", "F1", "B2", "F2", "B3", "F3", "B4", "F4", "F5", "OVER")

# Square classes, strongest first: what playing the square threatens.
FIVE = 7  # wins at once
FLEX4 = 6  # an open four or two fours: wins next move unless the opponent has a five
FOUR3 = 5  # a four and an open three together
FOUR = 4  # a four (one square left to complete)
THREE3 = 3  # two open threes
THREE = 2  # one open three
NONE = 0

LINE_VALUE = (0, 2, 4, 8, 24, 30, 120, 160, 900, 20000, 0)
"""Score of one direction's pattern, indexed by pattern."""
EVAL_VALUE = LINE_VALUE
"""Value of one direction's pattern in the evaluation's totals, indexed by pattern."""
CLASS_BONUS = (0, 0, 0, 400, 0, 1500, 5000, 0)
"""Extra score for a square's class (combinations worth more than their parts)."""

_DOWN = (DEAD, DEAD, DEAD, B1, F1, B2, F2, B3, F3, F5, DEAD)
"""The pattern one level weaker: a line that can become `p` with one stone is `_DOWN[p]`."""
MAX_MISSING = 4
"""Lines that need more than this many stones besides the centre's are `B1` or `DEAD`."""

EMPTY, BLACK, WHITE, WALL = 0, 1, 2, 3


class Win(Enum):
    """What a side's run through the centre must be to win (one side of a `Rule`)."""

    LONG = "five or more"
    EXACT = "exactly five"
    CARO = "five or more, an exact five not blocked by the opponent at both ends"


def side_wins(rule: Rule) -> tuple[Win, Win]:
    """(black's, white's) winning test under `rule`."""
    if rule is Rule.EXACT:
        return Win.EXACT, Win.EXACT
    if rule is Rule.RENJU:
        return Win.EXACT, Win.LONG
    if rule is Rule.CARO:
        return Win.CARO, Win.CARO
    return Win.LONG, Win.LONG


def reach(k: int, rule: Rule) -> int:
    """Squares looked at on each side of the centre: k - 1 in freestyle, else k.

    Exact five and renju must see an overline, caro the squares just beyond a five.
    """
    return k - 1 if rule is Rule.FREESTYLE else k


def position(offset: int, radius: int) -> int:
    """Field number (0 .. 2R-1) of the neighbour at `offset` (-R..R, not 0) in a code."""
    return offset + radius if offset < 0 else offset + radius - 1


def encode(codes: list[int], radius: int) -> int:
    """Pack neighbour codes (offsets -R..-1 then 1..R) into a segment code."""
    key = 0
    for field, value in enumerate(codes):
        key |= value << (2 * field)
    return key


class _Line:
    """Pattern analysis of normalised lines: own 1, opponent 2, edge 3, empty 0, centre own.

    The edge is told apart from the opponent only under caro (where it does
    not block a five); elsewhere both are 2.
    """

    def __init__(self, k: int, win: Win, radius: int) -> None:
        self.k = k
        self.win = win
        self.radius = radius
        self.classify = cache(self._classify)

    def _wins(self, line: tuple[int, ...]) -> bool:
        centre = self.radius
        lo = centre
        while lo > 0 and line[lo - 1] == 1:
            lo -= 1
        hi = centre
        while hi < len(line) - 1 and line[hi + 1] == 1:
            hi += 1
        run = hi - lo + 1
        if run < self.k:
            return False
        if self.win is Win.EXACT:
            return run == self.k
        if self.win is Win.CARO and run == self.k:
            return line[lo - 1] != 2 or line[hi + 1] != 2
        return True

    def _overline(self, line: tuple[int, ...]) -> bool:
        """Whether the centre's run is longer than k (under the exact test: no win)."""
        centre = self.radius
        run = 1
        for step in (-1, 1):
            at = centre + step
            while 0 <= at < len(line) and line[at] == 1:
                run += 1
                at += step
        return run > self.k

    def _missing(self, line: tuple[int, ...]) -> int:
        """Fewest stones that could still complete a k-window through the centre."""
        k, centre = self.k, self.radius
        best = k + 1
        for start in range(max(0, centre - k + 1), min(centre, len(line) - k) + 1):
            window = line[start : start + k]
            if 2 in window or 3 in window:
                continue
            best = min(best, window.count(0))
        return best

    def _classify(self, line: tuple[int, ...]) -> int:
        if self._wins(line):
            return F5
        if self.win is Win.EXACT and self._overline(line):
            return OVER
        missing = self._missing(line)
        if missing > self.k:
            return DEAD
        if missing > MAX_MISSING:
            return B1
        empties = [i for i, v in enumerate(line) if v == 0]
        wins = 0
        for e in empties:
            if self._wins(_put(line, e)):
                wins += 1
        if wins >= 2:
            return F4
        if wins == 1:
            return B4
        best = DEAD
        for e in empties:
            child = self.classify(_put(line, e))
            if _DOWN[child] > best:
                best = _DOWN[child]
        return best

    def pattern(self, key: int, colour: int) -> int:
        """The pattern `colour` makes by playing the centre of segment code `key`.

        Walks out from the centre on each side and stops at the first square
        that is not empty or `colour`'s: what lies beyond can't join a line
        through the centre. That normalised line is what gets classified.
        """
        radius = self.radius
        line = [2] * (2 * radius + 1)
        line[radius] = 1
        for step, first_field, field_step in ((-1, radius - 1, -1), (1, radius, 1)):
            field = first_field
            at = radius + step
            for _ in range(radius):
                code = key >> (2 * field) & 3
                if code == EMPTY:
                    line[at] = 0
                elif code == colour:
                    line[at] = 1
                else:
                    if code == WALL and self.win is Win.CARO:
                        line[at] = 3
                    break
                field += field_step
                at += step
        return self.classify(tuple(line))


def _put(line: tuple[int, ...], index: int) -> tuple[int, ...]:
    return (*line[:index], 1, *line[index + 1 :])


class LineTable(dict[int, int]):
    """Segment code -> ``black_pattern | white_pattern << 4``, filled on first use.

    Each side's patterns follow its own winning test under the rule (renju:
    black exactly five, white five or more).
    """

    def __init__(self, k: int, rule: Rule) -> None:
        super().__init__()
        self.radius = reach(k, rule)
        black, white = side_wins(rule)
        self.black = _Line(k, black, self.radius)
        self.white = self.black if white is black else _Line(k, white, self.radius)

    def __missing__(self, key: int) -> int:
        value = self.black.pattern(key, BLACK) | self.white.pattern(key, WHITE) << 4
        self[key] = value
        return value


FIELD_BITS = 3
"""Bits per pattern count in a square's pattern vector."""
SIDE_SHIFT = 36
"""White's pattern vector sits this many bits above black's."""
VECTOR = tuple(
    (1 << (FIELD_BITS * (lp & 15))) | (1 << (SIDE_SHIFT + FIELD_BITS * (lp >> 4)))
    for lp in range(256)
)
"""Pattern-vector contribution of one direction, indexed by its LineTable value."""


class Combo(IntEnum):
    """What a stone on a square makes in two or more directions at once, valued beyond
    the sum of its lines (`COMBO_VALUE`; the Texel fit of bench/texel.py found them)."""

    TWO_AND_CLOSED_THREE = 0
    """An open two and a closed three (no open three, no four)."""
    CLOSED_THREES = 1
    """Two closed threes (no open three, no four)."""
    THREE_AND_TWO = 2
    """One open three, and an open two or a closed three (no four)."""
    FOUR_AND_TWO = 3
    """One four, and an open two or a closed three (no open three)."""
    DOUBLE_THREE = 4
    """Two open threes (no four)."""
    FOUR_THREE = 5
    """A four and an open three."""


COMBO_VALUE = (61, 100, 169, 321, 408, 892)
"""A square's value for each `Combo` its stone would make, added to its lines' `EVAL_VALUE`."""
COMBO_NEEDS = frozenset((B3, F3, B4))
"""Every combination has one of these in some direction: a square with none of them (for
either side) has none, whatever its open twos do (see `Board.rich`)."""


def combos(counts: list[int]) -> list[Combo]:
    """The combinations a stone would make, from its per-pattern direction counts. None
    where it makes an open four or a five (that square's threat is its class)."""
    if counts[F4] or counts[F5]:
        return []
    found = []
    support = counts[F2] + counts[B3]  # an open two or closed three beside a threat
    if not counts[F3] and not counts[B4]:
        if counts[F2] and counts[B3]:
            found.append(Combo.TWO_AND_CLOSED_THREE)
        if counts[B3] >= 2:
            found.append(Combo.CLOSED_THREES)
    elif not counts[B4]:
        if counts[F3] >= 2:
            found.append(Combo.DOUBLE_THREE)
        elif support:
            found.append(Combo.THREE_AND_TWO)
    elif counts[F3]:
        if counts[B4] == 1:
            found.append(Combo.FOUR_THREE)
    elif counts[B4] == 1 and support:
        found.append(Combo.FOUR_AND_TWO)
    return found


def combo_value(counts: list[int]) -> int:
    """The value a square's combinations add (`COMBO_VALUE` of each of its `combos`)."""
    return sum(COMBO_VALUE[combo] for combo in combos(counts))


def classify_counts(counts: list[int]) -> tuple[int, int, int]:
    """(class, score, value) of a square from its per-pattern direction counts.

    The score (line values plus the class bonus) orders moves; the value
    (`EVAL_VALUE` of the lines, no class bonus; `combo_value` is added by `CellTable`) is what
    the square adds to its side's evaluation total, so a threat the opponent can simply
    answer is not counted as a win.
    """
    score = value = 0
    for pattern, n in enumerate(counts):
        score += n * LINE_VALUE[pattern]
        value += n * EVAL_VALUE[pattern]
    if counts[F5]:
        cls = FIVE
    elif counts[F4] or counts[B4] >= 2:
        cls = FLEX4
    elif counts[B4] and counts[F3]:
        cls = FOUR3
    elif counts[B4]:
        cls = FOUR
    elif counts[F3] >= 2:
        cls = THREE3
    elif counts[F3]:
        cls = THREE
    else:
        cls = NONE
    return cls, score + CLASS_BONUS[cls], value


def side_counts(vector: int, side: int) -> list[int]:
    """A side's per-pattern direction counts, read off a square's pattern vector."""
    shift = 0 if side == BLACK else SIDE_SHIFT
    mask = (1 << FIELD_BITS) - 1
    return [vector >> (shift + FIELD_BITS * p) & mask for p in range(len(PATTERN_NAMES))]


@cache
def needs_count(vector: int) -> int:
    """How many directions of a square make a `COMBO_NEEDS` pattern, for both sides together."""
    mask = (1 << FIELD_BITS) - 1
    return sum(
        vector >> (FIELD_BITS * p + shift) & mask for p in COMBO_NEEDS for shift in (0, SIDE_SHIFT)
    )


Comb = tuple[int, int, int, int, int, int, bool, float, float, int, int]
"""A square's classes, scores, values, black's foul risk, order keys and combination
values, read by the slot names below (`B_CLASS` .. `W_COMBO`): see `CellTable`."""
# The slots of a `Comb`: each side's class, score (line values plus the class
# bonus), value (for the evaluation: line values plus combination values) and order
# key; whether a black stone there may be a renju foul; each side's combination value
# (`combo_value`, part of its value). Final, so that each reads as its own type.
B_CLASS: Final = 0
B_SCORE: Final = 1
W_CLASS: Final = 2
W_SCORE: Final = 3
B_VALUE: Final = 4
W_VALUE: Final = 5
FOUL_RISK: Final = 6
B_ORDER: Final = 7
W_ORDER: Final = 8
B_COMBO: Final = 9
W_COMBO: Final = 10
CLASS_SLOT = (-1, B_CLASS, W_CLASS)
"""A side's class slot, by side (`BLACK`, `WHITE`)."""
SCORE_SLOT = (-1, B_SCORE, W_SCORE)
"""A side's score slot, by side."""
DEFENCE_SHARE = 0.8
"""Weight of the opponent's score and combination value on a square in a side's order key
(a square that spoils their shape is worth playing)."""


def foul_risk(counts: list[int], cls: int) -> bool:
    """Whether a black stone with these line patterns may be a renju foul.

    Every foul needs an overline, two fours or two threes, so other squares
    are never forbidden; these may be (the engine's `forbidden_at` decides).
    """
    if counts[OVER] or cls in (THREE3, FLEX4):
        return True
    return cls == FOUR3 and counts[F3] >= 2


class CellTable(dict[int, Comb]):
    """Pattern vector (both sides) -> classes, scores, values, black's foul risk, order keys
    and combination values."""

    def __missing__(self, vector: int) -> Comb:
        black, white = side_counts(vector, BLACK), side_counts(vector, WHITE)
        b_cls, b_score, b_value = classify_counts(black)
        w_cls, w_score, w_value = classify_counts(white)
        b_combo, w_combo = combo_value(black), combo_value(white)
        value = (
            b_cls,
            b_score,
            w_cls,
            w_score,
            b_value + b_combo,
            w_value + w_combo,
            foul_risk(black, b_cls),
            # a side's order key: its score and combination value plus `DEFENCE_SHARE`
            # times the other's
            b_score + b_combo + DEFENCE_SHARE * (w_score + w_combo),
            w_score + w_combo + DEFENCE_SHARE * (b_score + b_combo),
            b_combo,
            w_combo,
        )
        self[vector] = value
        return value


class VectorTable(dict[int, int]):
    """Segment code -> its direction's pattern-vector contribution (`VECTOR` of its patterns)."""

    def __init__(self, lines: LineTable) -> None:
        super().__init__()
        self.lines = lines

    def __missing__(self, key: int) -> int:
        value = VECTOR[self.lines[key]]
        self[key] = value
        return value


@cache
def tables(k: int, rule: Rule) -> tuple[LineTable, CellTable]:
    """The shared (lazily filled) line and square tables for k and the rule."""
    return LineTable(k, rule), CellTable()


@cache
def vector_table(k: int, rule: Rule) -> VectorTable:
    """The shared segment code -> vector contribution table for k and the rule."""
    return VectorTable(tables(k, rule)[0])


class WindowTable(dict[int, int]):
    """Window code (2R + 1 fields, the empty centre's included) -> its vector contribution."""

    def __init__(self, vectors: VectorTable, radius: int) -> None:
        super().__init__()
        self.vectors = vectors
        self.radius = radius

    def __missing__(self, window: int) -> int:
        r2 = 2 * self.radius
        key = (window & ((1 << r2) - 1)) | ((window >> (r2 + 2)) << r2)
        value = self.vectors[key]
        self[window] = value
        return value


@cache
def window_table(k: int, rule: Rule) -> WindowTable:
    """The shared window code -> vector contribution table for k and the rule."""
    return WindowTable(vector_table(k, rule), reach(k, rule))


Changes = tuple[tuple[int, int], ...]
"""Empty neighbours' changes along a span: (index along the span, vector change) each."""
ReadChanges = tuple[tuple[int, int, int], ...]
"""Changes that are read: (index along the span, vector change, change of the square's
`needs_count`) each."""
Span = tuple[int, int, Changes, ReadChanges, Changes, ReadChanges, Changes, ReadChanges]
"""What a stone changes along one line: (black's total, white's total, and the changes
of the empty neighbours whose pattern changes, in four lists by what they may alter:
nothing read; a class (`CLASS_PATTERNS`); only a combination, through an open two
(`F2`); only a combination, through a closed three (`B3`, one of `COMBO_NEEDS`); then
for taking them back, which reads nothing: the first and the third lists together, and
the second and the fourth, whose squares' `needs_count` changes). See `SpanChanges`."""
CLASS_PATTERNS = frozenset((F3, B4, F4, F5))
"""The patterns a square's class is read from (`classify_counts`): a direction's change
between two others leaves that side's class as it was."""


class SpanChanges:
    """What a stone changes for its empty neighbours along one line, by its span code.

    A span is the ``4R + 1`` squares around a stone just placed along one
    line, two bits each as in a window code (the stone in the centre field
    ``2R``): it holds the window of every neighbour within R, so it fixes
    each one's pattern before and after the stone. Neighbour ``j`` (-R..R)
    has index ``j + R``. Only empty neighbours whose contribution changes are
    listed, in order along the line, in four lists (`Span`): those whose change
    can't alter either side's class or combinations, those whose change may
    alter a class, those that move only open twos (which alter a combination
    only on a square that has what one needs: `COMBO_NEEDS`) and those that
    move closed threes; the totals' changes are those neighbours' line values
    (a single direction makes no combination), summed: the board adds the
    combinations' changes of the last three lists' squares (`B_COMBO`,
    `W_COMBO`) as it reads them.
    Worked out on each call: the board keeps what it meets (there are too many
    spans to keep them all).
    """

    def __init__(self, windows: WindowTable, cells: CellTable, radius: int) -> None:
        self.windows = windows
        self.cells = cells
        self.radius = radius
        self.mask = (1 << (2 * (2 * radius + 1))) - 1

    def __call__(self, span: int) -> Span:
        radius, windows, cells = self.radius, self.windows, self.cells
        side = (span >> (4 * radius)) & 3
        black = white = 0
        plain: list[tuple[int, int]] = []
        classed: list[tuple[int, int, int]] = []
        combined: list[tuple[int, int]] = []
        needed: list[tuple[int, int, int]] = []
        for j in range(-radius, radius + 1):
            field = 2 * radius + j
            if not j or (span >> (2 * field)) & 3 != EMPTY:
                continue
            after = (span >> (2 * (field - radius))) & self.mask
            before = after - (side << (2 * (radius - j)))  # the stone taken out of its window
            new, old = windows[after], windows[before]
            if new != old:
                change = _pair(j + radius, new - old)
                moved = {*_patterns(new)} ^ {*_patterns(old)}  # (side, pattern) in or out
                read = {pattern for _, pattern in moved}
                needs = needs_count(new) - needs_count(old)
                if read & CLASS_PATTERNS:
                    classed.append(_triple(*change, needs))
                elif B3 in read:
                    needed.append(_triple(*change, needs))
                elif F2 in read:
                    combined.append(change)
                else:
                    plain.append(change)
                black += cells[new][B_VALUE] - cells[old][B_VALUE]
                white += cells[new][W_VALUE] - cells[old][W_VALUE]
        back, read_back = (*plain, *combined), (*classed, *needed)
        return (
            black,
            white,
            tuple(plain),
            tuple(classed),
            tuple(combined),
            tuple(needed),
            back,
            read_back,
        )


def _patterns(contribution: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """((BLACK, black's pattern), (WHITE, white's)) of one direction's vector contribution."""
    low = (1 << SIDE_SHIFT) - 1
    black = ((contribution & low).bit_length() - 1) // FIELD_BITS
    white = ((contribution >> SIDE_SHIFT).bit_length() - 1) // FIELD_BITS
    return (BLACK, black), (WHITE, white)


@cache
def _triple(index: int, change: int, needs: int) -> tuple[int, int, int]:
    """One shared tuple per (index, vector change, needs change), as `_pair`."""
    return index, change, needs


@cache
def _pair(index: int, change: int) -> tuple[int, int]:
    """One shared tuple per (index, vector change), so the board's kept spans share them."""
    return index, change


@cache
def span_changes(k: int, rule: Rule) -> SpanChanges:
    """The `SpanChanges` for k and the rule."""
    return SpanChanges(window_table(k, rule), tables(k, rule)[1], reach(k, rule))


@cache
def span_cache(k: int, rule: Rule) -> dict[int, Span]:
    """A plain dict (quicker to read than a subclass) of the spans the boards for k and the
    rule have met."""
    return {}


@cache
def block_cache(k: int, rule: Rule) -> dict[int, tuple[tuple[int, int], ...]]:
    """A plain dict of what one stone on each empty neighbour makes of a segment (see
    `Board.stoppers`), filled by the boards for k and the rule."""
    return {}
