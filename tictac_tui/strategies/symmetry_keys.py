"""A position's images under its board's symmetries, worked out a byte of squares at a time.

The solver and the proofs key a position by the least of its images (X
stones in the low ``size`` bits, O stones above). They keep
``images[colour][i]``: per symmetry, the key bit of a stone of that colour on
square i. `SymmetryKeys` combines those per byte of squares, so the images of
a whole position cost one OR per symmetry for each byte holding stones
rather than one per stone. Boards of more than `MAX_TABLE_SQUARES` squares
(k <= 2 boards up to 26x26) go stone by stone instead.
"""

from __future__ import annotations

from operator import or_

BYTE = 8
"""Squares looked up at once."""

MAX_TABLE_SQUARES = 64
"""Largest board given byte tables (2 ** `BYTE` entries per byte of squares and colour)."""

Images = tuple[tuple[tuple[int, ...], ...], ...]
"""images[colour][square]: per symmetry, the key bit of a stone of that colour there."""


class SymmetryKeys:
    """The images of whole positions on one board, from its per-square `Images`."""

    __slots__ = ("empty", "images", "tables")

    def __init__(self, images: Images, size: int) -> None:
        self.images = images
        self.empty: tuple[int, ...] = (0,) * len(images[0][0])
        # tables[colour][n][byte]: the images of the stones `byte` on squares 8n to 8n + 7.
        self.tables: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = ()
        if size <= MAX_TABLE_SQUARES:
            self.tables = tuple(
                tuple(
                    self._byte_table(per_square[low : low + BYTE]) for low in range(0, size, BYTE)
                )
                for per_square in images
            )

    def _byte_table(self, squares: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
        """Per set of stones within one byte of squares, their images (built from smaller sets)."""
        table = [self.empty]
        for stones in range(1, 1 << BYTE):
            low = stones & -stones
            i = low.bit_length() - 1
            before = table[stones ^ low]
            table.append(tuple(map(or_, before, squares[i])) if i < len(squares) else before)
        return tuple(table)

    def keys(self, x: int, o: int) -> tuple[int, ...]:
        """The images of the position with X stones `x` and O stones `o`, one per symmetry."""
        keys = self.empty
        if not self.tables:
            for colour, bits in ((0, x), (1, o)):
                images = self.images[colour]
                while bits:
                    low = bits & -bits
                    bits ^= low
                    keys = tuple(map(or_, keys, images[low.bit_length() - 1]))
            return keys
        mask = (1 << BYTE) - 1
        for bits, tables in ((x, self.tables[0]), (o, self.tables[1])):
            for table in tables:
                if not bits:
                    break
                if bits & mask:
                    keys = tuple(map(or_, keys, table[bits & mask]))
                bits >>= BYTE
        return keys
