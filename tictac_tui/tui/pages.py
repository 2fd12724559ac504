"""The help and statistics screens' controllers: scrolling, resetting, going back."""

from __future__ import annotations

from ..i18n import _
from .actions import Action
from .effects import Effect, Question
from .helptext import help_lines
from .host import Controller, Handler
from .layout import BOTTOM_LINES, Target
from .messages import Message, Tone


class Page(Controller):
    """A page of lines: Up and Down scroll it (from the top each time it is shown), any
    other key or a click goes back."""

    top = 0
    """The first line shown."""

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

    def last_top(self) -> int | None:
        """The lowest first line (None: the drawing keeps the last page full)."""
        return None

    def scroll(self, by: int) -> None:
        """One line up (-1) or down."""
        top = max(0, self.top + by)
        last = self.last_top()
        self.top = top if last is None else min(last, top)

    def click(self, target: Target, now: float) -> None:
        """A click goes back."""
        self.host.back()


class HelpScreen(Page):
    """The help."""

    def last_top(self) -> int:
        """The last line no higher than the bottom lines."""
        width, height = self.host.size
        return max(0, len(help_lines(width - 2)) - (height - 1 - BOTTOM_LINES))


class StatsScreen(Page):
    """The statistics; r resets them (asks)."""

    def actions(self) -> dict[Action, Handler]:
        """A page's keys, and r."""
        return {
            **super().actions(),
            Action.RESET_STATS: lambda command, now, key: self.host.ask(Question.RESET_STATS, now),
        }

    def confirmed(self, question: Question, now: float) -> None:
        """Yes to resetting the statistics."""
        if question is Question.RESET_STATS:
            host = self.host
            host.session.reset_statistics()
            self.top = 0
            host.emit(Effect.SAVE_STATISTICS)
            host.say(Message(_("Statistics reset"), Tone.NOTE))
