"""Renju games that end with black's forbidden stone (white wins by foul)."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from tests.engine.renju_oracle import shape_seeking_games
from tictac_tui.engine import Rule, Rules
from tictac_tui.records import GameRecord, Players

PLAIN = st.text("abcdefghijklmnopqrstuvwxyz ABC", max_size=10)


@st.composite
def foul_records(draw: st.DrawFn, min_side: int = 9, max_side: int = 19) -> GameRecord:
    """A renju game played by legal moves until black has a forbidden point,
    then black's stone on one of them."""
    size = draw(st.integers(min_side, max_side))
    rules = Rules.gomoku(size, rule=Rule.RENJU)
    seed = draw(st.integers(0, 2**32 - 1))
    for state in shape_seeking_games(seed, 300, rules):
        fouls = sorted(state.forbidden_moves())
        if fouls:
            break
    else:
        assume(False)
    foul = draw(st.sampled_from(fouls))
    comments = draw(st.lists(PLAIN, max_size=3))
    players = Players(draw(PLAIN), draw(PLAIN))
    return GameRecord(rules, (*state.history, foul), players, comments=comments)
