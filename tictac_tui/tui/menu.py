"""The menu: its items for the current choices, the highlight, and changing a value.

Pure: no curses. Rows that do nothing in the chosen mode are shown dimmed
and the highlight skips them (Who goes first and Difficulty with two
players; Who goes first between computers; Rule on tic-tac-toe; Opening where no
opening rule applies). In
computer vs computer, Difficulty becomes one row per side and a Speed row.
A computer side steps through Easy, Medium, Hard, then the strategy
plug-ins and the hosted engines that play the chosen board
(`choices.computer_choices`); a Think time row follows while a side is
Hard, a plug-in or an engine, and a Ponder row while you play a player
pondering helps (`play.pondering.may_ponder`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from ..choices import (
    ENGINE_ANALYST,
    HARD_ANALYST,
    SIDE_MAX,
    SIDE_MIN,
    Board,
    Computer,
    EnginePlayer,
    First,
    Mode,
    PluginPlayer,
    Ponder,
    ReviewTime,
    Settings,
    Speed,
    Stones,
    Think,
    computer_choices,
    engine_plays,
)
from ..engine import RowOrigin
from ..i18n import N_, Language, _
from ..play.pondering import may_ponder
from ..strategies import Difficulty, describe_strategy, is_plugin
from ..strategies.levels import LADDER
from ..timecontrol import PRESETS
from ..words import (
    analyst_name,
    choice_name,
    clock_name,
    computer_name,
    level_note,
    opening_name,
    rule_name,
)
from .helptext import opening_note, rule_note


class Item(Enum):
    """A row of the menu."""

    RESUME = "resume"
    PLAY = "play"
    EDIT = "edit"
    GAME = "game"
    ROWS = "rows"
    COLS = "cols"
    K = "k"
    RULE = "rule"
    OPENING = "opening"
    MODE = "mode"
    FIRST = "first"
    DIFFICULTY = "difficulty"
    X_DIFFICULTY = "x_difficulty"
    O_DIFFICULTY = "o_difficulty"
    SPEED = "speed"
    THINK = "think"
    PONDER = "ponder"
    ROWS_FROM = "rows_from"
    STONES = "stones"
    ANALYST = "analyst"
    REVIEW = "review"
    CLOCK = "clock"
    LANGUAGE = "language"
    STATS = "stats"
    HELP = "help"
    QUIT = "quit"


LABELS = {
    Item.RESUME: N_("Resume game"),
    Item.PLAY: N_("Play"),
    Item.EDIT: N_("Set up a position"),
    Item.GAME: N_("Game"),
    Item.ROWS: N_("  Rows"),
    Item.COLS: N_("  Columns"),
    Item.K: N_("  In a row"),
    Item.RULE: N_("Rule"),
    Item.OPENING: N_("Opening"),
    Item.MODE: N_("Mode"),
    Item.FIRST: N_("Who goes first"),
    Item.DIFFICULTY: N_("Difficulty"),
    Item.X_DIFFICULTY: N_("X plays"),
    Item.O_DIFFICULTY: N_("O plays"),
    Item.SPEED: N_("Speed"),
    Item.THINK: N_("Think time"),
    Item.PONDER: N_("Ponder"),
    Item.ROWS_FROM: N_("Rows from"),
    Item.STONES: N_("Stones"),
    Item.ANALYST: N_("Analyst"),
    Item.REVIEW: N_("Review time"),
    Item.CLOCK: N_("Clock"),
    Item.LANGUAGE: N_("Language"),
    Item.STATS: N_("Statistics"),
    Item.HELP: N_("Help"),
    Item.QUIT: N_("Quit"),
}

ACTIONS = frozenset({Item.RESUME, Item.PLAY, Item.EDIT, Item.STATS, Item.HELP, Item.QUIT})
"""Items that do something when chosen; the others hold a value."""

CYCLED: dict[Item, tuple[str, type[Enum]]] = {
    Item.GAME: ("game", Board),
    Item.MODE: ("mode", Mode),
    Item.FIRST: ("first", First),
    Item.SPEED: ("speed", Speed),
    Item.THINK: ("think", Think),
    Item.PONDER: ("ponder", Ponder),
    Item.REVIEW: ("review", ReviewTime),
    Item.LANGUAGE: ("lang", Language),
    Item.ROWS_FROM: ("rows_from", RowOrigin),
    Item.STONES: ("stones", Stones),
}
"""Items whose value steps through an enum: the settings field and the enum."""

COMPUTERS = {
    Item.DIFFICULTY: "difficulty",
    Item.X_DIFFICULTY: "x_difficulty",
    Item.O_DIFFICULTY: "o_difficulty",
}
"""Items choosing what plays a computer side (a difficulty or a plug-in): the settings field."""

SIDES = {Item.ROWS: "rows", Item.COLS: "cols", Item.K: "k"}

NOTES = {
    Item.RESUME: N_("Back to the game in progress"),
    Item.PLAY: N_("Start a game with these choices"),
    Item.EDIT: N_("Place stones, then play or analyse from there"),
    Item.GAME: N_("Left/Right or Enter to change"),
    Item.ROWS: N_("Rows of the custom board (3-26)"),
    Item.COLS: N_("Columns of the custom board (3-26)"),
    Item.K: N_("Stones in a row that win"),
    Item.RULE: N_("Freestyle only on this board"),
    Item.OPENING: N_("No opening rule on this board"),
    Item.MODE: N_("You, two people, or two computers"),
    Item.FIRST: N_("Who plays X (X moves first) when you play the computer"),
    Item.SPEED: N_("How fast the computers move (+ and - in game)"),
    Item.THINK: N_("Seconds a move for Hard and the engines"),
    Item.PONDER: N_("Hard thinks on your time too: deeper replies, a core busy while you think"),
    Item.ROWS_FROM: N_("Where row 1 is in square names (h8): bottom, as books count, or top"),
    Item.STONES: N_("Stones drawn as letters or discs (# in a game shows move numbers)"),
    Item.ANALYST: N_("Who analyses with e and reviews with x: Hard or a hosted engine"),
    Item.REVIEW: N_("Thinking time per move when x reviews a game"),
    Item.CLOCK: N_("Each side's time: a move's or the game's; stopped while the menu is open"),
    Item.LANGUAGE: N_("English or Chinese (the locale's unless chosen here or with --lang)"),
    Item.STATS: N_("Results of every game, all runs"),
    Item.HELP: N_("Keys and rules"),
    Item.QUIT: N_("Leave tictac"),
}


@dataclass(frozen=True, slots=True)
class Row:
    """One menu row as drawn: its item, label, value (None for actions), and if it acts."""

    item: Item
    label: str
    value: str | None
    enabled: bool


class Menu:
    """The menu's choices and highlight."""

    def __init__(self, settings: Settings, engines: tuple[str, ...] = ()) -> None:
        self.settings = settings
        self.highlight = Item.PLAY
        self.engines = engines
        """The hosted engines a computer side may be, by name (`tictac engines list`)."""
        self._settled: tuple[Settings, bool, Item] | None = None
        """The settings, Resume shown or not, and highlight `settle` last left as they were
        (it depends on nothing else: the same three need no second look)."""

    def items(self, resumable: bool) -> list[Item]:
        """The items shown, top to bottom (Resume only while a game is in progress)."""
        items = [Item.RESUME] if resumable else []
        items += [Item.PLAY, Item.EDIT, Item.GAME]
        if self.settings.game is Board.CUSTOM:
            items += [Item.ROWS, Item.COLS, Item.K]
        items += [Item.RULE, Item.OPENING, Item.MODE, Item.FIRST]
        if self.settings.mode is Mode.CVC:
            items += [Item.X_DIFFICULTY, Item.O_DIFFICULTY, Item.SPEED]
        else:
            items.append(Item.DIFFICULTY)
        if self.thinks():
            items.append(Item.THINK)
        if may_ponder(self.settings):
            items.append(Item.PONDER)
        return [
            *items,
            Item.CLOCK,
            Item.ANALYST,
            Item.REVIEW,
            Item.ROWS_FROM,
            Item.STONES,
            Item.LANGUAGE,
            Item.STATS,
            Item.HELP,
            Item.QUIT,
        ]

    def thinks(self) -> bool:
        """Whether a computer side of the chosen mode thinks for a time: Hard, a plug-in or
        an engine (the Think time row is shown only then; Easy and Medium answer at once,
        the ladder's levels think a number of nodes)."""
        s = self.settings
        sides = {
            Mode.HVC: (s.difficulty,),
            Mode.CVC: (s.x_difficulty, s.o_difficulty),
            Mode.HVH: (),
        }[s.mode]
        return any(side not in (Difficulty.EASY, Difficulty.MEDIUM, *LADDER) for side in sides)

    def enabled(self, item: Item) -> bool:
        """Whether the item does anything with the current choices."""
        mode = self.settings.mode
        if item is Item.FIRST:
            return mode is Mode.HVC
        if item is Item.DIFFICULTY:
            return mode is Mode.HVC
        if item is Item.RULE:
            return len(self.settings.offered_rules()) > 1
        if item in (Item.ROWS_FROM, Item.EDIT):
            return self.settings.size()[:2] != (3, 3)  # 3x3 squares are the digits 1-9
        if item is Item.OPENING:
            return len(self.settings.offered_openings()) > 1
        return True

    def value(self, item: Item) -> str | None:
        """The shown value of a choice item, or None for an action item."""
        s = self.settings
        if item in CYCLED:
            name, _kind = CYCLED[item]
            member: Any = getattr(s, name)
            return choice_name(member)
        if item in COMPUTERS:
            computer: Computer = getattr(s, COMPUTERS[item])
            return computer_name(computer)
        if item in SIDES:
            return str(getattr(s, SIDES[item]))
        if item is Item.CLOCK:
            return clock_name(s.clock)
        if item is Item.RULE:
            return rule_name(s.played_rule(), s.size()[2])
        if item is Item.ANALYST:
            return analyst_name(s.analyst)
        if item is Item.OPENING:
            return opening_name(s.played_opening())
        return None

    def rows(self, resumable: bool) -> list[Row]:
        """The rows to draw."""
        return [
            Row(item, _(LABELS[item]), self.value(item), self.enabled(item))
            for item in self.items(resumable)
        ]

    def note(self, item: Item) -> str:
        """A line about an item (for difficulties: the player it means on this board)."""
        s = self.settings
        if item in COMPUTERS:
            try:
                return describe_computer(getattr(s, COMPUTERS[item]), s, self.engines)
            except ValueError as error:
                return str(error)
        if item in (Item.FIRST, Item.DIFFICULTY) and not self.enabled(item):
            return _("Not used by this mode")
        if item is Item.RULE and self.enabled(item):
            return rule_note(s.played_rule(), s.size()[2])
        if item is Item.OPENING and self.enabled(item):
            return opening_note(s.played_opening())
        note = NOTES.get(item)
        return _(note) if note else ""

    # -- moving and changing -----------------------------------------------------

    def settle(self, resumable: bool) -> None:
        """Keep the highlight on a shown, enabled item (the nearest one below, else above).

        Called after every key: a paste of many keys looks at the menu once."""
        last = self._settled
        if (
            last is not None
            and last[0] is self.settings
            and last[1] is resumable
            and last[2] is self.highlight
        ):
            return
        self._settle(resumable)
        self._settled = (self.settings, resumable, self.highlight)

    def _settle(self, resumable: bool) -> None:
        items = self.items(resumable)
        if self.highlight in items and self.enabled(self.highlight):
            return
        start = items.index(self.highlight) if self.highlight in items else 0
        for item in items[start:] + items[:start][::-1]:
            if self.enabled(item):
                self.highlight = item
                return

    def move(self, step: int, resumable: bool) -> None:
        """Move the highlight one enabled row up (-1) or down (+1), wrapping."""
        items = self.items(resumable)
        index = items.index(self.highlight) if self.highlight in items else 0
        for _step in items:
            index = (index + step) % len(items)
            if self.enabled(items[index]):
                self.highlight = items[index]
                return

    def change(self, item: Item, step: int) -> bool:
        """Step the item's value by `step`; True if the settings changed."""
        if not self.enabled(item) or item in ACTIONS:
            return False
        new = self._changed(item, step)
        if new == self.settings:
            return False
        self.settings = new
        return True

    def _changed(self, item: Item, step: int) -> Settings:
        s = self.settings
        if item in CYCLED:
            name, kind = CYCLED[item]
            members = list(kind)
            current = members.index(getattr(s, name))
            changes: dict[str, Any] = {name: members[(current + step) % len(members)]}
            return replace(s, **changes)
        if item in COMPUTERS:
            name = COMPUTERS[item]
            choices = computer_choices(s.rules(), self.engines)
            now = getattr(s, name)
            current = choices.index(now) if now in choices else -1 if step > 0 else 0
            chosen: dict[str, Any] = {name: choices[(current + step) % len(choices)]}
            return replace(s, **chosen)
        if item is Item.CLOCK:
            controls = PRESETS if s.clock in PRESETS else (*PRESETS, s.clock)
            current = controls.index(s.clock)
            return replace(s, clock=controls[(current + step) % len(controls)])
        if item is Item.RULE:
            offered = s.offered_rules()
            current = offered.index(s.played_rule())
            return replace(s, rule=offered[(current + step) % len(offered)])
        if item is Item.ANALYST:
            names = analyst_choices()
            current = names.index(s.analyst) if s.analyst in names else 0
            return replace(s, analyst=names[(current + step) % len(names)])
        if item is Item.OPENING:
            openings = s.offered_openings()
            at = openings.index(s.played_opening())
            return replace(s, opening=openings[(at + step) % len(openings)])
        name = SIDES[item]
        limit = SIDE_MAX if item is not Item.K else max(s.rows, s.cols)
        value = min(limit, max(SIDE_MIN, getattr(s, name) + step))
        return replace(s, **{name: value}).validated()


def analyst_choices() -> list[str]:
    """The analysts the menu offers: Hard, then every engine tictac knows ("engine:NAME")."""
    from ..engines.store import StoreError, known_engines

    try:
        known = known_engines()
    except (StoreError, OSError):
        known = []
    return [HARD_ANALYST, *(ENGINE_ANALYST + k.spec.name for k in known)]


def describe_computer(computer: Computer, settings: Settings, engines: tuple[str, ...] = ()) -> str:
    """The note of a computer side: its player on this board, e.g. "Hard: perfect, ..."."""
    rules = settings.rules()
    if isinstance(computer, EnginePlayer):
        name = computer.name
        if name not in engines:
            return _("There is no engine {name}: the Medium player would play").format(name=name)
        if not engine_plays(rules):
            return _(
                "Engine {name} plays five in a row on 5x5 or more: the Medium player would play"
            ).format(name=name)
        return _("Gomocup engine {name}, thinking {seconds} s a move").format(
            name=name, seconds=settings.think.value
        )
    if not isinstance(computer, PluginPlayer):
        return level_note(computer, rules)
    name = computer.name
    if not is_plugin(name) or PluginPlayer(name) not in computer_choices(rules):
        return _("Plug-in {name} can't play this board: the Medium player would play").format(
            name=name
        )
    return _("Plug-in {name}: {about}").format(name=name, about=describe_strategy(name))
