"""A game record: the rules, the moves, the players, the result, the date and comments.

`GameRecord` is a frozen value. Building one replays its moves, so a record
always holds a legal game: no repeated or off-board move, no move after the
end. Its result agrees with the board: when the moves end the game (a line,
or a full board) that is the result; otherwise the result is what the record
says (a resignation, a loss on time, a forfeit, an agreed draw) or None for a
game still in progress.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from ..engine import GameState, IllegalMove, Move, Player, Rules, square_label


class RecordError(ValueError):
    """A record that can't be read or built. ``str()`` is one line: where, then what.

    ``source`` names the file (or ``<stdin>``, ``<text>``); ``line`` is the
    1-based line of the file where the problem is, when known.
    """

    def __init__(self, problem: str, *, source: str | None = None, line: int | None = None):
        self.problem = problem
        self.source = source
        self.line = line
        super().__init__(self._text())

    def _text(self) -> str:
        where = []
        if self.source:
            where.append(self.source)
        if self.line is not None:
            where.append(f"line {self.line}")
        return ": ".join([*where, self.problem])

    def located(self, source: str) -> RecordError:
        """The same error naming `source` (kept if it already names one)."""
        if self.source:
            return self
        return RecordError(self.problem, source=source, line=self.line)


class Ending(str, Enum):
    """How a game ended. The string values are the public names."""

    LINE = "line"
    """k in a row on the board."""
    FULL_BOARD = "full board"
    """A draw: the board filled with no line."""
    RESIGNATION = "resignation"
    TIME = "time"
    """The loser ran out of time."""
    FORFEIT = "forfeit"
    """The loser broke a rule: an illegal or forbidden move, a crashed engine."""
    AGREEMENT = "agreement"
    """A draw agreed (or adjudicated) before the board was full."""
    UNKNOWN = "unknown"
    """The record names the winner but not why."""

    def __str__(self) -> str:
        return self.value


_ON_BOARD = frozenset({Ending.LINE, Ending.FULL_BOARD})


@dataclass(frozen=True, slots=True)
class Result:
    """Who won (None: a draw) and how."""

    winner: Player | None
    ending: Ending

    def __post_init__(self) -> None:
        if self.winner is None and self.ending not in (Ending.FULL_BOARD, Ending.AGREEMENT):
            raise ValueError(f"a draw can't end by {self.ending.value}")
        if self.winner is not None and self.ending in (Ending.FULL_BOARD, Ending.AGREEMENT):
            raise ValueError(f"a win can't end by {self.ending.value}")

    @property
    def is_draw(self) -> bool:
        """True for a draw."""
        return self.winner is None

    def describe(self) -> str:
        """Words for people: "X won (five in a row)", "Draw (agreed)", "O won on time"."""
        if self.winner is None:
            return "Draw (board full)" if self.ending is Ending.FULL_BOARD else "Draw (agreed)"
        how = {
            Ending.LINE: " (line)",
            Ending.RESIGNATION: " by resignation",
            Ending.TIME: " on time",
            Ending.FORFEIT: " by forfeit",
            Ending.UNKNOWN: "",
        }[self.ending]
        return f"{self.winner} won{how}"


@dataclass(frozen=True, slots=True)
class Players:
    """The players' names; an empty string when a record does not say.

    Names are kept without surrounding white space.
    """

    black: str = ""
    white: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "black", self.black.strip())
        object.__setattr__(self, "white", self.white.strip())

    def name(self, player: Player) -> str:
        """The name of the side `player` (X is black, O is white)."""
        return self.black if player is Player.X else self.white


@dataclass(frozen=True, slots=True, init=False)
class GameRecord:
    """One game: rules, moves (X/black first), players, result, date and comments.

    - ``moves``: Moves (or (row, col) pairs), row 0 at the top, col 0 at the left;
    - ``result``: None for a game in progress; filled in from the board when
      the moves end the game (see the module docstring);
    - ``date``: the date as the record writes it (ISO ``YYYY-MM-DD`` when
      tictac_tui writes it), or "";
    - ``comments``: ``comments[n]`` is the comment on the position after move
      ``n`` (``comments[0]``: on the game, before any move); trailing empty
      comments are dropped, so records without comments have ``()``.

    Names, the date and comments are kept without surrounding white space.

    Raises `RecordError` when the moves are not a legal game or the result
    contradicts the board.
    """

    rules: Rules
    moves: tuple[Move, ...]
    players: Players
    result: Result | None
    date: str
    comments: tuple[str, ...]
    _final: GameState = field(repr=False, compare=False, hash=False)

    def __init__(
        self,
        rules: Rules,
        moves: Iterable[tuple[int, int]] = (),
        players: Players = Players(),
        result: Result | None = None,
        date: str = "",
        comments: Iterable[str] = (),
    ) -> None:
        played = tuple(Move(*move) for move in moves)
        final = replay(rules, played)
        notes = [comment.strip() for comment in comments]
        while notes and not notes[-1]:
            notes.pop()
        if len(notes) > len(played) + 1:
            raise RecordError(
                f"{len(notes)} comments for {len(played)} moves: "
                "a record has at most one comment per move and one on the game"
            )
        setter = object.__setattr__
        setter(self, "rules", rules)
        setter(self, "moves", played)
        setter(self, "players", players)
        setter(self, "result", settle_result(final, result))
        setter(self, "date", date.strip())
        setter(self, "comments", tuple(notes))
        setter(self, "_final", final)

    @classmethod
    def from_state(
        cls,
        state: GameState,
        *,
        players: Players = Players(),
        result: Result | None = None,
        date: str = "",
        comments: Iterable[str] = (),
    ) -> GameRecord:
        """The record of the game that led to `state`."""
        return cls(state.rules, state.history, players, result, date, comments)

    @property
    def final_state(self) -> GameState:
        """The position after the last move."""
        return self._final

    def state_at(self, n: int) -> GameState:
        """The position after the first `n` moves (0: the empty board).

        Its history is the record's first `n` moves, so undo works across them.
        """
        if not 0 <= n <= len(self.moves):
            raise IndexError(f"move {n} is not in this record: it has moves 0 to {len(self.moves)}")
        state = self._final
        for _ in range(len(self.moves) - n):
            previous = state.previous
            assert previous is not None
            state = previous
        return state

    def comment_at(self, n: int) -> str:
        """The comment on the position after move `n`, or ""."""
        return self.comments[n] if 0 <= n < len(self.comments) else ""


def replay(rules: Rules, moves: Iterable[Move], first_number: int = 1) -> GameState:
    """Play `moves` from the empty board; RecordError naming the first bad move."""
    state = GameState.new(rules)
    for number, move in enumerate(moves, start=first_number):
        state = play_numbered(state, move, number)
    return state


def play_numbered(
    state: GameState, move: Move, number: int, written: str | None = None
) -> GameState:
    """`state.play(move)`, with a RecordError naming move `number` and why.

    `written` is the move as the record writes it ("W[hh]", "h8", "8,8"); by
    default the square's name ("H8").
    """
    try:
        return state.play(move)
    except IllegalMove as error:
        raise RecordError(move_problem(state, move, number, error.reason, written)) from None


def move_problem(
    state: GameState, move: Move, number: int, reason: str, written: str | None = None
) -> str:
    """Why move `number` can't follow `state`, in words."""
    what = f"move {number} ({written or square_label(move)})"
    side = side_name(state.to_move)
    if state.is_over:
        return f"{what} comes after the end of the game: {_ended_by(state)}"
    if state.geometry.on_board(move) and state.cell(move) is not None:
        return f"{what}: {side} plays on a square already taken (by move {_taken_at(state, move)})"
    return f"{what}: {reason}"


def _taken_at(state: GameState, move: Move) -> int:
    return state.history.index(move) + 1


def _ended_by(state: GameState) -> str:
    outcome = state.outcome
    assert outcome is not None
    if outcome.winner is None:
        return f"the board was full after move {state.move_count}"
    k = state.rules.k
    return f"{side_name(outcome.winner)} made {k} in a row with move {state.move_count}"


def board_result(state: GameState) -> Result | None:
    """The result the board shows: a line, a full board, or None while the game goes on."""
    outcome = state.outcome
    if outcome is None:
        return None
    if outcome.winner is None:
        return Result(None, Ending.FULL_BOARD)
    return Result(outcome.winner, Ending.LINE)


def settle_result(final: GameState, claimed: Result | None) -> Result | None:
    """The record's result: the board's when it has one, else `claimed`.

    RecordError when `claimed` names another winner than the board, or claims
    a line or a full board the moves don't show.
    """
    shown = board_result(final)
    if shown is not None:
        if claimed is not None and claimed.winner is not shown.winner:
            raise RecordError(f"the result says {_winner_words(claimed)}, but {_ended_by(final)}")
        return shown
    if claimed is not None and claimed.ending in _ON_BOARD:
        what = "a full board" if claimed.ending is Ending.FULL_BOARD else "a line"
        raise RecordError(
            f"the result says the game ended with {what}, but the moves don't end it "
            f"({final.move_count} moves, no line)"
        )
    return claimed


def _winner_words(result: Result) -> str:
    return "it was a draw" if result.winner is None else f"{side_name(result.winner)} won"


def side_name(player: Player) -> str:
    """ "black" for X (the first player), "white" for O."""
    return "black" if player is Player.X else "white"
