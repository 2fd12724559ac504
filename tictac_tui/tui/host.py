"""What a screen's controller may ask of the app (`Host`), and the controller's base.

A controller owns one screen's state (the help's scroll, the viewer's record,
the game screen's prompt) and turns that screen's actions into changes. It
talks to the rest only through the `Host`: say a message, ask a question, go to
a screen or back, emit an effect, and the few app-wide things every screen
shares (the menu's settings, the game in progress, the statistics, the
computer). `model.Model` is the host; no controller imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..choices import Mode, Settings
from ..engine import GameState, Rules
from ..play.match import Match
from ..play.session import Session
from ..records import GameRecord
from .actions import Action
from .analysispanel import AnalysisPanel
from .computer import ComputerTurn
from .effects import AnyEffect, ListGames, Question
from .keys import Command
from .layout import Target
from .menu import Menu
from .messages import Message
from .screens import Screen


class Host(Protocol):
    """The app as a controller sees it."""

    menu: Menu
    session: Session
    computer: ComputerTurn
    match: Match | None
    """The game in progress or just finished (None before the first)."""
    seed: int | None
    message: Message
    show_moves: bool
    """The move list as an overlay (the game and the viewer share it)."""
    show_numbers: bool
    """Move numbers on the stones (the game and the viewer share it)."""
    analysis: AnalysisPanel
    """The analysis panel (the game and the viewer share it)."""
    size: tuple[int, int]
    """The terminal's (width, height) when the last key came."""

    @property
    def settings(self) -> Settings:
        """The menu's current choices."""
        ...

    def in_progress(self) -> bool:
        """A game has started and not ended."""
        ...

    def say(self, message: Message) -> None:
        """Put `message` on the message line."""
        ...

    def ask(self, question: Question, now: float) -> None:
        """Ask `question` (or do it at once when nothing would be lost); a yes to a
        question the app does not answer itself comes back as `Controller.confirmed`."""
        ...

    def go(self, screen: Screen) -> None:
        """Show `screen` (back to it if it is under the one on show)."""
        ...

    def back(self) -> None:
        """Back to the screen this one was opened from."""
        ...

    def emit(self, effect: AnyEffect) -> None:
        """Ask the app's caller to do `effect`."""
        ...

    def new_game(self, now: float) -> None:
        """Start a game with the menu's settings."""
        ...

    def continue_game(
        self, record: GameRecord, state: GameState, now: float, mode: Mode | None = None
    ) -> str | None:
        """Play on from `state` of `record`; a problem, or None."""
        ...

    def view_record(self, record: GameRecord, name: str, position: int | None = None) -> None:
        """Show `record` in the replay viewer (at its last move, or at `position`)."""
        ...

    def edit_position(self, state: GameState | None) -> None:
        """Show the position editor with `state`'s stones (None: the menu's board, empty,
        or what was last set up on it)."""
        ...

    def play_setup(self, state: GameState, setup: int, mode: Mode, now: float) -> None:
        """Play on from a set-up position: `state`, whose first `setup` moves are its
        stones, in `mode` (the person takes the side to move against the computer)."""
        ...

    def review_record(self, record: GameRecord, name: str, now: float) -> None:
        """Show `record` in the replay viewer from its start and review it."""
        ...


Handler = Callable[[Command, float, int], None]
"""What an action does, given the command that gave it, the time and the raw key."""


class Controller:
    """One screen's state and what its actions do (see `bindings` for its keys)."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def actions(self) -> dict[Action, Handler]:
        """What each action bound on this screen does."""
        return {}

    def key(self, action: Action | None, command: Command, now: float, key: int) -> None:
        """A key giving `action` on this screen (None: nothing bound)."""
        if action is not None:
            self.actions()[action](command, now, key)

    def click(self, target: Target, now: float) -> None:
        """A left click on `target` (nothing, unless the screen has something to click)."""

    def entered(self) -> None:
        """The screen is being shown (from another one)."""

    def confirmed(self, question: Question, now: float) -> None:
        """The player said yes to `question`, asked from this screen."""

    def hint(self) -> int:
        """Which of the screen's hint bars (`Keymap.hints`) fits the situation."""
        return 0

    def hint_values(self) -> dict[str, str]:
        """What the placeholders of the hint bar on show stand for (none by default)."""
        return {}

    def board(self) -> Rules | None:
        """The rules of the board the screen shows (None: no board)."""
        return None

    def turn_words(self) -> str | None:
        """The message line's own words of a screen with a board but no game (None: the
        game's turn)."""
        return None


def toggle_numbers(host: Host) -> None:
    """#, in a game or the viewer: move numbers on the stones, or not."""
    host.show_numbers = not host.show_numbers


def analysis_actions(host: Host) -> dict[Action, Handler]:
    """The analysis panel's keys, the same on the game screen and in the viewer."""
    panel = host.analysis

    def toggle(command: Command, now: float, key: int) -> None:
        panel.toggle()

    def line(command: Command, now: float, key: int) -> None:
        if panel.shown:
            panel.toggle_line()

    def best(by: int) -> Handler:
        def handler(command: Command, now: float, key: int) -> None:
            if panel.shown:
                panel.more(by)

        return handler

    return {
        Action.TOGGLE_ANALYSIS: toggle,
        Action.TOGGLE_BEST_LINE: line,
        Action.MORE_BEST: best(1),
        Action.FEWER_BEST: best(-1),
    }


def open_saved(host: Host) -> None:
    """o, from any screen: the list of saved games (read by whoever performs `ListGames`;
    the computer stops thinking)."""
    host.computer.cancel()
    host.emit(ListGames())
