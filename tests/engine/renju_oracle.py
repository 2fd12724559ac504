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
from itertools import compress

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
    a, b, c, d = masks
    if (black & (a | b | c | d)).bit_count() < 4:  # both conditions need 4 stones in all
        return False
    n1, n2, n3, n4 = (
        (black & a).bit_count(),
        (black & b).bit_count(),
        (black & c).bit_count(),
        (black & d).bit_count(),
    )
    return max(n1, n2, n3, n4) >= 4 or (n1 >= 2) + (n2 >= 2) + (n3 >= 2) + (n4 >= 2) >= 2


def asked_points(black: int, white: int, masks: list[list[int]]) -> list[int]:
    """The empty squares that `could_be_forbidden` lets through: those the oracle is asked."""
    taken = black | white
    return [
        i for i, near in enumerate(masks) if not taken >> i & 1 and could_be_forbidden(black, near)
    ]


@dataclass
class Comparison:
    """Totals of a differential run."""

    positions: int = 0
    points: int = 0
    asked: int = 0
    fouls: dict[int, int] = field(default_factory=lambda: {0: 0, 1: 0, 2: 0, 3: 0})
    mismatches: list[tuple[str, Move, int, int]] = field(default_factory=list)


Verdicts = dict[int, int]
"""A position's nonzero verdicts for black: square index -> code (see `CODES`); every other
empty square is allowed."""


def oracle_verdicts(state: GameState, masks: list[list[int]]) -> Verdicts:
    """The oracle's nonzero verdicts on `state` (black to move); it is asked only the
    squares `could_be_forbidden` lets through (`masks` from `line_masks`)."""
    black, white = state.bitboards
    return _asked_verdicts(state, asked_points(black, white, masks))


def _asked_verdicts(state: GameState, asked: list[int]) -> Verdicts:
    black, white = state.bitboards
    codes = oracle_codes(black, white, state.geometry, asked)
    return {i: code for i, code in codes.items() if code}


def our_verdicts(state: GameState) -> Verdicts:
    """Our nonzero verdicts on `state`, read through `GameState`'s public API."""
    index = state.geometry.index
    return {index(m): CODES[Foul(state.forbidden_reason(m))] for m in state.forbidden_moves()}


def compare(state: GameState, masks: list[list[int]], totals: Comparison) -> None:
    """Compare our verdict on every empty point of `state` (black to move) with the oracle's."""
    black, white = state.bitboards
    asked = asked_points(black, white, masks)
    totals.asked += len(asked)
    compare_verdicts(state, _asked_verdicts(state, asked), totals)


def compare_verdicts(state: GameState, theirs: Verdicts, totals: Comparison) -> None:
    """Compare our verdict on every empty point of `state` (black to move) with `theirs`."""
    geo = state.geometry
    black, white = state.bitboards
    ours = our_verdicts(state)
    empty = geo.size - (black | white).bit_count()
    totals.positions += 1
    totals.points += empty
    totals.fouls[0] += empty - len(ours)
    for code in ours.values():
        totals.fouls[code] += 1
    if ours != theirs:  # every other empty square is 0 on both sides
        for i in sorted(ours.keys() | theirs.keys()):
            mine, other = ours.get(i, 0), theirs.get(i, 0)
            if mine != other:
                totals.mismatches.append((state.diagram(), geo.moves[i], mine, other))


def shape_seeking_games(seed: int, positions: int, rules: Rules = RENJU) -> Iterator[GameState]:
    """`positions` states with black to move, from games played by legal moves only.

    Each side mostly plays within 2 squares of its own stones, so lines and
    forks (and so forbidden points) are common. From move 8 on every position
    with black to move is yielded.
    """
    for game in shape_seeking_game_positions(seed, positions, rules):
        yield from game


def shape_seeking_game_positions(
    seed: int, positions: int, rules: Rules = RENJU
) -> Iterator[list[GameState]]:
    """The states of `shape_seeking_games`, a list per game (the last one cut short)."""
    rng = random.Random(seed)
    probe = GameState.new(rules)
    geo = probe.geometry
    near = _neighbourhoods(geo)
    given = 0
    while given < positions:
        state = probe
        game: list[GameState] = []
        zones = {Player.X: 0, Player.O: 0}  # the squares within 2 of each side's stones
        while not state.is_over and given < positions:
            if state.to_move is Player.X and state.move_count >= 8:
                given += 1
                game.append(state)
            move = _pick(state, zones, rng)
            zones[state.to_move] |= near[geo.index(move)]
            state = state.play(move)
        yield game


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


def _pick(state: GameState, zones: dict[Player, int], rng: random.Random) -> Move:
    """A legal move within 2 squares of the side's own stones (7 in 10), else of any stone.

    The squares near the target stones are read from `zones` (near is symmetric: a
    square is within 2 of a stone when the stone is within 2 of it), in reading
    order, so the choice is the one a scan of `legal_moves()` would make.
    """
    x, o = state.bitboards
    if not x | o:
        return Move(state.rules.rows // 2, state.rules.cols // 2)
    own = x if state.to_move is Player.X else o
    zone = zones[state.to_move]
    if not (own and rng.random() < 0.7):
        zone = zones[Player.X] | zones[Player.O]
    geo = state.geometry
    for move in state.forbidden_moves():
        zone &= ~(1 << geo.index(move))
    squares = format(zone & ~(x | o), "b").zfill(geo.size)[::-1].encode().translate(_FLAGS)
    pool = list(compress(geo.moves, squares))
    return rng.choice(pool or list(state.legal_moves()))


_FLAGS = bytes.maketrans(b"01", b"\x00\x01")
"""Bits written as "0" and "1" to bytes 0 and 1, for `itertools.compress`."""
