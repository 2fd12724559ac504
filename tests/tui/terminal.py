"""Run the real app in a pseudo-terminal and read its screen with pyte.

POSIX only (pexpect). Every wait is for a screen or state condition with a
timeout; nothing sleeps to synchronise. The app writes what it shows to a
state file (the $TICTAC_STATE_FILE test hook), so tests can compare the
board on screen with the engine's position.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyte

from tictac_tui.engine import GameState, Move, Player, Rules, parse_move
from tictac_tui.tui import layout

from ..signals import as_from_a_shell

ROOT = Path(__file__).resolve().parents[2]

KEYS = {
    "up": b"\x1bOA",
    "down": b"\x1bOB",
    "right": b"\x1bOC",
    "left": b"\x1bOD",
    "enter": b"\r",
    "esc": b"\x1b",
    "ctrl-c": b"\x03",
}
"""Keys as an xterm sends them in keypad mode (arrows as SS3 sequences)."""


def mouse_press(y: int, x: int, button: int = 0) -> bytes:
    """A button press at screen (y, x) in xterm's SGR encoding (0 left, 1 middle, 2 right)."""
    return f"\x1b[<{button};{x + 1};{y + 1}M".encode()


def mouse_release(y: int, x: int, button: int = 0) -> bytes:
    """A button release at screen (y, x) in xterm's SGR encoding."""
    return f"\x1b[<{button};{x + 1};{y + 1}m".encode()


def mouse_click(y: int, x: int) -> bytes:
    """A left-button press and release at screen (y, x), in one write."""
    return mouse_press(y, x) + mouse_release(y, x)


def _ignore_hangup() -> None:
    """Like `as_from_a_shell`, but SIGHUP ignored (it stays ignored across exec)."""
    as_from_a_shell()
    signal.signal(signal.SIGHUP, signal.SIG_IGN)


class Screen(pyte.Screen):
    """pyte's screen plus what ncurses uses and pyte lacks: REP (CSI n b, repeat the last
    character), SU and SD (CSI n S / CSI n T, scroll the region up or down n lines)."""

    last_char = " "

    def draw(self, data: str) -> None:
        super().draw(data)
        if data:
            self.last_char = data[-1]

    def repeat_last(self, count: int = 1, *args: object, **kwargs: object) -> None:
        self.draw(self.last_char * max(1, count))

    def scroll_up(self, count: int = 1, *args: object, **kwargs: object) -> None:
        """SU: the scroll region's lines move up `count`, blank lines come in at its bottom."""
        self._scroll(count, up=True)

    def scroll_down(self, count: int = 1, *args: object, **kwargs: object) -> None:
        """SD: the scroll region's lines move down `count`, blank lines come in at its top."""
        self._scroll(count, up=False)

    def _scroll(self, count: int, *, up: bool) -> None:
        top, bottom = self.margins or (0, self.lines - 1)
        y, x = self.cursor.y, self.cursor.x
        self.cursor.y = bottom if up else top
        for _ in range(max(1, count)):
            if up:
                self.index()
            else:
                self.reverse_index()
        self.cursor.y, self.cursor.x = y, x


class ByteStream(pyte.ByteStream):
    """pyte's byte stream that also routes CSI b, S and T to `Screen`'s additions."""

    def __init__(self, screen: Screen) -> None:
        self.csi = {
            **pyte.ByteStream.csi,
            "b": "repeat_last",
            "S": "scroll_up",
            "T": "scroll_down",
        }  # read when the screen attaches
        super().__init__(screen)


PATIENCE = 60.0
"""Seconds a wait allows by default. Only a failing test waits this long (a passing
one returns as soon as its condition holds), so it is sized for a slow, loaded CI
machine, where starting Python, drawing a screen or exiting can take seconds."""
END_GRACE = 10.0
"""Seconds an app still running after its test has, after a hangup, to end before it is
killed (it ends its engines on the way out; one started with hangups ignored waits it out)."""


def displayed(screen: pyte.Screen) -> list[str]:
    """`screen.display`, or where pyte can't render a line, the line read cell by cell.

    A narrow character written over the left half of a wide one leaves the right half's
    empty stub in pyte's buffer, and `display` then fails on it (IndexError); a terminal
    shows a blank there, and so does this.
    """
    try:
        return list(screen.display)
    except IndexError:
        return [_line(screen.buffer[y], screen.columns) for y in range(screen.lines)]


def _line(cells: Any, columns: int) -> str:
    """One line of pyte's buffer: a wide character's stub skipped, a stray stub a blank."""
    out: list[str] = []
    stub = False
    for x in range(columns):
        data = cells[x].data
        if stub:
            stub = False
            if not data:
                continue
        out.append(data or " ")
        stub = bool(data) and unicodedata.east_asian_width(data[0]) in "WF"
    return "".join(out)


class AppTimeout(AssertionError):
    """A screen condition did not come true in time."""


class TerminalApp:
    """`python -m tictac_tui ARGS` in a pty of `rows` x `cols`."""

    def __init__(
        self,
        tmp: Path,
        *args: str,
        rows: int = 24,
        cols: int = 80,
        env: dict[str, str] | None = None,
        stderr: Path | None = None,
        ignore_hangup: bool = False,
    ) -> None:
        """`stderr`: send the app's standard error to this file instead of the terminal.

        `ignore_hangup`: start the app with SIGHUP ignored (as ``nohup`` does).
        """
        import pexpect

        self.tmp = tmp
        self.state_file = tmp / "state.json"
        full_env = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS")}
        full_env.update(
            TERM="xterm-256color",
            TICTAC_CONFIG_DIR=str(tmp / "config"),
            TICTAC_DATA_DIR=str(tmp / "data"),
            TICTAC_STATE_FILE=str(self.state_file),
            PYTHONPATH=str(ROOT) + os.pathsep + full_env.get("PYTHONPATH", ""),
        )
        full_env.update(env or {})
        self.screen = Screen(cols, rows)
        self.stream = ByteStream(self.screen)
        self._text: str | None = None
        self.raw = bytearray()
        self.final_lflag: int | None = None
        self.hung_up = False
        command, argv = sys.executable, ["-m", "tictac_tui", *args]
        if stderr is not None:
            redirect = 'exec "$@" 2>"$TICTAC_TEST_STDERR"'
            command, argv = "/bin/sh", ["-c", redirect, "sh", command, *argv]
            full_env["TICTAC_TEST_STDERR"] = str(stderr)
        self.child = pexpect.spawn(
            command,
            argv,
            dimensions=(rows, cols),
            env=full_env,
            cwd=str(ROOT),
            preexec_fn=_ignore_hangup if ignore_hangup else as_from_a_shell,
        )
        self.child.delaybeforesend = None  # pexpect sleeps 50 ms before each send otherwise

    # -- reading ----------------------------------------------------------------

    def pump(self, timeout: float = 0.05) -> bool:
        """Feed whatever the app wrote to the emulator; False once it has exited."""
        import pexpect

        try:
            data = self.child.read_nonblocking(65536, timeout=timeout)
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False
        self.raw.extend(data)
        self.stream.feed(data)
        self._text = None
        return True

    def text(self) -> str:
        """The screen as lines (rendered again only after the screen changed: the waits ask
        after every read)."""
        if self._text is None:
            self._text = "\n".join(displayed(self.screen))
        return self._text

    def wait_for(
        self, condition: str | Callable[[TerminalApp], bool], timeout: float = PATIENCE
    ) -> None:
        """Read until `condition` (text on screen, or a predicate) holds; else fail."""
        deadline = time.monotonic() + timeout
        check = (lambda app: condition in app.text()) if isinstance(condition, str) else condition
        while True:
            alive = self.pump()
            try:
                done = check(self)
            except (KeyError, IndexError, TypeError):
                done = False  # the state file still describes an earlier screen
            if done:
                return
            if time.monotonic() > deadline or not alive:
                what = condition if isinstance(condition, str) else condition.__name__
                raise AppTimeout(f"waited for {what!r}; the screen shows:\n{self.text()}")

    def wait_for_all(self, *texts: str, timeout: float = PATIENCE) -> None:
        """Wait until every one of `texts` is on screen."""

        def all_shown(app: TerminalApp) -> bool:
            screen = app.text()
            return all(text in screen for text in texts)

        all_shown.__name__ = " and ".join(texts)
        self.wait_for(all_shown, timeout)

    def state(self) -> dict[str, Any]:
        """The state the app last drew (from the test hook file)."""
        try:
            state: dict[str, Any] = json.loads(self.state_file.read_text())
        except (FileNotFoundError, ValueError):
            return {}
        return state

    # -- writing ----------------------------------------------------------------

    def send(self, *keys: str | bytes) -> None:
        """Send keys: names from KEYS, other strings as typed, bytes as they are."""
        for key in keys:
            if isinstance(key, bytes):
                self.child.send(key)
            else:
                self.child.send(KEYS.get(key, key.encode()))

    def resize(self, rows: int, cols: int) -> None:
        """Resize the pty (the app gets SIGWINCH) and the emulator."""
        self.screen.resize(rows, cols)
        self._text = None
        self.child.setwinsize(rows, cols)

    # -- ending -----------------------------------------------------------------

    def wait_exit(self, timeout: float = PATIENCE) -> int:
        """Read until the app exits; its exit status (128 + signal if killed)."""
        deadline = time.monotonic() + timeout
        while self.pump():
            if time.monotonic() > deadline:
                raise AppTimeout(f"the app did not exit; the screen shows:\n{self.text()}")
        self.final_lflag = self._lflag()
        self.child.close()
        if self.child.exitstatus is not None:
            return int(self.child.exitstatus)
        return 128 + int(self.child.signalstatus)

    def _lflag(self) -> int | None:
        """The pty's local modes (echo, canonical input) as the app left them."""
        import termios

        try:
            return int(termios.tcgetattr(self.child.child_fd)[3])
        except (termios.error, OSError):
            return None

    def restored(self) -> bool:
        """After exit: echo and line editing are back on, and the normal screen is back."""
        import termios

        lflag = self.final_lflag
        modes_ok = lflag is not None and bool(lflag & termios.ECHO) and bool(lflag & termios.ICANON)
        return modes_ok and b"\x1b[?1049l" in self.raw

    def hang_up(self) -> None:
        """Close the terminal as a closed window does: the app's input ends, SIGHUP is sent."""
        os.close(self.child.child_fd)
        self.hung_up = True

    def wait_status(self, timeout: float = PATIENCE) -> int:
        """After `hang_up`: the app's exit status (128 + signal if killed)."""
        deadline = time.monotonic() + timeout
        while True:
            pid, status = os.waitpid(self.child.pid, os.WNOHANG)
            if pid:
                self.child.pid = None
                code = os.waitstatus_to_exitcode(status)
                return code if code >= 0 else 128 - code
            if time.monotonic() > deadline:
                raise AppTimeout("the app did not exit after the hangup")
            time.sleep(0.02)  # polling the exit, under a generous deadline

    def close(self) -> None:
        """Kill the app if it still runs."""
        if self.hung_up:
            if self.child.pid is not None:
                os.kill(self.child.pid, 9)
                os.waitpid(self.child.pid, 0)
            return
        if self.child.isalive():
            self.child.kill(signal.SIGHUP)  # as pexpect's terminate starts, without its 0.1 s naps
            deadline = time.monotonic() + END_GRACE
            while self.child.isalive() and time.monotonic() < deadline:
                time.sleep(0.01)  # polling the end, under a deadline
            if self.child.isalive():
                self.child.terminate(force=True)
        self.child.ptyproc.delayafterclose = 0  # it has ended: no need to sleep 0.1 s on it
        self.child.close()

    # -- the board ----------------------------------------------------------------

    def game_layout(self) -> layout.Layout | None:
        """The layout of the game screen the state file describes, if a board is shown."""
        state = self.state()
        if state.get("screen") not in ("game", "replay") or "rules" not in state:
            return None
        width, height = state["size"]
        if (height, width) != (self.screen.lines, self.screen.columns):
            return None
        return layout.game_layout(width, height, Rules(*state["rules"]), bool(state.get("numbers")))

    def board_on_screen(self) -> list[str] | None:
        """The board as rows of X, O and . read off the screen, or None if none is shown."""
        lay = self.game_layout()
        if lay is None:
            return None
        state = self.state()
        # Else a digit is an analysis mark, or (3x3, nothing numbered yet) a square's key.
        numbers = bool(state.get("numbers")) and bool(state.get("history"))
        rows = []
        for r in range(lay.rules.rows):
            row = ""
            for c in range(lay.rules.cols):
                y, x = lay.center(Move(r, c))
                char = self.screen.buffer[y][x].data
                if char.isdigit() and numbers and lay.style is not layout.BIG:  # a move number
                    if lay.style.grid:  # one digit at the centre, more end at the cell's edge
                        edge = lay.cell_origin(Move(r, c))[1] + lay.style.cell_w - 1
                        if self.screen.buffer[y][edge].data.isdigit():
                            x = edge
                    last = self.screen.buffer[y][x].data
                    char = "X" if int(last) % 2 else "O"  # X made the odd moves
                row += {"●": "X", "○": "O"}.get(char, char if char in "XO" else ".")
            rows.append(row)
        return rows

    def engine_state(self) -> GameState | None:
        """The engine's position for the history the app says it shows."""
        state = self.state()
        if "rules" not in state:
            return None
        rules = Rules(*state["rules"])
        return GameState.from_moves(rules, [parse_move(m, rules) for m in state["history"]])

    def board_matches(self) -> bool:
        """True when a board is shown and it equals the engine's position."""
        board = self.board_on_screen()
        engine = self.engine_state()
        return board is not None and engine is not None and board == engine.rows_text()

    def human(self) -> set[Player]:
        """The sides people play in the current game."""
        return {Player(p) for p in self.state().get("human", [])}
