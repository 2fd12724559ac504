"""The app hosting an engine (docs/benchmarks.md, "Engines in the app"): the time from the
engine's move line to the stone on the screen, and the app's CPU while an engine thinks.

    python bench/engine_app.py [--moves N] [--idle SECONDS]

Runs the real app (``python -m tictac_tui``) in a 100x30 pseudo-terminal
(pexpect and pyte, from the test dependencies) against a small engine
written here. The engine waits `DELAY` seconds before each answer (longer
than the app's pace after a person's move, so the stone is due as soon as
the answer comes), then writes ``time.monotonic()`` (one clock for every
process on Linux) to a file and its move line to standard output. The
bench reads the terminal as its bytes arrive and notes when the move list
shows the engine's move: the latency is the difference. The person's moves
are h8, j8, l8, n8 (no five), then a new game.

For the CPU, the engine thinks for `--idle` seconds before one answer; the
app's user and system time (``/proc/PID/stat``) over that wait, less its
first and last second, divided by the wall time, is its idle CPU share.
Linux only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect
import pyte

ROOT = Path(__file__).resolve().parent.parent
DELAY = 0.4
"""Seconds the engine waits before each answer (past the app's 0.2 s pace)."""
COLUMNS = "ABCDEFGHIJKLMNO"

ENGINE = r"""
import sys, time
stamps, delay = sys.argv[1], float(sys.argv[2])
taken = set()
size = 15
board = None
def say(text):
    sys.stdout.write(text + "\n"); sys.stdout.flush()
def answer():
    time.sleep(delay)
    for y in range(size):
        for x in range(size):
            if (x, y) not in taken:
                taken.add((x, y))
                with open(stamps, "a") as out:
                    out.write(f"{x},{y} {time.monotonic()!r}\n")
                say(f"{x},{y}")
                return
for raw in sys.stdin:
    words = raw.strip().split(" ")
    word = words[0].upper()
    if board is not None:
        if word == "DONE":
            for item in board:
                x, y, _ = item.split(",")
                taken.add((int(x), int(y)))
            board = None
            answer()
        else:
            board.append(raw.strip())
    elif word == "START":
        size = int(words[1]); taken.clear(); say("OK")
    elif word == "BOARD":
        taken.clear(); board = []
    elif word == "BEGIN":
        answer()
    elif word == "TURN":
        x, y = words[1].split(","); taken.add((int(x), int(y))); answer()
    elif word == "TAKEBACK":
        x, y = words[1].split(","); taken.discard((int(x), int(y))); say("OK")
    elif word == "ABOUT":
        say('name="bench"')
    elif word == "END":
        break
"""


def cpu_seconds(pid: int) -> float:
    """User plus system time of process `pid` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class App:
    """The app in a pty, its screen read with pyte."""

    def __init__(self, folder: Path, engine_delay: float) -> None:
        script = folder / "engine.py"
        script.write_text(ENGINE)
        self.stamps = folder / "stamps.txt"
        config = folder / "config"
        config.mkdir()
        command = [sys.executable, str(script), str(self.stamps), repr(engine_delay)]
        store = {"version": 1, "engines": {"bench": {"command": command}}}
        (config / "engines.json").write_text(json.dumps(store))
        env = {
            **os.environ,
            "TERM": "xterm-256color",
            "TICTAC_CONFIG_DIR": str(config),
            "TICTAC_DATA_DIR": str(folder / "data"),
            "PYTHONPATH": str(ROOT),
            "LANGUAGE": "en",
        }
        args = ["-m", "tictac_tui", "--game", "gomoku15", "--difficulty", "engine:bench"]
        args += ["--first", "human", "--think", "30"]
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(
            sys.executable, args, dimensions=(30, 100), env=env, cwd=str(ROOT)
        )
        self.child.delaybeforesend = None

    def pump(self, timeout: float = 0.002) -> None:
        try:
            data = self.child.read_nonblocking(65536, timeout=timeout)
        except pexpect.TIMEOUT:
            return
        self.stream.feed(data)

    def shows(self, text: str) -> bool:
        return any(text in line for line in self.screen.display)

    def wait(self, text: str, limit: float = 60.0) -> float:
        """Read until `text` is on screen; the time it first was."""
        deadline = time.monotonic() + limit
        while not self.shows(text):
            if time.monotonic() > deadline:
                raise SystemExit(f"waited for {text!r}:\n" + "\n".join(self.screen.display))
            self.pump()
        return time.monotonic()

    def close(self) -> None:
        self.child.sendcontrol("c")
        self.child.expect(pexpect.EOF, timeout=30)


def latency(moves: int) -> list[float]:
    """Seconds from the engine's move line to its move on the screen, `moves` times."""
    with tempfile.TemporaryDirectory() as folder:
        app = App(Path(folder), DELAY)
        app.wait("> Play")
        app.child.send("\r")
        samples: list[float] = []
        played = 0  # moves in this game
        while len(samples) < moves:
            if played == 8:
                app.child.send("ny")
                app.wait("none yet")  # the move list of the new game
                played = 0
            stones = len(app.stamps.read_text().splitlines()) if app.stamps.exists() else 0
            app.child.send("\r" if played == 0 else "\x1bOC\x1bOC\r")
            number = played + 2
            seen = app.wait(f"{number:>2}. O ")
            deadline = time.monotonic() + 10
            while len(lines := app.stamps.read_text().splitlines()) <= stones:
                if time.monotonic() > deadline:
                    raise SystemExit("no stamp:\n" + "\n".join(app.screen.display))
            square, stamp = lines[stones].split()
            x, y = (int(n) for n in square.split(","))
            app.wait(f"{number:>2}. O {COLUMNS[x]}{y + 1}")
            samples.append(seen - float(stamp))
            played += 2
        app.close()
        return samples


def idle_share(seconds: float) -> tuple[float, float]:
    """The app's CPU share while the engine thinks `seconds`, and the wall time measured."""
    with tempfile.TemporaryDirectory() as folder:
        app = App(Path(folder), seconds)
        app.wait("> Play")
        app.child.send("\r")
        app.wait("Your move")
        app.child.send("\r")
        app.wait("is thinking")
        end = time.monotonic() + seconds - 1.0
        while time.monotonic() < end - (seconds - 2.0):
            app.pump(0.05)
        wall0, cpu0 = time.monotonic(), cpu_seconds(app.child.pid)
        while time.monotonic() < end:
            app.pump(0.05)
        wall, cpu = time.monotonic() - wall0, cpu_seconds(app.child.pid) - cpu0
        app.close()
        return cpu / wall, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--idle", type=float, default=12.0)
    args = parser.parse_args()
    samples = sorted(latency(args.moves))
    ms = [s * 1000 for s in samples]
    print(f"engine move line -> stone on screen, {len(ms)} moves (ms):")
    print(
        f"  median {statistics.median(ms):.1f}  90th {ms[int(0.9 * (len(ms) - 1))]:.1f}"
        f"  max {ms[-1]:.1f}  min {ms[0]:.1f}"
    )
    share, wall = idle_share(args.idle)
    print(f"app CPU while the engine thinks: {share * 100:.2f}% of one core over {wall:.1f} s")


if __name__ == "__main__":
    main()
