"""The game screen's controller: what each action does to the match (the computer's
turn is `turns`).

`GameScreen` owns the screen's own state (the typed-square prompt, whether
renju's forbidden points are marked) and talks to the app through its `Host`
(`host.Host`): the match, the statistics and the computer are the app's. No
curses calls, no clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..choices import Mode, Speed
from ..engine import Move, Rule, Rules
from ..i18n import _
from ..play import saving
from ..play.match import Match, check_move
from ..strategies import HINT_LIMIT
from ..words import rule_name, speed_name
from . import turns
from .actions import Action
from .bindings import GameHint
from .computer import JobKind
from .effects import Effect, Question, SaveGame
from .helptext import FORBIDDEN_MARK
from .host import Controller, Handler, Host, analysis_actions, open_saved, toggle_numbers
from .keys import Command, digit_value
from .layout import Target
from .menu import Item
from .messages import NO_MESSAGE, Message, Tone
from .prompt import Prompt, Typed
from .screens import Screen
from .squares import example_square, square_name, square_problem, typed_square
from .turns import moved

CURSOR_STEPS = {
    Command.UP: (-1, 0),
    Command.DOWN: (1, 0),
    Command.LEFT: (0, -1),
    Command.RIGHT: (0, 1),
}


class GameScreen(Controller):
    """The game screen: the prompt, the forbidden marks, and what each action does."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.prompt: Prompt | None = None
        """The typed-square prompt, while open (every key goes to it)."""
        self.show_forbidden = True
        """Renju's forbidden points are marked on the board (`f` toggles, for this run)."""

    @property
    def match(self) -> Match:
        """The game on show (the game screen is only shown with one)."""
        match = self.host.match
        assert match is not None
        return match

    def board(self) -> Rules | None:
        """The game's board."""
        return self.host.match.rules if self.host.match is not None else None

    def hint(self) -> int:
        """The hint bar for the situation: over, computers playing, 3x3, other boards."""
        match = self.host.match
        if match is None:
            return GameHint.PLAYING
        if match.over:
            return GameHint.OVER
        if match.mode is Mode.CVC:
            return GameHint.WATCHING
        if (match.rules.rows, match.rules.cols) == (3, 3):
            return GameHint.TICTACTOE
        return GameHint.PLAYING

    def actions(self) -> dict[Action, Handler]:
        """What each of the game screen's actions does."""
        return {
            Action.QUIT: lambda command, now, key: self.host.ask(Question.QUIT, now),
            Action.SHOW_MENU: self.show_menu,
            Action.SHOW_HELP: lambda command, now, key: self.host.go(Screen.HELP),
            Action.NEW_GAME: lambda command, now, key: self.host.ask(Question.NEW_GAME, now),
            Action.MOVE_CURSOR: self.move_cursor,
            Action.PLAY_SQUARE: self.select,
            Action.PLAY_DIGIT: self.digit,
            Action.TYPE_SQUARE: self.goto,
            Action.UNDO: self.undo,
            Action.HINT: self.ask_hint,
            Action.TOGGLE_FORBIDDEN: self.toggle_forbidden,
            Action.PAUSE: self.watching(self.pause),
            Action.STEP_ONE: self.watching(self.step),
            Action.FASTER: self.watching(lambda now: self.change_speed(1)),
            Action.SLOWER: self.watching(lambda now: self.change_speed(-1)),
            Action.SAVE_GAME: self.save,
            Action.OPEN_SAVED: self.open_saved,
            Action.TOGGLE_MOVES: self.toggle_moves,
            Action.REPLAY_GAME: self.replay,
            Action.TOGGLE_NUMBERS: lambda command, now, key: toggle_numbers(self.host),
            Action.EDIT_POSITION: lambda command, now, key: self.host.edit_position(
                self.match.state
            ),
            **analysis_actions(self.host),
            Action.REVIEW: self.review,
        }

    def key(self, action: Action | None, command: Command, now: float, key: int) -> None:
        """A key: to the prompt while it is open, else its action."""
        if self.prompt is not None:
            self.prompt_key(key, now)
        else:
            super().key(action, command, now, key)

    def watching(self, act: Callable[[float], None]) -> Handler:
        """A key of computer vs computer (nothing in other modes)."""

        def handler(command: Command, now: float, key: int) -> None:
            if self.match.mode is Mode.CVC:
                act(now)

        return handler

    def show_menu(self, command: Command, now: float, key: int) -> None:
        """m or Esc: the menu, with Resume highlighted while the game goes on."""
        host = self.host
        host.go(Screen.MENU)
        host.menu.highlight = Item.RESUME if host.in_progress() else Item.PLAY

    def move_cursor(self, command: Command, now: float, key: int) -> None:
        """Arrows: the cursor moves (not between computers)."""
        match = self.match
        if match.mode is not Mode.CVC:
            match.move_cursor(*CURSOR_STEPS[command])
            if not match.over:
                self.host.say(NO_MESSAGE)

    def select(self, command: Command, now: float, key: int) -> None:
        """Enter: play the cursor square; pause between computers; play again at the end."""
        match = self.match
        if match.over:
            self.host.new_game(now)
        elif match.mode is Mode.CVC:
            self.pause(now)
        else:
            self.person_moves(match.cursor, now)

    def digit(self, command: Command, now: float, key: int) -> None:
        """1-9: play that square on 3x3."""
        match = self.match
        if (match.rules.rows, match.rules.cols) != (3, 3):
            square = example_square(match)
            self.host.say(
                Message(
                    _("Digits play on 3x3 only: type g and a square, like {square}").format(
                        square=square
                    ),
                    Tone.WARNING,
                    _("Type g and a square, like {square}").format(square=square),
                )
            )
        elif not match.over and match.mode is not Mode.CVC:
            move = Move(*divmod(digit_value(key) - 1, 3))
            match.cursor = move
            self.person_moves(move, now)

    def goto(self, command: Command, now: float, key: int) -> None:
        """g or ':': open the typed-square prompt."""
        if self.match.mode is not Mode.CVC:
            self.prompt = Prompt()
            self.host.say(NO_MESSAGE)

    def prompt_key(self, key: int, now: float) -> None:
        """A key while the prompt is open: edit, cancel, or go to the square typed."""
        prompt, match = self.prompt, self.match
        assert prompt is not None
        typed = prompt.key(key)
        if typed is Typed.EDITING:
            return
        self.prompt = None
        if typed is Typed.CANCELLED or not prompt.text:
            return
        try:
            move = typed_square(prompt.text, match)
        except ValueError as error:
            self.host.say(Message(square_problem(prompt.text, match, error), Tone.WARNING))
            return
        match.cursor = move
        if match.human_to_move():
            self.person_moves(move, now)
        else:
            self.host.say(Message(_("Cursor on {square}").format(square=square_name(match, move))))

    def click(self, target: Target, now: float) -> None:
        """A click on a square: the cursor goes there and a person plays it."""
        match = self.host.match
        if not isinstance(target, Move) or match is None or match.mode is Mode.CVC:
            return
        match.cursor = target
        if not match.over:
            self.person_moves(target, now)

    def person_moves(self, move: Move, now: float) -> None:
        """A person plays `move`, or a message says why not."""
        match = self.match
        problem = check_move(match, move)
        if problem is None and not match.human_to_move():
            problem = _("Wait for the computer's move")
        if problem is not None:
            self.host.say(Message(problem, Tone.WARNING))
            return
        self.host.computer.cancel()  # a hint in flight is no longer wanted
        match.play(move, now)
        moved(self.host, match)

    def undo(self, command: Command, now: float, key: int) -> None:
        """u: back to the person's previous turn (the computer's reply too)."""
        match, host = self.match, self.host
        if match.mode is Mode.CVC:
            host.say(Message(_("Undo is for games with a person playing"), Tone.WARNING))
            return
        host.computer.cancel()
        undone = match.undo(now)
        if undone is None and match.halted is not None:
            match.halted = None  # nothing of the person's to undo: the engine tries again
            host.say(Message(_("Trying again"), Tone.NOTE))
        elif undone is None:
            host.say(Message(_("Nothing to undo"), Tone.WARNING))
        else:
            host.say(Message(_("Move undone"), Tone.NOTE))

    def toggle_forbidden(self, command: Command, now: float, key: int) -> None:
        """f: show or hide renju's forbidden points (for the rest of this run)."""
        rules = self.match.rules
        if rules.rule is not Rule.RENJU:
            self.host.say(
                Message(
                    _("No forbidden points under {rule}").format(
                        rule=rule_name(rules.rule, rules.k)
                    ),
                    Tone.WARNING,
                )
            )
            return
        self.show_forbidden = not self.show_forbidden
        short = ""
        if self.show_forbidden:
            text = _("Forbidden points for X (black) marked {mark}").format(mark=FORBIDDEN_MARK)
            short = _("Forbidden points marked {mark}").format(mark=FORBIDDEN_MARK)
        else:
            text = _("Forbidden points hidden (f shows them)")
        self.host.say(Message(text, Tone.NOTE, short))

    def ask_hint(self, command: Command, now: float, key: int) -> None:
        """t: ask the hint player for the person's move."""
        match, host = self.match, self.host
        if not match.human_to_move() or match.hinter is None:
            host.say(Message(_("Hints are for your turn"), Tone.WARNING))
            return
        host.computer.ask(JobKind.HINT, match.state, match.hinter, HINT_LIMIT, now, now)
        host.say(NO_MESSAGE)

    # -- computer vs computer ----------------------------------------------------------

    def pause(self, now: float) -> None:
        """p: pause or resume computer vs computer (a thinking computer stops)."""
        match = self.match
        if match.over:
            return
        if match.halted is not None:  # an engine failed: p tries again
            match.halted = None
            match.paused = False
            match.stepping = False
            self.host.say(NO_MESSAGE)
            return
        match.paused = not match.paused
        match.stepping = False
        if match.paused:
            self.host.computer.cancel()
        self.host.say(NO_MESSAGE)

    def step(self, now: float) -> None:
        """.: one move while computer vs computer is paused."""
        match = self.match
        if not match.paused:
            self.host.say(Message(_(". plays one move while paused (p pauses)"), Tone.WARNING))
        elif not match.over:
            match.stepping = True
            match.last_move_at = now - match.speed.seconds  # at once

    def change_speed(self, by: int) -> None:
        """One speed faster (+1) or slower (-1), for this game and the next ones."""
        match, host = self.match, self.host
        speeds = list(Speed)
        match.speed = speeds[min(len(speeds) - 1, max(0, speeds.index(match.speed) + by))]
        if match.speed is not host.settings.speed:
            host.menu.settings = replace(host.settings, speed=match.speed)
            host.emit(Effect.SAVE_SETTINGS)
        host.say(Message(_("Speed: {speed}").format(speed=speed_name(match.speed)), Tone.NOTE))

    # -- records -------------------------------------------------------------------------

    def save(self, command: Command, now: float, key: int) -> None:
        """s: save the game on show (in progress or finished) as a new file."""
        match = self.match
        if not match.started:
            self.host.say(Message(_("Nothing to save yet: no move has been made"), Tone.WARNING))
            return
        self.host.emit(SaveGame(saving.record_of(match)))

    def open_saved(self, command: Command, now: float, key: int) -> None:
        """o: the list of saved games."""
        open_saved(self.host)

    def toggle_moves(self, command: Command, now: float, key: int) -> None:
        """v: show or hide the move list (an overlay where it doesn't fit beside the board)."""
        self.host.show_moves = not self.host.show_moves

    def update(self, now: float) -> None:
        """The computer's turn (`turns.update`)."""
        turns.update(self.host, self.match, now)

    def review(self, command: Command, now: float, key: int) -> None:
        """x after the game: review it in the replay viewer."""
        match = self.match
        if match.over:
            self.host.review_record(saving.record_of(match), _("this game"), now)
        else:
            self.host.say(Message(_("x reviews a finished game"), Tone.NOTE))

    def replay(self, command: Command, now: float, key: int) -> None:
        """r after the game: watch it again in the replay viewer, from the start."""
        match = self.match
        if match.over:
            self.host.view_record(saving.record_of(match), _("this game"), position=0)
