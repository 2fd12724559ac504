"""The symmetries of a position: rotations and reflections that leave its stones in place.

A square board has eight symmetries (the dihedral group: four rotations, four
reflections); a board that is not square has four (identity, the two mirror
images and the half turn), because a quarter turn or a diagonal reflection
does not map it onto itself. A position's symmetry group is the subset of
those that map every black stone onto a black stone and every white stone
onto a white stone. Two squares are *symmetrical* in a position when one of
that group maps one onto the other: the opening rules (Soosõrv, Taraguchi)
forbid offering two such fifth moves, since they lead to the same game.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from .rules import Rules
from .state import GameState
from .types import Move, Player


class Symmetry(Enum):
    """One of the eight rotations and reflections of a rectangular board."""

    IDENTITY = "identity"
    ROTATE_90 = "rotate 90"
    ROTATE_180 = "rotate 180"
    ROTATE_270 = "rotate 270"
    MIRROR_ROWS = "mirror rows"  # top and bottom swap
    MIRROR_COLS = "mirror cols"  # left and right swap
    DIAGONAL = "diagonal"  # about the main diagonal (top-left to bottom-right)
    ANTI_DIAGONAL = "anti-diagonal"

    @property
    def needs_square(self) -> bool:
        """True for the symmetries that exchange rows and columns (square boards only)."""
        return self in _SWAPPING

    def apply(self, rules: Rules, move: Move) -> Move:
        """`move`'s image on `rules`' board. ValueError for a quarter turn of a non-square board."""
        if self.needs_square and rules.rows != rules.cols:
            raise ValueError(
                f"{self.value} does not map a {rules.rows}x{rules.cols} board onto itself"
            )
        r, c = move
        last_row, last_col = rules.rows - 1, rules.cols - 1
        if self is Symmetry.IDENTITY:
            return Move(r, c)
        if self is Symmetry.ROTATE_90:  # clockwise
            return Move(c, last_row - r)
        if self is Symmetry.ROTATE_180:
            return Move(last_row - r, last_col - c)
        if self is Symmetry.ROTATE_270:
            return Move(last_col - c, r)
        if self is Symmetry.MIRROR_ROWS:
            return Move(last_row - r, c)
        if self is Symmetry.MIRROR_COLS:
            return Move(r, last_col - c)
        if self is Symmetry.DIAGONAL:
            return Move(c, r)
        return Move(last_col - c, last_row - r)


_SWAPPING = frozenset(
    {Symmetry.ROTATE_90, Symmetry.ROTATE_270, Symmetry.DIAGONAL, Symmetry.ANTI_DIAGONAL}
)


def board_symmetries(rules: Rules) -> tuple[Symmetry, ...]:
    """The symmetries that map `rules`' board onto itself: all eight if square, else four."""
    square = rules.rows == rules.cols
    return tuple(s for s in Symmetry if square or not s.needs_square)


def stone_symmetries(
    rules: Rules, black: Iterable[Move], white: Iterable[Move]
) -> tuple[Symmetry, ...]:
    """The board's symmetries that map the `black` stones onto themselves and the `white` too."""
    blacks, whites = frozenset(black), frozenset(white)
    return tuple(
        s
        for s in board_symmetries(rules)
        if {s.apply(rules, m) for m in blacks} == blacks
        and {s.apply(rules, m) for m in whites} == whites
    )


def position_symmetries(state: GameState) -> tuple[Symmetry, ...]:
    """`state`'s symmetry group: the board's symmetries that keep every stone's colour."""
    black, white = _stones(state)
    return stone_symmetries(state.rules, black, white)


def symmetrical(state: GameState, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """True when a symmetry of `state` maps square `a` onto square `b` (also when a == b)."""
    first, second = Move(*a), Move(*b)
    return any(s.apply(state.rules, first) == second for s in position_symmetries(state))


def orbit(state: GameState, move: tuple[int, int]) -> frozenset[Move]:
    """The squares `state`'s symmetries map `move` onto (the squares symmetrical to it)."""
    square = Move(*move)
    return frozenset(s.apply(state.rules, square) for s in position_symmetries(state))


def distinct(state: GameState, moves: Iterable[tuple[int, int]]) -> list[Move]:
    """`moves` without those symmetrical to an earlier one, in their order."""
    group = position_symmetries(state)
    kept: list[Move] = []
    covered: set[Move] = set()
    for move in moves:
        square = Move(*move)
        if square in covered:
            continue
        kept.append(square)
        covered.update(s.apply(state.rules, square) for s in group)
    return kept


def _stones(state: GameState) -> tuple[list[Move], list[Move]]:
    black: list[Move] = []
    white: list[Move] = []
    for move in state.history:
        owner = state.cell(move)
        (black if owner is Player.X else white).append(move)
    return black, white
