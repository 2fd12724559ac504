"""The product's vocabulary in the user's language: the words for the game's values.

Enums carry values (the names files and the command line use); the words a
person reads for them are here and nowhere else, each kind by one function,
translated when it is called (so a language change applies at once):

- rules: `rule_name` ("Renju", "Exactly 4"), `rule_short_name` ("renju");
  opening rules: `opening_name`, and `answer_name` (the swap question's answers);
- boards: `board_name` (the menu's board choice), `game_name` (a board and
  its rule: "Gomoku 15x15 (Renju)");
- sides: `side_name`, the side as the app draws it ("X"/"O"; in Chinese 黑/白
  on gomoku boards); `colour_name`, the stone's colour as records speak of
  it ("black"/"white");
- the menu's choices: `mode_name`, `first_name`, `speed_name`,
  `language_name`, `difficulty_name`, `computer_name` (a difficulty or a
  plug-in), and `choice_name` for any of them;
- clocks: `clock_name` (a time control), `time_loss_words` ("White lost on time");
- computer players: `strategy_description`, `level_note`;
- fouls and results: `foul_name`, `no_win_words`, `win_words`.
"""

from __future__ import annotations

from .choices import (
    HARD_ANALYST,
    Board,
    Computer,
    EnginePlayer,
    First,
    Mode,
    PluginPlayer,
    Ponder,
    ReviewTime,
    Speed,
    Stones,
    Think,
)
from .engine import Foul, NoWin, Player, RowOrigin, Rule, Rules, UnwonLine
from .engine.openings import Choice as SwapAnswer
from .engine.openings import OpeningRule
from .i18n import N_, NATIVE_NAMES, Language, _, pgettext
from .strategies import Difficulty, describe_strategy, strategy_name
from .timecontrol import ClockKind, TimeControl

RULE_NAMES = {
    Rule.FREESTYLE: N_("Freestyle"),
    Rule.EXACT: N_("Exact five"),
    Rule.RENJU: N_("Renju"),
    Rule.CARO: N_("Caro"),
}
SHORT_RULE_NAMES = {
    Rule.FREESTYLE: N_("freestyle"),
    Rule.EXACT: N_("exact"),
    Rule.RENJU: N_("renju"),
    Rule.CARO: N_("caro"),
}
OPENING_NAMES = {
    OpeningRule.NONE: N_("None"),
    OpeningRule.SWAP: N_("Swap"),
    OpeningRule.SWAP2: N_("Swap2"),
    OpeningRule.SOOSORV8: N_("Soosõrv-8"),
    OpeningRule.TARAGUCHI10: N_("Taraguchi-10"),
}
BOARD_NAMES = {
    Board.TICTACTOE: N_("Tic-tac-toe 3x3"),
    Board.GOMOKU15: N_("Gomoku 15x15"),
    Board.GOMOKU19: N_("Gomoku 19x19"),
    Board.CUSTOM: N_("Custom"),
}
MODE_NAMES = {
    Mode.HVC: N_("You vs computer"),
    Mode.HVH: N_("Two players"),
    Mode.CVC: N_("Computer vs computer"),
}
FIRST_NAMES = {
    First.HUMAN: N_("You"),
    First.COMPUTER: N_("Computer"),
    First.ALTERNATE: N_("Alternate each game"),
}
SPEED_NAMES = {Speed.SLOW: N_("Slow"), Speed.NORMAL: N_("Normal"), Speed.FAST: N_("Fast")}
ROWS_FROM_NAMES = {RowOrigin.BOTTOM: N_("Bottom (as books)"), RowOrigin.TOP: N_("Top")}
STONES_NAMES = {Stones.LETTERS: N_("X and O"), Stones.DISCS: N_("Discs")}
PONDER_NAMES = {Ponder.OFF: N_("Off"), Ponder.ON: N_("On")}
DIFFICULTY_NAMES = {
    Difficulty.EASY: N_("Easy"),
    Difficulty.MEDIUM: N_("Medium"),
    Difficulty.CASUAL: N_("Casual"),
    Difficulty.CLUB: N_("Club"),
    Difficulty.STRONG: N_("Strong"),
    Difficulty.EXPERT: N_("Expert"),
    Difficulty.HARD: N_("Hard"),
}
STRATEGY_DESCRIPTIONS = {
    "random": N_("a uniformly random legal move"),
    "heuristic": N_("win, else block, else the best-placed square"),
    "casual": N_("a shallow search on a few nodes, picking freely among good moves"),
    "club": N_("a deeper search on a fixed node budget, picking among its best moves"),
    "strong": N_("the search on a fixed node budget, now and then a move just short of its best"),
    "expert": N_("the full search on a fixed node budget, always its best move"),
    "search": N_("threat search and alpha-beta under a time budget"),
    "proven": N_("moves from proofs where they finish in time, else search"),
    "perfect": N_("exact game-theoretic play on small boards"),
}
"""The built-in players' descriptions (a plug-in's own is shown as it gives it)."""
FOUL_NAMES = {
    Foul.DOUBLE_THREE: N_("double three"),
    Foul.DOUBLE_FOUR: N_("double four"),
    Foul.OVERLINE: N_("overline"),
}

Choice = (
    Board
    | Mode
    | First
    | Speed
    | Think
    | Language
    | Rule
    | OpeningRule
    | Difficulty
    | Computer
    | RowOrigin
    | Stones
    | ReviewTime
    | Ponder
)
"""A value the menu offers: each kind has its words here."""


# -- rules and boards ---------------------------------------------------------------


def rule_name(rule: Rule, k: int = 5) -> str:
    """ "Renju", "连珠", ...; exact with `k` other than five: "Exactly 4"."""
    if rule is Rule.EXACT and k != 5:
        return _("Exactly {k}").format(k=k)
    return _(RULE_NAMES[rule])


def rule_short_name(rule: Rule) -> str:
    """The rule in a word, for narrow status lines: "exact", "renju", "长连不胜"."""
    return _(SHORT_RULE_NAMES[rule])


def opening_name(rule: OpeningRule) -> str:
    """An opening rule's name: "Swap2", "Soosõrv-8", "None" (no opening rule)."""
    return _(OPENING_NAMES[rule])


def answer_name(answer: SwapAnswer) -> str:
    """An answer to the opening's swap question as the question lists it and a person
    may type it: "keep", "swap", "place two more", "offer ten 5th moves"."""
    if answer is SwapAnswer.KEEP:
        return pgettext("swap answer", "keep")
    if answer is SwapAnswer.SWAP:
        return pgettext("swap answer", "swap")
    if answer is SwapAnswer.PLACE_TWO:
        return pgettext("swap answer", "place two more")
    return pgettext("swap answer", "offer ten 5th moves")


def board_name(board: Board) -> str:
    """The menu's board choice: "Tic-tac-toe 3x3", "Gomoku 15x15", "Custom", ..."""
    return _(BOARD_NAMES[board])


def game_name(rules: Rules) -> str:
    """The board and rule, as `Rules.describe` says it in English: "Gomoku 15x15 (Renju)"."""
    rule = rules.rule
    if (rules.rows, rules.cols, rules.k) == (3, 3, 3) and rule is Rule.FREESTYLE:
        return _("Tic-tac-toe 3x3")
    if rules.rows == rules.cols and rules.k == 5:
        board = _("Gomoku {size}").format(size=f"{rules.rows}x{rules.cols}")
        if rule is Rule.FREESTYLE:
            return board
        if rule is Rule.EXACT:
            return board + _(" (exact five)")
        return board + _(" ({rule})").format(rule=rule_name(rule))
    board = _("{rows}x{cols}, {k} in a row").format(rows=rules.rows, cols=rules.cols, k=rules.k)
    if rule is Rule.FREESTYLE:
        return board
    if rule is Rule.EXACT:
        return board + _(", exactly")
    return board + _(", {rule}").format(rule=rule_name(rule))


# -- sides --------------------------------------------------------------------------


def side_name(player: Player, rules: Rules | None = None) -> str:
    """The side as the app draws it: "X"/"O"; in Chinese 黑/白 when `rules` is a gomoku
    board (five in a row). Without `rules`: "X"/"O"."""
    if rules is None or rules.k < 5:
        return player.value
    return pgettext("gomoku side", "X") if player is Player.X else pgettext("gomoku side", "O")


def colour_name(player: Player) -> str:
    """The stone's colour, as game records speak of the sides: "black" for X (the first
    player), "white" for O, translated."""
    if player is Player.X:
        return pgettext("record side", "black")
    return pgettext("record side", "white")


# -- the menu's choices -------------------------------------------------------------


def mode_name(mode: Mode) -> str:
    """ "You vs computer", "人机对战", ..."""
    return _(MODE_NAMES[mode])


def first_name(first: First) -> str:
    """Who plays X against the computer: "You", "Computer", "Alternate each game"."""
    return _(FIRST_NAMES[first])


def speed_name(speed: Speed) -> str:
    """ "Slow", "Normal", "Fast"."""
    return _(SPEED_NAMES[speed])


def think_name(think: Think) -> str:
    """ "0.5 s", "30 s": a think time."""
    return _("{seconds} s").format(seconds=think.value)


def language_name(language: Language) -> str:
    """ "From the locale" (translated) for `Language.AUTO`, else the language's name in
    itself: "English", "中文"."""
    if language is Language.AUTO:
        return _("From the locale")
    return NATIVE_NAMES[language]


def difficulty_name(difficulty: Difficulty) -> str:
    """ "Hard", "困难", ..."""
    return _(DIFFICULTY_NAMES[difficulty])


def computer_name(computer: Computer) -> str:
    """What plays a computer side: a difficulty's name, a plug-in's registry name, or
    "Engine NAME"."""
    if isinstance(computer, EnginePlayer):
        return _("Engine {name}").format(name=computer.name)
    if isinstance(computer, PluginPlayer):
        return computer.name
    return difficulty_name(computer)


def choice_name(choice: Choice) -> str:
    """The shown name of any menu choice (`Choice`)."""
    if isinstance(choice, Board):
        return board_name(choice)
    if isinstance(choice, Mode):
        return mode_name(choice)
    if isinstance(choice, First):
        return first_name(choice)
    if isinstance(choice, Speed):
        return speed_name(choice)
    if isinstance(choice, Think):
        return think_name(choice)
    if isinstance(choice, Language):
        return language_name(choice)
    if isinstance(choice, OpeningRule):
        return opening_name(choice)
    if isinstance(choice, Rule):
        return rule_name(choice)
    if isinstance(choice, RowOrigin):
        return _(ROWS_FROM_NAMES[choice])
    if isinstance(choice, Stones):
        return _(STONES_NAMES[choice])
    if isinstance(choice, ReviewTime):
        return review_time_name(choice)
    if isinstance(choice, Ponder):
        return _(PONDER_NAMES[choice])
    return computer_name(choice)


def review_time_name(review: ReviewTime) -> str:
    """ "0.5 s a move"; in Chinese "每步 0.5 秒"."""
    return _("{seconds} s a move").format(seconds=review.value)


def analyst_name(name: str) -> str:
    """The analyst as the app names it: "Hard" for the built-in, else "engine:NAME"."""
    return difficulty_name(Difficulty.HARD) if name == HARD_ANALYST else name


# -- computer players ---------------------------------------------------------------


def clock_name(control: TimeControl) -> str:
    """A time control in words: "None", "30 s a move", "5 min a game", "5 min + 3 s"."""
    kind = control.kind
    if kind is ClockKind.NONE:
        return _("None")
    seconds = control.seconds
    amount = (
        _("{n} min").format(n=seconds // 60) if seconds % 60 == 0 else _("{n} s").format(n=seconds)
    )
    if kind is ClockKind.MOVE:
        return _("{amount} a move").format(amount=amount)
    if kind is ClockKind.GAME:
        return _("{amount} a game").format(amount=amount)
    return _("{amount} + {n} s a move").format(amount=amount, n=control.increment)


def time_loss_words(loser: Player, rules: Rules) -> str:
    """A game lost on time: "White lost on time" (gomoku boards), "O lost on time"."""
    side = colour_name(loser).capitalize() if rules.k >= 5 else side_name(loser, rules)
    return _("{side} lost on time").format(side=side)


def strategy_description(name: str) -> str:
    """What the player `name` does, in a line: a built-in's words, translated; a plug-in's
    own (`strategies.describe_strategy`)."""
    description = STRATEGY_DESCRIPTIONS.get(name)
    return _(description) if description is not None else describe_strategy(name)


def level_note(difficulty: Difficulty, rules: Rules) -> str:
    """What a difficulty means on a board: "Hard: perfect, exact game-theoretic play ..."."""
    name = strategy_name(difficulty, rules)
    return _("{level}: {player}, {about}").format(
        level=difficulty_name(difficulty), player=name, about=strategy_description(name)
    )


# -- fouls and results --------------------------------------------------------------


def foul_name(foul: Foul | str) -> str:
    """ "double three", "三三禁手", ..."""
    return _(FOUL_NAMES[Foul(foul)])


def no_win_words(line: UnwonLine, rules: Rules, *, short: bool = False) -> str:
    """Why the last move's line did not win: "Six in a row doesn't win under exact five"
    (`short`: a form for narrow terminals, where one is needed)."""
    if line.reason is NoWin.BLOCKED:
        if short:
            return _("Blocked five: no win under caro")
        return _("A five blocked at both ends doesn't win under caro")
    if rules.k != 5:
        return _("{length} in a row doesn't win: exactly {k} wins").format(
            length=line.length, k=rules.k
        )
    if line.length == 6:
        return _("Six in a row doesn't win under exact five")
    return _("{length} in a row doesn't win under exact five").format(length=line.length)


def win_words(winner: Player, rules: Rules) -> str:
    """The end of a won game: "X wins", "黑胜", ..."""
    return _("{side} wins").format(side=side_name(winner, rules))
