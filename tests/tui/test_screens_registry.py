"""The registry of screens is whole: every screen has a spec, keys, and help for each key;
what a screen's hints name is bound there, and what is bound there its controller does."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from tictac_tui.choices import Settings
from tictac_tui.i18n import N_
from tictac_tui.tui.actions import Action, Binding, Hint, Keymap, bind
from tictac_tui.tui.bindings import KEYMAPS, GameHint
from tictac_tui.tui.helptext import help_lines
from tictac_tui.tui.keys import Command
from tictac_tui.tui.model import Model
from tictac_tui.tui.screens import Screen
from tictac_tui.tui.specs import SPECS, ScreenSpec


def keymap_problems(screen: Screen, keymap: Keymap) -> list[str]:
    """What is wrong with one screen's keys."""
    problems = []
    if not keymap.bindings:
        problems.append(f"{screen.name}: no bindings")
    if not keymap.hints:
        problems.append(f"{screen.name}: no key hint")
    commands: list[Command] = []
    for binding in keymap.bindings:
        if not binding.help.strip() or not binding.keys.strip():
            problems.append(f"{screen.name}: {binding.actions} has no help text or no keys")
        if not binding.actions:
            problems.append(f"{screen.name}: the row {binding.keys!r} binds nothing")
        commands += [command for command, _ in binding.actions]
    twice = {command for command in commands if commands.count(command) > 1}
    if twice:
        problems.append(f"{screen.name}: bound twice: {sorted(c.name for c in twice)}")
    for hint in keymap.hints:
        if not hint.forms:
            problems.append(f"{screen.name}: a hint without words")
        bound = keymap.bound()
        unbound = {a for a in hint.names if a not in bound and a is not keymap.other}
        if unbound:
            problems.append(
                f"{screen.name}: the hint names unbound {sorted(a.name for a in unbound)}"
            )
    return problems


def registry_problems(specs: Mapping[Screen, ScreenSpec]) -> list[str]:
    """What is wrong with the registry: screens without a spec, keys, help or a handler."""
    problems = [f"{screen.name}: no spec" for screen in Screen if screen not in specs]
    model = Model(Settings(), threads=False)
    for screen, spec in specs.items():
        if spec.screen is not screen:
            problems.append(f"{screen.name}: filed under another screen's name")
        if screen not in KEYMAPS:
            problems.append(f"{screen.name}: no keymap in bindings.KEYMAPS")
            continue
        problems += keymap_problems(screen, spec.keys)
        handled = set(spec.controller(model).actions())
        other = spec.keys.other
        wanted = spec.keys.bound() | ({other} if other is not None else set())
        if wanted - handled:
            problems.append(
                f"{screen.name}: nothing does {sorted(a.name for a in wanted - handled)}"
            )
    return problems


def test_every_screen_has_a_spec_keys_and_help() -> None:
    assert registry_problems(SPECS) == []


def test_a_screen_without_a_spec_is_found() -> None:
    specs: dict[Screen, ScreenSpec] = {
        screen: spec for screen, spec in SPECS.items() if screen is not Screen.STATS
    }
    assert registry_problems(specs) == ["STATS: no spec"]


def test_a_binding_without_help_text_is_found() -> None:
    keymap = KEYMAPS[Screen.REPLAY]
    silent = Binding("x", "", ((Command.OTHER, Action.BACK),))
    broken = replace(keymap, bindings=(*keymap.bindings, silent))
    assert any("no help text" in problem for problem in keymap_problems(Screen.REPLAY, broken))


def test_a_screen_without_a_keymap_is_found() -> None:
    kept = dict(KEYMAPS)
    del KEYMAPS[Screen.STATS]
    try:
        assert registry_problems(SPECS) == ["STATS: no keymap in bindings.KEYMAPS"]
    finally:
        KEYMAPS.clear()
        KEYMAPS.update(kept)  # in the help's order


def test_a_screen_without_bindings_is_found() -> None:
    empty = Keymap((), (Hint((N_("Enter open"),), ()),))
    assert keymap_problems(Screen.OPEN, empty) == ["OPEN: no bindings"]


def test_a_hint_naming_an_unbound_key_is_found() -> None:
    keymap = KEYMAPS[Screen.HELP]
    wrong = replace(keymap, hints=(Hint(keymap.hints[0].forms, (Action.UNDO,)),))
    assert keymap_problems(Screen.HELP, wrong) == ["HELP: the hint names unbound ['UNDO']"]


def test_an_action_no_controller_does_is_found() -> None:
    keymap = KEYMAPS[Screen.HELP]
    undo = bind("u", N_("undo (back to your previous turn)"), UNDO=Action.UNDO)
    KEYMAPS[Screen.HELP] = replace(keymap, bindings=(*keymap.bindings, undo))
    try:
        assert registry_problems(SPECS) == ["HELP: nothing does ['UNDO']"]
    finally:
        KEYMAPS[Screen.HELP] = keymap


def test_the_game_screen_has_a_hint_for_each_situation() -> None:
    assert len(KEYMAPS[Screen.GAME].hints) == len(GameHint)


def test_the_help_shows_every_screens_keys() -> None:
    text = "\n".join(help_lines(200))
    for keymap in KEYMAPS.values():
        for binding in keymap.bindings:
            assert binding.keys in text and binding.help in text
    assert "play on from here with a friend" in text  # the viewer's f
