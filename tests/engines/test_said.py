"""Reading what engines print: answers, and the analysis in our, Rapfi's and Yixin's shapes."""

from __future__ import annotations

from tictac_tui.engine import Move
from tictac_tui.engines.said import Analysis, Kind, parse_about, parse_said


def test_answers() -> None:
    assert parse_said("7,8").move == Move(8, 7)
    assert parse_said(" 10 , 3 \r").kind is Kind.MOVE
    assert parse_said("OK").kind is Kind.OK
    assert parse_said("ERROR unsupported size").kind is Kind.ERROR
    assert parse_said("UNKNOWN command").kind is Kind.UNKNOWN
    assert parse_said("7,8,1").kind is Kind.TEXT
    assert parse_said("hello").kind is Kind.TEXT
    assert parse_said("SUGGEST 3,4").move == Move(4, 3)
    assert all(parse_said(f"{word} x").kind.is_note for word in ("MESSAGE", "DEBUG", "INFO"))


def test_our_brains_summary() -> None:
    said = parse_said("MESSAGE depth 6 | eval -927 | 0.52 s | 1234 nodes | alpha-beta | pv 6,6 5,7")
    assert said.analysis == Analysis(
        depth=6, score=-927, milliseconds=520, nodes=1234, pv=(Move(6, 6), Move(7, 5)),
        best=Move(6, 6),
    )  # fmt: skip
    assert parse_said("MESSAGE depth 9 | eval +M5 | pv 7,7").analysis == Analysis(
        depth=9, mate=5, pv=(Move(7, 7),), best=Move(7, 7)
    )


def test_rapfis_summary_and_bestline() -> None:
    said = parse_said("MESSAGE Speed 1047K | Depth 21-49 | Eval -131 | Node 1390K | Time 1328ms")
    assert said.analysis == Analysis(
        depth=21, seldepth=49, score=-131, nodes=1390000, speed=1047000, milliseconds=1328
    )
    bestline = parse_said("MESSAGE Bestline G8 H10 H7").analysis
    assert bestline is not None
    assert bestline.pv == (Move(7, 6), Move(9, 7), Move(6, 7))  # rows from the top, 1-based
    brief = parse_said("MESSAGE depth 12-18 | eval 45 | time 1000").analysis
    assert brief == Analysis(depth=12, seldepth=18, score=45, milliseconds=1000)


def test_yixin_realtime_and_info_pv() -> None:
    assert parse_said("MESSAGE REALTIME BEST 7,6").analysis == Analysis(best=Move(6, 7))
    assert parse_said("MESSAGE REALTIME LOSE 1,2").analysis == Analysis(losing=Move(2, 1))
    assert parse_said("MESSAGE REALTIME REFRESH").analysis is None
    assert parse_said("INFO EVAL -M4").analysis == Analysis(mate=-4)
    assert parse_said("INFO WINRATE 0.4512").analysis == Analysis(winrate=0.4512)
    assert parse_said("INFO BESTLINE 7,7 8,8").analysis == Analysis(
        pv=(Move(7, 7), Move(8, 8)), best=Move(7, 7)
    )
    assert parse_said("INFO PV DONE").analysis is None


def test_other_notes_are_kept_raw() -> None:
    said = parse_said("MESSAGE thinking hard, please wait")
    assert said.kind is Kind.MESSAGE
    assert said.analysis is None
    assert said.text == "MESSAGE thinking hard, please wait"


def test_about() -> None:
    text = 'name="Rapfi", version="0.43", author="Rapfi developers", country="China"'
    assert parse_about(text) == {
        "name": "Rapfi", "version": "0.43", "author": "Rapfi developers", "country": "China",
    }  # fmt: skip
    assert parse_about("just some words") == {}
