"""`proven`: Hard on 5x6 and 6x5 (four in a row) plays the proven first-player win."""

from __future__ import annotations

import threading

import pytest

from tictac_tui.engine import GameState, Player, Rules
from tictac_tui.strategies import Difficulty, Limit, get_strategy, player_for, proof
from tictac_tui.strategies.proof import oracle_for, table
from tictac_tui.strategies.proven import ProvenStrategy
from tictac_tui.words import level_note

WON_BOARDS = [Rules(6, 5, 4), Rules(5, 6, 4)]


def test_it_is_hard_exactly_where_the_perfect_player_does_not_serve_a_proven_board() -> None:
    for rules in WON_BOARDS:
        assert ProvenStrategy.supports(rules)
        assert player_for(Difficulty.HARD, rules, seed=1).name == "proven"
    for rules in (
        Rules(5, 5, 4),
        Rules(4, 6, 4),
        Rules.tictactoe(),
        Rules.gomoku(),
        Rules(6, 6, 4),
    ):
        assert not ProvenStrategy.supports(rules)
    with pytest.raises(ValueError, match="5x6 and 6x5"):
        ProvenStrategy(seed=1).choose(GameState.new(Rules(5, 5, 4)))
    assert level_note(Difficulty.HARD, Rules(5, 6, 4)).startswith(
        "Hard: proven, moves from proofs where they finish in time"
    )


@pytest.mark.parametrize("rules", WON_BOARDS)
@pytest.mark.parametrize("opponent", ["random", "heuristic"])
def test_as_x_it_wins_every_game_by_proven_moves(rules: Rules, opponent: str) -> None:
    for game in range(3):
        player = ProvenStrategy(seed=game)
        other = get_strategy(opponent, seed=100 + game)
        state = GameState.new(rules)
        while not state.is_over:
            if state.to_move is Player.X:
                state = state.play(player.choose(state, Limit(time=30.0)))
                assert player.last_proven
            else:
                state = state.play(other.choose(state))
        assert state.winner is Player.X


def test_as_o_it_plays_on_when_nothing_is_proven() -> None:
    rules = Rules(6, 5, 4)
    player = ProvenStrategy(seed=1)
    state = GameState.from_moves(rules, ["a1"])  # X's corner: O's positions are lost
    stop = threading.Event()
    stop.set()  # no time at all: the search answers with its best move so far
    move = player.choose(state, Limit(time=30.0, stop=stop))
    assert move in state.legal_moves()
    assert player.choose(state, Limit(time=0.5)) in state.legal_moves()


@pytest.mark.slow
def test_as_x_it_wins_against_every_reply_on_6x5() -> None:
    """Every O reply at every turn (up to symmetry): each X move is proven, X always wins."""
    rules = Rules(6, 5, 4)
    player = ProvenStrategy(seed=1)
    board = oracle_for(rules).provers[Player.X].board
    seen: set[int] = set()

    def walk(state: GameState) -> None:
        assert state.to_move is Player.X and not state.is_over
        state = state.play(player.choose(state, Limit(time=60.0)))
        assert player.last_proven, state
        if state.is_over:
            assert state.winner is Player.X, state
            return
        for reply in state.legal_moves():
            after = state.play(reply)
            assert after.winner is None, after  # O never wins...
            assert not after.is_over, after  # ...nor draws
            key = min(board.keys(*after.bitboards))
            if key not in seen:
                seen.add(key)
                walk(after)

    walk(GameState.new(rules))
    assert len(seen) > 10_000  # the walk went through the whole strategy (14,343 positions)


def test_a_board_the_table_cannot_hold_is_refused_without_reading_it() -> None:
    """The app asks at every start whether gomoku is proven: the answer must be cheap."""
    proof.proven_board.cache_clear()
    table.shipped_table.cache_clear()
    assert not proof.proven_board(Rules.gomoku()) and not proof.proven_board(Rules(6, 6, 4))
    assert table.shipped_table.cache_info().currsize == 0
    assert proof.proven_board(Rules(5, 5, 4)) and table.shipped_table.cache_info().currsize == 1
