"""The app's state and what each command does to it. No curses calls, no clock.

`Model` ties small parts together: `Menu` (choices and highlight),
`Match` (the game in progress), `Session` (scores and statistics),
`ComputerTurn` (the computer's thinking), a question waiting for y, the
typed-coordinate `Prompt`, and the messages. Each screen has one key
handler (`Model.HANDLERS`). Every entry point (`handle`, `click`,
`update`, `finish`) returns the `Effect`s the caller must perform: saving
the settings or the statistics. The game screen's keys and the computer's
answers are handled in `game`. Time comes in as an argument.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from ..choices import First, Mode, Settings, computer_choices
from ..engine import Move
from ..i18n import _, set_language
from ..scores import Result, ScoreKey, Scores, score_key
from ..strategies import MOVE_LIMIT, plugin_notices
from . import game
from .computer import ComputerTurn, JobKind
from .effects import Effect, Question
from .facts import Solved, shows_solved
from .helptext import help_lines
from .keys import Command
from .layout import BOTTOM_LINES, MenuRow, Target, View
from .match import Match
from .menu import Item, Menu
from .messages import NO_MESSAGE, Message, Tone
from .prompt import Prompt
from .screens import Screen
from .session import Session

COMPUTER_PACE = 0.2
"""Least seconds between a person's move and the computer's reply."""


class Model:
    """Everything the screen shows, and what each command does to it."""

    def __init__(
        self,
        settings: Settings,
        *,
        seed: int | None = None,
        statistics: Scores | None = None,
        threads: bool = True,
    ) -> None:
        self.menu = Menu(settings)
        self.session = Session(statistics)
        self.computer = ComputerTurn(threads=threads)
        self.solved = Solved(threads=threads)
        self.seed = seed
        self.screen = Screen.MENU
        self.back_to = Screen.MENU
        self.match: Match | None = None
        self.message = NO_MESSAGE
        self.notices: list[Message] = []
        """File notices waiting to be read; the first is shown until the next key."""
        self.question: Question | None = None
        self.prompt: Prompt | None = None
        self.stats_top = 0
        """First line of the statistics table shown (scrolling)."""
        self.help_top = 0
        """First line of the help shown (scrolling)."""
        self.size = (80, 24)
        """The terminal's (width, height) when the last key came (the app sets it)."""
        self.show_forbidden = True
        """Renju's forbidden points are marked on the board (`f` toggles, for this run)."""
        self.quit = False
        self.games_started = 0
        self.hvc_games = 0
        self.effects: set[Effect] = set()
        self.plugin_notices_seen = 0
        """How many of `plugin_notices` have been queued (each is shown once)."""
        computer_choices(settings.rules())  # meets the installed plug-ins: a broken one says so
        self._take_plugin_notices()

    # -- what the screen asks ---------------------------------------------------------

    @property
    def settings(self) -> Settings:
        """The menu's current choices."""
        return self.menu.settings

    def in_progress(self) -> bool:
        """A game has started and not ended."""
        return self.match is not None and not self.match.over

    def current_key(self) -> ScoreKey:
        """What the score shown is for: the game played, or the menu's choices."""
        return self.match.key if self.match is not None else score_key(self.settings)

    def view(self) -> View:
        """What `layout.click_target` needs to resolve a click."""
        rules = self.match.rules if self.match is not None else None
        items = self.menu.items(self.in_progress())
        return View(self.screen, rules, len(items), items.index(self.menu.highlight))

    # -- entry points -------------------------------------------------------------------

    def handle(self, command: Command, now: float, key: int = -1) -> set[Effect]:
        """Apply one command (`key` is the raw key, for digits and the prompt)."""
        if command is Command.RESIZE:
            return set()
        if self.notices:
            self.notices.pop(0)  # read: the key that dismisses it also does its job
        if self.question is not None:
            self._answer(command is Command.YES, now)
        elif self.prompt is not None:
            game.prompt_key(self, key, now)
        else:
            self.HANDLERS[self.screen](self, command, now, key)
        return self._take_effects()

    def click(self, target: Target, now: float) -> set[Effect]:
        """A left click on `target` (resolved by `layout.click_target`)."""
        if self.question is not None or self.prompt is not None:
            return self.handle(Command.OTHER, now)  # no, or cancel the typing
        if self.notices:
            self.notices.pop(0)
        if self.screen is Screen.GAME and isinstance(target, Move):
            game.click_square(self, target, now)
        elif self.screen is Screen.MENU and isinstance(target, MenuRow):
            items = self.menu.items(self.in_progress())
            if target.index < len(items) and self.menu.enabled(items[target.index]):
                self.menu.highlight = items[target.index]
                self._choose(items[target.index], now)
        elif self.screen in (Screen.HELP, Screen.STATS):
            self.screen = self.back_to
        return self._take_effects()

    def update(self, now: float) -> set[Effect]:
        """Let the computer think and play: ask when it is due, play its answer."""
        match = self.match
        if match is None or self.screen is not Screen.GAME:
            return set()
        answer = self.computer.poll(now)
        if answer is not None:
            game.answered(self, answer, now)
            self.effects.add(Effect.REDRAW)
        elif self.computer.job is None and game.computer_due(self, match):
            pace = match.speed.seconds if match.mode is Mode.CVC else COMPUTER_PACE
            strategy = match.players[match.state.to_move]
            self.computer.ask(
                JobKind.MOVE, match.state, strategy, MOVE_LIMIT, now, match.last_move_at + pace
            )
        self._learn(match)
        return self._take_effects()

    def _learn(self, match: Match) -> None:
        """Keep `match.solved` true to the position (in games against Hard; see `facts`)."""
        if not shows_solved(match):
            return
        if self.computer.thinking():
            self.solved.cancel()  # the computer comes first: both prove on the board's lock
        else:
            self.solved.work_on(match.state)
        known = self.solved.known(match.state)
        if known != match.solved:
            match.solved = known
            self.effects.add(Effect.REDRAW)

    def notify(self, text: str) -> None:
        """Queue a file notice for the message line."""
        self.notices.append(Message(text, Tone.WARNING))

    def finish(self) -> set[Effect]:
        """The app is ending: count a game abandoned unfinished (see `Match.abandoning_counts`)."""
        self.computer.cancel()
        self.solved.cancel()
        self._abandon()
        return self._take_effects()

    # -- the menu -------------------------------------------------------------------------

    def _menu_key(self, command: Command, now: float, key: int) -> None:
        menu = self.menu
        resumable = self.in_progress()
        if command in (Command.UP, Command.DOWN):
            menu.move(-1 if command is Command.UP else 1, resumable)
            self.message = NO_MESSAGE
        elif command in (Command.LEFT, Command.RIGHT):
            self._change(menu.highlight, -1 if command is Command.LEFT else 1)
        elif command is Command.SELECT:
            self._choose(menu.highlight, now)
        elif command is Command.NEW:
            self._choose(Item.PLAY, now)
        elif command is Command.MENU and resumable:
            self.show(Screen.GAME)
        elif command is Command.HELP:
            self.show(Screen.HELP)
        elif command is Command.QUIT:
            self.ask(Question.QUIT, now)
        menu.settle(self.in_progress())

    def _choose(self, item: Item, now: float) -> None:
        actions: dict[Item, Callable[[], None]] = {
            Item.RESUME: lambda: self.show(Screen.GAME),
            Item.PLAY: lambda: self.ask(Question.NEW_GAME, now),
            Item.STATS: lambda: self.show(Screen.STATS),
            Item.HELP: lambda: self.show(Screen.HELP),
            Item.QUIT: lambda: self.ask(Question.QUIT, now),
        }
        if item in actions:
            actions[item]()
        else:
            self._change(item, 1)

    def _change(self, item: Item, step: int) -> None:
        if not self.menu.change(item, step):
            return
        self.effects.add(Effect.SAVE_SETTINGS)
        match = self.match
        if item is Item.LANGUAGE:
            set_language(self.settings.lang.code)
            self.message = NO_MESSAGE
        elif match is None or match.over:
            self.message = NO_MESSAGE
        elif item is Item.SPEED and match.mode is Mode.CVC:
            match.speed = self.settings.speed
            self.message = Message(
                _("Speed: {speed}, from now on").format(speed=match.speed.label), Tone.NOTE
            )
        else:
            self.message = Message(_("Applies from the next game (Resume keeps this one)"))

    # -- questions ------------------------------------------------------------------------

    def ask(self, question: Question, now: float) -> None:
        """Ask `question`, or just do it when nothing would be lost."""
        match = self.match
        risky = match is not None and not match.over and match.started
        if question is Question.QUIT:
            risky = match is not None and not match.over
        if risky or question is Question.RESET_STATS:
            self.question = question
        else:
            self._do(question, now)

    def _answer(self, yes: bool, now: float) -> None:
        question, self.question = self.question, None
        if yes and question is not None:
            self._do(question, now)

    def _do(self, question: Question, now: float) -> None:
        if question is Question.QUIT:
            self._abandon()
            self.quit = True
        elif question is Question.NEW_GAME:
            self._abandon()
            self.new_game(now)
        else:
            self.session.reset_statistics()
            self.stats_top = 0
            self.effects.add(Effect.SAVE_STATISTICS)
            self.message = Message(_("Statistics reset"), Tone.NOTE)

    def _abandon(self) -> None:
        """Count the game in progress as a loss if leaving it counts."""
        match = self.match
        if match is not None and match.abandoning_counts():
            match.counted = True
            self.session.count(match.key, Result.LOSS, abandoned=True)
            self.effects.add(Effect.SAVE_STATISTICS)

    # -- other screens ------------------------------------------------------------------

    def show(self, screen: Screen) -> None:
        """Go to `screen`; help and statistics come back to where they were opened."""
        if screen in (Screen.HELP, Screen.STATS):
            self.back_to = self.screen
            self.stats_top = 0
            self.help_top = 0
        if screen is not Screen.GAME:
            self.computer.cancel()
        self.screen = screen

    def _help_key(self, command: Command, now: float, key: int) -> None:
        if command in (Command.UP, Command.DOWN):
            width, height = self.size
            last = max(0, len(help_lines(width - 2)) - (height - 1 - BOTTOM_LINES))
            self.help_top = min(last, max(0, self.help_top + (-1 if command is Command.UP else 1)))
        else:
            self.screen = self.back_to

    def _stats_key(self, command: Command, now: float, key: int) -> None:
        if command in (Command.UP, Command.DOWN):
            self.stats_top = max(0, self.stats_top + (-1 if command is Command.UP else 1))
        elif command is Command.RESET:
            self.ask(Question.RESET_STATS, now)
        else:
            self.screen = self.back_to

    # -- the game -------------------------------------------------------------------------

    def new_game(self, now: float) -> None:
        """Start a game with the current settings (Alternate swaps who starts)."""
        s = self.settings
        human_first = s.first is First.HUMAN or (
            s.first is First.ALTERNATE and self.hvc_games % 2 == 0
        )
        if s.mode is Mode.HVC:
            self.hvc_games += 1
        seed = None if self.seed is None else self.seed + 1000 * self.games_started
        self.games_started += 1
        self.computer.cancel()
        self.match = Match.start(s, human_first=human_first, now=now, seed=seed)
        for notice in self.match.notices:
            self.notify(notice)
        self.plugin_notices_seen = len(plugin_notices())  # the game's notices say it already
        self.screen = Screen.GAME
        self.message = NO_MESSAGE
        self.menu.highlight = Item.PLAY

    def _take_plugin_notices(self) -> None:
        """Queue the strategy plug-ins' problems met since the last look."""
        notices = plugin_notices()
        for notice in notices[self.plugin_notices_seen :]:
            self.notify(notice)
            self.effects.add(Effect.REDRAW)
        self.plugin_notices_seen = len(notices)

    def _take_effects(self) -> set[Effect]:
        """The effects gathered by this entry point (and the highlight kept on a shown row)."""
        self.menu.settle(self.in_progress())  # e.g. Resume goes when the game ends
        self._take_plugin_notices()
        effects, self.effects = self.effects, set()
        return effects

    HANDLERS: ClassVar[dict[Screen, Callable[[Model, Command, float, int], None]]] = {
        Screen.MENU: _menu_key,
        Screen.GAME: game.game_key,
        Screen.HELP: _help_key,
        Screen.STATS: _stats_key,
    }
    """One key handler per screen."""
