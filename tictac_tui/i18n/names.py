"""The names people read for the game's values, in the current language.

The engine and the choices name their values in English for code, files and
the command line (`Rule.label`, `Rules.describe`, `Difficulty.label`); the
functions here give the words shown to a person, translated. Sides are "X"
and "O" on every board in English (as the app draws them); in Chinese, 黑 and
白 on gomoku boards (five in a row), X and O on smaller games.
"""

from __future__ import annotations

from ..choices import Mode
from ..engine import Foul, Player, Rule, Rules
from ..strategies import Difficulty
from . import N_, _, pgettext

RULE_NAMES = {
    Rule.FREESTYLE: N_("Freestyle"),
    Rule.EXACT: N_("Exact five"),
    Rule.RENJU: N_("Renju"),
    Rule.CARO: N_("Caro"),
}
DIFFICULTY_NAMES = {
    Difficulty.EASY: N_("Easy"),
    Difficulty.MEDIUM: N_("Medium"),
    Difficulty.HARD: N_("Hard"),
}
MODE_NAMES = {
    Mode.HVC: N_("You vs computer"),
    Mode.HVH: N_("Two players"),
    Mode.CVC: N_("Computer vs computer"),
}
FOUL_NAMES = {
    Foul.DOUBLE_THREE: N_("double three"),
    Foul.DOUBLE_FOUR: N_("double four"),
    Foul.OVERLINE: N_("overline"),
}


def rule_name(rule: Rule) -> str:
    """ "Renju", "连珠", ..."""
    return _(RULE_NAMES[rule])


def difficulty_name(difficulty: Difficulty) -> str:
    """ "Hard", "困难", ..."""
    return _(DIFFICULTY_NAMES[difficulty])


def mode_name(mode: Mode) -> str:
    """ "You vs computer", "人机对战", ..."""
    return _(MODE_NAMES[mode])


def foul_name(foul: Foul | str) -> str:
    """ "double three", "三三禁手", ..."""
    return _(FOUL_NAMES[Foul(foul)])


def side_name(player: Player, rules: Rules) -> str:
    """The side as a person calls it: "X"/"O"; in Chinese 黑/白 on gomoku boards."""
    if rules.k < 5:
        return player.value
    return pgettext("gomoku side", "X") if player is Player.X else pgettext("gomoku side", "O")


def game_name(rules: Rules) -> str:
    """The board and rule: "Tic-tac-toe 3x3", "Gomoku 15x15 (Renju)", "4x5, 4 in a row"."""
    free = rules.rule is Rule.FREESTYLE
    suffix = "" if free else _(" ({rule})").format(rule=rule_name(rules.rule))
    if (rules.rows, rules.cols, rules.k) == (3, 3, 3) and free:
        return _("Tic-tac-toe 3x3")
    if rules.rows == rules.cols and rules.k == 5:
        return _("Gomoku {size}").format(size=f"{rules.rows}x{rules.cols}") + suffix
    board = _("{rows}x{cols}, {k} in a row").format(rows=rules.rows, cols=rules.cols, k=rules.k)
    return board + suffix
