"""The fixed description of an m,n,k game: board size, line length, overline rule."""

from __future__ import annotations

from dataclasses import dataclass

MAX_SIDE = 26
"""Largest number of rows or columns (columns are lettered a..z)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """An m,n,k game: `rows` x `cols` board, `k` in a row wins.

    With ``exact=False`` (freestyle) a line of k *or more* wins; with
    ``exact=True`` only a line of exactly k wins and an overline does not
    (standard gomoku).
    """

    rows: int
    cols: int
    k: int
    exact: bool = False

    def __post_init__(self) -> None:
        for name in ("rows", "cols", "k"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{name} must be a whole number, got {value!r}")
        for name in ("rows", "cols"):
            value = getattr(self, name)
            if not 1 <= value <= MAX_SIDE:
                raise ValueError(f"{name} must be between 1 and {MAX_SIDE}, got {value}")
        if self.k < 1:
            raise ValueError(f"k must be at least 1, got {self.k}")
        longest = max(self.rows, self.cols)
        if self.k > longest:
            raise ValueError(
                f"k={self.k} can't fit on a {self.rows}x{self.cols} board: "
                f"k must be at most {longest}"
            )
        if not isinstance(self.exact, bool):
            raise ValueError(f"exact must be True or False, got {self.exact!r}")

    @classmethod
    def tictactoe(cls) -> Rules:
        """Tic-tac-toe: 3x3, three in a row."""
        return cls(3, 3, 3)

    @classmethod
    def gomoku(cls, size: int = 15, *, exact: bool = False) -> Rules:
        """Gomoku: size x size, five in a row (freestyle unless `exact`)."""
        return cls(size, size, 5, exact)

    @property
    def squares(self) -> int:
        """Number of squares on the board."""
        return self.rows * self.cols

    def describe(self) -> str:
        """A short human name: "Tic-tac-toe 3x3", "Gomoku 15x15", "4x5, 4 in a row"."""
        if (self.rows, self.cols, self.k) == (3, 3, 3) and not self.exact:
            return "Tic-tac-toe 3x3"
        if self.rows == self.cols and self.k == 5:
            suffix = " (exact five)" if self.exact else ""
            return f"Gomoku {self.rows}x{self.cols}{suffix}"
        suffix = ", exactly" if self.exact else ""
        return f"{self.rows}x{self.cols}, {self.k} in a row{suffix}"
