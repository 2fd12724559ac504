"""A protocol fuzzer: random lines never crash the brain, and every answer is well-formed.

In-process, hypothesis builds lines from the protocol's words with odd
arguments (huge numbers, signs, garbage, non-ASCII digits, blocks left
open) and checks each answer line against the shapes the protocol allows.
Searches are stopped at once, so only the protocol is under test. Over a
real pipe, random bytes (any line ending, NUL, invalid UTF-8) must leave the
brain answering.
"""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tictac_tui.brain import Brain

from .manager import Manager

ANSWER = re.compile(
    r"OK"
    r"|-?\d+,-?\d+"  # a move
    r"|\d+,\d+( \d+,\d+){1,2}"  # SWAP2BOARD's two or three stones
    r"|SWAP"
    r"|(ERROR|UNKNOWN|MESSAGE|DEBUG) \S.*"
    r"|INFO [A-Z]+ \S.*"
    r'|name="[^"]*", version="[^"]*", author="[^"]*", country="[^"]*"'
    r"|FORBID (\d{4})*\."
)
WORDS = [
    "START", "RECTSTART", "RESTART", "BEGIN", "TURN", "BOARD", "DONE", "TAKEBACK", "PLAY",
    "INFO", "END", "ABOUT", "SWAP2BOARD", "yxboard", "yxstop", "yxhashclear", "yxnbest",
    "yxshowforbid", "yxshowinfo", "yxquerydatabaseall", "yxblock", "yxhashdump", "SUGGEST",
    "yxswap2step1", "yxswap2step2", "yxswap2step3", "turn", "Board", "frobnicate", "",
]  # fmt: skip
INFO_KEYS = [
    "timeout_turn", "timeout_match", "time_left", "max_memory", "game_type", "rule",
    "folder", "evaluate", "max_node", "max_depth", "show_detail", "hash_size", "zzz", "",
]  # fmt: skip

numbers = st.one_of(
    st.integers(-3, 25),
    st.integers(-(10**6), 10**6),
    st.integers(0, 60).map(lambda n: "9" * n if n else "0"),
    st.sampled_from(["9" * 4400, "0" * 5000 + "7", "-" + "9" * 500, "+5", "1.5", "²", "٣", "x"]),
).map(str)
points = st.one_of(
    st.builds(lambda x, y: f"{x},{y}", st.integers(0, 14), st.integers(0, 14)),
    st.builds(lambda x, y: f"{x},{y}", numbers, numbers),
)
stones = st.builds(lambda p, f: f"{p},{f}", points, numbers)
garbage = st.text(st.characters(blacklist_categories=["Cs"]), max_size=30)


@st.composite
def lines(draw: st.DrawFn) -> str:
    """One manager line: a command word and arguments of any shape."""
    kind = draw(st.integers(0, 6))
    if kind == 0:
        return f"INFO {draw(st.sampled_from(INFO_KEYS))} {draw(st.one_of(numbers, garbage))}"
    if kind == 1:
        return draw(st.one_of(points, stones))  # block lines, or stray coordinates
    if kind == 2:
        return draw(garbage)
    word = draw(st.sampled_from(WORDS))
    arg = draw(st.one_of(st.just(""), numbers, points, stones, garbage))
    return f"{word} {arg}".strip()


class Stopped:
    """A stop signal that is set from the start: every search answers at once."""

    @staticmethod
    def is_set() -> bool:
        return True


def check(answers: list[str]) -> None:
    for answer in answers:
        assert "\n" not in answer and "\r" not in answer, answer
        assert len(answer) < 2000, answer[:100]
        assert ANSWER.fullmatch(answer), answer


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(st.lists(lines(), max_size=25), st.sampled_from([15, 5, 20]))
def test_random_lines_get_well_formed_answers(script: list[str], size: int) -> None:
    brain = Brain()
    for line in [f"START {size}", "INFO timeout_turn 50", *script, "ABOUT"]:
        reply = brain.handle(line)
        answers = list(reply.lines)
        if reply.job is not None:
            answers += reply.job.run(Stopped(), answers.append)
        check(answers)
    # Whatever happened, the brain still talks: a new game can begin.
    check(brain.respond("DONE"))  # closes a block left open, if any
    assert brain.respond(f"START {size}") == ["OK"]


def test_random_bytes_over_a_pipe() -> None:
    rng = random.Random(11)
    manager = Manager()
    try:
        assert manager.ask("START 15") == "OK"
        manager.send("INFO timeout_turn 20")
        chunks = []
        for _ in range(300):
            body = bytes(rng.choice(b"ABDEGINORSTUWXY0123456789,- \x00\xff\xc3") for _ in range(12))
            word = rng.choice([b"TURN ", b"BOARD", b"INFO ", b"yxnbest ", b"PLAY ", b""])
            chunks.append(word + body + rng.choice([b"\r\n", b"\n", b"\r"]))
        manager.send_bytes(b"".join(chunks))
        manager.send("DONE", "ABOUT")  # close a block if one is open, then ask for the name
        while not (line := manager.line()).startswith('name="'):
            check([line])
        assert manager.ends() == 0
    finally:
        manager.kill()
