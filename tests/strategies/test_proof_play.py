"""The perfect player on the proof boards: holds every draw against every reply, stops on time."""

from __future__ import annotations

import random
import threading
from functools import cache
from operator import or_

import pytest

from tictac_tui.engine import GameState, Move, Player, Rules, geometry
from tictac_tui.strategies import get_strategy
from tictac_tui.strategies.base import Limit
from tictac_tui.strategies.perfect import PerfectStrategy
from tictac_tui.strategies.proof import proven_move
from tictac_tui.strategies.proof.board import proof_board
from tictac_tui.strategies.proof.pairing import find_pairing
from tictac_tui.strategies.proof.play import Reason

from .test_proof import pairing_blocks_every_line

LIMIT = Limit(nodes=1_000)
"""Node-bounded, so the games do not depend on the machine's speed."""

WALK_LIMIT = Limit(nodes=20)
"""The walks' player: the holding moves come from the shipped table without search (what the
walks check), and the wins it proves within these nodes after a bad reply are played out
against every reply. (At 100 nodes the three big walks took 2.6 times the CPU: as O on 5x5,
54,659 positions with 4,231 proven wins played, against 39,742 and 2,924 at 20 nodes.)"""


def canonical(state: GameState) -> tuple[int, ...]:
    """The least image of a position under the board's symmetries, from the engine alone."""
    x, o = state.bitboards
    tables = byte_images(state.rules)
    return min(zip(images(x, tables), images(o, tables), strict=True))


BYTE = 8
"""Squares looked up at once by `images`."""


@cache
def byte_images(rules: Rules) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per byte of squares, per set of stones within that byte, the set's image under each
    symmetry of the board (the engine's): `images`' lookup tables."""
    size = rules.rows * rules.cols
    perms = geometry(rules).symmetries
    tables = []
    for low in range(0, size, BYTE):
        squares = range(low, min(low + BYTE, size))
        tables.append(
            tuple(
                tuple(sum(1 << perm[i] for i in squares if byte >> (i - low) & 1) for perm in perms)
                for byte in range(1 << BYTE)
            )
        )
    return tuple(tables)


def images(bits: int, tables: tuple[tuple[tuple[int, ...], ...], ...]) -> tuple[int, ...]:
    """The stones `bits` moved by each symmetry of the board (its `byte_images` tables)."""
    moved = tables[0][0]  # the empty set's images: zeros
    for chunk in tables:
        moved = tuple(map(or_, moved, chunk[bits & 0xFF]))
        bits >>= BYTE
    return moved


def cannot_lose(state: GameState, holder: Player) -> bool:
    """The opponent (to move) can't win: no line is left to it, or the holder has a pairing.

    The pairing is found by the prover's code and checked here from the
    engine's windows alone (`pairing_blocks_every_line`).
    """
    x, o = state.bitboards
    mine, theirs = (x, o) if holder is Player.X else (o, x)
    if all(w & mine for w in state.geometry.windows):
        return True
    pairs = find_pairing(proof_board(state.rules), theirs, mine)
    return pairs is not None and pairing_blocks_every_line(state.rules, theirs, mine, pairs)


def walk_every_reply(rules: Rules, holder: Player) -> tuple[int, int, set[Reason]]:
    """Play the perfect player as `holder` against every opponent move, up to symmetry.

    Stops where the game ends or the opponent, to move, can't win any more
    (`cannot_lose`). Returns (positions, holder's losses, reasons given).
    """
    player = PerfectStrategy(seed=4)
    seen: set[tuple[int, ...]] = set()
    stack = [GameState.new(rules)]
    losses = 0
    reasons: set[Reason] = set()
    while stack:
        state = stack.pop()
        key = canonical(state)
        if key in seen:
            continue
        seen.add(key)
        if state.is_over:
            losses += state.winner is holder.other
            continue
        if state.to_move is not holder and cannot_lose(state, holder):
            continue
        if state.to_move is holder:
            move = player.choose(state, WALK_LIMIT)
            assert player.last_reason is not None
            reasons.add(player.last_reason)
            stack.append(state.play(move))
        else:
            stack.extend(state.play(m) for m in state.legal_moves())
    return len(seen), losses, reasons


@pytest.mark.parametrize("holder", [Player.X, Player.O], ids=str)
@pytest.mark.parametrize(
    "rules",
    [
        Rules(4, 5, 4),
        Rules(5, 4, 4),
        pytest.param(Rules(4, 6, 4), marks=pytest.mark.slow),  # about 1,300 positions as O
        pytest.param(Rules(6, 4, 4), marks=pytest.mark.slow),
        pytest.param(Rules(5, 5, 4), marks=pytest.mark.slow),  # about 40,000 positions as O
    ],
    ids=str,
)
def test_holds_the_draw_against_every_reply(rules: Rules, holder: Player) -> None:
    """Complete: every opponent move at every turn (up to symmetry) to the end or a pairing."""
    positions, losses, reasons = walk_every_reply(rules, holder)
    assert losses == 0
    assert Reason.UNPROVEN not in reasons and Reason.PROVEN_LOSS not in reasons
    assert positions > 20


@pytest.mark.parametrize(
    "rules",
    [
        Rules(5, 5, 4),
        pytest.param(Rules(4, 6, 4), marks=pytest.mark.slow),
        pytest.param(Rules(6, 4, 4), marks=pytest.mark.slow),
    ],
    ids=str,
)
@pytest.mark.parametrize("opponent", ["random", "heuristic"])
def test_never_loses_and_always_knows(rules: Rules, opponent: str) -> None:
    for game in range(2):
        hard = PerfectStrategy(seed=game)
        other = get_strategy(opponent, seed=50 + game)
        hard_side = Player.X if game % 2 == 0 else Player.O
        state = GameState.new(rules)
        while not state.is_over:
            if state.to_move is hard_side:
                state = state.play(hard.choose(state, LIMIT))
                assert hard.last_reason not in (Reason.UNPROVEN, Reason.PROVEN_LOSS)
            else:
                state = state.play(other.choose(state))
        assert state.winner is not hard_side.other


def test_takes_a_win_after_a_mistake() -> None:
    """X has squandered nothing, O has: X's win in a few moves is proven and played."""
    rules = Rules(5, 5, 4)
    state = GameState.from_moves(rules, ["c3", "a1", "c2", "e5"])  # O ignores the centre
    hard = PerfectStrategy(seed=1)
    while not state.is_over:
        if state.to_move is Player.X:
            state = state.play(hard.choose(state, LIMIT))
            assert hard.last_reason in (Reason.WIN_NOW, Reason.PROVEN_WIN)
        else:
            state = state.play(next(m for m in state.legal_moves()))
    assert state.winner is Player.X


def test_answers_at_once_when_stopped() -> None:
    """With the stop signal already set the proofs give up at once; the move is still legal."""
    stop = threading.Event()
    stop.set()
    state = GameState.from_moves(Rules(5, 5, 4), ["a1", "e5", "b4"])  # off the shipped lines
    hard = PerfectStrategy(seed=2)
    moves: list[Move] = []
    thread = threading.Thread(target=lambda: moves.append(hard.choose(state, Limit(stop=stop))))
    thread.start()
    thread.join(timeout=120)
    assert not thread.is_alive() and state.is_legal(moves[0])


def test_geometry_symmetries_give_canonical_keys() -> None:
    """The walk's own symmetry key identifies mirrored positions (the test helper itself)."""
    rules = Rules(5, 5, 4)
    a = GameState.from_moves(rules, ["a1", "b2"])
    b = GameState.from_moves(rules, ["e5", "d4"])
    assert canonical(a) == canonical(b) and len(geometry(rules).symmetries) == 8


def test_proven_moves_on_a_first_player_win() -> None:
    """5x6 is not served, but the first player's moves there are all proven."""
    rules = Rules(5, 6, 4)
    rng = random.Random(1)
    state = GameState.new(rules)
    other = get_strategy("heuristic", seed=2)
    while not state.is_over:
        if state.to_move is Player.X:
            move = proven_move(state, LIMIT, rng=rng)
            assert move is not None
        else:
            move = other.choose(state)
        state = state.play(move)
    assert state.winner is Player.X
    assert proven_move(GameState.new(Rules(6, 6, 4)), LIMIT, rng=rng) is None


@pytest.mark.parametrize("rules", [Rules(5, 5, 4), Rules(4, 6, 4)], ids=str)
def test_the_looked_up_images_are_the_symmetries_images(rules: Rules) -> None:
    """`images` by byte tables moves every stone where the engine's symmetries send it."""
    rng = random.Random(5)
    perms = geometry(rules).symmetries
    size = rules.rows * rules.cols
    for _ in range(200):
        bits = rng.getrandbits(size)
        expected = tuple(sum(1 << perm[i] for i in range(size) if bits >> i & 1) for perm in perms)
        assert images(bits, byte_images(rules)) == expected
