"""The m,n,k game engine: rules, immutable positions, moves and win detection.

Pure: no I/O, no curses, no randomness, no clock.
"""

from .geometry import Geometry, geometry
from .notation import RowOrigin, format_move, name_square, parse_move, parse_square, square_label
from .nowin import NoWin, UnwonLine, unwon_line
from .renju import Foul
from .rules import SUPPORTED_RULES, Rule, Rules, parse_rule
from .state import GameState, Outcome
from .types import ForbiddenMove, IllegalMove, Move, Player

__all__ = [
    "SUPPORTED_RULES",
    "ForbiddenMove",
    "Foul",
    "GameState",
    "Geometry",
    "IllegalMove",
    "Move",
    "NoWin",
    "Outcome",
    "Player",
    "RowOrigin",
    "Rule",
    "Rules",
    "UnwonLine",
    "format_move",
    "geometry",
    "name_square",
    "parse_move",
    "parse_rule",
    "parse_square",
    "square_label",
    "unwon_line",
]
