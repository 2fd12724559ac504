"""One game in progress: the position, who is human, the players, the cursor, undo.

Pure: no curses, no threads, no clock (times come in as arguments). The
computer's thinking is not here: `computer.ComputerTurn` owns it, and the
model hands its answers to `Match.play`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..choices import Computer, EnginePlayer, Mode, PluginPlayer, Settings, Speed, Think
from ..engine import ForbiddenMove, GameState, IllegalMove, Move, Player, Rules
from ..engine.openings import (
    Action,
    Decision,
    Opening,
    OpeningRefused,
    OpeningRule,
    Person,
    Refusal,
    Refused,
)
from ..engines.spec import GameType, is_engine
from ..i18n import _
from ..scores import Result, ScoreKey, score_key
from ..squares import square_name
from ..strategies import (
    Difficulty,
    Limit,
    Strategy,
    get_strategy,
    hint_player,
    player_for,
)
from ..words import foul_name, side_name
from .clock import GameClock
from .hosting import NO_ENGINES, Hosting
from .openings import Decider, decider_for

if TYPE_CHECKING:
    from ..strategies.proof import Proven

SEATS = {Person.FIRST: Player.X, Person.SECOND: Player.O}
"""Each person's side before the opening's swaps: FIRST starts as X (black)."""


def computer_player(
    choice: Computer,
    rules: Rules,
    *,
    seed: int | None,
    hosting: Hosting = NO_ENGINES,
    game_type: GameType = GameType.HUMAN,
    log_name: str | None = None,
) -> Strategy:
    """A new player for a computer side (`log_name`: an engine's log, if not its name).
    Raises ValueError for a plug-in or an engine that can't play (gone, or not for this
    board)."""
    if isinstance(choice, EnginePlayer):
        return hosting.player(choice.name, rules, game_type, log_name)
    if isinstance(choice, PluginPlayer):
        return get_strategy(choice.name, seed=seed, rules=rules)
    return player_for(choice, rules, seed=seed)


@dataclass
class Match:
    """A game: its rules, position and players, and what the person did in it."""

    rules: Rules
    mode: Mode
    human: frozenset[Player]
    players: dict[Player, Strategy]
    """The computer player of each side a computer plays."""
    hinter: Strategy | None
    key: ScoreKey
    """What this game's result counts for."""
    speed: Speed = Speed.NORMAL
    state: GameState = field(init=False)
    cursor: Move = field(init=False)
    paused: bool = False
    stepping: bool = False
    """Paused, but one move has been asked for."""
    hinted: bool = False
    """A hint was asked for in this game."""
    person_moved: bool = False
    counted: bool = False
    """The result has been counted (a finished or abandoned game is counted once)."""
    last_move_at: float = 0.0
    notices: tuple[str, ...] = ()
    """Why a chosen plug-in is not playing (the Medium player plays instead)."""
    solved: Proven | None = None
    """What is proven about the position (who wins with best play), once worked out."""
    settings: Settings | None = None
    """The choices the game was started with (kept with an autosaved game)."""
    human_first: bool = True
    """Against the computer: the person plays X."""
    think: float = Think.ONE.seconds
    """Seconds a computer thinks a move (`Settings.think`; players that answer at once
    ignore it)."""
    halted: str | None = None
    """Why the computer stopped playing (a hosted engine failed); undo, or resuming computer
    vs computer, tries again."""
    forfeit: Player | None = None
    """The side that lost by its engine thinking past its time (as Gomocup decides)."""
    setup: int = 0
    """How many of the position's first moves are a set-up position's stones (the
    position editor's): never undone, not numbered, not in the move list."""
    opening: Opening | None = None
    """The opening rule and the steps taken (None: no opening rule); while it is under way
    `state` is its board, and `decision` says what is asked of whom."""
    seated: tuple[frozenset[Player], dict[Player, Strategy]] | None = None
    """`human` and `players` as they were before the opening's swaps (by `SEATS`)."""
    deciders: dict[Person, Decider] = field(default_factory=dict)
    """Who answers the opening's decisions for each person a computer plays."""
    _levels_swapped: bool = False
    offering: tuple[Move, ...] = ()
    """The 5th moves a person has marked so far to offer (the answer is taken once they are
    as many as asked)."""
    clock: GameClock | None = None
    """Both sides' clocks, in a timed game (`Settings.clock`)."""
    lost_on_time: Player | None = None
    """The side whose time ran out (the game is over, the other side won)."""

    def __post_init__(self) -> None:
        self.state = GameState.new(self.rules)
        self.cursor = Move(self.rules.rows // 2, self.rules.cols // 2)

    @classmethod
    def start(
        cls,
        settings: Settings,
        *,
        human_first: bool,
        now: float,
        seed: int | None,
        hosting: Hosting = NO_ENGINES,
    ) -> Match:
        """A new game with these settings (`human_first` decides who plays X against a computer;
        `hosting`: the engines a side may be)."""
        rules = settings.rules()
        mode = settings.mode
        if mode is Mode.HVH:
            human = frozenset(Player)
        elif mode is Mode.CVC:
            human = frozenset()
        else:
            human = frozenset({Player.X if human_first else Player.O})
        levels: dict[Player, Computer] = {
            Player.X: settings.x_difficulty if mode is Mode.CVC else settings.difficulty,
            Player.O: settings.o_difficulty if mode is Mode.CVC else settings.difficulty,
        }

        def seeded(offset: int) -> int | None:
            return None if seed is None else seed + offset

        players: dict[Player, Strategy] = {}
        notices = []
        game_type = GameType.BRAIN if mode is Mode.CVC else GameType.HUMAN
        twins = len(human) == 0 and isinstance(levels[Player.O], EnginePlayer)
        twins = twins and levels[Player.X] == levels[Player.O]
        for i, side in enumerate(Player):
            if side in human:
                continue
            log = f"{levels[side].name}-{side.value}" if twins else None  # one log each
            try:
                players[side] = computer_player(
                    levels[side],
                    rules,
                    seed=seeded(i),
                    hosting=hosting,
                    game_type=game_type,
                    log_name=log,
                )
            except ValueError as error:  # a plug-in or engine that is gone, or can't play here
                levels[side] = Difficulty.MEDIUM
                players[side] = player_for(Difficulty.MEDIUM, rules, seed=seeded(i))
                notices.append(
                    _("{problem}; the Medium player plays {side} instead").format(
                        problem=error, side=side_name(side, rules)
                    )
                )
        engines = [player for player in players.values() if is_engine(player)]
        hinter = hint_player(rules, seed=seeded(2)) if human else None
        if human and engines:
            hinter = engines[0]  # hints in a game against an engine come from that engine
        key = replace(score_key(settings), levels=tuple(levels[side] for side in players))
        match = cls(rules, mode, human, players, hinter, key, settings.speed)
        match.notices = tuple(notices)
        match.last_move_at = now
        match.settings = settings
        match.human_first = human_first
        match.think = settings.think.seconds
        if settings.clock.timed:
            match.clock = GameClock.begin(settings.clock)
        match.set_opening(Opening.start(settings.played_opening(), rules), now, seed=seed)
        return match

    # -- the opening ------------------------------------------------------------------

    def set_opening(self, opening: Opening | None, now: float, *, seed: int | None = None) -> None:
        """Play under `opening` from now on (None or rule none: no opening rule).

        The board becomes the opening's; each computer person gets its
        `Decider`; the sides follow the opening's swaps (`reseat`).
        """
        if opening is not None and opening.rule is OpeningRule.NONE:
            opening = None
        if self.seated is None:
            self.seated = (self.human, dict(self.players))
        self.opening = opening
        if opening is None:
            self.reseat()
            return
        human, players = self.seated
        self.deciders = {
            person: decider_for(players[side], seed=seed)
            for person, side in SEATS.items()
            if side not in human and side in players
        }
        self.state = opening.state
        self.last_move_at = now
        self.reseat()

    @property
    def in_opening(self) -> bool:
        """True while the opening rule's decisions are being taken."""
        return self.opening is not None and not self.opening.is_over

    @property
    def decision(self) -> Decision | None:
        """The opening's decision asked now (None outside the opening)."""
        return self.opening.decision if self.opening is not None else None

    def person_is_human(self, person: Person) -> bool:
        """Whether a person (not a computer) takes `person`'s decisions."""
        human = self.seated[0] if self.seated is not None else self.human
        return SEATS[person] in human

    def colour_of(self, person: Person) -> Player:
        """The colour `person` holds now (black: X)."""
        black = self.opening.black if self.opening is not None else Person.FIRST
        return Player.X if person is black else Player.O

    def reseat(self) -> None:
        """`human`, `players` and the score key's levels as the opening's swaps leave them."""
        if self.seated is None:
            return
        human, players = self.seated
        swapped = self.opening is not None and self.opening.black is Person.SECOND
        if not swapped:
            self.human, self.players = human, dict(players)
        else:
            self.human = frozenset(side.other for side in human)
            self.players = {side.other: player for side, player in players.items()}
        levels = self.key.levels
        if self.mode is Mode.CVC and len(levels) == 2 and swapped != self._levels_swapped:
            self.key = replace(self.key, levels=(levels[1], levels[0]))
        self._levels_swapped = swapped

    def step(self, action: Action, now: float) -> None:
        """Take an opening step for the person asked. OpeningRefused (changing nothing)."""
        opening, decision = self.opening, self.decision
        if opening is None or decision is None:
            raise OpeningRefused(Refused(Refusal.OVER) if opening else _NOT_ASKED)
        self.opening = opening.apply(action)
        self.offering = ()
        self.state = self.opening.state
        self.last_move_at = now
        if self.person_is_human(decision.person):
            self.person_moved = True
        self.reseat()

    # -- questions ------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the game has ended (on the board, a side's clock ran out, or an engine
        thought past its time)."""
        return self.state.is_over or self.loser_on_time is not None

    @property
    def loser_on_time(self) -> Player | None:
        """The side that lost on time: its clock ran out, or its engine thought past the
        turn's time (as Gomocup decides); None otherwise."""
        return self.lost_on_time if self.lost_on_time is not None else self.forfeit

    def move_limit(self) -> Limit:
        """How long the computer may think its move (`think`)."""
        return Limit(time=self.think)

    @property
    def started(self) -> bool:
        """True once a move has been made (or an opening step taken)."""
        return self.state.move_count > self.setup or bool(self.opening and self.opening.steps)

    def moves(self) -> tuple[Move, ...]:
        """The game's moves, after its set-up stones."""
        return self.state.history[self.setup :]

    def human_to_move(self) -> bool:
        """Whether a person plays the next move (or takes the opening's decision)."""
        decision = self.decision
        if decision is not None:
            return self.person_is_human(decision.person)
        return not self.over and self.state.to_move in self.human

    def computer_to_move(self) -> bool:
        """Whether a computer plays the next move or takes the opening's decision (paused or
        not)."""
        decision = self.decision
        if decision is not None:
            return not self.person_is_human(decision.person)
        return not self.over and self.state.to_move not in self.human

    def marked_move(self) -> Move | None:
        """The last move, if a computer made it or two people play."""
        last = self.state.last_move
        if last is None:
            return None
        mover = self.state.to_move.other
        return last if mover not in self.human or self.mode is Mode.HVH else None

    def result(self) -> Result | None:
        """The result so far: None while the game goes on (see `scores.Result`)."""
        if not self.over:
            return None
        loser = self.loser_on_time
        winner = self.state.winner if loser is None else loser.other
        if winner is None:
            return Result.DRAW
        first = winner in self.human if self.mode is Mode.HVC else winner is Player.X
        return Result.WIN if first else Result.LOSS

    def abandoning_counts(self) -> bool:
        """Whether leaving this game now counts it as a loss (you moved against a computer)."""
        return self.mode is Mode.HVC and self.person_moved and not self.over and not self.counted

    # -- changes --------------------------------------------------------------------

    def play(self, move: Move, now: float) -> None:
        """Play `move` for the side to move. Raises IllegalMove (and changes nothing); during
        the opening, OpeningRefused (an `IllegalMove` is not raised: see `step`)."""
        if self.in_opening:
            raise OpeningRefused(_NOT_ASKED)
        mover = self.state.to_move
        self.state = self.state.play(move)
        self.last_move_at = now
        if self.clock is not None:
            self.clock.moved(now)
        if mover in self.human:
            self.person_moved = True

    def undo(self, now: float) -> Move | None:
        """Go back to the person's previous turn; the square of the move undone, or None.

        Against a computer the computer's reply is undone too. None when no
        move of a person can be undone. Into the opening: its steps are undone
        back to the person's last decision (both persons': the last step), and
        the cursor's square is returned. A game lost on time is on again once
        something is undone (the clock gives the undone time back).
        """
        undone_to = self._undo(now)
        if undone_to is not None:
            self.lost_on_time = self.forfeit = None
        return undone_to

    def _undo(self, now: float) -> Move | None:
        state = self.state
        floor = self.opening.state.move_count if self.opening is not None else self.setup
        if not any(
            (Player.X if i % 2 == 0 else Player.O) in self.human
            for i in range(floor, state.move_count)
        ):
            return self._undo_opening(now)
        undone = state.undo()
        while undone.to_move not in self.human:
            undone = undone.undo()
        last_human = state.history[undone.move_count]
        self.state = undone
        self.halted = None
        if self.clock is not None:
            self.clock.undo_to(undone.move_count, now)
        self.last_move_at = now
        self.cursor = last_human
        return last_human

    def keep_set_up(self, stones: int) -> None:
        """The first `stones` moves are a set-up position's (the position editor's): never
        undone, not numbered, and the game is scored apart (`ScoreKey.setup`)."""
        self.setup = min(stones, self.state.move_count)
        self.key = replace(self.key, setup=True)

    def halt(self, why: str) -> None:
        """The computer stops playing (a hosted engine failed): `why`, in words."""
        self.halted = why

    def close(self) -> None:
        """End the hosted engines' processes (`EngineStrategy.end_soon`: a hung one takes
        seconds; `engines.end_all` waits for them at exit)."""
        for player in {id(p): p for p in (*self.players.values(), self.hinter)}.values():
            if is_engine(player):
                player.end_soon()

    def _undo_opening(self, now: float) -> Move | None:
        """Undo opening steps back to the person's last decision; None if there is none."""
        opening = self.opening
        if opening is None or not self.seated:
            return None
        people = [p for p in Person if self.person_is_human(p)]
        try:
            if len(people) == 2:
                undone = opening.undo()
            elif people:
                undone = opening.undo_for(people[0])
            else:
                return None
        except OpeningRefused:
            return None
        self.opening = undone
        self.offering = ()
        self.state = undone.state
        if self.clock is not None:
            self.clock.undo_to(undone.state.move_count, now)
        self.last_move_at = now
        self.reseat()
        return self.cursor

    def run_clock(self, running: bool, now: float) -> Player | None:
        """Run the clock of the side to move (or stop it: `running` False) and see whether
        its time is up: then the game is over, lost on time by the side returned. The
        clocks stand still through an opening rule's steps; its stones and a set-up
        position's count as untimed moves (`GameClock.catch_up`)."""
        clock = self.clock
        if clock is None or self.over:
            return None
        if self.in_opening:
            clock.stop(now)
            return None
        clock.catch_up(self.state.move_count)
        if running:
            clock.start(now)
        else:
            clock.stop(now)
        fallen = clock.fallen(now)
        if fallen is not None:
            clock.stop(now)
            self.lost_on_time = fallen
        return fallen

    def move_cursor(self, rows: int, cols: int) -> None:
        """Move the cursor by (rows, cols), stopping at the edges."""
        row = min(self.rules.rows - 1, max(0, self.cursor.row + rows))
        col = min(self.rules.cols - 1, max(0, self.cursor.col + cols))
        self.cursor = Move(row, col)


_NOT_ASKED = Refused(Refusal.NOT_ASKED)


def check_move(match: Match, move: Move) -> str | None:
    """Why a person can't play `move` now, or None if they can."""
    if match.state.cell(move) is not None:
        return _("That square is taken")
    try:
        match.state.play(move)
    except ForbiddenMove as error:
        return _("{square} is forbidden for black: {foul}").format(
            square=square_name(match.rules, move), foul=foul_name(error.foul)
        )
    except IllegalMove as error:
        return str(error)
    return None
