"""The analysis panel's state: shown or not, what it marks, and its analyst at work.

`AnalysisPanel` is shared by the game screen and the replay viewer (`e`
shows and hides it). While it is shown, `Model.update` points it at the
position on show (`follow`), or pauses it while the computer thinks (the
analyst never shares the CPU with the computer's move); hidden, or off those
screens, it stops (`stop`: the thinking thread ends within milliseconds).
The analyst is made when first needed, by name (`play.analysts.analyst_for`:
``hard`` or ``engine:NAME``), and a new name replaces it.

What is drawn is paced (`fresh`): the first evaluation of a position is
drawn at once, later ones at most every `REFRESH_SECONDS`, so the numbers
change at least twice a second while the search reports, and never faster
than they can be read.
"""

from __future__ import annotations

from ..engine import GameState
from ..play.analysts import HARD, MAX_BEST, AnalystError, analyst_for
from ..play.live import LIVE_STAGES, LiveAnalysis, Snapshot

REFRESH_SECONDS = 0.4
"""The least time between two snapshots drawn."""


class AnalysisPanel:
    """See the module docstring."""

    def __init__(
        self,
        analyst: str = HARD,
        *,
        seed: int | None = 0,
        stages: tuple[float, ...] = LIVE_STAGES,
    ) -> None:
        self.analyst = analyst
        self.seed = seed
        self.stages = stages
        self.shown = False
        self.line_shown = True
        """The best line as numbered ghost stones (else the N best, numbered 1..N)."""
        self.best = 1
        """How many best moves are asked for and listed (1..`MAX_BEST`)."""
        self.live: LiveAnalysis | None = None
        self.error = ""
        """Why no analyst could be made (an unknown engine), or ""."""
        self._drawn: Snapshot | None = None
        self._drawn_at = 0.0
        self.since = 0.0
        """When the position drawn was first seen (the panel counts the seconds since)."""

    def toggle(self) -> bool:
        """Show or hide the panel; True when it is now shown."""
        self.shown = not self.shown
        if not self.shown:
            self.stop()
        return self.shown

    def toggle_line(self) -> None:
        """Mark the best line, or the N best moves."""
        self.line_shown = not self.line_shown

    def more(self, by: int) -> None:
        """Ask for `by` more (or fewer) best moves, within 1..`MAX_BEST`."""
        self.best = max(1, min(MAX_BEST, self.best + by))

    def choose(self, analyst: str) -> None:
        """Use the analyst called `analyst` from now on."""
        if analyst != self.analyst:
            self.close()
            self.analyst = analyst
            self.error = ""

    def follow(self, state: GameState) -> None:
        """Think about `state` (a no-op when it is the position already thought about)."""
        if self.live is None:
            if self.error:
                return  # said once; a new choice of analyst (`choose`) tries again
            try:
                analyst = analyst_for(self.analyst, seed=self.seed)
            except AnalystError as error:
                self.error = str(error)
                return
            self.live = LiveAnalysis(analyst, multipv=self.best, stages=self.stages)
        self.live.follow(state, multipv=self.best)

    def pause(self) -> None:
        """Stop thinking for now (the computer thinks); the last snapshot stays."""
        if self.live is not None:
            self.live.pause()

    def stop(self) -> None:
        """Stop thinking (hidden, or off the screens that show it)."""
        if self.live is not None:
            self.live.pause()
        self._drawn = None

    def close(self) -> None:
        """Stop and end the analyst (an engine's process)."""
        if self.live is not None:
            self.live.close()
        self.live = None
        self._drawn = None

    def thinking(self) -> bool:
        """True while the analyst's thread is alive."""
        return self.live is not None and self.live.thinking()

    def fresh(self, now: float) -> bool:
        """Take a newer snapshot for drawing if one has come and the last is old enough;
        True when the drawing changed."""
        latest = self.live.snapshot if self.live is not None else None
        drawn = self._drawn
        if latest is None or latest is drawn:
            return False
        if drawn is None or drawn.state != latest.state:
            self.since = now
        first = drawn is None or drawn.state != latest.state or drawn.reading.score is None
        if not first and not latest.done and now - self._drawn_at < REFRESH_SECONDS:
            return False
        self._drawn = latest
        self._drawn_at = now
        return True

    def snapshot(self, state: GameState) -> Snapshot | None:
        """The snapshot to draw for `state` (None: nothing known about it yet)."""
        drawn = self._drawn
        return drawn if drawn is not None and drawn.state == state else None
