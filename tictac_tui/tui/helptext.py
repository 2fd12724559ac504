"""The help screen's words: the keys (from the key table) and the four rules.

Also the menu's one-line note on each rule (`rule_note`). No curses.
"""

from __future__ import annotations

from ..engine import Rule
from . import keys

FORBIDDEN_MARK = "#"
"""How a forbidden point looks on the board (in every drawing mode, with or without colour)."""

RULE_HELP: dict[Rule, tuple[str, ...]] = {
    Rule.FREESTYLE: (
        "Five or more in a row wins (k or more on other boards).",
        "Simple, and a big edge for the first player (X).",
    ),
    Rule.EXACT: (
        "Exactly five wins; six or more in a row (an overline) doesn't.",
        "Standard gomoku, as Gomocup and swap2 tournaments play it.",
    ),
    Rule.RENJU: (
        "X (black) can't make a double three, double four or overline;",
        f"those points are marked {FORBIDDEN_MARK} (f hides them). X wins only with",
        "exactly five, O (white) with five or more. Championship rule.",
    ),
    Rule.CARO: (
        "Five or more wins, but not a five with the opponent's stones",
        "at both ends (the board edge doesn't block; six+ always wins).",
    ),
}
"""Each rule in two or three lines."""

RULE_NOTES = {
    Rule.FREESTYLE: "Freestyle: k or more in a row wins",
    Rule.EXACT: "Exact five: exactly k wins, not more",
    Rule.RENJU: "Renju: X can't play 3-3, 4-4 or overlines",
    Rule.CARO: "Caro: five blocked at both ends won't win",
}
"""The menu's note on the Rule row, for each value (fits 42 columns; ? explains more)."""

RULE_WIDTH = 12
"""Width of the rule names' column."""


def rule_note(rule: Rule) -> str:
    """The menu's one-line note on `rule`."""
    return RULE_NOTES[rule]


def rule_lines() -> list[str]:
    """The rules section of the help screen."""
    lines = ["Rules on gomoku boards (the menu's Rule row, or --rule):"]
    for rule, text in RULE_HELP.items():
        for i, line in enumerate(text):
            name = rule.label if i == 0 else ""
            lines.append(f"  {name:<{RULE_WIDTH}}{line}")
    return lines


def help_lines() -> list[str]:
    """The help screen's text: the aim, the keys (from the key table), players, rules."""
    lines = ["Get k in a row (3 on 3x3, 5 in gomoku) across, down or diagonally.", ""]
    for shown, text in [*keys.help_lines(), ("click", "play the clicked square / choose")]:
        lines.append(f"  {shown:<17} {text}")
    lines += [
        "",
        "Easy plays at random, Medium wins or blocks, Hard is the strongest player.",
        "",
        *rule_lines(),
    ]
    return lines
