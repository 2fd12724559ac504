"""A game record: the rules, the moves, the players, the result, the date and comments.

`GameRecord` is a frozen value. Building one replays its moves, so a record
always holds a legal game: no repeated or off-board move, no move after the
end. Its result agrees with the board: when the moves end the game (a line,
or a full board) that is the result; otherwise the result is what the record
says (a resignation, a loss on time, a forfeit, an agreed draw) or None for a
game still in progress.

Renju: black may not play a forbidden point (double three, double four,
overline). Renju tools record such a stone as the game's last move, and white
wins by it. A record read here keeps that stone apart, as `GameRecord.foul`:
`moves` are the legal moves before it, the result is white's win by
`Ending.FOUL`, and the writers write the stone back as the last move. A
forbidden stone anywhere but last is an error (the game ended with it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from ..engine import ForbiddenMove, GameState, IllegalMove, Move, Player, Rules, square_label
from ..engine.openings import Opening
from ..i18n import N_, _
from ..squares import square_name
from ..words import colour_name, foul_name, side_name


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
            where.append(_("line {number}").format(number=self.line))
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
    """The loser broke a rule: an illegal move, a crashed engine."""
    FOUL = "foul"
    """Renju: black played a forbidden point (the record's `foul` stone); white wins."""
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

    def describe(self, rules: Rules | None = None) -> str:
        """Words for people, translated: "X won (line)", "Draw (agreed)", "O won on time".

        With the game's `rules`, sides are named as the app names them (in
        Chinese, 黑 and 白 on gomoku boards).
        """
        if self.winner is None:
            if self.ending is Ending.FULL_BOARD:
                return _("Draw (board full)")
            return _("Draw (agreed)")
        return _(_WIN_WORDS[self.ending]).format(side=side_name(self.winner, rules))


_WIN_WORDS = {
    Ending.LINE: N_("{side} won (line)"),
    Ending.RESIGNATION: N_("{side} won by resignation"),
    Ending.TIME: N_("{side} won on time"),
    Ending.FORFEIT: N_("{side} won by forfeit"),
    Ending.FOUL: N_("{side} won by foul"),
    Ending.UNKNOWN: N_("{side} won"),
}


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


def _clock_times(times: Iterable[float | None], moves: int) -> tuple[float | None, ...]:
    """The clock times of a record, checked: at most one a move, each a finite number of
    seconds (0 or more); trailing Nones dropped. Raises RecordError."""
    kept = list(times)
    while kept and kept[-1] is None:
        kept.pop()
    if len(kept) > moves:
        raise RecordError(
            _("{times} clock times for {moves} moves: a record has at most one a move").format(
                times=len(kept), moves=moves
            )
        )
    for value in kept:
        if value is not None and not (isinstance(value, int | float) and 0 <= value < 1e9):
            raise RecordError(_("{value!r} is not a time left on a clock").format(value=value))
    return tuple(None if value is None else float(value) for value in kept)


@dataclass(frozen=True, slots=True, init=False)
class GameRecord:
    """One game: rules, moves (X/black first), players, result, date and comments.

    - ``moves``: Moves (or (row, col) pairs), row 0 at the top, col 0 at the left;
      under renju the last may be black's forbidden stone: it becomes ``foul``;
    - ``foul``: black's forbidden stone that ended a renju game (white won by
      it), or None; it is not in ``moves``, and ``all_moves`` ends with it;
    - ``result``: None for a game in progress; filled in from the board when
      the moves end the game (see the module docstring);
    - ``date``: the date as the record writes it (ISO ``YYYY-MM-DD`` when
      tictac_tui writes it), or "";
    - ``comments``: ``comments[n]`` is the comment on the position after move
      ``n`` (``comments[0]``: on the game, before any move; the foul stone
      counts as move ``len(moves) + 1``); trailing empty comments are
      dropped, so records without comments have ``()``;
    - ``opening``: the opening rule and the steps taken under it (an
      `Opening`), or None; its stones are the first moves (all of them while
      the opening is under way);
    - ``setup``: how many of the first moves are a set-up position's stones
      (SGF ``AB``/``AW``: the game began there), 0 for a game from the empty
      board; their order is one that reaches the position, not a game's.
    - ``times``: ``times[n - 1]`` is the seconds the mover of move ``n`` had
      left on its clock just after it (SGF's BL/WL), None where not timed;
      trailing Nones are dropped, so untimed records have ``()``.

    Names, the date and comments are kept without surrounding white space.

    Raises `RecordError` when the moves are not a legal game or the result
    contradicts the board.
    """

    rules: Rules
    moves: tuple[Move, ...]
    foul: Move | None
    players: Players
    result: Result | None
    date: str
    comments: tuple[str, ...]
    opening: Opening | None
    setup: int
    times: tuple[float | None, ...]
    _final: GameState = field(repr=False, compare=False, hash=False)

    def __init__(
        self,
        rules: Rules,
        moves: Iterable[tuple[int, int]] = (),
        players: Players = Players(),
        result: Result | None = None,
        date: str = "",
        comments: Iterable[str] = (),
        opening: Opening | None = None,
        setup: int = 0,
        times: Iterable[float | None] = (),
    ) -> None:
        replay = Replay(rules)
        for move in moves:
            replay.play(Move(*move))
        played = replay.moves
        notes = [comment.strip() for comment in comments]
        while notes and not notes[-1]:
            notes.pop()
        if len(notes) > len(played) + 1:
            raise RecordError(
                _(
                    "{comments} comments for {moves} moves: "
                    "a record has at most one comment per move and one on the game"
                ).format(comments=len(notes), moves=len(played))
            )
        final = replay.state
        if not 0 <= setup <= final.move_count:
            raise RecordError(
                _("{setup} set-up stones in a record of {moves} moves").format(
                    setup=setup, moves=final.move_count
                )
            )
        if opening is not None:
            _check_opening(opening, rules, final.history)
        setter = object.__setattr__
        setter(self, "rules", rules)
        setter(self, "moves", final.history)
        setter(self, "foul", replay.foul)
        setter(self, "players", players)
        setter(self, "result", settle_result(final, result, replay.foul))
        setter(self, "date", date.strip())
        setter(self, "comments", tuple(notes))
        setter(self, "opening", opening)
        setter(self, "setup", setup)
        setter(self, "times", _clock_times(times, len(replay.moves) + (replay.foul is not None)))
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
        opening: Opening | None = None,
        setup: int = 0,
        times: Iterable[float | None] = (),
    ) -> GameRecord:
        """The record of the game that led to `state` (its first `setup` moves a set-up
        position's stones)."""
        return cls(
            state.rules,
            state.history,
            players,
            result,
            date,
            comments,
            opening,
            setup=setup,
            times=times,
        )

    @property
    def final_state(self) -> GameState:
        """The position after the last move (before the foul stone, if any)."""
        return self._final

    @property
    def all_moves(self) -> tuple[Move, ...]:
        """The moves as the record writes them: `moves`, then the foul stone if any."""
        return self.moves if self.foul is None else (*self.moves, self.foul)

    @property
    def foul_reason(self) -> str | None:
        """Why the foul stone is forbidden ("double three", ... a `Foul`), or None."""
        return None if self.foul is None else self._final.forbidden_reason(self.foul)

    def describe_result(self) -> str:
        """The result in words, the foul named: "O won by foul (black's H8: double three)"."""
        if self.result is None:
            return _("in progress")
        if self.foul is not None:
            return _("{side} won by foul (black's {square}: {foul})").format(
                side=side_name(Player.O, self.rules),
                square=square_name(self.rules, self.foul),
                foul=foul_name(self.foul_reason) if self.foul_reason else "",
            )
        return self.result.describe(self.rules)

    def state_at(self, n: int) -> GameState:
        """The position after the first `n` moves (0: the empty board).

        Its history is the record's first `n` moves, so undo works across them.
        """
        if not 0 <= n <= len(self.moves):
            raise IndexError(f"move {n} is not in this record: it has moves 0 to {len(self.moves)}")
        state = self._final
        for _step in range(len(self.moves) - n):
            previous = state.previous
            assert previous is not None
            state = previous
        return state

    def comment_at(self, n: int) -> str:
        """The comment on the position after move `n`, or ""."""
        return self.comments[n] if 0 <= n < len(self.comments) else ""


class Replay:
    """Plays a record's moves in turn, from the empty board.

    A bad move is a RecordError naming it. Black's forbidden stone (renju)
    ends the game by foul: it is kept as `foul`, and any move after it is an
    error.
    """

    def __init__(self, rules: Rules) -> None:
        self.state = GameState.new(rules)
        self.foul: Move | None = None

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played so far, the foul stone last if there is one."""
        history = self.state.history
        return history if self.foul is None else (*history, self.foul)

    @property
    def count(self) -> int:
        """How many moves were played so far, the foul stone counted (as `moves` holds)."""
        return self.state.move_count + (self.foul is not None)

    @property
    def next_number(self) -> int:
        """The number of the next move (1 for the first)."""
        return self.count + 1

    def play(self, move: Move, written: str | None = None) -> None:
        """Play `move` (written as `written` in the record, for messages)."""
        number = self.next_number
        if self.foul is not None:
            raise RecordError(
                _("{move} comes after the end of the game: {why}").format(
                    move=move_words(number, written or square_label(move)),
                    why=foul_words(self.state, self.foul),
                )
            )
        try:
            self.state = self.state.play(move)
        except ForbiddenMove as forbidden:
            self.foul = forbidden.move
        except IllegalMove as error:
            problem = move_problem(self.state, move, number, error.reason, written)
            raise RecordError(problem) from None


def _check_opening(opening: Opening, rules: Rules, moves: tuple[Move, ...]) -> None:
    """RecordError unless `opening`'s stones begin `moves` (and are all of them while the
    opening is under way), under the same rules."""
    stones = opening.state.history
    if opening.rules != rules:
        raise RecordError(_("the opening was played under other rules than the game"))
    if moves[: len(stones)] != stones or (not opening.is_over and len(moves) != len(stones)):
        raise RecordError(
            _("the opening's stones ({stones}) are not the game's first moves").format(
                stones=" ".join(square_label(m) for m in stones)
            )
        )


def move_words(number: int, written: str) -> str:
    """ "move 12 (h8)": a record's move by number, as the record writes it."""
    return _("move {number} ({square})").format(number=number, square=written)


def foul_words(state: GameState, foul: Move) -> str:
    """ "black's move 31 (H8) is forbidden (double three): white won by foul"."""
    reason = state.forbidden_reason(foul)
    return _("black's move {number} ({square}) is forbidden ({foul}): white won by foul").format(
        number=state.move_count + 1,
        square=square_label(foul),
        foul=foul_name(reason) if reason else "",
    )


def move_problem(
    state: GameState, move: Move, number: int, reason: str, written: str | None = None
) -> str:
    """Why move `number` can't follow `state`, in words."""
    what = move_words(number, written or square_label(move))
    if state.is_over:
        return _("{move} comes after the end of the game: {why}").format(
            move=what, why=_ended_by(state)
        )
    if state.geometry.on_board(move) and state.cell(move) is not None:
        return _("{move}: {side} plays on a square already taken (by move {taken})").format(
            move=what, side=colour_name(state.to_move), taken=_taken_at(state, move)
        )
    return _("{move}: {reason}").format(move=what, reason=reason)


def _taken_at(state: GameState, move: Move) -> int:
    return state.history.index(move) + 1


def _ended_by(state: GameState) -> str:
    outcome = state.outcome
    assert outcome is not None
    if outcome.winner is None:
        return _("the board was full after move {number}").format(number=state.move_count)
    return _("{side} made {k} in a row with move {number}").format(
        side=colour_name(outcome.winner), k=state.rules.k, number=state.move_count
    )


def board_result(state: GameState) -> Result | None:
    """The result the board shows: a line, a full board, or None while the game goes on."""
    outcome = state.outcome
    if outcome is None:
        return None
    if outcome.winner is None:
        return Result(None, Ending.FULL_BOARD)
    return Result(outcome.winner, Ending.LINE)


def settle_result(
    final: GameState, claimed: Result | None, foul: Move | None = None
) -> Result | None:
    """The record's result: the board's when it has one (white's by foul after
    black's forbidden stone `foul`), else `claimed`.

    RecordError when `claimed` names another winner than the board, or claims
    a line, a full board or a foul the moves don't show.
    """
    if foul is not None:
        if claimed is not None and claimed.winner is not Player.O:
            raise RecordError(
                _("the result says {said}, but {why}").format(
                    said=_winner_words(claimed), why=foul_words(final, foul)
                )
            )
        return Result(Player.O, Ending.FOUL)
    if claimed is not None and claimed.ending is Ending.FOUL:
        raise RecordError(
            _("the result says white won by foul, but the last move is not a forbidden point")
        )
    shown = board_result(final)
    if shown is not None:
        if claimed is not None and claimed.winner is not shown.winner:
            raise RecordError(
                _("the result says {said}, but {why}").format(
                    said=_winner_words(claimed), why=_ended_by(final)
                )
            )
        return shown
    if claimed is not None and claimed.ending in _ON_BOARD:
        if claimed.ending is Ending.FULL_BOARD:
            claim = _(
                "the result says the game ended with a full board, "
                "but the moves don't end it ({moves} moves, no line)"
            )
        else:
            claim = _(
                "the result says the game ended with a line, "
                "but the moves don't end it ({moves} moves, no line)"
            )
        raise RecordError(claim.format(moves=final.move_count))
    return claimed


def _winner_words(result: Result) -> str:
    if result.winner is None:
        return _("it was a draw")
    return _("{side} won").format(side=colour_name(result.winner))
