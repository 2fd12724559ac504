"""Precomputed board layout for one set of rules: the fast path under GameState.

A position is two Python ints used as bitboards, one per player. Square
(row, col) is bit ``row * cols + col``. Everything here is derived once per
`Rules` (see `geometry`) so that searches can work on bare ints:

- `wins_at(bits, index)`: does the stone at `index` complete a winning line?
  It tests only the k-windows through that square (at most 4k of them, each
  one mask test; in exact mode the two squares beyond the window must not be
  the player's), so it costs O(k) whatever the board size. It looks at the
  mover's stones only: under renju it is black's test (exactly five) and
  under caro a necessary condition (five or more). `wins(player)` gives the
  full test of either side under any rule: ``(own, opp, index) -> bool``.
- `windows`: every run of k squares in a line, as a bit mask.
- `symmetries`: the board's symmetries as index permutations (8 on a square
  board, 4 on a rectangle).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

from .rules import Rule, Rules
from .types import Move, Player

DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (1, 1), (1, -1))
"""Row and column steps of the four line directions: across, down, two diagonals."""

SMALL_BOARD = 12
"""Boards of at most this many squares get per-occupancy tables (4,096 entries at most)."""

Ray = tuple[int, ...]
WinTest = Callable[[int, int], bool]
"""(mover's bits, index of the stone just placed) -> whether it completes a win."""
FullWinTest = Callable[[int, int, int], bool]
"""(mover's bits, opponent's bits, index of the stone just placed) -> whether it wins."""


class Geometry:
    """Bit layout, lines and symmetries of one board. Build it with `geometry(rules)`."""

    __slots__ = (
        "_index_rays",
        "_windows_through",
        "below",
        "bits",
        "cols",
        "exact",
        "first_win",
        "index_of_id",
        "k",
        "moves",
        "o_wins",
        "plain",
        "rows",
        "rule",
        "rules",
        "size",
        "small_legal",
        "small_wins",
        "stars",
        "symmetries",
        "windows",
        "wins_at",
        "x_wins",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.rows, self.cols, self.k, self.exact = rules.rows, rules.cols, rules.k, rules.exact
        self.rule = rules.rule
        self.first_win = 2 * self.k - 1
        """The first move count at which a line can be complete (X's k-th stone)."""
        self.size = rules.rows * rules.cols
        self.moves: tuple[Move, ...] = tuple(
            Move(r, c) for r in range(self.rows) for c in range(self.cols)
        )
        self.bits: tuple[int, ...] = tuple(1 << i for i in range(self.size))
        # Per square, the mask of the squares before it in reading order.
        self.below: tuple[int, ...] = tuple((1 << i) - 1 for i in range(self.size))
        # The index of each of `moves`' own Move objects, by identity: a move
        # taken from legal_moves() needs no type or range check in play().
        self.index_of_id: Callable[[int], int | None] = {
            id(m): i for i, m in enumerate(self.moves)
        }.get
        # A freestyle run only needs k-1 neighbours each way; the other rules
        # need k, to see an overline or the square beyond a five.
        reach = self.k - 1 if self.rule is Rule.FREESTYLE else self.k
        per_direction: list[list[tuple[Ray, Ray]]] = [[] for _ in range(self.size)]
        for _d, line in self._lines():
            for at, index in enumerate(line):
                per_direction[index].append(
                    (tuple(line[at + 1 : at + 1 + reach]), _back(line, at, reach))
                )
        index_rays = [tuple(rays) for rays in per_direction]
        self._index_rays: tuple[tuple[tuple[Ray, Ray], ...], ...] = tuple(index_rays)
        windows = list(self._all_windows())
        self.windows: tuple[int, ...] = tuple(mask for mask, _, _, _ in windows)
        through: list[list[int]] = [[] for _ in range(self.size)]
        by_direction: list[list[list[tuple[int, int]]]] = [
            [[] for _ in DIRECTIONS] for _ in range(self.size)
        ]
        for mask, squares, ends, d in windows:
            pair = (mask, ends)
            for i in squares:
                through[i].append(mask)
                by_direction[i][d].append(pair)
        self._windows_through = tuple(tuple(masks) for masks in through)
        # Per square and direction: the two neighbours in that direction (a
        # line through the square needs one of them, unless k == 1) and the
        # windows, with their outside ends, that run that way through it.
        groups: Groups = []
        for i in range(self.size):
            gated: list[tuple[int, tuple[tuple[int, int], ...]]] = []
            for d, (forward, backward) in enumerate(self._index_rays[i]):
                gate = -1 if self.k == 1 else _first_bits(forward) | _first_bits(backward)
                if by_direction[i][d]:
                    gated.append((gate, tuple(by_direction[i][d])))
            groups.append(gated)
        # Per square, the other squares of its k-windows: fewer than k-1 of the
        # mover's stones there and no line can be complete (a cheap first test).
        stars = tuple(_union(masks) & ~(1 << i) for i, masks in enumerate(self._windows_through))
        self.stars: tuple[int, ...] = stars
        # ... and the same per direction, before that direction's windows are tried.
        segments: Groups = [
            [(_union(tuple(m for m, _ in found)) & ~(1 << i), found) for _, found in square]
            for i, square in enumerate(groups)
        ]
        freestyle = _freestyle_test(segments, stars, self.k - 1)
        exact = _exact_test(segments, stars, self.k - 1)
        self.wins_at: WinTest = freestyle if self.rule in (Rule.FREESTYLE, Rule.CARO) else exact
        if self.rule is Rule.CARO:
            self.x_wins = self.o_wins = _caro_test(groups)
        elif self.rule is Rule.RENJU:
            self.x_wins, self.o_wins = _ignoring_opponent(exact), _ignoring_opponent(freestyle)
        else:
            self.x_wins = self.o_wins = _ignoring_opponent(self.wins_at)
        self.symmetries: tuple[tuple[int, ...], ...] = tuple(self._symmetries())
        # Freestyle and exact: a win depends on the mover's stones alone and
        # nothing is forbidden, so GameState.play can take its fast path.
        self.plain = self.rule in (Rule.FREESTYLE, Rule.EXACT)
        # Small boards: every occupancy's legal moves and every stone set's
        # "holds a winning line" precomputed (a new line always runs through
        # the new stone, so "holds one" is "the new stone made one").
        self.small_legal: tuple[tuple[Move, ...], ...] | None = None
        self.small_wins: bytes | None = None
        if self.size <= SMALL_BOARD:
            self._small_tables()

    def _small_tables(self) -> None:
        self.small_legal = tuple(
            tuple(m for i, m in enumerate(self.moves) if not occupied >> i & 1)
            for occupied in range(1 << self.size)
        )
        if self.plain:
            self.small_wins = bytes(
                any(stones >> i & 1 and self.wins_at(stones, i) for i in range(self.size))
                for stones in range(1 << self.size)
            )

    def _lines(self) -> Iterator[tuple[int, range]]:
        """(direction, squares) of every full line of the board, in the order of
        `DIRECTIONS` (each direction's lines by their first square): every square lies
        on one line of each direction."""
        rows, cols = self.rows, self.cols
        for d, ((dr, dc), step) in enumerate(zip(DIRECTIONS, _steps(cols), strict=True)):
            for r in range(rows):
                for c in range(cols):
                    if 0 <= r - dr < rows and 0 <= c - dc < cols:
                        continue  # not the line's first square
                    start, last = r * cols + c, _room(r, c, dr, dc, rows, cols)
                    # (a step of 0, one column wide going down-left: single squares)
                    yield d, range(start, start + step * last + 1, step or 1)

    def _all_windows(self) -> Iterator[tuple[int, range, int, int]]:
        """(mask, squares, ends, direction) of every k-window, by first square then direction.

        `ends` holds the in-line squares just outside the window.
        """
        k = self.k
        # A window's mask is its direction's pattern shifted to its first square.
        patterns = [sum(1 << (j * step) for j in range(k)) for step in _steps(self.cols)]
        by_start: list[list[tuple[int, range, int, int]]] = [[] for _ in range(self.size)]
        for d, line in self._lines():
            if k == 1 and d:
                continue  # a single square is one window, not four
            for at in range(len(line) - k + 1):
                ends = 0
                if k > 1:
                    if at:
                        ends |= 1 << line[at - 1]
                    if at + k < len(line):
                        ends |= 1 << line[at + k]
                start = line[at]
                by_start[start].append((patterns[d] << start, line[at : at + k], ends, d))
        for windows in by_start:
            yield from windows

    def _symmetries(self) -> Iterator[tuple[int, ...]]:
        rows, cols = self.rows, self.cols
        maps: list[Callable[[int, int], tuple[int, int]]] = [
            lambda r, c: (r, c),
            lambda r, c: (r, cols - 1 - c),
            lambda r, c: (rows - 1 - r, c),
            lambda r, c: (rows - 1 - r, cols - 1 - c),
        ]
        if rows == cols:
            maps += [
                lambda r, c: (c, r),
                lambda r, c: (c, rows - 1 - r),
                lambda r, c: (cols - 1 - c, r),
                lambda r, c: (cols - 1 - c, rows - 1 - r),
            ]
        seen = set()
        for fn in maps:
            perm = tuple(
                y * cols + x for y, x in (fn(r, c) for r in range(rows) for c in range(cols))
            )
            if perm not in seen:
                seen.add(perm)
                yield perm

    def wins(self, player: Player) -> FullWinTest:
        """The full win test of `player` under this board's rule: ``(own, opp, index)``.

        Freestyle: k or more in a row. Exact: exactly k. Renju: X (black)
        exactly five, O (white) five or more. Caro: five or more, except that
        exactly five with the opponent's stones on both squares just beyond it
        does not win (the board's edge does not block; an overline always wins).
        """
        return self.x_wins if player is Player.X else self.o_wins

    def index(self, move: tuple[int, int]) -> int:
        """Bit index of a square (not range-checked)."""
        return move[0] * self.cols + move[1]

    def on_board(self, move: tuple[int, int]) -> bool:
        """Whether a (row, col) pair is on this board."""
        return 0 <= move[0] < self.rows and 0 <= move[1] < self.cols

    def winning_line(
        self, bits: int, index: int, *, exact: bool | None = None, opp: int | None = None
    ) -> tuple[Move, ...] | None:
        """The squares of a winning line through `index`, in board order, or None.

        `exact` (default: the rule's) wants exactly k; otherwise the whole run
        of k or more is returned, overline included. With `opp` (caro), a run
        of exactly k whose two outside squares are both `opp` stones is skipped.
        """
        exact = self.exact if exact is None else exact
        for forward, backward in self._index_rays[index]:
            ahead = _run(bits, forward)
            behind = _run(bits, backward)
            length = 1 + len(ahead) + len(behind)
            if length < self.k or (exact and length > self.k):
                continue
            if (
                opp is not None
                and length == self.k
                and _blocked(opp, forward, backward, ahead, behind)
            ):
                continue
            cells = sorted((*behind, index, *ahead))
            return tuple(self.moves[i] for i in cells)
        return None

    def windows_through(self, index: int) -> tuple[int, ...]:
        """The k-windows (bit masks) that contain square `index`."""
        return self._windows_through[index]


Groups = list[list[tuple[int, tuple[tuple[int, int], ...]]]]


def _steps(cols: int) -> tuple[int, ...]:
    """The index step of each of `DIRECTIONS` on a board `cols` wide."""
    return tuple(dr * cols + dc for dr, dc in DIRECTIONS)


def _room(r: int, c: int, dr: int, dc: int, rows: int, cols: int) -> int:
    """How many squares of a `rows` x `cols` board lie beyond (r, c) going (dr, dc)."""
    unbounded = rows * cols  # no line is longer
    room_r = rows - 1 - r if dr > 0 else r if dr < 0 else unbounded
    room_c = cols - 1 - c if dc > 0 else c if dc < 0 else unbounded
    return min(room_r, room_c)


def _back(line: range, at: int, reach: int) -> Ray:
    """The squares of `line` before position `at`, nearest first, at most `reach` of them."""
    return tuple(line[at - 1 :: -1][:reach]) if at else ()


def _first_bits(ray: Ray) -> int:
    """The bit of a ray's first square (0 for an empty ray)."""
    return 1 << ray[0] if ray else 0


def _union(masks: tuple[int, ...]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


def _freestyle_test(segments: Groups, stars: tuple[int, ...], need: int) -> WinTest:
    table = tuple(
        tuple((segment, tuple(mask for mask, _ in found)) for segment, found in square)
        for square in segments
    )

    def wins_at(bits: int, index: int) -> bool:
        """Whether the stone at `index` (already in `bits`) completes k or more in a row."""
        if (bits & stars[index]).bit_count() < need:
            return False
        for segment, masks in table[index]:
            if (bits & segment).bit_count() >= need:
                for mask in masks:
                    if bits & mask == mask:
                        return True
        return False

    return wins_at


def _exact_test(segments: Groups, stars: tuple[int, ...], need: int) -> WinTest:
    table = tuple(tuple((segment, found) for segment, found in square) for square in segments)

    def wins_at(bits: int, index: int) -> bool:
        """Whether the stone at `index` (already in `bits`) completes exactly k in a row."""
        if (bits & stars[index]).bit_count() < need:
            return False
        for segment, found in table[index]:
            if (bits & segment).bit_count() >= need:
                for mask, ends in found:
                    if bits & mask == mask and not bits & ends:
                        return True
        return False

    return wins_at


def _caro_test(groups: Groups) -> FullWinTest:
    # Per window: its mask, the squares just beyond it, and whether both exist.
    table = tuple(
        tuple(
            (gate, tuple((mask, ends, ends.bit_count() == 2) for mask, ends in found))
            for gate, found in square
        )
        for square in groups
    )

    def wins(own: int, opp: int, index: int) -> bool:
        """Whether the stone at `index` makes five or more, not a five blocked at both ends."""
        for gate, found in table[index]:
            if own & gate:
                for mask, ends, two_ends in found:
                    if own & mask == mask and (own & ends or not two_ends or opp & ends != ends):
                        return True
        return False

    return wins


def _ignoring_opponent(test: WinTest) -> FullWinTest:
    def wins(own: int, opp: int, index: int) -> bool:
        return test(own, index)

    return wins


def _blocked(opp: int, forward: Ray, backward: Ray, ahead: list[int], behind: list[int]) -> bool:
    """Whether both squares just beyond a run are `opp` stones (the edge does not block)."""
    beyond = [
        ray[len(run)] for ray, run in ((forward, ahead), (backward, behind)) if len(ray) > len(run)
    ]
    return len(beyond) == 2 and all(opp >> i & 1 for i in beyond)


def _run(bits: int, ray: Ray) -> list[int]:
    out = []
    for i in ray:
        if not bits >> i & 1:
            break
        out.append(i)
    return out


@cache
def geometry(rules: Rules) -> Geometry:
    """The (cached) geometry of a board."""
    return Geometry(rules)
