"""Strategies from other packages: the entry point group, the example MCTS plug-in, broken ones."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tictac_tui.engine import GameState, Rules
from tictac_tui.strategies import (
    Difficulty,
    Limit,
    available_strategies,
    get_strategy,
    play_match,
    plugins,
    strategy_name,
    strategy_names,
)
from tictac_tui.strategies.registry import describe_strategy, is_plugin

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "mcts-plugin"


def fake_distribution(where: Path, name: str, entry_points: dict[str, str]) -> Path:
    """A minimal installed distribution (a .dist-info folder) declaring `entry_points`."""
    info = where / f"{name.replace('-', '_')}-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1.0\n")
    lines = [f"{key} = {value}" for key, value in entry_points.items()]
    (info / "entry_points.txt").write_text("[tictac_tui.strategies]\n" + "\n".join(lines) + "\n")
    return where


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh folder on sys.path for fake distributions; plug-ins rediscovered around the test."""
    monkeypatch.syspath_prepend(str(tmp_path))
    plugins.forget()
    yield tmp_path
    plugins.forget()


@pytest.fixture
def mcts(site: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example plug-in, as if installed: its module on sys.path, its metadata beside it."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    return fake_distribution(site, "tictac-mcts", {"mcts": "tictac_mcts:MctsStrategy"})


def test_the_example_plugin_joins_the_registry(mcts: Path) -> None:
    assert strategy_names()[-1] == "mcts" and is_plugin("mcts") and not is_plugin("search")
    assert "mcts" in available_strategies(Rules.tictactoe())
    assert "mcts" not in available_strategies(Rules.gomoku())  # its supports() says no
    assert describe_strategy("mcts").endswith("(plug-in from tictac-mcts 0.1.0)")
    # A plug-in is a player a side can use, never a difficulty.
    assert strategy_name(Difficulty.HARD, Rules.tictactoe()) == "perfect"
    assert plugins.notices() == ()


def test_the_example_plugin_plays(mcts: Path) -> None:
    player = get_strategy("mcts", seed=3, rules=Rules.tictactoe())
    state = GameState.from_moves(Rules.tictactoe(), ["a1", "b2", "a2"])
    assert player.choose(state, Limit(nodes=400)) == (2, 0)  # blocks a3 (row 2, column 0)
    results = play_match(
        Rules.tictactoe(), player, get_strategy("random", seed=4), 10, limit=Limit(nodes=300)
    )
    assert results["second"] <= 1 and results["first"] >= 6


def test_the_engine_protocol_offers_the_plugin(mcts: Path) -> None:
    env_path = f"{mcts}:{EXAMPLE}:{ROOT}"
    answer = subprocess.run(
        [sys.executable, "-m", "tictac_tui.brain", "--strategy", "mcts"],
        input="START 10\nINFO timeout_turn 300\nBEGIN\n",  # then end of input: it exits
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": env_path, "PATH": "/usr/bin:/bin"},
    )
    lines = answer.stdout.split()
    assert answer.returncode == 0, answer.stderr
    assert lines[0] == "OK" and lines[1].count(",") == 1, answer.stdout


@pytest.mark.parametrize(
    ("value", "notice"),
    [
        ("no_such_module:Player", "failed to load no_such_module:Player: ModuleNotFoundError"),
        ("json:NoSuchClass", "failed to load json:NoSuchClass: AttributeError"),
        ("json:dumps", "is not a strategy: it has no name or supports"),
    ],
)
def test_a_broken_plugin_gets_a_notice_and_breaks_nothing(
    site: Path, value: str, notice: str
) -> None:
    fake_distribution(site, "tictac-broken", {"broken": value})
    assert "broken" in strategy_names()
    offered = available_strategies(Rules.tictactoe())
    assert offered == ("random", "heuristic", "search", "perfect")
    with pytest.raises(ValueError, match=r"strategy plug-in 'broken' \(tictac-broken 0.1.0\)"):
        get_strategy("broken")
    assert any(notice in text for text in plugins.notices()), plugins.notices()


class Explodes:
    """Raises in supports and in its constructor."""

    name = "explodes"

    @staticmethod
    def supports(rules: Rules) -> bool:
        raise RuntimeError("boom")

    def __init__(self, *, seed: int | None = None) -> None:
        raise RuntimeError("bang")


def test_a_plugin_failing_at_run_time_is_contained(site: Path) -> None:
    fake_distribution(site, "tictac-explodes", {"explodes": f"{__name__}:Explodes"})
    assert "explodes" not in available_strategies(Rules.tictactoe())
    assert any("failed in supports: RuntimeError: boom" in n for n in plugins.notices())
    with pytest.raises(ValueError, match="can't play"):
        get_strategy("explodes", rules=Rules.tictactoe())
    with pytest.raises(ValueError, match="failed to start: RuntimeError: bang"):
        get_strategy("explodes")


def test_a_plugin_cannot_take_a_builtin_name(site: Path) -> None:
    fake_distribution(site, "tictac-impostor", {"perfect": "json:dumps", "bad name": "json:x"})
    assert strategy_names().count("perfect") == 1
    assert get_strategy("perfect").__class__.__name__ == "PerfectStrategy"
    assert any("'perfect' (tictac-impostor 0.1.0) ignored" in n for n in plugins.notices())
    assert any("'bad name'" in n and "plain name" in n for n in plugins.notices())


@pytest.mark.slow
def test_pip_installs_the_example(tmp_path: Path) -> None:
    """A real install (pip, into a folder) and the brain using it from there."""
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(EXAMPLE),
        ],
        check=True,
        timeout=600,
    )
    answer = subprocess.run(
        [sys.executable, "-m", "tictac_tui.brain", "--strategy", "mcts"],
        input="START 10\nINFO timeout_turn 300\nBEGIN\n",
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": f"{target}:{ROOT}", "PATH": "/usr/bin:/bin"},
    )
    assert answer.stdout.split()[:1] == ["OK"] and "," in answer.stdout, answer.stderr


def test_the_docs_show_the_example_as_it_is() -> None:
    """docs/architecture.md quotes examples/mcts-plugin/tictac_mcts.py whole."""
    docs = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    code = (EXAMPLE / "tictac_mcts.py").read_text(encoding="utf-8")
    assert f"```python\n{code}```" in docs


def test_the_quick_look_finds_a_declared_plugin(site: Path) -> None:
    """`none_declared` spares importing importlib.metadata only when no plug-in can be there."""
    (site / "other-1.0.egg-info").write_text("Metadata-Version: 1.1\n")  # a file: no entry points
    other = site / "other-1.0.dist-info"
    other.mkdir()
    (other / "entry_points.txt").write_text("[console_scripts]\nother = other:main\n")
    assert plugins.none_declared()
    fake_distribution(site, "tictac-late", {"late": "json:dumps"})
    assert not plugins.none_declared()


def test_the_quick_look_is_unsure_of_a_zip_on_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "plugins.zip"
    archive.write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip archive
    monkeypatch.syspath_prepend(str(archive))
    assert not plugins.none_declared()
