"""The registry of screens: one `ScreenSpec` per `Screen`, which render, layout, status
and the model all read.

A spec says how the screen draws, its keys (`bindings`), the name the information
bar gives it, and which controller (`host.Controller`) owns its state and does its
actions; the controller says the rules of the board it shows, if any. Adding a
screen is a `Screen` member, a keymap, a controller, a draw function and one entry
here (docs/architecture.md walks through it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..i18n import N_
from . import editorview, recordview, render
from .actions import Keymap
from .bindings import KEYMAPS
from .canvas import Canvas
from .editor import EditorScreen
from .game import GameScreen
from .host import Controller, Host
from .menuscreen import MenuScreen
from .pages import HelpScreen, StatsScreen
from .replay import OpenScreen, ReplayScreen
from .screens import Screen
from .shown import Shown


@dataclass(frozen=True, slots=True)
class ScreenSpec:
    """Everything the app knows about one screen."""

    screen: Screen
    title: str
    """The screen's name (an `N_` text) where the information bar has nothing more to say."""
    draw: Callable[[Canvas, Shown, float], None]
    controller: Callable[[Host], Controller]
    swaps_with: frozenset[Screen] = frozenset()
    """Screens this one replaces on top of the stack instead of going over them (the list
    of saved games and the viewer: either goes back to where the first was opened)."""

    @property
    def keys(self) -> Keymap:
        """The screen's keys (`bindings.KEYMAPS`)."""
        return KEYMAPS[self.screen]


RECORDS = frozenset({Screen.OPEN, Screen.REPLAY})
"""The list of saved games and the viewer: either takes the other's place on the stack."""

SPECS: dict[Screen, ScreenSpec] = {
    spec.screen: spec
    for spec in (
        ScreenSpec(Screen.MENU, N_("Menu"), render.draw_menu, MenuScreen),
        # The game's and the viewer's information bars name their game (`status.info_forms`).
        ScreenSpec(Screen.GAME, N_("Menu"), render.draw_game, GameScreen),
        ScreenSpec(Screen.HELP, N_("Help"), render.draw_help, HelpScreen),
        ScreenSpec(Screen.STATS, N_("Statistics"), render.draw_stats, StatsScreen),
        ScreenSpec(Screen.OPEN, N_("Saved games"), recordview.draw_open, OpenScreen, RECORDS),
        ScreenSpec(Screen.REPLAY, N_("Replay"), recordview.draw_replay, ReplayScreen, RECORDS),
        ScreenSpec(Screen.EDITOR, N_("Position editor"), editorview.draw_editor, EditorScreen),
    )
}
"""Every screen's spec."""
