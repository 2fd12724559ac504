"""Pondering: the computer thinks on the person's time, so its next search starts warm.

While a person thinks against a player that keeps its transposition table
between the moves of a game (`PONDERERS`: the search, Hard on the boards no
exact solver plays), that same player object searches the person's position
under `ponder_limit`. Its answer is thrown away; what stays is its table,
filled with its replies to the person's likely moves, so the search after the
person's move reaches deeper within its think time. The front end asks for
it (`Settings.ponder`) and cancels it the moment the game changes.

No clock, no threads here: the front end runs the search and times it.
"""

from __future__ import annotations

from ..choices import Computer, Mode, Ponder, Settings
from ..engine import GameState
from ..strategies import Difficulty, Limit, Strategy, strategy_name
from .match import Match

PONDERERS = frozenset({"search"})
"""The registry names of the players pondering helps: those whose object keeps its
transposition table between moves (`SearchStrategy`). A plug-in can't take a built-in
name; the ladder's levels search a fixed node budget, which pondering would not respect;
`perfect` and `proven` answer from proofs and their own tables; an engine thinks apart."""
PONDER_SECONDS = 60.0
"""The longest the computer ponders one position; then it idles until the game changes
(a terminal left alone does not keep a core busy)."""


def ponder_limit() -> Limit:
    """The limit of one position's pondering: `PONDER_SECONDS` (the front end adds the stop
    signal)."""
    return Limit(time=PONDER_SECONDS)


def ponders(player: Strategy) -> bool:
    """Whether pondering helps `player` (its name is one of `PONDERERS`)."""
    return player.name in PONDERERS


def may_ponder(settings: Settings) -> bool:
    """Whether `settings` play a person against a player pondering helps (the menu shows
    its Ponder row only then)."""
    return settings.mode is Mode.HVC and _ponders(settings.difficulty, settings)


def _ponders(computer: Computer, settings: Settings) -> bool:
    if not isinstance(computer, Difficulty):
        return False  # a plug-in or a hosted engine
    return strategy_name(computer, settings.rules()) in PONDERERS


def ponder_position(match: Match, setting: Ponder) -> GameState | None:
    """The position to ponder now, or None: with the setting on, in a game of a person
    against a player pondering helps, on the person's move (not in an opening, not once
    over, nor while an engine's failure halted it)."""
    if setting is not Ponder.ON or match.mode is not Mode.HVC:
        return None
    if match.over or match.in_opening or match.halted is not None or match.paused:
        return None
    if not match.human_to_move():
        return None
    computer = match.players.get(match.state.to_move.other)
    if computer is None or not ponders(computer):
        return None
    return match.state


def ponderer(match: Match) -> Strategy:
    """The player that ponders the position of `ponder_position`: the person's opponent."""
    return match.players[match.state.to_move.other]
