"""Hypothesis strategies for records: random legal games of every rule and board shape."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.positions import play_picks
from tictac_tui.engine import Player, Rule, Rules
from tictac_tui.engine.rules import RULES_NEEDING_FIVE, SUPPORTED_RULES
from tictac_tui.records import Ending, GameRecord, Players, Result

PLAYABLE_RULES = sorted(SUPPORTED_RULES, key=lambda rule: rule.value)

NAME_TEXT = st.text(st.characters(codec="utf-8"), max_size=12)
PLAIN_NAMES = st.text("abcdefghijklmnopqrstuvwxyz ABCXYZ.-_", max_size=12)


@st.composite
def rules(draw: st.DrawFn, rule_set: list[Rule] = PLAYABLE_RULES, max_side: int = 26) -> Rules:
    """Any board up to `max_side` a side, under a rule of `rule_set`."""
    rule = draw(st.sampled_from(rule_set))
    if rule in RULES_NEEDING_FIVE:
        rows = draw(st.integers(1, max_side))
        cols = draw(st.integers(5 if rows < 5 else 1, max_side))
        return Rules(rows, cols, 5, rule=rule)
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    k = draw(st.integers(1, min(max(rows, cols), 7)))
    return Rules(rows, cols, k, rule=rule)


@st.composite
def results(draw: st.DrawFn) -> Result | None:
    """A result a record may claim for a game its moves don't end."""
    winner = draw(st.sampled_from([Player.X, Player.O]))
    return draw(
        st.sampled_from(
            [
                None,
                Result(None, Ending.AGREEMENT),
                Result(winner, Ending.RESIGNATION),
                Result(winner, Ending.TIME),
                Result(winner, Ending.FORFEIT),
                Result(winner, Ending.UNKNOWN),
            ]
        )
    )


@st.composite
def records(
    draw: st.DrawFn,
    rule_set: list[Rule] = PLAYABLE_RULES,
    names: st.SearchStrategy[str] = NAME_TEXT,
    max_side: int = 26,
) -> GameRecord:
    """A random legal game with players, result, date and comments."""
    board = draw(rules(rule_set, max_side))
    picks = draw(st.lists(st.integers(0, 10_000), max_size=min(board.squares, 60)))
    state = play_picks(board, picks)
    result = None if state.is_over else draw(results())
    comments = draw(st.lists(names, max_size=state.move_count + 1))
    return GameRecord.from_state(
        state,
        players=Players(draw(names), draw(names)),
        result=result,
        date=draw(st.sampled_from(["", "2026-05-01", "1996-05-06,07"])),
        comments=comments,
    )
