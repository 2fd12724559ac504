"""`Engine`: a running Gomocup engine and the protocol's commands as typed methods.

The manager's side of the Gomocup AI protocol (Piskvork's ``protocl2en.htm``
with Yixin-Board's ``yxstop``): `start` (``START n`` / ``RECTSTART w,h``),
`info` (``INFO key value``; `rule_bits` gives the ``rule`` value), `begin`,
`turn`, `board` (stones in move order, field 1 own, 2 the opponent's),
`takeback`, `stop` (``yxstop``), `about` and `close` (``END``, then
terminate, then kill). Every wait has a deadline; an engine that fails gets
an `EngineError` naming it and what it did. Coordinates are ``x,y``, x the
column. Use as a context manager so the process is ended on every way out.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from enum import Enum
from pathlib import Path
from typing import NoReturn

from ..engine import Move, Rule, Rules
from ..strategies.base import StopSignal
from .process import END_GRACE, Child, Closing
from .said import Kind, Said, parse_about
from .spec import START_SECONDS, EngineError, EngineSpec, Fault, GameType

ANSWER_SECONDS = 10.0
"""How long an engine has to answer ABOUT or TAKEBACK."""
UNLIMITED_MS = 2147483647
"""The ``time_left`` sent when the game has no match time (as Piskvork and c-gomoku-cli do)."""
STOP_SECONDS = 1.0
"""How long a search stopped by its stop signal (``YXSTOP`` sent) has to answer."""
SHOWN_CHARS = 60
"""Most characters of an engine's line quoted in an error."""


class RuleBit(int, Enum):
    """Piskvork's ``INFO rule`` bits."""

    EXACT = 1
    CONTINUOUS = 2
    RENJU = 4
    CARO = 8


RULE_BITS = {
    Rule.FREESTYLE: 0,
    Rule.EXACT: RuleBit.EXACT.value,
    Rule.RENJU: RuleBit.RENJU.value,
    Rule.CARO: RuleBit.CARO.value,
}


def rule_bits(rule: Rule) -> int:
    """The ``INFO rule`` value of `rule` (Gomocup's bits: 1 exact five, 4 renju, 8 caro)."""
    return RULE_BITS[rule]


def point(move: Move) -> str:
    """A move as the protocol's ``x,y``."""
    return f"{move.col},{move.row}"


def shown(text: str) -> str:
    """An engine's line for an error message, cut to `SHOWN_CHARS`."""
    return repr(text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "...")


class Engine(Closing):
    """A running engine (`spec` started at once); stderr goes to ``LOG_FOLDER/NAME.log``
    (`log_name` in place of the engine's name, when given)."""

    def __init__(
        self, spec: EngineSpec, *, log_folder: Path | None = None, log_name: str | None = None
    ) -> None:
        self.spec = spec
        self.child = Child(spec, log_folder, log_name)

    @property
    def name(self) -> str:
        """The engine's name, as errors show it."""
        return self.spec.name

    @property
    def pid(self) -> int:
        """The process id of the engine (the leader of its process group)."""
        return self.child.pid

    def close(self, grace: float = END_GRACE) -> None:
        """``END``, then terminate after `grace`, then kill; waits until it is gone."""
        self.child.close(grace)

    # -- commands -----------------------------------------------------------

    def send(self, line: str) -> None:
        """Send one raw line."""
        self.child.send(line)

    def start(self, rules: Rules, *, seconds: float = START_SECONDS) -> None:
        """``START n`` (square boards) or ``RECTSTART w,h``; EngineError unless ``OK``."""
        if rules.rows == rules.cols:
            command = f"START {rules.cols}"
        else:
            command = f"RECTSTART {rules.cols},{rules.rows}"
        self._expect_ok(command, seconds)

    def info(self, key: str, value: int | str) -> None:
        """``INFO key value`` (no answer is read)."""
        self.send(f"INFO {key} {value}")

    def set_rules(self, rules: Rules) -> None:
        """``INFO rule`` for `rules` (bits: 1 exact five, 4 renju, 8 caro)."""
        self.info("rule", rule_bits(rules.rule))

    def set_game_type(self, kind: GameType) -> None:
        """``INFO game_type``: a person, another engine, a tournament."""
        self.info("game_type", kind.value)

    def set_time(
        self,
        turn_seconds: float,
        *,
        match_seconds: float | None = None,
        left_seconds: float | None = None,
        max_memory: int | None = None,
    ) -> None:
        """``INFO timeout_turn``, ``timeout_match`` (0: none), ``time_left`` (`UNLIMITED_MS`
        without a match time; all in ms) and ``max_memory`` (bytes)."""
        self.info("timeout_turn", max(1, round(turn_seconds * 1000)))
        self.info("timeout_match", 0 if match_seconds is None else round(match_seconds * 1000))
        left = UNLIMITED_MS if left_seconds is None else round(left_seconds * 1000)
        self.info("time_left", left)
        if max_memory is not None:
            self.info("max_memory", max_memory)

    def about(self, *, seconds: float = ANSWER_SECONDS) -> dict[str, str]:
        """``ABOUT``: the answer's ``key="value"`` pairs (the whole line as "text" if none)."""
        self.child.clear()
        self.send("ABOUT")
        said = self._answer("ABOUT", time.monotonic() + seconds)
        if said.kind is Kind.ERROR:
            raise EngineError(self.name, Fault.REFUSED, f"ABOUT: {shown(said.text)}")
        pairs = parse_about(said.text)
        return pairs or {"text": said.text}

    def begin(self, deadline: float, stop: StopSignal | None = None) -> Move | None:
        """``BEGIN``: the engine's first move (None when `deadline` passed first)."""
        return self._ask("BEGIN", [], deadline, stop)

    def turn(self, move: Move, deadline: float, stop: StopSignal | None = None) -> Move | None:
        """``TURN x,y`` (the opponent's move): the engine's answer, None past `deadline`."""
        return self._ask(f"TURN {point(move)}", [], deadline, stop)

    def board(
        self, moves: Sequence[Move], deadline: float, stop: StopSignal | None = None
    ) -> Move | None:
        """``BOARD`` with `moves` in the order played (field 1: the engine's, to move next)."""
        own_parity = len(moves) % 2
        lines = [
            f"{point(move)},{1 if index % 2 == own_parity else 2}"
            for index, move in enumerate(moves)
        ]
        return self._ask("BOARD", [*lines, "DONE"], deadline, stop)

    def swap2board(self, moves: Sequence[Move], deadline: float) -> Said | None:
        """``SWAP2BOARD`` with the stones placed so far (``x,y`` lines, then ``DONE``): the
        engine's answer line as read (three moves, ``SWAP``, one or two moves), None past
        `deadline`."""
        self.child.clear()
        self.send("SWAP2BOARD")
        for move in moves:
            self.send(point(move))
        self.send("DONE")
        return self.child.answer(deadline)

    def takeback(self, move: Move, *, seconds: float = ANSWER_SECONDS) -> None:
        """``TAKEBACK x,y``: EngineError unless the engine answers ``OK``."""
        self._expect_ok(f"TAKEBACK {point(move)}", seconds)

    def stop(self) -> None:
        """``YXSTOP``: ask a thinking engine to answer now (engines without it ignore it)."""
        self.send("YXSTOP")

    def notes_since(self, count: int) -> list[Said]:
        """Notes (MESSAGE, DEBUG, INFO ...) printed after the first `count` (see `notes_seen`)."""
        return self.child.notes_since(count)

    @property
    def notes_seen(self) -> int:
        """How many notes the engine has printed so far."""
        return self.child.notes_seen

    # -- answers ------------------------------------------------------------

    def _expect_ok(self, command: str, seconds: float) -> None:
        self.child.clear()
        self.send(command)
        said = self._answer(command, time.monotonic() + seconds)
        if said.kind is not Kind.OK:
            self._refused(command, said)

    def _ask(
        self,
        command: str,
        more: list[str],
        deadline: float,
        stop: StopSignal | None,
    ) -> Move | None:
        self.child.clear()
        self.send(command)
        for line in more:
            self.send(line)
        said = self.child.answer(deadline, stop)
        if said is None and stop is not None and stop.is_set():
            self.stop()  # answer now: wait a little for it (within the deadline)
            said = self.child.answer(min(deadline, time.monotonic() + STOP_SECONDS))
        if said is None:
            return None
        if said.kind is Kind.MOVE:
            assert said.move is not None
            return said.move
        self._refused(command, said)

    def _answer(self, command: str, deadline: float) -> Said:
        said = self.child.answer(deadline)
        if said is None:
            word = command.split()[0]
            raise EngineError(self.name, Fault.NO_ANSWER, f"no answer to {word}")
        return said

    def _refused(self, command: str, said: Said) -> NoReturn:
        word = command.split()[0]
        if said.kind in (Kind.ERROR, Kind.UNKNOWN):
            raise EngineError(self.name, Fault.REFUSED, f"{word}: {shown(said.text)}")
        raise EngineError(self.name, Fault.GARBAGE, f"after {word}: {shown(said.text)}")
