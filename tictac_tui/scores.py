"""Scores: results counted per game, rule, mode, difficulty and opening rule.

One `Record` per `ScoreKey`. Against the computer a record counts the
person's wins, losses (games abandoned unfinished included, and counted
again in `abandoned`) and draws, and `hinted` counts the wins where a hint
was used. In the other modes `wins` are X's and `losses` O's. The same
types hold this run's score (the status bar) and the statistics of all
runs (the statistics screen, `statistics.json`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from .choices import Computer, Mode, Settings, strength_order
from .engine import Rule, Rules
from .engine.openings import OpeningRule
from .i18n import _
from .words import computer_name, game_name, opening_name, rule_name

MAX_COUNT = 10**12
"""Counts stop here (a larger one in a file is not believed)."""


class Result(Enum):
    """How a game ended, from the person's side (X's in the other modes)."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


@dataclass(frozen=True, slots=True, order=True)
class ScoreKey:
    """What a score is kept for: the board and rule, who played, and how strong."""

    rows: int
    cols: int
    k: int
    rule: Rule
    mode: Mode
    levels: tuple[Computer, ...]
    """The computer's difficulty (or plug-in) against a person; X's and O's in computer vs
    computer."""
    setup: bool = False
    """Games played on from a set-up position (the position editor), counted apart."""
    opening: OpeningRule = OpeningRule.NONE
    """The opening rule the games were played under."""

    def rules(self) -> Rules:
        """The rules of the games this key counts."""
        return Rules(self.rows, self.cols, self.k, rule=self.rule)

    @property
    def game_label(self) -> str:
        """The board and rule, as the header shows them: "Gomoku 15x15 (Exact five)"."""
        try:
            name = game_name(self.rules())
        except ValueError:  # a rule this version of the engine doesn't play
            name = f"{self.rows}x{self.cols}, k={self.k}, {rule_name(self.rule, self.k)}"
        if self.opening is not OpeningRule.NONE:
            name += _(", opening {rule}").format(rule=opening_name(self.opening))
        return _("{game}, set up").format(game=name) if self.setup else name

    @property
    def players_label(self) -> str:
        """Who played: "Medium", "Hard vs Easy" (X first), or "" for two people."""
        return _(" vs ").join(computer_name(level) for level in self.levels)


def listing_order(key: ScoreKey) -> tuple[object, ...]:
    """How statistics are listed: by board, rule and mode as `ScoreKey` sorts, then the
    computers by strength (`strength_order`: Easy, Medium, Hard), not alphabetically."""
    levels = tuple(strength_order(level) for level in key.levels)
    return (
        key.rows,
        key.cols,
        key.k,
        key.rule.value,
        key.setup,
        key.mode.value,
        levels,
        key.opening.value,
    )


@dataclass(frozen=True, slots=True)
class Record:
    """Results of one kind of game (see the module docstring for what each count means)."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    abandoned: int = 0
    """Losses by leaving a game against the computer unfinished."""
    hinted: int = 0
    """Wins against the computer where a hint was used."""

    @property
    def games(self) -> int:
        """Games counted."""
        return self.wins + self.losses + self.draws

    def counted(self, result: Result, *, hinted: bool = False, abandoned: bool = False) -> Record:
        """A copy with one more game (counts stop at `MAX_COUNT`)."""
        field = {Result.WIN: "wins", Result.LOSS: "losses", Result.DRAW: "draws"}[result]
        changes = {field: getattr(self, field) + 1}
        if hinted and result is Result.WIN:
            changes["hinted"] = self.hinted + 1
        if abandoned and result is Result.LOSS:
            changes["abandoned"] = self.abandoned + 1
        return replace(self, **{name: min(MAX_COUNT, value) for name, value in changes.items()})


def score_key(settings: Settings) -> ScoreKey:
    """What a game with these settings counts for."""
    rules = settings.rules()
    levels = {
        Mode.HVC: (settings.difficulty,),
        Mode.HVH: (),
        Mode.CVC: (settings.x_difficulty, settings.o_difficulty),
    }[settings.mode]
    opening = settings.played_opening()
    return ScoreKey(
        rules.rows, rules.cols, rules.k, rules.rule, settings.mode, levels, opening=opening
    )


Scores = dict[ScoreKey, Record]
"""Records by what they count."""


def add_result(
    scores: Scores, key: ScoreKey, result: Result, *, hinted: bool = False, abandoned: bool = False
) -> Scores:
    """A copy of `scores` with one more game for `key` (the input is not changed)."""
    old = scores.get(key, Record())
    return {**scores, key: old.counted(result, hinted=hinted, abandoned=abandoned)}
