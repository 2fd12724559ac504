"""The replay viewer and the list of saved games: their state and their controllers.

Pure: no files, no curses. The viewer steps through a `GameRecord`
(arrows one move, Home/End the start and the end) and "plays from here"
(`c` against the computer, `f` with a friend: in the viewer `f`, the game's
key for renju's forbidden marks, has nothing to mark):
a new game from the shown position, the record's earlier moves its
history (so undo works across them). The open list holds the saved games
`saved.Shelf.games` found (newest first); Enter opens one in the viewer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..choices import Mode
from ..engine import GameState, Move, Rules
from ..i18n import _, ngettext
from ..i18n.visible import shown_name
from ..play.review import Review, read_review, review_comments
from ..records import GameRecord
from ..saved import SavedGame, Skipped
from .actions import Action
from .effects import Question, SaveGame
from .host import Controller, Handler, Host, analysis_actions, open_saved, toggle_numbers
from .messages import Message, Tone
from .recordwords import result_text
from .reviewing import ReviewJob
from .screens import Screen


@dataclass
class Viewer:
    """A record on show at move `position` (0: the empty board; a set-up position's record
    starts at its set-up stones, `first`)."""

    record: GameRecord
    name: str
    """Where it came from (a file name), for the title."""
    position: int = 0
    review: Review | None = None
    """The game's review: read from the record's comments, or made with x."""

    def __post_init__(self) -> None:
        self.position = self.last
        if self.review is None:
            self.review = read_review(self.record.comments, self.states())

    def states(self) -> list[GameState]:
        """The first position and the one after each move (the foul stone left out)."""
        return [self.record.state_at(n) for n in range(len(self.record.moves) + 1)]

    def reviewed(self, review: Review) -> None:
        """Keep `review` with the record (its comments carry it into a saved SGF)."""
        self.review = review
        comments = review_comments(self.record.comments, review)
        record = self.record
        self.record = GameRecord(
            record.rules,
            record.all_moves,
            record.players,
            record.result,
            record.date,
            comments,
            record.opening,
            setup=record.setup,
            times=record.times,
        )

    def mistake(self, by: int) -> bool:
        """Step to the next (by > 0) or previous marked move; False when there is none."""
        if self.review is None:
            return False
        numbers = [m.number for m in self.review.marked()]
        ahead = [n for n in numbers if (n > self.position if by > 0 else n < self.position)]
        if not ahead:
            return False
        self.position = ahead[0] if by > 0 else ahead[-1]
        return True

    @property
    def first(self) -> int:
        """The first position shown: after the set-up stones (0 for a game from the empty
        board)."""
        return self.record.setup

    @property
    def last(self) -> int:
        """The last position: every move, the foul stone included."""
        return len(self.record.all_moves)

    @property
    def state(self) -> GameState:
        """The position shown (before the foul stone, when it is shown)."""
        return self.record.state_at(min(self.position, len(self.record.moves)))

    @property
    def foul_shown(self) -> Move | None:
        """The foul stone, when the viewer is on it."""
        foul = self.record.foul
        return foul if foul is not None and self.position == self.last else None

    def step(self, by: int) -> None:
        """Forwards (by > 0) or backwards, stopping at the ends."""
        self.position = max(self.first, min(self.last, self.position + by))

    def at_a_foul(self) -> bool:
        """The shown position is the foul stone's (play can't go on from it)."""
        return self.foul_shown is not None

    def words(self) -> str:
        """ "Move 12 of 31" (and the result at the end: "Move 31 of 31: X won")."""
        first = self.first
        text = _("Move {number} of {total}").format(
            number=self.position - first, total=self.last - first
        )
        if self.position == self.last and self.record.result is not None:
            text = _("{move}: {result}").format(move=text, result=result_text(self.record))
        return text


@dataclass
class Library:
    """The saved games offered by Open, and the one highlighted.

    The files are read off the input loop (`listing.Lister`): the list fills
    in, newest first, while `waiting` files are still to be read.
    """

    games: list[SavedGame] = field(default_factory=list)
    highlight: int = 0
    waiting: int = 0
    """Files found and not read yet."""
    surveyed: bool = True
    """The folder has been looked through (False: not even the names are known yet)."""
    skipped: tuple[Skipped, ...] = ()
    """Files left out (not regular, too large), said under the list."""

    @property
    def reading(self) -> bool:
        """Files are still being read."""
        return not self.surveyed or self.waiting > 0

    def move(self, by: int) -> None:
        """Move the highlight, stopping at the ends."""
        self.highlight = max(0, min(len(self.games) - 1, self.highlight + by))

    def found(self, count: int, skipped: tuple[Skipped, ...]) -> None:
        """The folder was looked through: `count` files to read, `skipped` left out."""
        self.surveyed = True
        self.waiting = count
        self.skipped = skipped

    def read(self, game: SavedGame) -> None:
        """One more file was read (they come newest first)."""
        self.games.append(game)
        self.waiting = max(0, self.waiting - 1)


def review_done_words(marked: int) -> str:
    """The message at a review's end: "Review done: 1 mistake marked ([ and ] go to it)"."""
    return ngettext(
        "Review done: {count} mistake marked ([ and ] go to it)",
        "Review done: {count} mistakes marked ([ and ] go to them)",
        marked,
    ).format(count=marked)


class ReplayScreen(Controller):
    """The replay viewer: the record on show, and "play on from here"."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.viewer: Viewer | None = None
        self.play_on_mode: Mode | None = None
        """The mode "play from here" asked for (None: the menu's)."""
        self.job: ReviewJob | None = None
        """The review under way, if any."""

    def board(self) -> Rules | None:
        """The record's board."""
        return self.viewer.record.rules if self.viewer is not None else None

    def actions(self) -> dict[Action, Handler]:
        """What each of the viewer's actions does."""
        host = self.host

        def stepper(by: int) -> Handler:
            return lambda command, now, key: self.shown().step(by)

        def play_on(mode: Mode | None) -> Handler:
            return lambda command, now, key: self.play_from_here(mode, now)

        return {
            Action.STEP_BACK: stepper(-1),
            Action.STEP_FORWARD: stepper(1),
            Action.FIRST_MOVE: lambda command, now, key: self.shown().step(-self.shown().last),
            Action.LAST_MOVE: lambda command, now, key: self.shown().step(self.shown().last),
            Action.PLAY_ON: play_on(None),
            Action.PLAY_ON_WITH_COMPUTER: play_on(Mode.HVC),
            Action.PLAY_ON_WITH_FRIEND: play_on(Mode.HVH),
            Action.TOGGLE_MOVES: lambda command, now, key: self.toggle_moves(),
            Action.TOGGLE_NUMBERS: lambda command, now, key: toggle_numbers(host),
            Action.OPEN_SAVED: lambda command, now, key: open_saved(host),
            Action.QUIT: lambda command, now, key: host.ask(Question.QUIT, now),
            Action.BACK: lambda command, now, key: self.leave(),
            Action.SHOW_HELP: lambda command, now, key: host.go(Screen.HELP),
            **analysis_actions(host),
            Action.REVIEW: lambda command, now, key: self.review(now),
            Action.SAVE_GAME: lambda command, now, key: host.emit(SaveGame(self.shown().record)),
            Action.NEXT_MISTAKE: lambda command, now, key: self.to_mistake(1),
            Action.PREVIOUS_MISTAKE: lambda command, now, key: self.to_mistake(-1),
        }

    def review(self, now: float) -> None:
        """x: review the whole game in the background (x again: cancel)."""
        if self.job is not None:
            self.cancel_review()
            self.host.say(Message(_("Review cancelled"), Tone.NOTE))
            return
        viewer = self.shown()
        if not viewer.record.moves:
            self.host.say(Message(_("No moves to review"), Tone.WARNING))
            return
        self.host.computer.cancel()
        if self.host.analysis.shown:
            self.host.analysis.toggle()  # the review's panel takes its place
        settings = self.host.settings
        self.job = ReviewJob(viewer.record, settings.analyst, now, seconds=settings.review.seconds)
        self.host.say(Message(_("Reviewing the game (x cancels)"), Tone.NOTE))

    def cancel_review(self) -> None:
        """Stop the review under way."""
        if self.job is not None:
            self.job.cancel()
        self.job = None

    def poll(self, now: float) -> bool:
        """Take the review's result when it has come; True when something changed."""
        job = self.job
        if job is None:
            return False
        if job.running():
            return True
        self.job = None
        if job.error:
            self.host.say(Message(job.error, Tone.WARNING))
        elif job.result is not None and self.viewer is not None:
            self.viewer.reviewed(job.result)
            self.host.say(Message(review_done_words(len(job.result.marked())), Tone.SUCCESS))
        return True

    def to_mistake(self, by: int) -> None:
        """] and [: the next or previous mistake."""
        viewer = self.shown()
        if viewer.review is None:
            self.host.say(Message(_("No review yet: x reviews the game"), Tone.NOTE))
        elif not viewer.mistake(by):
            self.host.say(Message(_("No more mistakes that way"), Tone.NOTE))

    def shown(self) -> Viewer:
        """The viewer (the screen is only shown with one)."""
        assert self.viewer is not None
        return self.viewer

    def toggle_moves(self) -> None:
        """v: show or hide the move list."""
        self.host.show_moves = not self.host.show_moves

    def leave(self) -> None:
        """Back from the viewer to the game or menu."""
        self.cancel_review()
        self.viewer = None
        self.host.back()

    def play_from_here(self, mode: Mode | None, now: float) -> None:
        """A new game from the shown position (`mode`: HVC for c, HVH for f, None for
        Enter: the menu's), the record's earlier moves its history."""
        viewer = self.shown()
        if viewer.at_a_foul():
            self.host.say(
                Message(_("The game ended with a foul: step back to play on"), Tone.WARNING)
            )
            return
        if viewer.state.is_over:
            self.host.say(Message(_("The game is over here: step back to play on"), Tone.WARNING))
            return
        self.play_on_mode = mode
        self.host.ask(Question.PLAY_ON, now)

    def confirmed(self, question: Question, now: float) -> None:
        """Yes to playing on (the game in progress is left)."""
        viewer = self.viewer
        if question is not Question.PLAY_ON or viewer is None:
            return
        problem = self.host.continue_game(viewer.record, viewer.state, now, self.play_on_mode)
        if problem is not None:
            self.host.say(Message(problem, Tone.WARNING))


class OpenScreen(Controller):
    """The list of saved games (`Library`), filled in as its files are read."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.library = Library()

    def actions(self) -> dict[Action, Handler]:
        """What each of the list's actions does."""
        library = self.library
        return {
            Action.HIGHLIGHT_UP: lambda command, now, key: self.library.move(-1),
            Action.HIGHLIGHT_DOWN: lambda command, now, key: self.library.move(1),
            Action.HIGHLIGHT_FIRST: lambda command, now, key: library.move(-len(library.games)),
            Action.HIGHLIGHT_LAST: lambda command, now, key: library.move(len(library.games)),
            Action.OPEN_HIGHLIGHTED: lambda command, now, key: self.open_highlighted(),
            Action.QUIT: lambda command, now, key: self.host.ask(Question.QUIT, now),
            Action.BACK: lambda command, now, key: self.host.back(),
        }

    def open_highlighted(self) -> None:
        """Enter on a saved game: show it in the viewer, or say why it can't be."""
        library = self.library
        if not library.games:
            if not library.reading:
                self.host.back()
            return
        game = library.games[library.highlight]
        if game.record is None:
            self.host.say(
                Message(
                    _("{file} can't be opened: {problem}").format(
                        file=shown_name(game.path.name), problem=shown_name(game.problem)
                    ),
                    Tone.WARNING,
                )
            )
            return
        self.host.view_record(game.record, game.path.name)
