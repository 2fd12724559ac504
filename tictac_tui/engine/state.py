"""The immutable game position: stones, side to move, history and outcome.

`GameState.play` returns a new state and never changes the old one. States
are hashable and compare equal when their rules, stones and side to move are
equal (how the position was reached does not matter).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import compress
from typing import Any

from .geometry import Geometry, geometry
from .notation import parse_move, square_label
from .renju import Foul, forbidden_at, forbidden_points
from .rules import RULES_NEEDING_FIVE, Rule, Rules, parse_rule
from .types import ForbiddenMove, IllegalMove, Move, Player, as_move

PLAIN_RULES = frozenset({Rule.FREESTYLE, Rule.EXACT})
"""Rules under which a win depends on the mover's stones alone and nothing is forbidden."""


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


class _Slots:
    """The fields of a `GameState`, settable while a state is being built.

    `GameState` adds no fields and refuses every assignment; `play` fills a
    `_Slots` object with plain (fast) attribute stores and then turns it into
    a `GameState` by assigning its class, which is much cheaper than
    ``object.__setattr__`` per field. `_legal` and `_forbidden` are caches,
    filled on first use.
    """

    __slots__ = (
        "_count",
        "_forbidden",
        "_geo",
        "_last",
        "_legal",
        "_o",
        "_outcome",
        "_parent",
        "_x",
    )

    _geo: Geometry
    _x: int
    _o: int
    _count: int
    _last: Move | None
    _parent: GameState | None
    _outcome: Outcome | None
    _legal: tuple[Move, ...] | None
    _forbidden: dict[int, Foul] | None


# Writers for the cache slots of a finished (read-only) state.
_set_legal = _Slots.__dict__["_legal"].__set__
_set_forbidden = _Slots.__dict__["_forbidden"].__set__


class GameState(_Slots):
    """A position of an m,n,k game. Build with `new`, `from_moves` or `from_diagram`."""

    __slots__ = ()

    def __init__(self) -> None:
        raise TypeError("use GameState.new(rules) or GameState.from_moves(rules, moves)")

    @staticmethod
    def _make(
        geo: Geometry,
        x: int,
        o: int,
        count: int,
        last: Move | None,
        parent: GameState | None,
        outcome: Outcome | None,
    ) -> GameState:
        state = _Slots()
        state._geo = geo
        state._x = x
        state._o = o
        state._count = count
        state._last = last
        state._parent = parent
        state._outcome = outcome
        state._legal = None if outcome is None else ()
        state._forbidden = None
        state.__class__ = GameState
        return state  # type: ignore[return-value]

    # -- construction -------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules) -> GameState:
        """The empty board, X to move. TypeError unless `rules` is a `Rules`."""
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, got {rules!r}")
        return _empty(geometry(rules))

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
    def from_diagram(
        cls,
        diagram: str,
        *,
        k: int | None = None,
        exact: bool = False,
        rule: Rule | str = Rule.FREESTYLE,
    ) -> GameState:
        """Build a position from rows of ``X``, ``O`` and ``.`` separated by ``/`` or newlines.

        ``"X.O / .X. / ..O"`` is a 3x3 board (k defaults to the shorter side,
        at most 5; renju and caro are played with k = 5). `rule` and `exact`
        are as for `Rules`. Stone counts must fit X moving first; at most one
        side may have a winning line, and then it must have moved last. The
        history is a reconstruction (X and O stones alternately, each time the
        first stone in reading order that may be played without ending the
        game early, so renju's forbidden points are avoided; the winning stone
        last): the position is exact, the order is not. ValueError when no
        such order is found.
        """
        lines = _diagram_rows(diagram)
        rows, cols = len(lines), len(lines[0])
        rule = parse_rule(rule)
        if k is None:
            k = 5 if rule in RULES_NEEDING_FIVE else min(rows, cols, 5)
        rules = Rules(rows, cols, k, exact, rule)
        xs, os = _diagram_stones(lines)
        if len(xs) - len(os) not in (0, 1):
            raise ValueError(
                f"diagram has {len(xs)} X and {len(os)} O: X moves first, so X must have "
                "as many stones as O or one more"
            )
        geo = geometry(rules)
        x_bits = sum(1 << geo.index(m) for m in xs)
        o_bits = sum(1 << geo.index(m) for m in os)
        x_wins = _winning_stones(geo, Player.X, x_bits, o_bits, xs)
        o_wins = _winning_stones(geo, Player.O, o_bits, x_bits, os)
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
        return _reconstruct(cls.new(rules), xs, os)

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
        """Every square the side to move may play, in reading order; empty once over.

        That is every empty square, except under renju with black (X) to
        move, where the forbidden points (`forbidden_moves`) are left out.
        Cached per state; a state made by `play` from a state whose moves were
        known gets them at once, less the square just played.
        """
        legal = self._legal
        if legal is None:
            legal = self._find_legal()
            _set_legal(self, legal)
        return legal

    def _find_legal(self) -> tuple[Move, ...]:
        geo = self._geo
        if self._outcome is not None:
            return ()
        if geo.small_legal is not None and geo.rule is not Rule.RENJU:
            return geo.small_legal[self._x | self._o]
        legal = tuple(compress(geo.moves, _free(geo, self._x | self._o)))
        if geo.rule is Rule.RENJU and not self._count & 1:
            forbidden = self._forbidden_map()
            if forbidden:
                cols = geo.cols
                return tuple(m for m in legal if m[0] * cols + m[1] not in forbidden)
        return legal

    def is_legal(self, move: tuple[int, int]) -> bool:
        """Whether `move` may be played now (False off the board); agrees with `play`.

        TypeError unless `move` is a (row, col) pair of whole numbers.
        """
        move = as_move(move)
        geo = self._geo
        if self._outcome is not None or not geo.on_board(move):
            return False
        index = move[0] * geo.cols + move[1]
        if (self._x | self._o) >> index & 1:
            return False
        return self._foul(index) is None

    def forbidden_moves(self) -> frozenset[Move]:
        """The points the side to move may not play although they are empty.

        Empty unless the rule is renju, black (X) is to move and the game is
        on: then black's double-three, double-four and overline points (see
        `forbidden_reason`). Cached per state.
        """
        if self._outcome is not None or self._geo.rule is not Rule.RENJU or self._count & 1:
            return frozenset()
        moves = self._geo.moves
        return frozenset(moves[i] for i in self._forbidden_map())

    def forbidden_reason(self, move: tuple[int, int]) -> Foul | None:
        """Why the side to move may not play the empty square `move`, or None.

        A `Foul` (a str enum: "double three", "double four" or "overline")
        for a renju point forbidden to black; None otherwise, including for
        occupied squares, white to move, other rules and a finished game.
        Off-board squares raise IllegalMove; non-squares TypeError.
        """
        move = self._checked(as_move(move))
        index = move[0] * self._geo.cols + move[1]
        if self._outcome is not None or (self._x | self._o) >> index & 1:
            return None
        return self._foul(index)

    def play(self, move: tuple[int, int]) -> GameState:
        """The state after the side to move plays `move`.

        `move` is a `Move` or a (row, col) pair of ints (0-based). Text is not
        accepted here (TypeError: read it with `parse_move`, or use
        `from_moves`); neither are floats, booleans or other types. Raises
        IllegalMove, naming the square and why, for an occupied or off-board
        square or once the game is over, and its subclass ForbiddenMove for a
        renju point forbidden to black ("H8 is forbidden for black: double
        three").
        """
        geo = self._geo
        index = geo.index_of_id(id(move))
        if index is None:  # not one of the board's own Move objects: check it
            index = self._index(move)
        if self._outcome is not None:
            label = square_label(geo.moves[index])
            raise IllegalMove(geo.moves[index], f"{label} can't be played: the game is over")
        bit = geo.bits[index]
        x, o = self._x, self._o
        occupied = x | o
        if occupied & bit:
            raise IllegalMove(geo.moves[index], f"{square_label(move)} is already taken")
        if not geo.plain:
            return self._play_ruled(index)
        # The fast path (freestyle, exact): inlined, as it is most of a playout's time.
        last = geo.moves[index]
        count = self._count + 1
        if count & 1:
            x |= bit
            own = x
        else:
            o |= bit
            own = o
        state = _Slots()
        small_legal = geo.small_legal
        if small_legal is not None:  # a small board: everything from tables
            if geo.small_wins[own]:  # type: ignore[index]
                state._outcome = _small_outcome(geo, own, index, count)
                state._legal = ()
            elif count == geo.size:
                state._outcome = DRAW
                state._legal = ()
            else:
                state._outcome = None
                state._legal = small_legal[x | o]
        else:
            if (
                count >= geo.first_win
                and (own & geo.stars[index]).bit_count() >= geo.k - 1  # wins_at's own first test
                and geo.wins_at(own, index)
            ):
                mover = Player.X if count & 1 else Player.O
                state._outcome = Outcome(mover, geo.winning_line(own, index))
                state._legal = ()
            elif count == geo.size:
                state._outcome = DRAW
                state._legal = ()
            else:
                state._outcome = None
                # Derived now if the parent's moves are known: one slice less the move.
                known = self._legal
                if known:  # `at`: the empty squares before this one
                    at = index - (occupied & geo.below[index]).bit_count()
                    state._legal = known[:at] + known[at + 1 :]
                else:
                    state._legal = None
        state._geo = geo
        state._x = x
        state._o = o
        state._count = count
        state._last = last
        state._parent = self
        # `_forbidden` stays unset: only renju reads it, and renju never takes this path.
        state.__class__ = GameState
        return state  # type: ignore[return-value]

    def _index(self, move: object) -> int:
        """The index of a square given as a (row, col) pair; TypeError or IllegalMove if none."""
        if type(move) is Move and type(move[0]) is int and type(move[1]) is int:
            row, col = move
        else:
            row, col = move = as_move(move)
        geo = self._geo
        if not (0 <= row < geo.rows and 0 <= col < geo.cols):
            raise IllegalMove(move, self._off_board_reason(move))
        return row * geo.cols + col

    def _play_ruled(self, index: int) -> GameState:
        """`play` under renju and caro: forbidden points, and win tests that see both sides."""
        geo = self._geo
        move = geo.moves[index]
        black = not self._count & 1
        if black:
            foul = self._foul(index)
            if foul is not None:
                raise ForbiddenMove(
                    move, f"{square_label(move)} is forbidden for black: {foul}", foul
                )
        mover = Player.X if black else Player.O
        x, o = self._x, self._o
        if black:
            x |= 1 << index
            own, opp = x, o
        else:
            o |= 1 << index
            own, opp = o, x
        count = self._count + 1
        outcome: Outcome | None = None
        if geo.wins(mover)(own, opp, index):
            renju = geo.rule is Rule.RENJU
            line = geo.winning_line(
                own, index, exact=black if renju else None, opp=None if renju else opp
            )
            outcome = Outcome(mover, line)
        elif count == geo.size:
            outcome = DRAW
        elif not black and geo.rule is Rule.RENJU and not _black_can_move(geo, x, o):
            outcome = DRAW  # black's every empty point is forbidden: RIF would let black pass
        return GameState._make(geo, x, o, count, move, self, outcome)

    def _foul(self, index: int) -> Foul | None:
        """The renju foul of black playing empty `index` now, or None (always None unless
        renju with black to move)."""
        if self._geo.rule is not Rule.RENJU or self._count & 1:
            return None
        cached = self._forbidden
        if cached is not None:
            return cached.get(index)
        return forbidden_at(self._x, self._o, index, self._geo)

    def _forbidden_map(self) -> dict[int, Foul]:
        cached = self._forbidden
        if cached is None:
            cached = forbidden_points(self._x, self._o, self._geo)
            _set_forbidden(self, cached)
        return cached

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
        exact = "" if r.rule is Rule.FREESTYLE else f", rule={r.rule.value}"
        shape = f"{r.rows}x{r.cols} k={r.k}{exact}"
        return f"<GameState {shape} {self.diagram()!r} {self.to_move} to move>"

    def __str__(self) -> str:
        return "\n".join(self.rows_text())

    def __reduce__(self) -> tuple[Any, ...]:
        return (GameState.from_moves, (self.rules, self.history))


def _diagram_rows(diagram: str) -> list[str]:
    """The non-empty rows of a diagram, spaces removed; all of one length."""
    if not isinstance(diagram, str):
        raise TypeError(f"diagram must be a str, got {diagram!r}")
    lines = [ln.replace(" ", "") for ln in diagram.replace("/", "\n").splitlines()]
    lines = [ln for ln in lines if ln]
    if not lines:
        raise ValueError("empty diagram")
    widths = {len(ln) for ln in lines}
    if len(widths) != 1:
        raise ValueError(f"diagram rows have different lengths: {sorted(widths)}")
    return lines


def _diagram_stones(lines: list[str]) -> tuple[list[Move], list[Move]]:
    """X's and O's squares in reading order; ValueError on any other mark than . - _."""
    xs: list[Move] = []
    os: list[Move] = []
    for r, line in enumerate(lines):
        for c, char in enumerate(line.upper()):
            if char == "X":
                xs.append(Move(r, c))
            elif char == "O":
                os.append(Move(r, c))
            elif char not in ".-_":
                raise ValueError(f"diagram has {char!r} at {square_label((r, c))}: use X, O or .")
    return xs, os


def _winning_stones(
    geo: Geometry, player: Player, bits: int, opp: int, stones: list[Move]
) -> list[Move] | None:
    """None if `bits` holds no winning line; else the stones whose removal leaves none."""
    if not _has_line(geo, player, bits, opp, stones):
        return None
    return [
        m for m in stones if not _has_line(geo, player, bits & ~(1 << geo.index(m)), opp, stones)
    ]


def _has_line(geo: Geometry, player: Player, bits: int, opp: int, stones: list[Move]) -> bool:
    wins = geo.wins(player)
    return any(bits >> (i := geo.index(m)) & 1 and wins(bits, opp, i) for m in stones)


@cache
def _empty(geo: Geometry) -> GameState:
    """The empty board of a geometry (states are immutable, so one serves every game)."""
    return GameState._make(geo, 0, 0, 0, None, None, None)


_OUTCOMES: dict[tuple[Geometry, int, int, int], Outcome] = {}


def _small_outcome(geo: Geometry, own: int, index: int, count: int) -> Outcome:
    """The won outcome of a small board, memoised (at most 2 * 4,096 * 12 per board)."""
    key = (geo, own, index, count & 1)
    outcome = _OUTCOMES.get(key)
    if outcome is None:
        mover = Player.X if count & 1 else Player.O
        outcome = _OUTCOMES[key] = Outcome(mover, geo.winning_line(own, index))
    return outcome


_EMPTY_FLAGS = bytes.maketrans(b"01", b"\x01\x00")


def _free(geo: Geometry, occupied: int) -> bytes:
    """One byte per square in index order: 1 if it is empty, 0 if not."""
    return format(occupied, "b").zfill(geo.size)[::-1].encode().translate(_EMPTY_FLAGS)


def _black_can_move(geo: Geometry, x: int, o: int) -> bool:
    """Whether black has an empty square that renju does not forbid."""
    free = _free(geo, x | o)
    start = 0
    while (index := free.find(1, start)) >= 0:
        if forbidden_at(x, o, index, geo) is None:
            return True
        start = index + 1
    return False


def _reconstruct(state: GameState, xs: list[Move], os: list[Move]) -> GameState:
    """Play `xs` and `os` alternately from `state`, X first: each turn the first
    stone of the side's list that may be played without ending the game (unless
    it is the last stone). ValueError if some turn has none."""
    remaining = {Player.X: list(xs), Player.O: list(os)}
    total = len(xs) + len(os)
    for turn in range(total):
        side = remaining[state.to_move]
        for i, move in enumerate(side):
            if not state.is_legal(move):
                continue
            after = state.play(move)
            if after.is_over and turn < total - 1:
                continue
            state = after
            del side[i]
            break
        else:
            raise ValueError(
                f"diagram can't be reached by play: no {state.to_move} stone can be placed "
                f"after {state.move_count} moves without an illegal move or an early end"
            )
    return state
