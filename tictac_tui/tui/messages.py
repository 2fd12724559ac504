"""Messages for the message line, each with a tone that decides its colour.

Drawing maps a `Tone` to a look (`pieces.TONE_LOOKS`); nothing reads the
words of a message to colour it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Tone(Enum):
    """What kind of news a message is."""

    INFO = "info"
    """Plain news: a move undone, a setting that applies next game."""
    NOTE = "note"
    """Something to look at: a hint, paused, a speed."""
    SUCCESS = "success"
    """A good ending: you win, a draw, a side wins between others."""
    FAILURE = "failure"
    """The computer beat you."""
    WARNING = "warning"
    """A refused key (taken square, bad text) or a file notice."""
    ERROR = "error"
    """Something went wrong (a computer player failed)."""
    QUESTION = "question"
    """A question waiting for y."""


@dataclass(frozen=True, slots=True)
class Message:
    """One line of text and its tone, and a shorter form for narrow terminals."""

    text: str
    tone: Tone = Tone.INFO
    short: str = ""
    """Said instead of `text` where it neither fits nor wraps ("" for none)."""


NO_MESSAGE = Message("")
