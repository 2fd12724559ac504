"""The analyst and the review time as settings: kept, read back, refused when bad; the
command line's --analyst and --review-time."""

from __future__ import annotations

import pytest

from tictac_tui.choices import ReviewTime, Settings, valid_analyst
from tictac_tui.cli import build_parser, overrides
from tictac_tui.storage import settings_from, settings_to_json


def test_names_of_analysts() -> None:
    for good in ("hard", "engine:rapfi", "engine:a.b-c_1"):
        assert valid_analyst(good)
    for bad in ("", "medium", "engine:", "engine:../x", "engine:a b", "engine:" + "x" * 65):
        assert not valid_analyst(bad)


def test_the_analyst_and_review_time_are_kept() -> None:
    settings = Settings(analyst="engine:rapfi", review=ReviewTime.TWO)
    data = settings_to_json(settings)
    assert data["analyst"] == "engine:rapfi" and data["review"] == "2"
    back, extra, bad = settings_from(data)
    assert back == settings and not extra and not bad
    assert ReviewTime.TWO.seconds == 2.0 and Settings().review.seconds == 0.5


@pytest.mark.parametrize("value", ["engine:../../etc", 12, None, "plugin:x"])
def test_a_bad_analyst_in_the_file_is_a_bad_value(value: object) -> None:
    settings, _extra, bad = settings_from({"analyst": value})
    assert bad and settings.analyst == "hard"


def test_the_command_line_sets_them_for_one_run() -> None:
    parser = build_parser()
    args = parser.parse_args(["--analyst", "engine:rapfi", "--review-time", "1"])
    chosen = overrides(args, parser)
    assert chosen["analyst"] == "engine:rapfi" and chosen["review"] is ReviewTime.ONE
    assert "analyst" not in overrides(parser.parse_args([]), parser)


def test_a_bad_analyst_on_the_command_line_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    with pytest.raises(SystemExit) as raised:
        overrides(parser.parse_args(["--analyst", "medium"]), parser)
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--analyst" in err and "medium" in err
