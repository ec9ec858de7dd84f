"""A traceback from a release whose deepest library function built its text and raised it in a
statement the indexed release no longer has there, on a real catalogue indexed from fixture
code: the function keeps only a one-line raise of the class and now calls a helper that builds
a reworded text and raises it. The frame's function and the helper it calls weigh alike, and
the text decides between them; a frame printing the function's own statement of this release
keeps its raise."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.store import Store

LIB = """\
import math


def _check_element_wise(values, name, dtype):
    has_inf = any(math.isinf(v) for v in values)
    has_nan = any(math.isnan(v) for v in values)
    if has_inf or has_nan:
        if has_nan:
            type_err = "NaN"
        else:
            type_err = f"infinity or a value too large for {dtype!r}"
        padded_input_name = name and f"{name} "
        msg_err = f"Input {padded_input_name}contains {type_err}."
        raise ValueError(msg_err)


def check_finite(values, name="", dtype="float64"):
    if any(isinstance(v, str) for v in values):
        raise ValueError("Input contains NaN")
    _check_element_wise(values, name, dtype)
"""

# the release before: ``check_finite`` raised the text itself, opening the raise at its line 30
OLDER = """\
Traceback (most recent call last):
  File "app.py", line 3, in <module>
    check_finite(data)
  File "/usr/lib/python3.8/site-packages/lib/validation.py", line 30, in check_finite
    raise ValueError(
ValueError: Input contains NaN, infinity or a value too large for dtype('float64')
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("printed_elsewhere")
    (root / "lib").mkdir()
    (root / "lib" / "validation.py").write_text(LIB)
    db = str(root / "c.db")
    index(str(root / "lib"), db, jobs=1)
    with Store.open(db) as s:
        yield s


def test_a_statement_the_function_no_longer_has_weighs_its_helpers_alike(store: Store) -> None:
    res = Matcher.load(store).explain(OLDER)
    first = res.matches[0]
    assert first.function == "_check_element_wise", [(m.function, m.reasons) for m in res.matches]
    assert any("calls _check_element_wise" in r for r in first.reasons), first.reasons


def test_the_functions_own_statement_keeps_its_raise(store: Store) -> None:
    # the frame prints the one-line raise this release has in ``check_finite``
    paste = OLDER.replace("raise ValueError(\n", 'raise ValueError("Input contains NaN")\n').replace(
        "line 30,", "line 18,"
    )
    res = Matcher.load(store).explain(paste)
    assert res.matches[0].function == "check_finite"
    assert not any("calls _check_element_wise" in r for m in res.matches for r in m.reasons)
