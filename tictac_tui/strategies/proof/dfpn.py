"""Depth-first proof-number search (df-pn): does one side force a win?

The question is asked for a fixed *attacker* (X or O); the other side is
the *defender*. An attacker-to-move position is an OR node (one winning
move proves it), a defender-to-move position an AND node (every reply must
lose). Each position has a proof number (how many leaves must still be
proven to prove it) and a disproof number (to disprove it); df-pn (Nagai
2002) expands the most-proving leaf depth-first under thresholds, with the
1+epsilon trick (Pawlewicz and Lew 2007) against thrashing.

Leaves are settled by knowledge before any search (`Prover.settle`):

- a win in one for the side to move; two for the side not to move (one
  block can't stop both); a forced block when there is exactly one;
- the attacker has no window left it can complete: disproven;
- a full board: disproven (a draw);
- a pairing strategy for the defender (`pairing.py`): disproven;
- a win by continuous fours for the attacker (`threats.py`): proven.

Moves: every empty square, but of the empty squares no side can ever use
(`ProofBoard.dead_squares`, interchangeable) only one, and of moves giving
the same position up to symmetry only one. Results are kept in a table
keyed by the position up to symmetry; settled results (proven, disproven)
are never dropped, unsettled ones are when the table grows past its limit.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import Enum
from operator import or_

from ...engine import Player, Rule, Rules
from ..base import NO_LIMIT, Limit
from .board import proof_board
from .pairing import find_pairing
from .threats import vcf_move

INFINITY = 10**9
"""A proof or disproof number that can't be reached: settled."""

PROVEN = (0, INFINITY)
DISPROVEN = (INFINITY, 0)
FRESH = (1, 1)

EPSILON = 0.25
"""The 1+epsilon trick: a child may grow 25% past its sibling's number before switching."""

TABLE_LIMIT = 1_500_000
"""Entries kept before unsettled ones are dropped (about 300 MiB)."""


class Verdict(Enum):
    """What a proof attempt established about the attacker's win."""

    PROVEN = "proven"
    DISPROVEN = "disproven"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class ProofStats:
    """What one `Prover.prove` call cost."""

    verdict: Verdict
    nodes: int
    seconds: float
    table_size: int


class OutOfBudget(Exception):
    """Raised inside the search when the limit's time, nodes or stop signal run out."""


Child = tuple[int, int, int, tuple[int, ...]]
"""(key, attacker stones, defender stones, symmetry images) of a child position."""


class Prover:
    """Proves or disproves wins for `attacker` on one board; keeps its table across calls."""

    def __init__(self, rules: Rules, attacker: Player) -> None:
        if rules.rule is not Rule.FREESTYLE or rules.k < 3:
            raise ValueError(f"the prover plays freestyle with k >= 3, not {rules.describe()}")
        self.board = proof_board(rules)
        self.attacker = attacker
        self.table: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        self._deadline = float("inf")
        self._node_cap = INFINITY
        self._limit = NO_LIMIT

    # -- public ---------------------------------------------------------------

    def prove(self, x: int, o: int, limit: Limit = NO_LIMIT) -> ProofStats:
        """Settle whether the attacker wins from X stones `x`, O stones `o`, within `limit`."""
        start = time.perf_counter()
        nodes_before = self.nodes
        self._limit = limit
        self._deadline = start + limit.time if limit.time is not None else float("inf")
        self._node_cap = self.nodes + limit.nodes if limit.nodes is not None else INFINITY
        a, d = self._sides(x, o)
        keys = self.board.keys(x, o)
        a_to_move = self._attacker_to_move(x, o)
        try:
            pn, dn = self._mid(a, d, keys, a_to_move, INFINITY, INFINITY)
        except OutOfBudget:
            pn, dn = FRESH
        verdict = Verdict.PROVEN if pn == 0 else Verdict.DISPROVEN if dn == 0 else Verdict.UNKNOWN
        return ProofStats(
            verdict, self.nodes - nodes_before, time.perf_counter() - start, len(self.table)
        )

    def forget_unsettled(self) -> None:
        """Drop every entry that is neither proven nor disproven."""
        self.table = {k: v for k, v in self.table.items() if v[0] == 0 or v[1] == 0}

    def settle(self, a: int, d: int, a_to_move: bool) -> tuple[tuple[int, int] | None, int]:
        """Knowledge before search: (PROVEN, DISPROVEN or None; the forced square's bit or 0)."""
        settled, forced = self.forced(a, d, a_to_move)
        if settled is None and not forced and a_to_move:
            board = self.board
            if vcf_move(board, a, d) is not None:
                return PROVEN, 0
            if find_pairing(board, a, d) is not None:
                return DISPROVEN, 0
        return settled, forced

    def forced(self, a: int, d: int, a_to_move: bool) -> tuple[tuple[int, int] | None, int]:
        """The cheap part of `settle`: wins in one, dead attackers, full boards, forced blocks."""
        board = self.board
        if not board.full & ~(a | d):
            return DISPROVEN, 0
        a_now, d_now, a_live = board.scan(a, d)
        if a_to_move:
            if a_now:
                return PROVEN, 0
            if not a_live or d_now & (d_now - 1):
                return DISPROVEN, 0
            return None, d_now
        if d_now or not a_live:
            return DISPROVEN, 0
        if a_now & (a_now - 1):
            return PROVEN, 0
        return None, a_now

    def children(
        self, a: int, d: int, keys: tuple[int, ...], a_to_move: bool, forced: int = 0
    ) -> list[Child]:
        """The distinct positions after each move worth trying (see the module docstring).

        `forced`: the bit of the one square that must be played (a block), or 0.
        """
        board = self.board
        if forced:
            moves: list[int] = [forced.bit_length() - 1]
        else:
            empty = board.full & ~(a | d)
            dead = board.dead_squares(a, d)
            if dead:
                empty &= ~(dead & (dead - 1))  # keep the lowest dead square only
            moves = [i for i in board.order if empty >> i & 1]
        colour = (a | d).bit_count() & 1
        images = board.images[colour]
        out: list[Child] = []
        seen = set()
        for i in moves:
            child_keys = tuple(map(or_, keys, images[i]))
            key = min(child_keys)
            if key in seen:
                continue
            seen.add(key)
            bit = 1 << i
            if a_to_move:
                out.append((key, a | bit, d, child_keys))
            else:
                out.append((key, a, d | bit, child_keys))
        return out

    # -- the search -------------------------------------------------------------

    def _sides(self, x: int, o: int) -> tuple[int, int]:
        return (x, o) if self.attacker is Player.X else (o, x)

    def _attacker_to_move(self, x: int, o: int) -> bool:
        x_to_move = (x | o).bit_count() % 2 == 0
        return x_to_move == (self.attacker is Player.X)

    def _check_budget(self) -> None:
        if (
            self.nodes >= self._node_cap
            or time.perf_counter() >= self._deadline
            or self._limit.stopped
        ):
            raise OutOfBudget
        if not self.nodes % 1024 and len(self.table) > TABLE_LIMIT:
            self.forget_unsettled()

    def _lookup(self, child: Child, a_to_move: bool) -> tuple[int, int]:
        """A child's numbers: from the table, else settled by knowledge, else fresh."""
        key = child[0]
        entry = self.table.get(key)
        if entry is None:
            entry, _ = self.settle(child[1], child[2], a_to_move)
            if entry is None:
                entry = FRESH
            self.table[key] = entry
        return entry

    def _mid(
        self,
        a: int,
        d: int,
        keys: tuple[int, ...],
        a_to_move: bool,
        th_pn: int,
        th_dn: int,
    ) -> tuple[int, int]:
        """Search one node until its proof or disproof number reaches its threshold."""
        self.nodes += 1
        self._check_budget()
        key = min(keys)
        entry = self.table.get(key)
        if entry is not None and (entry[0] == 0 or entry[1] == 0):
            return entry
        # A node met before was settled by knowledge then: only its forced block is needed.
        settled, forced = (self.settle if entry is None else self.forced)(a, d, a_to_move)
        if settled is not None:
            self.table[key] = settled
            return settled
        kids = self.children(a, d, keys, a_to_move, forced)
        child_to_move = not a_to_move
        lookup = self._lookup
        while True:
            numbers = [lookup(c, child_to_move) for c in kids]
            if a_to_move:
                pn, dn, best, second = _or_numbers(numbers)
            else:
                dn, pn, best, second = _or_numbers([(n[1], n[0]) for n in numbers])
            if pn >= th_pn or dn >= th_dn:
                break
            child_pn, child_dn = numbers[best]
            if a_to_move:
                next_pn = min(th_pn, int(second * (1 + EPSILON)) + 1)
                next_dn = min(INFINITY, th_dn - dn + child_dn)
            else:
                next_dn = min(th_dn, int(second * (1 + EPSILON)) + 1)
                next_pn = min(INFINITY, th_pn - pn + child_pn)
            c = kids[best]
            self.table[c[0]] = self._mid(c[1], c[2], c[3], child_to_move, next_pn, next_dn)
        result = (pn, dn)
        self.table[key] = result
        return result


def _or_numbers(numbers: list[tuple[int, int]]) -> tuple[int, int, int, int]:
    """For an OR node's children (pn, dn): (min pn, sum of dn, index of min, second min pn)."""
    best = 0
    first = second = INFINITY
    total = 0
    for i, (pn, dn) in enumerate(numbers):
        total += dn
        if pn < first:
            second = first
            first = pn
            best = i
        elif pn < second:
            second = pn
    return first, min(total, INFINITY), best, second
