"""The random and heuristic players, and the registry."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.positions import play_picks
from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.strategies import (
    NO_LIMIT,
    Limit,
    Strategy,
    available_strategies,
    describe_strategy,
    get_strategy,
    play_game,
    strategy_names,
)
from tictac_tui.strategies.heuristic import blocker_options

TTT = Rules.tictactoe()
CORNERS = {Move(0, 0), Move(0, 2), Move(2, 0), Move(2, 2)}
EDGES = {Move(0, 1), Move(1, 0), Move(1, 2), Move(2, 1)}


def test_random_is_uniform_and_reproducible() -> None:
    state = GameState.new(TTT)
    picks = [get_strategy("random", seed=1).choose(state) for _ in range(3)]
    assert len(set(picks)) == 1
    player = get_strategy("random", seed=2)
    counts = {m: 0 for m in state.legal_moves()}
    for _ in range(9000):
        counts[player.choose(state)] += 1
    assert all(850 < n < 1150 for n in counts.values())


@pytest.mark.parametrize(
    ("diagram", "expected"),
    [
        ("XX. / OO. / ...", {Move(0, 2)}),  # X to move: win rather than block
        ("X.. / OO. / X..", {Move(1, 2)}),  # X to move: block
        ("X.. / ... / ...", {Move(1, 1)}),  # O: centre
        ("... / .X. / ...", CORNERS),  # O: a corner
        ("X.. / .O. / ..X", {Move(0, 2), Move(2, 0)}),  # O: a free corner
        ("X.. / XO. / ...", {Move(2, 0)}),  # O: block at A3
    ],
)
def test_heuristic_classic_rules(diagram: str, expected: set[Move]) -> None:
    state = GameState.from_diagram(diagram)
    choices = {get_strategy("heuristic", seed=s).choose(state) for s in range(30)}
    assert choices == expected


def test_heuristic_takes_an_edge_when_no_corner_is_left() -> None:
    state = GameState.from_diagram("OXO / .X. / XOX")  # O to move; no win, no block
    choices = {get_strategy("heuristic", seed=s).choose(state) for s in range(30)}
    assert choices == {Move(1, 0), Move(1, 2)} and choices <= EDGES


def test_heuristic_on_gomoku_prefers_a_win_to_a_block() -> None:
    empty = ["." * 9] * 6
    state = GameState.from_diagram("/".join([".........", ".XXXX....", ".OOOO....", *empty]), k=5)
    choices = {get_strategy("heuristic", seed=s).choose(state) for s in range(20)}
    assert choices == {Move(1, 0), Move(1, 5)}


def test_heuristic_on_gomoku_blocks_a_four() -> None:
    empty = ["." * 9] * 4
    state = GameState.from_diagram(
        "/".join([".........", "XXXX.....", ".........", "O.O......", "....O....", *empty]), k=5
    )
    assert get_strategy("heuristic", seed=1).choose(state) == Move(1, 4)


def test_every_player_refuses_a_finished_game() -> None:
    done = GameState.from_moves(TTT, ["a1", "a2", "b1", "b2", "c1"])
    for name in strategy_names():
        with pytest.raises(ValueError, match="game is over"):
            get_strategy(name, seed=1).choose(done)


def test_registry() -> None:
    names = available_strategies(TTT)
    assert names[:2] == ("random", "heuristic") and names[-1] == "perfect"
    big = available_strategies(Rules.gomoku())
    assert "perfect" not in big and big[:2] == ("random", "heuristic")
    assert set(big) <= set(strategy_names())
    for name in strategy_names():
        assert isinstance(get_strategy(name, seed=1), Strategy)
        assert describe_strategy(name)
    with pytest.raises(ValueError) as error:
        get_strategy("minimax")
    assert str(error.value).startswith("unknown strategy 'minimax': known strategies are random")


def test_play_game_reports_an_illegal_strategy() -> None:
    class Cheater:
        name = "cheater"

        def supports(self, rules: Rules) -> bool:
            return True

        def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
            return Move(1, 1)

    with pytest.raises(ValueError, match="cheater chose B2 is already taken"):
        play_game(TTT, Cheater(), Cheater())


# -- renju and caro ------------------------------------------------------------------

RENJU = Rules.gomoku(15, rule="renju")

# Black to move; h10 (row 9, col 7) makes two open threes: a double three.
DOUBLE_THREE = """
..............O
...............
...............
...............
...............
...............
...............
.........X.....
........X......
.....XX........
...............
..O............
.O.............
O..............
...............
"""


def test_heuristic_never_takes_a_forbidden_point_it_would_like() -> None:
    # h8 (row 7, col 7) would make two fours: the heuristic's favourite under
    # freestyle, a double four under renju.
    diagram = """
...............
...............
...............
...............
.......X.......
.......X.......
.......X.......
....XXX........
...............
...............
...............
...............
O.O.O..........
...............
O.O.O..........
"""
    h8 = Move(7, 7)
    free = GameState.from_diagram(diagram)
    assert {get_strategy("heuristic", seed=s).choose(free) for s in range(10)} == {h8}
    state = GameState.from_diagram(diagram, rule="renju")
    assert state.forbidden_moves() == {h8}
    choices = {get_strategy("heuristic", seed=s).choose(state) for s in range(10)}
    assert h8 not in choices and choices <= set(state.legal_moves())


def test_heuristic_does_not_block_on_a_forbidden_point() -> None:
    # White's four a2..a5 can only be completed at a6, a double four for black
    # (row 6 and the diagonal a6-d3): black may not block there.
    diagram = """
X..............
O..............
O..X...........
O.X............
OX.............
.XXX...........
...............
...............
...............
...............
...............
...............
..............O
...............
............O.O
"""
    a6 = Move(5, 0)
    state = GameState.from_diagram(diagram, rule="renju")
    assert state.to_move is Player.X
    assert state.forbidden_reason(a6) == "double four"
    free = GameState.from_diagram(diagram)
    assert {get_strategy("heuristic", seed=s).choose(free) for s in range(10)} == {a6}
    choices = {get_strategy("heuristic", seed=s).choose(state) for s in range(10)}
    assert a6 not in choices and choices <= set(state.legal_moves())


def test_random_never_plays_a_forbidden_point() -> None:
    state = GameState.from_diagram(DOUBLE_THREE, rule="renju")
    player = get_strategy("random", seed=3)
    picks = {player.choose(state) for _ in range(3000)}
    assert Move(9, 7) not in picks
    assert picks == set(state.legal_moves())


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_whole_renju_games_stay_legal(name: str) -> None:
    """Every move is checked by play(): a forbidden point would raise ForbiddenMove."""
    for seed in range(3):
        result = play_game(
            RENJU, get_strategy(name, seed=seed), get_strategy("heuristic", seed=seed)
        )
        assert result.is_over


def test_heuristic_knows_a_blocked_caro_five_is_no_win() -> None:
    # f1 would make b1..f1 between white a1 and g1: no win under caro. White's four
    # b3..e3 wins at f3, so black must block there.
    diagram = """
OXXXX.O........
...............
XOOOO..........
...............
...............
...............
...............
...............
...............
...............
..........X....
...............
...............
...............
...............
"""
    state = GameState.from_diagram(diagram, rule="caro")
    assert state.to_move is Player.X
    x, o = state.bitboards
    f1 = 5
    assert not state.geometry.wins(Player.X)(x | 1 << f1, o, f1)
    choices = {get_strategy("heuristic", seed=s).choose(state) for s in range(10)}
    assert choices == {Move(2, 5)}
    freestyle = GameState.from_diagram(diagram)
    assert get_strategy("heuristic", seed=1).choose(freestyle) == Move(0, 5)


def test_heuristic_as_white_takes_an_overline_win_under_renju() -> None:
    # White a1..c1 and e1..f1: d1 makes six, a win for white under renju, better
    # than blocking black's four d11..g11 at h11.
    diagram = """
OOO.OO.........
...............
...............
...............
...............
...............
...............
...............
...............
...............
..OXXXX........
...............
.......X.X.....
...............
.......X.......
"""
    state = GameState.from_diagram(diagram, rule="renju")
    assert state.to_move is Player.O
    assert get_strategy("heuristic", seed=1).choose(state) == Move(0, 3)


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(
        [TTT, Rules(4, 4, 4), Rules(7, 7, 4), Rules.gomoku(9), Rules.gomoku(9, rule="renju")]
    ),
    st.lists(st.integers(0, 1000), max_size=12),
    st.integers(0, 50),
)
def test_heuristic_picks_among_its_options(rules: Rules, picks: list[int], seed: int) -> None:
    """`blocker_options` (the perfect player's model of Medium) is exactly what it picks from."""
    state = play_picks(rules, picks)
    if state.is_over:
        return
    x, o = state.bitboards
    own, opp = (x, o) if state.to_move is Player.X else (o, x)
    geo = state.geometry
    legal = sum(1 << geo.index(m) for m in state.legal_moves())
    options = {geo.moves[i] for i in blocker_options(geo, own, opp, state.to_move, legal)}
    chosen = {get_strategy("heuristic", seed=seed + s).choose(state) for s in range(12)}
    assert chosen <= options
    if len(options) <= 2:
        assert chosen == options
