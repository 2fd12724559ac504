"""The game layer's saving on its own: a match as an autosave and back, a record's settings."""

from __future__ import annotations

from tictac_tui.choices import Board, Mode, Settings
from tictac_tui.engine import Move, Rule, Rules
from tictac_tui.play.match import Match
from tictac_tui.play.saving import player_names, record_of, resume_of, resumed, settings_for
from tictac_tui.records import Players


def test_an_autosaved_match_comes_back_as_it_was() -> None:
    match = Match.start(Settings(), human_first=False, now=0.0, seed=3)
    assert resume_of(match) is None  # nothing played yet: nothing to keep
    match.play(Move(1, 1), now=0.0)
    match.play(Move(0, 0), now=0.0)
    match.cursor = Move(2, 2)
    match.hinted = True
    resume = resume_of(match, date="2026-01-02")
    assert resume is not None and resume.record.date == "2026-01-02"
    back = resumed(resume, now=5.0, seed=3)
    assert back.state == match.state and back.cursor == Move(2, 2)
    assert back.human == match.human and back.hinted and not back.counted
    assert back.state.history == match.state.history  # undo goes on working


def test_a_record_names_the_players_as_the_app_does() -> None:
    match = Match.start(Settings(), human_first=True, now=0.0, seed=3)
    assert player_names(match) == Players("You", "Computer (Medium)")
    assert record_of(match).result is None  # a game going on has no result


def test_settings_for_a_record_play_its_board_and_rule() -> None:
    base = Settings(mode=Mode.HVH)
    chosen = settings_for(Rules(15, 15, 5, rule=Rule.RENJU), base)
    assert chosen is not None and chosen.game is Board.GOMOKU15 and chosen.rule is Rule.RENJU
    custom = settings_for(Rules(6, 7, 4), base)
    assert custom is not None and (custom.rows, custom.cols, custom.k) == (6, 7, 4)
    assert settings_for(Rules(2, 5, 3), base) is None  # narrower than the menu's boards
