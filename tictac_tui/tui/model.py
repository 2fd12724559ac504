"""The app's core: the screen stack, what every screen shares, the questions. No curses
calls, no clock.

`Model` is the `host.Host` of the screens' controllers (one per screen, made
from `specs.SPECS`): it holds what the screens share (`Menu` and its settings,
the game in progress `Match`, `Session` scores and statistics, `ComputerTurn`),
the stack of screens shown (the top one is on show; `go` and `back` move
on it), the question waiting for y, and the messages. A key goes to the
controller of the screen on show, as the action its keymap binds. Every
entry point (`handle`, `click`, `update`, `finish`) returns the `Effects` the
caller must perform: saving the settings, the statistics or a game, listing
the saved games. Time comes in as an argument.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any, TypeVar

from ..choices import First, Mode, Settings, computer_choices
from ..engine import GameState, Player, Rules
from ..i18n import _
from ..play import saving
from ..play.hosting import NO_ENGINES, Hosting
from ..play.match import Match
from ..play.session import Session
from ..play.setup import Setup
from ..records import GameRecord
from ..saved import Resume
from ..scores import Result, ScoreKey, Scores, score_key
from ..squares import set_rows_from
from ..strategies import plugin_notices
from . import turns
from .analysispanel import AnalysisPanel
from .clocks import clock_figures
from .computer import ComputerTurn
from .editor import EditorScreen
from .effects import AnyEffect, Effect, Effects, Question
from .facts import Solved, shows_solved
from .game import GameScreen
from .host import Controller
from .keys import Command
from .layout import Target, View
from .menu import Item, Menu
from .messages import NO_MESSAGE, Message, Tone
from .pages import HelpScreen, StatsScreen
from .prompt import Prompt
from .replay import Library, OpenScreen, ReplayScreen, Viewer
from .reviewing import ReviewJob
from .screens import Screen
from .specs import SPECS, ScreenSpec

GAME_FIELDS = frozenset(
    {"game", "rows", "cols", "k", "rule", "mode", "first"}
    | {"difficulty", "x_difficulty", "o_difficulty"}
)
"""The settings that choose the game to play (language and speed don't)."""
EMPTY: Mapping[str, Any] = MappingProxyType({})
C = TypeVar("C", bound=Controller)


class Model:
    """Everything the screens show, and what each key does to it."""

    def __init__(
        self,
        settings: Settings,
        *,
        seed: int | None = None,
        statistics: Scores | None = None,
        threads: bool = True,
        hosting: Hosting = NO_ENGINES,
    ) -> None:
        self.hosting = hosting
        """The Gomocup engines a computer side may be (`tictac engines`)."""
        self.menu = Menu(settings, hosting.names)
        self.session = Session(statistics)
        self.computer = ComputerTurn(threads=threads)
        self.solved = Solved(threads=threads)
        self.seed = seed
        self.stack = [Screen.MENU]
        """The screens shown, the one on show last; each goes back to the one under it."""
        self.match: Match | None = None
        self.message = NO_MESSAGE
        self.notices: list[Message] = []
        """File notices waiting to be read; the first is shown until the next key."""
        self.question: Question | None = None
        self.asker: Controller | None = None
        """The controller that asked `question` (a yes it does not answer goes to it)."""
        self.size = (80, 24)
        """The terminal's (width, height) when the last key came (the app sets it)."""
        self.quit = False
        self.games_started = 0
        self.hvc_games = 0
        self.effects: Effects = set()
        self.show_moves = False
        """The move list as an overlay (when there is no room for it beside the board)."""
        self.show_numbers = False
        """Move numbers on the stones (`#`, in a game and in the viewer)."""
        set_rows_from(settings.rows_from)
        self.analysis = AnalysisPanel(settings.analyst, seed=seed)
        """The analysis panel (`e` on the game screen and in the viewer)."""
        self.controllers: dict[Screen, Controller] = {
            screen: spec.controller(self) for screen, spec in SPECS.items()
        }
        """Each screen's controller (its state lives there)."""
        self.plugin_notices_seen = 0
        """How many of `plugin_notices` have been queued (each is shown once)."""
        self.clock_shown: tuple[str, ...] = ()
        """The clocks' figures last drawn (a change asks for a redraw)."""
        self.hidden = False
        """The terminal is too small to show the screen (the front end says so): the
        clocks stand still."""
        computer_choices(settings.rules())  # meets the installed plug-ins: a broken one says so
        self._take_plugin_notices()

    # -- the screens -----------------------------------------------------------------

    @property
    def screen(self) -> Screen:
        """The screen on show."""
        return self.stack[-1]

    @screen.setter
    def screen(self, screen: Screen) -> None:
        """Show `screen` in place of the one on show (it goes back where that one did)."""
        self.stack[-1] = screen

    @property
    def spec(self) -> ScreenSpec:
        """The spec of the screen on show."""
        return SPECS[self.screen]

    @property
    def controller(self) -> Controller:
        """The controller of the screen on show."""
        return self.controllers[self.screen]

    def _owner(self, screen: Screen, kind: type[C]) -> C:
        controller = self.controllers[screen]
        assert isinstance(controller, kind)
        return controller

    @property
    def game(self) -> GameScreen:
        """The game screen's controller."""
        return self._owner(Screen.GAME, GameScreen)

    @property
    def replay(self) -> ReplayScreen:
        """The replay viewer's controller."""
        return self._owner(Screen.REPLAY, ReplayScreen)

    @property
    def viewer(self) -> Viewer | None:
        """The record in the replay viewer, if one is open."""
        return self.replay.viewer

    @property
    def library(self) -> Library:
        """The list of saved games last read."""
        return self._owner(Screen.OPEN, OpenScreen).library

    @property
    def prompt(self) -> Prompt | None:
        """The typed-square prompt of the game screen, or the editor's, while open."""
        if self.screen is Screen.EDITOR:
            return self.editor.prompt
        return self.game.prompt

    @property
    def editor(self) -> EditorScreen:
        """The position editor's controller."""
        return self._owner(Screen.EDITOR, EditorScreen)

    @property
    def show_forbidden(self) -> bool:
        """Renju's forbidden points are marked (`f` on the game screen toggles)."""
        return self.game.show_forbidden

    @property
    def help_top(self) -> int:
        """First line of the help shown (scrolling)."""
        return self._owner(Screen.HELP, HelpScreen).top

    @property
    def stats_top(self) -> int:
        """First line of the statistics table shown (scrolling)."""
        return self._owner(Screen.STATS, StatsScreen).top

    def go(self, screen: Screen) -> None:
        """Show `screen`: back to it if it is in the stack, in place of the screen on show
        if that one is of its kind (`ScreenSpec.swaps_with`), else over it."""
        stack = self.stack
        if screen in stack:
            del stack[stack.index(screen) + 1 :]
        elif stack[-1] in SPECS[screen].swaps_with:
            stack[-1] = screen
        else:
            stack.append(screen)
            self.controllers[screen].entered()
        self._left_game()

    def back(self) -> None:
        """Back to the screen under the one on show (the menu stays)."""
        if len(self.stack) > 1:
            self.stack.pop()
        self._left_game()

    def _left_game(self) -> None:
        """Off the game screen the computer stops thinking."""
        if self.screen is not Screen.GAME:
            self.computer.cancel()

    # -- what the screens ask -----------------------------------------------------------

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
        return View(
            self.screen,
            self.board_rules(),
            len(items),
            items.index(self.menu.highlight),
            self.show_numbers and self.screen is Screen.GAME,  # the editor shows no numbers
        )

    def board_rules(self) -> Rules | None:
        """The rules of the board on show (None on the screens that draw no board)."""
        return self.controller.board()

    def say(self, message: Message) -> None:
        """Put `message` on the message line."""
        self.message = message

    def emit(self, effect: AnyEffect) -> None:
        """Ask the caller of this entry point to do `effect`."""
        self.effects.add(effect)

    # -- entry points -------------------------------------------------------------------

    def handle(self, command: Command, now: float, key: int = -1) -> Effects:
        """Apply one command (`key` is the raw key, for digits and the prompt)."""
        if command is Command.RESIZE:
            return set()
        if self.notices:
            self.notices.pop(0)  # read: the key that dismisses it also does its job
        if self.question is not None:
            self._answer(command is Command.YES, now)
        else:
            controller = self.controller
            controller.key(self.spec.keys.action(command), command, now, key)
        return self._take_effects()

    def click(self, target: Target, now: float) -> Effects:
        """A left click on `target` (resolved by `layout.click_target`)."""
        if self.question is not None or self.prompt is not None:
            return self.handle(Command.OTHER, now)  # no, or cancel the typing
        if self.notices:
            self.notices.pop(0)
        self.controller.click(target, now)
        return self._take_effects()

    def update(self, now: float) -> Effects:
        """Let the computer think and play: ask when it is due, play its answer."""
        match = self.match
        if match is not None and match.clock is not None and not match.over:
            self._tick(match, now)
        if match is not None and self.screen is Screen.GAME:
            self.game.update(now)
            self._learn(match)
        self._follow_analysis(now)
        return self._take_effects()

    @property
    def review_job(self) -> ReviewJob | None:
        """The viewer's review under way, if any."""
        return self.replay.job

    def analysing(self) -> bool:
        """The analyst or a review is thinking (the screen changes on its own)."""
        return self.analysis.thinking() or self.replay.job is not None

    def _follow_analysis(self, now: float) -> None:
        """Point the analysis panel at the position on show, pause it while the computer
        thinks, stop it off the game and the viewer; a review under way is polled."""
        panel = self.analysis
        panel.choose(self.settings.analyst)
        if self.screen is Screen.REPLAY and self.replay.poll(now):
            self.effects.add(Effect.REDRAW)
        state = None
        if self.screen is Screen.GAME and self.match is not None:
            state = self.match.state
        elif self.screen is Screen.REPLAY and self.viewer is not None:
            state = self.viewer.state
        if not panel.shown or state is None:
            panel.stop()
            return
        if self.screen is Screen.GAME and self.match is not None and not self.match.over:
            self.match.hinted = True  # analysis shown counts like a hint
        match = self.match
        computers_turn = (
            self.screen is Screen.GAME
            and match is not None
            and not match.over
            and match.state.to_move not in match.human
            and not match.paused
        )
        if self.screen is Screen.GAME and (self.computer.thinking() or computers_turn):
            panel.pause()  # the analyst waits: it never shares the CPU with the computer
        else:
            panel.follow(state)
        if panel.fresh(now):
            self.effects.add(Effect.REDRAW)

    def _tick(self, match: Match, now: float) -> None:
        """The clocks: the side to move's runs on the game screen (not while the menu, the
        help or another screen is on show, nor while paused, nor while the terminal is too
        small to show the board); a flag fall ends the game;
        a redraw when a figure shown changes (once a second)."""
        paused = match.paused and not match.stepping
        running = self.screen is Screen.GAME and not paused and not self.hidden
        turns.run_clock(self, match, running, now)
        shown = clock_figures(match, now)
        if shown != self.clock_shown:
            self.clock_shown = shown
            self.effects.add(Effect.REDRAW)

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
        self.analysis.close()
        self.replay.cancel_review()
        self._abandon()
        if self.match is not None:
            self.match.close()
        return self._take_effects()

    # -- questions ------------------------------------------------------------------------

    def ask(self, question: Question, now: float) -> None:
        """Ask `question`, or just do it when nothing would be lost."""
        self.asker = self.controller
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
        elif self.asker is not None:
            self.asker.confirmed(question, now)

    def _abandon(self) -> None:
        """Count the game in progress as a loss if leaving it counts."""
        match = self.match
        if match is not None and match.abandoning_counts():
            match.counted = True
            self.session.count(match.key, Result.LOSS, abandoned=True)
            self.effects.add(Effect.SAVE_STATISTICS)

    # -- the game -------------------------------------------------------------------------

    def new_game(self, now: float) -> None:
        """Start a game with the current settings (Alternate swaps who starts)."""
        s = self.settings
        human_first = s.first is First.HUMAN or (
            s.first is First.ALTERNATE and self.hvc_games % 2 == 0
        )
        if s.mode is Mode.HVC:
            self.hvc_games += 1
        seed = self._next_seed()
        self.computer.cancel()
        self._replace_match()
        self.match = Match.start(
            s, human_first=human_first, now=now, seed=seed, hosting=self.hosting
        )
        for notice in self.match.notices:
            self.notify(notice)
        self.plugin_notices_seen = len(plugin_notices())  # the game's notices say it already
        self._play()
        self.message = NO_MESSAGE
        self.menu.highlight = Item.PLAY
        if self.match.in_opening:
            self.game.ask_opening()  # the opening rule's first question

    def _replace_match(self) -> None:
        """The game in progress is left for another: its engines are ended."""
        if self.match is not None:
            self.match.close()

    def _play(self) -> None:
        """The game screen on show, over the menu (the screens it was reached by left)."""
        self.stack = [Screen.MENU, Screen.GAME]

    def _take_plugin_notices(self) -> None:
        """Queue the strategy plug-ins' problems met since the last look."""
        notices = plugin_notices()
        for notice in notices[self.plugin_notices_seen :]:
            self.notify(notice)
            self.effects.add(Effect.REDRAW)
        self.plugin_notices_seen = len(notices)

    # -- records: open, replay, resume --------------------------------------------------

    def show_library(self, library: Library) -> None:
        """Show the saved games just read."""
        self._owner(Screen.OPEN, OpenScreen).library = library
        self.go(Screen.OPEN)
        self.message = NO_MESSAGE

    def view_record(self, record: GameRecord, name: str, position: int | None = None) -> None:
        """Show `record` in the replay viewer, at its last move (or at `position`)."""
        self.computer.cancel()
        viewer = Viewer(record, name)
        if position is not None:
            viewer.position = max(viewer.first, position)
        self.replay.viewer = viewer
        self.go(Screen.REPLAY)
        self.message = NO_MESSAGE

    def review_record(self, record: GameRecord, name: str, now: float) -> None:
        """Show `record` in the replay viewer from its start and review it (x after a game)."""
        self.view_record(record, name, position=0)
        self.replay.review(now)

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
        self._replace_match()
        opening = saving.opening_at(record, state)
        human_first = saving.person_first(opening, state)
        self.match = saving.match_from(
            settings,
            state,
            human_first=human_first,
            now=now,
            seed=self._next_seed(),
            hosting=self.hosting,
            opening=opening,
        )
        self.match.person_moved = False
        if record.setup:  # a game from a set-up position
            self.match.keep_set_up(record.setup)
        self.replay.viewer = None
        self._play()
        if self.match.in_opening:
            self.game.ask_opening(
                _("Playing on from move {number}").format(number=state.move_count)
            )
            return None
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
        self._replace_match()
        self.match = saving.resumed(resume, now, self._next_seed(), self.hosting)
        if self.match.in_opening:
            self.game.ask_opening()
        asked = {name: value for name, value in chosen.items() if name in GAME_FIELDS}
        try:
            asked_other = not same_game(resume.settings, replace(resume.settings, **asked))
        except ValueError:  # the options make no game with the resumed one's other choices
            asked_other = True
        self.menu.highlight = Item.PLAY if asked_other else Item.RESUME
        self.menu.settle(self.in_progress())

    # -- the position editor -------------------------------------------------------------

    def edit_position(self, state: GameState | None) -> None:
        """The position editor, with `state`'s stones (None: the menu's board, as last set
        up on it, else empty)."""
        self.computer.cancel()
        editor = self.editor
        if state is not None:
            editor.begin(Setup.of_state(state))
        else:
            rules = self.settings.rules()
            if editor.setup is None or editor.setup.rules != rules:
                editor.begin(Setup(rules))
        self.go(Screen.EDITOR)
        self.message = NO_MESSAGE

    def position_loaded(self, record: GameRecord) -> None:
        """A game read for the editor: its last position is set up."""
        self.editor.loaded(record)

    def play_setup(self, state: GameState, setup: int, mode: Mode, now: float) -> None:
        """Play on from a set-up position in `mode`, scored apart (`ScoreKey.setup`)."""
        base = replace(self.settings, mode=mode)
        settings = saving.settings_for(state.rules, base)
        if settings is None:
            rules = state.rules
            self.message = Message(
                _("A {rows}x{cols} board can't be played here (3 to 26 a side)").format(
                    rows=rules.rows, cols=rules.cols
                ),
                Tone.WARNING,
            )
            return
        self._abandon()
        self.computer.cancel()
        self._replace_match()
        human_first = state.to_move is Player.X
        match = saving.match_from(
            settings,
            state,
            human_first=human_first,
            now=now,
            seed=self._next_seed(),
            hosting=self.hosting,
        )
        match.keep_set_up(setup)
        self.match = match
        self._play()
        self.message = Message(_("Playing from the position set up"), Tone.NOTE)

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
