"""Round trips: random games of every playable rule and board shape, through each
format and back, give the same record (as much of it as the format holds)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tictac_tui.engine import Rule
from tictac_tui.records import (
    BoardSize,
    Format,
    GameRecord,
    RowOrigin,
    dump,
    kept,
    parse,
    read_options,
)

from .games import PLAIN_NAMES, PLAYABLE_RULES, records

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read_back(record: GameRecord, fmt: Format, rows_from: RowOrigin = RowOrigin.TOP) -> GameRecord:
    text = dump(record, fmt, rows_from=rows_from)
    rules = record.rules
    if fmt is Format.POS:  # a pos string is only the moves: the reader is told the rest
        options = read_options(
            rule=rules.rule, size=BoardSize(rules.cols, rules.rows), k=rules.k, rows_from=rows_from
        )
        return parse(text, fmt, options)
    return parse(text, fmt)


@SETTINGS
@given(records())
def test_sgf_keeps_everything(record: GameRecord) -> None:
    assert kept(record, Format.SGF) == record
    assert read_back(record, Format.SGF) == record


@SETTINGS
@given(records(names=PLAIN_NAMES))
def test_psq_keeps_board_rule_moves_players_and_how_it_ended(record: GameRecord) -> None:
    back = read_back(record, Format.PSQ)
    assert back == kept(record, Format.PSQ)
    assert (back.rules, back.moves, back.players) == (record.rules, record.moves, record.players)
    assert back.date == "" and back.comments == ()


@SETTINGS
@given(records(), st.sampled_from(list(RowOrigin)))
def test_pos_keeps_the_moves(record: GameRecord, rows_from: RowOrigin) -> None:
    back = read_back(record, Format.POS, rows_from)
    assert back == kept(record, Format.POS)
    assert back.moves == record.moves


@SETTINGS
@given(records(), st.sampled_from(list(Format)), st.sampled_from(list(Format)))
def test_any_conversion_chain_keeps_what_both_formats_hold(
    record: GameRecord, first: Format, second: Format
) -> None:
    once = read_back(kept(record, first), first)
    twice = read_back(kept(once, second), second)
    assert twice.moves == record.moves
    assert twice.rules == record.rules


def test_every_rule_is_in_the_round_trips() -> None:
    """The games above draw from the engine's rules: renju and caro included."""
    assert set(PLAYABLE_RULES) == set(Rule)
