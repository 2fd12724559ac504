"""The independent judge's verdicts on the full differential run's positions, stored.

The full differential test (tests/engine/test_renju.py) compares our verdict for
black on every empty point of `FULL_RUN` positions with the judge's (the PyPI
package `renju`, see renju_oracle.py): in `CHUNKS` chunks, chunk n the first
`FULL_RUN` / `CHUNKS` positions of the games of seed `FULL_SEED` + n. Asking the
judge (pure Python), and picking the points to ask it, was three quarters of that
test's time, and its answers cannot change while the package does not, so they
are stored in `FILE`, written by

    python -m tests.engine.renju_verdicts --write

which asks the judge about every position (never our engine). What is stored,
in text: the judge's name and version; per chunk its seed and number of
positions; per game its number of positions and `digest` of them (so games that
changed, through the generator or our legal moves, are named and never compared
against another game's verdicts); per position one line: the judge's nonzero
verdicts, `index:code` (index = row * cols + col, code as `CODES`), "-" when it
has none, or "=" when they are the previous position's in the same game (three
positions in four: it halves the file). Every other empty point is allowed (by
the judge, or ruled out by `could_be_forbidden` before it is asked, as in the
live run).

The test replays the games, compares our verdicts with the stored ones on every
empty point, and asks the live judge again on every `SAMPLE_EVERY`-th position
of each chunk, so the file cannot drift from the package unnoticed.
``python -m tests.engine.renju_verdicts --check`` asks it again on every position.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from itertools import zip_longest
from pathlib import Path

from tictac_tui.engine import GameState, geometry
from tictac_tui.files import write_atomic

from .renju_oracle import RENJU, Verdicts, line_masks, oracle_verdicts, shape_seeking_game_positions

FILE = Path(__file__).with_name("renju_verdicts.txt")
"""Where the verdicts are stored."""

WRITE = "python -m tests.engine.renju_verdicts --write"
"""The command that writes `FILE` (about 20 s of CPU)."""

FULL_RUN = 10_000
"""Positions of the full differential run."""

CHUNKS = 4
"""The full run is checked in this many chunks (run in parallel), each the positions of games
of its own seed (`FULL_SEED` plus the chunk's number), so no chunk replays another's games."""

FULL_SEED = 7
"""The seed of the first chunk's games."""

SAMPLE_EVERY = 40
"""The test asks the live judge again about every this many-th position of each chunk (the
first, then every `SAMPLE_EVERY`-th): about `FULL_RUN` / `SAMPLE_EVERY` positions in all,
spread over every chunk."""


def judge_name() -> str:
    """The judge and its installed version, as the file records it."""
    return f"renju {version('renju')}"


def digest(game: list[GameState]) -> str:
    """A short hash of the positions of `game` (their black and white stones, in order)."""
    hashed = hashlib.blake2b(digest_size=4)
    for state in game:
        for stones in state.bitboards:
            hashed.update(stones.to_bytes((state.geometry.size + 7) // 8, "little"))
    return hashed.hexdigest()


@dataclass(frozen=True)
class StoredGame:
    """One game's digest and its positions' stored verdicts, in order."""

    digest: str
    verdicts: tuple[Verdicts, ...]


@dataclass(frozen=True)
class StoredChunk:
    """The games of one seed, cut after `positions` positions."""

    seed: int
    positions: int
    games: tuple[StoredGame, ...]


@dataclass(frozen=True)
class Stored:
    """The file's contents: which judge wrote it, and its chunks."""

    judge: str
    chunks: tuple[StoredChunk, ...]


class StaleVerdicts(AssertionError):
    """The replayed games are not the ones the stored verdicts were written from."""


def judge_chunk(seed: int, positions: int) -> StoredChunk:
    """Ask the judge about every position of the games of `seed` (the slow part)."""
    masks = line_masks(geometry(RENJU))
    games = tuple(
        StoredGame(digest(game), tuple(oracle_verdicts(state, masks) for state in game))
        for game in shape_seeking_game_positions(seed, positions)
    )
    return StoredChunk(seed, positions, games)


def replay(chunk: StoredChunk, where: str = "") -> Iterator[tuple[int, GameState, Verdicts]]:
    """(number in the chunk, state, stored verdicts) for each position of `chunk`'s games.

    Raises `StaleVerdicts`, naming the game and `WRITE`, at the first game whose positions
    are not the stored ones; `where` names the file in that message.
    """
    number = 0
    replayed = shape_seeking_game_positions(chunk.seed, chunk.positions)
    for count, (game, stored) in enumerate(zip_longest(replayed, chunk.games)):
        now = None if game is None else (len(game), digest(game))
        then = None if stored is None else (len(stored.verdicts), stored.digest)
        if game is None or stored is None or now != then:
            raise StaleVerdicts(
                f"seed {chunk.seed}, game {count} (from position {number}): the games differ from "
                f"those the stored verdicts{where} were written from (positions and digest "
                f"replayed: {now}; stored: {then}). The game generator or our legal moves "
                f"changed; if that is meant, write the judge's verdicts again with `{WRITE}` "
                "(they are the judge's, never ours)."
            )
        for state, verdicts in zip(game, stored.verdicts):
            yield number, state, verdicts
            number += 1


SAME = "="
"""A position's line when its verdicts are those of the position before it in its game."""


def format_verdicts(verdicts: Verdicts) -> str:
    """One position's line: "index:code" per nonzero verdict, by index, or "-"."""
    return " ".join(f"{i}:{code}" for i, code in sorted(verdicts.items())) or "-"


def dumps(stored: Stored) -> str:
    """The file's text."""
    lines = [
        "# The renju package's verdicts for black on the positions of the full differential test",
        "# (tests/engine/test_renju.py); what is stored and why: tests/engine/renju_verdicts.py.",
        f"# Written by: {WRITE}",
        "# judge NAME VERSION / chunk SEED POSITIONS / game POSITIONS DIGEST, then per position",
        '# its nonzero verdicts "index:code" (1 double three, 2 double four, 3 overline), "-" for',
        '# none, or "=" for the same as the position before it in the game',
        f"judge {stored.judge}",
    ]
    for chunk in stored.chunks:
        lines.append(f"chunk {chunk.seed} {chunk.positions}")
        for game in chunk.games:
            lines.append(f"game {len(game.verdicts)} {game.digest}")
            before = None
            for verdicts in game.verdicts:
                lines.append(SAME if verdicts == before else format_verdicts(verdicts))
                before = verdicts
    return "\n".join(lines) + "\n"


def loads(text: str) -> Stored:
    """The contents of a file `dumps` wrote; ValueError naming the line otherwise."""
    reader = _Reader()
    n = 0
    for n, line in enumerate(text.splitlines(), 1):
        try:
            reader.read(line)
        except ValueError as error:
            raise ValueError(f"line {n}: {line!r}: {error}") from None
    if reader.due or not reader.chunks:
        raise ValueError(f"line {n}: the file ends early")
    out = tuple(
        StoredChunk(seed, positions, tuple(StoredGame(h, tuple(v)) for h, v in games))
        for seed, positions, games in reader.chunks
    )
    for chunk in out:
        if sum(len(g.verdicts) for g in chunk.games) != chunk.positions:
            raise ValueError(f"chunk {chunk.seed}: its games do not hold {chunk.positions}")
    return Stored(reader.judge, out)


class _Reader:
    """What `loads` has read so far."""

    def __init__(self) -> None:
        self.judge = ""
        self.chunks: list[tuple[int, int, list[tuple[str, list[Verdicts]]]]] = []
        self.verdicts: list[Verdicts] = []  # the current game's
        self.due = 0  # position lines still due in the current game

    def read(self, line: str) -> None:
        """Take in one line; ValueError if it is not one that may come here."""
        word, _, rest = line.partition(" ")
        if line.startswith("#"):
            return
        if self.due:
            if line != SAME:
                self.verdicts.append(parse_verdicts(line))
            elif self.verdicts:
                self.verdicts.append(self.verdicts[-1])
            else:
                raise ValueError("a game's first position has no position before it")
            self.due -= 1
        elif word == "judge" and rest and not self.judge:
            self.judge = rest
        elif word == "chunk" and self.judge:
            seed, positions = map(int, rest.split())
            self.chunks.append((seed, positions, []))
        elif word == "game" and self.chunks:
            count, hashed = rest.split()
            self.due, self.verdicts = int(count), []
            if self.due < 1:
                raise ValueError("a game has positions")
            self.chunks[-1][2].append((hashed, self.verdicts))
        else:
            raise ValueError("not a judge, chunk or game line where one was due")


def parse_verdicts(line: str) -> Verdicts:
    """The verdicts of a position's line; ValueError if it is not one."""
    if line == "-":
        return {}
    verdicts: Verdicts = {}
    for item in line.split(" "):
        index, code = item.split(":")
        if int(code) not in (1, 2, 3) or int(index) in verdicts:
            raise ValueError(f"{item!r} is not a new square's verdict 1, 2 or 3")
        verdicts[int(index)] = int(code)
    if not verdicts or line != format_verdicts(verdicts):
        raise ValueError("not in the written form")
    return verdicts


@cache
def stored_verdicts() -> Stored:
    """The contents of `FILE` (read once per process)."""
    return loads(FILE.read_text(encoding="utf-8"))


def full_run() -> Stored:
    """Ask the judge about every position of the full run."""
    chunks = tuple(judge_chunk(FULL_SEED + n, FULL_RUN // CHUNKS) for n in range(CHUNKS))
    return Stored(judge_name(), chunks)


def check(stored: Stored) -> list[str]:
    """Every position whose stored verdicts are not the live judge's, as text (slow)."""
    masks = line_masks(geometry(RENJU))
    out = []
    for chunk in stored.chunks:
        for number, state, verdicts in replay(chunk, f" ({FILE.name})"):
            live = oracle_verdicts(state, masks)
            if live != verdicts:
                out.append(f"seed {chunk.seed}, position {number}: {live} now, {verdicts} stored")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.engine.renju_verdicts",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--write", action="store_true", help=f"ask the judge, write {FILE.name}")
    what.add_argument("--check", action="store_true", help=f"ask the judge, compare {FILE.name}")
    args = parser.parse_args(argv)
    start = time.process_time()
    if args.write:
        stored = full_run()
        write_atomic(FILE, dumps(stored))
        fouls = sum(len(v) for c in stored.chunks for g in c.games for v in g.verdicts)
        print(f"{FILE}: {FULL_RUN:,} positions, {fouls:,} forbidden points ({stored.judge})")
    else:
        stored = stored_verdicts()
        try:
            problems = check(stored)
        except StaleVerdicts as stale:
            print(stale)
            return 1
        for line in problems[:20]:
            print(line)
        print(
            f"{len(problems)} of {FULL_RUN:,} positions differ "
            f"({judge_name()} installed, {stored.judge} wrote {FILE.name})"
        )
        if problems:
            return 1
    print(f"{time.process_time() - start:.1f} s of CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
