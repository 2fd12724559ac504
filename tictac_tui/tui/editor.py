"""The position editor's controller: stones placed with the cursor, the mouse and keys,
a position typed or pasted as a pos string (or a file's game), the side to move, and
play or analysis from the position set up.

The position is a `play.setup.Setup`; a position that could not arise under the rule
is refused with the reason (`setup.refusal`) when play or analysis is asked for.
No curses, no files (a file is read by whoever performs
`LoadPosition`).
"""

from __future__ import annotations

from dataclasses import replace

from ..choices import Mode
from ..engine import GameState, Move, Player, Rules
from ..i18n import N_, _, ngettext
from ..play.setup import Setup, refusal, start
from ..records import GameRecord
from ..squares import square_name
from ..words import side_name
from .actions import Action
from .effects import LoadPosition, Question
from .host import Controller, Handler, Host
from .keys import Command
from .layout import Target
from .messages import NO_MESSAGE, Message, Tone
from .prompt import Prompt, Typed, text_prompt
from .screens import Screen

STEPS = {Command.UP: (-1, 0), Command.DOWN: (1, 0), Command.LEFT: (0, -1), Command.RIGHT: (0, 1)}

ASK_POSITION = N_("Position (h8i9g7) or file: ")
"""What the editor's prompt says."""

FILE_ENDINGS = (".sgf", ".psq", ".pos")
"""Typed text ending so (or holding a /) is a file's name, not a pos string."""


class EditorScreen(Controller):
    """The position editor: its position, cursor and prompt."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.setup: Setup | None = None
        self.cursor = Move(0, 0)
        self.prompt: Prompt | None = None
        self.play_mode = Mode.HVC
        self.then_analyse = False
        """Whether the game started from the position shows the analysis panel (`e`)."""
        """The mode asked for by the last c, f or p (played once the question is answered)."""

    # -- what the app asks -----------------------------------------------------------

    def board(self) -> Rules | None:
        """The board being set up."""
        return self.setup.rules if self.setup is not None else None

    def begin(self, setup: Setup) -> None:
        """Edit `setup` from now on, the cursor in the middle of its board."""
        self.setup = setup
        rules = setup.rules
        self.cursor = Move(rules.rows // 2, rules.cols // 2)
        self.prompt = None

    def loaded(self, record: GameRecord) -> None:
        """The game read from a file: its last position, on the record's own board."""
        state = record.final_state
        self.begin(Setup.of_state(state))
        self.host.say(
            Message(
                ngettext(
                    "Position read: {count} stone",
                    "Position read: {count} stones",
                    state.move_count,
                ).format(count=state.move_count),
                Tone.NOTE,
            )
        )

    # -- keys ---------------------------------------------------------------------------

    def actions(self) -> dict[Action, Handler]:
        """What each of the editor's actions does."""
        host = self.host
        return {
            Action.MOVE_CURSOR: self.move_cursor,
            Action.CYCLE_SQUARE: lambda command, now, key: self.change(self.cursor, None),
            Action.PLACE_BLACK: lambda command, now, key: self.change(self.cursor, Player.X),
            Action.PLACE_WHITE: lambda command, now, key: self.change(self.cursor, Player.O),
            Action.CLEAR_SQUARE: lambda command, now, key: self.clear(self.cursor),
            Action.CLEAR_BOARD: self.clear_board,
            Action.SWITCH_TO_MOVE: self.switch_to_move,
            Action.TYPE_POSITION: self.open_prompt,
            Action.PLAY_SETUP_WITH_COMPUTER: self.player(Mode.HVC),
            Action.PLAY_SETUP_WITH_FRIEND: self.player(Mode.HVH),
            Action.PLAY_SETUP_COMPUTERS: self.player(Mode.CVC),
            Action.ANALYSE_SETUP: self.analyse,
            Action.BACK: lambda command, now, key: host.back(),
            Action.SHOW_HELP: lambda command, now, key: host.go(Screen.HELP),
            Action.QUIT: lambda command, now, key: host.ask(Question.QUIT, now),
        }

    def key(self, action: Action | None, command: Command, now: float, key: int) -> None:
        """A key: to the prompt while it is open, else its action."""
        if self.prompt is not None:
            self.prompt_key(key)
        elif self.setup is not None:
            super().key(action, command, now, key)

    def click(self, target: Target, now: float) -> None:
        """A click on a square: the cursor goes there and the square steps
        (empty, black, white)."""
        if isinstance(target, Move) and self.setup is not None:
            self.cursor = target
            self.change(target, None)

    def move_cursor(self, command: Command, now: float, key: int) -> None:
        """Arrows: the cursor moves, stopping at the edges."""
        rules = self.current.rules
        rows, cols = STEPS[command]
        self.cursor = Move(
            min(rules.rows - 1, max(0, self.cursor.row + rows)),
            min(rules.cols - 1, max(0, self.cursor.col + cols)),
        )
        self.host.say(NO_MESSAGE)

    @property
    def current(self) -> Setup:
        """The position being set up (the editor is only shown with one)."""
        assert self.setup is not None
        return self.setup

    def change(self, move: Move, player: Player | None) -> None:
        """`player`'s stone on `move` (None: the square steps empty, black, white)."""
        setup = self.current
        changed = setup.cycled(move) if player is None else setup.put(move, player)
        self.settle(changed)

    def clear(self, move: Move) -> None:
        """The square emptied."""
        self.settle(self.current.put(move, None))

    def clear_board(self, command: Command, now: float, key: int) -> None:
        """n: no stones, black to move."""
        self.setup = Setup(self.current.rules)
        self.host.say(Message(_("The board is empty"), Tone.NOTE))

    def settle(self, setup: Setup) -> None:
        """`setup` from now on, the side to move the one its stone counts give."""
        black, white = setup.count(Player.X), setup.count(Player.O)
        to_move = Player.O if black == white + 1 else Player.X
        self.setup = replace(setup, to_move=to_move)
        self.host.say(NO_MESSAGE)

    def switch_to_move(self, command: Command, now: float, key: int) -> None:
        """t: the other side to move (refused later if the stones can't allow it)."""
        setup = self.current
        self.setup = replace(setup, to_move=setup.to_move.other)
        side = side_name(self.setup.to_move, setup.rules)
        self.host.say(Message(_("{side} to move").format(side=side), Tone.NOTE))

    # -- typing a position -------------------------------------------------------------

    def open_prompt(self, command: Command, now: float, key: int) -> None:
        """: or g: type or paste a pos string or a file's name."""
        self.prompt = text_prompt(ASK_POSITION)
        self.host.say(NO_MESSAGE)

    def prompt_key(self, key: int) -> None:
        """A key while the prompt is open: edit, cancel, or take the position typed."""
        prompt = self.prompt
        assert prompt is not None
        typed = prompt.key(key)
        if typed is Typed.EDITING:
            return
        self.prompt = None
        text = prompt.text.strip()
        if typed is Typed.CANCELLED or not text:
            return
        if "/" in text or text.lower().endswith(FILE_ENDINGS):
            self.host.emit(LoadPosition(text))
            return
        try:
            setup = Setup.of_pos(text, self.current.rules)
        except ValueError as error:
            self.host.say(Message(str(error), Tone.WARNING))
            return
        self.setup = setup
        self.host.say(
            Message(
                ngettext(
                    "Position set: {count} stone", "Position set: {count} stones", len(setup.stones)
                ).format(count=len(setup.stones)),
                Tone.NOTE,
            )
        )

    # -- leaving with the position -----------------------------------------------------

    def checked(self) -> GameState | None:
        """The position as a game state, or None after saying why it is refused."""
        setup = self.current
        why = refusal(setup)
        if why is not None:
            self.host.say(Message(why, Tone.WARNING))
            return None
        return start(setup)

    def player(self, mode: Mode) -> Handler:
        """c, f, p: play on from the position in `mode`."""

        def handler(command: Command, now: float, key: int) -> None:
            if self.checked() is not None:
                self.play_mode, self.then_analyse = mode, False
                self.host.ask(Question.PLAY_ON, now)  # at once unless a game would be lost

        return handler

    def confirmed(self, question: Question, now: float) -> None:
        """Yes to playing on from the position (the game in progress is left)."""
        if question is not Question.PLAY_ON or self.setup is None:
            return
        state = self.checked()
        if state is not None:
            self.host.play_setup(state, state.move_count, self.play_mode, now)
            if self.then_analyse and not self.host.analysis.shown:
                self.host.analysis.toggle()

    def analyse(self, command: Command, now: float, key: int) -> None:
        """e: analyse the position: play on from it with a friend, the analysis panel shown
        (moves, undo and the panel's keys then study it)."""
        if self.checked() is not None:
            self.play_mode, self.then_analyse = Mode.HVH, True
            self.host.ask(Question.PLAY_ON, now)  # at once unless a game would be lost

    def turn_words(self) -> str | None:
        """The side to move, the stones and the cursor's square: "X to move · 3+2 · H8"."""
        setup = self.setup
        if setup is None:
            return None
        side = side_name(setup.to_move, setup.rules)
        return _("{side} to move · {black}+{white} stones · {square}").format(
            side=side,
            black=setup.count(Player.X),
            white=setup.count(Player.O),
            square=square_name(setup.rules, self.cursor),
        )
