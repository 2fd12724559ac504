"""The opening rules in the game layer: who decides for a computer, and the steps in words.

`decider_for(player)` gives each computer person its `Decider`: a hosted
engine's `Swap2Board` (``SWAP2BOARD``; the app's player where the engine
can't, and its `notice` says so), else the app's own `OpeningPlayer`
(strategies/openings.py) at `OPENING_NODES` nodes a scored position, so its
answers do not depend on the machine's load. Both front ends say the
opening's steps with the functions below, each given the front end's own
way of naming a square (`Namer`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..engine import Move, Player, Rules
from ..engine.openings import (
    Action,
    Ask,
    Choice,
    Choose,
    Decision,
    Declare,
    Offer,
    Opening,
    Person,
    Pick,
    Place,
    Refusal,
    Refused,
)
from ..engines.spec import is_engine
from ..i18n import N_, _, ngettext
from ..strategies import Strategy
from ..strategies.openings import OpeningPlayer
from ..words import answer_name, colour_name

OPENING_NODES = 3000
"""Search nodes per position the computer's opening decisions score (as the balance bench)."""

Namer = Callable[[Move], str]
"""How a front end names a square."""


class Decider(Protocol):
    """Answers the decisions of an opening for one computer person."""

    @property
    def name(self) -> str: ...

    def decide(self, opening: Opening) -> Action:
        """The answer to `opening.decision`."""
        ...


class OwnDecider:
    """The app's `OpeningPlayer` deciding for a computer player `name`."""

    def __init__(self, name: str, seed: int | None) -> None:
        self.name = name
        self.player = OpeningPlayer(nodes=OPENING_NODES, seed=drawn(seed))
        self.notice: str | None = None

    def decide(self, opening: Opening) -> Action:
        """The opening player's answer."""
        return self.player.decide(opening)


def drawn(seed: int | None) -> int:
    """`seed`, or without one a seed drawn at random, so that games without ``--seed`` do
    not all start from the same placement (the opening player draws among its
    `strategies.openings.PLACE_SPREAD` most even placements by its seed)."""
    return seed if seed is not None else random.randrange(2**31)


def decider_for(player: Strategy, *, seed: int | None) -> Decider:
    """Who decides the opening for `player`: a hosted engine itself (swap2, SWAP2BOARD),
    else the app's opening player."""
    if is_engine(player):
        from ..engines.opening import Swap2Board  # the engine host, loaded when first used

        return Swap2Board(player, OpeningPlayer(nodes=OPENING_NODES, seed=drawn(seed)))
    return OwnDecider(player.name, seed)


def decider_notice(decider: Decider) -> str | None:
    """Why the app's player decides for an engine (None when the engine decides itself)."""
    notice = getattr(decider, "notice", None)
    if not notice:
        return None
    return _("{reason}: the app's opening player decides for it").format(reason=notice)


# -- words --------------------------------------------------------------------------

ORDINALS = {
    1: N_("1st"),
    2: N_("2nd"),
    3: N_("3rd"),
    4: N_("4th"),
    5: N_("5th"),
    6: N_("6th"),
}


def ordinal(number: int) -> str:
    """ "1st" .. "6th" (the opening's stones), else the number."""
    word = ORDINALS.get(number)
    return _(word) if word else str(number)


def area_words(side: int | None) -> str:
    """ "the centre point", "the central 5x5", "anywhere"."""
    if side is None:
        return _("anywhere")
    if side == 1:
        return _("the centre point")
    return _("the central {side}x{side}").format(side=side)


def decision_words(decision: Decision, state_stones: int, you: bool | None) -> str:
    """What is asked now, for the message line.

    `you`: True when the person reading decides, False when the computer
    does, None between two people (the colour to move is named).
    """
    who = _("You") if you else _("The computer") if you is False else None
    if decision.ask is Ask.PLACE:
        colour = colour_name(decision.colour or Player.X)
        stone = ordinal(state_stones + 1)
        where = area_words(decision.region)
        if who is None:
            return _("Place the {nth} stone ({colour}), {where}").format(
                nth=stone, colour=colour, where=where
            )
        return _("{who}: place the {nth} stone ({colour}), {where}").format(
            who=who, nth=stone, colour=colour, where=where
        )
    if decision.ask is Ask.CHOOSE:
        return choose_words(decision, who)
    if decision.ask is Ask.DECLARE:
        text = _("declare how many 5th moves black offers: a number from 1 to {most}")
        return _join(who, text.format(most=decision.count))
    if decision.ask is Ask.OFFER:
        count = decision.count or 0
        text = ngettext(
            "offer {count} 5th move (black): Enter on it",
            "offer {count} 5th moves (black), no two symmetrical: Enter on each",
            count,
        )
        return _join(who, text.format(count=count))
    return _join(who, _("pick one of the offered 5th moves (marked); it is played"))


def choose_words(decision: Decision, who: str | None) -> str:
    """The swap question with its numbered answers: "1 keep  2 swap  3 place two more"
    (each answer's word as `words.answer_name` gives it, the word a person may type)."""
    answers = [f"{number} {answer_name(choice)}" for number, choice in numbered_choices(decision)]
    question = _("swap colours? {answers}").format(answers="  ".join(answers))
    return _join(who, question)


def _join(who: str | None, text: str) -> str:
    if who is None:
        return text[:1].upper() + text[1:]
    return _("{who}: {text}").format(who=who, text=text)


def numbered_choices(decision: Decision) -> list[tuple[int, Choice]]:
    """The swap question's answers as numbered: 1 keep, 2 swap, 3 the rule's third
    answer (swap2's place two more, Taraguchi's offer), where it has one."""
    numbered = [(1, Choice.KEEP), (2, Choice.SWAP)]
    for choice in (Choice.PLACE_TWO, Choice.OFFER):
        if choice in decision.choices:
            numbered.append((3, choice))
    return numbered


def numbered_choice(decision: Decision, digit: int) -> Choose | None:
    """The answer numbered `digit` to the swap question, or None."""
    for number, choice in numbered_choices(decision):
        if number == digit:
            return Choose(choice)
    return None


def answer_keys(decision: Decision) -> str:
    """The digits that answer a swap question or declare a number, as a range: "1-2",
    "1-3" (`numbered_choices`), "1-8" (up to the most that may be declared)."""
    if decision.ask is Ask.DECLARE:
        most = decision.count or 1
    else:
        most = max(number for number, _choice in numbered_choices(decision))
    return f"1-{most}" if most > 1 else "1"


ENGLISH_ANSWERS = {
    Choice.KEEP: ("keep",),
    Choice.SWAP: ("swap",),
    Choice.PLACE_TWO: ("place two more", "place two", "place-two", "two", "place"),
    Choice.OFFER: ("offer ten 5th moves", "offer"),
}
"""What a person may type in English for each answer, in any language."""


def _plain(text: str) -> str:
    return " ".join(text.replace("-", " ").lower().split())


def typed_choice(text: str, decision: Decision) -> Choose | None:
    """A typed answer to the swap question: its number ("2"), its word as the question
    lists it in the language in use (`words.answer_name`: "交换", "place two more") or an
    English word (`ENGLISH_ANSWERS`: "swap", "keep", "two", "offer"); None if it is none.
    Whether the rule allows the answer now is `Opening.refusal`'s to say."""
    typed = _plain(text)
    if typed.isdigit():
        return numbered_choice(decision, int(typed))
    for choice in Choice:
        forms = {_plain(answer_name(choice)), *(_plain(word) for word in ENGLISH_ANSWERS[choice])}
        if typed in forms:
            return Choose(choice)
    return None


def answer_prompt() -> str:
    """What to type to answer the swap question, in the language in use."""
    return _("Type {swap} or {keep} (or 1, 2, 3 as listed)").format(
        swap=answer_name(Choice.SWAP), keep=answer_name(Choice.KEEP)
    )


REFUSALS = {
    Refusal.OVER: N_("The opening is over"),
    Refusal.NOT_ASKED: N_("That is not what the opening asks now"),
    Refusal.OFF_BOARD: N_("{square} is not on the board"),
    Refusal.ILLEGAL: N_("{square} can't be played"),
    Refusal.OUT_OF_RANGE: N_("Declare a number from 1 to {size}"),
    Refusal.SYMMETRICAL: N_("{square} is symmetrical to a move already offered"),
    Refusal.NOT_OFFERED: N_("{square} is not one of the offered 5th moves"),
    Refusal.NOTHING_TO_UNDO: N_("Nothing to undo"),
}


def refusal_words(refused: Refused, stones: int, name: Namer) -> str:
    """Why a step is refused: "the 3rd stone must be within the central 5x5"."""
    square = name(refused.move) if refused.move is not None else ""
    if refused.reason is Refusal.OUTSIDE_REGION:
        if refused.size == 1:
            return _("The {nth} stone must be on the centre point").format(nth=ordinal(stones + 1))
        return _("The {nth} stone must be within the central {side}x{side}").format(
            nth=ordinal(stones + 1), side=refused.size
        )
    if refused.reason is Refusal.WRONG_COUNT:
        size = refused.size or 0
        return ngettext(
            "Offer exactly {size} 5th move", "Offer exactly {size} 5th moves", size
        ).format(size=size)
    return _(REFUSALS[refused.reason]).format(square=square, size=refused.size)


def step_words(action: Action, name: Namer, who: str | None) -> str:
    """A step taken, in words: "Computer places h8", "You swap colours" (`who` None: the
    reader), "Black offers h9, j7"."""
    if who is None:
        return _your_step(action, name)
    if isinstance(action, Place):
        return _("{who} places {square}").format(who=who, square=name(action.move))
    if isinstance(action, Choose):
        text = {
            Choice.SWAP: _("{who} swaps colours"),
            Choice.KEEP: _("{who} keeps the colours"),
            Choice.PLACE_TWO: _("{who} places two more stones"),
            Choice.OFFER: _("{who} offers ten 5th moves"),
        }[action.choice]
        return text.format(who=who)
    if isinstance(action, Declare):
        return ngettext(
            "{who} declares {count} 5th move", "{who} declares {count} 5th moves", action.count
        ).format(who=who, count=action.count)
    if isinstance(action, Offer):
        squares = ", ".join(name(move) for move in action.moves)
        return _("{who} offers {squares}").format(who=who, squares=squares)
    assert isinstance(action, Pick)
    return _("{who} picks {square}").format(who=who, square=name(action.move))


def _your_step(action: Action, name: Namer) -> str:
    if isinstance(action, Place):
        return _("You place {square}").format(square=name(action.move))
    if isinstance(action, Choose):
        return {
            Choice.SWAP: _("You swap colours"),
            Choice.KEEP: _("You keep the colours"),
            Choice.PLACE_TWO: _("You place two more stones"),
            Choice.OFFER: _("You offer ten 5th moves"),
        }[action.choice]
    if isinstance(action, Declare):
        return ngettext(
            "You declare {count} 5th move", "You declare {count} 5th moves", action.count
        ).format(count=action.count)
    if isinstance(action, Offer):
        squares = ", ".join(name(move) for move in action.moves)
        return _("You offer {squares}").format(squares=squares)
    assert isinstance(action, Pick)
    return _("You pick {square}").format(square=name(action.move))


def sentence(text: str) -> str:
    """`text` said as a sentence: its full stop in the language in use ("." or "。")."""
    return _("{sentence}.").format(sentence=text)


def steps_since(opening: Opening, person: Person) -> list[tuple[Person, Action]]:
    """The steps taken since `person` last decided (all of them if `person` has not),
    oldest first, each with the person who took it."""
    taken: list[tuple[Person, Action]] = []
    while opening.steps:
        before = opening.undo()
        asked = before.decision
        assert asked is not None
        if asked.person is person:
            break
        taken.append((asked.person, opening.steps[-1]))
        opening = before
    return taken[::-1]


def unseen(action: Action) -> bool:
    """Whether a step leaves nothing on the board to see it by (a swap question's answer,
    a declared number): such a step by another must be said."""
    return isinstance(action, Choose | Declare)


def colours_words(opening: Opening, you_first: bool | None) -> str:
    """Who holds black after the opening: "You play black", "First player plays white"."""
    outcome = opening.outcome
    assert outcome is not None
    if you_first is None:
        colour = colour_name(outcome.colour_of(Person.FIRST))
        return _("The opening is over: the first player plays {colour}").format(colour=colour)
    you = Person.FIRST if you_first else Person.SECOND
    return _("The opening is over: you play {colour}").format(
        colour=colour_name(outcome.colour_of(you))
    )


def reader(hvc: bool, human: bool) -> bool | None:
    """Whether the person reading takes a decision: True (a person against the computer),
    False (the computer), None (two people or two computers: the persons are named)."""
    return human if hvc else None


def who_words(you: bool | None, person: Person) -> str | None:
    """Who took a step, for `step_words`: None for the reader, "Computer", "First player"."""
    if you is None:
        return _("First player") if person is Person.FIRST else _("Second player")
    return None if you else _("Computer")


def region_of(decision: Decision | None, rules: Rules) -> int | None:
    """The side of the central square a stone must go in now (None: no limit, or not
    placing)."""
    if decision is None or decision.ask is not Ask.PLACE:
        return None
    side = decision.region
    return side if side is not None and side < max(rules.rows, rules.cols) else None
