"""Opening rules (swap, swap2, Soosõrv-8, Taraguchi-10) as an immutable state machine.

An `Opening` is a rule, the `Rules` of the game and the steps taken so far
(`Place`, `Choose`, `Declare`, `Offer`, `Pick`); everything else (the board,
who holds which colour, the decision now asked) follows by replaying them.
Two persons take part: `Person.FIRST` starts, holding black for now; a
`Choice.SWAP` exchanges the colours of the two persons. At every swap
question the person asked is the one holding the colour to move.

- ``swap``: FIRST places black, white, black anywhere; SECOND swaps or keeps.
- ``swap2``: FIRST places three; SECOND swaps, keeps, or places white and
  black (`Choice.PLACE_TWO`, after which FIRST holds white) and FIRST swaps
  or keeps.
- ``soosorv8``: FIRST places one of the 26 canonical openings (black on the
  centre, white within the central 3x3, black within the central 5x5);
  swap; white places the 4th anywhere and declares 1..`SOOSORV_MAX_OFFER`
  fifth moves; swap; black offers that many, no two symmetrical; white picks
  one (it is played) and the game goes on with white's 6th.
- ``taraguchi10``: black on the centre, swap; white within 3x3, swap; black
  within 5x5, swap; white within 7x7; then black swaps or keeps (and places
  the 5th within 9x9, then white may swap), or offers `TARAGUCHI_OFFER` fifth
  moves anywhere, no two symmetrical, and white picks one.

A refused step is a `Refused` value (a `Refusal` and, where one applies, a
size: the region's side, the expected count); `Opening.apply` raises
`OpeningRefused` carrying it and changes nothing. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from enum import Enum

from .notation import format_move, parse_move
from .rules import Rule, Rules
from .state import GameState
from .symmetry import symmetrical
from .types import Move, Player

SOOSORV_MAX_OFFER = 8
"""The most fifth moves white may ask for under Soosõrv-8."""
TARAGUCHI_OFFER = 10
"""Fifth moves black offers under Taraguchi-10's second choice."""
RENJU_SIDE = 15
"""Soosõrv and Taraguchi are played on this board under renju only."""


class OpeningRule(str, Enum):
    """An opening rule. The values are the public names (``--opening``)."""

    NONE = "none"
    SWAP = "swap"
    SWAP2 = "swap2"
    SOOSORV8 = "soosorv8"
    TARAGUCHI10 = "taraguchi10"

    def __str__(self) -> str:
        return self.value


def parse_opening_rule(value: OpeningRule | str) -> OpeningRule:
    """An `OpeningRule` from itself or its name; ValueError naming the rules otherwise."""
    if isinstance(value, OpeningRule):
        return value
    if isinstance(value, str):
        try:
            return OpeningRule(value.strip().lower())
        except ValueError:
            pass
    known = ", ".join(rule.value for rule in OpeningRule)
    raise ValueError(f"unknown opening rule {value!r}: the opening rules are {known}")


def offered_for(rule: OpeningRule, rules: Rules) -> bool:
    """Whether `rule` applies to games under `rules`.

    ``none`` always; swap and swap2 on five-in-a-row boards (any rule set);
    Soosõrv-8 and Taraguchi-10 under renju on the `RENJU_SIDE` board only.
    """
    if rule is OpeningRule.NONE:
        return True
    if rule in (OpeningRule.SWAP, OpeningRule.SWAP2):
        return rules.k == 5
    return rules.rule is Rule.RENJU and rules.rows == rules.cols == RENJU_SIDE


class Person(Enum):
    """One of the two people (or programs) at the board: FIRST starts the opening."""

    FIRST = "first"
    SECOND = "second"

    @property
    def other(self) -> Person:
        """The other person."""
        return Person.SECOND if self is Person.FIRST else Person.FIRST


class Choice(str, Enum):
    """An answer to a swap question. SWAP exchanges the colours; KEEP leaves them."""

    SWAP = "swap"
    KEEP = "keep"
    PLACE_TWO = "place-two"
    """swap2: place a white and a black stone and let the other person choose."""
    OFFER = "offer"
    """Taraguchi-10: offer `TARAGUCHI_OFFER` fifth moves instead of placing one."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Place:
    """Place one stone (its colour is the decision's)."""

    move: Move


@dataclass(frozen=True, slots=True)
class Choose:
    """Answer a swap question."""

    choice: Choice


@dataclass(frozen=True, slots=True)
class Declare:
    """Soosõrv: how many fifth moves black must offer."""

    count: int


@dataclass(frozen=True, slots=True)
class Offer:
    """Offer fifth moves, no two symmetrical."""

    moves: tuple[Move, ...]


@dataclass(frozen=True, slots=True)
class Pick:
    """Pick one of the offered fifth moves (it is played)."""

    move: Move


Action = Place | Choose | Declare | Offer | Pick


class Ask(Enum):
    """The kind of decision asked now."""

    PLACE = "place"
    CHOOSE = "choose"
    DECLARE = "declare"
    OFFER = "offer"
    PICK = "pick"


@dataclass(frozen=True, slots=True)
class Decision:
    """What is asked now, and of whom.

    `colour`: the stone to place (PLACE). `region`: the side of the central
    square a placed stone must lie in (1: the centre point; None: anywhere).
    `choices`: the answers allowed (CHOOSE). `count`: the fifth moves to offer
    (OFFER) or the most that may be declared (DECLARE). `offered`: the moves
    to pick from (PICK).
    """

    ask: Ask
    person: Person
    colour: Player | None = None
    region: int | None = None
    choices: frozenset[Choice] = frozenset()
    count: int | None = None
    offered: tuple[Move, ...] = ()


class Refusal(Enum):
    """Why a step is refused."""

    OVER = "the opening is over"
    NOT_ASKED = "that is not the decision asked now"
    OFF_BOARD = "not on the board"
    ILLEGAL = "not a legal move"
    OUTSIDE_REGION = "outside the allowed central square"
    OUT_OF_RANGE = "not an allowed number"
    WRONG_COUNT = "not the declared number of moves"
    SYMMETRICAL = "two offered moves are symmetrical"
    NOT_OFFERED = "not one of the offered moves"
    NOTHING_TO_UNDO = "nothing to undo"


@dataclass(frozen=True, slots=True)
class Refused:
    """A refused step: the reason, and the size it concerns (region side, count), if any."""

    reason: Refusal
    size: int | None = None
    move: Move | None = None


class OpeningRefused(ValueError):
    """Raised by `Opening.apply` and `Opening.undo`; `refused` says why."""

    def __init__(self, refused: Refused) -> None:
        detail = f" ({refused.size})" if refused.size is not None else ""
        super().__init__(f"{refused.reason.value}{detail}")
        self.refused = refused


@dataclass(frozen=True, slots=True)
class Outcome:
    """The opening is over: who plays black and the position the game goes on from."""

    black: Person
    state: GameState

    @property
    def white(self) -> Person:
        """The person playing white."""
        return self.black.other

    def colour_of(self, person: Person) -> Player:
        """The colour `person` plays."""
        return Player.X if person is self.black else Player.O


@dataclass(frozen=True, slots=True)
class _Now:
    state: GameState
    black: Person
    decision: Decision | None
    declared: int | None


@dataclass(frozen=True)
class Opening:
    """An opening under way: `rule`, the game's `rules` and the `steps` taken.

    Build with `Opening.start`; `apply` returns the opening one step on,
    `undo` one step back. ValueError (`OpeningRefused`) on construction if
    the steps do not follow the rule.
    """

    rule: OpeningRule
    rules: Rules
    steps: tuple[Action, ...] = ()
    _now: _Now = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not offered_for(self.rule, self.rules):
            raise ValueError(
                f"the {self.rule.value} opening does not apply to {self.rules.describe()}"
            )
        object.__setattr__(self, "_now", _replay(self.rule, self.rules, self.steps))

    @classmethod
    def start(cls, rule: OpeningRule | str, rules: Rules) -> Opening:
        """The opening before its first step. ValueError if `rule` does not apply to `rules`."""
        return cls(parse_opening_rule(rule), rules)

    @property
    def decision(self) -> Decision | None:
        """The decision asked now, or None once the opening is over."""
        return self._now.decision

    @property
    def is_over(self) -> bool:
        """True once the game proper may go on."""
        return self._now.decision is None

    @property
    def state(self) -> GameState:
        """The board so far (after the opening: the position the game goes on from)."""
        return self._now.state

    @property
    def black(self) -> Person:
        """The person holding black now (final once the opening is over)."""
        return self._now.black

    @property
    def declared(self) -> int | None:
        """Soosõrv: the number of fifth moves declared, once declared."""
        return self._now.declared

    @property
    def outcome(self) -> Outcome | None:
        """Who plays which colour and the position, once the opening is over."""
        return Outcome(self.black, self.state) if self.is_over else None

    def refusal(self, action: Action) -> Refused | None:
        """Why `action` is refused now, or None if it is allowed."""
        decision = self.decision
        if decision is None:
            return Refused(Refusal.OVER)
        return _check(self.state, decision, action)

    def apply(self, action: Action) -> Opening:
        """The opening after `action`. OpeningRefused (changing nothing) if it is refused."""
        refused = self.refusal(action)
        if refused is not None:
            raise OpeningRefused(refused)
        return Opening(self.rule, self.rules, (*self.steps, action))

    def undo(self) -> Opening:
        """The opening one step back. OpeningRefused before the first step."""
        if not self.steps:
            raise OpeningRefused(Refused(Refusal.NOTHING_TO_UNDO))
        return Opening(self.rule, self.rules, self.steps[:-1])

    def undo_for(self, person: Person) -> Opening:
        """Back to the last decision `person` took, undone (the other's later steps too).

        What a person's undo does against the computer. OpeningRefused when
        `person` has taken no step yet.
        """
        opening = self
        while opening.steps:
            opening = opening.undo()
            if opening.decision is not None and opening.decision.person is person:
                return opening
        raise OpeningRefused(Refused(Refusal.NOTHING_TO_UNDO))


# -- text of steps (records, the line mode) ---------------------------------


def step_text(action: Action) -> str:
    """One step as a word: "h8", "swap", "keep", "place-two", "offer", "declare:5",
    "offer:h9,i7", "pick:h9" (squares as `format_move` writes them)."""
    if isinstance(action, Place):
        return format_move(action.move)
    if isinstance(action, Choose):
        return action.choice.value
    if isinstance(action, Declare):
        return f"declare:{action.count}"
    if isinstance(action, Offer):
        return "offer:" + ",".join(format_move(m) for m in action.moves)
    return f"pick:{format_move(action.move)}"


def parse_step(text: str, rules: Rules) -> Action:
    """A step from its `step_text` word. ValueError saying what is wrong."""
    word = text.strip().lower()
    for choice in Choice:
        if word == choice.value:
            return Choose(choice)
    head, sep, tail = word.partition(":")
    if sep and head == "declare":
        if not tail.isdigit():
            raise ValueError(f"{text!r}: a number must follow declare:")
        return Declare(int(tail))
    if sep and head == "offer":
        return Offer(tuple(parse_move(part, rules) for part in tail.split(",") if part))
    if sep and head == "pick":
        return Pick(parse_move(tail, rules))
    return Place(parse_move(word, rules))


def read_answer(text: str, decision: Decision, rules: Rules) -> Action | None:
    """A typed answer to `decision` (the line mode), or None if it is not one.

    PLACE and PICK: a square ("h8"); CHOOSE: ``swap``, ``keep``,
    ``place-two`` (or ``two``), ``offer``; DECLARE: a number; OFFER: the
    squares separated by spaces or commas. Whether the answer is allowed is
    `Opening.refusal`'s to say.
    """
    words = text.replace(",", " ").lower().split()
    if not words:
        return None
    try:
        if decision.ask is Ask.CHOOSE:
            word = "-".join(words)
            word = {"two": Choice.PLACE_TWO.value, "place": Choice.PLACE_TWO.value}.get(word, word)
            return Choose(Choice(word)) if len(words) <= 2 else None
        if decision.ask is Ask.DECLARE:
            return Declare(int(words[0])) if len(words) == 1 and words[0].isdigit() else None
        if decision.ask is Ask.OFFER:
            return Offer(tuple(parse_move(word, rules) for word in words))
        if len(words) != 1:
            return None
        move = parse_move(words[0], rules)
    except ValueError:
        return None
    return Pick(move) if decision.ask is Ask.PICK else Place(move)


def steps_text(steps: tuple[Action, ...]) -> str:
    """Steps as words separated by spaces."""
    return " ".join(step_text(step) for step in steps)


def parse_steps(text: str, rules: Rules) -> tuple[Action, ...]:
    """Steps from `steps_text`. ValueError saying which word is wrong."""
    return tuple(parse_step(word, rules) for word in text.split())


# -- regions ----------------------------------------------------------------


def centre(rules: Rules) -> Move:
    """The centre point of the board (the lower-right of the middle four on even sides)."""
    return Move(rules.rows // 2, rules.cols // 2)


def in_region(rules: Rules, move: Move, side: int | None) -> bool:
    """True when `move` lies within the central `side` x `side` square (None: anywhere)."""
    if side is None:
        return True
    middle = centre(rules)
    half = side // 2
    return abs(move.row - middle.row) <= half and abs(move.col - middle.col) <= half


def region_squares(rules: Rules, side: int | None) -> tuple[Move, ...]:
    """The board's squares within the central `side` x `side` square (None: all)."""
    return tuple(
        Move(r, c)
        for r in range(rules.rows)
        for c in range(rules.cols)
        if in_region(rules, Move(r, c), side)
    )


def canonical_openings(rules: Rules) -> list[tuple[Move, Move, Move]]:
    """The 26 canonical three-stone openings around the centre that fit on `rules`' board.

    Black on the centre, white next to it straight (the "D" openings, first
    13) or diagonally ("I", next 13), black within the central 5x5; of two
    mirror images in the line through the first two stones, the first met
    (rows then columns from the top-left) is kept.
    """
    middle = centre(rules)
    found = []
    for second in ((0, 1), (1, 1)):
        seen: set[tuple[int, int]] = set()
        for dr in range(-2, 3):
            for dc in range(-2, 3):
                if (dr, dc) in ((0, 0), second) or _mirror(second, (dr, dc)) in seen:
                    continue
                seen.add((dr, dc))
                stones = (middle, _shift(middle, second), _shift(middle, (dr, dc)))
                if all(0 <= m.row < rules.rows and 0 <= m.col < rules.cols for m in stones):
                    found.append(stones)
    return found


def _mirror(second: tuple[int, int], step: tuple[int, int]) -> tuple[int, int]:
    """`step` reflected in the line through the centre and the second stone."""
    dr, dc = step
    return (-dr, dc) if second == (0, 1) else (dc, dr)


def _shift(move: Move, step: tuple[int, int]) -> Move:
    return Move(move.row + step[0], move.col + step[1])


# -- checking a step ----------------------------------------------------------


def _check(state: GameState, decision: Decision, action: Action) -> Refused | None:
    ask = decision.ask
    if isinstance(action, Place) and ask is Ask.PLACE:
        return _check_square(state, action.move, decision.region)
    if isinstance(action, Choose) and ask is Ask.CHOOSE:
        return None if action.choice in decision.choices else Refused(Refusal.NOT_ASKED)
    if isinstance(action, Declare) and ask is Ask.DECLARE:
        top = decision.count or 0
        ok = not isinstance(action.count, bool) and 1 <= action.count <= top
        return None if ok else Refused(Refusal.OUT_OF_RANGE, top)
    if isinstance(action, Offer) and ask is Ask.OFFER:
        return _check_offer(state, action.moves, decision.count or 0)
    if isinstance(action, Pick) and ask is Ask.PICK:
        if action.move not in decision.offered:
            return Refused(Refusal.NOT_OFFERED, move=action.move)
        return None
    return Refused(Refusal.NOT_ASKED)


def _check_square(state: GameState, move: Move, region: int | None) -> Refused | None:
    rules = state.rules
    if not (0 <= move.row < rules.rows and 0 <= move.col < rules.cols):
        return Refused(Refusal.OFF_BOARD, move=move)
    if not state.is_legal(move):
        return Refused(Refusal.ILLEGAL, move=move)
    if not in_region(rules, move, region):
        return Refused(Refusal.OUTSIDE_REGION, region, move)
    return None


def _check_offer(state: GameState, moves: tuple[Move, ...], count: int) -> Refused | None:
    if len(moves) != count:
        return Refused(Refusal.WRONG_COUNT, count)
    for i, move in enumerate(moves):
        refused = _check_square(state, move, None)
        if refused is not None:
            return refused
        for earlier in moves[:i]:
            if symmetrical(state, earlier, move):
                return Refused(Refusal.SYMMETRICAL, move=move)
    return None


# -- the rules as scripts -----------------------------------------------------


class _Run:
    """The mutable replay of one opening's steps."""

    def __init__(self, rules: Rules) -> None:
        self.state = GameState.new(rules)
        self.black = Person.FIRST
        self.declared: int | None = None

    def holder(self, colour: Player) -> Person:
        return self.black if colour is Player.X else self.black.other


Script = Generator[Decision, Action, None]

_YES_NO = frozenset({Choice.SWAP, Choice.KEEP})


def _place(run: _Run, person: Person, colour: Player, region: int | None = None) -> Script:
    action = yield Decision(Ask.PLACE, person, colour=colour, region=region)
    assert isinstance(action, Place)
    run.state = run.state.play(action.move)


def _choose(run: _Run, choices: frozenset[Choice] = _YES_NO) -> Generator[Decision, Action, Choice]:
    person = run.holder(run.state.to_move)
    action = yield Decision(Ask.CHOOSE, person, choices=choices)
    assert isinstance(action, Choose)
    if action.choice is Choice.SWAP:
        run.black = run.black.other
    return action.choice


def _offer_and_pick(run: _Run, count: int) -> Script:
    action = yield Decision(Ask.OFFER, run.holder(Player.X), colour=Player.X, count=count)
    assert isinstance(action, Offer)
    picked = yield Decision(Ask.PICK, run.holder(Player.O), offered=action.moves)
    assert isinstance(picked, Pick)
    run.state = run.state.play(picked.move)


def _swap(run: _Run) -> Script:
    for colour in (Player.X, Player.O, Player.X):
        yield from _place(run, Person.FIRST, colour)
    yield from _choose(run)


def _swap2(run: _Run) -> Script:
    for colour in (Player.X, Player.O, Player.X):
        yield from _place(run, Person.FIRST, colour)
    choice = yield from _choose(run, frozenset(Choice) - {Choice.OFFER})
    if choice is Choice.PLACE_TWO:
        yield from _place(run, Person.SECOND, Player.O)
        yield from _place(run, Person.SECOND, Player.X)
        run.black = Person.SECOND  # FIRST, holding white, is asked
        yield from _choose(run)


def _soosorv8(run: _Run) -> Script:
    for colour, region in ((Player.X, 1), (Player.O, 3), (Player.X, 5)):
        yield from _place(run, Person.FIRST, colour, region)
    yield from _choose(run)
    yield from _place(run, run.holder(Player.O), Player.O)
    action = yield Decision(Ask.DECLARE, run.holder(Player.O), count=SOOSORV_MAX_OFFER)
    assert isinstance(action, Declare)
    run.declared = action.count
    yield from _choose(run)
    yield from _offer_and_pick(run, action.count)


def _taraguchi10(run: _Run) -> Script:
    yield from _place(run, Person.FIRST, Player.X, 1)
    for colour, region in ((Player.O, 3), (Player.X, 5), (Player.O, 7)):
        yield from _choose(run)
        yield from _place(run, run.holder(colour), colour, region)
    choice = yield from _choose(run, frozenset({Choice.SWAP, Choice.KEEP, Choice.OFFER}))
    if choice is Choice.OFFER:
        yield from _offer_and_pick(run, TARAGUCHI_OFFER)
        return
    yield from _place(run, run.holder(Player.X), Player.X, 9)
    yield from _choose(run)


def _none(run: _Run) -> Script:
    return
    yield  # a generator that asks nothing


_SCRIPTS: dict[OpeningRule, Callable[[_Run], Script]] = {
    OpeningRule.NONE: _none,
    OpeningRule.SWAP: _swap,
    OpeningRule.SWAP2: _swap2,
    OpeningRule.SOOSORV8: _soosorv8,
    OpeningRule.TARAGUCHI10: _taraguchi10,
}


def _replay(rule: OpeningRule, rules: Rules, steps: tuple[Action, ...]) -> _Now:
    run = _Run(rules)
    script = _SCRIPTS[rule](run)
    decision: Decision | None = next(script, None)
    for action in steps:
        if decision is None:
            raise OpeningRefused(Refused(Refusal.OVER))
        refused = _check(run.state, decision, action)
        if refused is not None:
            raise OpeningRefused(refused)
        try:
            decision = script.send(action)
        except StopIteration:
            decision = None
    return _Now(run.state, run.black, decision, run.declared)
