"""A Gomocup engine that misbehaves on purpose: ``python fake_engine.py PIDFILE MODE [LOG]``.

It writes its process id to PIDFILE first (atomically), then answers
``START`` with ``OK`` and moves with the first free square in reading order,
except as MODE says. Every line it reads is appended to LOG (if given),
one at a time and flushed, so a test can see what the manager sent.

Modes: ``good``, ``exit`` (exits at once), ``silent`` (never answers),
``error`` (``ERROR`` to START), ``garbage`` (text for a move), ``occupied``
(answers the square just played), ``offboard`` (99,99), ``square:X,Y``
(always that square), ``slow`` (never answers a move; keeps reading),
``stoppable`` (answers a move only after ``YXSTOP``), ``crash`` (ends
itself by SIGSEGV at its second move), ``flood-out``
(20 MB of notes and a 10 MB line before each move), ``flood-err`` (20 MB on
standard error at START), ``forks`` (starts a grandchild that sleeps, its id
in PIDFILE.child), ``stubborn`` (ignores END and SIGTERM).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys

FLOOD_BYTES = 20 * 1024 * 1024


def main() -> None:
    pidfile, mode = sys.argv[1], sys.argv[2]
    log = open(sys.argv[3], "a") if len(sys.argv) > 3 else None  # noqa: SIM115
    with open(pidfile + ".tmp", "w") as out:
        out.write(str(os.getpid()))
    os.replace(pidfile + ".tmp", pidfile)
    if mode == "exit":
        sys.exit(3)
    if mode == "stubborn":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if mode == "forks":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        with open(pidfile + ".child.tmp", "w") as out:
            out.write(str(child.pid))
        os.replace(pidfile + ".child.tmp", pidfile + ".child")
    size = 15
    taken: set[tuple[int, int]] = set()
    moves = 0
    board: list[str] | None = None
    for raw in sys.stdin:
        line = raw.strip()
        if log is not None:
            log.write(line + "\n")
            log.flush()
        word = line.split(" ")[0].upper()
        if mode == "silent" or (mode == "stubborn" and word == "END"):
            continue
        if board is not None:
            if word == "DONE":
                for item in board:
                    x, y, _ = item.split(",")
                    taken.add((int(x), int(y)))
                board = None
                answer(mode, taken, size, None, moves)
                moves += 1
            else:
                board.append(line)
            continue
        if word in ("START", "RECTSTART"):
            if mode == "error":
                say("ERROR this size is not supported")
                continue
            if mode == "flood-err":
                chunk = "e" * 65535 + "\n"
                for _ in range(FLOOD_BYTES // len(chunk)):
                    sys.stderr.write(chunk)
                sys.stderr.flush()
            size = int(line.split(" ")[1].split(",")[0])
            taken.clear()
            say("OK")
        elif word == "ABOUT":
            say('name="fake", version="1.0", author="tests", country="-"')
        elif word in ("BEGIN", "TURN"):
            last = None
            if word == "TURN":
                x, y = line.split(" ")[1].split(",")
                last = (int(x), int(y))
                taken.add(last)
            answer(mode, taken, size, last, moves)
            moves += 1
        elif word == "BOARD":
            taken.clear()
            board = []
        elif word == "TAKEBACK":
            x, y = line.split(" ")[1].split(",")
            taken.discard((int(x), int(y)))
            say("OK")
        elif word == "YXSTOP" and mode == "stoppable":
            answer("good", taken, size, None, moves)
        elif word == "END":
            return
    if mode == "stubborn":  # outlives its input too: only SIGKILL ends it
        while True:
            signal.pause()


def say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def answer(
    mode: str, taken: set[tuple[int, int]], size: int, last: tuple[int, int] | None, moves: int
) -> None:
    if mode in ("slow", "stoppable"):
        return
    if mode == "crash" and moves >= 1:
        os.kill(os.getpid(), signal.SIGSEGV)
    if mode == "garbage":
        say("I think I will play somewhere nice")
        return
    if mode == "occupied" and last is not None:
        say(f"{last[0]},{last[1]}")
        return
    if mode == "offboard":
        say("99,99")
        return
    if mode.startswith("square:"):
        say(mode.split(":", 1)[1])
        return
    if mode == "flood-out":
        note = "MESSAGE " + "n" * 1000 + "\n"
        for _ in range(FLOOD_BYTES // len(note)):
            sys.stdout.write(note)
        sys.stdout.write("MESSAGE " + "x" * (10 * 1024 * 1024) + "\n")
        sys.stdout.flush()
    for y in range(size):
        for x in range(size):
            if (x, y) not in taken:
                taken.add((x, y))
                say(f"{x},{y}")
                return


if __name__ == "__main__":
    main()
