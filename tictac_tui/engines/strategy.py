"""`EngineStrategy`: a hosted Gomocup engine as a `Strategy` like any other player.

It keeps the engine's board in step with each `GameState` it is asked
about: ``BEGIN`` on an empty board, ``TURN`` for the one move played since
its own (after ``TAKEBACK`` of at most `MAX_TAKEBACKS` moves that were
undone) when it moves for the same side as last time, ``BOARD`` for any other
position (a hint for the other side among them); a new game, other rules or an
engine that failed start it afresh (``START``, ``INFO rule``, ``game_type``). Before each
move it sends the limit's time as ``timeout_turn`` (and ``max_node`` /
``max_depth`` for node and depth bounds, which Yixin-protocol engines
read), ``timeout_match`` and ``time_left``.

An answer later than the think time plus `grace` gets ``yxstop`` and then
`LostOnTime`: Gomocup scores a move past the time limit as a loss. An answer
that can't be played (off the board, taken, renju-forbidden for black) never
reaches the board: `IllegalEngineMove`. After any `EngineError` the process
is ended; the next `choose` starts a new one. `AnalysingStrategy` also asks its engine to
think aloud (for `play.analysts`).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from ..engine import GameState, Move, Rules
from ..squares import square_name
from ..strategies.base import DEFAULT_SECONDS, NO_LIMIT, Limit, require_playable
from .client import RULE_BITS, Engine, point
from .process import END_GRACE, Closing
from .said import Said
from .spec import (
    START_SECONDS,
    EngineError,
    EngineSpec,
    Fault,
    GameType,
    IllegalEngineMove,
    LostOnTime,
)

LEAST_GRACE = 1.0
GRACE_SHARE = 0.5
"""An engine may answer up to max(`LEAST_GRACE`, `GRACE_SHARE` x think time) late."""
MAX_TAKEBACKS = 4
"""Undone moves taken back one by one; more than this and the board is sent whole."""
PREFIX = "engine:"
"""The name of a hosted engine's player: ``engine:NAME``."""


def grace(seconds: float) -> float:
    """How late past `seconds` of thinking an answer may come before the engine loses on time."""
    return max(LEAST_GRACE, seconds * GRACE_SHARE)


UNKNOWN_BOARD = 2
"""`EngineStrategy._side` when the engine's board is not known (after the opening's
questions): its next move is asked with ``BOARD``."""


class EngineStrategy(Closing):
    """A `Strategy` whose moves come from the engine `spec` (started when first asked)."""

    def __init__(
        self,
        spec: EngineSpec,
        *,
        match_seconds: float | None = None,
        log_folder: Path | None = None,
        start_seconds: float = START_SECONDS,
        max_memory: int | None = None,
        game_type: GameType = GameType.BRAIN,
        log_name: str | None = None,
    ) -> None:
        self.spec = spec
        self.log_name = log_name
        """The log's name in place of the engine's (two of one engine in one game)."""
        self.game_type = game_type
        self.name = PREFIX + spec.name
        self.match_seconds = match_seconds
        self.log_folder = log_folder
        self.start_seconds = start_seconds
        self.max_memory = max_memory
        self.engine: Engine | None = None
        self.last_notes: list[Said] = []
        """The notes (MESSAGE, INFO, ...) the engine printed while choosing the last move."""
        self._rules: Rules | None = None
        self._known: tuple[Move, ...] = ()
        self._spent = 0.0
        self._side: int | None = None
        """The side (0 black, 1 white) the engine last moved for (None: it has not moved
        since ``START``; `UNKNOWN_BOARD`: its board is not known): a hint for the other
        side flips which stones are its own, so the next move is asked with ``BOARD``."""
        self.left_seconds: float | None = None
        """The engine's time left on the game's clock, told before each move by whoever
        runs the clock (None: `match_seconds` less the time the engine has used here)."""
        self._bounded = False

    def supports(self, rules: Rules) -> bool:
        """Gomocup engines play five in a row, on boards of at least five squares a side."""
        return rules.k == 5 and min(rules.rows, rules.cols) >= 5 and rules.rule in RULE_BITS

    def close(self, grace: float = END_GRACE) -> None:
        """End the engine's process (a later `choose` starts a new one)."""
        engine, self.engine = self.engine, None
        if engine is not None:
            engine.close(grace)

    def end_soon(self) -> None:
        """`close` in a thread of its own (a hung engine takes seconds to end; `end_all`
        waits for it at exit)."""
        engine, self.engine = self.engine, None
        if engine is not None:
            threading.Thread(target=engine.close, daemon=True, name="engine-close").start()

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        """The engine's move in `state`; EngineError (naming the engine) if it fails."""
        require_playable(state)
        try:
            return self._choose(state, limit)
        except BaseException:
            self.close()
            raise

    def _choose(self, state: GameState, limit: Limit) -> Move:
        engine = self._ready(state)
        think = limit.time if limit.time is not None else DEFAULT_SECONDS
        left = self.left_seconds
        if left is None and self.match_seconds is not None:
            left = self.match_seconds - self._spent
        engine.set_time(
            think, match_seconds=self.match_seconds, left_seconds=left, max_memory=self.max_memory
        )
        if limit.nodes is not None or limit.depth is not None or self._bounded:
            engine.info("max_node", limit.nodes or 0)
            engine.info("max_depth", limit.depth or 0)
            self._bounded = limit.nodes is not None or limit.depth is not None
        allowed = think + grace(think)
        seen = engine.notes_seen
        started = time.monotonic()
        move = self._ask(engine, state.history, started + allowed, limit)
        self._spent += time.monotonic() - started
        self.last_notes = engine.notes_since(seen)
        if move is None and limit.stop is not None and limit.stop.is_set():
            # Stopped, and no answer to YXSTOP: a late answer would be read as the next
            # one's, so the process is ended (`choose` closes it) and the next move restarts it.
            raise EngineError(self.spec.name, Fault.NO_ANSWER, "no answer to YXSTOP")
        if move is None:
            engine.stop()
            raise LostOnTime(self.spec.name, allowed)
        check_move(self.spec.name, state, move)
        self._known = (*state.history, move)
        return move

    def ready(self, state: GameState) -> Engine:
        """The running engine, started for `state`'s game if need be (the opening's questions
        go to it directly: engines/opening.py). What they leave on its board is not
        known, so the next move is asked with ``BOARD``."""
        engine = self._ready(state)
        self._known, self._side = (), UNKNOWN_BOARD
        return engine

    def _ready(self, state: GameState) -> Engine:
        """The running engine, started (``START``, rules) for this game if need be."""
        target = state.history
        continuing = target[: len(self._known)] == self._known or state.move_count >= 2
        if self.engine is not None and self._rules == state.rules and continuing:
            return self.engine
        if self.engine is None:
            self.engine = Engine(self.spec, log_folder=self._log_folder(), log_name=self.log_name)
        self.engine.start(state.rules, seconds=self.start_seconds)
        self.engine.set_rules(state.rules)
        self.engine.set_game_type(self.game_type)
        self._rules = state.rules
        self._known = ()
        self._side = None
        self._spent = 0.0
        return self.engine

    def _log_folder(self) -> Path | None:
        if self.log_folder is not None:
            return self.log_folder
        from .store import log_folder

        return log_folder()

    def _ask(
        self, engine: Engine, target: tuple[Move, ...], deadline: float, limit: Limit
    ) -> Move | None:
        """Bring the engine's board to `target` and ask for its move."""
        known = self._known
        common = 0
        for ours, theirs in zip(known, target):
            if ours != theirs:
                break
            common += 1
        undo, extra = known[common:], target[common:]
        side = len(target) % 2
        same_side = self._side in (None, side)
        self._side = side
        if same_side and len(extra) == 1 and len(undo) <= MAX_TAKEBACKS:
            if self._take_back(engine, undo):
                return engine.turn(extra[0], deadline, limit.stop)
        elif not target and not known:
            return engine.begin(deadline, limit.stop)
        return engine.board(target, deadline, limit.stop)

    def _take_back(self, engine: Engine, undo: tuple[Move, ...]) -> bool:
        """TAKEBACK each of `undo`, last first; False if the engine refused one."""
        for move in reversed(undo):
            try:
                engine.takeback(move)
            except EngineError as error:
                if error.fault is not Fault.REFUSED:
                    raise
                self._known = ()
                return False
            self._known = self._known[:-1]
        return True


def check_move(name: str, state: GameState, move: Move) -> None:
    """IllegalEngineMove unless `move` may be played in `state` (off-board, taken, forbidden)."""
    rules = state.rules
    said = point(move)
    if not (0 <= move.row < rules.rows and 0 <= move.col < rules.cols):
        reason = f"{said} is off the {rules.cols}x{rules.rows} board"
        raise IllegalEngineMove(name, move, reason)
    label = f"{said} ({square_name(rules, move)})"
    if state.cell(move) is not None:
        raise IllegalEngineMove(name, move, f"{label} is already taken")
    foul = state.forbidden_reason(move)
    if foul is not None:
        raise IllegalEngineMove(name, move, f"{label} is forbidden for black: {foul}")
    if not state.is_legal(move):
        raise IllegalEngineMove(name, move, f"{label} can't be played")


SHOW_DETAIL = 3
"""``INFO show_detail``: realtime best moves and the principal variation after each
iteration (Yixin-Board's bits 1 and 2; engines that do not know it ignore it)."""


class AnalysingStrategy(EngineStrategy):
    """An `EngineStrategy` that asks its engine to think aloud (``INFO show_detail``)."""

    def _ready(self, state: GameState) -> Engine:
        engine = super()._ready(state)
        engine.info("show_detail", SHOW_DETAIL)
        return engine
