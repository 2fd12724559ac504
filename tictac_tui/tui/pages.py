"""The help and statistics screens' controllers: scrolling, resetting, going back."""

from __future__ import annotations

from ..i18n import _
from .actions import Action
from .effects import Effect, Question
from .helptext import help_lines
from .host import Controller, Handler
from .layout import BOTTOM_LINES, Target
from .messages import Message, Tone


class HelpScreen(Controller):
    """The help: its first line shown (`top`)."""

    top = 0

    def entered(self) -> None:
        """From the top."""
        self.top = 0

    def actions(self) -> dict[Action, Handler]:
        """Up and Down scroll; any other key goes back."""
        return {
            Action.SCROLL_UP: lambda command, now, key: self.scroll(-1),
            Action.SCROLL_DOWN: lambda command, now, key: self.scroll(1),
            Action.BACK: lambda command, now, key: self.host.back(),
        }

    def scroll(self, by: int) -> None:
        """One line up (-1) or down, the last line no higher than the bottom lines."""
        width, height = self.host.size
        last = max(0, len(help_lines(width - 2)) - (height - 1 - BOTTOM_LINES))
        self.top = min(last, max(0, self.top + by))

    def click(self, target: Target, now: float) -> None:
        """A click goes back."""
        self.host.back()


class StatsScreen(Controller):
    """The statistics: the first line of the table shown (`top`)."""

    top = 0

    def entered(self) -> None:
        """From the top."""
        self.top = 0

    def actions(self) -> dict[Action, Handler]:
        """Up and Down scroll, r resets (asks); any other key goes back."""
        return {
            Action.SCROLL_UP: lambda command, now, key: self.scroll(-1),
            Action.SCROLL_DOWN: lambda command, now, key: self.scroll(1),
            Action.RESET_STATS: lambda command, now, key: self.host.ask(Question.RESET_STATS, now),
            Action.BACK: lambda command, now, key: self.host.back(),
        }

    def scroll(self, by: int) -> None:
        """One line up (-1) or down (the drawing keeps the last page full)."""
        self.top = max(0, self.top + by)

    def confirmed(self, question: Question, now: float) -> None:
        """Yes to resetting the statistics."""
        if question is Question.RESET_STATS:
            host = self.host
            host.session.reset_statistics()
            self.top = 0
            host.emit(Effect.SAVE_STATISTICS)
            host.say(Message(_("Statistics reset"), Tone.NOTE))

    def click(self, target: Target, now: float) -> None:
        """A click goes back."""
        self.host.back()
