"""Hand-built renju positions from public test suites, with their published answers.

Boards are drawn with X black, O white, . empty and, on an empty point, the
published verdict for black there: 3 double three, 4 double four, 6 overline
(mintaka's notation); every other empty point is published as allowed.

Sources:
- MINTAKA: junghyun397/mintaka, documents/renju-test-set.md (sections "Board:
  basic-forbid, pseudo-forbid, complex-forbid, recursive-forbid" and the
  one-line strips of "double-four-forbid" and "overline-forbid") and
  documents/renju.md (the README's examples: single-line, nested,
  multiple-nested, recursive). The boards are the "after" boards of each pair.
- RENJU_RULES: the npm package renju-rules (eemapel/renju-rules), test/*.pos:
  ``D`` marks the one point the file is about (dt-*: double three, df-*:
  double four); the df-corner files have 14 rows, padded here to 15 with an
  empty row on the side away from the corner.
- GOGUI: Remi-Coulom/gogui, test/junit/src/net/sf/gogui/gomoku/RenjuPatternTest.java,
  the cases that assert a renju verdict (GoPoint.get(x, y) read as column x, row y).
"""

from __future__ import annotations

from dataclasses import dataclass

from tictac_tui.engine import Foul

MARKS = {"3": Foul.DOUBLE_THREE, "4": Foul.DOUBLE_FOUR, "6": Foul.OVERLINE}


@dataclass(frozen=True)
class Case:
    """A position (rows of X, O, ., and verdict marks) and where it comes from."""

    name: str
    source: str
    rows: tuple[str, ...]
    only_marked: bool = False
    """True when the source speaks only of its marked points (the others are not asserted)."""
    note: str = ""
    """Where our verdict differs from the source's, why (from the rules' text)."""


def board(text: str, size: int = 15) -> tuple[str, ...]:
    """Rows of a mintaka-style diagram ("12 . . X O . 12"); unlisted rows are empty.

    Row labels count from the bottom (15 at the top on a 15-line board).
    """
    rows = ["." * size for _ in range(size)]
    for line in text.strip().splitlines():
        parts = line.split()
        label, cells = int(parts[0]), parts[1:-1]
        assert len(cells) == size, line
        rows[size - label] = "".join(cells)
    return tuple(rows)


MINTAKA = "junghyun397/mintaka documents/renju-test-set.md"
MINTAKA_README = "junghyun397/mintaka documents/renju.md"

MINTAKA_BOARDS = [
    Case(
        "basic-forbid",
        MINTAKA,
        board("""
14 . . . . 4 . . . . . . . . . . 14
13 . . . . X . . . . . . . . . . 13
12 . . X . X . . . . . . . . . . 12
11 . X . . X . . . . . . . . . . 11
10 X . . . O . . . . . . . . . . 10
 8 . . . X X 6 X X X . . . . . . 8
 5 . . . . . . . . . . . . 3 . . 5
 4 . X . . . . . . . . . X X . . 4
 3 . X . X . . . . . . X . X . . 3
 2 . . . X . . . . . . . . . . . 2
"""),
    ),
    Case(
        "pseudo-forbid 1 (also the README's double-four pseudo forbidden move)",
        MINTAKA,
        board("""
11 . . . . . . . O . . . . . . . 11
10 . . . . . O . . . . . . . . . 10
 9 . . . . . X X . . . . . . . . 9
 8 . . . . . . O X O . . . . . . 8
 7 . . . . . . O X O . . . . . . 7
 6 . . . . . . . . X X X O . . . 6
"""),
    ),
    Case(
        "pseudo-forbid 2",
        MINTAKA,
        board("""
11 . . . . O . . . . . . . . . . 11
10 . . . . . X . . . . . . . . . 10
 9 . . . . . . X O O X . . . . . 9
 8 . . . . . . . X X . . . . . . 8
 7 . . . . . X . O O . . . . . . 7
 6 . . . . O X X . O X . . . . . 6
 5 . . . . . O . O . X . . . . . 5
"""),
    ),
    Case(
        "pseudo-forbid 3",
        MINTAKA,
        board("""
12 . . . . O . . . . . . . . . . 12
11 . . . . . O . . . . . . . . . 11
10 . . . . . X O . O X . . . . . 10
 9 . . . . . . X . X . . . . . . 9
 8 . . . . . . . X O X . . . . . 8
 7 . . . . . X O X O X O . . . . 7
 6 . . . . . X . . . O . . . . . 6
 5 . . . . . O . . . . . . . . . 5
"""),
    ),
    Case(
        "pseudo-forbid 4",
        MINTAKA,
        board("""
12 . . . . . O . . . . . . . . . 12
11 . . . . . X O . O . . . . . . 11
10 . . . . . . X . X . O . . . . 10
 9 . . . . O . O X . . . . . . . 9
 8 . . . . . X O X O . . . . . . 8
 7 . . . . . X . 3 X . . . . . . 7
"""),
    ),
    Case(
        "pseudo-forbid 5 (also the README's nested forbidden move)",
        MINTAKA,
        board("""
11 . . . O . . O . . . . . . . . 11
10 . . . . X . . X . O . . . . . 10
 9 . . . . O X O X X . . . . . . 9
 8 . . . . . . X X 3 . . . . . . 8
 7 . . . . . . O O X X . . . . . 7
 6 . . . . . X . . . . . . . . . 6
 5 . . . . O X . . . . . . . . . 5
 4 . . . . . O . . . . . . . . . 4
"""),
    ),
    Case(
        "pseudo-forbid 6",
        MINTAKA,
        board("""
11 . . . O . . O . . . . . . . . 11
10 . . . . X . 3 X 3 O . . . . . 10
 9 . . . . O X O X X . . . . . . 9
 8 . . . . . . X X 3 . O . . . . 8
 7 . . . . . . O O X X . . . . . 7
 6 . . . . . X O . . . . . . . . 6
 5 . . . . O X . . . . . . . . . 5
 4 . . . . . O . . . . . . . . . 4
"""),
    ),
    Case(
        "pseudo-forbid 7",
        MINTAKA,
        board("""
12 . . . . . . . O . . . . . . . 12
11 . . . . . . . X . . . . . . . 11
10 . . . . . O . X . . . . . . . 10
 9 . . . . . X O X O . . . . . . 9
 8 . . . . 3 X . X . O . . . . . 8
 7 . . O X X X X O X . . . . . . 7
 6 . . . . 3 X . O . O . . . . . 6
 5 . . . . X O O . . . . . . . . 5
 4 . . . O . . . . . . . . . . . 4
"""),
    ),
    Case(
        "complex-forbid",
        MINTAKA,
        board("""
15 . . . . . . . . . . . . . . O 15
11 . . . . X . X . . . . . . . . 11
10 . . . . . . . . . X . . . . . 10
 9 . . . . . . 4 . . . . . . . . 9
 8 . . . . 3 . X X 3 . . . . . . 8
 7 . . . . X . 3 . X X . 3 . . . 7
 6 . . . . X . X . X . 3 . . . . 6
 5 . . . . . . . 3 4 X X X . . . 5
 4 . . . . . . . . X . . . . . . 4
"""),
    ),
    Case(
        "recursive-forbid (also the README's recursive forbidden moves)",
        MINTAKA,
        board("""
10 . . . . . . O O . . . . . . . 10
 9 . . . . . 3 X X 3 . . . . . . 9
 8 . . . . O X X X X O . . . . . 8
 7 . . . . O X X X X O . . . . . 7
 6 . . . . . 3 X X 3 . . . . . . 6
 5 . . . . . . O O . . . . . . . 5
"""),
    ),
    Case(
        "single-line forbidden moves",
        MINTAKA_README,
        board("""
14 . . . . X . X 4 X . X . . . . 14
12 . . . . O O O O O O O . . . . 12
10 . . . . X . X X 4 . X . . . . 10
 8 . . . . O O O O O O O . . . . 8
 6 . . . . X X . X 4 . X X . . . 6
 4 . . . . O O O O O O O . . . . 4
 2 . . X . X . X X . . X X . X . 2
"""),
    ),
    Case(
        "multiple-nested forbidden moves",
        MINTAKA_README,
        board("""
12 . . . . . . . X . . . . . . . 12
11 . . . . . . . . . . . . X . . 11
10 . . . . . O . . . 3 . . O X . 10
 9 . . O X . . X O X X X O X . . 9
 8 . . . X O O . X O 3 . . . . . 8
 7 . O . . X X 3 . . X 3 . . . . 7
 6 . . . . . . X . . . X X O . . 6
 5 . . . . O . . . . . . . . . . 5
"""),
    ),
]

MINTAKA_STRIPS = [
    # (line with the published verdicts on its empty points); each line is a whole
    # board line, its ends the board's edges.
    "...X.XX4.X...",
    "...X.4XX.X...",
    "...XXX.4.XXX...",
    "...XX.4X.XX...",
    "...X.X4X.X...",
    "...X.X4X4X.X...",
    "...X.X4X4X4X4X4X.X...",
    "...XXX..X.XX...",
    "...X.X.X.XX...",
    "...XXX6XX...",
    "...X6XXXX...",
    "...X.XXX6XXX...",
    "...OXXXX6X...",
]

RENJU_RULES = "eemapel/renju-rules test/"

RENJU_RULES_FILES = [
    Case(
        "dt-random-001.pos",
        RENJU_RULES,
        (
            "...............",
            "...............",
            "...............",
            "...............",
            ".......X.......",
            ".......X.......",
            "...............",
            "....XX.3.......",
            *["..............."] * 7,
        ),
        only_marked=True,
    ),
    Case(
        "dt-random-002.pos",
        RENJU_RULES,
        (
            "...............",
            "...............",
            "...............",
            "...............",
            ".........X.....",
            "........X......",
            "...............",
            "...XX.3........",
            *["..............."] * 7,
        ),
        only_marked=True,
    ),
    Case(
        "df-corner-ne-1.pos",
        RENJU_RULES,
        (
            "...........XXX4",
            "..............X",
            "..............X",
            "..............X",
            *["..............."] * 11,
        ),
        only_marked=True,
    ),
    Case(
        "df-corner-se-1.pos",
        RENJU_RULES,
        (
            *["..............."] * 11,
            "..............X",
            "..............X",
            "..............X",
            "...........XXX4",
        ),
        only_marked=True,
    ),
    Case(
        "df-corner-sw-1.pos",
        RENJU_RULES,
        (
            *["..............."] * 11,
            "X..............",
            "X..............",
            "X..............",
            "4XXX...........",
        ),
        only_marked=True,
    ),
]

GOGUI = "Remi-Coulom/gogui RenjuPatternTest.java"


def points(
    size: int,
    black: list[tuple[int, int]],
    white: list[tuple[int, int]],
    at: tuple[int, int],
    mark: str,
) -> tuple[str, ...]:
    """A board from GoGui (x, y) points; `mark` ("3", "4", "6" or ".") at the point `at`."""
    grid = [["."] * size for _ in range(size)]
    for x, y in black:
        grid[y][x] = "X"
    for x, y in white:
        grid[y][x] = "O"
    grid[at[1]][at[0]] = mark if mark != "." else "?"
    return tuple("".join(row) for row in grid)


DOUBLE_FOUR_BLACK = [(6, 6), (6, 5), (6, 3), (5, 4), (4, 4), (7, 4)]
OPEN_THREES_BLACK = [(2, 2), (5, 2), (3, 3), (3, 4)]

GOGUI_CASES = [
    Case("testIsDoubleFourTrue", GOGUI, points(19, DOUBLE_FOUR_BLACK, [], (6, 4), "4"), True),
    Case(
        "testIsDoubleFourFalse",
        GOGUI,
        points(19, DOUBLE_FOUR_BLACK, [(6, 2), (6, 7), (3, 4), (8, 4)], (6, 4), "."),
        True,
    ),
    Case("testIsDoubleOpenThree", GOGUI, points(11, OPEN_THREES_BLACK, [], (3, 2), "3"), True),
    Case(
        "testIsDoubleOpenThreeFalse",
        GOGUI,
        points(11, OPEN_THREES_BLACK, [(3, 5)], (3, 2), "."),
        True,
    ),
    Case(
        "testIsDoubleFourAligned",
        GOGUI,
        points(10, [(1, 0), (2, 0), (4, 0), (7, 0), (8, 0)], [(0, 0), (9, 0)], (5, 0), "4"),
        True,
    ),
    Case(
        "testIsDoubleFourAligned2",
        GOGUI,
        points(10, [(1, 0), (3, 0), (5, 0), (7, 0)], [(0, 0), (9, 0)], (4, 0), "4"),
        True,
    ),
    Case(
        "testIsForbiddenMove",
        GOGUI,
        points(15, [(4, 5), (3, 3), (5, 3), (4, 2)], [], (4, 3), "3"),
        True,
    ),
    Case(
        "testIsNotForbidden (four-three)",
        GOGUI,
        points(11, [(1, 4), (5, 4), (6, 4), (8, 4), (5, 5), (3, 3)], [], (4, 4), "."),
        True,
    ),
    Case(
        "testIsNotForbidden2 (six in a row is no four)",
        GOGUI,
        points(
            11,
            [(2, 2), (3, 3), (4, 4), (7, 7), (6, 4), (6, 3), (6, 2)],
            [(1, 1), (6, 1)],
            (6, 6),
            ".",
        ),
        True,
    ),
    Case(
        "testIsNotForbidden3",
        GOGUI,
        points(
            11,
            [(2, 3), (2, 4), (3, 5), (4, 3), (4, 4), (5, 5), (6, 4), (6, 3)],
            [
                (1, 8),
                (2, 7),
                (3, 6),
                (1, 3),
                (2, 1),
                (3, 3),
                (3, 4),
                (5, 3),
                (5, 4),
                (6, 1),
                (7, 3),
            ],
            (4, 5),
            "3",
        ),
        True,
        note=(
            "GoGui asserts this point allowed; it is a double three. On the point's row "
            "(.X*X.) and column (XX* with two empty squares each side) black makes two "
            "threes, and each has a legal straight-four point: the column's at the empty "
            "point above (nothing else crosses it), the row's at its right end, where the "
            "stone makes a four (the row) and a three (its column): four-three, allowed. "
            "RIF's 'double-three' (two threes meeting in the point) applies. The Piskvork "
            "judge (PyPI renju) agrees with us."
        ),
    ),
    Case(
        "testStopRecursivity",
        GOGUI,
        points(
            7,
            [
                (2, 1),
                (3, 1),
                (4, 1),
                (2, 5),
                (3, 5),
                (4, 5),
                (1, 2),
                (1, 3),
                (1, 4),
                (5, 2),
                (5, 3),
                (5, 4),
            ],
            [(1, 0), (0, 1), (5, 0), (0, 5), (1, 6), (6, 1), (6, 5), (5, 6)],
            (1, 1),
            "4",
        ),
        True,
        note=(
            "GoGui asserts this point allowed (the test is about ending its recursion); it "
            "is a double four. The point makes XXXX on its row (white at the left end, the "
            "right end empty) and on its column (white above, empty below): two fours, each "
            "one stone short of an exact five. RIF's fours need not be open: 'a row with "
            "four stones to which you can add one more stone to attain five'. The Piskvork "
            "judge (PyPI renju) agrees with us."
        ),
    ),
]
"""GoGui cases; "?" marks a point the source asserts allowed (only that point is asserted)."""
