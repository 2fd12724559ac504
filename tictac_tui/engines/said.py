"""What an engine prints, line by line: answers, notes, and the analysis in them.

Each line becomes a `Said`: its `Kind` and text, the move for a move line,
and an `Analysis` where a note follows a known shape (kept raw otherwise):

- ours (`tictac_tui.brain.report`): ``MESSAGE depth 6 | eval -927 | 0.52 s |
  1234 nodes | pv 6,6 5,7``;
- Rapfi's summary: ``MESSAGE Speed 1047K | Depth 21-49 | Eval -131 | Node
  1390K | Time 1328ms`` and ``MESSAGE Bestline G8 H10 H7`` (column letter,
  row 1-based from the top);
- Yixin-Board's realtime lines: ``MESSAGE REALTIME BEST x,y`` (also ``LOSE``,
  ``POS``) and its ``INFO PV`` block, one field a line (``INFO DEPTH 12``,
  ``INFO EVAL +M5``, ``INFO BESTLINE 7,7 8,8``).

Coordinates are the protocol's ``x,y`` (x the column), turned into `Move`
(row, col). Evaluations are the engine's, for the side to move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import Enum

from ..engine import Move

MAX_ABOUT_FIELDS = 20
"""Most key="value" pairs read from an ABOUT line."""


class Kind(Enum):
    """What a line is."""

    MOVE = "move"
    OK = "ok"
    ERROR = "error"
    UNKNOWN = "unknown"
    MESSAGE = "message"
    DEBUG = "debug"
    INFO = "info"
    SUGGEST = "suggest"
    FORBID = "forbid"
    TEXT = "text"
    """Anything else: an ABOUT answer, or garbage when a move was expected."""

    @property
    def is_note(self) -> bool:
        """True for lines an engine may print at any time (kept, never an answer)."""
        return self in NOTES


NOTES = frozenset({Kind.MESSAGE, Kind.DEBUG, Kind.INFO, Kind.SUGGEST, Kind.FORBID})


@dataclass(frozen=True, slots=True)
class Analysis:
    """What a note says about the search; None for what it does not say."""

    depth: int | None = None
    seldepth: int | None = None
    score: int | None = None
    mate: int | None = None
    """Plies to a forced result: positive, the side to move wins; negative, it loses."""
    nodes: int | None = None
    speed: int | None = None
    milliseconds: int | None = None
    winrate: float | None = None
    pv: tuple[Move, ...] = ()
    best: Move | None = None
    losing: Move | None = None


@dataclass(frozen=True, slots=True)
class Said:
    """One line from the engine: its kind, its text, and what was read from it."""

    kind: Kind
    text: str
    move: Move | None = None
    analysis: Analysis | None = None
    cut: bool = False
    """True when the line was longer than the reader keeps and was cut."""


_POINT = re.compile(r"^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$")
_LETTERED = re.compile(r"^([A-Za-z])(\d{1,2})$")
_NUMBER = re.compile(r"^([+-]?\d+(?:\.\d+)?)\s*([KMG]?)$", re.IGNORECASE)
_MATE = re.compile(r"^([+-])M(\d+)$", re.IGNORECASE)
_ABOUT = re.compile(r'(\w+)\s*=\s*"([^"]*)"')


def parse_point(text: str) -> Move | None:
    """``"x,y"`` as a Move (row y, column x), or None if it is not one."""
    match = _POINT.match(text)
    if match is None:
        return None
    return Move(int(match.group(2)), int(match.group(1)))


def parse_said(text: str, *, cut: bool = False) -> Said:
    """One line read into a `Said` (never raises)."""
    stripped = text.strip()
    word, _, rest = stripped.partition(" ")
    upper = word.upper()
    move = parse_point(stripped)
    if move is not None:
        return Said(Kind.MOVE, stripped, move, cut=cut)
    if upper == "OK" and not rest:
        return Said(Kind.OK, stripped, cut=cut)
    simple = {"ERROR": Kind.ERROR, "UNKNOWN": Kind.UNKNOWN, "DEBUG": Kind.DEBUG}
    if upper in simple:
        return Said(simple[upper], stripped, cut=cut)
    if upper == "MESSAGE":
        return Said(Kind.MESSAGE, stripped, analysis=_message(rest), cut=cut)
    if upper == "INFO":
        return Said(Kind.INFO, stripped, analysis=_info(rest), cut=cut)
    if upper == "SUGGEST":
        return Said(Kind.SUGGEST, stripped, parse_point(rest), cut=cut)
    if upper == "FORBID":
        return Said(Kind.FORBID, stripped, cut=cut)
    return Said(Kind.TEXT, stripped, cut=cut)


def parse_about(text: str) -> dict[str, str]:
    """An ABOUT answer's ``key="value"`` pairs (keys lower-cased; at most `MAX_ABOUT_FIELDS`)."""
    pairs: dict[str, str] = {}
    for match in _ABOUT.finditer(text):
        if len(pairs) >= MAX_ABOUT_FIELDS:
            break
        pairs.setdefault(match.group(1).lower(), match.group(2))
    return pairs


def _number(text: str) -> float | None:
    """``1390K`` -> 1390000.0; ``1328ms`` -> 1328.0; None if not a number."""
    cleaned = text.strip().lower().removesuffix("ms").removesuffix("/s").strip()
    match = _NUMBER.match(cleaned)
    if match is None:
        return None
    scale = {"": 1, "k": 10**3, "m": 10**6, "g": 10**9}[match.group(2).lower()]
    return float(match.group(1)) * scale


def _whole(text: str) -> int | None:
    value = _number(text)
    return None if value is None else round(value)


def _eval(text: str) -> tuple[int | None, int | None]:
    """(score, mate) from ``-131``, ``+M5`` or ``-M4``."""
    mate = _MATE.match(text.strip())
    if mate is not None:
        plies = int(mate.group(2))
        return None, plies if mate.group(1) == "+" else -plies
    return _whole(text), None


def _moves(text: str) -> tuple[Move, ...]:
    """``x,y x,y`` or Rapfi's ``G8 H10`` (rows from the top, 1-based); () if neither."""
    moves = []
    for token in text.split():
        point = parse_point(token)
        if point is None:
            lettered = _LETTERED.match(token)
            if lettered is None:
                return ()
            col = ord(lettered.group(1).upper()) - ord("A")
            point = Move(int(lettered.group(2)) - 1, col)
        moves.append(point)
    return tuple(moves)


def _message(rest: str) -> Analysis | None:
    """A MESSAGE's analysis, or None when it follows no known shape."""
    words = rest.split()
    if len(words) >= 2 and words[0].upper() == "REALTIME":
        what = words[1].upper()
        point = parse_point(words[2]) if len(words) > 2 else None
        if what == "BEST" and point is not None:
            return Analysis(best=point)
        if what == "LOSE" and point is not None:
            return Analysis(losing=point)
        return None
    if words and words[0].lower() == "bestline":
        pv = _moves(" ".join(words[1:]))
        return Analysis(pv=pv, best=pv[0]) if pv else None
    found = Analysis()
    known = False
    for part in rest.split("|"):
        updated = _field(found, part.strip())
        if updated is not None:
            found, known = updated, True
    return found if known else None


def _field(found: Analysis, part: str) -> Analysis | None:
    """`found` with one ``key value`` (or ``value unit``) part of a summary read in."""
    key, _, value = part.partition(" ")
    key = key.lower()
    value = value.strip()
    if key == "depth":
        low, _, high = value.partition("-")
        depth = _whole(low)
        return None if depth is None else replace(found, depth=depth, seldepth=_whole(high))
    if key == "eval":
        score, mate = _eval(value)
        return None if score is None and mate is None else replace(found, score=score, mate=mate)
    if key in ("node", "nodes"):
        nodes = _whole(value)
        return None if nodes is None else replace(found, nodes=nodes)
    if key == "speed":
        speed = _whole(value)
        return None if speed is None else replace(found, speed=speed)
    if key == "time":
        ms = _whole(value)
        return None if ms is None else replace(found, milliseconds=ms)
    if key in ("pv", "bestline"):
        pv = _moves(value)
        return replace(found, pv=pv, best=pv[0]) if pv else None
    if key == "winrate":
        rate = _number(value.rstrip("%"))
        return None if rate is None else replace(found, winrate=rate)
    # "1234 nodes", "0.52 s": the number first
    number = _number(key)
    if number is not None and value in ("nodes", "node"):
        return replace(found, nodes=round(number))
    if number is not None and value in ("s", "sec"):
        return replace(found, milliseconds=round(number * 1000))
    return None


def _info(rest: str) -> Analysis | None:
    """One line of Yixin-Board's INFO PV block, or None for other INFO lines."""
    key, _, value = rest.strip().partition(" ")
    return _field(Analysis(), f"{_INFO_KEYS.get(key.upper(), key)} {value}")


_INFO_KEYS = {
    "DEPTH": "depth",
    "EVAL": "eval",
    "NODES": "nodes",
    "TOTALTIME": "time",
    "SPEED": "speed",
    "WINRATE": "winrate",
    "BESTLINE": "bestline",
}
