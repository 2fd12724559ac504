"""The immutable game position: stones, side to move, history and outcome.

`GameState.play` returns a new state and never changes the old one. States
are hashable and compare equal when their rules, stones and side to move are
equal (how the position was reached does not matter).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import compress
from typing import Any

from .geometry import Geometry, geometry
from .notation import parse_move, square_label
from .rules import Rules
from .types import IllegalMove, Move, Player, as_move


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winner and the winning line, or a draw."""

    winner: Player | None
    line: tuple[Move, ...] | None = None

    @property
    def is_draw(self) -> bool:
        """True when the board filled with no winner."""
        return self.winner is None


DRAW = Outcome(None)


class GameState:
    """A position of an m,n,k game. Build with `new`, `from_moves` or `from_diagram`."""

    __slots__ = ("_count", "_free", "_geo", "_last", "_o", "_outcome", "_parent", "_x")

    _geo: Geometry
    _x: int
    _o: int
    _free: bytes
    _count: int
    _last: Move | None
    _parent: GameState | None
    _outcome: Outcome | None

    def __init__(self) -> None:
        raise TypeError("use GameState.new(rules) or GameState.from_moves(rules, moves)")

    @classmethod
    def _make(
        cls,
        geo: Geometry,
        x: int,
        o: int,
        free: bytes,
        count: int,
        last: Move | None,
        parent: GameState | None,
        outcome: Outcome | None,
    ) -> GameState:
        state = object.__new__(cls)
        setter = object.__setattr__
        setter(state, "_geo", geo)
        setter(state, "_x", x)
        setter(state, "_o", o)
        setter(state, "_free", free)
        setter(state, "_count", count)
        setter(state, "_last", last)
        setter(state, "_parent", parent)
        setter(state, "_outcome", outcome)
        return state

    # -- construction -------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules) -> GameState:
        """The empty board, X to move. TypeError unless `rules` is a `Rules`."""
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, got {rules!r}")
        geo = geometry(rules)
        return cls._make(geo, 0, 0, b"\x01" * geo.size, 0, None, None, None)

    @classmethod
    def from_moves(cls, rules: Rules, moves: Iterable[tuple[int, int] | str]) -> GameState:
        """Play `moves` (Moves, (row, col) pairs or text like "b2") from the empty board.

        Raises IllegalMove at the first move the position does not allow, and
        TypeError if `moves` is not an iterable of squares (a bare string is
        refused: pass ``["b2"]``, not ``"b2"``).
        """
        state = cls.new(rules)
        if isinstance(moves, (str, bytes)):
            raise TypeError(f"moves must be a list of squares, got the text {moves!r}")
        try:
            iter(moves)
        except TypeError:
            raise TypeError(f"moves must be an iterable of squares, got {moves!r}") from None
        for move in moves:
            state = state.play(parse_move(move, rules) if isinstance(move, str) else move)
        return state

    @classmethod
    def from_diagram(cls, diagram: str, *, k: int | None = None, exact: bool = False) -> GameState:
        """Build a position from rows of ``X``, ``O`` and ``.`` separated by ``/`` or newlines.

        ``"X.O / .X. / ..O"`` is a 3x3 board (k defaults to the shorter side,
        at most 5). Stone counts must fit X moving first; at most one side may
        have a winning line, and then it must have moved last. The history is
        a reconstruction (X and O stones alternately, in reading order, the
        winning stone last): the position is exact, the order is not.
        """
        if not isinstance(diagram, str):
            raise TypeError(f"diagram must be a str, got {diagram!r}")
        lines = [ln.replace(" ", "") for ln in diagram.replace("/", "\n").splitlines()]
        lines = [ln for ln in lines if ln]
        if not lines:
            raise ValueError("empty diagram")
        widths = {len(ln) for ln in lines}
        if len(widths) != 1:
            raise ValueError(f"diagram rows have different lengths: {sorted(widths)}")
        rows, cols = len(lines), widths.pop()
        rules = Rules(rows, cols, k if k is not None else min(rows, cols, 5), exact)
        xs: list[Move] = []
        os: list[Move] = []
        for r, line in enumerate(lines):
            for c, char in enumerate(line.upper()):
                if char == "X":
                    xs.append(Move(r, c))
                elif char == "O":
                    os.append(Move(r, c))
                elif char not in ".-_":
                    raise ValueError(
                        f"diagram has {char!r} at {square_label((r, c))}: use X, O or ."
                    )
        if len(xs) - len(os) not in (0, 1):
            raise ValueError(
                f"diagram has {len(xs)} X and {len(os)} O: X moves first, so X must have "
                "as many stones as O or one more"
            )
        geo = geometry(rules)
        x_bits = sum(1 << geo.index(m) for m in xs)
        o_bits = sum(1 << geo.index(m) for m in os)
        x_wins = _winning_stones(geo, x_bits, xs)
        o_wins = _winning_stones(geo, o_bits, os)
        if x_wins is not None and o_wins is not None:
            raise ValueError("diagram has winning lines for both X and O")
        if x_wins is not None or o_wins is not None:
            winner, stones, last_candidates = (
                (Player.X, xs, x_wins) if x_wins is not None else (Player.O, os, o_wins)
            )
            assert last_candidates is not None
            if not last_candidates:
                raise ValueError(f"diagram has two separate winning lines for {winner}")
            mover = Player.X if len(xs) > len(os) else Player.O
            if winner is not mover:
                raise ValueError(f"diagram shows {winner} winning, but {mover} moved last")
            stones.remove(last_candidates[0])
            stones.append(last_candidates[0])
        history = [m for pair in zip(xs, os) for m in pair] + xs[len(os) :]
        try:
            return cls.from_moves(rules, history)
        except IllegalMove as error:
            raise ValueError(f"diagram can't be reached by play: {error}") from None

    # -- the public contract -----------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of this game."""
        return self._geo.rules

    @property
    def to_move(self) -> Player:
        """The side whose turn it is (X on an even move count)."""
        return Player.X if self._count % 2 == 0 else Player.O

    @property
    def move_count(self) -> int:
        """Stones on the board."""
        return self._count

    @property
    def last_move(self) -> Move | None:
        """The most recent move, or None at the start."""
        return self._last

    @property
    def history(self) -> tuple[Move, ...]:
        """All moves from the empty board, oldest first."""
        moves: list[Move] = []
        state: GameState | None = self
        while state is not None and state._last is not None:
            moves.append(state._last)
            state = state._parent
        moves.reverse()
        return tuple(moves)

    @property
    def previous(self) -> GameState | None:
        """The state before the last move, or None at the start."""
        return self._parent

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on. The one source of truth."""
        return self._outcome

    @property
    def winner(self) -> Player | None:
        """The winner, or None (game on, or drawn)."""
        return None if self._outcome is None else self._outcome.winner

    @property
    def is_over(self) -> bool:
        """True once someone has won or the board is full."""
        return self._outcome is not None

    @property
    def is_draw(self) -> bool:
        """True when the board is full with no winner."""
        return self._outcome is not None and self._outcome.winner is None

    @property
    def winning_line(self) -> tuple[Move, ...] | None:
        """The squares of the winning line, or None."""
        return None if self._outcome is None else self._outcome.line

    @property
    def bitboards(self) -> tuple[int, int]:
        """(X stones, O stones) as bit masks, square (r, c) at bit ``r * cols + c``."""
        return self._x, self._o

    @property
    def geometry(self) -> Geometry:
        """The precomputed layout of this board, for fast search code."""
        return self._geo

    def cell(self, move: tuple[int, int]) -> Player | None:
        """Who holds a square, or None if it is empty.

        Off-board squares raise IllegalMove; anything but a (row, col) pair of
        whole numbers raises TypeError.
        """
        move = self._checked(as_move(move))
        bit = 1 << (move[0] * self._geo.cols + move[1])
        if self._x & bit:
            return Player.X
        if self._o & bit:
            return Player.O
        return None

    def legal_moves(self) -> tuple[Move, ...]:
        """Every empty square in reading order; empty once the game is over."""
        if self._outcome is not None:
            return ()
        return tuple(compress(self._geo.moves, self._free))

    def is_legal(self, move: tuple[int, int]) -> bool:
        """Whether `move` may be played now (False off the board).

        TypeError unless `move` is a (row, col) pair of whole numbers.
        """
        move = as_move(move)
        geo = self._geo
        return (
            self._outcome is None
            and geo.on_board(move)
            and bool(self._free[move[0] * geo.cols + move[1]])
        )

    def play(self, move: tuple[int, int]) -> GameState:
        """The state after the side to move plays `move`.

        `move` is a `Move` or a (row, col) pair of ints (0-based). Text is not
        accepted here (TypeError: read it with `parse_move`, or use
        `from_moves`); neither are floats, booleans or other types. Raises
        IllegalMove, naming the square and why, for an occupied or off-board
        square or once the game is over.
        """
        geo = self._geo
        if type(move) is not Move or type(move[0]) is not int or type(move[1]) is not int:
            move = as_move(move)
        row, col = move
        if not (0 <= row < geo.rows and 0 <= col < geo.cols):
            raise IllegalMove(move, self._off_board_reason(move))
        if self._outcome is not None:
            raise IllegalMove(move, f"{square_label(move)} can't be played: the game is over")
        index = row * geo.cols + col
        free = self._free
        if not free[index]:
            raise IllegalMove(move, f"{square_label(move)} is already taken")
        bit = 1 << index
        count = self._count + 1
        x, o = self._x, self._o
        if count & 1:
            x |= bit
            mover, own = Player.X, x
        else:
            o |= bit
            mover, own = Player.O, o
        outcome: Outcome | None = None
        if geo.wins_at(own, index):
            outcome = Outcome(mover, geo.winning_line(own, index))
        elif count == geo.size:
            outcome = DRAW
        return GameState._make(
            geo, x, o, free[:index] + b"\x00" + free[index + 1 :], count, move, self, outcome
        )

    def undo(self) -> GameState:
        """The state before the last move. Raises ValueError at the start."""
        if self._parent is None:
            raise ValueError("nothing to undo: no moves have been played")
        return self._parent

    # -- helpers --------------------------------------------------------------

    def _checked(self, move: tuple[int, int]) -> tuple[int, int]:
        if not self._geo.on_board(move):
            raise IllegalMove(Move(*move), self._off_board_reason(move))
        return move

    def _off_board_reason(self, move: tuple[int, int]) -> str:
        """Why `move` is off the board, naming the coordinate the way the label does.

        A named square ("A9") names its row number or column letter; a nameless
        one ("(-1, 0)") names the raw 0-based coordinate.
        """
        row, col = move
        rows, cols = self._geo.rows, self._geo.cols
        label = square_label(move)
        named = not label.startswith("(")
        if not 0 <= row < rows:
            where = f"row {row + 1 if named else row}"
        else:
            where = f"column {label[0].lower() if named else col}"
        return f"{label} is not on the board: {where} is off a {rows}x{cols} board"

    def diagram(self) -> str:
        """The board as rows of X, O and ., joined by " / "."""
        return " / ".join(self.rows_text())

    def rows_text(self) -> list[str]:
        """One string of X, O and . per row, top first."""
        geo = self._geo
        out = []
        for r in range(geo.rows):
            chars = []
            for c in range(geo.cols):
                bit = 1 << (r * geo.cols + c)
                chars.append("X" if self._x & bit else "O" if self._o & bit else ".")
            out.append("".join(chars))
        return out

    # -- value semantics -----------------------------------------------------

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"GameState is immutable: can't set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"GameState is immutable: can't delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self._x == other._x and self._o == other._o and self._geo.rules == other._geo.rules

    def __hash__(self) -> int:
        return hash((self._geo.rules, self._x, self._o))

    def __repr__(self) -> str:
        r = self.rules
        exact = ", exact=True" if r.exact else ""
        shape = f"{r.rows}x{r.cols} k={r.k}{exact}"
        return f"<GameState {shape} {self.diagram()!r} {self.to_move} to move>"

    def __str__(self) -> str:
        return "\n".join(self.rows_text())

    def __reduce__(self) -> tuple[Any, ...]:
        return (GameState.from_moves, (self.rules, self.history))


def _winning_stones(geo: Geometry, bits: int, stones: list[Move]) -> list[Move] | None:
    """None if `bits` holds no winning line; else the stones whose removal leaves none."""
    if not _has_line(geo, bits, stones):
        return None
    return [m for m in stones if not _has_line(geo, bits & ~(1 << geo.index(m)), stones)]


def _has_line(geo: Geometry, bits: int, stones: list[Move]) -> bool:
    return any(bits >> (i := geo.index(m)) & 1 and geo.wins_at(bits, i) for m in stones)
