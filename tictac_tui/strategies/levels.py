"""What each difficulty means, decided here and nowhere else.

- Easy: ``random``, a uniformly random legal move;
- Medium: ``heuristic``, the classic blocker (win, else block, else the
  best-placed square);
- the ladder between them (`LADDER`: Casual, Club, Strong, Expert): the
  players of `strategies.ladder`, the search on a fixed node budget, the
  lower ones picking among good moves; offered where Hard is ``search``
  (`has_ladder`: the gomoku boards), elsewhere a ladder level plays Hard;
- Hard: the strongest built-in player that can play the board (the last
  of `available_strategies` without plug-ins): ``perfect`` where exact play
  answers within a move, ``proven`` on the proven first-player wins it
  does not serve (5x6 and 6x5, four in a row), else ``search``. Plug-ins
  are never a difficulty; a side can still be given one by name.

Hints come from the Hard player with `HINT_LIMIT`; a computer move has
`MOVE_LIMIT`. The app and the engine protocol ask here and never name a
strategy for a difficulty themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from functools import cached_property, partial

from ..engine import GameState, Move, Rules
from .base import NO_LIMIT, Limit, Strategy
from .registry import get_strategy, supports

MOVE_LIMIT = Limit(time=1.0)
"""Thinking time of a computer move in the app."""

HINT_LIMIT = Limit(time=0.3)
"""Thinking time of a hint."""

LADDER_LIMIT = Limit()
"""A ladder level's limit in the app: none of its own, so its node budget bounds it (a
clock or the speed of computer vs computer may add seconds)."""


class Difficulty(str, Enum):
    """How strong the computer plays. The string values are the stored names."""

    EASY = "easy"
    MEDIUM = "medium"
    CASUAL = "casual"
    CLUB = "club"
    STRONG = "strong"
    EXPERT = "expert"
    HARD = "hard"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _missing_(cls, value: object) -> Difficulty:
        known = ", ".join(level.value for level in cls)
        raise ValueError(f"unknown difficulty {value!r}: choose {known}")


LADDER = (Difficulty.CASUAL, Difficulty.CLUB, Difficulty.STRONG, Difficulty.EXPERT)
"""The levels between Medium and Hard, weakest first; each plays the registry name it has."""


HARD_NAMES = ("perfect", "proven", "search")
"""Who plays Hard, strongest first: the first that plays the board (``search`` plays every
board), so Hard is the last built-in player `available_strategies` names."""


def _hard_name(rules: Rules) -> str:
    *stronger, everywhere = HARD_NAMES  # the last is not asked: importing it is slow
    return next((name for name in stronger if supports(name, rules)), everywhere)


def has_ladder(rules: Rules) -> bool:
    """Whether `rules` offers the ladder's levels: where Hard is the ``search`` player."""
    return _hard_name(rules) == "search"


def strategy_name(difficulty: Difficulty | str, rules: Rules) -> str:
    """The registry name that plays `difficulty` on `rules`."""
    level = Difficulty(difficulty)
    if level is Difficulty.EASY:
        return "random"
    if level is Difficulty.MEDIUM:
        return "heuristic"
    if level in LADDER and has_ladder(rules):
        return str(level)
    return _hard_name(rules)


def move_limit(name: str, seconds: float | None = None) -> Limit:
    """The app's limit for a computer move of the player registered as `name`:
    `LADDER_LIMIT` for a ladder level (its strength must not depend on the machine's
    speed), else `seconds` (the Think time) or, without them, `MOVE_LIMIT`."""
    if name in {str(level) for level in LADDER}:
        return LADDER_LIMIT
    return MOVE_LIMIT if seconds is None else Limit(time=seconds)


def player_for(difficulty: Difficulty | str, rules: Rules, *, seed: int | None = None) -> Strategy:
    """A new computer player of `difficulty` for `rules`."""
    return get_strategy(strategy_name(difficulty, rules), seed=seed, rules=rules)


def hint_player(rules: Rules, *, seed: int | None = None) -> Strategy:
    """The player that gives hints: the Hard player (ask it with `HINT_LIMIT`), made at the
    first hint (`Deferred`): a game without hints never imports the search."""
    return Deferred(
        strategy_name(Difficulty.HARD, rules),
        partial(player_for, Difficulty.HARD, rules, seed=seed),
    )


class Deferred:
    """A player made when it is first asked for a move (importing some players is slow)."""

    def __init__(self, name: str, make: Callable[[], Strategy]) -> None:
        self.name = name
        self._make = make

    @cached_property
    def player(self) -> Strategy:
        """The player itself, made now if it was not yet."""
        return self._make()

    def supports(self, rules: Rules) -> bool:
        """Whether the player plays `rules`."""
        return self.player.supports(rules)

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        """The player's move."""
        return self.player.choose(state, limit)
