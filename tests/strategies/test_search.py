"""The `search` player: tactics with known answers, rules, budgets and the registry.

Positions are hand-made diagrams; every search runs on a node budget, so
each choice is reproducible and quick.
"""

from __future__ import annotations

import threading

import pytest

from tests.positions import busy_19x19, threes_19x19
from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.strategies import Limit, available_strategies, get_strategy, play_game
from tictac_tui.strategies.perfect import PerfectStrategy
from tictac_tui.strategies.search import Reason, SearchOptions, SearchStrategy
from tictac_tui.strategies.search.alphabeta import QUIESCENCE_FOURS, WIN, AlphaBeta
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.budget import Budget
from tictac_tui.strategies.search.threats import ThreatSearch

NODES = 3000


def choose(diagram: str, *, exact: bool = False, nodes: int = NODES) -> Move:
    state = GameState.from_diagram(diagram, k=5, exact=exact)
    return SearchStrategy().choose(state, Limit(nodes=nodes))


@pytest.mark.parametrize("exact", [False, True], ids=["freestyle", "exact"])
def test_completes_its_own_five(exact: bool) -> None:
    move = choose(
        """
        .........
        .XXXX....
        .........
        ....O....
        ....O....
        .........
        ....O....
        .........
        .O.......
        """,
        exact=exact,
    )
    assert move in {Move(1, 0), Move(1, 5)}


def test_blocks_a_five() -> None:
    move = choose(
        """
        .........
        .OOOOX...
        .........
        ...X.....
        .........
        ....X....
        .........
        .......X.
        .........
        """
    )
    assert move == Move(1, 0)


def test_prefers_a_win_to_a_block() -> None:
    move = choose(
        """
        .........
        .OOOO....
        .........
        .........
        .........
        .XXXX....
        .........
        .........
        .........
        """
    )
    assert move in {Move(5, 0), Move(5, 5)}


def test_answers_an_open_three_at_its_ends() -> None:
    # O's open three on row 4 would become an open four; X has no four to
    # counter with, and blocking one of the far ends leaves .OOOO. possible.
    move = choose(
        """
        ...........
        ...........
        ...........
        ...........
        ....OOO....
        ...........
        ...X.......
        ...........
        .........X.
        ...........
        X..........
        """
    )
    assert move in {Move(4, 3), Move(4, 7)}


def test_answers_a_four_three_threat() -> None:
    # O to play E5 makes a four on row 5 (X holds A5) and an open three on
    # column E. The defences: E5 itself, F5 (the four's last square), or
    # E2 / E6 (so the three stays closed once the four is blocked).
    move = choose(
        """
        ........X
        .........
        ....O....
        ....O....
        XOOO.....
        .........
        .........
        X........
        ......X.X
        """
    )
    assert move in {Move(4, 4), Move(4, 5), Move(1, 4), Move(5, 4)}


VCF_POSITION = """
    O........
    ...O.....
    .....X...
    ....O....
    ...OX....
    ..OXX.X..
    O....X...
    .........
    .........
"""


def test_finds_a_vcf_three_fours_deep() -> None:
    # F6 is the only four that starts a win: F6 (H6 blocks), F4 (F5
    # blocks), then G3 makes two fives at once.
    state = GameState.from_diagram(VCF_POSITION, k=5)
    player = SearchStrategy()
    assert player.choose(state, Limit(nodes=NODES)) == Move(5, 5)
    assert player.last_analysis is not None and player.last_analysis.reason is Reason.VCF


def test_vcf_line_wins_against_any_defence() -> None:
    state = GameState.from_diagram(VCF_POSITION, k=5)
    final = play_game(
        state.rules,
        SearchStrategy(),
        get_strategy("heuristic", seed=1),
        opening=state.history,
        limit=Limit(nodes=NODES),
    )
    assert final.winner is Player.X
    assert final.move_count <= state.move_count + 7


def test_vcf_search_finds_the_line_and_leaves_the_board_unchanged() -> None:
    state = GameState.from_diagram(VCF_POSITION, k=5)
    board = Board.from_state(state)
    before = (list(board.cells), board.hash, board.total[:])
    line = ThreatSearch(board, Budget()).vcf(8)
    assert line is not None and len(line) == 5  # three fours, two blocks
    assert board.move(line[0]) == Move(5, 5)
    assert (list(board.cells), board.hash, board.total[:]) == before
    assert ThreatSearch(board, Budget()).vcf(1) is None  # needs more than one four


OVERLINE = """
    .........
    XXX.XX...
    .........
    .........
    OOOO.....
    .........
    ...O.....
    .........
    .........
"""


def test_overline_wins_in_freestyle() -> None:
    assert choose(OVERLINE) == Move(1, 3)


def test_overline_is_no_win_under_the_exact_rule() -> None:
    # D2 would make six: under exact five that is no win, so X must block O's four.
    assert choose(OVERLINE, exact=True) == Move(4, 4)


def test_overline_is_no_four_under_the_exact_rule() -> None:
    # XXXX.X on row 2: E2 would make six, so under the exact rule the row holds no four.
    diagram = """
        .........
        .........
        XXXX.X...
        .........
        O.O.O.O..
        .........
        O........
        .........
        .........
    """
    for exact, fives in ((False, {Move(2, 4)}), (True, set())):
        board = Board.from_state(GameState.from_diagram(diagram, k=5, exact=exact))
        assert {board.move(sq) for sq in board.threats[1][7]} == fives


def test_same_node_budget_same_move() -> None:
    state = GameState.from_moves(
        Rules.gomoku(15), [(7, 7), (7, 8), (8, 8), (6, 6), (8, 7), (9, 9), (6, 8), (8, 9)]
    )
    first = SearchStrategy().choose(state, Limit(nodes=2000))
    assert all(SearchStrategy().choose(state, Limit(nodes=2000)) == first for _ in range(2))


def test_time_budget_on_a_busy_19x19_board() -> None:
    # How close the player keeps to its time is measured in bench/search.py;
    # here only that a timed search answers legally after searching.
    state = busy_19x19()
    player = SearchStrategy()
    move = player.choose(state, Limit(time=0.5))
    assert state.is_legal(move)
    assert player.last_analysis is not None
    # It searched (how much, and which threat searches finish in their share of the time, depends
    # on the machine's load), rather than answering a forced move.
    forced = {
        Reason.FIVE,
        Reason.BLOCK_FIVE,
        Reason.OPEN_FOUR,
        Reason.NO_CANDIDATES,
        Reason.ONLY_MOVE,
        Reason.ONLY_DEFENCE,
    }
    assert player.last_analysis.reason not in forced
    assert player.last_analysis.nodes > 0


def test_a_board_full_of_threes_keeps_its_depth() -> None:
    # Extending every answer to an open three, where our own fours make the answers many,
    # left alpha-beta one ply deep here; with at most `extend_width` answers extended it
    # finishes a second ply (and a third) on the same nodes (without futility pruning, which
    # would also take the first to a second ply).
    state = threes_19x19()
    depths = {
        width: SearchStrategy(options=SearchOptions(extend_width=width, futility=0))
        .analyse(state, Limit(nodes=2500))[0]
        .depth
        for width in (0, SearchOptions().extend_width)
    }
    assert depths[0] == 1
    assert depths[SearchOptions().extend_width] >= 2


def test_quiescence_plays_out_plain_fours_only_when_asked() -> None:
    # X has a plain four to make next to its last stone and no four-three: by default
    # the horizon stands on the evaluation, with `quiescence_plain_fours` it plays on.
    board = Board(Rules.gomoku(15))
    for row, col in ((7, 7), (0, 0), (7, 8), (0, 2), (7, 9), (7, 6)):
        board.make(board.square(row, col))
    nodes = {}
    for plain in (False, True):
        budget = Budget()
        searcher = AlphaBeta(board, budget, options=SearchOptions(quiescence_plain_fours=plain))
        searcher.quiesce(-WIN - 1, WIN + 1, 0, QUIESCENCE_FOURS)
        nodes[plain] = budget.nodes
        assert board.count == 6
    assert nodes[False] == 1
    assert nodes[True] > 1


def test_a_forced_move_is_answered_without_searching() -> None:
    state = GameState.from_diagram(
        """
        .........
        .OOOOX...
        .........
        ...X.....
        .........
        ....X....
        .........
        .........
        .......X.
        """,
        k=5,
    )
    player = SearchStrategy()
    assert player.choose(state, Limit(time=60.0)) == Move(1, 0)
    assert player.last_analysis is not None and player.last_analysis.reason is Reason.BLOCK_FIVE


def test_a_set_stop_signal_answers_with_a_legal_move_at_once() -> None:
    # With the signal already set the search may not look past its first
    # check; a node count far below one second's search shows it stopped.
    state = busy_19x19()
    stop = threading.Event()
    stop.set()
    player = SearchStrategy()
    move = player.choose(state, Limit(time=600.0, stop=stop))
    assert state.is_legal(move)
    assert player.last_analysis is not None and player.last_analysis.nodes < 2000


def test_a_stop_signal_set_while_thinking_ends_the_search() -> None:
    state = busy_19x19()
    stop = threading.Event()
    player = SearchStrategy()
    answer: list[Move] = []
    thread = threading.Thread(
        target=lambda: answer.append(player.choose(state, Limit(time=600.0, stop=stop)))
    )
    thread.start()
    stop.set()
    thread.join(timeout=120)  # a hang guard: without the signal it would think 10 minutes
    assert not thread.is_alive()
    assert state.is_legal(answer[0])


@pytest.mark.parametrize(
    "rules", [Rules(7, 7, 4), Rules(6, 10, 5), Rules(9, 9, 3), Rules(8, 8, 6, exact=True)]
)
def test_plays_legal_games_on_other_boards(rules: Rules) -> None:
    final = play_game(
        rules, SearchStrategy(), get_strategy("random", seed=3), limit=Limit(nodes=300)
    )
    assert final.is_over
    assert final.winner is not Player.O  # search (X) never loses to random here


def test_small_boards_are_played_perfectly() -> None:
    rules = Rules.tictactoe()
    state = GameState.from_moves(rules, [(0, 0), (1, 1), (2, 2)])
    values = PerfectStrategy().move_values(state)
    best = max(values.values())
    move = SearchStrategy(seed=4).choose(state)
    assert values[move] == best


def test_refuses_a_finished_game() -> None:
    state = GameState.from_diagram("XXXXX.... / OOOO..... / " + " / ".join(["........."] * 7), k=5)
    with pytest.raises(ValueError, match="over"):
        SearchStrategy().choose(state, Limit(nodes=100))


def test_rejects_bad_limits() -> None:
    with pytest.raises(ValueError, match="time"):
        Limit(time=0)
    with pytest.raises(ValueError, match="nodes"):
        Limit(nodes=0)
    with pytest.raises(ValueError, match="depth"):
        Limit(depth=-1)


def test_registered_between_heuristic_and_perfect_on_every_board() -> None:
    for rules in (Rules.tictactoe(), Rules.gomoku(15), Rules(6, 10, 5), Rules(7, 7, 4)):
        names = available_strategies(rules)
        assert "search" in names
        assert names.index("heuristic") < names.index("search")
    assert available_strategies(Rules.gomoku(19))[-1] == "search"
    assert isinstance(get_strategy("search", seed=1), SearchStrategy)
