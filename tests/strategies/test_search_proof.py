"""The proof-number search keeps its path: it expands what a descent from the root would."""

from __future__ import annotations

import random

import pytest

from tictac_tui.engine import Rules
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.budget import Budget, OutOfTime
from tictac_tui.strategies.search.evaluation import ordered_moves
from tictac_tui.strategies.search.patterns import FIVE
from tictac_tui.strategies.search.proof import Node, ProofSearch, _recompute

NODES = 3000
"""Each search's node limit (some run out: those must match too)."""


class FromTheRoot(ProofSearch):
    """Allis's plain loop: after each expansion the numbers go up to the root and the board
    goes back to it, so every descent starts from the root."""

    def _update(self, path: list[Node], hashes: list[int]) -> None:
        b = self.board
        while len(path) > 1:
            node = path.pop()
            position = hashes.pop()
            if node.pn == 0 or node.dn == 0:
                self.settled[self._key(position, node.threes)] = node.pn == 0
                if node.pn:
                    node.children = []
            b.unmake()
            _recompute(path[-1], b.side == self.attacker)


Outcome = tuple[object, int, int, dict[int, bool]]


def proved(search: ProofSearch, threes: int) -> Outcome:
    """The line (or "out" when the budget ran out), nodes, expansions and settled table."""
    board = search.board
    before = (board.hash, board.count, board.side)
    try:
        line: object = search.prove(threes)
    except OutOfTime:
        line = "out"
    assert (board.hash, board.count, board.side) == before
    return line, search.budget.nodes, search.expanded, search.settled


def positions(rules: Rules, seed: int, count: int = 16) -> list[Board]:
    """`count` boards of games whose moves are picked among the eight best-ordered."""
    rng = random.Random(seed)
    boards: list[Board] = []
    while len(boards) < count:
        b = Board(rules)
        b.make(b.square(rules.rows // 2, rules.cols // 2))
        for ply in range(30):
            moves = ordered_moves(b, 8)
            if not moves or b.threats[1][FIVE] or b.threats[2][FIVE]:
                break
            b.make(rng.choice(moves))
            if ply >= 6 and ply % 2 == 0 and len(boards) < count:
                boards.append(_copy(b, rules))
    return boards


def _copy(b: Board, rules: Rules) -> Board:
    """A new board with `b`'s stones, in the order they were placed."""
    copy = Board(rules)
    for sq in b.stack:
        copy.make(sq)
    return copy


@pytest.mark.parametrize("rules", [Rules(15, 15, 5), Rules(15, 15, 5, rule="renju")])
def test_the_kept_path_expands_what_a_descent_from_the_root_would(rules: Rules) -> None:
    decided = ran_out = 0
    for b in positions(rules, 8):  # a seed whose positions both decide and run out
        for attacker in (1, 2):
            b.side = attacker
            kept = proved(ProofSearch(b, Budget(node_limit=NODES)), 5)
            plain = proved(FromTheRoot(b, Budget(node_limit=NODES)), 5)
            assert kept == plain
            ran_out += kept[0] == "out"
            decided += kept[0] != "out"
    assert decided > 10 and ran_out > 3


def test_the_attacker_must_be_to_move() -> None:
    board = positions(Rules(15, 15, 5), 5, count=1)[0]
    search = ProofSearch(board, Budget(node_limit=NODES))
    board.side = 3 - board.side
    with pytest.raises(ValueError, match="attacker to move"):
        search.prove(5)
