"""The boards whose proofs ship (`BOARDS`): known without loading the proofs themselves."""

from __future__ import annotations

BOARDS: tuple[tuple[int, int, int], ...] = (
    (4, 5, 4),
    (5, 4, 4),
    (4, 6, 4),
    (6, 4, 4),
    (5, 5, 4),
    (5, 6, 4),
    (6, 5, 4),
)
"""(rows, cols, k) of the boards whose proofs ship: the freestyle boards the table serves."""
