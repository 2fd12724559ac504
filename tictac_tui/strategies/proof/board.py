"""The bit layout a proof works on: k-windows, threats and symmetry keys of one board.

A position is two bitboards, ``a`` (the attacker: the side trying to win)
and ``d`` (the defender), as in `engine.geometry`: square (row, col) is bit
``row * cols + col``. The key of a position is the least of its images
under the board's symmetries (8 on a square board, 4 on a rectangle), with
X stones in the low ``size`` bits and O stones above; the images are kept
incrementally, one OR per symmetry per move (as in `solver.py`).
"""

from __future__ import annotations

from functools import cache
from operator import or_

from ...engine import Rules, geometry
from ..symmetry_keys import SymmetryKeys


class ProofBoard:
    """Windows, square order and symmetry images of one freestyle board."""

    __slots__ = (
        "full",
        "images",
        "k",
        "lines",
        "order",
        "rules",
        "size",
        "symmetry_keys",
        "through",
        "windows",
    )

    def __init__(self, rules: Rules) -> None:
        geo = geometry(rules)
        self.rules = rules
        self.size = geo.size
        self.k = rules.k
        self.full = (1 << geo.size) - 1
        self.windows: tuple[int, ...] = geo.windows
        # lines[n]: one bit for the line (row, column or diagonal) window n lies on.
        self.lines: tuple[int, ...] = _line_bits(rules.cols, geo.windows)
        self.through: tuple[tuple[int, ...], ...] = tuple(
            geo.windows_through(i) for i in range(geo.size)
        )
        # Squares on the most lines first: the centre before the edges.
        self.order: tuple[int, ...] = tuple(
            sorted(range(geo.size), key=lambda i: (-len(self.through[i]), i))
        )
        # images[colour][i]: per symmetry, the key bit of a stone of that colour on square i.
        self.images: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(
                tuple(1 << (perm[i] + colour * geo.size) for perm in geo.symmetries)
                for i in range(geo.size)
            )
            for colour in (0, 1)
        )
        self.symmetry_keys = SymmetryKeys(self.images, geo.size)

    def keys(self, x: int, o: int) -> tuple[int, ...]:
        """The images of the position (X stones `x`, O stones `o`) under every symmetry."""
        return self.symmetry_keys.keys(x, o)

    def child_keys(self, keys: tuple[int, ...], colour: int, index: int) -> tuple[int, ...]:
        """The images after a stone of `colour` (0: X, 1: O) lands on square `index`."""
        return tuple(map(or_, keys, self.images[colour][index]))

    def threats(self, me: int, opp: int) -> int:
        """The squares where `me` completes a window at once (its wins in one)."""
        empty = self.full & ~(me | opp)
        out = 0
        for w in self.windows:
            if not w & opp:
                e = w & empty
                if e and not e & (e - 1):
                    out |= e
        return out

    def scan(self, a: int, d: int) -> tuple[int, int, bool]:
        """(`a`'s wins in one, `d`'s wins in one, whether `a` can still complete a window)."""
        empty = self.full & ~(a | d)
        a_now = d_now = 0
        a_live = False
        for w in self.windows:
            if not w & d:
                a_live = True
                e = w & empty
                if not e & (e - 1):
                    a_now |= e
            elif not w & a:
                e = w & empty
                if not e & (e - 1):
                    d_now |= e
        return a_now, d_now, a_live

    def dead_squares(self, a: int, d: int) -> int:
        """Empty squares on no window either side can still complete.

        Such squares are interchangeable: no win can ever use them, so filling
        one or another gives the same game.
        """
        live = 0
        for w in self.windows:
            if not w & a or not w & d:
                live |= w
        return self.full & ~(a | d | live)


def _line_bits(cols: int, windows: tuple[int, ...]) -> tuple[int, ...]:
    """Per window, one bit per line: windows on one row, column or diagonal share it."""
    ids: dict[tuple[int, ...], int] = {}
    out = []
    for n, w in enumerate(windows):
        first = (w & -w).bit_length() - 1
        rest = w & (w - 1)
        if not rest:  # k = 1: a window of one square is a line of its own
            out.append(1 << ids.setdefault((n,), len(ids)))
            continue
        (r, c), (r1, c1) = divmod(first, cols), divmod((rest & -rest).bit_length() - 1, cols)
        dr, dc = r1 - r, c1 - c  # the direction; squares run in reading order, so dr >= 0
        while r - dr >= 0 and 0 <= c - dc < cols:
            r, c = r - dr, c - dc  # back to where the line leaves the board
        out.append(1 << ids.setdefault((dr, dc, r, c), len(ids)))
    return tuple(out)


@cache
def proof_board(rules: Rules) -> ProofBoard:
    """The (cached) proof layout of a board."""
    return ProofBoard(rules)
