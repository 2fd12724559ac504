"""An independent renju judge for differential tests: the PyPI package `renju`.

`renju.check_forbid` is a port of the Piskvork judge (Petr Lastovicka, Tianyi
Hao). Its board is a square list of lists, ``board[a][b]`` with 1 black, 2
white, 0 empty; ``ForbidChecker(board, a, b).foulr(a, b, 0)`` (what
``get_foul_type(board, a, b)`` calls) gives 0 none, 1 double three, 2 double
four, 3 overline for a black stone on the empty point (a, b). Its four line
directions are closed under transposition, so reading ``a`` as our row and
``b`` as our column is as good as the other way round. One checker per
position serves every point (``foulr`` saves and restores the point it looks
at).

Also here: games reached by legal play that make many forbidden points (each
side mostly plays next to its own stones), for the differential test and
bench/forbidden.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from renju import check_forbid
from renju.check_forbid import ForbidChecker

from tictac_tui.engine import Foul, GameState, Geometry, Move, Player, Rules
from tictac_tui.engine.geometry import DIRECTIONS

CODES: dict[Foul | None, int] = {
    None: 0,
    Foul.DOUBLE_THREE: 1,
    Foul.DOUBLE_FOUR: 2,
    Foul.OVERLINE: 3,
}
"""Our reasons as the oracle's numbers."""

RENJU = Rules.gomoku(15, rule="renju")


class LineSaver:
    """Stands in for the `copy` module inside `renju.check_forbid`.

    The judge's `foulr` saves its four `Line`s with `copy.deepcopy` and puts
    them back when it is done. A `Line` is a list of ints and an int, so a new
    `Line` holding a copy of the list is the same value; `copy.deepcopy`'s
    generic walk took about two thirds of the judge's time. Only the saving is
    replaced, never the judging; tests/engine/test_renju.py checks that both
    copies agree and that a `Line` holds nothing else.
    """

    @staticmethod
    def deepcopy(line: ForbidChecker.Line) -> ForbidChecker.Line:
        saved = ForbidChecker.Line()
        saved.x = list(line.x)
        saved.p = line.p
        return saved


check_forbid.copy = LineSaver


def oracle_codes(black: int, white: int, geo: Geometry, points: list[int]) -> dict[int, int]:
    """The oracle's verdict (0-3) for black on each empty square in `points` (square boards)."""
    assert geo.rows == geo.cols, "the oracle reads square boards only"
    size, cols = geo.size, geo.cols
    board = [[0] * cols for _ in range(geo.rows)]
    for i in range(size):
        if black >> i & 1:
            board[i // cols][i % cols] = 1
        elif white >> i & 1:
            board[i // cols][i % cols] = 2
    checker = ForbidChecker(board, 0, 0)
    return {i: checker.foulr(i // cols, i % cols, 0) for i in points}


def line_masks(geo: Geometry) -> list[list[int]]:
    """Per square and direction: the squares up to 4 away on that line (the square excluded)."""
    masks = []
    for index in range(geo.size):
        r, c = divmod(index, geo.cols)
        per_direction = []
        for dr, dc in DIRECTIONS:
            mask = 0
            for step in (-4, -3, -2, -1, 1, 2, 3, 4):
                rr, cc = r + dr * step, c + dc * step
                if 0 <= rr < geo.rows and 0 <= cc < geo.cols:
                    mask |= 1 << (rr * geo.cols + cc)
            per_direction.append(mask)
        masks.append(per_direction)
    return masks


def could_be_forbidden(black: int, masks: list[int]) -> bool:
    """Whether the black stones near a point (its `masks`) allow any foul at all.

    Every foul needs black stones within 4 squares on the point's lines: an
    overline or a one-line double four needs 4 others on one line; a double
    four or double three on two lines needs at least 2 others on each. Points
    failing this are not asked of the (slow) oracle; our engine must still
    call them allowed.
    """
    counts = [(black & mask).bit_count() for mask in masks]
    return max(counts) >= 4 or sum(1 for n in counts if n >= 2) >= 2


@dataclass
class Comparison:
    """Totals of a differential run."""

    positions: int = 0
    points: int = 0
    asked: int = 0
    fouls: dict[int, int] = field(default_factory=lambda: {0: 0, 1: 0, 2: 0, 3: 0})
    mismatches: list[tuple[str, Move, int, int]] = field(default_factory=list)


def compare(state: GameState, masks: list[list[int]], totals: Comparison) -> None:
    """Compare our verdict on every empty point of `state` (black to move) with the oracle's."""
    geo = state.geometry
    black, white = state.bitboards
    ours = {geo.index(m): CODES[Foul(state.forbidden_reason(m))] for m in state.forbidden_moves()}
    empty = [i for i in range(geo.size) if not (black | white) >> i & 1]
    asked = [i for i in empty if could_be_forbidden(black, masks[i])]
    theirs = oracle_codes(black, white, geo, asked)
    totals.positions += 1
    totals.points += len(empty)
    totals.asked += len(asked)
    for i in empty:
        mine, other = ours.get(i, 0), theirs.get(i, 0)
        totals.fouls[mine] += 1
        if mine != other:
            totals.mismatches.append((state.diagram(), geo.moves[i], mine, other))


def shape_seeking_games(seed: int, positions: int, rules: Rules = RENJU) -> Iterator[GameState]:
    """`positions` states with black to move, from games played by legal moves only.

    Each side mostly plays within 2 squares of its own stones, so lines and
    forks (and so forbidden points) are common. From move 8 on every position
    with black to move is yielded.
    """
    rng = random.Random(seed)
    probe = GameState.new(rules)
    near = _neighbourhoods(probe.geometry)
    given = 0
    while given < positions:
        state = probe
        while not state.is_over and given < positions:
            if state.to_move is Player.X and state.move_count >= 8:
                given += 1
                yield state
            state = state.play(_pick(state, near, rng))


def _neighbourhoods(geo: Geometry) -> list[int]:
    out = []
    for index in range(geo.size):
        r, c = divmod(index, geo.cols)
        mask = 0
        for rr in range(max(0, r - 2), min(geo.rows, r + 3)):
            for cc in range(max(0, c - 2), min(geo.cols, c + 3)):
                mask |= 1 << (rr * geo.cols + cc)
        out.append(mask)
    return out


def _pick(state: GameState, near: list[int], rng: random.Random) -> Move:
    legal = state.legal_moves()
    x, o = state.bitboards
    if not x | o:
        return Move(state.rules.rows // 2, state.rules.cols // 2)
    own = x if state.to_move is Player.X else o
    target = own if own and rng.random() < 0.7 else x | o
    cols = state.rules.cols
    pool = [m for m in legal if target & near[m[0] * cols + m[1]]]
    return rng.choice(pool or list(legal))
