"""The opening rule's steps in the line mode: what a typed line answers, and the words.

A person answers the decision asked with one line: a square to place a
stone or to pick an offered 5th move (``h8``), an answer to the swap
question (its number as listed, its word as listed in the language in use,
such as 交换 / 不换, or in English ``swap``, ``keep``, ``two``, ``offer``:
`play.openings.typed_choice`), a number to declare, or the offered squares
separated by spaces or commas (``h9 j7 g6``).
"""

from __future__ import annotations

from ..engine import Move, Rules
from ..engine.openings import (
    Action,
    Ask,
    Decision,
    Offer,
    Pick,
    Place,
    read_answer,
)
from ..i18n import _, ngettext
from ..play.openings import answer_prompt, typed_choice
from .lines import Unknown, read_line


def opening_answer(text: str, decision: Decision, rules: Rules) -> Action | Unknown:
    """The step a typed line answers `decision` with, or `Unknown` saying what to type."""
    words = text.replace(",", " ").split()
    if decision.ask in (Ask.PLACE, Ask.PICK):
        line = read_line(text, rules)
        if isinstance(line, Move):
            return Place(line) if decision.ask is Ask.PLACE else Pick(line)
        if isinstance(line, Unknown):
            return line
        return Unknown(_("Type a square, like h8"))
    if decision.ask is Ask.OFFER:
        moves = []
        for word in words:
            line = read_line(word, rules)
            if not isinstance(line, Move):
                return Unknown(
                    ngettext(
                        "{text} is not a square: type {count} square, like h9",
                        "{text} is not a square: type {count} squares, like h9 j7",
                        decision.count or 0,
                    ).format(text=word, count=decision.count)
                )
            moves.append(line)
        return Offer(tuple(moves))
    if decision.ask is Ask.CHOOSE:
        chosen = typed_choice(text, decision)
        return chosen if chosen is not None else Unknown(answer_prompt())
    answer = read_answer(text, decision, rules)
    if answer is not None:
        return answer
    return Unknown(_("Type a number from 1 to {most}").format(most=decision.count))
