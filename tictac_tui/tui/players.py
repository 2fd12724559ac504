"""Computer players for the app: difficulty -> strategy, through the registry only.

Easy is ``random``, Medium ``heuristic``, Hard the strongest strategy the
registry offers for the board (``perfect`` on small boards, ``search`` on big
ones once it is registered). A ``search`` player gets a time budget: one
second per move, 0.3 s for a hint.
"""

from __future__ import annotations

from typing import Any

from ..engine import Rules
from ..strategies import Strategy, available_strategies, get_strategy

MOVE_TIME = 1.0
"""Seconds per move for a time-limited (search) computer player."""

HINT_TIME = 0.3
"""Seconds for a hint from a time-limited (search) player."""

TIMED = frozenset({"search"})
"""Strategies that take a ``time_limit`` option."""

DIFFICULTY_LABELS = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}


def strategy_name(difficulty: str, rules: Rules) -> str:
    """The registry name that plays `difficulty` on `rules`."""
    if difficulty == "easy":
        return "random"
    if difficulty == "medium":
        return "heuristic"
    if difficulty == "hard":
        return available_strategies(rules)[-1]
    raise ValueError(f"unknown difficulty {difficulty!r}: choose easy, medium or hard")


def make_player(
    difficulty: str, rules: Rules, *, seed: int | None = None, hint: bool = False
) -> Strategy:
    """A new computer player for `difficulty`; with `hint`, the hard player on a short budget."""
    name = strategy_name("hard" if hint else difficulty, rules)
    options: dict[str, Any] = {}
    if name in TIMED:
        options["time_limit"] = HINT_TIME if hint else MOVE_TIME
    return get_strategy(name, seed=seed, rules=rules, **options)
