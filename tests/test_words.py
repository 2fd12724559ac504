"""The words for the game's values: one function per kind, in the language in use."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tictac_tui import i18n
from tictac_tui.choices import Board, First, Mode, PluginPlayer, Speed
from tictac_tui.engine import Foul, Player, Rule, Rules
from tictac_tui.i18n import Language
from tictac_tui.strategies import Difficulty, is_plugin, strategy_names
from tictac_tui.words import (
    STRATEGY_DESCRIPTIONS,
    choice_name,
    colour_name,
    computer_name,
    difficulty_name,
    foul_name,
    language_name,
    level_note,
    mode_name,
    rule_name,
    side_name,
    speed_name,
    strategy_description,
    win_words,
)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_difficulties_and_the_level_note() -> None:
    names = [difficulty_name(level) for level in Difficulty]
    assert names == ["Easy", "Medium", "Casual", "Club", "Strong", "Expert", "Hard"]
    assert level_note(Difficulty.HARD, Rules.tictactoe()).startswith("Hard: perfect, ")
    assert computer_name(PluginPlayer("mcts")) == "mcts"


def test_every_built_in_player_is_described_once_here() -> None:
    built_in = [name for name in strategy_names() if not is_plugin(name)]
    assert built_in == list(STRATEGY_DESCRIPTIONS)
    assert strategy_description("random") == "a uniformly random legal move"


def test_the_words_follow_the_language() -> None:
    english = (mode_name(Mode.HVC), rule_name(Rule.RENJU), difficulty_name(Difficulty.HARD))
    assert english == ("You vs computer", "Renju", "Hard")
    i18n.set_language("zh")
    chinese = (mode_name(Mode.HVC), rule_name(Rule.RENJU), difficulty_name(Difficulty.HARD))
    assert all(c != e for c, e in zip(chinese, english, strict=True))
    assert win_words(Player.X, Rules.gomoku(15)).startswith("黑")
    assert colour_name(Player.X) != "black"


def test_sides_and_colours_are_two_kinds() -> None:
    assert side_name(Player.X, Rules.gomoku(15)) == "X"
    assert side_name(Player.O) == "O"
    assert colour_name(Player.X) == "black" and colour_name(Player.O) == "white"
    assert win_words(Player.O, Rules.tictactoe()) == "O wins"


def test_every_menu_choice_has_a_name() -> None:
    for kind in (Board, Mode, First, Speed, Language, Rule, Difficulty):
        for member in kind:
            assert choice_name(member), member
    assert choice_name(Language.AUTO) == "From the locale"
    assert choice_name(Language.ZH) == language_name(Language.ZH) == "中文"
    assert speed_name(Speed.FAST) == "Fast"
    assert foul_name("double three") == foul_name(Foul.DOUBLE_THREE) == "double three"
