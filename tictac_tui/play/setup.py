"""A position set up stone by stone (the position editor), checked before play.

Pure: no files, no curses. A `Setup` is a board's black and white stones and
the side to move. `refusal` says why a set-up position could not arise under
its rule (a five already on the board; renju: a black stone on a forbidden
point; stone counts that cannot alternate with that side to move), in the
user's words; `start` makes the `GameState` a game from the position begins
at: the stones played in an order that reaches it (`GameState.from_diagram`),
whose first `len(stones)` moves are the set-up, not the game's.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..engine import GameState, Move, Player, Rule, Rules, geometry
from ..engine.renju import forbidden_at
from ..i18n import _
from ..squares import read_pos, square_name
from ..words import colour_name, foul_name


@dataclass(frozen=True, slots=True)
class Setup:
    """Stones on a board and the side to move (black is X, white O)."""

    rules: Rules
    stones: dict[Move, Player] = field(default_factory=dict)
    to_move: Player = Player.X

    @classmethod
    def of_state(cls, state: GameState) -> Setup:
        """The stones of `state`, its side to move."""
        rules = state.rules
        stones = {
            Move(r, c): player
            for r in range(rules.rows)
            for c in range(rules.cols)
            if (player := state.cell(Move(r, c))) is not None
        }
        return cls(rules, stones, state.to_move)

    @classmethod
    def of_pos(cls, text: str, rules: Rules) -> Setup:
        """The stones of a pos string (black, white, black, ... in turn), the next side to
        move. ValueError naming the first square that is not on the board or is repeated."""
        stones: dict[Move, Player] = {}
        side = Player.X
        for move in read_pos(text, rules):
            if move in stones:
                raise ValueError(
                    _("{square} comes twice in the position").format(
                        square=square_name(rules, move)
                    )
                )
            stones[move] = side
            side = side.other
        return cls(rules, stones, side)

    def cell(self, move: Move) -> Player | None:
        """The stone on `move`, or None."""
        return self.stones.get(move)

    def count(self, player: Player) -> int:
        """How many stones `player` has."""
        return sum(1 for stone in self.stones.values() if stone is player)

    def put(self, move: Move, player: Player | None) -> Setup:
        """A copy with `player`'s stone on `move` (None: the square emptied)."""
        stones = dict(self.stones)
        if player is None:
            stones.pop(move, None)
        else:
            stones[move] = player
        return replace(self, stones=stones)

    def cycled(self, move: Move) -> Setup:
        """A copy with `move` stepped: empty, black, white, empty."""
        now = self.stones.get(move)
        return self.put(move, Player.X if now is None else Player.O if now is Player.X else None)

    def diagram(self) -> str:
        """The position as rows of X, O and . (top row first)."""
        rules = self.rules
        return "/".join(
            "".join(
                self.stones[Move(r, c)].value if Move(r, c) in self.stones else "."
                for c in range(rules.cols)
            )
            for r in range(rules.rows)
        )


def refusal(setup: Setup) -> str | None:
    """Why `setup` could not arise in a game under its rule, in words; None if it could."""
    rules = setup.rules
    black, white = setup.count(Player.X), setup.count(Player.O)
    if setup.to_move is Player.X and black != white:
        return _(
            "With black to move, black and white have as many stones (now {black} and {white})"
        ).format(black=black, white=white)
    if setup.to_move is Player.O and black != white + 1:
        return _(
            "With white to move, black has one stone more than white (now {black} and {white})"
        ).format(black=black, white=white)
    geo = geometry(rules)
    bits = {
        player: sum(1 << geo.index(m) for m, p in setup.stones.items() if p is player)
        for player in Player
    }
    for move, player in sorted(setup.stones.items()):
        index = geo.index(move)
        if geo.wins(player)(bits[player], bits[player.other], index):
            return _("{colour} already has a line that wins, through {square}").format(
                colour=colour_name(player).capitalize(), square=square_name(rules, move)
            )
    if rules.rule is Rule.RENJU:
        for move, player in sorted(setup.stones.items()):
            if player is not Player.X:
                continue
            index = geo.index(move)
            foul = forbidden_at(bits[Player.X] & ~(1 << index), bits[Player.O], index, geo)
            if foul is not None:
                return _("The black stone on {square} is forbidden: {foul}").format(
                    square=square_name(rules, move), foul=foul_name(foul)
                )
    try:
        start(setup)
    except ValueError:
        return _("No order of moves reaches this position without ending the game early")
    return None


def start(setup: Setup) -> GameState:
    """The position as a game state whose history plays its stones (in an order that
    reaches it). ValueError when no order does: ask `refusal` first."""
    rules = setup.rules
    if not setup.stones:
        return GameState.new(rules)
    state = GameState.from_diagram(setup.diagram(), k=rules.k, exact=rules.exact, rule=rules.rule)
    if state.rules != rules:
        raise ValueError("the diagram's rules differ")  # never expected: same sides and rule
    return state
