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

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tictac_tui.brain import Brain

from .manager import Manager

ANSWER = re.compile(
    r"OK"
    r"|-?\d+,-?\d+"  # a move
    r"|\d+,\d+( \d+,\d+){1,2}"  # SWAP2BOARD's two or three stones
    r"|SWAP"
    r"|(ERROR|UNKNOWN|MESSAGE) \S.*"
    r"|DEBUG .*\S"
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
        assert not answer.startswith(("ERROR internal error", "DEBUG")), answer  # a bug


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


def random_line(rng: random.Random) -> bytes:
    """A manager line for the pipe fuzzer: a real command with odd arguments, or junk bytes.

    No END (it would end the run) and no time keys (the brain must stay quick).
    """
    point = f"{rng.randint(-1, 16)},{rng.randint(-1, 16)}"
    text = rng.choice(
        [
            f"TURN {point}",
            f"PLAY {point}",
            f"TAKEBACK {point}",
            f"{point},{rng.randint(0, 4)}",
            point,
            "BEGIN",
            "RESTART",
            "BOARD",
            "yxboard",
            "SWAP2BOARD",
            "DONE",
            "ABOUT",
            "yxshowforbid",
            "yxhashclear",
            "yxstop",
            f"yxnbest {rng.randint(-2, 5)}",
            f"INFO max_depth {rng.randint(-2, 9)}",
            f"INFO rule {rng.randint(-1, 9)}",
            f"RECTSTART {rng.randint(0, 30)},{rng.randint(0, 30)}",
            f"START {rng.choice([15, 20, 5, 0, 99])}",
        ]
    ).encode()
    if rng.random() < 0.3:
        text = bytes(rng.choice(b"ABDGINORSTUWXY0123456789,- \x00\xff\xc3") for _ in range(12))
    return text + rng.choice([b"\r\n", b"\n", b"\r"])


def fuzz_pipe(count: int, seed: int) -> None:
    """Send `count` random lines down one brain's pipe; every answer must be well-formed."""
    rng = random.Random(seed)
    manager = Manager()
    try:
        assert manager.ask("START 15") == "OK"
        manager.send("INFO timeout_turn 20", "INFO max_node 300")
        chunks = [random_line(rng) for _ in range(count)]
        chunks = [c for c in chunks if not c.strip().upper().startswith(b"END")]
        manager.send_bytes(b"".join(chunks))
        # Close a block if one is open, then a line only this test sends.
        manager.send("DONE", "FUZZ-OVER")
        answers = 0
        while "FUZZ-OVER" not in (line := manager.line()):
            check([line])
            answers += 1
        assert answers > count // 10  # the lines were read and answered, not swallowed
        assert manager.ends() == 0
    finally:
        manager.kill()


def test_random_lines_over_a_pipe() -> None:
    fuzz_pipe(400, seed=11)


@pytest.mark.slow
def test_ten_thousand_random_lines_over_a_pipe() -> None:
    fuzz_pipe(10_000, seed=12)
