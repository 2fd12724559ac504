"""The game layer's `Session` on its own: this run's score and all runs' statistics."""

from __future__ import annotations

from tictac_tui.choices import Settings
from tictac_tui.play.session import Session
from tictac_tui.scores import Record, Result, score_key


def test_a_counted_game_is_in_the_score_and_the_statistics() -> None:
    key = score_key(Settings())
    session = Session({key: Record(wins=2)})
    assert session.summary() == "Session score: no games finished"
    session.count(key, Result.LOSS, abandoned=True)
    assert session.tally(key).losses == 1 and session.tally(key).wins == 0
    assert session.statistics[key].wins == 2 and session.statistics[key].losses == 1
    assert "You 0, Computer 1, Draws 0" in session.summary()
    session.reset_statistics()
    assert session.statistics == {} and session.tally(key).losses == 1
