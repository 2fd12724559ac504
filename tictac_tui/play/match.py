"""One game in progress: the position, who is human, the players, the cursor, undo.

Pure: no curses, no threads, no clock (times come in as arguments). The
computer's thinking is not here: `computer.ComputerTurn` owns it, and the
model hands its answers to `Match.play`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..choices import Computer, Mode, PluginPlayer, Settings, Speed
from ..engine import ForbiddenMove, GameState, IllegalMove, Move, Player, Rules
from ..engine.notation import square_label
from ..i18n import _
from ..scores import Result, ScoreKey, score_key
from ..strategies import Difficulty, Proven, Strategy, get_strategy, hint_player, player_for
from ..words import foul_name, side_name
from .clock import GameClock


def computer_player(choice: Computer, rules: Rules, *, seed: int | None) -> Strategy:
    """A new player for a computer side. Raises ValueError for a plug-in that can't play."""
    if isinstance(choice, PluginPlayer):
        return get_strategy(choice.name, seed=seed, rules=rules)
    return player_for(choice, rules, seed=seed)


@dataclass
class Match:
    """A game: its rules, position and players, and what the person did in it."""

    rules: Rules
    mode: Mode
    human: frozenset[Player]
    players: dict[Player, Strategy]
    """The computer player of each side a computer plays."""
    hinter: Strategy | None
    key: ScoreKey
    """What this game's result counts for."""
    speed: Speed = Speed.NORMAL
    state: GameState = field(init=False)
    cursor: Move = field(init=False)
    paused: bool = False
    stepping: bool = False
    """Paused, but one move has been asked for."""
    hinted: bool = False
    """A hint was asked for in this game."""
    person_moved: bool = False
    counted: bool = False
    """The result has been counted (a finished or abandoned game is counted once)."""
    last_move_at: float = 0.0
    notices: tuple[str, ...] = ()
    """Why a chosen plug-in is not playing (the Medium player plays instead)."""
    solved: Proven | None = None
    """What is proven about the position (who wins with best play), once worked out."""
    settings: Settings | None = None
    """The choices the game was started with (kept with an autosaved game)."""
    human_first: bool = True
    """Against the computer: the person plays X."""
    clock: GameClock | None = None
    """Both sides' clocks, in a timed game (`Settings.clock`)."""
    lost_on_time: Player | None = None
    """The side whose time ran out (the game is over, the other side won)."""

    def __post_init__(self) -> None:
        self.state = GameState.new(self.rules)
        self.cursor = Move(self.rules.rows // 2, self.rules.cols // 2)

    @classmethod
    def start(cls, settings: Settings, *, human_first: bool, now: float, seed: int | None) -> Match:
        """A new game with these settings (`human_first` decides who plays X against a computer)."""
        rules = settings.rules()
        mode = settings.mode
        if mode is Mode.HVH:
            human = frozenset(Player)
        elif mode is Mode.CVC:
            human = frozenset()
        else:
            human = frozenset({Player.X if human_first else Player.O})
        levels: dict[Player, Computer] = {
            Player.X: settings.x_difficulty if mode is Mode.CVC else settings.difficulty,
            Player.O: settings.o_difficulty if mode is Mode.CVC else settings.difficulty,
        }

        def seeded(offset: int) -> int | None:
            return None if seed is None else seed + offset

        players: dict[Player, Strategy] = {}
        notices = []
        for i, side in enumerate(Player):
            if side in human:
                continue
            try:
                players[side] = computer_player(levels[side], rules, seed=seeded(i))
            except ValueError as error:  # a plug-in that is gone, broken, or can't play here
                levels[side] = Difficulty.MEDIUM
                players[side] = player_for(Difficulty.MEDIUM, rules, seed=seeded(i))
                notices.append(
                    _("{problem}; the Medium player plays {side} instead").format(
                        problem=error, side=side_name(side, rules)
                    )
                )
        hinter = hint_player(rules, seed=seeded(2)) if human else None
        key = replace(score_key(settings), levels=tuple(levels[side] for side in players))
        match = cls(rules, mode, human, players, hinter, key, settings.speed)
        match.notices = tuple(notices)
        match.last_move_at = now
        match.settings = settings
        match.human_first = human_first
        if settings.clock.timed:
            match.clock = GameClock.begin(settings.clock)
        return match

    # -- questions ------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the game has ended (on the board, or a side's time ran out)."""
        return self.state.is_over or self.lost_on_time is not None

    @property
    def started(self) -> bool:
        """True once a move has been made."""
        return self.state.move_count > 0

    def human_to_move(self) -> bool:
        """Whether a person plays the next move."""
        return not self.over and self.state.to_move in self.human

    def computer_to_move(self) -> bool:
        """Whether a computer plays the next move (paused or not)."""
        return not self.over and self.state.to_move not in self.human

    def marked_move(self) -> Move | None:
        """The last move, if a computer made it or two people play."""
        last = self.state.last_move
        if last is None:
            return None
        mover = self.state.to_move.other
        return last if mover not in self.human or self.mode is Mode.HVH else None

    def result(self) -> Result | None:
        """The result so far: None while the game goes on (see `scores.Result`)."""
        if not self.over:
            return None
        winner = self.state.winner if self.lost_on_time is None else self.lost_on_time.other
        if winner is None:
            return Result.DRAW
        first = winner in self.human if self.mode is Mode.HVC else winner is Player.X
        return Result.WIN if first else Result.LOSS

    def abandoning_counts(self) -> bool:
        """Whether leaving this game now counts it as a loss (you moved against a computer)."""
        return self.mode is Mode.HVC and self.person_moved and not self.over and not self.counted

    # -- changes --------------------------------------------------------------------

    def play(self, move: Move, now: float) -> None:
        """Play `move` for the side to move. Raises IllegalMove (and changes nothing)."""
        mover = self.state.to_move
        self.state = self.state.play(move)
        self.last_move_at = now
        if self.clock is not None:
            self.clock.moved(now)
        if mover in self.human:
            self.person_moved = True

    def undo(self, now: float) -> Move | None:
        """Go back to the person's previous turn; the square of the move undone, or None.

        Against a computer the computer's reply is undone too. None when no
        move of a person can be undone.
        """
        state = self.state
        if not any(
            (Player.X if i % 2 == 0 else Player.O) in self.human for i in range(state.move_count)
        ):
            return None
        undone = state.undo()
        while undone.to_move not in self.human:
            undone = undone.undo()
        last_human = state.history[undone.move_count]
        self.state = undone
        if self.clock is not None:
            self.clock.undo_to(undone.move_count, now)
        self.last_move_at = now
        self.cursor = last_human
        return last_human

    def run_clock(self, running: bool, now: float) -> Player | None:
        """Run the clock of the side to move (or stop it: `running` False) and see whether
        its time is up: then the game is over, lost on time by the side returned."""
        clock = self.clock
        if clock is None or self.over:
            return None
        if running:
            clock.start(now)
        else:
            clock.stop(now)
        fallen = clock.fallen(now)
        if fallen is not None:
            clock.stop(now)
            self.lost_on_time = fallen
        return fallen

    def move_cursor(self, rows: int, cols: int) -> None:
        """Move the cursor by (rows, cols), stopping at the edges."""
        row = min(self.rules.rows - 1, max(0, self.cursor.row + rows))
        col = min(self.rules.cols - 1, max(0, self.cursor.col + cols))
        self.cursor = Move(row, col)


def check_move(match: Match, move: Move) -> str | None:
    """Why a person can't play `move` now, or None if they can."""
    if match.state.cell(move) is not None:
        return _("That square is taken")
    try:
        match.state.play(move)
    except ForbiddenMove as error:
        return _("{square} is forbidden for black: {foul}").format(
            square=square_label(move), foul=foul_name(error.foul)
        )
    except IllegalMove as error:
        return str(error)
    return None
