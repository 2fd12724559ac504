"""The words of the bottom lines: whose turn, the last message, game and score, key hints.

Pure functions of the model and the time, so each situation is unit-tested.
"""

from __future__ import annotations

from ..engine import Player
from ..strategies import Difficulty
from .model import MODE_LABELS, Model

THINKING = "Computer ({side}) is thinking..."


def turn_text(model: Model, now: float) -> str:
    """Whose turn it is in words: "Your move (X)", "Computer (O) is thinking... 0.7s"."""
    game = model.game
    if game is None:
        return ""
    if game.over:
        return "Game over"
    side = game.state.to_move
    job = model.thinking()
    if game.paused:
        return "Paused: press any key to resume"
    if side not in game.human:
        text = THINKING.format(side=side)
        if job is not None and job.kind == "move":
            text += f" {max(0.0, now - job.started):.1f}s"
        return text
    if job is not None and job.kind == "hint":
        return f"Finding a hint... {max(0.0, now - job.started):.1f}s"
    if game.mode == "hvc":
        return f"Your move ({side})"
    return f"{side} to move"


def message_text(model: Model) -> str:
    """The last message and the first unread file notice, or the question while quitting waits."""
    if model.confirm_quit:
        return "Quit the game in progress? y: yes, any other key: no"
    return "  ".join(text for text in (model.message, *model.notices[:1]) if text)


def score_text(model: Model) -> str:
    """This session's score for the current game's kind of players."""
    game = model.game
    mode = game.mode if game is not None else model.settings.mode
    if mode == "hvc":
        t = model.score["hvc"]
        return f"You {t.first}  Computer {t.second}  Draws {t.draws}"
    t = model.score["other"]
    return f"{Player.X} {t.first}  {Player.O} {t.second}  Draws {t.draws}"


def info_text(model: Model) -> str:
    """The game, mode and difficulty being played."""
    game = model.game
    if game is None:
        return ""
    parts = [game.rules.describe(), MODE_LABELS[game.mode]]
    if game.mode == "hvc":
        parts[1] = f"You ({'X' if Player.X in game.human else 'O'}) vs computer"
    if game.mode != "hvh":
        parts.append(Difficulty(game.difficulty).label)
    return " | ".join(parts)


def key_hint(model: Model) -> str:
    """The one-line key reminder for the current screen."""
    if model.screen == "menu":
        return "Up/Down choose  Left/Right change  Enter select  ? help  q quit"
    if model.screen in ("help", "stats"):
        return "Any key: back"
    game = model.game
    if game is not None and game.over:
        return "Enter or n: play again  u undo  m menu  q quit"
    if game is not None and game.mode == "cvc":
        return "Any key: pause/resume  n new  m menu  ? help  q quit"
    small = game is not None and (game.rules.rows, game.rules.cols) == (3, 3)
    play = "1-9 or arrows+Enter" if small else "arrows+Enter"
    return f"{play} play  u undo  t hint  ? help  n new  m menu  q quit"
