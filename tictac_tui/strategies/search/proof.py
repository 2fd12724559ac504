"""Proof-number search on the threat tree: wins by fours and threes (VCT), best-first.

The attacker (the side to move at the root) plays only threats: fours, and
threes while it has threes left (`threes`). The defender answers a four
with its one block, and a three with every square that stops the open four
it threatens or any four of its own (`threats.defences`); a defender's four
must be blocked, and then the defender must answer the attacker's standing
threat again. So the defender's own fours (and so its VCF) are inside the
tree: no separate check is needed.

An attacker node (OR) is proved when one child is; a defender node (AND)
when all are. Each node carries a proof number (how many leaves at least
must still be proved to prove it) and a disproof number; the search always
expands a *most-proving* leaf: from the root, the child with the smallest
proof number at attacker nodes and the smallest disproof number at defender
nodes (Allis's proof-number search). New leaves start from their mobility:
an attacker node with m threats has proof number 1 and disproof number m,
a defender node with r replies proof number r and disproof number 1, so
narrow defences are looked at first. After an expansion the numbers are
updated back up the path only while they change; the board stays where it
is, and goes back up only as far as the next most-proving path leaves the
one it is on (the attacker moves at even depths from the root). The tree
lives in memory; the board follows the path with make/unmake. The search
stops when the root is proved, disproved, or the budget runs out (then the
board is put back and `OutOfTime` raised).

Positions already settled are remembered by Zobrist hash (with the attacker
and the threes left), so a transposition reached again is settled at once.
"""

from __future__ import annotations

from .board import Board
from .budget import Budget
from .patterns import CLASS_SLOT, FIVE, FLEX4, FOUR, FOUR3, SCORE_SLOT, THREE, THREE3
from .threats import SIDE_KEY, ThreatSearch, defences

INF = 1 << 40
"""A proof or disproof number that can't be reached: the node is settled."""
MAX_PLIES = 48
"""The deepest line looked at (attacker and defender moves together)."""
VCF_DEPTH = 12
"""Most fours in the VCF tried at each attacker node before its threats are expanded."""
WON = -1
"""Stands for "the attacker wins at once" in a list of moves."""
THREES_KEY = 0x9E3779B1
"""Mixed into table keys per three left, so settled results depend on it."""


class Node:
    """One position of the threat tree: its move from the parent and its numbers."""

    __slots__ = ("children", "dn", "move", "moves", "pn", "threes")

    def __init__(self, move: int, threes: int) -> None:
        self.move = move
        self.pn = 1
        self.dn = 1
        self.moves: list[int] = []
        self.children: list[Node] | None = None
        self.threes = threes


class ProofSearch:
    """A VCT for the side to move by proof-number search, within a budget."""

    def __init__(self, board: Board, budget: Budget) -> None:
        self.board = board
        self.budget = budget
        self.attacker = board.side
        self.class_slot = CLASS_SLOT[board.side]
        self.score_slot = SCORE_SLOT[board.side]
        self.settled: dict[int, bool] = {}
        self.expanded = 0
        self.fours = ThreatSearch(board, budget)

    def prove(self, threes: int) -> list[int] | None:
        """A winning line (attacker's first move first) with at most `threes` threes, or None.

        None when disproved. When the budget runs out first, the board is
        put back and `OutOfTime` raised. The attacker (the side to move when
        the search was made) must be the side to move: raises ValueError if not.
        """
        b = self.board
        if b.side != self.attacker:
            raise ValueError("the proof-number search needs its attacker to move")
        base = b.count
        root = Node(-1, threes)
        path = [root]
        hashes = [b.hash]
        try:
            self._evaluate(root, 0)
            while root.pn and root.dn:
                self._descend(path, hashes)
                self._expand(path[-1], len(path) - 1)
                self._update(path, hashes)
        finally:
            while b.count > base:
                b.unmake()
        if root.pn:
            return None
        return self._line(root)

    def _descend(self, path: list[Node], hashes: list[int]) -> None:
        """Extend `path` (and the board, and `hashes`: each path node's `Board.hash`) from its
        last node to a most-proving leaf."""
        b = self.board
        node = path[-1]
        while node.children is not None:
            best = _most_proving(node.children, len(path) - 1)
            b.make(best.move)
            path.append(best)
            hashes.append(b.hash)
            node = best

    def _expand(self, node: Node, ply: int) -> None:
        """Create and evaluate the children of a leaf (the board shows the leaf)."""
        b = self.board
        attacker_to_move = b.side == self.attacker
        forced = bool(b.threats[3 - self.attacker][FIVE])
        comb, slot = b.comb, self.class_slot
        children = []
        for move in node.moves:
            self.budget.tick()
            threes = node.threes
            if attacker_to_move and not forced and comb[move][slot] < FOUR:
                threes -= 1  # a three: one of the attacker's threes is used
            child = Node(move, threes)
            b.make(move)
            self._evaluate(child, ply + 1)
            b.unmake()
            children.append(child)
            if (child.pn == 0) if attacker_to_move else (child.dn == 0):
                break  # this child settles the node
        node.children = children
        self.expanded += 1
        _recompute(node, attacker_to_move)

    def _update(self, path: list[Node], hashes: list[int]) -> None:
        """Recompute the numbers up the path while they change, then cut the path (and take
        back the board's moves) only where the next most-proving path leaves it.

        The numbers go up without moving the board: each path node's position
        is known by its hash, which is all a settled node's table entry needs.
        From the first node whose numbers did not change (above it nothing
        changed, so a descent from the root would pass it), the choice at each
        node is followed down while it is still the path's next node; below
        that the path is cut, and the next descent starts there. So the leaves
        expanded are those a descent from the root would find each time, and
        the board does not walk back up and down the part that stays.
        """
        b = self.board
        top = len(path) - 1
        while top > 0:
            node = path[top]
            if node.pn == 0 or node.dn == 0:
                self.settled[self._key(hashes[top], node.threes)] = node.pn == 0
                if node.pn:
                    node.children = []  # disproved: its subtree is never needed again
            top -= 1
            parent = path[top]
            before = (parent.pn, parent.dn)
            _recompute(parent, top % 2 == 0)
            if (parent.pn, parent.dn) == before:
                break
        keep = top
        while keep + 1 < len(path):
            children = path[keep].children
            if not children or _most_proving(children, keep) is not path[keep + 1]:
                break
            keep += 1
        while len(path) > keep + 1:
            path.pop()
            hashes.pop()
            b.unmake()

    def _key(self, position: int, threes: int) -> int:
        """The table key of the position with hash `position`, for this attacker and threes
        left."""
        return position ^ SIDE_KEY[self.attacker] ^ (threes * THREES_KEY)

    def _evaluate(self, node: Node, ply: int) -> None:
        """Set a new node's numbers and moves from the board (which shows its position)."""
        known = self.settled.get(self._key(self.board.hash, node.threes))
        if known is not None:
            node.pn, node.dn = (0, INF) if known else (INF, 0)
            return
        if self.board.side == self.attacker:
            moves = self._attacks(node.threes) if ply < MAX_PLIES else []
            if moves and moves[0] != WON:
                line = self.fours.vcf(VCF_DEPTH)
                if line is not None:
                    moves = [WON, *line]
            if moves and moves[0] == WON:
                node.moves = moves[1:]  # the win from here: a five, an open four, a VCF
                node.pn, node.dn = 0, INF
            elif not moves:
                node.pn, node.dn = INF, 0
            else:
                node.moves = moves
                node.pn, node.dn = 1, len(moves)
        else:
            replies = self._replies()
            if replies is None:
                node.pn, node.dn = INF, 0
            elif not replies:
                node.pn, node.dn = 0, INF
            else:
                node.moves = replies
                node.pn, node.dn = len(replies), 1

    def _attacks(self, threes: int) -> list[int]:
        """The attacker's moves; [WON, square] when it wins at once; [] when it has none."""
        b = self.board
        atk = self.attacker
        mine, theirs = b.threats[atk], b.threats[3 - atk]
        if mine[FIVE]:
            return [WON, min(mine[FIVE])]
        if theirs[FIVE]:
            return b.playable(atk, theirs[FIVE]) if len(theirs[FIVE]) == 1 else []
        if flex := b.threat(atk, FLEX4):
            return [WON, min(flex)]
        moves = sorted(mine[FOUR3]) + sorted(mine[FOUR])
        if threes > 0:
            comb, slot = b.comb, self.score_slot
            moves += sorted(mine[THREE3] | mine[THREE], key=lambda sq: (-comb[sq][slot], sq))
        return b.playable(atk, moves)

    def _replies(self) -> list[int] | None:
        """The defender's replies: None when it is safe (a five of its own, or no threat)."""
        b = self.board
        if b.threats[3 - self.attacker][FIVE]:
            return None
        return defences(b, self.attacker)

    def _line(self, root: Node) -> list[int]:
        """The proved line: the proved attacker move, the defender's first reply, ..."""
        line = []
        node = root
        attacker = True
        while node.children:
            node = next(c for c in node.children if c.pn == 0) if attacker else node.children[0]
            line.append(node.move)
            attacker = not attacker
        if attacker:
            line.extend(node.moves)  # a leaf proved at once: its winning moves
        return line


def _proof(node: Node) -> int:
    return node.pn


def _disproof(node: Node) -> int:
    return node.dn


def _most_proving(children: list[Node], depth: int) -> Node:
    """The child a descent takes from a node `depth` moves below the root (the attacker's
    to move at even depths): the smallest proof number at attacker nodes, the smallest
    disproof number at defender nodes, the first of equals."""
    return min(children, key=_proof if depth % 2 == 0 else _disproof)


def _recompute(node: Node, attacker_to_move: bool) -> None:
    """A node's numbers from its children's (OR at attacker nodes, AND at defender nodes)."""
    children = node.children
    if not children:
        return
    if attacker_to_move:
        node.pn = min(c.pn for c in children)
        node.dn = min(INF, sum(c.dn for c in children))
    else:
        node.pn = min(INF, sum(c.pn for c in children))
        node.dn = min(c.dn for c in children)
