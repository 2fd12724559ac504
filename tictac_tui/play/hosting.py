"""The Gomocup engines a game may host (`tictac engines`), and a player for one.

`Hosting` is handed in by the front end (which reads engines.json and PATH
through `engines.store`): the game layer itself reads no file. An engine
chosen for a side (`choices.EnginePlayer`, "engine:NAME") becomes an
`engines.EngineStrategy`; its process starts at its first move and is ended
by `Match.close` (and, whatever happens, by `engines.end_all` at exit).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..choices import engine_plays
from ..engine import Rules
from ..engines.spec import START_SECONDS, EngineSpec, GameType
from ..i18n import _

if TYPE_CHECKING:
    from ..engines.strategy import EngineStrategy


@dataclass(frozen=True)
class Hosting:
    """The engines there are, by name (`specs`), the folder of their logs (None: the data
    folder's ``engines``), and how long one has to answer ``START``."""

    specs: Mapping[str, EngineSpec] = field(default_factory=dict)
    log_folder: Path | None = None
    start_seconds: float = START_SECONDS

    @property
    def names(self) -> tuple[str, ...]:
        """The engines' names, in the order `tictac engines list` gives them."""
        return tuple(self.specs)

    def player(
        self, name: str, rules: Rules, game_type: GameType, log_name: str | None = None
    ) -> EngineStrategy:
        """A player for the engine `name` on `rules` (its log called `log_name`, if given: the
        engine's name otherwise). Raises ValueError saying why not."""
        spec = self.specs.get(name)
        if spec is None:
            raise ValueError(
                _("There is no engine {name} (tictac engines list names them)").format(name=name)
            )
        if not engine_plays(rules):
            raise ValueError(
                _("Engine {name} can't play this board: engines play five in a row").format(
                    name=name
                )
            )
        from ..engines.strategy import EngineStrategy  # the engine host, loaded when first used

        return EngineStrategy(
            spec,
            log_folder=self.log_folder,
            start_seconds=self.start_seconds,
            game_type=game_type,
            log_name=log_name,
        )


NO_ENGINES = Hosting()
"""No engine to host (tests, and where the front end gives none)."""
