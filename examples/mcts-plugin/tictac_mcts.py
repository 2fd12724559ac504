"""Monte Carlo tree search (UCT) with random playouts, on tictac_tui's public API only."""

from __future__ import annotations

import math
import random
import time

from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.strategies import NO_LIMIT, Limit


class Node:
    """A position in the search tree: its visits and the score of the side that moved into it."""

    def __init__(self, state: GameState, parent: Node | None, move: Move | None) -> None:
        self.state, self.parent, self.move = state, parent, move
        self.untried = list(state.legal_moves())
        self.children: list[Node] = []
        self.visits, self.score = 0, 0.0

    def best_child(self) -> Node:
        """The child with the highest upper confidence bound (UCB1)."""
        log = math.log(self.visits)
        return max(self.children, key=lambda c: c.score / c.visits + math.sqrt(2 * log / c.visits))


class MctsStrategy:
    """Monte Carlo tree search with random playouts (one second a move by default)."""

    name = "mcts"

    def __init__(self, *, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    @staticmethod
    def supports(rules: Rules) -> bool:
        """Boards of up to 100 squares: random playouts say little on bigger ones."""
        return rules.squares <= 100

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        """The most visited move after searching until the limit's time, nodes or stop."""
        if state.is_over:
            raise ValueError("can't choose a move: the game is over")
        seconds = limit.time if limit.time is not None or limit.nodes else 1.0
        deadline = time.monotonic() + seconds if seconds is not None else math.inf
        root, playouts = Node(state, None, None), 0
        while playouts < (limit.nodes or math.inf) and time.monotonic() < deadline:
            if limit.stopped and root.children:
                break
            node = root
            while not node.untried and node.children:  # select
                node = node.best_child()
            if node.untried:  # expand
                move = node.untried.pop(self._rng.randrange(len(node.untried)))
                node.children.append(Node(node.state.play(move), node, move))
                node = node.children[-1]
            end = node.state
            while not end.is_over:  # play out
                end = end.play(self._rng.choice(end.legal_moves()))
            back: Node | None = node
            while back is not None:  # back up, scored for the side that moved into each node
                mover = back.state.to_move.other
                back.visits += 1
                back.score += 1.0 if end.winner is mover else 0.5 if end.winner is None else 0.0
                back = back.parent
            playouts += 1
        best = max(root.children, key=lambda c: c.visits, default=None)
        return root.untried[0] if best is None or best.move is None else best.move
