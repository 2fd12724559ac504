"""A Gomocup engine that thinks aloud: ``python fake_analyst.py MODE``.

It answers ``START`` with ``OK`` and each move request (``BEGIN``, ``TURN``,
``BOARD`` ... ``DONE``) with notes in one engine's shape and then its best
line's first square (else the first free square in reading order).
Modes: ``rapfi`` (Rapfi's summary and
``Bestline`` in lettered squares: a win in 5 plies), ``yixin`` (Yixin-Board's
``INFO PV`` block: a loss in 4 plies), ``score`` (Rapfi's summary with a
plain score, -131).
"""

from __future__ import annotations

import sys


def say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


NOTES = {
    "rapfi": [
        "MESSAGE Speed 1047K | Depth 12-30 | Eval +M5 | Node 1390K | Time 1328ms",
        "MESSAGE Bestline H8 I9 J10",
    ],
    "yixin": [
        "INFO PV 0",
        "INFO NUMPV 1",
        "INFO DEPTH 9",
        "INFO NODES 52000",
        "INFO TOTALTIME 800",
        "INFO SPEED 65000",
        "INFO EVAL -M4",
        "INFO WINRATE 0.0000",
        "INFO BESTLINE 7,7 8,8",
        "INFO PV DONE",
    ],
    "score": [
        "MESSAGE Speed 20K | Depth 7-11 | Eval -131 | Node 40K | Time 2000ms",
        "MESSAGE Bestline G8 H10",
    ],
}


def main() -> None:
    mode = sys.argv[1]
    size = 15
    taken: set[tuple[int, int]] = set()
    board: list[str] | None = None
    for raw in sys.stdin:
        line = raw.strip()
        word = line.split(" ")[0].upper()
        if board is not None:
            if word == "DONE":
                for item in board:
                    x, y, _ = item.split(",")
                    taken.add((int(x), int(y)))
                board = None
                answer(mode, taken, size)
            else:
                board.append(line)
            continue
        if word in ("START", "RECTSTART"):
            size = int(line.split(" ")[1].split(",")[0])
            taken.clear()
            say("OK")
        elif word == "BEGIN":
            answer(mode, taken, size)
        elif word == "TURN":
            x, y = line.split(" ")[1].split(",")
            taken.add((int(x), int(y)))
            answer(mode, taken, size)
        elif word == "BOARD":
            taken.clear()
            board = []
        elif word == "TAKEBACK":
            x, y = line.split(" ")[1].split(",")
            taken.discard((int(x), int(y)))
            say("OK")
        elif word == "END":
            return


BEST = {"rapfi": (7, 7), "yixin": (7, 7), "score": (6, 7)}
"""The move each mode answers (x, y) when it is free: its best line's first."""


def answer(mode: str, taken: set[tuple[int, int]], size: int) -> None:
    for note in NOTES[mode]:
        say(note)
    if BEST[mode] not in taken:
        taken.add(BEST[mode])
        say("{},{}".format(*BEST[mode]))
        return
    for y in range(size):
        for x in range(size):
            if (x, y) not in taken:
                taken.add((x, y))
                say(f"{x},{y}")
                return


if __name__ == "__main__":
    main()
