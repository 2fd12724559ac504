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
from ..engine.openings import Action as Step
from ..engine.openings import (
    Ask,
    Declare,
    Offer,
    OpeningRefused,
    Pick,
    Place,
    Refusal,
    Refused,
    read_answer,
)
from ..engine.symmetry import symmetrical
from ..i18n import N_, _
from ..play import saving
from ..play.match import Match, check_move
from ..play.openings import (
    answer_keys,
    decision_words,
    numbered_choice,
    refusal_words,
    typed_choice,
)
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
from .prompt import Prompt, Typed, text_prompt
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
        decision = match.decision
        if decision is not None and match.mode is not Mode.CVC:
            if not match.person_is_human(decision.person):
                return GameHint.OPENING_WAIT
            if decision.ask in (Ask.CHOOSE, Ask.DECLARE):
                return GameHint.OPENING_ANSWER
            return GameHint.OPENING
        if match.mode is Mode.CVC:
            return GameHint.WATCHING
        if (match.rules.rows, match.rules.cols) == (3, 3):
            return GameHint.TICTACTOE
        return GameHint.PLAYING

    def hint_values(self) -> dict[str, str]:
        """``{keys}``: the digits that answer the opening's question now ("1-2", "1-3",
        "1-8"; `play.openings.answer_keys`)."""
        match = self.host.match
        decision = match.decision if match is not None else None
        if decision is None or decision.ask not in (Ask.CHOOSE, Ask.DECLARE):
            return {}
        return {"keys": answer_keys(decision)}

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
        """1-9: play that square on 3x3; in an opening, the numbered answer or the number
        declared."""
        match = self.match
        if match.in_opening and match.mode is not Mode.CVC:
            self.opening_digit(digit_value(key), now)
        elif (match.rules.rows, match.rules.cols) != (3, 3):
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
        """g or ':': open the typed-square prompt; in an opening asking a person for a
        word, a number or several squares, a text prompt for them."""
        match = self.match
        if match.mode is Mode.CVC:
            return
        decision = match.decision
        if decision is not None and match.person_is_human(decision.person):
            if decision.ask is Ask.OFFER:
                self.prompt = text_prompt(N_("Squares to offer, like h9 j7: "))
            elif decision.ask in (Ask.CHOOSE, Ask.DECLARE):
                self.prompt = text_prompt(N_("Your answer (a word or number as listed): "))
            else:
                self.prompt = Prompt()
        else:
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
        decision = match.decision
        if decision is not None and decision.ask in (Ask.CHOOSE, Ask.DECLARE, Ask.OFFER):
            self.opening_typed(prompt.text, now)
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
        """A person plays `move`, or a message says why not (in an opening: places a stone,
        marks a 5th move to offer, or picks one)."""
        match = self.match
        if match.in_opening:
            self.opening_square(move, now)
            return
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
        if match.offering:
            match.offering = match.offering[:-1]
            host.say(Message(_("5th move unmarked"), Tone.NOTE))
            return
        steps = len(match.opening.steps) if match.opening is not None else 0
        undone = match.undo(now)
        if undone is None and match.halted is not None:
            match.halted = None  # nothing of the person's to undo: the engine tries again
            host.say(Message(_("Trying again"), Tone.NOTE))
        elif undone is not None and match.opening and len(match.opening.steps) < steps:
            self.ask_opening(_("Opening step undone"))
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
        if not match.human_to_move() or match.hinter is None or match.in_opening:
            host.say(Message(_("Hints are for your turn"), Tone.WARNING))
            return
        host.computer.ask(JobKind.HINT, match.state, match.hinter, HINT_LIMIT, now, now)
        host.say(NO_MESSAGE)

    # -- the opening -----------------------------------------------------------------

    def ask_opening(self, before: str = "") -> None:
        """Say what the opening asks now (a question when a person decides)."""
        match = self.match
        decision = match.decision
        if decision is None:
            return
        words = decision_words(decision, match.state.move_count, turns.you(match, decision.person))
        if before:
            words = before + ". " + words
        tone = Tone.QUESTION if match.person_is_human(decision.person) else Tone.NOTE
        self.host.say(Message(words, tone))

    def take_step(self, action: Step, now: float) -> None:
        """A person's opening step, or the reason it is refused."""
        match = self.match
        decision = match.decision
        assert decision is not None
        if not match.person_is_human(decision.person):
            self.host.say(Message(_("Wait for the computer's decision"), Tone.WARNING))
            return
        try:
            match.step(action, now)
        except OpeningRefused as refused:
            words = refusal_words(
                refused.refused, match.state.move_count, lambda m: square_name(match, m)
            )
            self.host.say(Message(words, Tone.WARNING))
            return
        self.host.computer.cancel()
        turns.opening_stepped(self.host, match, decision, action)

    def opening_square(self, move: Move, now: float) -> None:
        """Enter or a click on a square in the opening: place, mark an offer, or pick."""
        match = self.match
        decision = match.decision
        assert decision is not None
        if decision.ask is Ask.PLACE:
            self.take_step(Place(move), now)
        elif decision.ask is Ask.PICK:
            self.take_step(Pick(move), now)
        elif decision.ask is Ask.OFFER and match.person_is_human(decision.person):
            self.mark_offer(move, now)
        else:
            self.ask_opening()

    def mark_offer(self, move: Move, now: float) -> None:
        """Mark (or unmark) a 5th move to offer; the offer is made once enough are marked."""
        match = self.match
        decision = match.decision
        assert decision is not None and match.opening is not None
        if move in match.offering:
            match.offering = tuple(m for m in match.offering if m != move)
            self.host.say(Message(_("5th move unmarked"), Tone.NOTE))
            return
        marked = (*match.offering, move)
        count = decision.count or 1
        state = match.state
        refused = None
        if not state.is_legal(move):
            refused = Refused(Refusal.ILLEGAL, move=move)
        elif any(symmetrical(state, earlier, move) for earlier in match.offering):
            refused = Refused(Refusal.SYMMETRICAL, move=move)
        if refused is not None:
            words = refusal_words(refused, state.move_count, lambda m: square_name(match, m))
            self.host.say(Message(words, Tone.WARNING))
            return
        if len(marked) == count:
            self.take_step(Offer(marked), now)
            return
        match.offering = marked
        self.host.say(
            Message(
                _("{marked} of {count} 5th moves marked (u unmarks the last)").format(
                    marked=len(marked), count=count
                ),
                Tone.QUESTION,
            )
        )

    def opening_digit(self, digit: int, now: float) -> None:
        """A digit in the opening: the numbered answer to a swap question, or the number of
        5th moves declared."""
        decision = self.match.decision
        assert decision is not None
        if decision.ask is Ask.DECLARE:
            self.take_step(Declare(digit), now)
            return
        chosen = numbered_choice(decision, digit) if decision.ask is Ask.CHOOSE else None
        if chosen is None:
            self.ask_opening()
            return
        self.take_step(chosen, now)

    def opening_typed(self, text: str, now: float) -> None:
        """A typed answer (g): swap, keep, a number, or the 5th moves to offer."""
        match = self.match
        decision = match.decision
        assert decision is not None
        words = text.replace(",", " ").split()
        if decision.ask is Ask.OFFER:
            moves = []
            for word in words:
                try:
                    moves.append(typed_square(word, match))
                except ValueError as error:
                    self.host.say(Message(square_problem(word, match, error), Tone.WARNING))
                    return
            if len(moves) == 1:  # one square: marked, as Enter on it would
                match.cursor = moves[0]
                self.mark_offer(moves[0], now)
            else:
                self.take_step(Offer(tuple(moves)), now)
            return
        chosen: Step | None
        if decision.ask is Ask.CHOOSE:
            chosen = typed_choice(text, decision)
        else:
            chosen = read_answer(text, decision, match.rules)
        if chosen is None:
            self.ask_opening()
            return
        self.take_step(chosen, now)

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
