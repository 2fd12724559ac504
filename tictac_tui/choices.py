"""What a player chooses before a game: board, rule, players, difficulties, speed.

Each kind of choice is an enum named once here and shared by the menu, the
command line, the settings file and the status bar; its string values are
the names the command line and the settings file use (the words people
read for them are in `tictac_tui.words`). `Difficulty` comes from
`strategies.levels`, `Rule` and `OpeningRule` from the engine and `Language` (the interface's
language, or the locale's) from `tictac_tui.i18n`. A computer side plays
a difficulty, a strategy plug-in (`PluginPlayer`, stored as
"plugin:NAME") or a hosted Gomocup engine (`EnginePlayer`, stored as
"engine:NAME"): together a `Computer`. `Think` is how long Hard and the
engines think a move; `Ponder` whether Hard thinks on your time too. `Settings` holds one
choice of each and knows which rules its board offers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from .engine import RowOrigin, Rule, Rules
from .engine.openings import OpeningRule, offered_for
from .engine.rules import SUPPORTED_RULES
from .engines.spec import valid_name
from .i18n import Language
from .strategies import Difficulty
from .strategies.levels import LADDER, has_ladder
from .strategies.registry import plugins_for
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


class Stones(str, Enum):
    """How stones are drawn: the letters X and O, or discs (black ● and white ○).

    With `--ascii` (or a terminal without Unicode) discs are drawn as letters.
    """

    LETTERS = "letters"
    DISCS = "discs"

    def __str__(self) -> str:
        return self.value


class ReviewTime(str, Enum):
    """The thinking time per position of a game review (`x`), in seconds."""

    FIFTH = "0.2"
    HALF = "0.5"
    ONE = "1"
    TWO = "2"
    FIVE = "5"

    def __str__(self) -> str:
        return self.value

    @property
    def seconds(self) -> float:
        """Seconds per position."""
        return float(self.value)


HARD_ANALYST = "hard"
"""The built-in analyst's name (the Hard player); a hosted engine's is "engine:NAME"."""
ENGINE_ANALYST = "engine:"


def valid_analyst(name: str) -> bool:
    """True for "hard" and for "engine:NAME" with a name of letters, digits, - . _"""
    if name == HARD_ANALYST:
        return True
    rest = name.removeprefix(ENGINE_ANALYST)
    return rest != name and 0 < len(rest) <= 64 and all(c.isalnum() or c in "-._" for c in rest)


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
        if isinstance(other, EnginePlayer):
            return True
        return False if isinstance(other, Difficulty) else NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, PluginPlayer):
            return self.name > other.name
        if isinstance(other, EnginePlayer):
            return False
        return True if isinstance(other, Difficulty) else NotImplemented

    def __le__(self, other: object) -> bool:
        return self == other or self < other

    def __ge__(self, other: object) -> bool:
        return self == other or self > other


ENGINE_PREFIX = "engine:"
"""How a hosted Gomocup engine is stored: "engine:NAME" (`tictac engines list` names them)."""


@dataclass(frozen=True, slots=True)
class EnginePlayer:
    """A hosted Gomocup engine (`tictac engines`), by its name.

    Sorts after every difficulty and plug-in, engines by name.
    """

    name: str

    def __str__(self) -> str:
        return self.value

    @property
    def value(self) -> str:
        """The stored name: "engine:NAME"."""
        return ENGINE_PREFIX + self.name

    def __lt__(self, other: object) -> bool:
        if isinstance(other, EnginePlayer):
            return self.name < other.name
        return False if isinstance(other, Difficulty | PluginPlayer) else NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, EnginePlayer):
            return self.name > other.name
        return True if isinstance(other, Difficulty | PluginPlayer) else NotImplemented

    def __le__(self, other: object) -> bool:
        return self == other or self < other

    def __ge__(self, other: object) -> bool:
        return self == other or self > other


Computer = Difficulty | PluginPlayer | EnginePlayer
"""What plays a computer side: a difficulty, a strategy plug-in, or a hosted engine."""


def strength_order(computer: Computer) -> tuple[int, str]:
    """Where `computer` is listed: difficulties weakest first (`Difficulty` order), then
    plug-ins by name, then engines by name."""
    if isinstance(computer, Difficulty):
        return list(Difficulty).index(computer), ""
    if isinstance(computer, EnginePlayer):
        return len(Difficulty) + 1, computer.name
    return len(Difficulty), computer.name


def computer_choice(value: str) -> Computer:
    """The computer player stored as `value` (a difficulty, "plugin:NAME" or "engine:NAME").
    Raises ValueError."""
    if value.startswith(PLUGIN_PREFIX):
        name = value.removeprefix(PLUGIN_PREFIX)
        if not name.isidentifier():
            raise ValueError(f"not a plug-in name: {name!r}")
        return PluginPlayer(name)
    if value.startswith(ENGINE_PREFIX):
        name = value.removeprefix(ENGINE_PREFIX)
        if not valid_name(name):
            raise ValueError(f"not an engine name: {name!r}")
        return EnginePlayer(name)
    return Difficulty(value)


ENGINE_RULES = frozenset({Rule.FREESTYLE, Rule.EXACT, Rule.RENJU, Rule.CARO})
"""The rules a Gomocup engine is told (``INFO rule``)."""
ENGINE_LEAST_SIDE = 5
"""The smallest board side a Gomocup engine is offered for."""


def engine_plays(rules: Rules) -> bool:
    """Whether a Gomocup engine is offered for `rules`: five in a row, under a rule the
    protocol names, on a board at least `ENGINE_LEAST_SIDE` a side (as
    `EngineStrategy.supports`)."""
    return (
        rules.k == 5
        and min(rules.rows, rules.cols) >= ENGINE_LEAST_SIDE
        and rules.rule in ENGINE_RULES
    )


def computer_choices(rules: Rules, engines: Sequence[str] = ()) -> tuple[Computer, ...]:
    """What a computer side can be on `rules`: each difficulty (the ladder's levels only where
    `has_ladder`), then the plug-ins that play it, then the hosted `engines` (names) where
    engines play (`engine_plays`)."""
    plugins = (PluginPlayer(name) for name in plugins_for(rules))
    ladder = has_ladder(rules)
    levels = (level for level in Difficulty if ladder or level not in LADDER)
    hosted = (EnginePlayer(name) for name in engines) if engine_plays(rules) else ()
    return (*levels, *plugins, *hosted)


class Think(str, Enum):
    """How long Hard and the hosted engines think a move (seconds, as the stored name)."""

    HALF = "0.5"
    ONE = "1"
    TWO = "2"
    FIVE = "5"
    TEN = "10"
    THIRTY = "30"

    def __str__(self) -> str:
        return self.value

    @property
    def seconds(self) -> float:
        """The think time in seconds."""
        return float(self.value)


class Ponder(str, Enum):
    """Whether the computer thinks on your time too (`play.pondering`): off or on."""

    OFF = "off"
    ON = "on"

    def __str__(self) -> str:
        return self.value


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


def offered_openings(rules: Rules) -> tuple[OpeningRule, ...]:
    """The opening rules that apply to `rules`, in `OpeningRule` order (none always):
    swap and swap2 on five-in-a-row boards, Soosõrv-8 and Taraguchi-10 under renju on
    15x15 (`engine.openings.offered_for`)."""
    return tuple(rule for rule in OpeningRule if offered_for(rule, rules))


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
    think: Think = Think.ONE
    """How long Hard and the engines think a move."""
    lang: Language = Language.AUTO
    """The interface's language."""
    rows_from: RowOrigin = RowOrigin.BOTTOM
    """Where row 1 is in squares' names (`tictac_tui.squares`)."""
    stones: Stones = Stones.LETTERS
    """How stones are drawn."""
    analyst: str = HARD_ANALYST
    """Who analyses (`e`, `x`): "hard" or "engine:NAME" (`valid_analyst`)."""
    review: ReviewTime = ReviewTime.HALF
    """A game review's thinking time per position."""
    opening: OpeningRule = OpeningRule.NONE
    """The opening rule chosen for boards that offer it (`offered_openings`)."""
    clock: TimeControl = NO_CLOCK
    """The game's time control (`timecontrol`)."""
    ponder: Ponder = Ponder.OFF
    """Whether the computer thinks on your time too (`play.pondering`)."""

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

    def offered_openings(self) -> tuple[OpeningRule, ...]:
        """The opening rules a game with these settings may use (none first)."""
        return offered_openings(self.rules())

    def played_opening(self) -> OpeningRule:
        """The opening rule a game with these settings is played under."""
        return self.opening if self.opening in self.offered_openings() else OpeningRule.NONE

    def rules(self) -> Rules:
        """The engine's rules for a game with these settings."""
        rows, cols, k = self.size()
        return Rules(rows, cols, k, rule=self.played_rule())

    def validated(self) -> Settings:
        """A copy with the custom board's k fitted to its sides."""
        longest = max(self.rows, self.cols)
        return replace(self, k=min(self.k, longest)) if self.k > longest else self
