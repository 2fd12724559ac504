"""Threat-space search: forced wins by continuous fours (VCF) and by threes (VCT).

Both searches work on a `Board` for the side to move (the *attacker*) and
return the winning line as flat squares (attacker, defender, attacker, ...)
or None. They leave the board as they found it, unless `OutOfTime` is raised,
in which case the caller unwinds it.

VCF: the attacker plays only fours, so every defender reply is forced (the
one square that completes the four), which keeps the tree narrow. The
attacker wins when it has a five, or an open four / double four while the
defender has no five. If the defender's forced block makes a four of its
own, the attacker must block it with a move that is itself a four.

VCT: the attacker may also play open threes. The defender then has many
replies: every square that leaves the attacker no open four to make (found
by trying the squares around the threat) and every four of its own. A four
of the defender's is blocked and the attacker's threat must still stand:
the defender replies again. The attacker wins if every reply still loses to
a VCT. It is much wider, so it runs with a small depth and only as time
allows.
"""

from __future__ import annotations

from .board import Board
from .budget import Budget, OutOfTime
from .patterns import B_SCORE, BLACK, FIVE, FLEX4, FOUR, FOUR3, SCORE_SLOT, THREE, THREE3, W_SCORE

SIDE_KEY = (0, 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F)
"""Mixed into table keys so the same stones with different attackers differ."""


class ThreatSearch:
    """VCF and VCT on one board, with tables of positions already refuted."""

    def __init__(self, board: Board, budget: Budget, *, counters: bool = True) -> None:
        self.board = board
        self.budget = budget
        self.counters = counters
        self._base = board.count
        self._vcf_failed: dict[int, int] = {}
        self._vct_failed: dict[int, int] = {}

    # -- VCF -------------------------------------------------------------

    def vcf(self, depth: int) -> list[int] | None:
        """A win by continuous fours for the side to move within `depth` fours, or None."""
        b = self.board
        atk = b.side
        dfn = 3 - atk
        mine, theirs = b.threats[atk], b.threats[dfn]
        if mine[FIVE]:
            return [min(mine[FIVE])]
        if theirs[FIVE]:
            if len(theirs[FIVE]) > 1:
                return None
            block = next(iter(theirs[FIVE]))
            if b.cls(atk, block) < FOUR or (atk == BLACK and b.forbidden(block)):
                return None
            moves = [block]
        elif flex := b.threat(atk, FLEX4):
            return [min(flex)]
        else:
            if depth <= 0 or not (mine[FOUR3] or mine[FOUR]):
                return None
            moves = self._fours(atk)
        key = b.hash ^ SIDE_KEY[atk]
        if self._vcf_failed.get(key, -1) >= depth:
            return None
        for move in moves:
            self.budget.tick()
            b.make(move)
            fives = b.threats[atk][FIVE]
            if len(fives) != 1:
                b.unmake()
                if len(fives) > 1:
                    return [move]
                continue
            reply = next(iter(fives))
            if dfn == BLACK and b.forbidden(reply):
                b.unmake()
                return [move]  # black's one block is a renju foul: the five comes
            b.make(reply)
            line = self.vcf(depth - 1)
            b.unmake()
            b.unmake()
            if line is not None:
                return [move, reply, *line]
        self._vcf_failed[key] = depth
        return None

    def _fours(self, side: int) -> list[int]:
        """The side's four-making squares: four-threes first, then nearest the last stone."""
        b = self.board
        last = b.stack[-2] if len(b.stack) >= 2 else None
        fours = sorted(b.threats[side][FOUR3])
        plain = sorted(b.threats[side][FOUR])
        if last is not None:
            width = b.width
            lr, lc = divmod(last, width)
            plain.sort(key=lambda sq: max(abs(sq // width - lr), abs(sq % width - lc)))
        return b.playable(side, fours + plain)

    # -- VCT -------------------------------------------------------------

    def vct(self, depth: int, vcf_depth: int = 12) -> list[int] | None:
        """A win by fours and threes for the side to move within `depth` threats, or None.

        The line returned follows the defender's first refutation tried; only
        its first move matters to a player.
        """
        line = self.vcf(vcf_depth)
        if line is not None:
            return line
        if depth <= 0:
            return None
        b = self.board
        atk = b.side
        dfn = 3 - atk
        fives = b.threats[dfn][FIVE]
        if fives:  # the defender countered with a four: block it, and the threat stands
            block = next(iter(fives))
            if len(fives) > 1 or not self.counters or (atk == BLACK and b.forbidden(block)):
                return None
            self.budget.tick()
            b.make(block)
            line = self._all_defences_lose(atk, depth, vcf_depth)
            b.unmake()
            return None if line is None else [block, *line]
        key = b.hash ^ SIDE_KEY[atk]
        if self._vct_failed.get(key, -1) >= depth:
            return None
        mine = b.threats[atk]
        slot = SCORE_SLOT[atk]
        comb = b.comb
        threes = sorted(mine[THREE3] | mine[THREE], key=lambda sq: (-comb[sq][slot], sq))
        attacks = b.playable(atk, threes) + self._fours(atk)
        for move in attacks:
            self.budget.tick()
            b.make(move)
            line = self._all_defences_lose(atk, depth, vcf_depth)
            b.unmake()
            if line is not None:
                return [move, *line]
        self._vct_failed[key] = depth
        return None

    def vct_deepening(self, depth: int, vcf_depth: int = 10) -> tuple[list[int] | None, int]:
        """VCT at depths 1, 2, ... `depth`: the first (shortest) win and its depth.

        Returns (None, deepest depth finished) when there is none; `OutOfTime`
        from the budget ends it early with what was finished.
        """
        done = 0
        for d in range(1, depth + 1):
            try:
                line = self.vct(d, vcf_depth)
            except OutOfTime:
                while self.board.count > self._base:
                    self.board.unmake()
                return None, done
            if line is not None:
                return line, d
            done = d
        return None, done

    def _all_defences_lose(self, atk: int, depth: int, vcf_depth: int) -> list[int] | None:
        """After the attacker's threat: a line if every defence loses, else None."""
        b = self.board
        # The defender to move; it wins first if it has a VCF of its own.
        if b.threats[3 - atk][FIVE] or self.vcf(vcf_depth) is not None:
            return None
        replies = defences(b, atk)
        if replies is None:
            return None  # the move made no threat
        first: list[int] | None = None
        for reply in replies:
            self.budget.tick()
            b.make(reply)
            line = self.vct(depth - 1, vcf_depth)
            b.unmake()
            if line is None:
                return None
            if first is None:
                first = [reply, *line]
        return first if first is not None else []


def defences(b: Board, atk: int) -> list[int] | None:
    """The defender's replies (defender to move) that stop `atk`'s threat to win next move.

    None when `atk` has no such threat (no five or open-four square). Each
    reply returned leaves `atk` no open-four square (or is the one square
    that blocks its five), or is a four of the defender's own.
    """
    dfn = 3 - atk
    threat = b.threats[atk]
    if threat[FIVE]:
        return b.playable(dfn, threat[FIVE]) if len(threat[FIVE]) == 1 else []
    flex = b.threat(atk, FLEX4)  # a black open-four square that is a foul threatens nothing
    if not flex:
        return None
    counters = b.threats[dfn][FOUR3] | b.threats[dfn][FOUR] | b.threats[dfn][FLEX4]
    open_fours = sorted(flex)
    stops = b.stoppers(open_fours[0], atk)
    for sq in open_fours[1:]:
        if not stops:
            break
        stops &= b.stoppers(sq, atk)
    comb = b.comb
    ranked = sorted(stops - counters, key=lambda sq: (-comb[sq][B_SCORE] - comb[sq][W_SCORE], sq))
    return b.playable(dfn, ranked + sorted(counters))


def four_three_defences(b: Board, atk: int) -> list[int]:
    """Squares (defender to move) that stop every four-three `atk` could make next move.

    Each square returned leaves no square of `atk`'s class `FOUR3` or above
    among those it had, by the tables (see `Board.stoppers`); best scored
    first. Empty when no one square stops them all (or there is none).
    """
    targets = sorted(b.threat(atk, FOUR3))
    if not targets:
        return []
    stops = b.stoppers(targets[0], atk, FOUR3)
    for sq in targets[1:]:
        if not stops:
            return []
        stops &= b.stoppers(sq, atk, FOUR3)
    comb = b.comb
    return b.playable(
        3 - atk, sorted(stops, key=lambda sq: (-comb[sq][B_SCORE] - comb[sq][W_SCORE], sq))
    )
