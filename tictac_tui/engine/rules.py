"""The fixed description of an m,n,k game: board size, line length and rule set."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

MAX_SIDE = 26
"""Largest number of rows or columns (columns are lettered a..z)."""


class Rule(str, Enum):
    """What makes a winning line. The string values are the public names.

    - ``freestyle``: k or more in a row wins;
    - ``exact``: exactly k wins, an overline does not (standard gomoku);
    - ``renju``: the first player (black) wins only by exactly five and may not
      make a double three, double four or overline; the second wins with five
      or more (k must be 5);
    - ``caro``: five or more wins unless the opponent's stones block both ends
      (k must be 5).
    """

    FREESTYLE = "freestyle"
    EXACT = "exact"
    RENJU = "renju"
    CARO = "caro"

    def __str__(self) -> str:
        return self.value


RULE_LABELS = {
    Rule.FREESTYLE: "Freestyle",
    Rule.EXACT: "Exact five",
    Rule.RENJU: "Renju",
    Rule.CARO: "Caro",
}
"""Each rule's English name in the engine's own texts (`Rules.describe`, its errors); the
words a person reads are `tictac_tui.words.rule_name`."""

RULES_NEEDING_FIVE = frozenset({Rule.RENJU, Rule.CARO})
"""Rule sets defined only for five in a row."""

SUPPORTED_RULES = frozenset({Rule.FREESTYLE, Rule.EXACT, Rule.RENJU, Rule.CARO})
"""Rule sets the engine plays; the others are refused with a clear message."""


@dataclass(frozen=True, slots=True, init=False)
class Rules:
    """An m,n,k game: `rows` x `cols` board, `k` in a row wins, under `rule`.

    ``rule`` takes a `Rule` or its string ("freestyle", "exact", "renju",
    "caro"). ``exact=True`` is a synonym for ``rule="exact"``; after
    construction ``exact`` is True exactly when the rule is `Rule.EXACT`, so
    ``Rules(15, 15, 5, exact=True) == Rules(15, 15, 5, rule="exact")``.
    """

    rows: int
    cols: int
    k: int
    exact: bool
    rule: Rule
    _hash: int = field(init=False, repr=False, compare=False)

    def __init__(
        self, rows: int, cols: int, k: int, exact: bool = False, rule: Rule | str = Rule.FREESTYLE
    ) -> None:
        setter = object.__setattr__
        setter(self, "rows", rows)
        setter(self, "cols", cols)
        setter(self, "k", k)
        setter(self, "exact", exact)
        setter(self, "rule", rule)
        self._validate()
        setter(self, "_hash", hash((self.rows, self.cols, self.k, self.rule)))

    def __hash__(self) -> int:
        return self._hash  # computed once: rules are looked up on every new game

    def __reduce__(self) -> tuple[type[Rules], tuple[int, int, int, bool, Rule]]:
        return (Rules, (self.rows, self.cols, self.k, self.exact, self.rule))

    def _validate(self) -> None:
        for name in ("rows", "cols", "k"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{name} must be a whole number, got {value!r}")
        for name in ("rows", "cols"):
            value = getattr(self, name)
            if not 1 <= value <= MAX_SIDE:
                raise ValueError(f"{name} must be between 1 and {MAX_SIDE}, got {value}")
        if self.k < 1:
            raise ValueError(f"k must be at least 1, got {self.k}")
        longest = max(self.rows, self.cols)
        if self.k > longest:
            raise ValueError(
                f"k={self.k} can't fit on a {self.rows}x{self.cols} board: "
                f"k must be at most {longest}"
            )
        if not isinstance(self.exact, bool):
            raise ValueError(f"exact must be True or False, got {self.exact!r}")
        rule = parse_rule(self.rule)
        if self.exact and rule is Rule.FREESTYLE:
            rule = Rule.EXACT
        elif self.exact and rule is not Rule.EXACT:
            raise ValueError(f"exact=True contradicts rule={rule.value!r}")
        if rule in RULES_NEEDING_FIVE and self.k != 5:
            raise ValueError(f"{RULE_LABELS[rule]} is played with five in a row, not k={self.k}")
        if rule not in SUPPORTED_RULES:
            raise ValueError(f"the {RULE_LABELS[rule]} rule is not supported yet")
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "exact", rule is Rule.EXACT)

    @classmethod
    def tictactoe(cls) -> Rules:
        """Tic-tac-toe: 3x3, three in a row."""
        return cls(3, 3, 3)

    @classmethod
    def gomoku(
        cls, size: int = 15, *, exact: bool = False, rule: Rule | str = Rule.FREESTYLE
    ) -> Rules:
        """Gomoku: size x size, five in a row (freestyle unless `rule` or `exact` say)."""
        return cls(size, size, 5, exact, parse_rule(rule))

    @property
    def squares(self) -> int:
        """Number of squares on the board."""
        return self.rows * self.cols

    def describe(self) -> str:
        """A short human name: "Tic-tac-toe 3x3", "Gomoku 15x15 (Renju)", "4x5, 4 in a row"."""
        free = self.rule is Rule.FREESTYLE
        if (self.rows, self.cols, self.k) == (3, 3, 3) and free:
            return "Tic-tac-toe 3x3"
        if self.rows == self.cols and self.k == 5:
            suffix = {Rule.FREESTYLE: "", Rule.EXACT: " (exact five)"}.get(
                self.rule, f" ({RULE_LABELS[self.rule]})"
            )
            return f"Gomoku {self.rows}x{self.cols}{suffix}"
        suffix = "" if free else ", exactly" if self.exact else f", {RULE_LABELS[self.rule]}"
        return f"{self.rows}x{self.cols}, {self.k} in a row{suffix}"


def parse_rule(value: Rule | str) -> Rule:
    """A `Rule` from itself or its name; ValueError naming the known rules otherwise."""
    if isinstance(value, Rule):
        return value
    if isinstance(value, str):
        try:
            return Rule(value.strip().lower())
        except ValueError:
            pass
    known = ", ".join(rule.value for rule in Rule)
    raise ValueError(f"unknown rule {value!r}: the rules are {known}")
