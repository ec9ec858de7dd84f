"""A program's own print of its warnings, each line ``Name warning: `` and a warning's text
(issue #10, issues15-issues85's inexact coverage answers: coverage 4 and 5 wrote ``Coverage.py
warning: No data was collected. (no-data-collected)`` to stderr): the last record's text is the
warning's, read exactly, under the reporter's words too. On a small package indexed here (``index_helpers.package_matcher``)."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher

from errdex.match.matcher import program_warning_text

_INOROUT = """\
import warnings


def never_imported(pkg):
    warnings.warn(f"Module {pkg} was never imported.")


def no_data():
    warnings.warn("No data was collected.")
"""


def test_a_programs_warning_label_is_no_part_of_the_warnings_text(tmp_path: Path) -> None:
    with package_matcher(tmp_path, {"pkg/inorout.py": _INOROUT}) as m:
        res = m.explain("Coverage.py warning: Module foo was never imported.")
        assert first(res).function == "never_imported" and not first(res).approximate
        log = "Coverage.py warning: Module foo was never imported.\nCoverage.py warning: No data was collected.\n"
        res = m.explain(log)
        assert first(res).function == "no_data" and not first(res).approximate
        res = m.explain("Error info:\nCoverage.py warning: No data was collected.")
        assert first(res).function == "no_data" and not first(res).approximate


def test_only_a_last_line_so_labelled_reads_as_such_a_print() -> None:
    assert program_warning_text("Coverage.py warning: No data.") == "No data."
    assert program_warning_text("Cov warning: a\nCov warning: b\n") == "b"
    assert program_warning_text("Error info:\nCov warning: b") == "b"
    assert program_warning_text("Cov warning: a\nother line") is None
    assert program_warning_text("the warning: a") is None  # a sentence, not a program's name
    assert program_warning_text("") is None
