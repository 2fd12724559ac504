"""SGF FF[4] GM[4], the Smart Game Format as gomoku and renju programs write it.

    (;GM[4]FF[4]CA[UTF-8]SZ[15]RU[Standard]PB[Alice]PW[Bob]DT[2026-05-01]RE[B+]
    ;B[hh];W[ih];B[gi]C[a comment]...)

Reading:
- the first game of the file (or the one chosen), along its main line (the
  first variation at every branch); syntax per the FF[4] specification
  (escapes, soft line breaks, lower-case letters in property names skipped
  as FF[3] allowed);
- ``SZ[15]``, or ``SZ[cols:rows]`` for a rectangle (default 15); moves
  ``B[xy]``/``W[xy]``, ``x`` the column and ``y`` the row, ``a`` the left
  column and the top row; black first, then alternately;
- ``RU``: the winning rule. The values in use: ``Freestyle``, ``Standard``
  (exact five) and ``Renju`` (the PyPI package `renju`), the Gomocup rule
  numbers ``0``, ``1``, ``4`` and ``8`` (c-gomoku-cli), and renju opening
  rules (``RIF``, ``Yamaguchi``, ``Taraguchi-10``, ``Soosyrv-8``, ...; the
  renju sites' records), which mean renju. ``Swap``/``Swap2`` only name an
  opening protocol: give the rule. Without RU: freestyle;
- ``PB``, ``PW``, ``DT``, ``RE`` (``B+``, ``W+R``, ``B+T``, ``W+F``, ``0``,
  ``Draw``, ``Void``, ``?``; a reason the spec does not name, like the
  `renju` package's ``B+five_in_a_row`` or c-gomoku-cli's ``B+1``, counts as
  a win for that side; under renju a last stone on black's forbidden point
  makes white the winner by foul, and an RE naming black or a draw is an
  error);
  ``C`` (and ``GC`` on the root) as comments;
- ``IR[k]``: tictac_tui's own property for k in a row when k is not 5 (other
  programs ignore it). ``TTOR[swap2]`` and ``TTOS[h8 h9 j10 place-two ...]``:
  tictac_tui's own properties for the opening rule and the steps taken under
  it (engine.openings: `steps_text`); the game comment ``GC`` says the same
  in words (`describe_opening`) and is not read back as a comment;
  ``AB``/``AW`` before the first move: a set-up position the game began at
  (`GameRecord.setup`; refused if no game reaches it, or after a move). Other
  properties are skipped; passes are refused, since the engine has none.

Writing: the root properties above (with ``AB``/``AW`` for a set-up
position's stones), then the moves, ten to a line, each with its comment;
``RU`` is written ``Freestyle``, ``Standard``, ``Renju`` or ``Caro``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from .. import __version__
from ..engine import GameState, Move, Player, Rule, Rules, square_label
from ..engine.openings import (
    Choice,
    Choose,
    Declare,
    Offer,
    Opening,
    OpeningRule,
    Person,
    Pick,
    Place,
    offered_for,
    parse_opening_rule,
    parse_steps,
    steps_text,
)
from ..i18n import _
from ..words import colour_name
from .numbers import clipped, record_number
from .options import DEFAULT_OPTIONS, DEFAULT_SIZE, ReadOptions, build_rules
from .record import (
    Ending,
    GameRecord,
    Players,
    RecordError,
    Replay,
    Result,
    move_words,
)

MAX_DEPTH = 200
"""Deepest nesting of variations read (a guard against hostile files)."""

RULE_NAMES = {
    Rule.FREESTYLE: "Freestyle",
    Rule.EXACT: "Standard",
    Rule.RENJU: "Renju",
    Rule.CARO: "Caro",
}
"""What RU says for each rule when tictac_tui writes it."""

_RU_WORDS = {
    "freestyle": Rule.FREESTYLE,
    "free": Rule.FREESTYLE,
    "gomoku": Rule.FREESTYLE,
    "standard": Rule.EXACT,
    "exact": Rule.EXACT,
    "exactfive": Rule.EXACT,
    "renju": Rule.RENJU,
    "caro": Rule.CARO,
    # renju opening rules: the game itself is renju
    "rif": Rule.RENJU,
    "yamaguchi": Rule.RENJU,
    "sakata": Rule.RENJU,
    "taraguchi": Rule.RENJU,
    "soosyrv": Rule.RENJU,
    "soosorv": Rule.RENJU,
    "tarannikov": Rule.RENJU,
    "khomutovsky": Rule.RENJU,
}
_RU_NUMBERS = {0: Rule.FREESTYLE, 1: Rule.EXACT, 4: Rule.RENJU, 8: Rule.CARO}
"""Gomocup's ``INFO rule`` numbers, as c-gomoku-cli writes them in RU."""

_OPENING_ONLY = frozenset({"swap", "swap1", "swap2"})

_RESULT_REASONS = {
    "r": Ending.RESIGNATION,
    "resign": Ending.RESIGNATION,
    "resignation": Ending.RESIGNATION,
    "t": Ending.TIME,
    "time": Ending.TIME,
    "timeup": Ending.TIME,
    "timeout": Ending.TIME,
    "f": Ending.FORFEIT,
    "forfeit": Ending.FORFEIT,
    "foul": Ending.FORFEIT,
    "double_three": Ending.FORFEIT,
    "double_four": Ending.FORFEIT,
    "overline": Ending.FORFEIT,
}
_RESULT_MARKS = {
    Ending.LINE: "",
    Ending.UNKNOWN: "",
    Ending.RESIGNATION: "R",
    Ending.TIME: "T",
    Ending.FORFEIT: "F",
    Ending.FOUL: "F",
}
_WORDY_WIN = re.compile(r"(black|white)\s+win", re.IGNORECASE)


class Property(NamedTuple):
    """One SGF property: its name, its values (unescaped) and the line it starts on."""

    ident: str
    values: tuple[str, ...]
    line: int


Node = tuple[Property, ...]


# -- syntax ------------------------------------------------------------------


_SPACE = re.compile(r"\s*")
_NODE_RUN = re.compile(r";[;\s]*")
"""One node's ';', and the empty nodes before it (they hold nothing to read)."""
_LETTERS = re.compile(r"[^\W\d_]+")
"""Letters, and the few numerals ``\\w`` counts (cut off by `_Parser.name`)."""
_VALUE_TEXT = r"[^\]\\]*+(?:\\.[^\]\\]*+)*+"
_VALUE = re.compile(_VALUE_TEXT, re.DOTALL)
"""A value's text up to its closing ']', escapes included (possessive: nothing to go
back on, and no state kept per escape)."""
_SIMPLE_PROPERTY = re.compile(rf"([A-Z]++)\s*+\[({_VALUE_TEXT})\]\s*+", re.DOTALL)
"""The usual property, read at once: an upper-case name, one value, the space after."""
_ESCAPE = re.compile(r"\\(\r\n|.)", re.DOTALL)
_QUIET_PROPERTY = re.compile(
    rf"(?!(?:[BW]|A[BW])\s*+\[)([A-Z]++)\s*+\[({_VALUE_TEXT})\]\s*+(?:\[{_VALUE_TEXT}\]\s*+)*+",
    re.DOTALL,
)
"""A property that is neither a move nor a set-up (B, W, AB, AW): its name and first value."""
QUIET_RUN = 4096
"""Most quiet nodes read at once (so the comments found in them stay few at a time)."""
_QUIET_NODES = re.compile(
    rf"(?:;\s*+(?:{_QUIET_PROPERTY.pattern})*+(?=[;()])){{1,{QUIET_RUN}}}+", re.DOTALL
)
"""Whole nodes of quiet properties only: read at once (all that counts in them is
their comments, which go to the same position)."""
_PLAIN_TREE = re.compile(
    rf"\(\s*+(?:;\s*+(?:[A-Z]++\s*+(?:\[{_VALUE_TEXT}\]\s*+)++)*+)++\)\s*+", re.DOTALL
)
"""A game tree without variations, its names upper-case: good syntax, read at once when
only its syntax counts (a game or variation not kept)."""
_PLAIN_TREES = re.compile(rf"(?:{_PLAIN_TREE.pattern})++", re.DOTALL)


def _unescape(match: re.Match[str]) -> str:
    """An escaped character itself; a soft line break (backslash, newline) nothing."""
    char = match.group(1)
    return "" if char in ("\r\n", "\r", "\n") else char


def _unescaped(raw: str) -> str:
    """A value's text with its escapes undone."""
    return _ESCAPE.sub(_unescape, raw) if "\\" in raw else raw


def _comments(nodes: str) -> str:
    """The comments (C, GC) of quiet nodes' text, joined as `_Walk` joins them."""
    found = [raw for ident, raw in _QUIET_PROPERTY.findall(nodes) if ident in ("C", "GC")]
    if "\\" in nodes:
        found = [_unescaped(raw) for raw in found]
    return "\n\n".join(filter(None, map(str.strip, found)))


class _Parser:
    """FF[4] syntax: a collection of game trees, each read down its main line.

    Linear in the text: each part is matched by a regular expression from
    `pos` on, and line numbers are counted once, as `pos` moves forward.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self._counted = 0
        self._lines = 1
        self.skipped = 0
        """How many trees the last `skip_plain_trees` read."""

    @property
    def line(self) -> int:
        """The 1-based line of `pos`."""
        return self.line_at(self.pos)

    def line_at(self, pos: int) -> int:
        """The 1-based line of `pos` (counted on from the last position asked about)."""
        if pos >= self._counted:
            self._lines += self.text.count("\n", self._counted, pos)
            self._counted = pos
            return self._lines
        return self._lines - self.text.count("\n", pos, self._counted)

    def error(self, problem: str, line: int | None = None) -> RecordError:
        return RecordError(problem, line=self.line if line is None else line)

    def peek(self) -> str:
        return self.text[self.pos : self.pos + 1]

    def skip_space(self) -> None:
        match = _SPACE.match(self.text, self.pos)
        assert match is not None
        self.pos = match.end()

    def collection(self, wanted: int | None = None) -> tuple[int, list[list[Node]]]:
        """How many games the file holds, and the main line of each as nodes.

        With `wanted` (1-based), only that game's nodes are kept: the others
        are read for their syntax alone (runs of plain ones at once).
        """
        count = 0
        games: list[list[Node]] = []
        self.skip_space()
        while self.peek():
            if self.peek() != "(" and not count:
                raise self.error(_("not an SGF game record: it should start with '(;'"))
            if self.peek() != "(":
                raise self.error(
                    _("unexpected {char!r} where a game '(' should start").format(char=self.peek())
                )
            if wanted is not None and count >= wanted and self.skip_plain_trees():
                count += self.skipped
                continue
            nodes: list[Node] | None = [] if wanted is None or count + 1 == wanted else None
            self.game_tree(1, nodes)
            count += 1
            if nodes is not None:
                games.append(nodes)
            self.skip_space()
        return count, games

    def skip_plain_trees(self) -> bool:
        """Read a run of plain game trees (no variations, upper-case names) at `pos`,
        and the space after them; their number in `skipped`. False if there is none."""
        run = _PLAIN_TREES.match(self.text, self.pos)
        if run is None:
            return False
        self.skipped = sum(1 for _tree in _PLAIN_TREE.finditer(self.text, self.pos, run.end()))
        self.pos = run.end()
        return True

    def game_tree(self, depth: int, into: list[Node] | None) -> None:
        """Read a game tree, adding its main line's nodes to `into` (None: skip them).

        Empty nodes are left out but for a game's first (its root).
        """
        if depth > MAX_DEPTH:
            raise self.error(
                _("variations are nested more than {most} deep").format(most=MAX_DEPTH)
            )
        opened = self.line
        self.pos += 1  # "("
        self.skip_space()
        if self.peek() != ";":
            raise self.error("a game tree without a node: ';' expected after '('")
        while self.peek() == ";":
            quiet = self.quiet_nodes() if into != [] else None
            if quiet is not None:
                comment = _comments(quiet.group()) if into is not None else ""
                if into is not None and comment:
                    into.append((Property("C", (comment,), self.line),))
                self.pos = quiet.end()
                continue
            run = _NODE_RUN.match(self.text, self.pos)
            assert run is not None
            several = self.text.find(";", self.pos + 1, run.end()) >= 0
            self.pos = run.end()
            node = self.node()
            if into is not None:
                if several and not into:
                    into.append(())
                if node or not into:
                    into.append(node)
        first = True
        while self.peek() == "(":
            if not first and self.skip_plain_trees():
                continue
            self.game_tree(depth + 1, into if first else None)
            first = False
            self.skip_space()
        if not self.peek():
            raise self.error(
                _(
                    "the game opened on line {line} is never closed with ')': the file is truncated"
                ).format(line=opened)
            )
        if self.peek() != ")":
            raise self.error(_("unexpected {char!r} in a game tree").format(char=self.peek()))
        self.pos += 1

    def quiet_nodes(self) -> re.Match[str] | None:
        """Quiet nodes from `pos` (a run of empty ones skipped first), or None."""
        empty = _NODE_RUN.match(self.text, self.pos)
        assert empty is not None
        self.pos = self.text.rfind(";", self.pos, empty.end())
        quiet = _QUIET_NODES.match(self.text, self.pos)
        return quiet if quiet is not None and quiet.end() > self.pos else None

    def node(self) -> Node:
        """The properties of a node, its ';' and the space after it read."""
        props = []
        text = self.text
        while True:
            simple = _SIMPLE_PROPERTY.match(text, self.pos)
            if simple is not None and text[simple.end() : simple.end() + 1] != "[":
                ident, raw = simple.group(1, 2)
                props.append(Property(ident, (_unescaped(raw),), self.line))
                self.pos = simple.end()
                continue
            if not text[self.pos : self.pos + 1].isalpha():
                return tuple(props)
            name = self.name()
            if not name:
                return tuple(props)
            props.append(self.prop(name))
            self.skip_space()

    def name(self) -> str:
        """The letters at `pos` (not read yet): a property name, or ""."""
        match = _LETTERS.match(self.text, self.pos)
        letters = match.group() if match else ""
        if letters and not letters.isalpha():
            letters = letters[: next(i for i, c in enumerate(letters) if not c.isalpha())]
        return letters

    def prop(self, name: str) -> Property:
        line = self.line
        self.pos += len(name)
        ident = "".join(c for c in name if c.isupper())
        if not ident or not ident.isascii():
            raise self.error(_("{name!r} is not a property name").format(name=clipped(name)))
        self.skip_space()
        values = []
        while self.peek() == "[":
            values.append(self.value())
            self.skip_space()
        if not values:
            raise self.error(_("property {name} has no value: '[' expected").format(name=ident))
        return Property(ident, tuple(values), line)

    def value(self) -> str:
        opened = self.line
        self.pos += 1  # "["
        match = _VALUE.match(self.text, self.pos)
        assert match is not None
        end = match.end()
        if end >= len(self.text) or self.text[end] != "]":
            self.pos = len(self.text)
            raise self.error(
                _(
                    "the value opened with '[' on line {line} is never closed: "
                    "the file is truncated"
                ).format(line=opened)
            )
        self.pos = end + 1
        return _unescaped(match.group())


def parse_games(text: str) -> list[list[Node]]:
    """The main line of every game in an SGF collection. RecordError on bad syntax."""
    return _games(text)[1]


def _games(text: str, wanted: int | None = None) -> tuple[int, list[list[Node]]]:
    """How many games `text` holds, and their main lines (`wanted`'s alone: see
    `_Parser.collection`). RecordError on bad syntax or no game."""
    count, games = _Parser(text).collection(wanted)
    if not count:
        raise RecordError(_("no game in this SGF file: it should start with '(;'"))
    return count, games


# -- meaning -----------------------------------------------------------------


def read_sgf(text: str, options: ReadOptions = DEFAULT_OPTIONS) -> GameRecord:
    """The game of an SGF text (the one `options.game` chooses when it holds several)."""
    count, games = _games(text, 1 if options.game is None else options.game)
    if options.game is None and count > 1:
        raise RecordError(
            _("this SGF file holds {count} games: choose one (--game N, 1 to {count})").format(
                count=count
            )
        )
    if not games:
        raise RecordError(
            _("there is no game {number}: this file holds {count}").format(
                number=options.game, count=count
            )
        )
    return record_from_nodes(games[0], options)


def count_games(text: str) -> int:
    """How many games an SGF text holds."""
    return _games(text, 0)[0]


def record_from_nodes(nodes: list[Node], options: ReadOptions) -> GameRecord:
    """A GameRecord from one game's main line."""
    root = _first_values(nodes[0])
    gm = root.get("GM")
    if gm is not None and gm.values[0].strip() not in ("4", ""):
        raise RecordError(
            _("GM[{value}] is not gomoku: tictac_tui reads GM[4] records").format(
                value=clipped(gm.values[0])
            ),
            line=gm.line,
        )
    cols, rows = _board_size(root.get("SZ"), options)
    rule = options.rule or _rule(root.get("RU"))
    k = options.k or _k(root.get("IR"))
    rules = build_rules(cols, rows, k, rule)
    opening = _opening(root, rules)
    walk = _Walk(rules)
    walk.skip = describe_opening(opening) if opening is not None else None
    for node in nodes:
        walk.visit(node)
    result_prop = root.get("RE")
    result = _result(result_prop) if result_prop else None
    players = Players(_text(root, "PB"), _text(root, "PW"))
    try:
        return GameRecord(
            rules,
            walk.replay.moves,
            players,
            result,
            _text(root, "DT"),
            tuple(walk.comments),
            opening,
            setup=walk.setup,
            times=[walk.times.get(i) for i in range(max(walk.times, default=-1) + 1)],
        )
    except RecordError as error:
        line = result_prop.line if result_prop else None
        raise RecordError(error.problem, line=line) from None


def _opening(root: dict[str, Property], rules: Rules) -> Opening | None:
    """The opening of TTOR and TTOS, or None without TTOR. RecordError if they are wrong."""
    rule_prop = root.get("TTOR")
    if rule_prop is None:
        return None
    value = rule_prop.values[0].strip()
    try:
        rule = parse_opening_rule(value)
    except ValueError:
        raise RecordError(
            _("TTOR[{value}] is not an opening rule tictac_tui knows").format(value=clipped(value)),
            line=rule_prop.line,
        ) from None
    if not offered_for(rule, rules):
        raise RecordError(
            _("TTOR[{value}]: this opening rule does not apply to this game's rules").format(
                value=clipped(value)
            ),
            line=rule_prop.line,
        )
    steps_prop = root.get("TTOS")
    text = steps_prop.values[0] if steps_prop else ""
    try:
        return Opening(rule, rules, parse_steps(text, rules))
    except ValueError as error:
        raise RecordError(
            _("TTOS[{value}] are not steps of the {rule} opening: {problem}").format(
                value=clipped(text.strip()), rule=rule.value, problem=error
            ),
            line=steps_prop.line if steps_prop else rule_prop.line,
        ) from None


def describe_opening(opening: Opening) -> str:
    """The opening's steps in English words, for the game comment a person reads."""
    words = [f"Opening rule: {opening.rule.value}."]
    replay = Opening(opening.rule, opening.rules)
    for step in opening.steps:
        decision = replay.decision
        assert decision is not None
        who = _PERSON_WORDS[decision.person]
        if isinstance(step, Place):
            colour = "black" if decision.colour is Player.X else "white"
            words.append(f"{who} places {colour} at {square_label(step.move)}.")
        elif isinstance(step, Choose):
            words.append(f"{who} {_CHOICE_WORDS[step.choice]}.")
        elif isinstance(step, Declare):
            words.append(f"{who} asks for {step.count} fifth moves.")
        elif isinstance(step, Offer):
            squares = ", ".join(square_label(m) for m in step.moves)
            words.append(f"{who} offers {squares}.")
        elif isinstance(step, Pick):
            words.append(f"{who} picks {square_label(step.move)}.")
        replay = replay.apply(step)
    if opening.is_over:
        black = _PERSON_WORDS[opening.black].lower()
        words.append(f"The {black} plays black.")
    else:
        words.append("The opening is under way.")
    return " ".join(words)


_PERSON_WORDS = {Person.FIRST: "First player", Person.SECOND: "Second player"}
_CHOICE_WORDS = {
    Choice.SWAP: "swaps colours",
    Choice.KEEP: "keeps the colours",
    Choice.PLACE_TWO: "places two more stones",
    Choice.OFFER: "offers ten fifth moves",
}


def _first_values(node: Node) -> dict[str, Property]:
    found: dict[str, Property] = {}
    for prop in node:
        found.setdefault(prop.ident, prop)
    return found


def _text(props: dict[str, Property], ident: str) -> str:
    prop = props.get(ident)
    return prop.values[0].strip() if prop else ""


def _board_size(prop: Property | None, options: ReadOptions) -> tuple[int, int]:
    if prop is None:
        size = options.size
        return (size.cols, size.rows) if size else (DEFAULT_SIZE, DEFAULT_SIZE)
    text = prop.values[0].strip()
    match = re.fullmatch(r"([0-9]+)\s*(?::\s*([0-9]+))?", text)
    if not match:
        raise RecordError(
            _("SZ[{value}] is not a board size: SZ[15] or SZ[cols:rows]").format(
                value=clipped(text)
            ),
            line=prop.line,
        )
    cols = record_number(match.group(1), "SZ", line=prop.line)
    rows = record_number(match.group(2), "SZ", line=prop.line) if match.group(2) else cols
    try:
        build_rules(cols, rows, 1, Rule.FREESTYLE)
    except RecordError as error:
        raise RecordError(f"SZ[{clipped(text)}]: {error.problem}", line=prop.line) from None
    return cols, rows


def _rule(prop: Property | None) -> Rule:
    text = prop.values[0].strip() if prop else ""
    if prop is None or not text:
        return Rule.FREESTYLE
    lowered = text.lower()
    if lowered.isascii() and lowered.isdigit():
        number = record_number(lowered, "RU", line=prop.line)
        if number in _RU_NUMBERS:
            return _RU_NUMBERS[number]
    else:
        word = re.match(r"[a-z_]+\d?", lowered.replace(" ", ""))
        key = word.group(0) if word else ""
        if key in _OPENING_ONLY:
            raise RecordError(
                _(
                    "RU[{value}] names an opening protocol, not the winning rule: "
                    "give the rule (--rule freestyle, exact, renju or caro)"
                ).format(value=clipped(text)),
                line=prop.line,
            )
        letters = key.rstrip("0123456789").rstrip("_")
        if letters in _RU_WORDS:
            return _RU_WORDS[letters]
    raise RecordError(
        _(
            "RU[{value}] is an unknown rule: tictac_tui knows Freestyle, Standard (exact five), "
            "Renju and Caro (or give the rule with --rule)"
        ).format(value=clipped(text)),
        line=prop.line,
    )


def _k(prop: Property | None) -> int:
    if prop is None:
        return 5
    text = prop.values[0].strip()
    if not (text.isascii() and text.isdigit()):
        raise RecordError(
            _("IR[{value}] is not a number of stones in a row").format(value=clipped(text)),
            line=prop.line,
        )
    k = record_number(text, "IR", line=prop.line)
    if not 1 <= k <= 26:
        raise RecordError(
            _("IR[{value}] is not a number of stones in a row").format(value=text), line=prop.line
        )
    return k


def _result(prop: Property) -> Result | None:
    text = prop.values[0].strip()
    lowered = text.lower()
    if lowered in ("", "?", "void", "unknown"):
        return None
    if lowered in ("0", "draw", "jigo", "d"):
        return Result(None, Ending.AGREEMENT)
    match = re.fullmatch(r"([bw])\s*\+\s*(.*)", lowered)
    if match:
        winner = Player.X if match.group(1) == "b" else Player.O
        return Result(winner, _RESULT_REASONS.get(match.group(2).strip(), Ending.UNKNOWN))
    wordy = _WORDY_WIN.search(text)
    if wordy:
        return Result(Player.X if wordy.group(1).lower() == "black" else Player.O, Ending.UNKNOWN)
    raise RecordError(
        _("RE[{value}] is not a result: B+ or W+ (then R, T or F), 0 or Draw, Void or ?").format(
            value=clipped(text)
        ),
        line=prop.line,
    )


class _Walk:
    """Plays the moves of the main line and collects the comments."""

    def __init__(self, rules: Rules) -> None:
        self.replay = Replay(rules)
        self.notes: dict[int, list[str]] = {}
        """The comments on the position after each move (0: before any), in order."""
        self.skip: str | None = None
        """A game comment (GC) not kept: the opening in words, which TTOS holds."""
        self.setup = 0
        """How many set-up stones (AB, AW before the first move) the game began with."""
        self.times: dict[int, float] = {}
        """The mover's time left after each move (BL/WL), by the move's index from 0."""

    @property
    def comments(self) -> list[str]:
        """The comment after each move, several on one position joined by a blank line."""
        last = max(self.notes, default=0)
        return ["\n\n".join(self.notes.get(n, ())) for n in range(last + 1)]

    def visit(self, node: Node) -> None:
        moves = [p for p in node if p.ident in ("B", "W")]
        if len(moves) > 1:
            raise RecordError(_("a node with two moves (B and W)"), line=moves[1].line)
        stones = [p for p in node if p.ident in ("AB", "AW") and any(v.strip() for v in p.values)]
        if stones and (self.replay.count or self.setup):
            prop = stones[0]
            raise RecordError(
                _(
                    "{stones} sets up stones after the game began: "
                    "tictac_tui records set up stones only before the first move"
                ).format(stones=f"{prop.ident}[{clipped(prop.values[0])}]"),
                line=prop.line,
            )
        if stones:
            self.set_up(stones)
        if moves:
            self.play(moves[0])
            left = [p for p in node if p.ident == ("BL" if moves[0].ident == "B" else "WL")]
            if left:
                self.times[self.replay.next_number - 2] = _seconds(left[0])
        at = 0 if stones and not moves else self.replay.count  # set-up: the game's comment
        for prop in node:
            comment = prop.values[0].strip() if prop.ident in ("GC", "C") else ""
            if comment and not (prop.ident == "GC" and comment == self.skip):
                self.notes.setdefault(at, []).append(comment)

    def set_up(self, props: list[Property]) -> None:
        """The position of AB (black) and AW (white) stones, played in an order that
        reaches it. RecordError if none does (a five on the board, counts that can't
        alternate, renju's forbidden stones in the way)."""
        state = self.replay.state
        rules = state.rules
        cells = [["."] * rules.cols for _row in range(rules.rows)]
        for prop in props:
            for value in prop.values:
                label = f"{prop.ident}[{clipped(value)}]"
                move = _point(value.strip(), state, 0, prop)
                if cells[move.row][move.col] != ".":
                    raise RecordError(
                        _("{stones}: the square has a stone already").format(stones=label),
                        line=prop.line,
                    )
                cells[move.row][move.col] = "X" if prop.ident == "AB" else "O"
        diagram = "/".join("".join(row) for row in cells)
        try:
            reached = GameState.from_diagram(diagram, k=rules.k, exact=rules.exact, rule=rules.rule)
        except ValueError as error:
            raise RecordError(
                _("the set-up stones (AB, AW) are not a position of a game: {why}").format(
                    why=error
                ),
                line=props[0].line,
            ) from None
        if reached.is_over:
            raise RecordError(
                _("the set-up stones (AB, AW) already end the game"), line=props[0].line
            )
        for move in reached.history:
            self.replay.play(move)
        self.setup = reached.move_count

    def play(self, prop: Property) -> None:
        state = self.replay.state
        number = self.replay.next_number
        value = prop.values[0].strip()
        label = f"{prop.ident}[{clipped(value)}]"
        expected = "B" if state.to_move is Player.X else "W"
        if prop.ident != expected and not state.is_over and self.replay.foul is None:
            mover = colour_name(state.to_move)
            raise RecordError(
                _(
                    "{move} is {side}'s, but it is {mover}'s turn: "
                    "black moves first, then the sides alternate"
                ).format(
                    move=move_words(number, label),
                    side=colour_name(state.to_move.other),
                    mover=mover,
                ),
                line=prop.line,
            )
        move = _point(value, state, number, prop)
        try:
            self.replay.play(move, label)
        except RecordError as error:
            raise RecordError(error.problem, line=prop.line) from None


def _point(value: str, state: GameState, number: int, prop: Property) -> Move:
    rules = state.rules
    if value == "" or (value == "tt" and max(rules.rows, rules.cols) <= 19):
        raise RecordError(
            _("{move} is a pass: tictac_tui games have no passes").format(
                move=move_words(number, f"{prop.ident}[{clipped(value)}]")
            ),
            line=prop.line,
        )
    if len(value) != 2 or not value.isalpha() or not value.isascii():
        raise RecordError(
            _("{move} is not a square: a move is two letters, column then row").format(
                move=move_words(number, f"{prop.ident}[{clipped(value)}]")
            ),
            line=prop.line,
        )
    col, row = (_coordinate(c) for c in value)
    if col >= rules.cols or row >= rules.rows:
        raise RecordError(
            _("{move} is off the {cols}x{rows} board").format(
                move=move_words(number, f"{prop.ident}[{clipped(value)}]"),
                cols=rules.cols,
                rows=rules.rows,
            ),
            line=prop.line,
        )
    return Move(row, col)


def _coordinate(letter: str) -> int:
    """FF[4] point letters: a-z are 0-25, A-Z are 26-51."""
    if letter.islower():
        return ord(letter) - ord("a")
    return ord(letter) - ord("A") + 26


# -- writing -----------------------------------------------------------------

MOVES_PER_LINE = 10


def write_sgf(record: GameRecord) -> str:
    """The record as an SGF FF[4] GM[4] text (one game), ending in a newline."""
    rules = record.rules
    size = str(rules.cols) if rules.rows == rules.cols else f"{rules.cols}:{rules.rows}"
    root = [
        ("GM", "4"),
        ("FF", "4"),
        ("CA", "UTF-8"),
        ("AP", f"tictac_tui:{__version__}"),
        ("SZ", size),
        ("RU", RULE_NAMES[rules.rule]),
    ]
    if rules.k != 5:
        root.append(("IR", str(rules.k)))
    opening = record.opening
    if opening is not None and opening.rule is not OpeningRule.NONE:
        root.append(("TTOR", opening.rule.value))
        if opening.steps:
            root.append(("TTOS", steps_text(opening.steps)))
        root.append(("GC", describe_opening(opening)))
    optional = [
        ("PB", record.players.black),
        ("PW", record.players.white),
        ("DT", record.date),
        ("RE", format_result(record.result)),
        ("C", record.comment_at(0)),
    ]
    root.extend((ident, value) for ident, value in optional if value)
    parts = ["(;", "".join(f"{ident}[{escape(value)}]" for ident, value in root)]
    stones = record.moves[: record.setup]
    for ident, first in (("AB", 0), ("AW", 1)):
        if stones[first::2]:
            parts.append(ident + "".join(f"[{_letters(move)}]" for move in stones[first::2]))
    for n, node in enumerate(_move_nodes(record), start=1):
        parts.append("\n" if n % MOVES_PER_LINE == 1 else "")
        parts.append(node)
    parts.append(")\n")
    return "".join(parts)


def _letters(move: Move) -> str:
    """A square as SGF's two letters, column then row from the top left."""
    return f"{chr(ord('a') + move.col)}{chr(ord('a') + move.row)}"


def _move_nodes(record: GameRecord) -> Iterator[str]:
    """The moves after the set-up stones (AB, AW), one node each, with the mover's time
    left (BL, WL) where the game was timed."""
    times = record.times
    for n, move in enumerate(record.all_moves, start=1):
        if n <= record.setup:
            continue
        colour = "B" if n % 2 else "W"
        comment = record.comment_at(n)
        tail = f"C[{escape(comment)}]" if comment else ""
        left = times[n - 1] if n <= len(times) else None
        if left is not None:
            tail = f"{colour}L[{format_seconds(left)}]{tail}"
        yield f";{colour}[{_letters(move)}]{tail}"


def format_seconds(seconds: float) -> str:
    """BL/WL's value: seconds as an SGF real, to the millisecond ("12.5", "300")."""
    return f"{seconds:.3f}".rstrip("0").rstrip(".")


def _seconds(prop: Property) -> float:
    """BL/WL's value in seconds (an SGF real of bounded length). Raises RecordError."""
    text = prop.values[0].strip()
    if not _SECONDS.fullmatch(text):
        raise RecordError(
            _("{prop} is not a time left: seconds, like 12.5").format(
                prop=f"{prop.ident}[{clipped(text)}]"
            ),
            line=prop.line,
        )
    return float(text)


_SECONDS = re.compile(r"\d{1,9}(\.\d{1,6})?")
"""An SGF real number of seconds as BL/WL hold it (no sign: a time left)."""


def format_result(result: Result | None) -> str:
    """RE's value for a result ("" for none): B+, W+R, B+T, W+F or Draw."""
    if result is None:
        return ""
    if result.winner is None:
        return "Draw"
    side = "B" if result.winner is Player.X else "W"
    return f"{side}+{_RESULT_MARKS[result.ending]}"


def escape(value: str) -> str:
    """An SGF text value: backslash and ']' escaped."""
    return value.replace("\\", "\\\\").replace("]", "\\]")
