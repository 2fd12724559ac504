"""The names people read for the game's values, in the current language.

The engine and the choices name their values in English for code, files and
the command line (`Rule.label`, `Rules.describe`, `Difficulty.label`); the
functions here give the words shown to a person, translated. Sides are "X"
and "O" on every board in English (as the app draws them); in Chinese, 黑 and
白 on gomoku boards (five in a row), X and O on smaller games.
"""

from __future__ import annotations

from ..choices import Mode
from ..engine import Foul, NoWin, Player, Rule, Rules, UnwonLine
from ..strategies import Difficulty, describe_strategy, strategy_name
from . import N_, _, pgettext

RULE_NAMES = {
    Rule.FREESTYLE: N_("Freestyle"),
    Rule.EXACT: N_("Exact five"),
    Rule.RENJU: N_("Renju"),
    Rule.CARO: N_("Caro"),
}
SHORT_RULE_NAMES = {
    Rule.FREESTYLE: N_("freestyle"),
    Rule.EXACT: N_("exact"),
    Rule.RENJU: N_("renju"),
    Rule.CARO: N_("caro"),
}
DIFFICULTY_NAMES = {
    Difficulty.EASY: N_("Easy"),
    Difficulty.MEDIUM: N_("Medium"),
    Difficulty.HARD: N_("Hard"),
}
STRATEGY_DESCRIPTIONS = {
    "random": N_("a uniformly random legal move"),
    "heuristic": N_("win, else block, else the best-placed square"),
    "search": N_("threat search and alpha-beta under a time budget"),
    "proven": N_("moves from proofs where they finish in time, else search"),
    "perfect": N_("exact game-theoretic play on small boards"),
}
"""The built-in players' descriptions (a plug-in's own is shown as it gives it)."""
FOUL_NAMES = {
    Foul.DOUBLE_THREE: N_("double three"),
    Foul.DOUBLE_FOUR: N_("double four"),
    Foul.OVERLINE: N_("overline"),
}


def rule_name(rule: Rule, k: int = 5) -> str:
    """ "Renju", "连珠", ...; exact with `k` other than five: "Exactly 4"."""
    if rule is Rule.EXACT and k != 5:
        return _("Exactly {k}").format(k=k)
    return _(RULE_NAMES[rule])


def difficulty_name(difficulty: Difficulty) -> str:
    """ "Hard", "困难", ..."""
    return _(DIFFICULTY_NAMES[difficulty])


def mode_name(mode: Mode) -> str:
    """ "You vs computer", "人机对战", ..."""
    return mode.label


def foul_name(foul: Foul | str) -> str:
    """ "double three", "三三禁手", ..."""
    return _(FOUL_NAMES[Foul(foul)])


def side_name(player: Player, rules: Rules) -> str:
    """The side as a person calls it: "X"/"O"; in Chinese 黑/白 on gomoku boards."""
    if rules.k < 5:
        return player.value
    return pgettext("gomoku side", "X") if player is Player.X else pgettext("gomoku side", "O")


def game_name(rules: Rules) -> str:
    """The board and rule, as `Rules.describe` says it in English: "Gomoku 15x15 (Renju)"."""
    rule = rules.rule
    if (rules.rows, rules.cols, rules.k) == (3, 3, 3) and rule is Rule.FREESTYLE:
        return _("Tic-tac-toe 3x3")
    if rules.rows == rules.cols and rules.k == 5:
        board = _("Gomoku {size}").format(size=f"{rules.rows}x{rules.cols}")
        if rule is Rule.FREESTYLE:
            return board
        if rule is Rule.EXACT:
            return board + _(" (exact five)")
        return board + _(" ({rule})").format(rule=rule_name(rule))
    board = _("{rows}x{cols}, {k} in a row").format(rows=rules.rows, cols=rules.cols, k=rules.k)
    if rule is Rule.FREESTYLE:
        return board
    if rule is Rule.EXACT:
        return board + _(", exactly")
    return board + _(", {rule}").format(rule=rule_name(rule))


def rule_short_name(rule: Rule) -> str:
    """The rule in a word, for narrow status lines: "exact", "renju", "长连不胜"."""
    return _(SHORT_RULE_NAMES[rule])


def level_note(difficulty: Difficulty, rules: Rules) -> str:
    """What a difficulty means on a board: "Hard: perfect, exact game-theoretic play ..."."""
    name = strategy_name(difficulty, rules)
    description = STRATEGY_DESCRIPTIONS.get(name)
    about = _(description) if description is not None else describe_strategy(name)
    return _("{level}: {player}, {about}").format(
        level=difficulty_name(difficulty), player=name, about=about
    )


def choice_label(member: object) -> str:
    """The shown name of any menu choice: a difficulty, a rule, or a choices enum's label."""
    if isinstance(member, Difficulty):
        return difficulty_name(member)
    if isinstance(member, Rule):
        return rule_name(member)
    return str(getattr(member, "label", member))


def no_win_words(line: UnwonLine, rules: Rules, *, short: bool = False) -> str:
    """Why the last move's line did not win: "Six in a row doesn't win under exact five"
    (`short`: a form for narrow terminals, where one is needed)."""
    if line.reason is NoWin.BLOCKED:
        if short:
            return _("Blocked five: no win under caro")
        return _("A five blocked at both ends doesn't win under caro")
    if rules.k != 5:
        return _("{length} in a row doesn't win: exactly {k} wins").format(
            length=line.length, k=rules.k
        )
    if line.length == 6:
        return _("Six in a row doesn't win under exact five")
    return _("{length} in a row doesn't win under exact five").format(length=line.length)
