"""The plain line mode's conversation: one fact a line, one move or command a line.

The same `Match` (position, players, undo) and `Session` (score and
statistics) as the full-screen app; only the way in and out differs. Every
line a person reads goes through `i18n`. A finished game is counted and the
statistics saved at once; a game left unfinished against the computer after
your first move counts as a loss, as in the app.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ..choices import First, Mode, Settings
from ..engine import Move, Player, RowOrigin, unwon_line
from ..engine.openings import Action, Choice, Decision, OpeningRefused, Person
from ..engines import EngineError, LostOnTime
from ..i18n import _, ngettext
from ..play.analysis import analyse, score_text
from ..play.hosting import NO_ENGINES, Hosting
from ..play.match import Match
from ..play.openings import (
    colours_words,
    decider_notice,
    decision_words,
    reader,
    refusal_words,
    sentence,
    step_words,
    who_words,
)
from ..play.session import Session
from ..scores import Result, Scores
from ..squares import example_square, is_tictactoe, last_square, rows_from
from ..strategies import HINT_LIMIT
from ..strategies.levels import move_limit
from ..words import (
    answer_name,
    computer_name,
    foul_name,
    game_name,
    mode_name,
    no_win_words,
    opening_name,
    side_name,
    win_words,
)
from .board import board_lines, square_text
from .lines import Command, Unknown, answer, read_line
from .opening import opening_answer


@dataclass(frozen=True, slots=True)
class Console:
    """Where lines come from and go to."""

    read: Callable[[str], str | None]
    """Show a prompt and read one line; None at the end of input."""
    say: Callable[[str], None]
    """Write one line."""


class EndOfInput(Exception):
    """Standard input ended: the run ends as if `quit` had been typed."""


class LineGame:
    """Games in the plain line mode, from the first prompt to `quit` or the end of input."""

    def __init__(
        self,
        settings: Settings,
        console: Console,
        *,
        statistics: Scores | None = None,
        save_statistics: Callable[[Scores], str | None] | None = None,
        show_board: bool = False,
        seed: int | None = None,
        hosting: Hosting = NO_ENGINES,
    ) -> None:
        self.settings = settings
        self.hosting = hosting
        self.console = console
        self.session = Session(statistics)
        self.save_statistics = save_statistics
        self.show_board = show_board
        self.seed = seed
        self.games = 0
        self.notices_said: set[str] = set()
        self.match = self._new_match()

    # -- the conversation -------------------------------------------------------------

    def run(self) -> None:
        """Play until `quit` or the end of input (the game left is counted as the app does)."""
        self._introduce()
        while True:
            match = self.match
            if match.in_opening and match.computer_to_move():
                self._computer_decides()
                continue
            if match.computer_to_move() and match.halted is None:
                self._computer_moves()
                continue
            if match.over and not match.counted:
                self._finish_game()
            try:
                if not self._handle(self._read(self._prompt())):
                    return
            except EndOfInput:
                self.leave()
                return

    def _read(self, prompt: str) -> str:
        """One line typed after `prompt`; raises EndOfInput at the end of input."""
        text = self.console.read(prompt)
        if text is None:
            raise EndOfInput
        return text

    def leave(self) -> None:
        """The run ends now (quit, end of input, a signal): count a game left unfinished."""
        match = self.match
        if match.abandoning_counts():
            match.counted = True
            self.session.count(match.key, Result.LOSS, abandoned=True)
            self._save()

    def _handle(self, text: str) -> bool:
        """Act on one typed line; False when the run should end."""
        line = read_line(text, self.match.rules)
        if line is None:
            self.console.say(_("Type a square, or help for the commands."))
        elif self.match.in_opening and not isinstance(line, Command):
            self._person_decides(text)
        elif isinstance(line, Unknown):
            self.console.say(line.reason)
        elif isinstance(line, Move):
            self._person_moves(line)
        elif line is Command.QUIT:
            if self._confirm_leaving(_("Quit? This game counts as a loss. (yes/no) ")):
                self.leave()
                return False
        else:
            self.COMMANDS[line](self)
        return True

    def _prompt(self) -> str:
        match = self.match
        if match.over:
            return _("new or quit: ")
        decision = match.decision
        if decision is not None:
            return _("{question}: ").format(question=self._decision_words(decision))
        if match.computer_to_move():  # the computer stopped (a hosted engine failed)
            return _("undo, new or quit: ")
        side = side_name(match.state.to_move, match.rules)
        if match.mode is Mode.HVC:
            return _("Your move ({side}): ").format(side=side)
        return _("{side} to move: ").format(side=side)

    def _confirm_leaving(self, question: str) -> bool:
        """True unless leaving counts as a loss and the person says no."""
        if not self.match.abandoning_counts():
            return True
        while True:
            decided = answer(self._read(question))
            if decided is not None:
                return decided
            self.console.say(_("Please answer yes or no."))

    # -- facts ------------------------------------------------------------------------

    def _introduce(self) -> None:
        self.console.say(
            _("tictac, plain mode. {game}, {mode}.").format(
                game=game_name(self.match.rules), mode=mode_name(self.settings.mode)
            )
        )
        if self.settings.clock.timed:
            self.console.say(_("The plain mode has no clocks: games here are untimed."))
        self._announce_game()

    def _announce_game(self) -> None:
        match = self.match
        rules = match.rules
        if match.mode is Mode.HVC and match.in_opening:
            level = computer_name(match.key.levels[0])
            self.console.say(
                _("New game against {level}: the opening decides the colours.").format(level=level)
            )
        elif match.mode is Mode.HVC:
            you = Player.X if Player.X in match.human else Player.O
            level = computer_name(match.key.levels[0])
            if you is Player.X:
                text = _("New game. You play {side} and move first, against {level}.")
            else:
                text = _("New game. You play {side}; the computer ({level}) moves first.")
            self.console.say(text.format(side=side_name(you, rules), level=level))
        elif match.mode is Mode.CVC:
            x, o = (computer_name(level) for level in match.key.levels)
            self.console.say(
                _("New game. {x_side} ({x}) against {o_side} ({o}).").format(
                    x_side=side_name(Player.X, rules), x=x, o_side=side_name(Player.O, rules), o=o
                )
            )
        else:
            self.console.say(
                _("New game. {side} moves first.").format(side=side_name(Player.X, rules))
            )
        if is_tictactoe(rules):
            self.console.say(_("Squares are 1 to 9, row by row from the top left."))
        else:
            last = square_text(rules, last_square(rules))
            if rows_from() is RowOrigin.TOP:
                words = _("Squares are a letter and a number, A1 (top left) to {last}.")
            else:
                words = _("Squares are a letter and a number, A1 (bottom left) to {last}.")
            self.console.say(words.format(last=last))
        self.console.say(_("Type board to see the board, help for the commands."))
        self._announce_opening()

    def _show_board(self) -> None:
        rules = self.match.rules
        names = [(side.value, side_name(side, rules)) for side in Player]
        if any(stone != name for stone, name in names):
            legend = "  ".join(f"{stone} {name}" for stone, name in names)
            self.console.say(_("Stones: {legend}").format(legend=legend))
        for line in board_lines(self.match.state):
            self.console.say(line)

    def _say_move(self, mover: Player, move: Move) -> None:
        match = self.match
        square = square_text(match.rules, move)
        if match.mode is Mode.HVC:
            if mover in match.human:
                text = _("You play {square}").format(square=square)
            else:
                text = _("Computer plays {square}").format(square=square)
        else:
            text = _("{side} plays {square}").format(
                side=side_name(mover, match.rules), square=square
            )
        self.console.say(text)
        unwon = unwon_line(match.state)
        if unwon is not None:
            self.console.say(no_win_words(unwon, match.rules))

    def _finish_game(self) -> None:
        """Say the result and the score; count the game and save the statistics."""
        match = self.match
        result = match.result()
        assert result is not None
        self.console.say(self._result_words(result))
        line = match.state.winning_line
        if line:
            squares = " ".join(square_text(match.rules, move) for move in line)
            self.console.say(_("Winning line: {squares}.").format(squares=squares))
        match.counted = True
        self.session.count(match.key, result, hinted=match.hinted)
        self._save()
        self.console.say(self._score_words())

    def _result_words(self, result: Result) -> str:
        match = self.match
        if result is Result.DRAW:
            return _("Draw")
        if match.mode is Mode.HVC:
            return _("You win") if result is Result.WIN else _("Computer wins")
        winner = Player.X if result is Result.WIN else Player.O
        return win_words(winner, match.rules)

    def _score_words(self) -> str:
        match = self.match
        record = self.session.tally(match.key)
        if match.mode is Mode.HVC:
            text = _("Score: you {wins}, computer {losses}, draws {draws}.")
        else:
            text = _("Score: {x} {wins}, {o} {losses}, draws {draws}.")
        return text.format(
            wins=record.wins,
            losses=record.losses,
            draws=record.draws,
            x=side_name(Player.X, match.rules),
            o=side_name(Player.O, match.rules),
        )

    def _save(self) -> None:
        if self.save_statistics is not None:
            problem = self.save_statistics(self.session.statistics)
            if problem:
                self.console.say(problem)

    # -- the opening ------------------------------------------------------------------

    def _announce_opening(self) -> None:
        """Name the opening rule, and say what the computers decide first."""
        match = self.match
        if match.opening is None:
            return
        self.console.say(_("Opening rule: {rule}.").format(rule=opening_name(match.opening.rule)))
        if match.mode is Mode.HVC:
            first = match.person_is_human(Person.FIRST)
            self.console.say(
                _("You are the first player: you start the opening.")
                if first
                else _("The computer is the first player: it starts the opening.")
            )

    def _you(self, person: Person) -> bool | None:
        """True if the reader decides for `person`, False for the computer, None between
        two people or two computers."""
        match = self.match
        return reader(match.mode is Mode.HVC, match.person_is_human(person))

    def _decision_words(self, decision: Decision) -> str:
        return decision_words(decision, self.match.state.move_count, self._you(decision.person))

    def _who(self, person: Person) -> str | None:
        """Who took a step, for `step_words` (None: the reader)."""
        return who_words(self._you(person), person)

    def _name(self, move: Move) -> str:
        return square_text(self.match.rules, move)

    def _person_decides(self, text: str) -> None:
        """A typed answer to the opening's decision, taken or refused with the reason."""
        match = self.match
        decision = match.decision
        assert decision is not None
        answer = opening_answer(text, decision, match.rules)
        if isinstance(answer, Unknown):
            self.console.say(answer.reason)
            return
        try:
            match.step(answer, time.monotonic())
        except OpeningRefused as refused:
            self.console.say(
                sentence(refusal_words(refused.refused, match.state.move_count, self._name))
            )
            return
        self._stepped(decision, answer)

    def _computer_decides(self) -> None:
        match = self.match
        decision = match.decision
        assert decision is not None
        decider = match.deciders[decision.person]
        answer = decider.decide(match.opening) if match.opening is not None else None
        notice = decider_notice(decider)
        if notice and notice not in self.notices_said:
            self.notices_said.add(notice)
            self.console.say(notice)
        assert answer is not None
        match.step(answer, time.monotonic())
        self._stepped(decision, answer)

    def _stepped(self, decision: Decision, action: Action) -> None:
        """Say the step taken; at the opening's end, who plays which colour."""
        match = self.match
        self.console.say(sentence(step_words(action, self._name, self._who(decision.person))))
        if match.opening is not None and match.opening.is_over:
            you_first = match.person_is_human(Person.FIRST) if match.mode is Mode.HVC else None
            self.console.say(sentence(colours_words(match.opening, you_first)))
        if self.show_board:
            self._show_board()

    # -- moves ------------------------------------------------------------------------

    def _person_moves(self, move: Move) -> None:
        match = self.match
        if match.over:
            self.console.say(_("The game is over: type new for another, or quit."))
            return
        problem = self._refusal(move)
        if not problem and match.computer_to_move():
            problem = _("The computer stopped: type undo to try again, new or quit.")
        if problem:
            self.console.say(problem)
            return
        mover = match.state.to_move
        match.play(move, time.monotonic())
        match.cursor = move
        self._say_move(mover, move)
        self._after_move()

    def _refusal(self, move: Move) -> str | None:
        """Why the side to move can't play `move`, in words; None if it can."""
        state = self.match.state
        square = square_text(state.rules, move)
        if state.cell(move) is not None:
            return _("{square} is taken.").format(square=square)
        foul = state.forbidden_reason(move)
        if foul is not None:
            return _("{square} is forbidden for black: {foul}.").format(
                square=square, foul=foul_name(foul)
            )
        if not state.is_legal(move):
            return _("{square} can't be played now.").format(square=square)
        return None

    def _computer_moves(self) -> None:
        match = self.match
        mover = match.state.to_move
        player = match.players[mover]
        try:
            move = player.choose(match.state, move_limit(player.name, match.think))
        except EngineError as error:
            self._engine_failed(error)
            return
        if not match.state.is_legal(move):  # never expected: a legal move rather than a stop
            move = match.state.legal_moves()[0]
        match.play(move, time.monotonic())
        self._say_move(mover, move)
        self._after_move()

    def _engine_failed(self, error: EngineError) -> None:
        """A hosted engine failed: say so; past its time it loses (as Gomocup decides),
        otherwise the game waits (undo tries again; new or quit)."""
        match = self.match
        self.console.say(error.message() + ".")
        if isinstance(error, LostOnTime):
            match.forfeit = match.state.to_move
        else:
            match.halt(error.message())
            self.console.say(_("The game is kept: undo tries again; new or quit."))

    def _after_move(self) -> None:
        if self.show_board:
            self._show_board()

    # -- commands ---------------------------------------------------------------------

    def _undo(self) -> None:
        match = self.match
        if match.halted is not None and match.mode is Mode.CVC:
            match.halted = None
            self.console.say(_("Trying again."))
            return
        if match.mode is Mode.CVC:
            self.console.say(_("Nothing to undo: the computers play both sides."))
            return
        before = match.state.move_count
        history = match.state.history
        steps = len(match.opening.steps) if match.opening is not None else 0
        undone = match.undo(time.monotonic())
        if undone is None and match.halted is not None:
            match.halted = None
            self.console.say(_("Trying again."))
            return
        if undone is None:
            self.console.say(_("Nothing to undo."))
            return
        if match.opening is not None and len(match.opening.steps) < steps:
            back = steps - len(match.opening.steps)
            self.console.say(
                ngettext(
                    "Took back {count} opening step.", "Took back {count} opening steps.", back
                ).format(count=back)
            )
            if self.show_board:
                self._show_board()
            return
        taken = history[match.state.move_count : before]
        squares = ", ".join(square_text(match.rules, move) for move in taken)
        self.console.say(_("Took back {squares}.").format(squares=squares))
        if self.show_board:
            self._show_board()

    def _hint(self) -> None:
        match = self.match
        if match.over or match.hinter is None or not match.human_to_move() or match.in_opening:
            self.console.say(_("No hint now."))
            return
        try:
            move = match.hinter.choose(match.state, HINT_LIMIT)
        except EngineError as error:
            late = error.late() if isinstance(error, LostOnTime) else error  # a hint loses nothing
            self.console.say(_("No hint: {problem}.").format(problem=late.message()))
            return
        match.hinted = True
        self.console.say(_("Hint: {square}").format(square=square_text(match.rules, move)))

    def _help(self) -> None:
        rules = self.match.rules
        example = example_square(rules)
        for line in (
            _("Type a square to play there, for example {example}.").format(example=example),
            _("board: show the board"),
            _("undo: take back your last move"),
            _("hint: suggest a move"),
            _("analyse: the evaluation and the best line for the side to move"),
            _(
                "in the opening: a square, {swap} or {keep} (1, 2, 3 as listed), a number,"
                " or squares"
            ).format(swap=answer_name(Choice.SWAP), keep=answer_name(Choice.KEEP)),
            _("new: start a new game"),
            _("quit: leave"),
            _("help: this list"),
        ):
            self.console.say(line)

    def _new(self) -> None:
        if not self._confirm_leaving(_("New game? This one counts as a loss. (yes/no) ")):
            return
        self.leave()
        self.games += 1
        self.match.close()
        self.match = self._new_match()
        self._announce_game()

    def _board(self) -> None:
        self._show_board()

    def _analyse(self) -> None:
        """The analyst's evaluation and best line for the position, in one line; a game
        analysed counts like one with hints."""
        match = self.match
        if match.over:
            self.console.say(_("The game is over: nothing to analyse."))
            return
        verdict = analyse(match.state, seed=self.seed)
        match.hinted = True
        side = side_name(match.state.to_move, match.rules)
        score = score_text(verdict.score)
        line = " ".join(square_text(match.rules, move) for move in verdict.line)
        if verdict.solved:
            words = _("Analysis for {side}: {score} (solved): {line}")
            self.console.say(words.format(side=side, score=score, line=line))
            return
        self.console.say(
            _("Analysis for {side}: {score}, depth {depth}, {nodes} nodes: {line}").format(
                side=side, score=score, depth=verdict.depth, nodes=verdict.nodes, line=line
            )
        )

    COMMANDS: ClassVar[dict[Command, Callable[[LineGame], None]]] = {
        Command.UNDO: _undo,
        Command.HINT: _hint,
        Command.HELP: _help,
        Command.NEW: _new,
        Command.BOARD: _board,
        Command.ANALYSE: _analyse,
    }

    def _new_match(self) -> Match:
        first = self.settings.first
        human_first = first is First.HUMAN or (first is First.ALTERNATE and self.games % 2 == 0)
        seed = None if self.seed is None else self.seed + 10 * self.games
        match = Match.start(
            self.settings,
            human_first=human_first,
            now=time.monotonic(),
            seed=seed,
            hosting=self.hosting,
        )
        match.clock = None  # the line mode has no clocks
        return match
