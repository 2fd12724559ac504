"""The perfect player against the fallible ones: wins, draws and losses, as X and as O.

    python bench/perfect_matches.py                  # 3x3 and 4x4 k4, 200 games each
    python bench/perfect_matches.py --games 50 --boards 3x3

Opponents: Easy (`random`), Medium (`heuristic`) and the classic blocker of
the oldest tic-tac-toe programs (win, else block, else the centre, else a
corner, else an edge; on 4x4 the centre is the middle four squares), each
choosing uniformly among its equal options. Game g seeds the perfect player
with g and its opponent with 1000 + g, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.strategies import Limit, Strategy, get_strategy, play_game
from tictac_tui.strategies.base import NO_LIMIT, require_playable
from tictac_tui.strategies.perfect import PerfectStrategy

BOARDS = {"3x3": Rules(3, 3, 3), "4x4": Rules(4, 4, 4)}


class ClassicBlocker:
    """Win, else block, else the centre, else a corner, else an edge (uniform among equals)."""

    name = "classic blocker"

    def __init__(self, *, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    @staticmethod
    def supports(rules: Rules) -> bool:
        """Any board."""
        return True

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        """The classic rule's move."""
        require_playable(state)
        geo = state.geometry
        x, o = state.bitboards
        own, opp = (x, o) if state.to_move is Player.X else (o, x)
        legal = state.legal_moves()
        for bits in (own, opp):
            found = [m for m in legal if geo.wins_at(bits | 1 << geo.index(m), geo.index(m))]
            if found:
                return self._rng.choice(found)
        rows, cols = geo.rows, geo.cols
        centre = [m for m in legal if m.row in _middle(rows) and m.col in _middle(cols)]
        corners = [m for m in legal if m.row in (0, rows - 1) and m.col in (0, cols - 1)]
        return self._rng.choice(centre or corners or list(legal))


def _middle(n: int) -> tuple[int, ...]:
    """The middle index (odd n) or two middle indices (even n)."""
    return (n // 2,) if n % 2 else (n // 2 - 1, n // 2)


def opponent(kind: str, seed: int) -> Strategy:
    """Easy, Medium or the classic blocker, seeded."""
    if kind == "classic blocker":
        return ClassicBlocker(seed=seed)
    return get_strategy({"Easy": "random", "Medium": "heuristic"}[kind], seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser(description="perfect against fallible players")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--boards", nargs="+", default=list(BOARDS), choices=list(BOARDS))
    args = parser.parse_args()
    print(f"{'board':<7}{'opponent':<17}{'perfect as':<12}{'wins':>6}{'draws':>7}{'losses':>8}")
    for board in args.boards:
        rules = BOARDS[board]
        for kind in ("Easy", "Medium", "classic blocker"):
            for side in Player:
                start = time.perf_counter()
                results: Counter[str] = Counter()
                for game in range(args.games):
                    perfect = PerfectStrategy(seed=game)
                    other = opponent(kind, 1000 + game)
                    x, o = (perfect, other) if side is Player.X else (other, perfect)
                    winner = play_game(rules, x, o).winner
                    results["win" if winner is side else "draw" if winner is None else "loss"] += 1
                print(
                    f"{board:<7}{kind:<17}{side!s:<12}{results['win']:>6}{results['draw']:>7}"
                    f"{results['loss']:>8}   ({time.perf_counter() - start:.0f} s)",
                    flush=True,
                )


if __name__ == "__main__":
    main()
