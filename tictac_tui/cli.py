"""Command line entry point for `tictac` (the curses app arrives with the app issue)."""

from __future__ import annotations


def main() -> int:
    """Placeholder until the curses app lands."""
    print("tictac: the curses app is coming; the engine and players are in tictac_tui.")
    return 0
