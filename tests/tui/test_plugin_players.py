"""Strategy plug-ins as players in the app: offered by the menu, used by games, broken ones say so.

Plug-ins are installed the way `tests/strategies/test_plugins.py` does it: a
fake ``.dist-info`` folder on ``sys.path`` declaring entry points in the
``tictac_tui.strategies`` group, its module beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tictac_tui.choices import (
    Board,
    Mode,
    PluginPlayer,
    Settings,
    computer_choice,
    computer_choices,
)
from tictac_tui.engine import Player, Rules
from tictac_tui.scores import Result, ScoreKey, add_result
from tictac_tui.storage import (
    settings_from,
    settings_to_json,
    statistics_from,
    statistics_to_json,
)
from tictac_tui.strategies import Difficulty, plugins
from tictac_tui.strategies.levels import LADDER
from tictac_tui.tui import status
from tictac_tui.tui.keys import Command
from tictac_tui.tui.menu import Item
from tictac_tui.tui.model import Model

from ..strategies.test_plugins import fake_distribution
from .conftest import NO_PTY_REASON, ON_WINDOWS
from .playing import more_moves_than, settled
from .terminal import TerminalApp
from .test_model import LATER, computer_plays, game, press, settings

ROOT = Path(__file__).resolve().parents[2]

PLAYERS = '''
"""Small plug-in players for the app's tests."""


class FirstFree:
    """The first free square, row by row."""

    name = "firstfree"

    @staticmethod
    def supports(rules):
        return rules.rows * rules.cols <= 49

    def __init__(self, *, seed=None):
        pass

    def choose(self, state, limit=None):
        return state.legal_moves()[0]


class Crasher(FirstFree):
    """Fails at every move."""

    name = "crasher"

    def choose(self, state, limit=None):
        raise RuntimeError("out of ideas")
'''

FIRSTFREE = PluginPlayer("firstfree")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Plug-ins `firstfree` and `crasher` (tictac-small) and `broken` (tictac-broken)."""
    (tmp_path / "small_players.py").write_text(PLAYERS)
    fake_distribution(
        tmp_path,
        "tictac-small",
        {"firstfree": "small_players:FirstFree", "crasher": "small_players:Crasher"},
    )
    fake_distribution(tmp_path, "tictac-broken", {"broken": "no_such_module:Player"})
    monkeypatch.syspath_prepend(str(tmp_path))
    plugins.forget()
    yield tmp_path
    plugins.forget()


def test_the_menu_offers_the_plugins_that_play_the_board(site: Path) -> None:
    crasher = PluginPlayer("crasher")
    levels = tuple(level for level in Difficulty if level not in LADDER)  # none on 3x3
    assert computer_choices(Rules.tictactoe()) == (*levels, crasher, FIRSTFREE)
    assert computer_choices(Rules.gomoku()) == tuple(Difficulty)  # supports() says no
    model = Model(Settings(difficulty=Difficulty.HARD))
    model.menu.highlight = Item.DIFFICULTY
    press(model, Command.RIGHT)
    assert settings(model).difficulty == crasher
    press(model, Command.RIGHT)
    assert settings(model).difficulty == FIRSTFREE
    assert model.menu.value(Item.DIFFICULTY) == "firstfree"
    assert model.menu.note(Item.DIFFICULTY) == (
        "Plug-in firstfree: The first free square, row by row (plug-in from tictac-small 0.1.0)"
    )
    press(model, Command.RIGHT)
    assert settings(model).difficulty == Difficulty.EASY  # round again
    press(model, Command.LEFT)
    assert settings(model).difficulty == FIRSTFREE


def test_a_broken_plugin_gets_a_notice_and_the_app_goes_on(site: Path) -> None:
    model = Model(Settings())
    texts = [notice.text for notice in model.notices]
    assert any("'broken' (tictac-broken 0.1.0) failed to load" in text for text in texts), texts
    assert PluginPlayer("broken") not in computer_choices(Rules.tictactoe())
    press(model, Command.SELECT)  # Play: a game against Medium, as chosen
    assert model.match is not None and model.match.players[Player.O].name == "heuristic"
    assert not model.notices  # the key read the notice; it is not said again


def test_a_game_against_a_plugin_is_played_and_counted_for_it(site: Path) -> None:
    model = game(Settings(difficulty=FIRSTFREE))
    match = model.match
    assert match is not None and match.players[Player.O].name == "firstfree"
    assert status.info_line(model, 80)[0] == "Tic-tac-toe 3x3 | You (X) vs computer | firstfree"
    for square in "537":  # X's diagonal; O takes the first free squares (1, 2)
        press(model, square)
        computer_plays(model)
    assert match.state.winner is Player.X
    model.update(LATER)
    assert match.key.levels == (FIRSTFREE,)
    assert model.session.statistics[match.key].wins == 1


def test_a_plugin_player_is_saved_and_read_back(site: Path) -> None:
    settings = Settings(mode=Mode.CVC, x_difficulty=FIRSTFREE, o_difficulty=Difficulty.HARD)
    data = settings_to_json(settings)
    assert data["x_difficulty"] == "plugin:firstfree" and data["o_difficulty"] == "hard"
    assert settings_from(data)[0] == settings
    key = ScoreKey(3, 3, 3, settings.rules().rule, Mode.CVC, (FIRSTFREE, Difficulty.HARD))
    hard = ScoreKey(3, 3, 3, settings.rules().rule, Mode.CVC, (Difficulty.HARD, FIRSTFREE))
    stats = add_result(add_result({}, key, Result.WIN), hard, Result.DRAW)
    assert statistics_from(statistics_to_json(stats)) == (stats, False)
    assert sorted([key, hard]) == [hard, key]  # difficulties before plug-ins
    with pytest.raises(ValueError, match="not a plug-in name"):
        computer_choice("plugin:no way")


def test_a_plugin_that_is_gone_or_cannot_play_gives_way_to_medium(site: Path) -> None:
    gone = game(Settings(difficulty=PluginPlayer("uninstalled")))
    assert gone.match is not None and gone.match.players[Player.O].name == "heuristic"
    assert gone.match.key.levels == (Difficulty.MEDIUM,)
    assert "unknown strategy 'uninstalled'" in gone.notices[0].text
    assert gone.notices[0].text.endswith("; the Medium player plays O instead")
    gomoku = Settings(game=Board.GOMOKU15, mode=Mode.CVC, x_difficulty=FIRSTFREE)
    big = game(gomoku)
    assert big.match is not None and big.match.players[Player.X].name == "heuristic"
    assert "'firstfree' can't play Gomoku 15x15" in big.notices[0].text


def test_a_plugin_failing_at_its_move_is_replaced_for_that_move(site: Path) -> None:
    model = game(Settings(difficulty=PluginPlayer("crasher")))
    press(model, "5")
    computer_plays(model)
    assert model.match is not None and model.match.state.move_count == 2
    assert model.message.text == (
        "The computer (crasher) raised RuntimeError: out of ideas; the Medium player moved instead"
    )


Start = Callable[..., TerminalApp]


@pytest.mark.terminal
@pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)
def test_in_the_real_app_a_side_plays_a_plugin(site: Path, app: Start) -> None:
    run = app("--seed", "1", env={"PYTHONPATH": f"{site}:{ROOT}"})
    run.wait_for("plug-in 'broken' (tictac-broken 0.1.0) failed to load")
    run.wait_for("> Play")
    run.send("down", "down", "down", "down")  # Game, Mode, Who goes first, Difficulty
    run.wait_for("< Medium >")
    run.send("right", "right", "right")  # Hard, crasher, firstfree
    run.wait_for("< firstfree >")
    run.wait_for("Plug-in firstfree: The first free square")
    run.send("n")
    run.wait_for(lambda r: settled(r) and "You (X) vs computer | firstfree" in r.text())
    run.send("5")
    run.wait_for(more_moves_than(1))
    run.wait_for(settled)
    assert run.state()["history"][1] == "a1"  # the first free square, top left
