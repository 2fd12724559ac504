"""Property tests: random legal games on many board shapes, checked against an
independent whole-board reference (tests/engine/reference.py)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.positions import play_picks
from tictac_tui.engine import GameState, IllegalMove, Player, Rules

from .reference import ReferenceGame


@st.composite
def rules_strategy(draw: st.DrawFn) -> Rules:
    rows = draw(st.integers(1, 9))
    cols = draw(st.integers(1, 9))
    k = draw(st.integers(1, min(max(rows, cols), 6)))
    return Rules(rows, cols, k, draw(st.booleans()))


@settings(max_examples=300, deadline=None)
@given(rules_strategy(), st.lists(st.integers(0, 10_000), max_size=81))
def test_random_games_match_the_reference(rules: Rules, picks: list[int]) -> None:
    state = GameState.new(rules)
    reference = ReferenceGame(rules.rows, rules.cols, rules.k, rules.exact)
    for pick in picks:
        if reference.over:
            break
        empties = reference.empties()
        assert [tuple(m) for m in state.legal_moves()] == empties
        move = empties[pick % len(empties)]
        before = state
        before_view = (str(before), before.move_count, before.history, before.to_move)
        state = state.play(move)
        reference.play(*move)
        # play() never changes the original
        assert (str(before), before.move_count, before.history, before.to_move) == before_view
        assert before.cell(move) is None
        # winner, over and draw agree with the reference
        expected = None if reference.winner is None else Player(reference.winner)
        assert state.winner is expected
        assert state.is_over == reference.over
        assert state.is_draw == (reference.over and reference.winner is None)
        if state.winning_line is not None:
            line = [tuple(m) for m in state.winning_line]
            assert line in reference.winning_runs(reference.winner or "")
            assert move in line
        else:
            assert reference.winner is None
        assert str(state).splitlines() == ["".join(row) for row in reference.board]
    assert GameState.from_moves(rules, state.history) == state
    assert GameState.from_moves(rules, state.history).history == state.history
    if state.is_over:
        assert state.legal_moves() == ()
        for r in range(rules.rows):
            for c in range(rules.cols):
                try:
                    state.play((r, c))
                except IllegalMove:
                    pass
                else:  # pragma: no cover - the assertion below reports it
                    raise AssertionError("a finished game accepted a move")


@settings(max_examples=100, deadline=None)
@given(rules_strategy(), st.lists(st.integers(0, 10_000), max_size=40))
def test_equal_whatever_the_move_order(rules: Rules, picks: list[int]) -> None:
    state = play_picks(rules, picks)
    assume(not state.is_over)
    xs, os = state.history[0::2][::-1], state.history[1::2][::-1]
    reordered = [m for pair in zip(xs, os) for m in pair] + list(xs[len(os) :])
    assert len(set(reordered)) == state.move_count
    try:
        rebuilt = GameState.from_moves(rules, reordered)
    except IllegalMove:  # exact rules: a k-line along the way that later became an overline
        assume(False)
    assert rebuilt == state and hash(rebuilt) == hash(state)
