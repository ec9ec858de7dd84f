"""The schedule's table of measured seconds (``tests/unit_seconds.py``) reads a real
``--durations`` report and tolerates a missing or damaged table."""

from __future__ import annotations

from pathlib import Path

import pytest
import unit_seconds

REPORT = """\
============================= slowest 120 durations =============================
165.51s call     tests/test_regression_sets.py::test_set_scores_at_least_its_floors[issues4]
114.41s call     tests/test_regression_sets.py::test_set_scores_at_least_its_floors[popular3]
7.77s setup    tests/test_regression_sets.py::test_set_scores_at_least_its_floors[issues4]
3.10s teardown tests/test_web_browser.py::test_search_page[a b]
(2 durations < 3s hidden.  Use -vv to show these durations.)
============ 2 passed, 38 deselected in 288.49s (0:04:48) ============
"""


def test_a_durations_report_sums_setup_call_and_teardown_per_test() -> None:
    assert unit_seconds.parse(REPORT) == {
        "tests/test_regression_sets.py::test_set_scores_at_least_its_floors[issues4]": 165.51 + 7.77,
        "tests/test_regression_sets.py::test_set_scores_at_least_its_floors[popular3]": 114.41,
        "tests/test_web_browser.py::test_search_page[a b]": 3.10,
    }


def test_a_missing_or_damaged_table_is_empty(tmp_path: Path) -> None:
    assert unit_seconds.load(tmp_path / "absent.json") == {}
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    assert unit_seconds.load(tmp_path / "bad.json") == {}
    (tmp_path / "list.json").write_text("[1, 2]", encoding="utf-8")
    assert unit_seconds.load(tmp_path / "list.json") == {}


def test_the_committed_table_names_collected_tests_with_their_seconds(request: pytest.FixtureRequest) -> None:
    table = unit_seconds.load()
    assert table, f"{unit_seconds.TABLE} is empty or unreadable"
    assert all(v > 0 for v in table.values())
    collected = {item.nodeid for item in request.session.items}
    if len(collected) > 1000:  # the whole suite was collected: every entry names one of its tests
        assert set(table) <= collected, sorted(set(table) - collected)
