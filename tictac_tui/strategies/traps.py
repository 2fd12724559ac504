"""Which optimal move gives a fallible opponent the most chances to go wrong.

The opponent model is the game's own fallible players: at each turn, half
the time Easy's move (uniformly random) and half the time Medium's (the
heuristic player's choice, `heuristic.blocker_options`: win, else block,
else on 3x3 centre, corner, edge; uniformly among its equal options). A
reply is an error when it lowers the opponent's exact score. `trap_chance` is the
chance that such an opponent errs within `depth` of its turns while we keep
playing the optimal move with the best chance; `blunder_share` is the share
of all its legal replies that are errors (the one-ply tie-break).

Works on solver Nodes (bare bitboards); results are cached in the solver by
(position up to symmetry, depth).
"""

from __future__ import annotations

from ..engine import Player
from .heuristic import blocker_options
from .solver import Node, Solver


def optimal_squares(solver: Solver, node: Node, target: int) -> list[tuple[int, bool]]:
    """(square, ends the game) for one move per symmetry class keeping the score `target`."""
    out = []
    seen: set[int] = set()
    for i in solver.free_squares(node):
        child = solver.child(node, i)
        canonical = min(child.keys)
        if canonical in seen:
            continue
        seen.add(canonical)
        final = solver.ending_score(node, i)
        if final is not None:
            if final == target:
                out.append((i, True))
        elif not solver.node_at_least(child, 1 - target):
            out.append((i, False))
    return out


def trap_chance(solver: Solver, node: Node, target: int, depth: int) -> float:
    """Chance the opponent, to move in `node`, errs within `depth` turns (our score: `target`)."""
    if depth == 0 or node.empties == 0:
        return 0.0
    key = (min(node.keys), depth)
    cached = solver.trap_chances.get(key)
    if cached is not None:
        return cached
    free = solver.free_squares(node)
    mover = Player.X if node.colour == 0 else Player.O
    medium = set(blocker_options(solver.geo, node.me, node.opp, mover))
    share_easy = 0.5 / len(free)
    share_medium = 0.5 / len(medium)
    chance = 0.0
    for i in free:
        weight = share_easy + (share_medium if i in medium else 0.0)
        final = solver.ending_score(node, i)
        child = solver.child(node, i)
        if final is not None:
            chance += weight if final < -target else 0.0
        elif solver.node_at_least(child, target + 1):
            chance += weight
        elif depth > 1:
            best = 0.0
            for j, ends in optimal_squares(solver, child, target):
                if not ends:
                    best = max(best, trap_chance(solver, solver.child(child, j), target, depth - 1))
            chance += weight * best
    solver.trap_chances[key] = chance
    return chance


def blunder_share(solver: Solver, node: Node, target: int) -> float:
    """Share of the opponent's legal replies in `node` that are errors (our score: `target`)."""
    if node.empties == 0:
        return 0.0
    free = solver.free_squares(node)
    errors = 0
    for i in free:
        final = solver.ending_score(node, i)
        if final is not None:
            errors += final < -target
        else:
            errors += solver.node_at_least(solver.child(node, i), target + 1)
    return errors / len(free)
