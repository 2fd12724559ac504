"""An independent, obviously correct m,n,k referee: a list-of-lists board and a
whole-board scan for lines after every move. Slow on purpose; used to check
the engine."""

from __future__ import annotations

from dataclasses import dataclass, field

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


@dataclass
class ReferenceGame:
    rows: int
    cols: int
    k: int
    exact: bool
    board: list[list[str]] = field(init=False)
    winner: str | None = field(init=False, default=None)
    moves: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.board = [["." for _ in range(self.cols)] for _ in range(self.rows)]

    @property
    def over(self) -> bool:
        return self.winner is not None or self.moves == self.rows * self.cols

    def empties(self) -> list[tuple[int, int]]:
        return [
            (r, c) for r in range(self.rows) for c in range(self.cols) if self.board[r][c] == "."
        ]

    def play(self, row: int, col: int) -> None:
        assert not self.over and self.board[row][col] == "."
        mover = "X" if self.moves % 2 == 0 else "O"
        self.board[row][col] = mover
        self.moves += 1
        if self.has_line(mover):
            self.winner = mover

    def runs(self, player: str) -> list[list[tuple[int, int]]]:
        """Every maximal straight run of `player`'s stones, in each direction."""
        out = []
        for r in range(self.rows):
            for c in range(self.cols):
                for dr, dc in DIRECTIONS:
                    pr, pc = r - dr, c - dc
                    starts_here = self.board[r][c] == player and not (
                        0 <= pr < self.rows and 0 <= pc < self.cols and self.board[pr][pc] == player
                    )
                    if not starts_here:
                        continue
                    run = []
                    rr, cc = r, c
                    while (
                        0 <= rr < self.rows and 0 <= cc < self.cols and self.board[rr][cc] == player
                    ):
                        run.append((rr, cc))
                        rr, cc = rr + dr, cc + dc
                    out.append(run)
        return out

    def winning_runs(self, player: str) -> list[list[tuple[int, int]]]:
        return [
            run
            for run in self.runs(player)
            if len(run) == self.k or (len(run) > self.k and not self.exact)
        ]

    def has_line(self, player: str) -> bool:
        return bool(self.winning_runs(player))
