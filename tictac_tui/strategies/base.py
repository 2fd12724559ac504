"""The interface every computer player implements."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..engine import GameState, Move


@runtime_checkable
class Strategy(Protocol):
    """A computer player: `choose` returns a legal move for the side to move."""

    name: str

    def choose(self, state: GameState) -> Move:
        """A legal move in `state`. Raises ValueError if the game is over."""
        ...


def require_playable(state: GameState) -> None:
    """Raise ValueError when there is nothing to choose: the game is over."""
    if state.is_over:
        raise ValueError("can't choose a move: the game is over")
