"""The app's state and what each command does to it. No curses calls, no clock.

`Model` ties small parts together: `Menu` (choices and highlight),
`Match` (the game in progress), `Session` (scores and statistics),
`ComputerTurn` (the computer's thinking), a question waiting for y, the
typed-coordinate `Prompt`, and the messages. Each screen has one key
handler (`Model.HANDLERS`). Every entry point (`handle`, `click`,
`update`, `finish`) returns the `Effects` the caller must perform: saving
the settings, the statistics or a game, listing the saved games. The game
screen's keys and the computer's answers are handled in `game`. Time comes in as an argument.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any, ClassVar

from ..choices import First, Mode, Settings, computer_choices
from ..engine import GameState, Move, Player, Rules
from ..i18n import _, set_language
from ..records import GameRecord
from ..saved import Resume
from ..scores import Result, ScoreKey, Scores, score_key
from ..strategies import MOVE_LIMIT, plugin_notices
from . import game, replay, saving
from .computer import ComputerTurn, JobKind
from .effects import Effect, Effects, ListGames, Question, SaveGame
from .facts import Solved, shows_solved
from .helptext import help_lines
from .keys import Command
from .layout import BOTTOM_LINES, MenuRow, Target, View
from .match import Match
from .menu import Item, Menu
from .messages import NO_MESSAGE, Message, Tone
from .prompt import Prompt
from .replay import Library, Viewer
from .screens import Screen
from .session import Session

COMPUTER_PACE = 0.2
"""Least seconds between a person's move and the computer's reply."""
GAME_FIELDS = frozenset(
    {"game", "rows", "cols", "k", "rule", "mode", "first"}
    | {"difficulty", "x_difficulty", "o_difficulty"}
)
"""The settings that choose the game to play (language and speed don't)."""
EMPTY: Mapping[str, Any] = MappingProxyType({})


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
        self.effects: Effects = set()
        self.show_moves = False
        """The move list as an overlay (when there is no room for it beside the board)."""
        self.viewer: Viewer | None = None
        self.library = Library()
        self.play_on_mode: Mode | None = None
        """The mode "play from here" asked for (None: the menu's)."""
        self.came_from = Screen.MENU
        """Where Open and the viewer go back to (the game or the menu)."""
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
        """What `layout.click_target` needs to resolve a click (and `layout.fits` to say
        whether the screen fits: the board's rules only on the screens that draw a board)."""
        items = self.menu.items(self.in_progress())
        return View(self.screen, self.board_rules(), len(items), items.index(self.menu.highlight))

    def board_rules(self) -> Rules | None:
        """The rules of the board on show (None on the screens that draw no board)."""
        if self.screen is Screen.GAME and self.match is not None:
            return self.match.rules
        if self.screen is Screen.REPLAY and self.viewer is not None:
            return self.viewer.record.rules
        return None

    # -- entry points -------------------------------------------------------------------

    def handle(self, command: Command, now: float, key: int = -1) -> Effects:
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

    def click(self, target: Target, now: float) -> Effects:
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

    def update(self, now: float) -> Effects:
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

    def finish(self) -> Effects:
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
        elif command is Command.OPEN:
            self.open_library()
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
        elif question is Question.PLAY_ON:
            self._play_on(now)
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

    # -- records: save, open, replay, resume ------------------------------------------

    def save_game(self) -> None:
        """s: save the game on show (in progress or finished) as a new file."""
        match = self.match
        if match is None or not match.started:
            self.message = Message(_("Nothing to save yet: no move has been made"), Tone.WARNING)
            return
        self.effects.add(SaveGame(saving.record_of(match)))

    def open_library(self) -> None:
        """o: the list of saved games (read by whoever performs `ListGames`)."""
        self.computer.cancel()
        self.effects.add(ListGames())

    def show_library(self, library: Library) -> None:
        """Show the saved games just read."""
        if self.screen not in (Screen.OPEN, Screen.REPLAY, Screen.HELP):
            self.came_from = self.screen
        self.library = library
        self.screen = Screen.OPEN
        self.message = NO_MESSAGE

    def leave_library(self) -> None:
        """Back from the list to the game or menu it was opened from."""
        self.screen = self.came_from
        if self.screen is Screen.GAME and self.match is None:
            self.screen = Screen.MENU

    def view_record(self, record: GameRecord, name: str) -> None:
        """Show `record` in the replay viewer, at its last move."""
        self.computer.cancel()
        if self.screen not in (Screen.OPEN, Screen.REPLAY, Screen.HELP):
            self.came_from = self.screen
        self.viewer = Viewer(record, name)
        self.screen = Screen.REPLAY
        self.message = NO_MESSAGE

    def leave_viewer(self) -> None:
        """Back from the viewer to the game or menu."""
        self.viewer = None
        self.leave_library()

    def show_help(self) -> None:
        """The help screen (back to where it was opened)."""
        self.show(Screen.HELP)

    def ask_quit(self, now: float) -> None:
        """q: quit (asks while a game is in progress)."""
        self.ask(Question.QUIT, now)

    def play_from_here(self, command: Command, now: float) -> None:
        """In the viewer: a new game from the shown position (c: vs computer, f: a friend,
        Enter: the menu's mode), the record's earlier moves its history."""
        viewer = self.viewer
        assert viewer is not None
        if viewer.at_a_foul():
            self.message = Message(
                _("The game ended with a foul: step back to play on"), Tone.WARNING
            )
            return
        state = viewer.state
        if state.is_over:
            self.message = Message(_("The game is over here: step back to play on"), Tone.WARNING)
            return
        self.play_on_mode = {Command.COMPUTER: Mode.HVC, Command.FORBIDDEN: Mode.HVH}.get(command)
        match = self.match
        if match is not None and not match.over and match.started:
            self.question = Question.PLAY_ON
        else:
            self._play_on(now)

    def _play_on(self, now: float) -> None:
        viewer = self.viewer
        if viewer is None:
            return
        problem = self.continue_game(viewer.record, viewer.state, now, self.play_on_mode)
        if problem is not None:
            self.message = Message(problem, Tone.WARNING)

    def continue_game(
        self, record: GameRecord, state: GameState, now: float, mode: Mode | None = None
    ) -> str | None:
        """Play on from `state` of `record` (`--load`, play from here); a problem, or None.

        Against the computer the person takes the side to move. The game in
        progress, if any, is abandoned (counted as the menu's Play would).
        """
        base = self.settings if mode is None else replace(self.settings, mode=mode)
        settings = saving.settings_for(record.rules, base)
        if settings is None:
            rules = record.rules
            return _("A {rows}x{cols} board can't be played here (3 to 26 a side)").format(
                rows=rules.rows, cols=rules.cols
            )
        self._abandon()
        self.computer.cancel()
        human_first = state.to_move is Player.X
        self.match = saving.match_from(
            settings, state, human_first=human_first, now=now, seed=self._next_seed()
        )
        self.match.person_moved = False
        self.viewer = None
        self.screen = Screen.GAME
        self.message = Message(
            _("Playing on from move {number}").format(number=state.move_count), Tone.NOTE
        )
        return None

    def resume(self, resume: Resume, now: float, chosen: Mapping[str, Any] = EMPTY) -> None:
        """The autosaved game becomes the game in progress; the menu offers "Resume game".

        `chosen`: the settings the command line chose. When those of `GAME_FIELDS`
        choose another game than the resumed one (`same_game`), Play is highlighted, so
        Enter starts the game asked for; Resume stays offered.
        """
        self.match = saving.resumed(resume, now, self._next_seed())
        asked = {name: value for name, value in chosen.items() if name in GAME_FIELDS}
        try:
            asked_other = not same_game(resume.settings, replace(resume.settings, **asked))
        except ValueError:  # the options make no game with the resumed one's other choices
            asked_other = True
        self.menu.highlight = Item.PLAY if asked_other else Item.RESUME
        self.menu.settle(self.in_progress())

    def _next_seed(self) -> int | None:
        seed = None if self.seed is None else self.seed + 1000 * self.games_started
        self.games_started += 1
        return seed

    def _take_effects(self) -> Effects:
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
        Screen.OPEN: replay.library_key,
        Screen.REPLAY: replay.viewer_key,
    }
    """One key handler per screen."""


def same_game(one: Settings, other: Settings) -> bool:
    """Whether two settings start the same kind of game: board, rule and mode, and the
    computers (and who goes first) that mode plays with."""
    if one.rules() != other.rules() or one.mode is not other.mode:
        return False
    if one.mode is Mode.HVC:
        return (one.first, one.difficulty) == (other.first, other.difficulty)
    if one.mode is Mode.CVC:
        return (one.x_difficulty, one.o_difficulty) == (other.x_difficulty, other.o_difficulty)
    return True
