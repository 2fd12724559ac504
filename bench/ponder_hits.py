"""How often the brain's pondering guesses the reply, and what a right guess buys.

    python bench/ponder_hits.py [--openings 16] [--plies 24] [--nodes 10000]
                                [--ponder-nodes 10000]

Self-play of the search from the first `--openings` openings of
bench/openings-15x15-all.txt, `--plies` moves each, every move at `--nodes`.
For every move the brain would ponder after (its line names a reply,
`brain.pondering.expected`) it counts whether the reply played was that one
(a hit), apart for the moves alpha-beta chose and the others (forced moves,
threat lines). On each hit after an alpha-beta move, the next move is
searched by two copies of the player that has just moved, whose tables hold
the same game: one straight away (as without pondering), one after
pondering the expected position for `--ponder-nodes`: a second search on
the table pondering left (what ``--ponder`` did before its pondering search
went on as the turn's own, gomoku-ai.md, "Pondering"). Both searches get
`--nodes`; the script prints the alpha-beta depths each finished and how
often their moves agree.

Every search is bounded by nodes, so the figures do not depend on the
machine or its load.
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.match import load_openings
from tictac_tui.brain.pondering import expected
from tictac_tui.brain.thinking import Line
from tictac_tui.engine import GameState, Rules
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import Reason, SearchStrategy

OPENINGS = Path(__file__).resolve().parent / "openings-15x15-all.txt"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openings", type=int, default=16)
    parser.add_argument("--plies", type=int, default=24)
    parser.add_argument("--nodes", type=int, default=10_000)
    parser.add_argument("--ponder-nodes", type=int, default=10_000)
    args = parser.parse_args()
    rules = Rules.gomoku(15)
    limit = Limit(nodes=args.nodes)
    counts = {True: [0, 0], False: [0, 0]}  # alpha-beta's move: [hits, guesses]
    plain_depths: list[int] = []
    pondered_depths: list[int] = []
    same = 0
    for moves in load_openings(OPENINGS)[: args.openings]:
        state = GameState.from_moves(rules, moves)
        players = (SearchStrategy(), SearchStrategy())
        for _ply in range(args.plies):
            if state.is_over:
                break
            player = players[state.move_count % 2]
            line = player.analyse(state, limit)[0]
            after = state.play(line.move)
            guess = expected(after, Line.of(line))
            if guess is None or after.is_over:
                state = after
                continue
            chosen = line.reason.value.startswith("alpha-beta") or line.reason is Reason.AVOID_VCT
            reply = players[after.move_count % 2].analyse(after, limit)[0].move
            hit = reply == guess.reply
            counts[chosen][0] += hit
            counts[chosen][1] += 1
            if hit and chosen:
                plain = copy.deepcopy(player)
                player.analyse(guess.state, Limit(nodes=args.ponder_nodes))  # pondering
                pondered = player.analyse(guess.state, limit)[0]
                straight = plain.analyse(guess.state, limit)[0]
                plain_depths.append(straight.depth)
                pondered_depths.append(pondered.depth)
                same += straight.move == pondered.move
            state = after.play(reply)
    for chosen, label in ((True, "after alpha-beta's moves"), (False, "after the others")):
        hits, guesses = counts[chosen]
        print(f"{label}: {hits} of {guesses} replies guessed ({hits / max(guesses, 1):.0%})")
    total = sum(hits for hits, _ in counts.values()), sum(g for _, g in counts.values())
    print(f"all: {total[0]} of {total[1]} ({total[0] / max(total[1], 1):.0%})")
    if plain_depths:
        count = len(plain_depths)
        deeper = sum(p > s for p, s in zip(pondered_depths, plain_depths, strict=True))
        shallower = sum(p < s for p, s in zip(pondered_depths, plain_depths, strict=True))
        print(
            f"hits searched: {count}; mean depth {sum(plain_depths) / count:.2f} straight, "
            f"{sum(pondered_depths) / count:.2f} after pondering; deeper {deeper}, "
            f"shallower {shallower}; the same move {same}"
        )


if __name__ == "__main__":
    main()
