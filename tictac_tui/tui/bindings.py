"""Every screen's keys (`KEYMAPS`, in the order the help screen lists them).

A row here is a line of the help screen; a row two screens share (`QUIT_ROW`) is
shown once. The game screen has one hint bar per situation (`GameHint`).
"""

from __future__ import annotations

from enum import IntEnum

from ..i18n import N_
from .actions import Action, Binding, Hint, Keymap, bind
from .screens import Screen

A = Action

ARROWS = "arrows hjkl WASD"
QUIT_ROW = bind("q  Ctrl-C", N_("quit (asks during a game); Ctrl-C at once"), QUIT=A.QUIT)
HELP_ROW = bind("?", N_("this help"), HELP=A.SHOW_HELP)
NEW_ROW = bind("n", N_("new game (asks during a game)"), NEW=A.NEW_GAME)
SELECT_TEXT = N_("play the square / choose")
NUMBERS_ROW = bind("#", N_("move numbers on the stones, or not"), NUMBERS=A.TOGGLE_NUMBERS)
SCROLL_ROW = bind(
    "Up  Down", N_("scroll the help or the statistics"), UP=A.SCROLL_UP, DOWN=A.SCROLL_DOWN
)


def cursor_row(vertical: Action, horizontal: Action) -> Binding:
    """The arrows' row (the game's and the menu's): Up and Down give `vertical`, Left and
    Right `horizontal`."""
    return bind(
        ARROWS,
        N_("move the cursor (in the menu: choose, change)"),
        UP=vertical,
        DOWN=vertical,
        LEFT=horizontal,
        RIGHT=horizontal,
    )


class GameHint(IntEnum):
    """The game screen's hint bars (indexes into its `Keymap.hints`)."""

    PLAYING = 0
    TICTACTOE = 1
    """Playing on 3x3, where digits play."""
    WATCHING = 2
    """Computer vs computer."""
    OVER = 3
    OPENING = 4
    """An opening rule's square to choose (place, offer, pick), a person choosing."""
    OPENING_ANSWER = 5
    """An opening rule's question answered by a digit (swap, a number to declare): its
    ``{keys}`` are the digits that answer (`GameScreen.hint_values`)."""
    OPENING_WAIT = 6
    """An opening rule's decision the computer takes, against a person."""


ANALYSIS_ROW = bind("e", N_("show or hide the analysis"), ANALYSE=A.TOGGLE_ANALYSIS)
BEST_ROW = bind(
    "b  <  >",
    N_("analysis: best line or best moves marked; fewer, more"),
    BEST_LINE=A.TOGGLE_BEST_LINE,
    FEWER_BEST=A.FEWER_BEST,
    MORE_BEST=A.MORE_BEST,
)

PLAYING = (A.UNDO, A.HINT, A.SHOW_HELP, A.NEW_GAME, A.SHOW_MENU, A.QUIT)
"""What the hint bars of a game with a person playing name, besides how to play."""

GAME_KEYS = Keymap(
    (
        cursor_row(A.MOVE_CURSOR, A.MOVE_CURSOR),
        bind("Enter  Space", SELECT_TEXT, SELECT=A.PLAY_SQUARE),
        bind("1-9", N_("play that square on 3x3 (1 top-left)"), DIGIT=A.PLAY_DIGIT),
        bind(":  g", N_("type a square (h8) to play there"), GOTO=A.TYPE_SQUARE),
        bind("u", N_("undo (back to your previous turn)"), UNDO=A.UNDO),
        bind("t", N_("hint: the cursor jumps to a good square"), HINT=A.HINT),
        bind("f", N_("renju: show or hide the forbidden points (#)"), FORBIDDEN=A.TOGGLE_FORBIDDEN),
        bind(
            "p  .  +  -",
            N_("computers playing: pause, one move, faster, slower"),
            PAUSE=A.PAUSE,
            STEP=A.STEP_ONE,
            FASTER=A.FASTER,
            SLOWER=A.SLOWER,
        ),
        NEW_ROW,
        bind(
            "s  o  v",
            N_("save the game, open saved games, move list"),
            SAVE=A.SAVE_GAME,
            OPEN=A.OPEN_SAVED,
            MOVES=A.TOGGLE_MOVES,
        ),
        bind("m  Esc", N_("menu"), MENU=A.SHOW_MENU),
        HELP_ROW,
        bind("r", N_("replay a finished game"), RESET=A.REPLAY_GAME),
        NUMBERS_ROW,
        bind(
            "E", N_("set up a position from this one (the position editor)"), EDIT=A.EDIT_POSITION
        ),
        bind("x", N_("review a finished game (in the replay viewer)"), EXAMINE=A.REVIEW),
        ANALYSIS_ROW,
        BEST_ROW,
        QUIT_ROW,
    ),
    (
        Hint(
            (
                N_("arrows+Enter or g play  u undo  t hint  ? help  n new  m menu  q quit"),
                N_("arrows g play  u undo  t hint  ? help  m  q"),
                N_("u undo  t hint  ? help  q quit"),
            ),
            (A.MOVE_CURSOR, A.PLAY_SQUARE, A.TYPE_SQUARE, *PLAYING),
        ),
        Hint(
            (
                N_("1-9 or arrows+Enter play  u undo  t hint  ? help  n new  m menu  q quit"),
                N_("1-9 play  u undo  t hint  ? help  m  q"),
                N_("u undo  t hint  ? help  q quit"),
            ),
            (A.PLAY_DIGIT, A.MOVE_CURSOR, A.PLAY_SQUARE, *PLAYING),
        ),
        Hint(
            (
                N_("p pause  . step  + - speed  n new  m menu  ? help  q quit"),
                N_("p pause  . step  +/- speed  m  q"),
            ),
            (A.PAUSE, A.STEP_ONE, A.FASTER, A.SLOWER, A.NEW_GAME, A.SHOW_MENU, A.SHOW_HELP, A.QUIT),
        ),
        Hint(
            (
                N_("Enter or n: play again  r replay  s save  u undo  m menu  q quit"),
                N_("Enter or n: play again  u undo  m menu  q quit"),
                N_("Enter: again  u  m  q"),
            ),
            (A.PLAY_SQUARE, A.NEW_GAME, A.REPLAY_GAME, A.SAVE_GAME, A.UNDO, A.SHOW_MENU, A.QUIT),
        ),
        Hint(
            (
                N_("arrows+Enter choose the square  g type  u undo  ? help  m  q"),
                N_("Enter square  g type  u undo  ? help  q"),
                N_("g type  u undo  q quit"),
            ),
            (
                A.MOVE_CURSOR,
                A.PLAY_SQUARE,
                A.TYPE_SQUARE,
                A.UNDO,
                A.SHOW_HELP,
                A.SHOW_MENU,
                A.QUIT,
            ),
        ),
        Hint(
            (
                N_("{keys} answer  g type  u undo  ? help  n new  m menu  q quit"),
                N_("{keys} answer  g type  u undo  ? help  m  q"),
                N_("{keys} answer  u undo  q quit"),
            ),
            (
                A.PLAY_DIGIT,
                A.TYPE_SQUARE,
                A.UNDO,
                A.SHOW_HELP,
                A.NEW_GAME,
                A.SHOW_MENU,
                A.QUIT,
            ),
        ),
        Hint(
            (
                N_("u undo  ? help  n new  m menu  q quit"),
                N_("u undo  ? help  m  q"),
            ),
            (A.UNDO, A.SHOW_HELP, A.NEW_GAME, A.SHOW_MENU, A.QUIT),
        ),
    ),
)
"""The game screen (its rows head the help, without a heading)."""

MENU_KEYS = Keymap(
    (
        cursor_row(A.CHOOSE_ROW, A.CHANGE_VALUE),
        bind("Enter  Space", SELECT_TEXT, SELECT=A.SELECT_ROW),
        NEW_ROW,
        bind("m  Esc", N_("back to the game in progress"), MENU=A.RESUME_GAME),
        bind("o", N_("open saved games"), OPEN=A.OPEN_SAVED),
        HELP_ROW,
        QUIT_ROW,
    ),
    (
        Hint(
            (
                N_("Up/Down choose  Left/Right change  Enter select  ? help  q quit"),
                N_("arrows choose/change  Enter  ? help  q"),
                N_("arrows Enter ? q"),
            ),
            (A.CHOOSE_ROW, A.CHANGE_VALUE, A.SELECT_ROW, A.SHOW_HELP, A.QUIT),
        ),
    ),
    N_("Menu"),
)

STATS_KEYS = Keymap(
    (SCROLL_ROW, bind("r", N_("reset the statistics (asks)"), RESET=A.RESET_STATS)),
    (
        Hint(
            (N_("Up/Down scroll  r reset  any other key: back"), N_("r reset  other: back")),
            (A.SCROLL_UP, A.SCROLL_DOWN, A.RESET_STATS, A.BACK),
        ),
    ),
    N_("Statistics"),
    A.BACK,
)

HELP_KEYS = Keymap(
    (SCROLL_ROW,),
    (
        Hint(
            (N_("Up/Down scroll  any other key: back"), N_("Up/Down  other: back")),
            (A.SCROLL_UP, A.SCROLL_DOWN, A.BACK),
        ),
    ),
    N_("Help"),
    A.BACK,
)

OPEN_KEYS = Keymap(
    (
        bind(
            "Up Down Home End",
            N_("choose a saved game"),
            UP=A.HIGHLIGHT_UP,
            DOWN=A.HIGHLIGHT_DOWN,
            HOME=A.HIGHLIGHT_FIRST,
            END=A.HIGHLIGHT_LAST,
        ),
        bind("Enter  Space", N_("open it in the replay viewer"), SELECT=A.OPEN_HIGHLIGHTED),
        QUIT_ROW,
    ),
    (
        Hint(
            (N_("Up/Down choose  Enter open  any other key: back  q quit"), N_("Enter open")),
            (A.HIGHLIGHT_UP, A.HIGHLIGHT_DOWN, A.OPEN_HIGHLIGHTED, A.BACK, A.QUIT),
        ),
    ),
    N_("Saved games"),
    A.BACK,
)

REPLAY_KEYS = Keymap(
    (
        bind(
            "arrows",
            N_("step back or forward one move"),
            LEFT=A.STEP_BACK,
            UP=A.STEP_BACK,
            RIGHT=A.STEP_FORWARD,
            DOWN=A.STEP_FORWARD,
        ),
        bind("Home  End", N_("the empty board, the last move"), HOME=A.FIRST_MOVE, END=A.LAST_MOVE),
        bind("c", N_("play on from here against the computer"), COMPUTER=A.PLAY_ON_WITH_COMPUTER),
        bind("f", N_("play on from here with a friend"), FORBIDDEN=A.PLAY_ON_WITH_FRIEND),
        bind("Enter  Space", N_("play on from here in the menu's mode"), SELECT=A.PLAY_ON),
        bind(
            "v  o",
            N_("move list, open saved games"),
            MOVES=A.TOGGLE_MOVES,
            OPEN=A.OPEN_SAVED,
        ),
        bind("m  Esc  n", N_("back to the game or the menu"), MENU=A.BACK, NEW=A.BACK),
        NUMBERS_ROW,
        ANALYSIS_ROW,
        BEST_ROW,
        bind("s", N_("save the game (with its review) as a new file"), SAVE=A.SAVE_GAME),
        bind(
            "x  [  ]",
            N_("review the game; previous and next mistake"),
            EXAMINE=A.REVIEW,
            PREVIOUS_MISTAKE=A.PREVIOUS_MISTAKE,
            NEXT_MISTAKE=A.NEXT_MISTAKE,
        ),
        HELP_ROW,
        QUIT_ROW,
    ),
    (
        Hint(
            (
                N_("Left/Right step  Home/End  c vs computer  f with a friend  v moves  m back"),
                N_("<- -> step  Home/End  c/f play on  m back"),
                N_("<- -> Home End c f m"),
            ),
            (
                A.STEP_BACK,
                A.STEP_FORWARD,
                A.FIRST_MOVE,
                A.LAST_MOVE,
                A.PLAY_ON_WITH_COMPUTER,
                A.PLAY_ON_WITH_FRIEND,
                A.TOGGLE_MOVES,
                A.BACK,
            ),
        ),
    ),
    N_("Replay"),
)

EDITOR_KEYS = Keymap(
    (
        bind(
            ARROWS,
            N_("move the cursor"),
            UP=A.MOVE_CURSOR,
            DOWN=A.MOVE_CURSOR,
            LEFT=A.MOVE_CURSOR,
            RIGHT=A.MOVE_CURSOR,
        ),
        bind(
            "Enter  Space",
            N_("the square: empty, black, white in turn (a click too)"),
            SELECT=A.CYCLE_SQUARE,
        ),
        bind(
            "b  o  .",
            N_("a black stone, a white stone, an empty square"),
            BEST_LINE=A.PLACE_BLACK,
            OPEN=A.PLACE_WHITE,
            STEP=A.CLEAR_SQUARE,
        ),
        bind("n", N_("empty the board"), NEW=A.CLEAR_BOARD),
        bind("t", N_("black or white to move"), HINT=A.SWITCH_TO_MOVE),
        bind(
            ":  g",
            N_("type a position (h8i9g7) or a file name"),
            GOTO=A.TYPE_POSITION,
        ),
        bind(
            "c  f  p",
            N_("play from here: vs computer, with a friend, computers"),
            COMPUTER=A.PLAY_SETUP_WITH_COMPUTER,
            FORBIDDEN=A.PLAY_SETUP_WITH_FRIEND,
            PAUSE=A.PLAY_SETUP_COMPUTERS,
        ),
        bind("e", N_("analyse the position"), ANALYSE=A.ANALYSE_SETUP),
        bind("m  Esc", N_("back"), MENU=A.BACK),
        HELP_ROW,
        QUIT_ROW,
    ),
    (
        Hint(
            (
                N_("Enter/b/o/. stones  t to move  g type  c/f/p play  e analyse  m back"),
                N_("b o . stones  t  g type  c f p play  m back"),
                N_("b o . t g c f p m"),
            ),
            (
                A.CYCLE_SQUARE,
                A.PLACE_BLACK,
                A.PLACE_WHITE,
                A.CLEAR_SQUARE,
                A.SWITCH_TO_MOVE,
                A.TYPE_POSITION,
                A.PLAY_SETUP_WITH_COMPUTER,
                A.PLAY_SETUP_WITH_FRIEND,
                A.PLAY_SETUP_COMPUTERS,
                A.ANALYSE_SETUP,
                A.BACK,
            ),
        ),
    ),
    N_("Position editor"),
)

KEYMAPS: dict[Screen, Keymap] = {
    Screen.GAME: GAME_KEYS,
    Screen.MENU: MENU_KEYS,
    Screen.STATS: STATS_KEYS,
    Screen.HELP: HELP_KEYS,
    Screen.OPEN: OPEN_KEYS,
    Screen.REPLAY: REPLAY_KEYS,
    Screen.EDITOR: EDITOR_KEYS,
}
"""Each screen's keys, in the order the help lists them."""
