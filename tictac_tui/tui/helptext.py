"""The help screen's words: every screen's keys (from `bindings.KEYMAPS`) and the four rules.

Also the menu's one-line note on each rule (`rule_note`). No curses.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import Rule
from ..engine.openings import OpeningRule
from ..i18n import N_, _
from ..i18n.width import joined, pad, text_width, wrap
from ..words import rule_name
from .actions import Keymap, help_rows
from .bindings import KEYMAPS

FORBIDDEN_MARK = "#"
OFFERED_MARK = "?"
"""An offered (or marked to offer) 5th move of an opening rule."""
AREA_MARK = "+"
"""An empty square of the central square an opening's stone must go in."""
"""How a forbidden point looks on the board (in every drawing mode, with or without colour)."""

RULE_HELP: dict[Rule, tuple[str, ...]] = {
    Rule.FREESTYLE: (
        N_("Five or more in a row wins (k or more on other boards)."),
        N_("Simple, and a big edge for the first player (X)."),
    ),
    Rule.EXACT: (
        N_("Exactly five wins; six or more in a row (an overline) doesn't."),
        N_("Standard gomoku, as Gomocup and swap2 tournaments play it."),
    ),
    Rule.RENJU: (
        N_("X (black) can't make a double three, double four or overline;"),
        N_("those points are marked {mark} (f hides them). X wins only with"),
        N_("exactly five, O (white) with five or more. Championship rule."),
    ),
    Rule.CARO: (
        N_("Five or more wins, but not a five with the opponent's stones"),
        N_("at both ends (the board edge doesn't block; six+ always wins)."),
    ),
}
"""Each rule in two or three lines ({mark} is `FORBIDDEN_MARK`)."""

RULE_NOTES = {
    Rule.FREESTYLE: N_("Freestyle: k or more in a row wins"),
    Rule.EXACT: N_("Exact five: exactly k wins, not more"),
    Rule.RENJU: N_("Renju: X can't play 3-3, 4-4 or overlines"),
    Rule.CARO: N_("Caro: five blocked at both ends won't win"),
}
"""The menu's note on the Rule row, for each value (fits 42 columns; ? explains more)."""

RULE_WIDTH = 12
"""Width of the rule names' column."""

MIN_TEXT = 16
"""Fewest columns a wrapped help text gets beside its key or rule name."""


def rule_note(rule: Rule, k: int = 5) -> str:
    """The menu's one-line note on `rule` (exact with `k` other than five says its k)."""
    if rule is Rule.EXACT and k != 5:
        return _("Exactly {k}: {k} in a row wins, not more").format(k=k)
    return _(RULE_NOTES[rule])


OPENING_NOTES = {
    OpeningRule.NONE: N_("Black simply moves first"),
    OpeningRule.SWAP: N_("3 stones placed, then the other player picks a colour"),
    OpeningRule.SWAP2: N_("3 stones; the other picks a colour or places 2 more"),
    OpeningRule.SOOSORV8: N_("Renju: 26 openings, swaps, up to 8 fifth moves offered"),
    OpeningRule.TARAGUCHI10: N_("Renju: a swap after each stone, or 10 fifths offered"),
}


def opening_note(rule: OpeningRule) -> str:
    """The menu's one-line note on an opening rule."""
    return _(OPENING_NOTES[rule])


def rules_heading() -> str:
    """The first line of the rules section."""
    return _("Rules on gomoku boards (the menu's Rule row, or --rule):")


def rule_lines(width: int = 78) -> list[str]:
    """The rules section of the help screen, each rule's words wrapped to `width` if needed."""
    lines = _wrap("", rules_heading(), width)
    for rule, text in RULE_HELP.items():
        name = "  " + pad(rule_name(rule), RULE_WIDTH)
        words = [_(line).format(mark=FORBIDDEN_MARK) for line in text]
        if all(text_width(name) + text_width(line) <= width for line in words):
            indent = " " * text_width(name)
            lines += [(name if i == 0 else indent) + line for i, line in enumerate(words)]
        else:
            lines += _wrap(name, joined(words), width)
    return lines


def key_lines(width: int = 78, keymaps: Iterable[Keymap] | None = None) -> list[str]:
    """Every screen's keys (`keymaps`, default `KEYMAPS`): the first screen's rows and the
    click, then each other screen's rows not shown yet under its heading."""
    lines: list[str] = []
    for index, (heading, rows) in enumerate(
        help_rows(KEYMAPS.values() if keymaps is None else keymaps)
    ):
        if heading:
            lines.append("")
            lines += _wrap("", _("{screen}:").format(screen=_(heading)), width)
        for shown, text in rows:
            lines += _wrap(f"  {pad(shown, 17)} ", _(text), width)
        if index == 0:
            lines += _wrap(
                f"  {pad(_('click'), 17)} ", _("play the clicked square / choose"), width
            )
    return lines


def help_headings(width: int = 78) -> set[str]:
    """The lines of `help_lines(width)` drawn bold: its first, each screen's heading, the
    rules' heading."""
    screens = {
        line
        for heading, _rows in help_rows(KEYMAPS.values())
        if heading
        for line in _wrap("", _("{screen}:").format(screen=_(heading)), width)
    }
    return {help_lines(width)[0], rule_lines(width)[0], *screens}


def help_lines(width: int = 78) -> list[str]:
    """The help screen's text for `width` columns: the aim, the keys, players, rules."""
    lines = _wrap(
        "", _("Get k in a row (3 on 3x3, 5 in gomoku) across, down or diagonally."), width
    )
    lines += _wrap("", _("On gomoku boards X is black and moves first; O is white."), width)
    lines.append("")
    lines += key_lines(width)
    lines.append("")
    players = _("Easy plays at random, Medium wins or blocks, Hard is the strongest player.")
    lines += _wrap("", players, width)
    ladder = _(
        "On gomoku boards Casual, Club, Strong and Expert climb from Medium to Hard,"
        " each stronger than the one below."
    )
    lines += _wrap("", ladder, width)
    lines.append("")
    clocks = _(
        "Clocks (the menu's Clock row, or --clock): the side to move's clock runs; it stops"
        " while the menu or this help is open. A side whose time runs out loses the game;"
        " undo gives the undone moves' time back."
    )
    lines += _wrap("", clocks, width)
    lines.append("")
    return lines + rule_lines(width)


def _wrap(prefix: str, text: str, width: int) -> list[str]:
    """`prefix` + `text`, wrapped to `width` columns under the text's first column."""
    if text_width(prefix) + text_width(text) <= width:
        return [prefix + text]
    room = max(MIN_TEXT, width - text_width(prefix))
    wrapped = wrap(text, room) or [""]
    indent = " " * text_width(prefix)
    return [prefix + wrapped[0], *(indent + line for line in wrapped[1:])]
