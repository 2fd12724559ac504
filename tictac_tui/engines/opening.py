"""A hosted engine's swap2 decisions through Gomocup's ``SWAP2BOARD``.

`Swap2Board.decide(opening)` answers what the opening asks of the engine's
person: with no stones, the engine places three (``x,y x,y x,y``); after
three, ``SWAP``, one move (it stays white: keep, and the move is asked again
as its first move of the game) or two moves (it places the fourth and fifth
stones); after five, ``SWAP`` or one move (keep). Every answer is checked:
squares on the board, empty, allowed by the rule. Under any other rule, or
once the engine has not answered ``SWAP2BOARD`` as the protocol says (an
``ERROR``, ``UNKNOWN``, no answer by `SWAP2_SECONDS`, a bad square), the
app's own `OpeningPlayer` decides for it, and `notice` says so.
"""

from __future__ import annotations

import time

from ..engine import Move
from ..engine.openings import (
    Action,
    Ask,
    Choice,
    Choose,
    Opening,
    OpeningRefused,
    OpeningRule,
    Place,
)
from ..strategies.openings import OpeningPlayer
from .said import Kind, parse_point
from .spec import EngineError
from .strategy import EngineStrategy

SWAP2_SECONDS = 30.0
"""The longest an engine may think about a ``SWAP2BOARD`` question."""


class Swap2Board:
    """Swap2 decisions by the engine of `strategy` (see the module docstring)."""

    def __init__(self, strategy: EngineStrategy, fallback: OpeningPlayer) -> None:
        self.strategy = strategy
        self.fallback = fallback
        self.name = strategy.name
        self.notice: str | None = None
        """Why the app's own player decides for the engine, once it does."""
        self._plan: tuple[tuple[object, ...], list[Action]] | None = None

    def decide(self, opening: Opening) -> Action:
        """The engine's answer to `opening.decision` (the app's player's where it can't)."""
        if opening.rule is not OpeningRule.SWAP2:
            self._fall_back(f"{self.strategy.spec.name} decides swap2 openings only")
        if self.notice is not None:
            return self.fallback.decide(opening)
        if self._plan is not None and self._plan[0] == opening.steps and self._plan[1]:
            step = self._plan[1].pop(0)
            self._plan = ((*opening.steps, step), self._plan[1])
            return step
        try:
            actions = self._ask(opening)
        except (EngineError, ValueError) as error:
            self._fall_back(f"{self.strategy.spec.name} did not answer SWAP2BOARD: {error}")
            return self.fallback.decide(opening)
        first, rest = actions[0], actions[1:]
        self._plan = ((*opening.steps, first), rest) if rest else None
        return first

    def _fall_back(self, reason: str) -> None:
        if self.notice is None:
            self.notice = reason

    def _ask(self, opening: Opening) -> list[Action]:
        """The engine's answer as opening steps, each checked. ValueError if it is not one."""
        decision = opening.decision
        assert decision is not None
        state = opening.state
        engine = self.strategy.ready(state)
        said = engine.swap2board(state.history, time.monotonic() + SWAP2_SECONDS)
        if said is None:
            raise ValueError(f"no answer in {SWAP2_SECONDS:.0f} s")
        if said.kind in (Kind.ERROR, Kind.UNKNOWN):
            raise ValueError(said.text[:80])
        words = said.text.split()
        if len(words) == 1 and words[0].upper() == "SWAP":
            actions: list[Action] = [Choose(Choice.SWAP)]
        else:
            moves: list[Move] = []
            for word in words:
                move = parse_point(word)
                if move is None:
                    raise ValueError(f"not an answer: {said.text[:80]}")
                moves.append(move)
            actions = _as_steps(decision.ask, state.move_count, moves)
        check = opening
        for action in actions:  # every step checked before any is taken
            try:
                check = check.apply(action)
            except OpeningRefused as error:
                raise ValueError(f"{said.text[:80]}: {error}") from None
        return actions


def _as_steps(ask: Ask, stones: int, moves: list[Move]) -> list[Action]:
    """SWAP2BOARD's moves as opening steps (ValueError for a count that answers nothing)."""
    if ask is Ask.PLACE and stones == 0 and len(moves) == 3:
        return [Place(move) for move in moves]
    if ask is Ask.CHOOSE and stones == 3 and len(moves) == 2:
        return [Choose(Choice.PLACE_TWO), *(Place(move) for move in moves)]
    if ask is Ask.CHOOSE and len(moves) == 1:
        return [Choose(Choice.KEEP)]  # the move itself is asked again as the game's
    raise ValueError(f"{len(moves)} moves do not answer this question")
