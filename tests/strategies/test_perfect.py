"""The perfect player: exact values, never losing, and setting traps."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.positions import play_picks
from tictac_tui.engine import GameState, Move, Player, Rule, Rules, geometry
from tictac_tui.strategies import get_strategy
from tictac_tui.strategies.heuristic import blocker_options
from tictac_tui.strategies.perfect import PerfectStrategy
from tictac_tui.strategies.solver import MAX_SQUARES, Node, game_value, solver_for


@cache
def naive_value(state: GameState) -> int:
    """Plain negamax over the public API, no pruning: the reference for the solver.

    A win leaving e empty squares is worth e + 1 to the winner, a draw 0.
    """
    if state.is_over:
        if state.winner is None:
            return 0
        return -(state.rules.squares - state.move_count + 1)
    return max(-naive_value(state.play(m)) for m in state.legal_moves())


def all_positions(rules: Rules) -> set[GameState]:
    """Every position reachable from the empty board."""
    seen: set[GameState] = set()
    stack = [GameState.new(rules)]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        stack.extend(state.play(m) for m in state.legal_moves())
    return seen


@pytest.mark.parametrize(
    "rules",
    [
        Rules(3, 3, 3),
        Rules(3, 3, 3, exact=True),
        Rules(2, 4, 3),
        Rules(3, 3, 2),
        Rules(1, 7, 3),
        Rules(2, 5, 2, exact=True),
        Rules(3, 4, 3),
    ],
    ids=str,
)
def test_solver_matches_naive_negamax_on_every_position(rules: Rules) -> None:
    positions = all_positions(rules)
    for state in positions:
        assert game_value(state) == naive_value(state), state


def test_known_values() -> None:
    """3x3 is a draw; 4x4 k3 a first-player win; 4x4 k4 a draw."""
    assert game_value(GameState.new(Rules(3, 3, 3))) == 0
    assert game_value(GameState.new(Rules(4, 4, 3))) > 0
    assert game_value(GameState.new(Rules(4, 4, 4))) == 0


def test_wins_as_fast_as_possible() -> None:
    # X can win now at C3, or later; it must take the win now.
    state = GameState.from_diagram("XO. / .XO / ...")
    assert PerfectStrategy(seed=1).best_moves(state) == (Move(2, 2),)


def test_loses_as_slowly_as_possible() -> None:
    # O is lost either way; blocking A3 loses two moves later than anything else.
    state = GameState.from_diagram("... / ..O / .XX")
    values = PerfectStrategy().move_values(state)
    assert values[Move(2, 0)] == -3
    assert all(v == -5 for m, v in values.items() if m != Move(2, 0))
    assert PerfectStrategy(seed=1).best_moves(state) == (Move(2, 0),)


def exhaustive_walk(rules: Rules, perfect_side: Player) -> tuple[int, int]:
    """Every game the perfect player can produce against every opponent move.

    At the perfect player's turns every move `best_moves` offers is followed
    (so all of its seeded choices are covered). Returns (positions, losses).
    """
    player = PerfectStrategy(seed=3)
    seen: set[GameState] = set()
    stack = [GameState.new(rules)]
    losses = 0
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        if state.is_over:
            losses += state.winner is perfect_side.other
            continue
        moves = player.best_moves(state) if state.to_move is perfect_side else state.legal_moves()
        stack.extend(state.play(m) for m in moves)
    return len(seen), losses


@pytest.mark.parametrize("side", [Player.X, Player.O], ids=str)
def test_never_loses_on_3x3(side: Player) -> None:
    positions, losses = exhaustive_walk(Rules.tictactoe(), side)
    assert losses == 0
    assert positions > 100


def reference_policy_walk(rules: Rules, perfect_is_x: bool) -> tuple[int, int]:
    """`optimal_policy_walk` written plainly: the engine's win test, one solver call a move."""
    solver = solver_for(rules)
    geo = geometry(rules)
    size = geo.size
    seen: set[int] = set()
    stack = [(0, 0)]
    losses = 0
    while stack:
        x, o = stack.pop()
        key = min(solver.keys(x, o))
        if key in seen:
            continue
        seen.add(key)
        count = (x | o).bit_count()
        x_to_move = count % 2 == 0
        me, opp = (x, o) if x_to_move else (o, x)
        ours = x_to_move == perfect_is_x
        target = solver.value(me, opp) if ours else 0
        for i in range(size):
            bit = 1 << i
            if (x | o) & bit:
                continue
            after = me | bit
            if geo.wins_at(after, i):
                losses += not ours
                continue
            if count + 1 == size:
                continue
            if ours and solver.at_least(opp, after, 1 - target):
                continue  # not optimal: the perfect player never plays it
            stack.append((after, opp) if x_to_move else (opp, after))
    return len(seen), losses


def optimal_policy_walk(rules: Rules, perfect_is_x: bool) -> tuple[int, int]:
    """Every game any optimal player can produce, on bare bitboards, up to symmetry.

    A superset of what `PerfectStrategy` plays: it only picks among optimal
    moves (checked by `test_choices_are_optimal`). Returns (positions, losses):
    the positions short of the end, and the opponent's wins (one per
    position and winning move). The same as `reference_policy_walk`
    (`test_the_fast_walk_is_the_reference_walk`), faster: a position is
    marked seen when first pushed, its key is looked up from its bitboards
    (the solver's `least_images`; the solver needs no images either), wins
    come from the solver's `win_squares` (freestyle boards of at most
    `MAX_SQUARES` squares), and a move's optimality is read from the
    solver's table when its bounds already decide it (as is the perfect
    side's value of a position when the table holds it exactly). The
    solver's forced moves are read off the win tables as it reads them:
    where the perfect side can win at once, that is its only optimal move (a
    win now leaves the most empty squares); else against one opposing win in
    one the block is (every other move loses at once), and against two every
    move is (each loses at once).
    """
    assert rules.rule is Rule.FREESTYLE and rules.squares <= MAX_SQUARES
    solver = solver_for(rules)
    win_squares = solver.win_squares
    assert win_squares is not None
    table = solver.table
    least = solver.least_images
    assert least is not None
    ours = 0 if perfect_is_x else 1  # the perfect side's Node.colour
    size = rules.squares
    root = least.key(0, 0)
    seen = {root}
    # Positions as plain tuples (key, x, o, empties, colour): a Node only for the solver.
    stack: list[tuple[int, int, int, int, int]] = [(root, 0, 0, size, 0)]
    losses = 0
    full = solver.full
    pop, push, add_seen = stack.pop, stack.append, seen.add
    while stack:
        node_key, x, o, empties, colour = pop()
        me, opp = (x, o) if colour == 0 else (o, x)
        taken = x | o
        free = full & ~taken
        wins = win_squares[me] & free
        if wins:
            if colour == ours:
                continue  # winning at once is its only optimal move (the best score there is)
            losses += wins.bit_count()
            taken |= wins  # the winning squares end the game: no child
        if empties == 1:
            continue
        bound = 0
        check = colour == ours  # the perfect side plays only optimal moves: check each
        if check:
            threats = win_squares[opp] & free & ~taken
            if threats & (threats - 1):
                check = False  # every move loses at once to one of them: all are optimal
            elif threats:
                taken = full & ~threats  # the block is its only optimal move (others lose at once)
                check = False
        if check:
            entry = table.get(node_key)
            if entry is not None and entry[0] == entry[1]:
                bound = 1 - entry[0]
            else:
                bound = 1 - solver.node_value(Node(me, opp, empties, (), colour))
        other = 1 - colour
        after = empties - 1
        if colour == 0:
            # X plays: O's stones, and so the symmetries giving the least image, stay.
            base, low, high, tied = least[o]
        moves = full & ~taken
        while moves:
            bit = moves & -moves
            moves ^= bit
            if colour == 0:
                cx, co = x | bit, o
                key = least.key(cx, co) if tied else base | low[cx & 0xFF] | high[cx >> 8]
            else:
                cx, co = x, o | bit
                o_base, o_low, o_high, o_tied = least[co]
                key = least.key(cx, co) if o_tied else o_base | o_low[cx & 0xFF] | o_high[cx >> 8]
            if key in seen:
                continue
            if check:
                # Not optimal (the perfect player never plays it) if the opponent
                # then scores `bound` or more.
                lower, upper = table.get(key, (bound - 1, bound))
                if lower >= bound:
                    continue
                if upper >= bound and solver.node_at_least(
                    Node(opp, me | bit, after, (), other), bound
                ):
                    continue
            add_seen(key)
            push((key, cx, co, after, other))
    return len(seen), losses


@pytest.mark.slow
def test_no_optimal_policy_loses_on_4x4_k4() -> None:
    """Every position up to symmetry, counted (as `reference_policy_walk` counts them),
    with the perfect player as X and as O: one test, so the second walk finds the
    solver's table (`solver_for`, one a process) filled by the first."""
    assert optimal_policy_walk(Rules(4, 4, 4), True) == (970_632, 0)
    assert optimal_policy_walk(Rules(4, 4, 4), False) == (876_008, 0)


def test_optimal_walk_matches_the_full_walk_on_3x3() -> None:
    for is_x in (True, False):
        positions, losses = optimal_policy_walk(Rules.tictactoe(), is_x)
        assert losses == 0 and positions > 100


@pytest.mark.parametrize(
    "rules",
    [Rules(3, 3, 3), Rules(3, 4, 3), Rules(3, 5, 3), Rules(3, 3, 2), Rules(2, 6, 3)],
    ids=str,
)
def test_the_fast_walk_is_the_reference_walk(rules: Rules) -> None:
    # 3x4 k3, 3x5 k3 and 3x3 k2 are first-player wins: O's walks count losses.
    for is_x in (True, False):
        assert optimal_policy_walk(rules, is_x) == reference_policy_walk(rules, is_x)


@pytest.mark.parametrize(
    "rules", [Rules(4, 4, 4), Rules(3, 3, 3), Rules(2, 5, 2, exact=True)], ids=str
)
def test_win_tables_agree_with_the_engine_on_every_stone_set(rules: Rules) -> None:
    solver = solver_for(rules)
    geo = solver.geo
    assert solver.win_squares is not None
    windows = geo.windows
    for stones in range(1 << geo.size):
        completes = sum(
            1 << i
            for i in range(geo.size)
            if not stones >> i & 1 and any(w >> i & 1 and w & ~stones == 1 << i for w in windows)
        )
        assert solver.win_squares[stones] == completes
        assert solver.line_free[stones] == any(not w & stones for w in windows)
        if not rules.exact:
            engine = sum(
                1 << i
                for i in range(geo.size)
                if not stones >> i & 1 and geo.wins_at(stones | 1 << i, i)
            )
            assert solver.win_squares[stones] == engine


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(
        [Rules(3, 3, 3), Rules(4, 4, 4), Rules(4, 4, 3), Rules(3, 5, 3), Rules(2, 6, 3, exact=True)]
    ),
    st.lists(st.integers(0, 1000), max_size=8),
)
def test_choices_are_optimal(rules: Rules, picks: list[int]) -> None:
    state = play_picks(rules, picks)
    if state.is_over:
        return
    values = PerfectStrategy().move_values(state)
    best = max(values.values())
    assert best == game_value(state)
    for move in PerfectStrategy(seed=5).best_moves(state):
        assert values[move] == best


def test_prefers_the_corner_opening_on_3x3() -> None:
    """Corners leave 7 of 8 replies losing; the centre only 4."""
    assert set(PerfectStrategy().best_moves(GameState.new(Rules.tictactoe()))) == {
        Move(0, 0),
        Move(0, 2),
        Move(2, 0),
        Move(2, 2),
    }


def test_refuses_big_boards() -> None:
    with pytest.raises(ValueError, match="perfect play can't finish Gomoku 15x15: it serves"):
        PerfectStrategy().choose(GameState.new(Rules.gomoku()))
    assert PerfectStrategy.supports(Rules(4, 4, 4)) and PerfectStrategy.supports(Rules(26, 26, 2))
    assert PerfectStrategy.supports(Rules(6, 6, 3))
    assert not PerfectStrategy.supports(Rules(2, 13, 3))
    assert PerfectStrategy.supports(Rules(5, 5, 4)) and PerfectStrategy.supports(Rules(6, 4, 4))
    assert not PerfectStrategy.supports(Rules(5, 5, 4, exact=True))
    assert not PerfectStrategy.supports(Rules(1, 8, 5, rule="renju"))  # the solver knows no renju
    assert not PerfectStrategy.supports(Rules(6, 6, 4))
    with pytest.raises(ValueError, match="'perfect' can't play 6x6, 4 in a row"):
        get_strategy("perfect", rules=Rules(6, 6, 4))
    with pytest.raises(ValueError, match="and by proofs 4x5, 4x6 and 5x5 with 4 in a row"):
        PerfectStrategy().choose(GameState.new(Rules(7, 7, 4)))
    with pytest.raises(ValueError, match="tiebreak must be one of traps, random"):
        PerfectStrategy(tiebreak="coin")


def test_deterministic_for_a_seed() -> None:
    state = GameState.new(Rules(4, 4, 4))
    first = [PerfectStrategy(seed=9).choose(state) for _ in range(3)]
    assert len(set(first)) == 1


def games_against_the_blocker(rules: Rules, perfect_side: Player) -> Counter[str]:
    """Every game between the perfect player (each seed's choices) and every choice of Medium.

    Medium on 3x3 is the classic blocker: win, else block, else centre,
    corner, edge; every option it may pick is followed.
    """
    results: Counter[str] = Counter()
    for seed in range(4):
        player = PerfectStrategy(seed=seed)
        stack = [GameState.new(rules)]
        while stack:
            state = stack.pop()
            if state.is_over:
                won = state.winner is perfect_side
                results["win" if won else "draw" if state.winner is None else "loss"] += 1
                continue
            x, o = state.bitboards
            if state.to_move is perfect_side:
                stack.extend(state.play(m) for m in player.best_moves(state))
            else:
                own, opp = (x, o) if state.to_move is Player.X else (o, x)
                geo = state.geometry
                options = blocker_options(geo, own, opp, state.to_move)
                stack.extend(state.play(geo.moves[i]) for i in options)
    return results


def test_beats_the_classic_blocker_as_x_every_time() -> None:
    """Corner, opposite corner, then a fork: a forced win against the blocker."""
    results = games_against_the_blocker(Rules.tictactoe(), Player.X)
    assert results["win"] > 10 and set(results) == {"win"}
    as_o = games_against_the_blocker(Rules.tictactoe(), Player.O)
    assert as_o["loss"] == 0 and as_o["draw"] > 10
