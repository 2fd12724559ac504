"""Between the app's games and records: a `Match` as a `GameRecord` or a `Resume`, and back.

Pure: no files, no clock (the date comes in as an argument). `saved.Shelf`
does the reading and writing; `app.perform` calls it.
"""

from __future__ import annotations

from dataclasses import replace

from ..choices import SIDE_MAX, SIDE_MIN, Board, Mode, Settings
from ..engine import GameState, Player, Rules
from ..engine.openings import Opening, OpeningRule, Person
from ..i18n import _
from ..records import GameRecord, Players
from ..saved import Resume
from ..words import computer_name, side_name
from .clock import GameClock
from .hosting import NO_ENGINES, Hosting
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
    return GameRecord.from_state(
        match.state,
        players=player_names(match),
        date=date,
        opening=match.opening,
        setup=match.setup,
        times=times,
    )


def dated(record: GameRecord, date: str) -> GameRecord:
    """`record` with `date`, unless it has one."""
    if record.date:
        return record
    return GameRecord(
        record.rules,
        record.all_moves,
        record.players,
        record.result,
        date,
        record.comments,
        record.opening,
        setup=record.setup,
        times=record.times,
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


def opening_at(record: GameRecord, state: GameState) -> Opening | None:
    """The record's opening, if playing on from `state` goes on under it: `state` is the
    opening's own board (under way or just over) or a later position of the same game."""
    opening = record.opening
    if opening is None:
        return None
    stones = opening.state.history
    if state.history[: len(stones)] != stones:
        return None
    if not opening.is_over and state.move_count != len(stones):
        return None
    return opening


def person_first(opening: Opening | None, state: GameState) -> bool:
    """Against the computer, whether the person playing on is the opening's first player:
    the one asked now in an opening under way, else the one holding the colour to move."""
    if opening is None:
        return state.to_move is Player.X
    decision = opening.decision
    if decision is not None:
        return decision.person is Person.FIRST
    outcome = opening.outcome
    assert outcome is not None
    return outcome.colour_of(Person.FIRST) is state.to_move


def match_from(
    settings: Settings,
    state: GameState,
    *,
    human_first: bool,
    now: float,
    seed: int | None,
    hosting: Hosting = NO_ENGINES,
    opening: Opening | None = None,
) -> Match:
    """A match with these settings, going on from `state` (its history kept for undo).

    `opening`: the opening rule and steps that led to `state` (a record's), kept for undo
    and continued while under way; without one the game has no opening rule.
    """
    match = Match.start(settings, human_first=human_first, now=now, seed=seed, hosting=hosting)
    match.set_opening(opening, now, seed=seed)
    match.key = replace(match.key, opening=opening.rule if opening else OpeningRule.NONE)
    match.state = state
    if match.clock is not None:  # the moves so far were made without it
        match.clock = GameClock.begin(match.clock.control, state.move_count)
    last = state.last_move
    if last is not None:
        match.cursor = last
    return match


def resumed(resume: Resume, now: float, seed: int | None, hosting: Hosting = NO_ENGINES) -> Match:
    """The autosaved match, as it was: board, rule, mode, sides, difficulties, cursor."""
    record = resume.record
    match = match_from(
        resume.settings,
        record.final_state,
        human_first=resume.human_first,
        now=now,
        seed=seed,
        hosting=hosting,
        opening=record.opening,
    )
    match.cursor = resume.cursor
    if record.setup:  # a game from a set-up position
        match.keep_set_up(record.setup)
    match.counted = resume.counted
    match.hinted = resume.hinted
    match.person_moved = resume.person_moved
    if match.clock is not None:  # the time each move took, from the times left after them
        times = list(record.times)
        times += [None] * (len(record.moves) - len(times))
        match.clock = GameClock.from_left(match.clock.control, times[: len(record.moves)])
    return match
