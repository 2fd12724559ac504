"""Draw the whole screen from (model, screen size, time) onto a `Canvas`.

Nothing here reads keys or changes the model; every frame is drawn from
scratch. Board positions come from `layout` only.
"""

from __future__ import annotations

from ..engine import Move, Player, square_label
from ..strategies import Difficulty
from ..strategies.levels import describe_level
from . import keys, layout, status
from .canvas import PLAIN, Canvas, Look
from .layout import Layout
from .model import Game, Model, rules_for

TITLE = "tictac_tui"
BAR = Look(bg="bar")
TITLE_LOOK = Look(bg="bar", bold=True)
DIM = Look(dim=True)
GRID = Look(dim=True)
STONE_FG = {Player.X: "x", Player.O: "o"}

# Big 3x3 stones: three lines of five characters, the letter in the middle.
BIG_STONES = {
    Player.X: ("\\   /", "  X  ", "/   \\"),
    Player.O: (" .-. ", "( O )", " '-' "),
}

MENU_LABELS = {
    "resume": "Resume game",
    "play": "Play",
    "game": "Game",
    "rows": "  Rows",
    "cols": "  Columns",
    "k": "  In a row",
    "mode": "Mode",
    "first": "Who goes first",
    "difficulty": "Difficulty",
    "stats": "Statistics",
    "help": "Help",
    "quit": "Quit",
}


def draw(canvas: Canvas, model: Model, now: float) -> None:
    """Draw the screen the model is on, or the too-small notice."""
    width, height = canvas.width, canvas.height
    rules = model.game.rules if model.screen == "game" and model.game is not None else None
    if not layout.fits(width, height, rules):
        draw_too_small(canvas, *layout.minimum_size(rules))
        return
    if model.screen == "game" and model.game is not None:
        lay = layout.game_layout(width, height, model.game.rules)
        assert lay is not None
        draw_game(canvas, model, lay, now)
    elif model.screen == "help":
        draw_help(canvas, model)
    elif model.screen == "stats":
        draw_stats(canvas, model)
    else:
        draw_menu(canvas, model)


def too_small_text(need_w: int, need_h: int) -> str:
    """The notice shown when the terminal is too small."""
    return f"Make the terminal at least {need_w} x {need_h}"


def draw_too_small(canvas: Canvas, need_w: int, need_h: int) -> None:
    """The notice, centred, and the size now (clipped on very small terminals)."""
    lines = [too_small_text(need_w, need_h), f"(it is {canvas.width} x {canvas.height} now)"]
    if canvas.width < len(lines[0]):
        lines = ["Make the terminal", f"at least {need_w} x {need_h}", *lines[1:]]
    top = max(0, (canvas.height - len(lines)) // 2)
    for i, line in enumerate(lines):
        canvas.put(top + i, max(0, (canvas.width - len(line)) // 2), line, Look(bold=i == 0))


# -- shared pieces -------------------------------------------------------------


def _bar(canvas: Canvas, y: int, left: str, right: str = "", look: Look = BAR) -> None:
    """A full-width bar with text at both ends (the right end dropped if it won't fit)."""
    width = canvas.width
    line = f" {left}"
    tail = f"{right} "
    if right and len(line) + len(tail) + 1 <= width:
        line = line + " " * (width - len(line) - len(tail)) + tail
    canvas.put(y, 0, line.ljust(width)[:width], look)


def _title(canvas: Canvas, y: int | None, subtitle: str = "") -> None:
    if y is None:
        return
    _bar(canvas, y, TITLE, subtitle, TITLE_LOOK)


def _bottom(canvas: Canvas, model: Model, now: float) -> None:
    """Message line, information bar and key hint line."""
    h = canvas.height
    turn = status.turn_text(model, now) if not model.notices else ""  # room for the notice
    message = status.message_text(model)
    x = 1
    if turn:
        game = model.game
        fg = ""
        if game is not None and not game.over:
            fg = STONE_FG[game.state.to_move]
        canvas.put(h - 3, x, turn, Look(fg=fg, bold=True))
        x += len(turn) + 3
    if message:
        canvas.put(h - 3, x, message, Look(fg=_message_colour(model, message), bold=True))
    _bar(canvas, h - 2, status.info_text(model), status.score_text(model))
    canvas.put(h - 1, 1, status.key_hint(model), DIM)


def _message_colour(model: Model, message: str) -> str:
    if model.confirm_quit:
        return "accent"
    if message in ("You win!", "Draw") or message.endswith(" wins"):
        return "good" if message != "Computer wins" else "error"
    if message.startswith(("Hint", "Move undone", "Paused")):
        return "accent"
    return "error"


def _centre(canvas: Canvas, y: int, text: str, look: Look = PLAIN) -> None:
    canvas.put(y, max(0, (canvas.width - len(text)) // 2), text, look)


# -- the menu ------------------------------------------------------------------


def menu_geometry(model: Model, width: int, height: int) -> tuple[int, int, int]:
    """(top row of the first item, left column of the box, box width) of the menu."""
    items = model.menu_items()
    box_w = min(width - 2, 52)
    box_h = len(items) + 2
    area = height - 4
    top = 1 + max(0, (area - box_h) // 2) + 1
    left = (width - box_w) // 2
    return top, left, box_w


def draw_menu(canvas: Canvas, model: Model) -> None:
    """The menu: a box of items with the highlight, values between < >."""
    _title(canvas, 0, "tic-tac-toe and gomoku")
    items = model.menu_items()
    top, left, box_w = menu_geometry(model, canvas.width, canvas.height)
    _box(canvas, top - 1, left, box_w, len(items) + 2)
    for i, item in enumerate(items):
        y = top + i
        selected = i == model.menu_index
        look = Look(bg="cursor", bold=True) if selected else PLAIN
        value = model.menu_value(item)
        text = ("> " if selected else "  ") + MENU_LABELS[item]
        if value is not None:
            text = text.ljust(18) + (f"< {value} >" if selected else f"  {value}")
        canvas.put(y, left + 1, text.ljust(box_w - 2)[: box_w - 2], look)
    h = canvas.height
    said = status.message_text(model)
    message = said or _menu_note(model, items[model.menu_index])
    look = Look(fg="accent" if not said or model.confirm_quit else "error")
    canvas.put(h - 3, 1, message, look)
    _bar(canvas, h - 2, "Menu", status.score_text(model))
    canvas.put(h - 1, 1, status.key_hint(model), DIM)


def _menu_note(model: Model, item: str) -> str:
    """A line about the highlighted item."""
    s = model.settings
    if item == "difficulty":
        try:
            rules = rules_for(s)
            return describe_level(s.difficulty, rules)
        except ValueError as error:
            return str(error)
    notes = {
        "resume": "Back to the game in progress",
        "play": "Start a game with these choices",
        "game": "Left/Right or Enter to change",
        "rows": "Rows of the custom board (3-26)",
        "cols": "Columns of the custom board (3-26)",
        "k": "Stones in a row that win",
        "mode": "Who plays: you, two people, or two computers",
        "first": "Who plays X (X moves first) when you play the computer",
        "stats": "Wins, losses and draws against the computer, all runs",
        "help": "Keys and rules",
        "quit": "Leave tictac",
    }
    return notes.get(item, "")


def _box(canvas: Canvas, y: int, x: int, w: int, h: int) -> None:
    canvas.glyph(y, x, "ulcorner", GRID)
    canvas.glyph(y, x + w - 1, "urcorner", GRID)
    canvas.glyph(y + h - 1, x, "llcorner", GRID)
    canvas.glyph(y + h - 1, x + w - 1, "lrcorner", GRID)
    for i in range(1, w - 1):
        canvas.glyph(y, x + i, "hline", GRID)
        canvas.glyph(y + h - 1, x + i, "hline", GRID)
    for j in range(1, h - 1):
        canvas.glyph(y + j, x, "vline", GRID)
        canvas.glyph(y + j, x + w - 1, "vline", GRID)


# -- help and statistics ---------------------------------------------------------


def help_lines() -> list[str]:
    """The help screen's text, generated from the key table."""
    lines = ["Get k in a row (3 on 3x3, 5 in gomoku) across, down or diagonally.", ""]
    for shown, text in keys.help_lines():
        lines.append(f"  {shown:<14} {text}")
    lines += [
        "",
        "Easy plays at random, Medium wins or blocks, Hard is the strongest player.",
    ]
    return lines


def draw_help(canvas: Canvas, model: Model) -> None:
    """The key list, centred as a block."""
    _title(canvas, 0, "Help")
    lines = help_lines()
    width = max(len(line) for line in lines)
    left = max(0, (canvas.width - width) // 2)
    top = max(1, (canvas.height - 3 - len(lines)) // 2)
    for i, line in enumerate(lines):
        canvas.put(top + i, left, line, Look(bold=i == 0))
    _bar(canvas, canvas.height - 2, "Help", status.score_text(model))
    canvas.put(canvas.height - 1, 1, status.key_hint(model), DIM)


def stats_lines(model: Model) -> list[str]:
    """The statistics table, one line per game and difficulty."""
    header = f"{'Game':<24}{'Difficulty':<12}{'Won':>5}{'Lost':>6}{'Drawn':>7}"
    lines = [header]
    for game in sorted(model.stats):
        for level in ("easy", "medium", "hard"):
            rec = model.stats[game].get(level)
            if rec is None or rec.games == 0:
                continue
            label = Difficulty(level).label
            lines.append(f"{game[:23]:<24}{label:<12}{rec.wins:>5}{rec.losses:>6}{rec.draws:>7}")
    if len(lines) == 1:
        lines.append("No games against the computer yet.")
    return lines


def draw_stats(canvas: Canvas, model: Model) -> None:
    """The statistics table, centred."""
    _title(canvas, 0, "Statistics")
    lines = stats_lines(model)
    width = max(len(line) for line in lines)
    left = max(0, (canvas.width - width) // 2)
    top = max(2, (canvas.height - 3 - len(lines)) // 2)
    for i, line in enumerate(lines[: canvas.height - 5]):
        canvas.put(top + i, left, line, Look(bold=i == 0))
    _bar(canvas, canvas.height - 2, "Statistics", status.score_text(model))
    canvas.put(canvas.height - 1, 1, status.key_hint(model), DIM)


# -- the game ----------------------------------------------------------------------


def draw_game(canvas: Canvas, model: Model, lay: Layout, now: float) -> None:
    """Title, board with labels, and the bottom lines."""
    game = model.game
    assert game is not None
    _title(canvas, lay.title_row, game.rules.describe())
    if lay.style.grid:
        _grid(canvas, lay)
    if lay.labels:
        _labels(canvas, lay)
    win = set(game.state.winning_line or ())
    marked = game.marked_move()
    show_cursor = not game.over and game.mode != "cvc"
    if not lay.style.grid and not canvas.ascii:
        for row in range(game.rules.rows):
            for col in range(game.rules.cols - 1):
                y, x = lay.center(Move(row, col))
                canvas.glyph(y, x + 1, "hline", GRID)
    for row in range(game.rules.rows):
        for col in range(game.rules.cols):
            move = Move(row, col)
            _square(canvas, lay, game, move, move in win, show_cursor and move == game.cursor)
    if marked is not None:
        _mark(canvas, lay, marked)
    _bottom(canvas, model, now)


def _junction(i: int, last_i: int, j: int, last_j: int) -> str:
    """The glyph where grid line i (of 0..last_i) crosses line j (of 0..last_j)."""
    top, bottom, left, right = i == 0, i == last_i, j == 0, j == last_j
    if top:
        return "ulcorner" if left else "urcorner" if right else "ttee"
    if bottom:
        return "llcorner" if left else "lrcorner" if right else "btee"
    return "ltee" if left else "rtee" if right else "plus"


def _grid(canvas: Canvas, lay: Layout) -> None:
    """Grid lines around and between the squares."""
    s, rules = lay.style, lay.rules
    for dy in range(lay.board_height):
        i, inside_y = divmod(dy, s.cell_h + 1)
        for dx in range(lay.board_width):
            j, inside_x = divmod(dx, s.cell_w + 1)
            y, x = lay.top + dy, lay.left + dx
            if inside_y == 0 and inside_x == 0:
                canvas.glyph(y, x, _junction(i, rules.rows, j, rules.cols), GRID)
            elif inside_y == 0:
                canvas.glyph(y, x, "hline", GRID)
            elif inside_x == 0:
                canvas.glyph(y, x, "vline", GRID)


def _labels(canvas: Canvas, lay: Layout) -> None:
    """Column letters above the board, row numbers on its left."""
    for col in range(lay.rules.cols):
        _, x = lay.center(Move(0, col))
        canvas.put(lay.top - 1, x, square_label((0, col))[0], DIM)
    for row in range(lay.rules.rows):
        y, _ = lay.center(Move(row, 0))
        canvas.put(y, lay.left - layout.LABEL_WIDTH, f"{row + 1:>2}", DIM)


def _square(
    canvas: Canvas, lay: Layout, game: Game, move: Move, in_win: bool, cursor: bool
) -> None:
    """One square: background, stone or empty mark."""
    s = lay.style
    stone = game.state.cell(move)
    bg = "win" if in_win else "cursor" if cursor else ""
    fg = "ink" if in_win else STONE_FG[stone] if stone is not None else ""
    y0, x0 = lay.cell_origin(move)
    cy, cx = lay.center(move)
    if s.grid:
        if bg:
            for dy in range(s.cell_h):
                canvas.put(y0 + dy, x0, " " * s.cell_w, Look(bg=bg))
    elif bg:
        canvas.put(cy, cx - 1, "   ", Look(bg=bg))
    look = Look(fg=fg, bg=bg, bold=True)
    if stone is not None:
        if s is layout.BIG:
            for dy, line in enumerate(BIG_STONES[stone]):
                canvas.put(y0 + dy, x0 + 1, line, look)
        else:
            canvas.put(cy, cx, str(stone), look)
        return
    if (lay.rules.rows, lay.rules.cols) == (3, 3):
        canvas.put(cy, cx, str(move.row * 3 + move.col + 1), Look(bg=bg, dim=not bg))
    elif not s.grid:
        _empty_point(canvas, lay, move, Look(bg=bg, dim=not bg))


def _empty_point(canvas: Canvas, lay: Layout, move: Move, look: Look) -> None:
    """An empty square of the compact board: a line crossing (ASCII: a dot)."""
    cy, cx = lay.center(move)
    if canvas.ascii:
        canvas.put(cy, cx, ".", look)
        return
    name = _junction(move.row, lay.rules.rows - 1, move.col, lay.rules.cols - 1)
    canvas.glyph(cy, cx, name, look)


def _mark(canvas: Canvas, lay: Layout, move: Move) -> None:
    """Mark the last move: brackets beside the stone, or a diamond in a big square."""
    look = Look(fg="accent", bold=True)
    if lay.style is layout.BIG:
        y0, x0 = lay.cell_origin(move)
        canvas.glyph(y0, x0, "diamond", look)
        return
    cy, cx = lay.center(move)
    canvas.put(cy, cx - 1, "(", look)
    canvas.put(cy, cx + 1, ")", look)
