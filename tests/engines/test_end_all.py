"""`end_all` ends every live engine, side by side, and waits for ends begun elsewhere."""

from __future__ import annotations

import signal
import threading
from pathlib import Path

from tictac_tui.engine import Rules
from tictac_tui.engines import Engine, end_all, live_pids

from .fakes import assert_reaped, fake


def test_end_all_ends_every_stubborn_engine(tmp_path: Path) -> None:
    fakes = [fake(tmp_path, "stubborn", name) for name in ("one", "two", "three")]
    engines = [Engine(f.spec, log_folder=tmp_path) for f in fakes]
    for engine in engines:
        engine.start(Rules(15, 15, 5))
    end_all(grace=0.1)
    assert live_pids() == []
    for engine, the_fake in zip(engines, fakes):
        assert engine.child.returncode == -signal.SIGKILL
        assert_reaped(the_fake.pid)


def test_end_all_waits_for_an_end_begun_in_the_background(tmp_path: Path) -> None:
    the_fake = fake(tmp_path, "stubborn")
    engine = Engine(the_fake.spec, log_folder=tmp_path)
    engine.start(Rules(15, 15, 5))
    closer = threading.Thread(target=engine.close, args=(0.5,), daemon=True)
    closer.start()
    end_all(grace=0.5)  # returns once the background close has reaped it
    assert engine.child.returncode == -signal.SIGKILL
    assert_reaped(the_fake.pid)
    closer.join()
