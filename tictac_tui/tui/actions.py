"""What a key does on a screen: named actions, and the bindings that give them.

A key gives a `keys.Command` (the same on every screen); each screen's
`Keymap` says which `Action` that command is there (`f` is `TOGGLE_FORBIDDEN`
in a game and `PLAY_ON_WITH_FRIEND` in the replay viewer). A `Binding` is
one row of the help screen: the keys as shown, what they do, and the
command -> action pairs it binds. The key-hint bar's forms (`Hint`) are whole
phrases, long to short, so a translator can order their words; each names the
actions it mentions, which must be bound on its screen. Every keymap is in
`bindings`; the help screen and the hint bar are generated from them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from .keys import Command


class Action(Enum):
    """What a key does on the screen it is pressed on."""

    QUIT = "quit"
    SHOW_HELP = "show help"
    SHOW_MENU = "show menu"
    BACK = "back"
    """Back to the screen this one was opened from."""
    NEW_GAME = "new game"
    OPEN_SAVED = "open saved games"
    # the menu
    CHOOSE_ROW = "choose row"
    CHANGE_VALUE = "change value"
    SELECT_ROW = "select row"
    RESUME_GAME = "resume game"
    # the game
    MOVE_CURSOR = "move cursor"
    PLAY_SQUARE = "play square"
    """Enter: the cursor's square (pauses between computers, plays again at the end)."""
    PLAY_DIGIT = "play digit"
    TYPE_SQUARE = "type square"
    UNDO = "undo"
    HINT = "hint"
    TOGGLE_FORBIDDEN = "toggle forbidden"
    PAUSE = "pause"
    STEP_ONE = "step one"
    FASTER = "faster"
    SLOWER = "slower"
    SAVE_GAME = "save game"
    TOGGLE_MOVES = "toggle moves"
    REPLAY_GAME = "replay game"
    # help and statistics
    SCROLL_UP = "scroll up"
    SCROLL_DOWN = "scroll down"
    RESET_STATS = "reset statistics"
    # the list of saved games
    HIGHLIGHT_UP = "highlight up"
    HIGHLIGHT_DOWN = "highlight down"
    HIGHLIGHT_FIRST = "highlight first"
    HIGHLIGHT_LAST = "highlight last"
    OPEN_HIGHLIGHTED = "open highlighted"
    # the replay viewer
    STEP_BACK = "step back"
    STEP_FORWARD = "step forward"
    FIRST_MOVE = "first move"
    LAST_MOVE = "last move"
    PLAY_ON = "play on"
    """Enter in the viewer: a game from the shown position, in the menu's mode."""
    PLAY_ON_WITH_COMPUTER = "play on with computer"
    PLAY_ON_WITH_FRIEND = "play on with friend"
    TOGGLE_NUMBERS = "toggle numbers"
    EDIT_POSITION = "edit position"
    # the position editor
    PLACE_BLACK = "place black"
    PLACE_WHITE = "place white"
    CLEAR_SQUARE = "clear square"
    CYCLE_SQUARE = "cycle square"
    CLEAR_BOARD = "clear board"
    SWITCH_TO_MOVE = "switch side to move"
    TYPE_POSITION = "type position"
    PLAY_SETUP_WITH_COMPUTER = "play set-up with computer"
    PLAY_SETUP_WITH_FRIEND = "play set-up with friend"
    PLAY_SETUP_COMPUTERS = "play set-up computers"
    ANALYSE_SETUP = "analyse set-up"
    # analysis (the game and the viewer)
    TOGGLE_ANALYSIS = "toggle analysis"
    TOGGLE_BEST_LINE = "toggle best line"
    MORE_BEST = "more best moves"
    FEWER_BEST = "fewer best moves"
    REVIEW = "review game"
    NEXT_MISTAKE = "next mistake"
    PREVIOUS_MISTAKE = "previous mistake"


@dataclass(frozen=True, slots=True)
class Binding:
    """One row of the help: the keys as shown, what they do (an `N_` text), and the
    commands it binds to actions on its screen."""

    keys: str
    help: str
    actions: tuple[tuple[Command, Action], ...]


def bind(keys: str, help: str, **actions: Action) -> Binding:
    """A `Binding`: `bind("u", N_("undo"), UNDO=Action.UNDO)` (commands by name)."""
    return Binding(keys, help, tuple((Command[name], action) for name, action in actions.items()))


@dataclass(frozen=True, slots=True)
class Hint:
    """The key-hint bar in one situation: whole phrases long to short (`N_` texts), and
    the actions they name. A phrase may hold placeholders the screen's controller fills
    in (`Controller.hint_values`: ``{keys}``, the digits that answer now)."""

    forms: tuple[str, ...]
    names: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Keymap:
    """A screen's keys: its help rows (`bindings`), the action of every other key
    (`other`, None: nothing), its hint bars (the first is the usual one), and the heading
    its rows have on the help screen (empty: none)."""

    bindings: tuple[Binding, ...]
    hints: tuple[Hint, ...]
    heading: str = ""
    other: Action | None = None

    def action(self, command: Command) -> Action | None:
        """What `command` does on this screen (None: nothing)."""
        for binding in self.bindings:
            for bound, action in binding.actions:
                if bound is command:
                    return action
        return self.other

    def bound(self) -> frozenset[Action]:
        """Every action a key gives on this screen."""
        return frozenset(action for b in self.bindings for _, action in b.actions)


def help_rows(keymaps: Iterable[Keymap]) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    """(heading, rows) per keymap, each row (keys, help text id) shown once: a row the
    help has already shown under an earlier keymap is left out of the later ones."""
    seen: set[tuple[str, str]] = set()
    sections = []
    for keymap in keymaps:
        rows = []
        for binding in keymap.bindings:
            row = (binding.keys, binding.help)
            if row not in seen:
                seen.add(row)
                rows.append(row)
        if rows:
            sections.append((keymap.heading, tuple(rows)))
    return sections
