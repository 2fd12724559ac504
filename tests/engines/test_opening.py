"""Hosted engines decide swap2 through SWAP2BOARD; the app's player decides where they can't."""

from __future__ import annotations

from pathlib import Path

import pytest

from tictac_tui.engine import Rules
from tictac_tui.engine.openings import Ask, Opening, OpeningRule
from tictac_tui.engines import EngineStrategy, live_pids
from tictac_tui.engines.opening import Swap2Board
from tictac_tui.engines.spec import EngineSpec
from tictac_tui.engines.store import built_in
from tictac_tui.play import openings as play_openings
from tictac_tui.play.openings import decider_for, decider_notice
from tictac_tui.strategies.openings import OpeningPlayer

SWAP2_TURN_SECONDS = 0.5
"""The brains' think time a move (``timeout_turn``), which their swap2 answers share."""


def test_our_brain_answers_every_swap2_question_through_swap2board(tmp_path: Path) -> None:
    with (
        EngineStrategy(built_in(), log_folder=tmp_path) as first,
        EngineStrategy(built_in(), log_folder=tmp_path) as second,
    ):
        deciders = {
            "first": Swap2Board(first, OpeningPlayer(nodes=200)),
            "second": Swap2Board(second, OpeningPlayer(nodes=200)),
        }
        opening = Opening.start(OpeningRule.SWAP2, Rules.gomoku(15))
        for engine in (first, second):
            # Half a second a move instead of the brain's default five: the answers come
            # from the engine whatever its think time.
            engine.ready(opening.state).set_time(SWAP2_TURN_SECONDS)
        while opening.decision is not None:
            opening = opening.apply(deciders[opening.decision.person.value].decide(opening))
        assert opening.state.move_count in (3, 5)
        for decider in deciders.values():
            assert decider.notice is None  # the engine itself answered
    assert live_pids() == []


def test_an_engine_without_swap2board_gets_the_apps_decisions_and_a_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The app's player at 200 nodes, as above: which stone it places is not the claim.
    monkeypatch.setattr(play_openings, "OPENING_NODES", 200)
    script = tmp_path / "pbrain-plain"
    script.write_text(
        '#!/bin/sh\nwhile read line; do case "$line" in\n'
        "START*) echo OK;; SWAP2BOARD*) echo UNKNOWN swap2;; END*) exit 0;; esac; done\n"
    )
    script.chmod(0o755)
    with EngineStrategy(EngineSpec("plain", (str(script),)), log_folder=tmp_path) as engine:
        decider = decider_for(engine, seed=None)
        opening = Opening.start(OpeningRule.SWAP2, Rules.gomoku(15))
        step = decider.decide(opening)
        assert opening.refusal(step) is None
        notice = decider_notice(decider)
        assert notice is not None and "SWAP2BOARD" in notice
        assert "the app's opening player decides for it" in notice
        assert opening.decision is not None and opening.decision.ask is Ask.PLACE
