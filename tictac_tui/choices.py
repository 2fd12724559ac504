"""What a player chooses before a game: board, rule, players, difficulties, speed.

Each kind of choice is an enum named once here and shared by the menu, the
command line, the settings file and the status bar; its string values are
the names the command line and the settings file use (the words people
read for them are in `tictac_tui.words`). `Difficulty` comes from
`strategies.levels`, `Rule` from the engine and `Language` (the interface's
language, or the locale's) from `tictac_tui.i18n`. A computer side plays
a difficulty or a strategy plug-in (`PluginPlayer`, stored as
"plugin:NAME"): together a `Computer`. `Settings` holds one choice of each
and knows which rules its board offers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from .engine import Rule, Rules
from .engine.rules import SUPPORTED_RULES
from .i18n import Language
from .strategies import Difficulty, available_strategies, is_plugin
from .strategies.levels import LADDER, has_ladder
from .timecontrol import NO_CLOCK, TimeControl

SIDE_MIN, SIDE_MAX = 3, 26
"""Rows and columns of a custom board (columns are lettered A-Z)."""


class Board(str, Enum):
    """Which board: the three classics, or a custom one (rows x cols, k in a row)."""

    TICTACTOE = "tictactoe"
    GOMOKU15 = "gomoku15"
    GOMOKU19 = "gomoku19"
    CUSTOM = "custom"

    def __str__(self) -> str:
        return self.value


class Mode(str, Enum):
    """Who plays: you against the computer, two people, or two computers."""

    HVC = "hvc"
    HVH = "hvh"
    CVC = "cvc"

    def __str__(self) -> str:
        return self.value

    @property
    def has_computer(self) -> bool:
        """True when a computer plays at least one side."""
        return self is not Mode.HVH

    @property
    def has_person(self) -> bool:
        """True when a person plays at least one side."""
        return self is not Mode.CVC


class First(str, Enum):
    """Against the computer, who plays X (X moves first)."""

    HUMAN = "human"
    COMPUTER = "computer"
    ALTERNATE = "alternate"

    def __str__(self) -> str:
        return self.value


class Speed(str, Enum):
    """How fast computer vs computer plays: the least seconds between two moves."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"

    def __str__(self) -> str:
        return self.value

    @property
    def seconds(self) -> float:
        """Least seconds between two moves of computer vs computer."""
        return {Speed.SLOW: 1.5, Speed.NORMAL: 0.6, Speed.FAST: 0.1}[self]

    @property
    def think(self) -> float:
        """Most seconds a computer thinks on a move of computer vs computer."""
        return {Speed.SLOW: 1.0, Speed.NORMAL: 1.0, Speed.FAST: 0.2}[self]


PLUGIN_PREFIX = "plugin:"
"""How a plug-in player is stored: "plugin:NAME"."""


@dataclass(frozen=True, slots=True)
class PluginPlayer:
    """A computer player from another installed package, by its registry name.

    Sorts after every difficulty, plug-ins by name (scores are kept in order).
    """

    name: str

    def __str__(self) -> str:
        return self.value

    @property
    def value(self) -> str:
        """The stored name: "plugin:NAME"."""
        return PLUGIN_PREFIX + self.name

    def __lt__(self, other: object) -> bool:
        if isinstance(other, PluginPlayer):
            return self.name < other.name
        return False if isinstance(other, Difficulty) else NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, PluginPlayer):
            return self.name > other.name
        return True if isinstance(other, Difficulty) else NotImplemented

    def __le__(self, other: object) -> bool:
        return self == other or self < other

    def __ge__(self, other: object) -> bool:
        return self == other or self > other


Computer = Difficulty | PluginPlayer
"""What plays a computer side: a difficulty, or a strategy plug-in."""


def strength_order(computer: Computer) -> tuple[int, str]:
    """Where `computer` is listed: difficulties weakest first (`Difficulty` order), then
    plug-ins by name."""
    if isinstance(computer, Difficulty):
        return list(Difficulty).index(computer), ""
    return len(Difficulty), computer.name


def computer_choice(value: str) -> Computer:
    """The computer player stored as `value` (a difficulty or "plugin:NAME"). Raises ValueError."""
    if value.startswith(PLUGIN_PREFIX):
        name = value.removeprefix(PLUGIN_PREFIX)
        if not name.isidentifier():
            raise ValueError(f"not a plug-in name: {name!r}")
        return PluginPlayer(name)
    return Difficulty(value)


def computer_choices(rules: Rules) -> tuple[Computer, ...]:
    """What a computer side can be on `rules`: each difficulty (the ladder's levels only where
    `has_ladder`), then the plug-ins that play it."""
    plugins = (PluginPlayer(name) for name in available_strategies(rules) if is_plugin(name))
    ladder = has_ladder(rules)
    levels = (level for level in Difficulty if ladder or level not in LADDER)
    return (*levels, *plugins)


def offered_rules(rows: int, cols: int, k: int) -> tuple[Rule, ...]:
    """The rules the engine plays on a rows x cols, k-in-a-row board, in `Rule` order.

    Tic-tac-toe offers freestyle only (on 3x3 no line can be longer than 3).
    """
    if (rows, cols, k) == (3, 3, 3):
        return (Rule.FREESTYLE,)
    offered = []
    for rule in Rule:
        if rule not in SUPPORTED_RULES:
            continue
        try:
            Rules(rows, cols, k, rule=rule)
        except ValueError:
            continue
        offered.append(rule)
    return tuple(offered)


@dataclass(frozen=True, slots=True)
class Settings:
    """One choice of each kind: what the menu shows and the settings file keeps."""

    game: Board = Board.TICTACTOE
    rows: int = 7
    cols: int = 7
    k: int = 4
    """Rows, columns and line length of the custom board."""
    rule: Rule = Rule.FREESTYLE
    """The rule chosen for boards that offer it (tic-tac-toe is always freestyle)."""
    mode: Mode = Mode.HVC
    first: First = First.HUMAN
    difficulty: Computer = Difficulty.MEDIUM
    """The computer's difficulty (or plug-in) when you play it."""
    x_difficulty: Computer = Difficulty.MEDIUM
    o_difficulty: Computer = Difficulty.MEDIUM
    """Each side's difficulty (or plug-in) in computer vs computer."""
    speed: Speed = Speed.NORMAL
    lang: Language = Language.AUTO
    """The interface's language."""
    clock: TimeControl = NO_CLOCK
    """The game's time control (`timecontrol`)."""

    def size(self) -> tuple[int, int, int]:
        """(rows, cols, k) of the chosen board."""
        return {
            Board.TICTACTOE: (3, 3, 3),
            Board.GOMOKU15: (15, 15, 5),
            Board.GOMOKU19: (19, 19, 5),
        }.get(self.game, (self.rows, self.cols, min(self.k, max(self.rows, self.cols))))

    def offered_rules(self) -> tuple[Rule, ...]:
        """The rules the chosen board offers."""
        return offered_rules(*self.size())

    def played_rule(self) -> Rule:
        """The rule a game with these settings is played under."""
        return self.rule if self.rule in self.offered_rules() else Rule.FREESTYLE

    def rules(self) -> Rules:
        """The engine's rules for a game with these settings."""
        rows, cols, k = self.size()
        return Rules(rows, cols, k, rule=self.played_rule())

    def validated(self) -> Settings:
        """A copy with the custom board's k fitted to its sides."""
        longest = max(self.rows, self.cols)
        return replace(self, k=min(self.k, longest)) if self.k > longest else self
