"""PSQ, the record Piskvork writes (and Gomocup publishes its games in).

What Piskvork writes (``plastovicka/Piskvork: source/game.cpp``, ``savePsq``;
read back by ``openPsq``)::

    Piskvorky 20x20, 11:11, 0      width x height, the two players' levels, who began
    10,10,1250                     one line per move: x,y,milliseconds, 1-based,
    11,10,937                      x the column from the left, y the row from the top
    ...
    pbrain-rapfi.zip               the two players, in Piskvork's player order
    pbrain-yixin.zip               (written in tournaments; "homo-1"/"homo-2" are people)
    0                              how the game ended (below)

- The two header numbers before the comma are each player's level (1-11,
  Piskvork's time-per-move steps) for a computer, 0 for a person; the last
  is which of Piskvork's two player slots moved first (0 or 1), which also
  orders the name lines: black is name ``[first]``.
- The last number is Piskvork's ``finishGame`` code: 0 a normal end (a line,
  or a draw), 15 the side to move ran out of time, -2 an error of the side to
  move's engine (a crash, an invalid move, an unanswered START: errMsg),
  the other small numbers ``Tplayer::move``'s own failures. Gomocup's files
  end with ``-1`` and a line such as ``0,Freestyle15_1`` added by its tools;
  that line, like anything after the code, is not Piskvork's and is skipped.
- PSQ has no rule and no comments: the rule is freestyle unless the reader is
  told otherwise. Piskvork declares a draw when the board is nearly full
  (25 squares left), so a drawn game ends with empty squares and code 0: it
  reads back as a game without a result.

tictac_tui writes the same shape with times of 0, names only when it knows
one (``homo-1``/``homo-2`` standing for unknown names, read back as unknown),
and, when the rule is not freestyle five, one more line after the code,
``tictac rule=renju k=5``, that Piskvork never reads (it stops after the
names) and that tictac_tui reads back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine import GameState, Move, Rule, parse_rule
from ..i18n import _
from .numbers import clipped, record_number
from .options import DEFAULT_OPTIONS, ReadOptions, build_rules
from .record import Ending, GameRecord, Players, RecordError, Replay, Result, move_words

HEADER = re.compile(
    r"\s*Piskvorky\s+([0-9]+)\s*x\s*([0-9]+)\s*,\s*(-?[0-9]+)\s*:\s*(-?[0-9]+)\s*,"
    r"\s*(-?[0-9]+)\s*"
)
MOVE_LINE = re.compile(r"\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*(?:,\s*(-?[0-9]+)\s*)?")
TICTAC_LINE = re.compile(r"\s*tictac\s+rule=(\w+)\s+k=([0-9]+)\s*")
CODE_LINE = re.compile(r"\s*(-?[0-9]+)\s*")
PARTIAL_MOVE = re.compile(r"\s*-?[0-9]+\s*,\s*(?:-?[0-9]+\s*,\s*)?")

TIMEOUT_CODE = 15
ERROR_CODE = -2
INTERRUPTED_CODE = 9
"""Piskvork's code for a game it stopped itself (no result)."""
UNKNOWN_NAMES = ("homo-1", "homo-2")


@dataclass(frozen=True, slots=True)
class _Trailer:
    names: tuple[str, str] | None
    code: int | None
    rule: Rule | None
    k: int | None


def read_psq(text: str, options: ReadOptions = DEFAULT_OPTIONS) -> GameRecord:
    """The game of a PSQ text."""
    lines = text.splitlines()
    header = HEADER.fullmatch(lines[0]) if lines else None
    if header is None:
        raise RecordError(
            _("not a PSQ header: the first line should be like 'Piskvorky 20x20, 11:11, 0'"),
            line=1,
        )
    what = _("the header")
    cols, rows, first = (record_number(header.group(n), what, line=1) for n in (1, 2, 5))
    if first not in (0, 1):
        raise RecordError(
            _("the header's last number is {number}: it must be 0 or 1").format(number=first),
            line=1,
        )
    moves, end = _move_lines(lines, cols * rows + 1)
    trailer = _trailer(lines, end)
    rule = options.rule or trailer.rule or Rule.FREESTYLE
    k = options.k or trailer.k or 5
    try:
        rules = build_rules(cols, rows, k, rule)
    except RecordError as error:
        raise RecordError(error.problem, line=1) from None
    replay = Replay(rules)
    for number, (move, line) in enumerate(moves, start=1):
        _play(replay, move, number, line)
    players = _players(trailer.names, first)
    try:
        result = _result(replay.state, trailer.code)
        return GameRecord(rules, replay.moves, players, result)
    except RecordError as error:
        raise RecordError(error.problem, line=end + 1) from None


def _move_lines(lines: list[str], most: int) -> tuple[list[tuple[tuple[int, int], int]], int]:
    """The 1-based (x, y) of each move with its line number, and where they end (0-based).

    Only the first `most` moves are taken: a board of ``most - 1`` squares is
    full before the last of them, which is then an error whatever follows.
    """
    moves: list[tuple[tuple[int, int], int]] = []
    index = 1
    while index < len(lines):
        match = MOVE_LINE.fullmatch(lines[index])
        if match is None:
            break
        if len(moves) < most:
            what = move_words(len(moves) + 1, clipped(lines[index].strip()))
            x = record_number(match.group(1), what, line=index + 1)
            y = record_number(match.group(2), what, line=index + 1)
            moves.append(((x, y), index + 1))
        index += 1
    return moves, index


def _play(replay: Replay, xy: tuple[int, int], number: int, line: int) -> None:
    x, y = xy
    rules = replay.state.rules
    if not (1 <= x <= rules.cols and 1 <= y <= rules.rows):
        raise RecordError(
            _("{move} is off the {cols}x{rows} board (PSQ counts from 1)").format(
                move=move_words(number, f"{x},{y}"), cols=rules.cols, rows=rules.rows
            ),
            line=line,
        )
    try:
        replay.play(Move(y - 1, x - 1), f"{x},{y}")
    except RecordError as error:
        raise RecordError(error.problem, line=line) from None


def _trailer(lines: list[str], start: int) -> _Trailer:
    """Names, code and tictac_tui's rule line from the lines after the moves.

    Lines neither Piskvork nor tictac_tui write (Gomocup's ``0,Freestyle15_1``)
    are skipped; a move line cut short is an error (a truncated file).
    """
    rest = [(i + 1, line.strip()) for i, line in enumerate(lines) if i >= start and line.strip()]
    for number, text in rest:
        if PARTIAL_MOVE.fullmatch(text):
            raise RecordError(
                _("{text!r} is half a move: the file is truncated").format(text=clipped(text)),
                line=number,
            )
    names: tuple[str, str] | None = None
    code: int | None = None
    if len(rest) >= 2 and not any(_closing(text) for _, text in rest[:2]):
        names = (rest[0][1], rest[1][1])
        rest = rest[2:]
    if rest and CODE_LINE.fullmatch(rest[0][1]):
        code = record_number(rest[0][1], _("the closing code"), line=rest[0][0])
        rest = rest[1:]
    rule: Rule | None = None
    k: int | None = None
    for number, text in rest:
        tictac = TICTAC_LINE.fullmatch(text)
        if tictac:
            rule, k = _tictac_rules(tictac, number)
    return _Trailer(names, code, rule, k)


def _closing(text: str) -> bool:
    """Whether a line is a closing code or tictac_tui's rule line (so not a name)."""
    return bool(CODE_LINE.fullmatch(text) or TICTAC_LINE.fullmatch(text))


def _tictac_rules(match: re.Match[str], line: int) -> tuple[Rule, int]:
    try:
        rule = parse_rule(match.group(1))
    except ValueError as error:
        raise RecordError(str(error), line=line) from None
    return rule, record_number(match.group(2), "k", line=line)


def _players(names: tuple[str, str] | None, first: int) -> Players:
    if names is None:
        return Players()
    black, white = (names[first], names[1 - first])
    return Players("" if black in UNKNOWN_NAMES else black, "" if white in UNKNOWN_NAMES else white)


def _result(state: GameState, code: int | None) -> Result | None:
    """The result a closing code gives (the board's own result wins out)."""
    if state.is_over or code in (None, 0, -1, INTERRUPTED_CODE):
        return None
    loser = state.to_move
    ending = Ending.TIME if code == TIMEOUT_CODE else Ending.FORFEIT
    return Result(loser.other, ending)


def write_psq(record: GameRecord) -> str:
    """The record as Piskvork's PSQ text, ending in a newline."""
    rules = record.rules
    lines = [f"Piskvorky {rules.cols}x{rules.rows}, 0:0, 0"]
    lines.extend(f"{col + 1},{row + 1},0" for row, col in record.all_moves)
    black, white = _writable(record.players.black), _writable(record.players.white)
    if black or white:
        lines.append(black or UNKNOWN_NAMES[0])
        lines.append(white or UNKNOWN_NAMES[1])
    lines.append(str(_code(record)))
    if rules.rule is not Rule.FREESTYLE or rules.k != 5:
        lines.append(f"tictac rule={rules.rule.value} k={rules.k}")
    return "\n".join(lines) + "\n"


def _writable(name: str) -> str:
    """A name as a PSQ name line: one line; "" for one that would read as something else."""
    line = " ".join(name.splitlines()).strip()
    if line in UNKNOWN_NAMES or _closing(line) or MOVE_LINE.fullmatch(line):
        return ""
    if PARTIAL_MOVE.fullmatch(line):
        return ""
    return line


def _code(record: GameRecord) -> int:
    result = record.result
    final = record.final_state
    if result is None or final.is_over or result.winner is not final.to_move.other:
        return 0
    return {Ending.TIME: TIMEOUT_CODE, Ending.FORFEIT: ERROR_CODE}.get(result.ending, 0)


def psq_keeps(record: GameRecord) -> GameRecord:
    """What of `record` a PSQ file keeps: the record as it reads back."""
    players = Players(_writable(record.players.black), _writable(record.players.white))
    return GameRecord(record.rules, record.all_moves, players, _kept_result(record))


def _kept_result(record: GameRecord) -> Result | None:
    if record.final_state.is_over or record.foul is not None:
        return record.result
    code = _code(record)
    return _result(record.final_state, code) if code else None
