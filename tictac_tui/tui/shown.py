"""What the drawing reads of the app (`Shown`): the screen on show, its spec and
controller, and the parts every screen shares. `model.Model` is one; the draw
functions, `status` and `bottom` know only this, so drawing never imports the model.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..choices import Settings
from ..engine import Rules
from ..play.match import Match
from ..play.session import Session
from ..scores import ScoreKey
from .actions import Keymap
from .analysispanel import AnalysisPanel
from .canvas import Canvas
from .computer import ComputerTurn
from .effects import Question
from .host import Controller
from .menu import Menu
from .messages import Message
from .prompt import Prompt
from .replay import Library, Viewer
from .reviewing import ReviewJob
from .screens import Screen


class ShownSpec(Protocol):
    """What the drawing reads of a screen's spec (`specs.ScreenSpec`)."""

    @property
    def title(self) -> str:
        """The screen's name for the information bar (an `N_` text)."""
        ...

    @property
    def keys(self) -> Keymap:
        """The screen's keys."""
        ...

    @property
    def draw(self) -> Callable[[Canvas, Shown, float], None]:
        """The screen's draw function."""
        ...


class Shown(Protocol):
    """The app as its drawing sees it."""

    menu: Menu
    session: Session
    computer: ComputerTurn
    match: Match | None
    message: Message
    notices: list[Message]
    question: Question | None
    show_moves: bool
    show_numbers: bool
    analysis: AnalysisPanel

    @property
    def review_job(self) -> ReviewJob | None:
        """The viewer's review under way, if any."""
        ...

    @property
    def screen(self) -> Screen:
        """The screen on show."""
        ...

    @property
    def spec(self) -> ShownSpec:
        """Its spec."""
        ...

    @property
    def controller(self) -> Controller:
        """Its controller."""
        ...

    @property
    def viewer(self) -> Viewer | None:
        """The record in the replay viewer, if one is open."""
        ...

    @property
    def library(self) -> Library:
        """The list of saved games last read."""
        ...

    @property
    def prompt(self) -> Prompt | None:
        """The typed-square prompt, while open."""
        ...

    @property
    def show_forbidden(self) -> bool:
        """Renju's forbidden points are marked."""
        ...

    @property
    def help_top(self) -> int:
        """First line of the help shown."""
        ...

    @property
    def stats_top(self) -> int:
        """First line of the statistics shown."""
        ...

    def board_rules(self) -> Rules | None:
        """The rules of the board on show, if any."""
        ...

    def current_key(self) -> ScoreKey:
        """What the score shown is for."""
        ...

    def in_progress(self) -> bool:
        """A game has started and not ended."""
        ...

    @property
    def settings(self) -> Settings:
        """The menu's current choices (how stones are drawn, for one)."""
        ...
