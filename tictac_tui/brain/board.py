"""The game the manager set up: the board's size, the position, and which side is ours.

The position is an engine `GameState` under the rule of the brain's
`Settings`, so a manager's move on a taken square is refused, never
applied; when the rule changes, the game is replayed under the new one at
the next command that needs it. Squares are named in the protocol's own
``x,y``; everything refused raises `ProtocolError`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import GameState, IllegalMove, Move, Player, Rules
from .protocol import Field, ProtocolError, Stone, format_move, to_move
from .settings import Settings


class Game:
    """The board (`size`: width, height; None before START), its position, and our side."""

    def __init__(self) -> None:
        self.size: tuple[int, int] | None = None
        self.state: GameState | None = None
        self.me: Player | None = None
        """The brain's side, once a command said it (None: not known yet)."""

    def start(self, size: tuple[int, int]) -> None:
        """A new game on a board of `size`."""
        self.size = size
        self.restart()

    def restart(self) -> None:
        """A new game on the same board, empty and under freestyle rules until a move."""
        self.state = None
        self.me = None
        if self.size is not None:
            self.state = GameState.new(self.base_rules())

    def base_rules(self) -> Rules:
        """The board with freestyle rules (the rule is checked at the next move)."""
        assert self.size is not None
        width, height = self.size
        return Rules(height, width, 5)

    def rules(self, settings: Settings) -> Rules:
        """The board under the rule of `INFO rule`; ProtocolError if it can't be played."""
        assert self.size is not None
        rule = settings.rule()
        width, height = self.size
        try:
            return Rules(height, width, 5, rule=rule)
        except ValueError as error:
            raise ProtocolError(f"rule {settings.rule_mask} ({rule.value}): {error}") from None

    def replay(self, history: Sequence[Move], what: str, settings: Settings) -> GameState:
        """The game `history` under the current rules; ProtocolError naming a bad move."""
        state = GameState.new(self.rules(settings))
        for move in history:
            if state.is_over:
                raise ProtocolError(
                    f"{what} is not a position: the game was over before {format_move(move)}"
                )
            try:
                state = state.play(move)
            except IllegalMove:
                raise ProtocolError(f"{what} is not a position: {illegal(state, move)}") from None
        return state

    def need_board(self) -> None:
        """ProtocolError unless START or RECTSTART has set a board."""
        if self.size is None:
            raise ProtocolError("no board yet: send START or RECTSTART first")

    def current(self) -> GameState:
        """The position as it is (ProtocolError before a board)."""
        self.need_board()
        assert self.state is not None
        return self.state

    def ruled(self, settings: Settings) -> GameState:
        """The game under the current rule (replayed if the rule changed)."""
        state = self.current()
        if state.rules != self.rules(settings):
            state = self.replay(state.history, "the game under the new rule", settings)
            self.state = state
        return state

    def playable(self, settings: Settings) -> GameState:
        """The game under the current rule, not over."""
        state = self.ruled(settings)
        if state.is_over:
            raise ProtocolError("the game is over: send RESTART for a new one")
        return state

    def apply(self, state: GameState, x: int, y: int) -> GameState:
        """`state` with a move at ``x,y``, now the position; ProtocolError if it can't be played."""
        move = to_move(x, y)
        try:
            self.state = state.play(move)
        except IllegalMove:
            raise ProtocolError(illegal(state, move)) from None
        return self.state

    def set_position(self, stones: Sequence[Stone], settings: Settings) -> GameState:
        """Set the board from BOARD lines; the brain's side is the side to move."""
        if any(stone.field is Field.WINNING for stone in stones):
            raise ProtocolError("field 3 (continuous game) is not supported")
        own = [s for s in stones if s.field is Field.OWN]
        theirs = [s for s in stones if s.field is Field.OPPONENT]
        if len(own) == len(theirs):
            black = Field.OWN
        elif len(theirs) == len(own) + 1:
            black = Field.OPPONENT
        else:
            raise ProtocolError(
                f"BOARD has {len(own)} own and {len(theirs)} opponent stones: "
                "it must be this brain's move"
            )
        in_order = all((stone.field is black) == (i % 2 == 0) for i, stone in enumerate(stones))
        if not in_order:  # any order is allowed outside renju: interleave the colours
            blacks = [s for s in stones if s.field is black]
            whites = [s for s in stones if s.field is not black]
            stones = [s for pair in zip(blacks, whites) for s in pair] + blacks[len(whites) :]
        state = self.replay([to_move(s.x, s.y) for s in stones], "BOARD", settings)
        self.state = state
        self.me = state.to_move
        return state


def illegal(state: GameState, move: Move) -> str:
    """Why `move` can't be played in `state`, in the protocol's ``x,y``."""
    x, y = move.col, move.row
    rules = state.rules
    if not (0 <= x < rules.cols and 0 <= y < rules.rows):
        return f"{x},{y} is off the {rules.cols}x{rules.rows} board"
    if state.cell(move) is not None:
        return f"{x},{y} is already taken"
    if state.is_over:
        return f"{x},{y} can't be played: the game is over"
    reason = state.forbidden_reason(move)
    if reason is not None:
        return f"{x},{y} is forbidden for black: {reason}"
    return f"{x},{y} can't be played"
