"""Renju's forbidden points for black, on bare bitboards (fast enough for search).

The rules (Renju International Federation; docs/rules.md has the diagrams):

- *five*: exactly five black stones in an unbroken row; *overline*: six or more.
- *four*: a row to which one more black stone makes a five (an exact five:
  a stone that would make six does not count). A *straight four* is four in
  an unbroken row with a five point at both ends.
- *three*: a row to which one more black stone makes a straight four
  without making a five at the same time, **and** that stone is itself
  allowed for black (not a five, double four, overline or double three,
  checked recursively with the new stone on the board).
- Black may not play a point that makes an overline, two or more fours
  (a double four, also in one line: ``X.XXX.X``, ``XX.XX.XX``,
  ``XXX.X.XXX``), or two or more threes (a double three). A point that
  makes an exact five is never forbidden. The edge of the board blocks a
  line as a white stone does. White has no restrictions.

When a point breaks more than one rule the reason given is, in this order,
overline, then double four, then double three (the order of the Piskvork
judge that the PyPI ``renju`` package ports).

Entry points, all on a `Geometry` and two bitboards (bit ``r * cols + c``):

- `forbidden_at(black, white, index, geo) -> Foul | None` for one empty point;
- `forbidden_points(black, white, geo) -> dict[int, Foul]` for every empty point.

A search can call `forbidden_at` for many points of one position: the
position's per-square text is cached for the last (black, white) pair, so
repeated calls cost only the pattern look-ups. The engine is pure: the caches
hold only derived tables.
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import cast

from .geometry import DIRECTIONS, Geometry

WINDOW = 5
"""Squares read on each side of the point, per direction."""

EMPTY, BLACK, BLOCKED = "0", "1", "2"
"""A square in a line: empty, black, or white / off the board."""


class Foul(str, Enum):
    """Why a point is forbidden for black. The string values are the public names."""

    DOUBLE_THREE = "double three"
    DOUBLE_FOUR = "double four"
    OVERLINE = "overline"

    def __str__(self) -> str:
        return self.value


# -- one line through the point ----------------------------------------------


class LineShape:
    """What a black stone on the centre of an 11-square line makes in that line.

    `five`: exactly five through the centre; `overline`: six or more; `fours`:
    the number of distinct fours through the centre (2 for the one-line double
    fours); `three_points`: offsets (-4..4) of the empty squares where one more
    stone makes a straight four through the centre (empty when the line holds no
    three).
    """

    __slots__ = ("five", "fours", "overline", "three_points")

    def __init__(
        self, five: bool, overline: bool, fours: int, three_points: tuple[int, ...]
    ) -> None:
        self.five = five
        self.overline = overline
        self.fours = fours
        self.three_points = three_points


def _run(line: list[str], at: int) -> tuple[int, int]:
    """First and last index of the unbroken black run through `at`."""
    start = end = at
    while start > 0 and line[start - 1] == BLACK:
        start -= 1
    while end < len(line) - 1 and line[end + 1] == BLACK:
        end += 1
    return start, end


def analyse_line(neighbours: tuple[str, ...]) -> LineShape | None:
    """The shape a black centre stone makes with its 10 `neighbours` (5 each side).

    The plain, obviously-correct definition; results are memoised by
    `_shape`. None when the line gives the centre nothing (no five, overline,
    four or three).
    """
    line = [*neighbours[:WINDOW], BLACK, *neighbours[WINDOW:]]
    centre = WINDOW
    start, end = _run(line, centre)
    length = end - start + 1
    # A four is a set of stones one point short of a five; a straight four's
    # two five points complete the same stones, so fours are counted as sets.
    fours: set[frozenset[int]] = set()
    three_points: list[int] = []
    for q in range(1, 2 * WINDOW):
        if line[q] != EMPTY:
            continue
        line[q] = BLACK
        s, e = _run(line, centre)
        if s <= q <= e:
            if e - s + 1 == 5:
                fours.add(frozenset(range(s, e + 1)) - {q})
            elif e - s + 1 == 4 and _straight(line, s, e):
                three_points.append(q - centre)
        line[q] = EMPTY
    if length < 5 and not fours and not three_points:
        return None
    return LineShape(length == 5, length >= 6, len(fours), tuple(three_points))


def _straight(line: list[str], start: int, end: int) -> bool:
    """Whether the run start..end (four stones) has an exact-five point at both ends."""
    return (
        line[start - 1] == EMPTY
        and line[end + 1] == EMPTY
        and line[start - 2] != BLACK
        and line[end + 2] != BLACK
    )


_SHAPES: dict[str, LineShape | None] = {}
"""Memo of `analyse_line`, keyed by the 11-square window (centre empty); at most 3**10 keys."""

_MISSING = object()


def _shape(window: str) -> LineShape | None:
    shape = _SHAPES.get(window, _MISSING)
    if shape is _MISSING:
        shape = _SHAPES[window] = analyse_line(tuple(window[:WINDOW] + window[WINDOW + 1 :]))
    return cast("LineShape | None", shape)


# -- per-board layout ----------------------------------------------------------


class Layout:
    """A board's text layout: the squares framed by 5 blocked squares on every side.

    In the framed text every 11-square window along a line is one slice
    ``text[p - 5 * step : p + 5 * step + 1 : step]``, however near the edge the
    point is. `framed[i]` is square `i`'s position in it, `steps` the four
    directions' steps, and `lines[direction]` each line of 5 or more squares as
    (slice start, slice stop, step, first square, square step), the slice
    taking in the 5 frame squares at both ends.
    """

    __slots__ = ("framed", "lines", "rows", "steps", "width")

    def __init__(self, geo: Geometry) -> None:
        rows, cols = geo.rows, geo.cols
        width = cols + 2 * WINDOW
        self.rows, self.width = rows, width
        self.framed: tuple[int, ...] = tuple(
            (r + WINDOW) * width + c + WINDOW for r in range(rows) for c in range(cols)
        )
        self.steps: tuple[int, ...] = tuple(dr * width + dc for dr, dc in DIRECTIONS)
        self.lines: tuple[tuple[tuple[int, int, int, int, int], ...], ...] = tuple(
            tuple(self._lines(geo, dr, dc)) for dr, dc in DIRECTIONS
        )

    def _lines(self, geo: Geometry, dr: int, dc: int) -> list[tuple[int, int, int, int, int]]:
        rows, cols = geo.rows, geo.cols
        out = []
        for r in range(rows):
            for c in range(cols):
                if 0 <= r - dr < rows and 0 <= c - dc < cols:
                    continue  # not the first square of its line
                length = 0
                while 0 <= r + dr * length < rows and 0 <= c + dc * length < cols:
                    length += 1
                if length < 5:
                    continue  # no five fits: no shape
                step = dr * self.width + dc
                first = self.framed[r * cols + c] - WINDOW * step
                stop = first + step * (length + 2 * WINDOW - 1) + 1
                out.append((first, stop, step, r * cols + c, dr * cols + dc))
        return out

    def text(self, board: str) -> str:
        """The framed text of a plain board text (one character per square)."""
        cols = self.width - 2 * WINDOW
        rows = [board[r * cols : (r + 1) * cols] for r in range(self.rows)]
        edge = BLOCKED * (WINDOW * self.width + WINDOW)
        return edge + (BLOCKED * 2 * WINDOW).join(rows) + edge


@cache
def layout(geo: Geometry) -> Layout:
    """The (cached) renju layout of a board."""
    return Layout(geo)


def board_text(geo: Geometry, black: int, white: int) -> str:
    """One character per square, in index order: "0" empty, "1" black, "2" white.

    Built with C-level conversions: the bitboards read as decimal digit strings
    (black and white never share a bit, so the sum has one digit per square).
    """
    digits = int(format(black, "b")) + 2 * int(format(white, "b"))
    return str(digits).zfill(geo.size)[::-1]


# -- the rule -------------------------------------------------------------------

Shapes = list[LineShape | None]


def _judge(
    text: str, at: int, steps: tuple[int, ...], shapes: Shapes, nested: bool
) -> Foul | bool | None:
    """The foul of a black stone at framed position `at` (empty), given its four line shapes.

    With `nested`, a five also counts against the point (a three's straight
    four must be made "without at the same time a five"), and True is returned
    for it.
    """
    fours = 0
    threes: list[int] = []
    overline = False
    for direction, shape in enumerate(shapes):
        if shape is None:
            continue
        if shape.five:
            return True if nested else None
        overline = overline or shape.overline
        fours += shape.fours
        if shape.three_points:
            threes.append(direction)
    if overline:
        return Foul.OVERLINE
    if fours >= 2:
        return Foul.DOUBLE_FOUR
    if len(threes) >= 2 and _real_threes(text, at, steps, threes, shapes) >= 2:
        return Foul.DOUBLE_THREE
    return None


def _foul(text: str, at: int, steps: tuple[int, ...], nested: bool) -> Foul | bool | None:
    """The foul of a black stone at framed position `at` (empty) of the framed `text`."""
    known = _SHAPES.get
    shapes: Shapes = []
    for step in steps:
        window = text[at - WINDOW * step : at + WINDOW * step + 1 : step]
        shape = known(window, _MISSING)
        shapes.append(_shape(window) if shape is _MISSING else cast(LineShape | None, shape))
    if shapes.count(None) == 4:
        return None
    return _judge(text, at, steps, shapes, nested)


def _real_threes(
    text: str, at: int, steps: tuple[int, ...], threes: list[int], shapes: Shapes
) -> int:
    """How many of the lines in `threes` hold a real three (up to 2).

    A three is real if one of its straight-four points is allowed for black
    with the stone at `at` on the board (checked recursively).
    """
    after = text[:at] + BLACK + text[at + 1 :]
    real = 0
    for direction in threes:
        shape = shapes[direction]
        assert shape is not None
        step = steps[direction]
        if any(not _foul(after, at + q * step, steps, True) for q in shape.three_points):
            real += 1
            if real == 2:
                break
    return real


_last_text: tuple[int, int, Geometry | None, str] = (-1, -1, None, "")


def _text_for(geo: Geometry, black: int, white: int) -> str:
    """The framed text of a position (the last one is kept: searches ask again and again)."""
    global _last_text
    last = _last_text
    if last[0] == black and last[1] == white and last[2] is geo:
        return last[3]
    text = layout(geo).text(board_text(geo, black, white))
    _last_text = (black, white, geo, text)
    return text


def forbidden_at(black: int, white: int, index: int, geo: Geometry) -> Foul | None:
    """Why black may not play the empty square `index`, or None if black may.

    `black` and `white` are bitboards on `geo`'s layout (square (r, c) at bit
    ``r * cols + c``). The rule does not depend on whose turn it is; a point
    that makes an exact five is never forbidden. ValueError if `index` is off
    the board or occupied.
    """
    if not 0 <= index < geo.size or (black | white) >> index & 1:
        raise ValueError(f"square {index} is not an empty square of this board")
    lay = layout(geo)
    found = _foul(_text_for(geo, black, white), lay.framed[index], lay.steps, False)
    return found if isinstance(found, Foul) else None


def forbidden_points(black: int, white: int, geo: Geometry) -> dict[int, Foul]:
    """Every empty square black may not play, with the reason, in index order.

    Reads the board line by line: a line with fewer than two black stones
    gives no shape to any point, only points within 4 squares of a black
    stone of their line are looked up, and only points with two shapes (or one
    overline or one-line double four) are judged.
    """
    text = _text_for(geo, black, white)
    lay = layout(geo)
    found: dict[int, Shapes] = {}
    known = _SHAPES.get
    for direction, lines in enumerate(lay.lines):
        for first, stop, step, square, square_step in lines:
            line = text[first:stop:step]  # the line with 5 frame squares at each end
            if line.count(BLACK) < 2:
                continue
            last = line.rfind(BLACK) + 4
            j = line.find(EMPTY, line.find(BLACK) - 4)
            while 0 <= j <= last:
                window = line[j - WINDOW : j + WINDOW + 1]
                shape = known(window, _MISSING)
                if shape is _MISSING:
                    shape = _shape(window)
                if shape is not None:
                    index = square + (j - WINDOW) * square_step
                    shapes = found.get(index)
                    if shapes is None:
                        shapes = found[index] = [None, None, None, None]
                    shapes[direction] = cast(LineShape, shape)
                j = line.find(EMPTY, j + 1)
    out: dict[int, Foul] = {}
    framed, steps = lay.framed, lay.steps
    for index in sorted(found):
        shapes = found[index]
        if shapes.count(None) == 3:
            single = next(shape for shape in shapes if shape is not None)
            if not (single.overline or single.fours >= 2):
                continue
        foul = _judge(text, framed[index], steps, shapes, False)
        if isinstance(foul, Foul):
            out[index] = foul
    return out
