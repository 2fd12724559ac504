"""This run's score and the statistics of all runs, counted per `ScoreKey`.

Pure: no files. The model tells it each finished or abandoned game; the
statistics are saved by whoever performs the model's `Effect.SAVE_STATISTICS`.
"""

from __future__ import annotations

from ..choices import Mode
from ..i18n import _
from ..scores import Record, Result, ScoreKey, Scores, add_result, listing_order
from ..words import computer_name, mode_name


class Session:
    """Results counted this run (`tallies`) and over all runs (`statistics`)."""

    def __init__(self, statistics: Scores | None = None) -> None:
        self.tallies: Scores = {}
        self.statistics: Scores = dict(statistics or {})

    def count(
        self, key: ScoreKey, result: Result, *, hinted: bool = False, abandoned: bool = False
    ) -> None:
        """One more game for `key`, in this run's score and in the statistics."""
        self.tallies = add_result(self.tallies, key, result, hinted=hinted, abandoned=abandoned)
        self.statistics = add_result(
            self.statistics, key, result, hinted=hinted, abandoned=abandoned
        )

    def tally(self, key: ScoreKey) -> Record:
        """This run's record for `key`."""
        return self.tallies.get(key, Record())

    def reset_statistics(self) -> None:
        """Forget the statistics of all runs (this run's score stays)."""
        self.statistics = {}

    def summary(self) -> str:
        """This run's score in words, for the restored terminal."""
        if not self.tallies:
            return _("Session score: no games finished")
        lines = [_("Session score:")]
        for key, record in sorted(self.tallies.items(), key=lambda kr: listing_order(kr[0])):
            players = mode_name(key.mode)
            if key.levels:
                players += _(" ({levels})").format(
                    levels=_(" vs ").join(computer_name(level) for level in key.levels)
                )
            lines.append(
                _("  {game}, {players}: {score}").format(
                    game=_game_name(key), players=players, score=score_words(key.mode, record)
                )
            )
        return "\n".join(lines)


def score_words(mode: Mode, record: Record) -> str:
    """ "You 2, Computer 1, Draws 0" against the computer, else "X 1, O 0, Draws 2"."""
    if mode is Mode.HVC:
        text = _("You {wins}, Computer {losses}, Draws {draws}")
    else:
        text = _("X {wins}, O {losses}, Draws {draws}")
    return text.format(wins=record.wins, losses=record.losses, draws=record.draws)


def _game_name(key: ScoreKey) -> str:
    """The board, rule and opening rule of `key` in words (a rule this engine can't play:
    its raw name)."""
    return key.game_label
