"""Game records: the gomoku world's file formats, read and written.

- `GameRecord`: the rules, moves, players, result, date and comments of one
  game, with the `GameState` at any move (`state_at`);
- `load(path)` (a file), `loads(text)` / `parse(text)` (a text), `dump(record, fmt)`,
  `save(record, path)`: SGF
  FF[4] GM[4], Piskvork's PSQ and pos strings (``h8i9g7``), chosen by
  extension or content;
- `RecordError`: what is wrong with a record, in one line naming the file
  and the line.

The format details, with their sources, are in each reader's module
docstring (`sgf`, `psq`, `pos`). Depends on the engine only.
"""

from typing import TYPE_CHECKING

from ..lazy import Exports

if TYPE_CHECKING:
    from .formats import (
        Format,
        detect_format,
        dump,
        format_of_path,
        kept,
        load,
        loads,
        lost_in,
        parse,
        parse_format,
        read_options,
        save,
    )
    from .options import BoardSize, ReadOptions, RowOrigin
    from .record import Ending, GameRecord, Players, RecordError, Result

__all__ = [
    "BoardSize",
    "Ending",
    "Format",
    "GameRecord",
    "Players",
    "ReadOptions",
    "RecordError",
    "Result",
    "RowOrigin",
    "detect_format",
    "dump",
    "format_of_path",
    "kept",
    "load",
    "loads",
    "lost_in",
    "parse",
    "parse_format",
    "read_options",
    "save",
]

__getattr__ = Exports(
    __name__,
    {
        ".formats": (
            "Format",
            "detect_format",
            "dump",
            "format_of_path",
            "kept",
            "load",
            "loads",
            "lost_in",
            "parse",
            "parse_format",
            "read_options",
            "save",
        ),
        ".options": ("BoardSize", "ReadOptions", "RowOrigin"),
        ".record": ("Ending", "GameRecord", "Players", "RecordError", "Result"),
    },
)
