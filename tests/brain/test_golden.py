"""The brain's whole transcript of a long session, every command in it, pinned byte for byte.

`SESSION` sends every command the brain knows (and blocks, INFO keys, bad
lines, an over-long line, a block that never closes) in one conversation;
`golden_session.txt` holds what the brain answered, recorded before its
modules were split. Searches are capped by nodes (`INFO max_node`) under a
turn limit no search reaches, and swap2 choices are made with a search
stopped at once, so the moves, scores and lines are the same on any
machine; only times and speeds are masked (`normalise`).

Record again (only when an answer is meant to change):
``python -m tests.brain.test_golden``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from tictac_tui import __version__
from tictac_tui.brain import Brain
from tictac_tui.brain.protocol import parse_line

GOLDEN = Path(__file__).with_name("golden_session.txt")
LONG_LINE = 100_000
"""The size (bytes) of the over-long line the session sends (`Brain.refuse_long_line`)."""
LINE_LIMIT = 8192
"""The limit that line is refused against (the server's `MAX_LINE_BYTES`)."""
OVERLONG = "<overlong>"
"""A step of `SESSION` standing for a line over the server's limit."""
SWAP2_JOBS = ("SWAP2BOARD", "YXSWAP2STEP1", "YXSWAP2STEP2", "YXSWAP2STEP3")
"""Jobs decided by time, not nodes: they are run with a search stopped at once."""


SESSION: list[str] = [
    # Before any board.
    "ABOUT",
    "",
    "   ",
    "BEGIN",
    "TURN 7,7",
    "RESTART",
    "BOARD",
    "DONE",
    "yxshowforbid",
    "frobnicate now",
    "INFO",
    "INFO timeout_turn",
    # Boards that can't be played, then one that can.
    "START 0",
    "START 99",
    "RECTSTART 4",
    "START x",
    "START 15",
    "INFO timeout_turn 600000",
    "INFO timeout_match 0",
    "INFO time_left 2147483647",
    "INFO max_memory 83886080",
    "INFO max_node 400",
    "INFO max_depth 0",
    "INFO game_type 1",
    "INFO folder C:\\tmp",
    "INFO evaluate 0",
    "INFO zzz 7",
    "INFO rule 0",
    "INFO max_node soon",
    "INFO rule -1",
    "BEGIN",
    "INFO rule 0",
    "BEGIN",
    "BEGIN",
    "TURN 7,7",
    "TURN 7,8",
    "TURN 99,1",
    "TURN 1",
    "TURN a,b",
    "PLAY 8,8",
    "TAKEBACK 0,0",
    "TAKEBACK 7,8",
    "TAKEBACK 7,8",
    "TURN 6,6",
    "yxshowforbid",
    "ABOUT",
    # Detail: realtime and principal variations, and several lines.
    "INFO show_detail 3",
    "TURN 9,9",
    "yxnbest 3",
    "yxnbest x",
    "INFO show_detail 1",
    "yxnbest 0",
    "INFO show_detail 6",
    "TURN 3,3",
    "INFO show_detail 0",
    "INFO max_depth 2",
    "TURN 12,12",
    "RESTART",
    "INFO max_depth 1",
    "TURN 7,7",
    "INFO max_depth -5",
    "INFO max_depth zz",
    "PLAY 0,0",
    "INFO max_node 0",
    "INFO max_node 300",
    # BOARD: a position, in any order, and bad ones.
    "BOARD",
    "7,7,1",
    "8,8,2",
    "7,8,1",
    "DONE",
    "INFO timeout_match x",
    "board",
    "7,7,2",
    "DONE",
    "BOARD",
    "7,7,1",
    "7,7,2",
    "DONE",
    "BOARD",
    "7,7,1",
    "8,8,1",
    "DONE",
    "BOARD",
    "7,7,3",
    "DONE",
    "BOARD",
    "7,7,x",
    "8,8,1",
    "DONE",
    "BOARD",
    "1,2",
    "DONE",
    "BOARD",
    "99,99,1",
    "DONE",
    "BOARD",
    "0,0,1",
    "1,0,1",
    "2,0,1",
    "3,0,1",
    "4,0,1",
    "0,1,2",
    "1,1,2",
    "2,1,2",
    "3,1,2",
    "5,5,2",
    "DONE",
    "BOARD",
    "DONE",
    # yxboard: a position, no move.
    "yxboard",
    "7,7,2",
    "8,8,1",
    "6,8,2",
    "done",
    "yxshowforbid",
    "yxnbest 2",
    # Renju (Yixin-Board's rule 2 once it spoke Yixin): forbidden points shown.
    "RESTART",
    "INFO rule 2",
    "yxboard",
    "7,5,1",
    "0,0,2",
    "7,6,1",
    "0,2,2",
    "5,7,1",
    "0,4,2",
    "6,7,1",
    "0,6,2",
    "DONE",
    "yxshowforbid",
    "INFO rule 4",
    "yxshowforbid",
    "INFO rule 1",
    "yxshowforbid",
    "INFO rule 8",
    "yxshowforbid",
    "INFO rule 12",
    "yxshowforbid",
    "INFO rule 9",
    "BEGIN",
    "INFO rule 3",
    "TURN 1,1",
    "INFO rule 0",
    "TURN 1,1",
    # A finished game.
    "RESTART",
    "BOARD",
    "0,0,2",
    "0,5,1",
    "1,0,2",
    "1,5,1",
    "2,0,2",
    "2,5,1",
    "3,0,2",
    "3,5,1",
    "4,0,2",
    "DONE",
    "RESTART",
    "yxboard",
    "0,0,1",
    "0,5,2",
    "1,0,1",
    "1,5,2",
    "2,0,1",
    "2,5,2",
    "3,0,1",
    "3,5,2",
    "DONE",
    "TURN 4,0",
    "PLAY 4,0",
    "yxnbest 1",
    "BEGIN",
    "TAKEBACK 3,5",
    "TURN 14,14",
    # Swap2, Gomocup's and Yixin-Board's.
    "RESTART",
    "SWAP2BOARD",
    "DONE",
    "SWAP2BOARD",
    "7,7",
    "7,8",
    "9,9",
    "DONE",
    "SWAP2BOARD",
    "7,7",
    "7,8",
    "9,9",
    "8,8",
    "6,8",
    "DONE",
    "SWAP2BOARD",
    "7,7,1",
    "7,8",
    "DONE",
    "SWAP2BOARD",
    "7,7",
    "7,7",
    "9,9",
    "DONE",
    "SWAP2BOARD",
    "x",
    "DONE",
    "RESTART",
    "yxswap2step1",
    "yxswap2step2",
    "yxboard",
    "7,7,2",
    "7,8,1",
    "9,9,2",
    "DONE",
    "yxswap2step2",
    "yxswap2step3",
    "RESTART",
    "yxboard",
    "7,7,2",
    "7,8,1",
    "9,9,2",
    "8,8,1",
    "6,8,2",
    "DONE",
    "yxswap2step3",
    # Yixin-Board's other commands: ignored blocks, file names, settings.
    "yxshowinfo",
    "yxhashclear",
    "yxquerydatabaseall",
    "7,7,1",
    "DONE",
    "yxquerydatabaseone",
    "DONE",
    "yxblock",
    "1,1",
    "DONE",
    "yxsoosorvstep2",
    "DONE",
    "yxhashdump",
    "C:\\hash.bin",
    "yxsetdatabase C:\\db.txt",
    "yxhashload",
    "DONE",
    "yxsomethingnew 1",
    "yxstop",
    "STOP",
    "INFO hash_size 1024",
    "INFO hash_size 0",
    "INFO thread_num 2",
    "INFO thread_num 1",
    "INFO max_memory 1000",
    "INFO max_memory 0",
    "INFO timeout_turn -5",
    "INFO timeout_turn 600000",
    # Over-long lines: alone, inside a block, as a file name.
    OVERLONG,
    "BOARD",
    "7,7,1",
    OVERLONG,
    "DONE",
    "yxhashload",
    OVERLONG,
    "ABOUT",
    # A rectangle, and a block that never closes.
    "RECTSTART 5,4",
    "BEGIN",
    "RECTSTART 6,6",
    "BOARD",
    *["1,1,1"] * 101,
    "ABOUT",
    "yxquerydatabaseall",
    *["2,2,1"] * 101,
    "BOARD",
    "1,1,1",
    "END",
    "ABOUT",
]
"""The manager's lines, in order (`OVERLONG`: a line over the server's limit)."""


class Stopped:
    """A stop signal set from the start: the search answers at once."""

    @staticmethod
    def is_set() -> bool:
        """Always."""
        return True


class NeverStop:
    """A stop signal never set: the search ends at its node cap."""

    @staticmethod
    def is_set() -> bool:
        """Never."""
        return False


def transcript() -> list[str]:
    """``> line`` for each manager line, then ``< answer`` for each line the brain answered.

    Lines are written without trailing blanks (a blank line reads ``>``).
    """
    brain = Brain(seed=1)
    out: list[str] = []
    for step in SESSION:
        if step == OVERLONG:
            out.append(f"> ({LONG_LINE} bytes)")
            reply = brain.refuse_long_line(LONG_LINE, LINE_LIMIT)
        else:
            out.append(f"> {step}".rstrip())
            reply = brain.handle(step)
        answers = list(reply.lines)
        if reply.job is not None:
            command = parse_line(reply.job.command)
            stop = Stopped() if command is not None and command.name in SWAP2_JOBS else NeverStop()
            answers += reply.job.run(stop, answers.append)
        out += [f"< {answer}" for answer in answers]
    brain.close()
    return [normalise(line) for line in out]


MASKS = [
    (re.compile(r"\| \d+\.\d\d s \|"), "| T s |"),
    (re.compile(r"^< INFO (TOTALTIME|SPEED) \d+$"), r"< INFO \1 N"),
    (re.compile(r"^< MESSAGE INFO MAX_THREAD_NUM \d+$"), "< MESSAGE INFO MAX_THREAD_NUM N"),
]
"""What varies between runs and machines: times, speeds, the number of cores."""


def normalise(line: str) -> str:
    """`line` with times, speeds, the machine's core count and the version masked."""
    for pattern, mask in MASKS:
        line = pattern.sub(mask, line)
    return line.replace(f'version="{__version__}"', 'version="VERSION"')


def test_the_whole_transcript_of_a_long_session_is_unchanged() -> None:
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    got = transcript()
    assert len(expected) > 600  # the recording is there and whole
    for number, (want, have) in enumerate(zip(expected, got, strict=False), 1):
        assert have == want, f"line {number} of {GOLDEN.name}"
    assert len(got) == len(expected)


COMMANDS = frozenset(
    {
        "START", "RECTSTART", "RESTART", "BEGIN", "TURN", "BOARD", "DONE", "TAKEBACK",
        "PLAY", "INFO", "END", "ABOUT", "SWAP2BOARD", "YXBOARD", "YXSTOP", "STOP",
        "YXSHOWINFO", "YXHASHCLEAR", "YXNBEST", "YXSHOWFORBID", "YXSWAP2STEP1",
        "YXSWAP2STEP2", "YXSWAP2STEP3", "YXQUERYDATABASEALL", "YXQUERYDATABASEONE",
        "YXBLOCK", "YXSOOSORVSTEP2", "YXHASHDUMP", "YXSETDATABASE", "YXHASHLOAD",
    }
)  # fmt: skip
"""Every command the brain answers by name, and one of each kind of Yixin-Board block."""


def test_the_session_sends_every_command() -> None:
    sent = {command.name for step in SESSION if (command := parse_line(step)) is not None}
    assert sent >= COMMANDS, sorted(COMMANDS - sent)


if __name__ == "__main__":
    GOLDEN.write_text("\n".join(transcript()) + "\n", encoding="utf-8")
    sys.exit(0)
