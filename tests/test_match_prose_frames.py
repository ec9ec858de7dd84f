"""Pastes whose frame evidence is printed in a shape other than a traceback's (issue #10,
issues51's misses): a frame quoted in prose without its ``File "..."`` part, a class set in
bold over its message's paragraph, the source line ``warnings`` prints under a warning (with no
location line, or after a message whose own lines are indented), and a warning's location in
the library whose printed line calls the function that warned. Each on a small package indexed
here (``index_helpers.package_matcher``) or parsed alone."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher

from errdex.match.parse import UNKNOWN_PATH, parse

# one template raised by several functions, as pandas' ``Invalid value '{}' for dtype '{}'``:
# two methods re-raising it from a caught error, one raising it directly
_RERAISE = """\
class {cls}:
    def {fn}(self, value, dtype):
        try:
            self.check(value)
        except ValueError as exc:
            raise TypeError(
                f"Invalid value '{{value}}' for dtype '{{dtype}}'"
            ) from exc

    def check(self, value):
        raise ValueError(value)

"""
_VALUES = (
    _RERAISE.format(cls="Block", fn="setitem")
    + _RERAISE.format(cls="Indexer", fn="_setitem_single_column")
    + """\
class Strings:
    def insert(self, value, dtype):
        raise TypeError(f"Invalid value '{value}' for dtype '{dtype}'")
"""
)

_PROSE_FRAME = """\
The error appears to be happening at:

app/mapping.py", line 836, in _create_mapping
    n.loc[:, "j"] = n.j.astype(str)

which then goes on to call the indexing module, with the bottom-line error:

line 2163, in _setitem_single_column
    raise TypeError(
        f"Invalid value '{value}' for dtype '{dtype}'"
    ) from exc
TypeError: Invalid value '<StringArray>
['2', '3']
Length: 2, dtype: str' for dtype 'int64'
"""


def test_a_frame_quoted_without_its_file_is_read_as_a_frame() -> None:
    q = parse(_PROSE_FRAME)
    assert [(f.path, f.line, f.function) for f in q.frames] == [
        ("app/mapping.py", 836, "_create_mapping"),
        (UNKNOWN_PATH, 2163, "_setitem_single_column"),
    ]
    assert q.frames[-1].source == "raise TypeError("
    assert q.exc_type == "TypeError" and q.message.startswith("Invalid value '<StringArray>")


def test_line_in_function_inside_a_sentence_or_without_source_is_prose() -> None:
    q = parse("It fails at line 12, in main\nValueError: bad value")
    assert q.frames == []
    q = parse("line 12, in main\nValueError: bad value")  # no source line under it
    assert q.frames == []


def test_the_function_of_a_frame_quoted_without_its_file_names_the_raise(tmp_path: Path) -> None:
    with package_matcher(tmp_path, {"pkg/values.py": _VALUES}) as m:
        top = first(m.explain(_PROSE_FRAME))
        assert top.function == "Indexer._setitem_single_column", top
        # the error alone is a tie of three raises, which the function alone decides
        alone = m.explain("TypeError: Invalid value 'x' for dtype 'int64'")
        assert {x.function for x in alone.matches[:3]} == {
            "Block.setitem",
            "Indexer._setitem_single_column",
            "Strings.insert",
        }


_BOLD_REPORT = """\
**PerformanceWarning**

your performance may suffer as PyTables will pickle object types that it cannot
map directly to c-types

**Occurrences**

- app.output:1162
- app.calibrate:214

(6 times during tests)
"""


def test_a_class_set_in_bold_over_a_paragraph_is_the_class_of_that_message() -> None:
    q = parse(_BOLD_REPORT)
    assert q.exc_type == "PerformanceWarning"
    assert q.message == (
        "your performance may suffer as PyTables will pickle object types that it cannot\nmap directly to c-types"
    )


def test_a_bold_heading_that_is_no_class_or_two_classes_leave_the_paste_whole() -> None:
    q = parse("**Occurrences**\n\nsomething went wrong here\n")
    assert q.exc_type is None
    two = "**PerformanceWarning**\n\ntext one\n\n**DtypeWarning**\n\ntext two\n"
    assert parse(two).message.startswith("**PerformanceWarning**")


_PERF = """\
import warnings

performance_doc = \"\"\"
your performance may suffer as PyTables will pickle object types that it cannot
map directly to c-types [inferred_type->%(inferred_type)s,key->%(key)s]
\"\"\"


class PerformanceWarning(Warning):
    pass


class Fixed:
    def write_array(self, key, inferred_type):
        ws = performance_doc % {"inferred_type": inferred_type, "key": key}
        warnings.warn(ws, PerformanceWarning, stacklevel=2)
"""


def test_the_bold_report_finds_the_constant_broken_across_lines(tmp_path: Path) -> None:
    with package_matcher(tmp_path, {"pkg/tables.py": _PERF}) as m:
        assert not m.explain(_BOLD_REPORT.replace("**PerformanceWarning**\n\n", "")).matches
        top = first(m.explain(_BOLD_REPORT))
        assert (top.function, top.exc_type) == ("Fixed.write_array", "PerformanceWarning")


# one warning text in three functions, as scikit-learn's ``A column-vector y was passed``
_COLUMN = """\
import warnings


class DataConversionWarning(UserWarning):
    pass


def column_or_1d(y):
    warnings.warn("A column-vector y was passed when a 1d array was expected.", DataConversionWarning, stacklevel=2)


class Forest:
    def fit(self, y):
        warnings.warn("A column-vector y was passed when a 1d array was expected.", DataConversionWarning, stacklevel=2)


class Neighbors:
    def _fit(self, X, y):
        warnings.warn("A column-vector y was passed when a 1d array was expected.", DataConversionWarning, stacklevel=2)
"""

_ECHOED = """\
DataConversionWarning: A column-vector y was passed when a 1d array was expected.
  return self._fit(X, y)
"""


def test_a_warnings_printed_source_line_without_location_is_taken_off_the_message() -> None:
    q = parse(_ECHOED)
    assert q.message == "A column-vector y was passed when a 1d array was expected."
    assert q.printed_call == "return self._fit(X, y)" and q.frames == []
    # an exception's indented last line, or a warning's line that calls nothing, stays its text
    assert parse("ValueError: bad\n  return self._fit(X, y)").printed_call is None
    assert parse("UserWarning: choose one of:\n  a, b").printed_call is None


def test_the_function_a_warnings_printed_line_calls_decides_a_tie(tmp_path: Path) -> None:
    with package_matcher(tmp_path, {"pkg/validation.py": _COLUMN}) as m:
        res = m.explain(_ECHOED)
        assert first(res).function == "Neighbors._fit", [x.function for x in res.matches]
        assert any("printed source line calls _fit" in r for r in first(res).reasons)
        res = m.explain(_ECHOED.replace("self._fit(X, y)", "self.fit(y)"))
        assert first(res).function == "Forest.fit"


_OPTIMIZE = """\
import warnings


class ConvergenceWarning(UserWarning):
    pass


def _check_result(solver, result, extra_warning_msg=None):
    if result.status != 0:
        warning_msg = (
            f"{solver} failed to converge after {result.nit} iteration(s) (status={result.status}):\\n"
            f"{result.message}\\n\\n"
            "You might also want to scale the data as shown in:\\n"
            "    https://example.org/preprocessing.html"
        )
        if extra_warning_msg is not None:
            warning_msg += "\\n" + extra_warning_msg
        warnings.warn(warning_msg, ConvergenceWarning, stacklevel=2)
    return result.nit
"""

_LOGISTIC = """\
from pkg.optimize import _check_result

_SOLVER_MSG = (
    "Please also refer to the documentation for alternative solver options:\\n"
    "    https://example.org/linear_model.html#logistic-regression"
)


def _regression_path(solver, result):
    n_iter_i = _check_result(
        solver,
        result,
        extra_warning_msg=_SOLVER_MSG,
    )
    return n_iter_i
"""

# an older release's first line (no ``after N iteration(s)``), attributed to the caller's line
_CONVERGENCE = """\
/venv/lib/site-packages/pkg/logistic.py:10: ConvergenceWarning: lbfgs failed to converge (status=1):
STOP: TOTAL NO. of ITERATIONS REACHED LIMIT.

Increase the number of iterations (max_iter) or scale the data as shown in:
    https://example.org/preprocessing.html
Please also refer to the documentation for alternative solver options:
    https://example.org/linear_model.html#logistic-regression
  n_iter_i = _check_result(
"""


def test_a_warnings_source_line_under_an_indented_message_line_is_its_echo() -> None:
    q = parse(_CONVERGENCE)
    assert q.frames and q.frames[-1].source == "n_iter_i = _check_result("
    assert q.message.endswith("#logistic-regression")


def test_a_library_line_calling_the_function_that_warned_outranks_a_fragment_it_hands_over(
    tmp_path: Path,
) -> None:
    with package_matcher(tmp_path, {"pkg/optimize.py": _OPTIMIZE, "pkg/logistic.py": _LOGISTIC}) as m:
        res = m.explain(_CONVERGENCE)
        top = first(res)
        assert top.function == "_check_result", [(x.function, x.score) for x in res.matches]
        assert any("printed source line calls _check_result" in r for r in top.reasons)
        # the same location in the user's code: a library's ``warn_external`` walks out to the
        # user's line, which then says nothing of the function that warned
        user = _CONVERGENCE.replace("/venv/lib/site-packages/pkg/logistic.py", "/home/u/fit.py")
        assert not any("printed source line calls" in r for x in m.explain(user).matches for r in x.reasons)


_PYTEST_SUMMARY = """\
There are a bunch of these in the test logs:

```
tests/plotting/test_hist.py::TestPlots::test_order[None-expected0]
tests/plotting/test_hist.py::TestPlots::test_legend[None-None]
  tests/plotting/common.py:556: UserWarning: To output multiple subplots, the axes are being cleared
    ret = f(**kwargs)
```
"""


def test_pytests_warnings_summary_entry_reads_as_the_warning_it_reports() -> None:
    q = parse(_PYTEST_SUMMARY)
    assert (q.kind, q.exc_type) == ("warning", "UserWarning")
    assert q.message == "To output multiple subplots, the axes are being cleared"
    assert [(f.path, f.line, f.source) for f in q.frames] == [
        ("tests/plotting/common.py", 556, "ret = f(**kwargs)")
    ]
    # an indented warning under no test id is left as it was
    plain = _PYTEST_SUMMARY.replace("tests/plotting/test_hist.py::TestPlots::", "see ")
    assert (parse(plain).exc_type, parse(plain).frames) == (None, [])


# coverage's shape: every warning goes through a helper that adds the slug and warns at
# ``stacklevel=2``, each caller handing it the whole text as a literal
_HELPER_WARNS = """\
import warnings


class PkgWarning(Warning):
    pass


class Coverage:
    def _warn(self, msg, slug=None):
        if slug:
            msg = f"{msg} ({slug})"
        warnings.warn(msg, category=PkgWarning, stacklevel=2)

    def save(self):
        self._warn("No data was collected.", slug="no-data-collected")

    def start(self):
        self._warn("Already started.", slug="already-started")
"""

_HELPER_WARNED = """\
/venv/lib/python3.13/site-packages/pkg/control.py:15: PkgWarning: No data was collected. (no-data-collected)
  self._warn("No data was collected.", slug="no-data-collected")
"""


def test_a_warnings_printed_line_handing_its_literal_to_a_helper_is_the_site(tmp_path: Path) -> None:
    with package_matcher(tmp_path, {"pkg/control.py": _HELPER_WARNS}) as m:
        res = m.explain(_HELPER_WARNED)
        assert first(res).function == "Coverage.save", [(x.function, x.score) for x in res.matches]
        assert not any("printed source line calls" in r for r in first(res).reasons)


# a caught exception's text warned through a helper held as an attribute (coverage's
# ``CoverageData._warn``, the ``Coverage._warn`` it was given): the helper only emits it
_REWARNED = """\
import warnings


class PkgWarning(Warning):
    pass


class DataError(Exception):
    pass


class Db:
    def __init__(self, filename):
        self.filename = filename

    def execute(self, err):
        raise DataError(f"Couldn't use data file {self.filename!r}: {err}")


class Coverage:
    def _warn(self, msg):
        warnings.warn(msg, category=PkgWarning, stacklevel=2)


class Data:
    def __init__(self, warn):
        self._warn = warn


def combine(data, read):
    try:
        read()
    except Exception as exc:
        data._warn(str(exc))
"""

_REWARNED_PASTE = """\
/venv/lib/python3.11/site-packages/pkg/data.py:166: PkgWarning: Couldn't use data file '/x/.coverage.1-journal': file is not a database
  data._warn(str(exc))
"""


def test_a_warnings_printed_line_handing_a_caught_exceptions_text_leaves_it_to_its_raise(
    tmp_path: Path,
) -> None:
    with package_matcher(tmp_path, {"pkg/data.py": _REWARNED}) as m:
        res = m.explain(_REWARNED_PASTE)
        assert first(res).function == "Db.execute", [(x.function, x.score) for x in res.matches]
