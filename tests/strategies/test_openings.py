"""The computer's opening decisions (strategies/openings.py): every rule, both sides."""

from __future__ import annotations

import pytest

from tests.opening_scores import remember_scores
from tictac_tui.engine import GameState, Move, Player, Rules, parse_move
from tictac_tui.engine.openings import (
    Ask,
    Choice,
    Opening,
    OpeningRule,
    Person,
    canonical_openings,
    parse_step,
)
from tictac_tui.engine.symmetry import symmetrical
from tictac_tui.strategies.openings import (
    BALANCE_BAND,
    SEARCHED_OPENINGS,
    OpeningPlayer,
    colour_choice,
    loses_at_once,
    nearest_even,
    swap_openings,
)

GOMOKU = Rules.gomoku(15)
RENJU = Rules.gomoku(15, rule="renju")
NODES = 300
RULES = {
    OpeningRule.SWAP: GOMOKU,
    OpeningRule.SWAP2: GOMOKU,
    OpeningRule.SOOSORV8: RENJU,
    OpeningRule.TARAGUCHI10: RENJU,
}


def computer_opening(rule: OpeningRule, seed: int) -> tuple[Opening, list[Ask]]:
    """The opening played to its end by two computers (one per person), from fresh
    searches; a position both score (the one placed, then chosen on) is searched once
    in a call (`remember_scores`)."""
    players = {
        Person.FIRST: OpeningPlayer(nodes=NODES, seed=seed),
        Person.SECOND: OpeningPlayer(nodes=NODES, seed=seed + 1),
    }
    opening = Opening.start(rule, RULES[rule])
    asked = []
    with pytest.MonkeyPatch.context() as patch:
        remember_scores(patch, {})
        while opening.decision is not None:
            asked.append(opening.decision.ask)
            opening = opening.apply(players[opening.decision.person].decide(opening))
    return opening, asked


@pytest.mark.parametrize("rule", list(RULES))
def test_computers_play_every_rule_to_its_end_reproducibly(rule: OpeningRule) -> None:
    first, asked = computer_opening(rule, 7)
    again, _ = computer_opening(rule, 7)
    assert first.steps == again.steps  # the same seed, the same answers
    assert first.outcome is not None and first.state.move_count >= 3
    assert Ask.CHOOSE in asked
    if rule is OpeningRule.SOOSORV8:
        assert first.declared is not None and 1 <= first.declared <= 8
        assert first.state.history[:3] in canonical_openings(RENJU)


def test_the_computer_answers_every_kind_of_decision() -> None:
    # steer a Soosõrv-8 opening through every kind of decision, the computer answering each
    player = OpeningPlayer(nodes=NODES)
    opening = Opening.start("soosorv8", RENJU)
    seen = set()
    while opening.decision is not None:
        seen.add(opening.decision.ask)
        opening = opening.apply(player.decide(opening))
    assert seen == set(Ask)
    with pytest.raises(ValueError, match="the opening is over"):
        player.decide(opening)


def test_taraguchi_offers_ten_distinct_fifth_moves() -> None:
    player = OpeningPlayer(nodes=NODES)
    opening = Opening.start("taraguchi10", RENJU)
    # four stones, then force the offer branch
    for text in ("h8", "keep", "i9", "keep", "h10", "keep", "k11", "offer"):
        opening = opening.apply(parse_step(text, RENJU))
    decision = opening.decision
    assert decision is not None and decision.ask is Ask.OFFER
    action = player.decide(opening)
    opening = opening.apply(action)  # the engine checks count and symmetry
    assert opening.decision is not None
    offered = opening.decision.offered
    assert len(offered) == 10
    for i, a in enumerate(offered):
        for b in offered[:i]:
            assert not symmetrical(opening.state, a, b)
        assert not loses_at_once(opening.state.play(a))


def test_colour_choice_rules() -> None:
    assert colour_choice(0, may_place_two=False) is Choice.KEEP
    assert colour_choice(-1, may_place_two=False) is Choice.SWAP
    assert colour_choice(BALANCE_BAND + 1, may_place_two=True) is Choice.KEEP
    assert colour_choice(-BALANCE_BAND - 1, may_place_two=True) is Choice.SWAP
    assert colour_choice(BALANCE_BAND, may_place_two=True) is Choice.PLACE_TWO
    a, b, c = Move(0, 0), Move(1, 1), Move(2, 2)
    assert nearest_even([(a, 50), (b, -20), (c, 20)]) == b


def test_the_chooser_takes_the_better_colour() -> None:
    # white to move facing black's open four: white is lost, so the chooser swaps to black
    state = GameState.from_diagram(
        "...............\n" * 7
        + ".....XXXX......\n"
        + "...............\n" * 3
        + "O.O.O..........\n"
        + "...............\n" * 3,
        k=5,
    )
    assert state.to_move is Player.O
    player = OpeningPlayer(nodes=NODES)
    assert player.score(state) < 0
    assert colour_choice(player.score(state), may_place_two=False) is Choice.SWAP


def test_offers_never_lose_at_once() -> None:
    # black to move; white has four in a row on the top edge: only a1..d1's end e1 saves black
    rows = ["OOOO..........."] + ["..............."] * 13 + ["X.X.X.X........"]
    state = GameState.from_diagram("\n".join(rows), k=5)
    assert state.to_move is Player.X
    player = OpeningPlayer(nodes=NODES)
    assert player.offer(state, 1) == (parse_move("e1"),)
    assert loses_at_once(state.play(parse_move("h8")))
    with pytest.raises(ValueError, match="fewer than 2 fifth moves"):
        player.offer(state, 2)


def test_the_picker_picks_by_evaluation_not_order() -> None:
    # black's open three on row 8: g8 makes an open four (white lost), a15 does not
    rows = ["..............."] * 7 + [".....XXX......."] + ["..............."] * 6
    rows += ["OO.O..........."]
    state = GameState.from_diagram("\n".join(rows), k=5)
    assert state.to_move is Player.X
    player = OpeningPlayer(nodes=NODES)
    losing, saving = parse_move("i8"), parse_move("o8")
    assert player.pick(state, (losing, saving)) == saving
    assert player.pick(state, (saving, losing)) == saving


def test_swap_openings_fit_the_board_and_differ() -> None:
    found = swap_openings(GOMOKU)
    assert len(found) == SEARCHED_OPENINGS and len(set(found)) == len(found)
    for stones in found:
        assert GameState.from_moves(GOMOKU, stones).to_move is Player.O
    small = Rules.gomoku(9)
    assert all(max(m.row for m in s) < 9 for s in swap_openings(small))
    assert len(swap_openings(small)) == SEARCHED_OPENINGS


def placed(seed: int) -> tuple[Move, ...]:
    player = OpeningPlayer(nodes=NODES, seed=seed, spread=4)
    opening = Opening.start("swap", GOMOKU)
    while opening.state.move_count < 3:
        opening = opening.apply(player.decide(opening))
    return opening.state.history


def placements(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Move, ...]]:
    """`placed` for seeds 0 to 5, from fresh players searching afresh; the seeds score
    the same openings, so each is searched once in a call (`remember_scores`)."""
    with monkeypatch.context() as patch:
        remember_scores(patch, {})
        return [placed(seed) for seed in range(6)]


def test_a_seed_draws_among_the_most_even_placements_reproducibly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    picks = placements(monkeypatch)
    assert picks == placements(monkeypatch)  # every score searched again
    assert len(set(picks)) >= 2  # the seeds vary the placement
    assert all(stones in swap_openings(GOMOKU) for stones in picks)
