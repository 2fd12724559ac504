"""Analysis and review timings (docs/benchmarks.md, "Analysis and review").

    python bench/analysis.py [first-line] [review] [idle]     (default: all three)

- first-line: the real app in a pty (80x24, 15x15, two players, the panel
  shown with ``e``): from sending a move's keys to the panel's first
  evaluation of the new position (``O to move: +120``), for each of `MOVES`
  moves; prints the median and the slowest;
- review: a 60-move game (Medium against itself, seeded, so the game is the
  same on every machine) reviewed by Hard at the default budget
  (`play.review.REVIEW_SECONDS` a position); prints the seconds;
- idle: the app's CPU over `IDLE_SECONDS` on the game screen with the panel
  hidden, and again with the panel shown once its stages are over.

Prints the load average before each figure: the machine is shared.
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tictac_tui.engine import GameState, Rules  # noqa: E402
from tictac_tui.play.analysts import SearchAnalyst  # noqa: E402
from tictac_tui.play.review import REVIEW_SECONDS, review_game  # noqa: E402
from tictac_tui.strategies import Limit, get_strategy  # noqa: E402

MOVES = ("h8", "i9", "j8", "g8", "i7", "h9")
GAME_NODES = 2000
GAME_MOVES = 60
IDLE_SECONDS = 10.0
PATIENCE = 60.0


def load() -> str:
    """The load average (1, 5, 15 minutes)."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


class App:
    """`python -m tictac_tui` in a pty, read with pyte."""

    def __init__(self, tmp: Path, *args: str) -> None:
        import pexpect
        import pyte

        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        env = dict(os.environ)
        env.update(
            TERM="xterm-256color",
            TICTAC_CONFIG_DIR=str(tmp / "config"),
            TICTAC_DATA_DIR=str(tmp / "data"),
        )
        self.child = pexpect.spawn(
            sys.executable, ["-m", "tictac_tui", *args], dimensions=(24, 80), env=env, cwd=ROOT
        )
        self.child.delaybeforesend = None

    def pump(self) -> None:
        import pexpect

        try:
            data = self.child.read_nonblocking(65536, timeout=0.005)
        except pexpect.TIMEOUT:
            return
        self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, text: str) -> float:
        """Seconds until `text` (a regular expression) is on the screen."""
        start = time.perf_counter()
        while re.search(text, self.text()) is None:
            if time.perf_counter() - start > PATIENCE:
                raise TimeoutError(f"no {text!r} on:\n{self.text()}")
            self.pump()
        return time.perf_counter() - start

    def cpu_seconds(self) -> float:
        """The app's user + system CPU time so far."""
        fields = Path(f"/proc/{self.child.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(fields[11]) + int(fields[12])) / ticks

    def close(self) -> None:
        self.child.terminate(force=True)


def first_line(tmp: Path) -> None:
    """From a move's key to the panel's first line about the new position."""
    app = App(tmp, "--game", "gomoku15", "--mode", "hvh")
    try:
        app.wait_for("> Play")
        app.child.send("\r")
        app.wait_for("X to move")
        app.child.send("e")
        app.wait_for("depth ")
        times = []
        for number, square in enumerate(MOVES, 1):
            side = "O" if number % 2 else "X"
            app.child.send("g" + square + "\r")
            times.append(app.wait_for(f"{side} to move: [-+0-9]"))  # a score, not "..."
        print(f"first-line ({load()}): median {statistics.median(times) * 1000:.0f} ms,", end="")
        print(f" slowest {max(times) * 1000:.0f} ms over {len(times)} moves")
    finally:
        app.close()


def sixty_moves() -> list[GameState]:
    """A game of `GAME_MOVES` moves, the same everywhere: Medium (the blocker) against
    itself, seeded, the first seed whose game lasts that long (on 19x19)."""
    for seed in range(100):
        player = get_strategy("heuristic", seed=seed)
        states = [GameState.new(Rules.gomoku(19))]
        while len(states) <= GAME_MOVES and not states[-1].is_over:
            states.append(states[-1].play(player.choose(states[-1], Limit(nodes=GAME_NODES))))
        if len(states) > GAME_MOVES:
            return states
    raise RuntimeError(f"no seed gave a game of {GAME_MOVES} moves")


def review() -> None:
    """A 60-move game reviewed at the default budget."""
    states = sixty_moves()
    print(f"review ({load()}): {len(states) - 1} moves at {REVIEW_SECONDS} s a position ...")
    start = time.perf_counter()
    result = review_game(states, SearchAnalyst(), REVIEW_SECONDS)
    seconds = time.perf_counter() - start
    assert result is not None
    marked = len(result.marked())
    print(f"review: {seconds:.1f} s, {marked} moves marked")


def idle(tmp: Path) -> None:
    """The app's CPU while nothing happens, with the panel hidden and shown (done)."""
    app = App(tmp, "--game", "gomoku15", "--mode", "hvh")
    try:
        app.wait_for("> Play")
        app.child.send("\r")
        app.wait_for("X to move")
        app.child.send("gh8\r")
        app.wait_for("O to move")
        for shown in (False, True):
            if shown:
                app.child.send("e")
                app.wait_for("done")  # every stage over: nothing thinks any more
            before = app.cpu_seconds()
            end = time.perf_counter() + IDLE_SECONDS
            while time.perf_counter() < end:
                app.pump()
            spent = app.cpu_seconds() - before
            what = "panel shown, done" if shown else "panel hidden"
            print(f"idle ({load()}), {what}: {spent / IDLE_SECONDS * 100:.1f}% of a core")
    finally:
        app.close()


def main(argv: list[str]) -> None:
    import tempfile

    wanted = argv or ["first-line", "review", "idle"]
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        if "first-line" in wanted:
            first_line(tmp / "first-line")  # each its own folders: no autosave offered
        if "review" in wanted:
            review()
        if "idle" in wanted:
            idle(tmp / "idle")


if __name__ == "__main__":
    main(sys.argv[1:])
