"""A traceback from a release that raised inline, on a real catalogue indexed from fixture
code: the deepest library frame prints a raise statement its function no longer holds, while
the helper it now calls holds that very statement. The helper's raise is the site, above the
frame's function's own raise of the class that reads otherwise (and fits the text a little
less well), and above a namesake statement in a function the frame's function does not call."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.store import Store

LIB = """\
import math


def _check_element_wise(values, name):
    bad = [v for v in values if math.isnan(v)]
    if bad:
        msg_err = f"Input {name}contains NaN."
        raise ValueError(msg_err)


def check_finite(values, name="", allow_nan=False):
    if allow_nan:
        return
    if any(isinstance(v, str) for v in values):
        raise ValueError("Input contains NaN")
    _check_element_wise(values, name)


def check_positive(values):
    for v in values:
        if v <= 0:
            msg_err = f"Input contains {v}, not positive."
            raise ValueError(msg_err)
"""

# the release before: ``check_finite`` built the text and raised it itself, at its line 30
INLINE = """\
Traceback (most recent call last):
  File "app.py", line 3, in <module>
    check_finite(data)
  File "/usr/lib/python3.10/site-packages/lib/validation.py", line 30, in check_finite
    raise ValueError(msg_err)
ValueError: Input contains NaN.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("callee_statement")
    (root / "lib").mkdir()
    (root / "lib" / "validation.py").write_text(LIB)
    db = str(root / "c.db")
    index(str(root / "lib"), db, jobs=1)
    with Store.open(db) as s:
        yield s


def test_the_printed_raise_now_in_a_called_helper_is_the_site(store: Store) -> None:
    res = Matcher.load(store).explain(INLINE)
    first = res.matches[0]
    assert (first.function, first.exc_type) == ("_check_element_wise", "ValueError")
    assert any("now in _check_element_wise" in r for r in first.reasons), first.reasons
    # without the catalogue's code facts the frame's function's own raise comes first
    bare = Matcher(Matcher.load(store).index).explain(INLINE)
    assert bare.matches[0].function == "check_finite"


def test_a_namesake_statement_the_function_does_not_call_is_not_the_site(store: Store) -> None:
    # ``check_positive`` raises ``ValueError(msg_err)`` too, but ``check_finite`` never calls it
    res = Matcher.load(store).explain(INLINE)
    assert not any("now in check_positive" in r for m in res.matches for r in m.reasons), [
        m.reasons for m in res.matches
    ]


def test_a_statement_the_function_still_holds_stays_its_own(store: Store) -> None:
    # the frame prints the function's own statement of this release: the rule has nothing to move
    paste = INLINE.replace("raise ValueError(msg_err)", 'raise ValueError("Input contains NaN")').replace(
        "line 30,", "line 15,"
    )
    res = Matcher.load(store).explain(paste)
    assert res.matches[0].function == "check_finite"
    assert not any("now in" in r for m in res.matches for r in m.reasons)
