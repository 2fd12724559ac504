"""A position's images under its board's symmetries, worked out a byte of squares at a time.

The solver and the proofs key a position by the least of its images (X
stones in the low ``size`` bits, O stones above). They keep
``images[colour][i]``: per symmetry, the key bit of a stone of that colour on
square i. `SymmetryKeys` combines those per byte of squares, so the images of
a whole position cost one OR per symmetry for each byte holding stones
rather than one per stone. Boards of more than `MAX_TABLE_SQUARES` squares
(k <= 2 boards up to 26x26) go stone by stone instead.

On boards of at most `MAX_LOOKUP_SQUARES` squares `LeastImages` looks the
least image itself up from the two bitboards, with no images kept at all.
"""

from __future__ import annotations

from operator import or_

BYTE = 8
"""Squares looked up at once."""

MAX_TABLE_SQUARES = 64
"""Largest board given byte tables (2 ** `BYTE` entries per byte of squares and colour)."""

MAX_LOOKUP_SQUARES = 16
"""Largest board given `LeastImages` (2 ** squares entries per symmetry)."""

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


ByteTables = tuple[tuple[int, ...], tuple[int, ...]]
"""One symmetry's images of the stone sets on squares 0 to 7 and on squares 8 to 15."""

Entry = tuple[int, tuple[int, ...], tuple[int, ...], tuple[ByteTables, ...]]
"""Per O stone set: its least image shifted above the X bits, the byte tables of the
symmetry giving it, and when several do, all their byte tables (else empty)."""


class LeastImages(dict[int, Entry]):
    """The least image of a position (its key) looked up from its X and O bitboards.

    The least image is one whose O stones (the high bits) are least; among
    the symmetries giving that, the least X image decides. Per O stone set
    `o`, worked out when first asked, `self[o]` is an `Entry`. A key is then
    ``high | low[x & 0xFF] | upper[x >> 8]`` for most positions (`key`).
    """

    __slots__ = ("size", "tables")

    def __init__(self, symmetries: tuple[tuple[int, ...], ...], size: int) -> None:
        super().__init__()
        if size > MAX_LOOKUP_SQUARES:
            raise ValueError(f"least images are looked up on at most {MAX_LOOKUP_SQUARES} squares")
        self.size = size
        self.tables: tuple[ByteTables, ...] = tuple(
            (_moved(perm, 0, min(size, BYTE)), _moved(perm, BYTE, max(size - BYTE, 0)))
            for perm in symmetries
        )

    def __missing__(self, o: int) -> Entry:
        images = [low[o & 0xFF] | upper[o >> BYTE] for low, upper in self.tables]
        least = min(images)
        tied = tuple(t for t, image in zip(self.tables, images, strict=True) if image == least)
        low, upper = tied[0]
        entry = (least << self.size, low, upper, tied if len(tied) > 1 else ())
        self[o] = entry
        return entry

    def key(self, x: int, o: int) -> int:
        """The least image of the position with X stones `x` and O stones `o`."""
        high, low, upper, tied = self[o]
        if tied:
            return high | min(t[x & 0xFF] | u[x >> BYTE] for t, u in tied)
        return high | low[x & 0xFF] | upper[x >> BYTE]


def _moved(perm: tuple[int, ...], first: int, count: int) -> tuple[int, ...]:
    """Per set of stones on squares `first` to `first + count - 1` (as bits from 0), the
    set moved by `perm`."""
    table = [0]
    for bits in range(1, 1 << count):
        low = bits & -bits
        table.append(table[bits ^ low] | 1 << perm[first + low.bit_length() - 1])
    return tuple(table)
