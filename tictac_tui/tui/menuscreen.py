"""The menu screen's controller: choosing a row, changing its value, acting on it.

The choices themselves (`menu.Menu`) are the app's: every screen reads the
settings. No curses.
"""

from __future__ import annotations

from ..choices import Mode
from ..i18n import _, set_language
from ..squares import set_rows_from
from ..words import speed_name, think_name
from .actions import Action
from .effects import Effect, Question
from .host import Controller, Handler, open_saved
from .keys import Command
from .layout import MenuRow, Target
from .menu import Item
from .messages import NO_MESSAGE, Message, Tone
from .screens import Screen


class MenuScreen(Controller):
    """The menu: the highlight moves, values change, rows act."""

    def actions(self) -> dict[Action, Handler]:
        """What each of the menu's actions does."""
        host = self.host
        return {
            Action.CHOOSE_ROW: self.choose_row,
            Action.CHANGE_VALUE: lambda command, now, key: self.change(
                host.menu.highlight, -1 if command is Command.LEFT else 1
            ),
            Action.SELECT_ROW: lambda command, now, key: self.choose(host.menu.highlight, now),
            Action.NEW_GAME: lambda command, now, key: self.choose(Item.PLAY, now),
            Action.RESUME_GAME: self.resume,
            Action.SHOW_HELP: lambda command, now, key: host.go(Screen.HELP),
            Action.OPEN_SAVED: lambda command, now, key: open_saved(host),
            Action.QUIT: lambda command, now, key: host.ask(Question.QUIT, now),
        }

    def key(self, action: Action | None, command: Command, now: float, key: int) -> None:
        """A key, then the highlight kept on a row that is shown."""
        super().key(action, command, now, key)
        self.host.menu.settle(self.host.in_progress())

    def choose_row(self, command: Command, now: float, key: int) -> None:
        """Up or Down: the highlight moves."""
        self.host.menu.move(-1 if command is Command.UP else 1, self.host.in_progress())
        self.host.say(NO_MESSAGE)

    def resume(self, command: Command, now: float, key: int) -> None:
        """m or Esc: back to the game in progress (if any)."""
        if self.host.in_progress():
            self.host.go(Screen.GAME)

    def click(self, target: Target, now: float) -> None:
        """A click on a row: highlight it and choose it."""
        if not isinstance(target, MenuRow):
            return
        menu = self.host.menu
        items = menu.items(self.host.in_progress())
        if target.index < len(items) and menu.enabled(items[target.index]):
            menu.highlight = items[target.index]
            self.choose(items[target.index], now)

    def choose(self, item: Item, now: float) -> None:
        """Enter on a row: act (Play, Statistics, ...) or change its value."""
        host = self.host
        if item is Item.RESUME:
            host.go(Screen.GAME)
        elif item is Item.PLAY:
            host.ask(Question.NEW_GAME, now)
        elif item is Item.EDIT:
            host.edit_position(None)
        elif item is Item.STATS:
            host.go(Screen.STATS)
        elif item is Item.HELP:
            host.go(Screen.HELP)
        elif item is Item.QUIT:
            host.ask(Question.QUIT, now)
        else:
            self.change(item, 1)

    def change(self, item: Item, step: int) -> None:
        """A row's value one step on (+1) or back, and what it means for the game on."""
        host = self.host
        if not host.menu.change(item, step):
            return
        host.emit(Effect.SAVE_SETTINGS)
        match = host.match
        if item is Item.LANGUAGE:
            set_language(host.settings.lang)
            host.say(NO_MESSAGE)
        elif item is Item.ROWS_FROM:
            set_rows_from(host.settings.rows_from)
            host.say(NO_MESSAGE)
        elif match is None or match.over:
            host.say(NO_MESSAGE)
        elif item is Item.SPEED and match.mode is Mode.CVC:
            match.speed = host.settings.speed
            host.say(
                Message(
                    _("Speed: {speed}, from now on").format(speed=speed_name(match.speed)),
                    Tone.NOTE,
                )
            )
        elif item is Item.THINK:
            match.think = host.settings.think.seconds
            host.say(
                Message(
                    _("Think time: {think}, from now on").format(
                        think=think_name(host.settings.think)
                    ),
                    Tone.NOTE,
                )
            )
        else:
            host.say(Message(_("Applies from the next game (Resume keeps this one)")))
