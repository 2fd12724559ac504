"""How well the move-order key predicts a deeper search's move, and a key fitted to it.

    python bench/policy.py generate --games 1400 --shard 0/2 --out bench/out/policy-0.jsonl
    python bench/policy.py fit bench/out/policy-0.jsonl bench/out/policy-1.jsonl [--epochs 150]

``generate`` plays the search against itself (``--play`` nodes a move) from
the openings of `bench/texel.py` plus two random stones near them, for
``--plies`` moves; at every second position it asks a fresh search of
``--deep`` nodes for its move, and keeps the position and that move when
alpha-beta chose it (not a forced move or a threat search's). One JSON line
per position.

``fit`` scores every candidate square of those positions by the order key
(`patterns.B_ORDER` / `W_ORDER`, which `evaluation.ordered_moves` sorts by)
and reports, on a fifth of the positions held out, how often the deeper
search's move is the key's first, in its first 3, 5 and 10, and the log loss
of a softmax over the keys. Then it fits a linear key to the same moves
(gradient descent on that log loss): a weight for each of the side to move's
and the opponent's patterns on the square, for each side's class there
(`patterns.THREE` ...), for a few pairs of patterns (`COMBOS`) and for the
evaluation's combinations (`patterns.Combo`), starting from today's key; it
prints the same figures for the fitted key and its weights. Pure Python,
standard library only.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.texel import load_openings, random_stones
from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import SearchStrategy
from tictac_tui.strategies.search.analysis import Reason
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.patterns import (
    B2,
    B3,
    B_CLASS,
    B_ORDER,
    BLACK,
    CLASS_BONUS,
    COMBO_VALUE,
    DEFENCE_SHARE,
    F2,
    FIELD_BITS,
    LINE_VALUE,
    PATTERN_NAMES,
    SIDE_SHIFT,
    THREE,
    W_CLASS,
    W_ORDER,
    Combo,
    combos,
)

BENCH = Path(__file__).resolve().parent
PATTERNS = len(PATTERN_NAMES)
CLASSES = len(CLASS_BONUS)
COMBOS: tuple[tuple[str, Callable[[list[int], int], bool]], ...] = (
    ("two open twos", lambda c, cls: c[F2] >= 2),
    ("open two and closed three", lambda c, cls: bool(c[F2] and c[B3])),
    ("two closed threes", lambda c, cls: c[B3] >= 2),
    ("open three and open two", lambda c, cls: cls == THREE and bool(c[F2])),
    ("open three and closed three", lambda c, cls: cls == THREE and bool(c[B3])),
    ("closed two and open two", lambda c, cls: bool(c[B2] and c[F2])),
)
"""Pairs of patterns on one square that get a weight of their own in the fitted key."""
SIDE_FEATURES = PATTERNS + CLASSES + len(COMBOS) + len(Combo)
"""Features per side: pattern counts, the class (one of `CLASSES`), the pairs, the
evaluation's combinations (`patterns.Combo`, in today's key)."""
TOPS = (1, 3, 5, 10)
"""The ranks reported: how often the deeper search's move is among the key's first N."""

Sample = tuple[list[list[tuple[int, float]]], list[float], int]
"""One position: each candidate's features (sparse), its key today, the move's index."""


def generate(args: argparse.Namespace) -> None:
    rules = Rules.gomoku(15)
    openings = load_openings()
    index, shards = (int(x) for x in args.shard.split("/"))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    for game in range(args.first, args.games):
        if game % shards != index:
            continue
        rng = random.Random(args.seed * 100_003 + game)
        state = random_stones(GameState.from_moves(rules, rng.choice(openings)), 2, rng)
        player = SearchStrategy(seed=game)
        start, kept = state.move_count, 0
        while not state.is_over and state.move_count < start + args.plies:
            ply = state.move_count - start
            if ply and ply % 2 == game % 2:
                (line,) = SearchStrategy().analyse(state, Limit(nodes=args.deep))
                if line.reason is Reason.ALPHA_BETA:
                    record = {
                        "moves": [[m.row, m.col] for m in state.history],
                        "best": [line.move.row, line.move.col],
                    }
                    with args.out.open("a", encoding="utf-8") as out:
                        out.write(json.dumps(record) + "\n")
                    kept += 1
            state = state.play(player.choose(state, Limit(nodes=args.play)))
        print(f"game {game}: {kept} positions ({time.perf_counter() - started:.0f} s)", flush=True)


def side_features(counts: list[int], cls: int, offset: int) -> list[tuple[int, float]]:
    """One side's features on a square, as (index + `offset`, value) where not zero."""
    out = [(offset + p, float(n)) for p, n in enumerate(counts) if n]
    out.append((offset + PATTERNS + cls, 1.0))
    out += [
        (offset + PATTERNS + CLASSES + i, 1.0)
        for i, (_, on) in enumerate(COMBOS)
        if on(counts, cls)
    ]
    base = offset + PATTERNS + CLASSES + len(COMBOS)
    out += [(base + combo, 1.0) for combo in combos(counts)]
    return out


def square_features(vec: int, own_black: bool, b_cls: int, w_cls: int) -> list[tuple[int, float]]:
    """The features of a square with pattern vector `vec` for the side to move."""
    mask = (1 << FIELD_BITS) - 1
    black = [vec >> (FIELD_BITS * p) & mask for p in range(PATTERNS)]
    white = [vec >> (SIDE_SHIFT + FIELD_BITS * p) & mask for p in range(PATTERNS)]
    own, opp = (black, white) if own_black else (white, black)
    own_cls, opp_cls = (b_cls, w_cls) if own_black else (w_cls, b_cls)
    return side_features(own, own_cls, 0) + side_features(opp, opp_cls, SIDE_FEATURES)


def today() -> list[float]:
    """Weights that give today's key (`LINE_VALUE`, `CLASS_BONUS`, `COMBO_VALUE`,
    `DEFENCE_SHARE`)."""
    own = [float(v) for v in LINE_VALUE] + [float(v) for v in CLASS_BONUS] + [0.0] * len(COMBOS)
    own += [float(v) for v in COMBO_VALUE]
    return own + [DEFENCE_SHARE * v for v in own]


def samples(paths: list[Path]) -> list[Sample]:
    rules = Rules.gomoku(15)
    out = []
    for path in paths:
        for text in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(text)
            state = GameState.from_moves(rules, [Move(r, c) for r, c in record["moves"]])
            b = Board.from_state(state)
            best = b.square(*record["best"])
            squares = sorted(b.candidates)
            if best not in squares:
                continue
            black = b.side == BLACK
            table, slot = b.cells_table, B_ORDER if black else W_ORDER
            feats, keys = [], []
            for sq in squares:
                comb = table[b.vecs[sq]]
                feats.append(square_features(b.vecs[sq], black, comb[B_CLASS], comb[W_CLASS]))
                keys.append(float(comb[slot]))
            out.append((feats, keys, squares.index(best)))
    return out


def scores(
    data: list[Sample], keys_of: Callable[[Sample], list[float]], t: float
) -> tuple[float, list[int]]:
    """The mean log loss of softmax(key / t), and how often the move ranks within `TOPS`."""
    loss = 0.0
    hits = [0] * len(TOPS)
    for sample in data:
        keys = [k / t for k in keys_of(sample)]
        top = max(keys)
        loss += top + math.log(sum(math.exp(k - top) for k in keys)) - keys[sample[2]]
        rank = sum(1 for k in keys if k > keys[sample[2]])
        for i, n in enumerate(TOPS):
            hits[i] += rank < n
    return loss / len(data), hits


def report(data: list[Sample], keys_of: Callable[[Sample], list[float]], t: float) -> str:
    """`scores`, as a line."""
    loss, hits = scores(data, keys_of, t)
    tops = ", ".join(f"first {n} {h / len(data):.1%}" for n, h in zip(TOPS, hits, strict=True))
    return f"log loss {loss:.3f}; {tops}"


def linear(w: list[float]) -> Callable[[Sample], list[float]]:
    return lambda s: [sum(w[j] * v for j, v in x) for x in s[0]]


def fit(data: list[Sample], w0: list[float], t: float, epochs: int, rate: float) -> list[float]:
    """Full-batch Adam on the log loss of softmax(w . x / t), from `w0`."""
    w = list(w0)
    m = [0.0] * len(w)
    v = [0.0] * len(w)
    for epoch in range(1, epochs + 1):
        grad = [0.0] * len(w)
        for feats, _, best in data:
            keys = [sum(w[j] * x for j, x in f) / t for f in feats]
            top = max(keys)
            exps = [math.exp(k - top) for k in keys]
            total = sum(exps)
            for f, e in zip(feats, exps, strict=True):
                for j, x in f:
                    grad[j] += e / total * x / t
            for j, x in feats[best]:
                grad[j] -= x / t
        for j in range(len(w)):
            g = grad[j] / len(data)
            m[j] = 0.9 * m[j] + 0.1 * g
            v[j] = 0.999 * v[j] + 0.001 * g * g
            mh, vh = m[j] / (1 - 0.9**epoch), v[j] / (1 - 0.999**epoch)
            w[j] -= rate * mh / (math.sqrt(vh) + 1e-8)
    return w


def run_fit(args: argparse.Namespace) -> None:
    data = samples(args.files)
    random.Random(args.seed).shuffle(data)
    cut = len(data) // 5
    held, train = data[:cut], data[cut:]
    todays: Callable[[Sample], list[float]] = lambda s: s[1]  # noqa: E731
    t = min((20.0, 40.0, 60.0, 80.0, 120.0, 160.0), key=lambda t: scores(train, todays, t)[0])
    print(f"{len(data)} positions ({len(train)} to fit, {len(held)} held out); scale {t:.0f}")
    print(f"today's key, held out:  {report(held, todays, t)}")
    w = fit(train, today(), t, args.epochs, args.rate)
    print(f"fitted key, held out:   {report(held, linear(w), t)}")
    names = [*PATTERN_NAMES, *(f"class {c}" for c in range(CLASSES)), *(n for n, _ in COMBOS)]
    names += [combo.name.lower().replace("_", " ") for combo in Combo]
    for i, name in enumerate(names):
        own, opp = w[i], w[SIDE_FEATURES + i]
        print(f"  {name:28} own {own:8.1f}   opponent's {opp:8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="positions and a deeper search's move, as JSON lines")
    gen.add_argument("--games", type=int, default=400)
    gen.add_argument("--first", type=int, default=0, help="the first game's number")
    gen.add_argument("--play", type=int, default=3000, help="nodes a move of the games")
    gen.add_argument("--deep", type=int, default=20000, help="nodes of the deeper search")
    gen.add_argument("--plies", type=int, default=30, help="moves played after the opening")
    gen.add_argument("--seed", type=int, default=777)
    gen.add_argument("--shard", default="0/1", help="I/N: play games I, I+N, I+2N, ...")
    gen.add_argument("--out", type=Path, default=BENCH / "out" / "policy.jsonl")
    fit_cmd = sub.add_parser("fit", help="today's key against the deeper moves, and a fitted one")
    fit_cmd.add_argument("files", type=Path, nargs="+")
    fit_cmd.add_argument("--epochs", type=int, default=150)
    fit_cmd.add_argument("--rate", type=float, default=3.0)
    fit_cmd.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    if args.command == "generate":
        generate(args)
    else:
        run_fit(args)


if __name__ == "__main__":
    main()
