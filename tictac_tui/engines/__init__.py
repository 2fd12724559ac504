"""Hosting Gomocup engines (Rapfi, Embryo, our own `tictac-brain`): the manager's side.

Depends on engine, strategies, files and i18n only (never on a front end).
Modules, one job each:

- `spec`: `EngineSpec` (name and command) and `EngineError` (what went wrong);
- `said`: the engine's lines read into values (`Said`, `Analysis`);
- `process`: `Child`, the process with its pipes, reader threads and sure end;
- `client`: `Engine`, the protocol's commands as typed methods;
- `strategy`: `EngineStrategy`, a hosted engine as a `Strategy`;
- `store`: where engines come from (built in, PATH, engines.json);
- `cli`: ``tictac engines``.
"""

from typing import TYPE_CHECKING

from ..lazy import Exports

if TYPE_CHECKING:
    from .client import Engine, rule_bits
    from .process import end_all, end_on_signals, live_pids
    from .said import Analysis, Kind, Said, parse_said
    from .spec import EngineError, EngineSpec, Fault, GameType, IllegalEngineMove, LostOnTime
    from .strategy import PREFIX, EngineStrategy, grace

__all__ = [
    "PREFIX",
    "Analysis",
    "Engine",
    "EngineError",
    "EngineSpec",
    "EngineStrategy",
    "Fault",
    "GameType",
    "IllegalEngineMove",
    "Kind",
    "LostOnTime",
    "Said",
    "end_all",
    "end_on_signals",
    "grace",
    "live_pids",
    "parse_said",
    "rule_bits",
]

__getattr__ = Exports(
    __name__,
    {
        ".client": ("Engine", "rule_bits"),
        ".process": ("end_all", "end_on_signals", "live_pids"),
        ".said": ("Analysis", "Kind", "Said", "parse_said"),
        ".spec": (
            "EngineError",
            "EngineSpec",
            "Fault",
            "GameType",
            "IllegalEngineMove",
            "LostOnTime",
        ),
        ".strategy": ("PREFIX", "EngineStrategy", "grace"),
    },
)
