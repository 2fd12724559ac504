"""Tactics with known answers: forced wins through fours and threes, and the one saving defence.

The positions come from self-play games of the search (bench/selfplay.py,
15x15 freestyle). The answers were worked out independently of the player,
by brute force over the defender's replies: a *winning first move* is one
after which every legal reply of the defender (all of them, not only the
ones the threat search would try) still leaves the attacker a win proved by
the proof-number search; a *saving move* is one after which the attacker's
win is disproved, while after every other legal move it is proved. Each
position must be solved within a fixed node budget (never a time), so the
results are reproducible on any machine.
"""

from __future__ import annotations

import pytest

from tictac_tui.engine import GameState, Move
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import Reason, SearchStrategy
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.budget import Budget, OutOfTime
from tictac_tui.strategies.search.proof import ProofSearch
from tictac_tui.strategies.search.threats import ThreatSearch

# X to move. No VCF (checked below): the win needs threes. Starts with the
# broken four K6 (row 5, col 10); found from a game by the proof-number search.
VCT_FOUR_FIRST = """
    ...............
    ...............
    ...............
    ...............
    ...............
    .....OXX.X.O...
    ......O.O.X....
    .......O.X.....
    ........XO.....
    ...............
    ...............
    ...............
    ...............
    ...............
    ...............
"""
VCT_FOUR_FIRST_WINS = {Move(4, 8), Move(5, 10), Move(7, 11), Move(9, 7), Move(10, 6)}

# O to move: the open three at (9, 6) or (9, 9) wins; no VCF.
VCT_THREE_FIRST = """
    ...............
    ...............
    ...............
    ...............
    ...............
    ....X.X........
    .......X.......
    ..........X....
    ....O.X..O.....
    .......OO......
    .......O.......
    ......OX.......
    .....X.........
    ...............
    ...............
"""
VCT_THREE_FIRST_WINS = {Move(9, 6), Move(9, 9)}

VCT_CASES = [
    pytest.param(VCT_FOUR_FIRST, VCT_FOUR_FIRST_WINS, 16_000, id="four-then-threes"),
    pytest.param(VCT_THREE_FIRST, VCT_THREE_FIRST_WINS, 2_000, id="three-first"),
]


def state_of(diagram: str) -> GameState:
    return GameState.from_diagram(diagram, k=5)


@pytest.mark.parametrize(("diagram", "wins", "nodes"), VCT_CASES)
def test_no_vcf_so_the_win_needs_threes(diagram: str, wins: set[Move], nodes: int) -> None:
    board = Board.from_state(state_of(diagram))
    assert ThreatSearch(board, Budget(node_limit=200_000)).vcf(20) is None


@pytest.mark.parametrize(("diagram", "wins", "nodes"), VCT_CASES)
def test_the_player_finds_a_winning_first_move(diagram: str, wins: set[Move], nodes: int) -> None:
    (line,) = SearchStrategy().analyse(state_of(diagram), Limit(nodes=nodes))
    assert line.move in wins
    assert line.reason is Reason.VCT and line.is_win


@pytest.mark.parametrize(("diagram", "wins", "nodes"), VCT_CASES)
def test_the_proof_search_proves_it_and_its_line_is_legal(
    diagram: str, wins: set[Move], nodes: int
) -> None:
    state = state_of(diagram)
    board = Board.from_state(state)
    line = ProofSearch(board, Budget(node_limit=nodes)).prove(5)
    assert line is not None and board.move(line[0]) in wins
    for square in line:
        move = board.move(square)
        assert state.is_legal(move)
        state = state.play(move)


@pytest.mark.parametrize(("diagram", "wins", "nodes"), VCT_CASES)
def test_without_threes_there_is_no_proof(diagram: str, wins: set[Move], nodes: int) -> None:
    # The proof-number search honours its limit on threes: with none, only
    # fours are left, and there is no VCF.
    board = Board.from_state(state_of(diagram))
    assert ProofSearch(board, Budget(node_limit=200_000)).prove(0) is None


# O to move: a VCF of four fours, at (row, col) (5, 8), (9, 7), (11, 5) and
# (10, 6), from a self-play game (bench/selfplay.py, game 9, move 16). O has no
# four-three and no open four now; X has no four.
VCF_FOUR_FOURS = """
    ...............
    ...............
    ...............
    ...............
    ......X........
    ...............
    ......X..X.....
    .....X.XO......
    .....O..O......
    .....OO.OX.....
    .....O..X......
    ....X..........
    ...............
    ...............
    ...............
"""


def wins_at_once(state: GameState, near: Move) -> bool:
    """Whether the side to move has a five to make on a line through `near` (the engine says)."""
    me = state.to_move
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for step in range(-4, 5):
            move = Move(near.row + dr * step, near.col + dc * step)
            if state.is_legal(move) and state.play(move).winner is me:
                return True
    return False


def assert_forced_win(state: GameState, pv: tuple[Move, ...]) -> None:
    """`pv` (attacker first) ends in the attacker's five, and every defender move in it was
    forced: the engine alone shows that any other reply loses at once and that the
    defender never had a five of its own."""
    attacker = state.to_move
    for i, move in enumerate(pv):
        assert state.is_legal(move)
        if state.to_move is not attacker:  # a defender ply: every other reply loses at once
            for reply in state.legal_moves():
                after = state.play(reply)
                assert after.winner is None  # the defender has no five
                if reply != move:
                    assert wins_at_once(after, pv[i - 1]), (reply, pv)
        state = state.play(move)
    assert state.winner is attacker


def test_a_vcf_of_four_fours_is_found_and_forced() -> None:
    state = state_of(VCF_FOUR_FOURS)
    board = Board.from_state(state)
    line = ThreatSearch(board, Budget(node_limit=5_000)).vcf(16)
    assert line is not None and len(line) == 7  # four fours and three forced blocks
    (analysis,) = SearchStrategy().analyse(state, Limit(nodes=5_000))
    assert analysis.reason is Reason.VCF and analysis.is_win
    assert analysis.pv[:7] == tuple(board.move(sq) for sq in line)
    assert_forced_win(state, analysis.pv)  # played on to the five


# X to move against O's open three on the diagonal (row, col) (5, 5), (6, 6),
# (7, 7): of its two blocks, (4, 4) loses to a VCT of O's and (8, 8) saves.
# From an in-process match game (bench/match.py, game 1, move 9), found by a
# scan of positions facing an open three; every claim is checked below.
SINGLE_SAVING_DEFENCE = """
    ...............
    ...............
    ...............
    ...............
    ......X........
    .....OX..X.....
    ......O........
    .......O.X.....
    .........O.....
    ...............
    ...............
    ...............
    ...............
    ...............
    ...............
"""
SAVING_MOVE = Move(8, 8)


def attacker_wins(state: GameState) -> bool | None:
    """Whether the side to move has a VCT (proved True, disproved False; None: out of nodes)."""
    try:
        return ProofSearch(Board.from_state(state), Budget(node_limit=50_000)).prove(5) is not None
    except OutOfTime:
        return None


def test_one_move_saves_and_every_other_loses() -> None:
    # The oracle, apart from the player: X has no win of its own; after the
    # saving move O's win is disproved; after each of the other 216 legal
    # moves O's win is proved.
    state = state_of(SINGLE_SAVING_DEFENCE)
    board = Board.from_state(state)
    assert ProofSearch(board, Budget(node_limit=50_000)).prove(5) is None
    assert attacker_wins(state.play(SAVING_MOVE)) is False
    losing = [move for move in state.legal_moves() if move != SAVING_MOVE]
    assert len(losing) == 216
    assert all(attacker_wins(state.play(move)) is True for move in losing)


@pytest.mark.parametrize("nodes", [500, 2_000, 20_000])
def test_the_player_finds_the_single_saving_defence(nodes: int) -> None:
    (line,) = SearchStrategy().analyse(state_of(SINGLE_SAVING_DEFENCE), Limit(nodes=nodes))
    assert line.move == SAVING_MOVE
    assert not line.is_loss


# O to move, from the match at a second a move against 52aa8d8 (docs/benchmarks.md,
# "Against main at 52aa8d8": bench/match.py --first-opening 1, game 2, move 14; found by
# bench/blunders.py). The search played (6, 8) there, on about 30,000 nodes, and lost to
# X's VCT. An oracle over all 212 legal moves (a proof-number search of X's VCT after
# each, 50,000 nodes) proved 199 of them lost, disproved X's win after the four in
# `BLUNDER_SAVES`, and ran out on 9.
BLUNDER_AT_A_SECOND = """
    ...............
    ...............
    ...............
    ...............
    ....XOX........
    ......XO.......
    ....X..O.......
    .......O.......
    ......OX.......
    .....X.........
    ....O.....X....
    ...............
    ...............
    ...............
    ...............
"""
BLUNDER_PLAYED = Move(6, 8)
BLUNDER_SAVES = {Move(3, 6), Move(3, 7), Move(5, 4), Move(6, 6)}

# O to move, from the match at 10,000 nodes a move against 52aa8d8 (docs/benchmarks.md,
# "Against main at 52aa8d8": bench/match.py --first-opening 1, game 22, move 10; found
# by bench/blunders.py). The search played (5, 10) there and lost to X's VCT. The same
# oracle over all 216 legal moves proved 203 of them lost, disproved X's win after the six
# in `EARLY_BLUNDER_SAVES`, and ran out on 7. At 30,000 nodes the search plays (7, 7),
# where the oracle runs out.
EARLY_BLUNDER = """
    ...............
    ...............
    ...............
    ...............
    ...............
    ...............
    ......X.XO.....
    ........O......
    ......XXO.X....
    ...............
    ........O......
    ...............
    ...............
    ...............
    ...............
"""
EARLY_BLUNDER_PLAYED = Move(5, 10)
EARLY_BLUNDER_SAVES = {Move(5, 7), Move(5, 9), Move(7, 9), Move(8, 9), Move(9, 8), Move(11, 8)}

BLUNDERS = [
    (BLUNDER_AT_A_SECOND, BLUNDER_PLAYED, BLUNDER_SAVES),
    (EARLY_BLUNDER, EARLY_BLUNDER_PLAYED, EARLY_BLUNDER_SAVES),
]
BLUNDER_NODES = 100_000
"""Enough for the search to see X's VCT coming (about three seconds' worth)."""


@pytest.mark.parametrize(("diagram", "played", "saves"), BLUNDERS)
def test_the_move_played_in_a_match_lost_and_the_saving_moves_save(
    diagram: str, played: Move, saves: set[Move]
) -> None:
    state = state_of(diagram)
    assert attacker_wins(state.play(played)) is True
    assert all(attacker_wins(state.play(move)) is False for move in saves)


@pytest.mark.parametrize(("diagram", "played", "saves"), BLUNDERS)
def test_with_more_nodes_the_player_avoids_the_blunder(
    diagram: str, played: Move, saves: set[Move]
) -> None:
    state = state_of(diagram)
    (line,) = SearchStrategy().analyse(state, Limit(nodes=BLUNDER_NODES))
    assert line.move in saves
    assert attacker_wins(state.play(line.move)) is False
