"""The opening rule's steps in the line mode: what a typed line answers, and the words.

A person answers the decision asked with one line: a square to place a
stone or to pick an offered 5th move (``h8``), ``swap`` or ``keep`` (or
``1``, ``2``; ``3``, ``two`` or ``place-two`` for swap2's two more stones,
``offer`` for Taraguchi's ten 5th moves), a number to declare, or the
offered squares separated by spaces or commas (``h9 j7 g6``).
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
from ..i18n import _
from ..play.openings import numbered_choice
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
                    _("{text} is not a square: type {count} squares, like h9 j7").format(
                        text=word, count=decision.count
                    )
                )
            moves.append(line)
        return Offer(tuple(moves))
    if decision.ask is Ask.CHOOSE and len(words) == 1 and words[0].isdigit():
        chosen = numbered_choice(decision, int(words[0]))
        if chosen is not None:
            return chosen
    answer = read_answer(text, decision, rules)
    if answer is not None:
        return answer
    if decision.ask is Ask.DECLARE:
        return Unknown(_("Type a number from 1 to {most}").format(most=decision.count))
    return Unknown(_("Type swap or keep (or 1, 2, 3 as listed)"))
