"""The block being read (`tictac_tui.brain.blocks`): parsed as it comes, bounded, closed at DONE."""

from __future__ import annotations

import pytest

from tictac_tui.brain.blocks import (
    BLOCK_SLACK,
    BlockKind,
    Blocks,
    block_limit,
    ignored_answer,
)
from tictac_tui.brain.protocol import Field, ProtocolError, Stone
from tictac_tui.engine.rules import MAX_SIDE


def test_a_board_block_keeps_only_the_stones_it_parsed() -> None:
    blocks = Blocks()
    blocks.open(BlockKind.BOARD, "BOARD", 1.5)
    assert blocks.add("7,7,1", 10).lines == ()
    assert blocks.add("8,8,2", 10).lines == ()
    block = blocks.close()
    assert blocks.current is None
    assert block.stones == [Stone(7, 7, Field.OWN), Stone(8, 8, Field.OPPONENT)]
    assert block.count == 2 and block.error is None and block.received == 1.5
    with pytest.raises(ProtocolError, match="DONE without BOARD"):
        blocks.close()


def test_a_bad_line_spoils_the_block_and_the_rest_is_only_counted() -> None:
    blocks = Blocks()
    blocks.open(BlockKind.SWAP2BOARD, "SWAP2BOARD", 0.0)
    blocks.add("7,7", 10)
    blocks.add("x", 10)
    blocks.add("8,8,1", 10)
    block = blocks.close()
    assert block.points == [] and block.count == 3
    assert block.error == "SWAP2BOARD line 2: expected coordinates x,y, got 'x'"


def test_a_block_past_its_limit_is_dropped() -> None:
    blocks = Blocks()
    blocks.open(BlockKind.YXBOARD, "YXBOARD", 0.0)
    for _ in range(3):
        assert blocks.add("1,1,1", 3).lines == ()
    answer = blocks.add("1,1,1", 3)
    assert answer.lines == (
        "ERROR YXBOARD has more than 3 lines without DONE: the block is dropped",
    )
    assert blocks.current is None
    assert block_limit((20, 10)) == 200 + BLOCK_SLACK
    assert block_limit(None) == MAX_SIDE * MAX_SIDE + BLOCK_SLACK


def test_an_overlong_line_spoils_the_block() -> None:
    blocks = Blocks()
    blocks.open(BlockKind.BOARD, "BOARD", 0.0)
    blocks.add("7,7,1", 10)
    assert blocks.overlong("too long", 10).lines == ()
    assert blocks.close().error == "BOARD line 2: too long"


def test_yixin_blocks_and_file_names() -> None:
    blocks = Blocks()
    assert blocks.open_yixin("ABOUT", "", 0.0) is None and blocks.current is None
    assert blocks.open_yixin("YXQUERYDATABASEALL", "", 0.0) is not None
    blocks.add("7,7,1", 10)
    assert ignored_answer(blocks.close()).lines == ()  # a query: nothing
    blocks.open_yixin("YXBLOCK", "", 0.0)
    assert ignored_answer(blocks.close()).lines == (
        "UNKNOWN YXBLOCK is not supported by this brain",
    )
    said = blocks.open_yixin("YXSETDATABASE", "C:\\db", 0.0)  # the name on the same line
    assert said is not None and said.lines[0].startswith("UNKNOWN YXSETDATABASE")
    assert blocks.current is None
    assert blocks.open_yixin("YXHASHDUMP", "", 0.0) is not None
    assert blocks.file_name() is not None and blocks.current is None
    assert blocks.file_name() is None
