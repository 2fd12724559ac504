"""Between the app's games and records: a `Match` as a `GameRecord` or a `Resume`, and back.

Pure: no files, no clock (the date comes in as an argument). `saved.Shelf`
does the reading and writing; `app.perform` calls it.
"""

from __future__ import annotations

from dataclasses import replace

from ..choices import SIDE_MAX, SIDE_MIN, Board, Mode, Settings
from ..engine import GameState, Player, Rules
from ..i18n import _
from ..records import GameRecord, Players
from ..saved import Resume
from ..words import computer_name, side_name
from .clock import GameClock
from .match import Match

BOARDS = {(3, 3, 3): Board.TICTACTOE, (15, 15, 5): Board.GOMOKU15, (19, 19, 5): Board.GOMOKU19}


def player_names(match: Match) -> Players:
    """Names for the record, in the language of the moment: "You", "Computer (Hard)",
    "Player X" (a record keeps them as written)."""

    def name(side: Player) -> str:
        if side in match.human:
            if match.mode is Mode.HVC:
                return _("You")
            return _("Player {side}").format(side=side_name(side, match.rules))
        level = match.players[side].name if side in match.players else "?"
        levels = match.key.levels
        if levels:
            index = 0 if match.mode is Mode.HVC else list(Player).index(side)
            level = computer_name(levels[min(index, len(levels) - 1)])
        return _("Computer ({level})").format(level=level)

    return Players(name(Player.X), name(Player.O))


def record_of(match: Match, date: str = "") -> GameRecord:
    """The match as a record (no result while it goes on; the board's when it ended)."""
    times = () if match.clock is None else match.clock.left_after()
    return GameRecord.from_state(match.state, players=player_names(match), date=date, times=times)


def dated(record: GameRecord, date: str) -> GameRecord:
    """`record` with `date`, unless it has one."""
    if record.date:
        return record
    return GameRecord(
        record.rules, record.all_moves, record.players, record.result, date, record.comments
    )


def resume_of(match: Match, date: str = "") -> Resume | None:
    """What an autosave keeps of a game in progress; None for a finished or unstarted one."""
    if match.over or not match.started or match.settings is None:
        return None
    return Resume(
        record_of(match, date),
        match.settings,
        match.human_first,
        match.cursor,
        counted=match.counted,
        hinted=match.hinted,
        person_moved=match.person_moved,
    )


def settings_for(rules: Rules, base: Settings) -> Settings | None:
    """`base` with the board and rule of `rules`; None when the app can't play that board."""
    size = (rules.rows, rules.cols, rules.k)
    board = BOARDS.get(size, Board.CUSTOM)
    if board is Board.CUSTOM and not all(SIDE_MIN <= side <= SIDE_MAX for side in size[:2]):
        return None
    if board is Board.CUSTOM:
        chosen = replace(base, game=board, rows=rules.rows, cols=rules.cols, k=rules.k)
    else:
        chosen = replace(base, game=board)
    chosen = replace(chosen, rule=rules.rule)
    return chosen if chosen.rules() == rules else None


def match_from(
    settings: Settings, state: GameState, *, human_first: bool, now: float, seed: int | None
) -> Match:
    """A match with these settings, going on from `state` (its history kept for undo)."""
    match = Match.start(settings, human_first=human_first, now=now, seed=seed)
    match.state = state
    if match.clock is not None:  # the moves so far were made without it
        match.clock = GameClock.begin(match.clock.control, state.move_count)
    last = state.last_move
    if last is not None:
        match.cursor = last
    return match


def resumed(resume: Resume, now: float, seed: int | None) -> Match:
    """The autosaved match, as it was: board, rule, mode, sides, difficulties, cursor."""
    record = resume.record
    match = match_from(
        resume.settings,
        record.final_state,
        human_first=resume.human_first,
        now=now,
        seed=seed,
    )
    match.cursor = resume.cursor
    match.counted = resume.counted
    match.hinted = resume.hinted
    match.person_moved = resume.person_moved
    if match.clock is not None:  # the time each move took, from the times left after them
        times = list(record.times)
        times += [None] * (len(record.moves) - len(times))
        match.clock = GameClock.from_left(match.clock.control, times[: len(record.moves)])
    return match
