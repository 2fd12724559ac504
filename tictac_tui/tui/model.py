"""The app's state and what each command does to it. Pure: no curses, no threads.

The loop in `app` reads a key, maps it to a command (`keys`), and calls
`Model.handle`. Computer moves and hints are `Job`s: the app runs them in a
worker thread and hands the answer back to `Model.job_done`; an answer for a
position the game has left is discarded. Time comes in as an argument, so the
model can be driven by tests without a clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import count
from typing import Any

from ..engine import GameState, IllegalMove, Move, Player, Rules, square_label
from ..storage import DIFFICULTIES, FIRSTS, GAMES, MODES, Settings, Statistics, record_result
from ..strategies import (
    HINT_LIMIT,
    MOVE_LIMIT,
    Difficulty,
    Limit,
    Strategy,
    hint_player,
    player_for,
)

COMPUTER_PACE = 0.2
"""Least seconds between a human move and the computer's reply."""

WATCH_PACE = 0.6
"""Least seconds between moves in computer vs computer."""

TAKEN = "That square is taken"

GAME_LABELS = {
    "tictactoe": "Tic-tac-toe 3x3",
    "gomoku15": "Gomoku 15x15",
    "gomoku19": "Gomoku 19x19",
    "custom": "Custom",
}
MODE_LABELS = {"hvc": "You vs computer", "hvh": "Two players", "cvc": "Computer vs computer"}
FIRST_LABELS = {"human": "You", "computer": "Computer", "alternate": "Alternate each game"}
SIDE_MIN, SIDE_MAX = 3, 26


def rules_for(settings: Settings) -> Rules:
    """The board the settings describe."""
    if settings.game == "tictactoe":
        return Rules.tictactoe()
    if settings.game == "gomoku15":
        return Rules.gomoku(15)
    if settings.game == "gomoku19":
        return Rules.gomoku(19)
    return Rules(settings.rows, settings.cols, min(settings.k, max(settings.rows, settings.cols)))


def game_label(settings: Settings) -> str:
    """How the menu shows the Game choice."""
    if settings.game == "custom":
        return f"Custom {settings.rows}x{settings.cols}, {settings.k} in a row"
    return GAME_LABELS[settings.game]


@dataclass(frozen=True, slots=True)
class Tally:
    """Results of one kind of game this session."""

    first: int = 0
    second: int = 0
    draws: int = 0


@dataclass(frozen=True, slots=True)
class Job:
    """A computation for the worker: the computer's move, or a hint."""

    id: int
    kind: str
    """"move" or "hint"."""
    state: GameState
    strategy: Strategy
    limit: Limit
    started: float
    apply_after: float


@dataclass
class Game:
    """One game in progress: the position, who is human, the cursor."""

    rules: Rules
    state: GameState
    human: frozenset[Player]
    computers: dict[Player, Strategy]
    hinter: Strategy | None
    mode: str
    difficulty: str
    cursor: Move
    counted: bool = False
    paused: bool = False
    last_move_time: float = 0.0

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.state.is_over

    def human_to_move(self) -> bool:
        """Whether a person plays the next move."""
        return not self.over and self.state.to_move in self.human

    def marked_move(self) -> Move | None:
        """The last move, if a computer made it or two people play."""
        last = self.state.last_move
        if last is None:
            return None
        mover = self.state.to_move.other
        return last if mover not in self.human or self.mode == "hvh" else None


@dataclass
class Model:
    """Everything the screen shows, and the rules for changing it."""

    settings: Settings
    seed: int | None = None
    stats: Statistics = field(default_factory=dict)
    screen: str = "menu"
    """"menu", "game", "help" or "stats"."""
    back_to: str = "menu"
    menu_index: int = 0
    game: Game | None = None
    message: str = ""
    notices: list[str] = field(default_factory=list)
    """File notices waiting to be read; the first is shown until the next key."""
    confirm_quit: bool = False
    games_started: int = 0
    hvc_games: int = 0
    score: dict[str, Tally] = field(default_factory=lambda: {"hvc": Tally(), "other": Tally()})
    job: Job | None = None
    ready: tuple[Job, Move] | None = None
    quit: bool = False
    settings_dirty: bool = False
    stats_dirty: bool = False
    _ids: count[int] = field(default_factory=lambda: count(1))

    def __post_init__(self) -> None:
        self.menu_index = self.menu_items().index("play")

    # -- the menu -------------------------------------------------------------

    def in_progress(self) -> bool:
        """A game has started and not ended."""
        return self.game is not None and not self.game.over

    def menu_items(self) -> list[str]:
        """The menu's items, top to bottom."""
        items = ["resume"] if self.in_progress() else []
        items += ["play", "game"]
        if self.settings.game == "custom":
            items += ["rows", "cols", "k"]
        items += ["mode", "first", "difficulty", "stats", "help", "quit"]
        return items

    def menu_value(self, item: str) -> str | None:
        """The shown value of a choice item, or None for an action item."""
        s = self.settings
        values = {
            "game": game_label(s),
            "rows": str(s.rows),
            "cols": str(s.cols),
            "k": str(s.k),
            "mode": MODE_LABELS[s.mode],
            "first": FIRST_LABELS[s.first],
            "difficulty": Difficulty(s.difficulty).label,
        }
        return values.get(item)

    def _change(self, item: str, step: int) -> None:
        s = self.settings
        cycles = {"game": GAMES, "mode": MODES, "first": FIRSTS, "difficulty": DIFFICULTIES}
        if item in cycles:
            options = cycles[item]
            choice: dict[str, Any] = {
                item: options[(options.index(getattr(s, item)) + step) % len(options)]
            }
            s = replace(s, **choice)
        elif item in ("rows", "cols"):
            size: dict[str, Any] = {item: min(SIDE_MAX, max(SIDE_MIN, getattr(s, item) + step))}
            s = replace(s, **size)
            s = replace(s, k=min(s.k, max(s.rows, s.cols)))
        elif item == "k":
            s = replace(s, k=min(max(s.rows, s.cols), max(SIDE_MIN, s.k + step)))
        else:
            return
        if s != self.settings:
            self.settings = s
            self.settings_dirty = True

    def _menu(self, command: str, now: float) -> None:
        items = self.menu_items()
        self.menu_index = min(self.menu_index, len(items) - 1)
        item = items[self.menu_index]
        if command in ("up", "down"):
            step = -1 if command == "up" else 1
            self.menu_index = (self.menu_index + step) % len(items)
            self.message = ""
        elif command in ("left", "right"):
            self._change(item, -1 if command == "left" else 1)
        elif command == "select":
            if item == "resume":
                self.screen = "game"
            elif item == "play":
                self.new_game(now)
            elif item in ("stats", "help"):
                self.back_to, self.screen = "menu", item
            elif item == "quit":
                self._ask_quit()
            else:
                self._change(item, 1)
        elif command == "new":
            self.new_game(now)
        elif command == "menu" and self.in_progress():
            self.screen = "game"
        elif command == "help":
            self.back_to, self.screen = "menu", "help"
        elif command == "quit":
            self._ask_quit()
        # The item under the highlight may have come or gone (Custom, Resume).
        new_items = self.menu_items()
        if item in new_items and command not in ("up", "down"):
            self.menu_index = new_items.index(item)
        self.menu_index = min(self.menu_index, len(new_items) - 1)

    # -- commands ---------------------------------------------------------------

    def handle(self, command: str, now: float, *, arg: int | Move | None = None) -> None:
        """Apply one command (a name from `keys.BINDINGS`)."""
        if command == "resize":
            return
        if self.notices:
            self.notices.pop(0)  # read: the key that dismisses it also does its job
        if self.confirm_quit:
            self.confirm_quit = False
            if command == "yes":
                self.quit = True
            else:
                self.message = ""
            return
        if self.screen in ("help", "stats"):
            self.screen = self.back_to
            return
        if self.screen == "menu":
            self._menu(command, now)
        else:
            self._game(command, now, arg)

    def _ask_quit(self) -> None:
        if self.in_progress():
            self.confirm_quit = True
        else:
            self.quit = True

    def _game(self, command: str, now: float, arg: int | Move | None) -> None:
        game = self.game
        if game is None:  # pragma: no cover - the game screen always has a game
            self.screen = "menu"
            return
        if command == "quit":
            self._ask_quit()
        elif command == "menu":
            self.screen = "menu"
            self.menu_index = 0
        elif command == "help":
            self.back_to, self.screen = "game", "help"
        elif command == "new":
            self.new_game(now)
        elif game.mode == "cvc" and not game.over and command not in ("click", "interrupt"):
            game.paused = not game.paused
            self.message = "Paused" if game.paused else ""
        elif command in ("up", "down", "left", "right"):
            dr, dc = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[command]
            row = min(game.rules.rows - 1, max(0, game.cursor.row + dr))
            col = min(game.rules.cols - 1, max(0, game.cursor.col + dc))
            game.cursor = Move(row, col)
            if not game.over:
                self.message = ""
        elif command == "select":
            if game.over:
                self.new_game(now)
            else:
                self._human_move(game.cursor, now)
        elif command == "digit" and isinstance(arg, int):
            if (game.rules.rows, game.rules.cols) != (3, 3):
                self.message = "Digits 1-9 play on the 3x3 board only"
            elif not game.over:
                move = Move(*divmod(arg - 1, 3))
                game.cursor = move
                self._human_move(move, now)
        elif command == "click" and isinstance(arg, Move):
            game.cursor = arg
            if not game.over and game.mode != "cvc":
                self._human_move(arg, now)
        elif command == "undo":
            self._undo(now)
        elif command == "hint":
            self._hint(now)

    def _human_move(self, move: Move, now: float) -> None:
        game = self.game
        assert game is not None
        if game.state.cell(move) is not None:
            self.message = TAKEN
            return
        if not game.human_to_move():
            self.message = "Wait for the computer's move"
            return
        try:
            state = game.state.play(move)
        except IllegalMove:
            self.message = TAKEN
            return
        self._advance(state, now)

    def _advance(self, state: GameState, now: float) -> None:
        """Make `state` the position, cancel stale jobs, and score an ending."""
        game = self.game
        assert game is not None
        game.state = state
        game.last_move_time = now
        self.job = None
        self.ready = None
        self.message = ""
        if state.is_over:
            self.message = self.result_message()
            self._count_result()

    def _undo(self, now: float) -> None:
        game = self.game
        assert game is not None
        if game.mode == "cvc":
            self.message = "Undo is for games with a person playing"
            return
        state = game.state
        humans_moved = any(
            (Player.X if i % 2 == 0 else Player.O) in game.human for i in range(state.move_count)
        )
        if not humans_moved:
            self.message = "Nothing to undo"
            return
        undone = state.undo()
        while undone.to_move not in game.human:
            undone = undone.undo()
        last_human = state.history[undone.move_count]
        self._advance(undone, now)
        game.cursor = last_human
        self.message = "Move undone"

    def _hint(self, now: float) -> None:
        game = self.game
        assert game is not None
        if not game.human_to_move() or game.hinter is None:
            self.message = "Hints are for your turn"
            return
        self.job = Job(next(self._ids), "hint", game.state, game.hinter, HINT_LIMIT, now, now)
        self.message = ""

    # -- games --------------------------------------------------------------------

    def new_game(self, now: float) -> None:
        """Start a game with the current settings (Alternate swaps who starts)."""
        s = self.settings
        rules = rules_for(s)
        if s.mode == "hvh":
            human = frozenset(Player)
        elif s.mode == "cvc":
            human = frozenset()
        else:
            human_first = s.first == "human" or (s.first == "alternate" and self.hvc_games % 2 == 0)
            human = frozenset({Player.X if human_first else Player.O})
            self.hvc_games += 1
        number = self.games_started
        self.games_started += 1

        def seed(offset: int) -> int | None:
            return None if self.seed is None else self.seed + 1000 * number + offset

        computers = {
            side: player_for(s.difficulty, rules, seed=seed(i))
            for i, side in enumerate(Player)
            if side not in human
        }
        hinter = hint_player(rules, seed=seed(2)) if human else None
        centre = Move(rules.rows // 2, rules.cols // 2)
        self.game = Game(
            rules, GameState.new(rules), human, computers, hinter, s.mode, s.difficulty, centre
        )
        self.game.last_move_time = now
        self.job = None
        self.ready = None
        self.screen = "game"
        self.message = ""
        self.confirm_quit = False

    def result_message(self) -> str:
        """The result in words: "You win!", "Computer wins", "Draw", "X wins" or "O wins"."""
        game = self.game
        assert game is not None and game.over
        winner = game.state.winner
        if winner is None:
            return "Draw"
        if game.mode == "hvc":
            return "You win!" if winner in game.human else "Computer wins"
        return f"{winner} wins"

    def _count_result(self) -> None:
        game = self.game
        assert game is not None
        if game.counted:
            return
        game.counted = True
        winner = game.state.winner
        key = "hvc" if game.mode == "hvc" else "other"
        tally = self.score[key]
        if winner is None:
            tally = replace(tally, draws=tally.draws + 1)
            result = "draw"
        elif (winner in game.human) if game.mode == "hvc" else winner is Player.X:
            tally = replace(tally, first=tally.first + 1)
            result = "win"
        else:
            tally = replace(tally, second=tally.second + 1)
            result = "loss"
        self.score[key] = tally
        if game.mode == "hvc":
            self.stats = record_result(self.stats, game.rules.describe(), game.difficulty, result)
            self.stats_dirty = True

    # -- the worker --------------------------------------------------------------

    def next_job(self, now: float) -> Job | None:
        """The computation the worker should run now (a new one is created when due)."""
        if self.job is not None:
            return self.job if self.ready is None else None
        game = self.game
        if game is None or game.over or game.paused or game.state.to_move in game.human:
            return None
        pace = WATCH_PACE if game.mode == "cvc" else COMPUTER_PACE
        strategy = game.computers[game.state.to_move]
        self.job = Job(
            next(self._ids),
            "move",
            game.state,
            strategy,
            MOVE_LIMIT,
            now,
            game.last_move_time + pace,
        )
        return self.job

    def job_done(self, job_id: int, move: Move | None, now: float, error: str = "") -> None:
        """The worker's answer; ignored unless it answers the current job."""
        job = self.job
        game = self.game
        if job is None or job.id != job_id or game is None or game.state is not job.state:
            return
        if move is not None:
            move = Move(*move)
        if move is None or not job.state.is_legal(move):
            self.job = None
            name = job.strategy.name
            what = error or f"chose {move!r}, which is not a legal move"
            if job.kind == "hint":
                self.message = f"No hint: {name} {what}"
                return
            # Never play an unchecked move: the blocker plays this one instead.
            fallback = player_for(Difficulty.MEDIUM, game.rules, seed=self.seed)
            self._advance(job.state.play(fallback.choose(job.state)), now)
            self.message = f"The computer ({name}) {what}; the Medium player moved instead"
            return
        if job.kind == "hint":
            self.job = None
            game.cursor = move
            self.message = f"Hint: {square_label(move)}"
            return
        self.ready = (job, move)
        self.tick(now)

    def tick(self, now: float) -> bool:
        """Play a computed move once its time has come. True if the screen changed."""
        if self.ready is None or self.game is None or self.game.paused:
            return False
        job, move = self.ready
        if now < job.apply_after:
            return False
        self._advance(job.state.play(move), now)
        return True

    def thinking(self) -> Job | None:
        """The job in progress, if any (the status bar shows it with its elapsed time)."""
        return self.job

    def summary(self) -> str:
        """The session's score, for the restored terminal."""
        parts = []
        hvc, other = self.score["hvc"], self.score["other"]
        if hvc != Tally() or other == Tally():
            parts.append(f"You {hvc.first}, Computer {hvc.second}, Draws {hvc.draws}")
        if other != Tally():
            parts.append(f"X {other.first}, O {other.second}, Draws {other.draws}")
        return "Session score: " + "; ".join(parts)
