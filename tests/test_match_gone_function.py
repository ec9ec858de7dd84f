"""A traceback from a release whose deepest library function is gone from the indexed one (it
was renamed), on a real catalogue indexed from fixture code: the frame above it is a function
the release still has, and the raise of the pasted class in a helper that function now calls
is the answer (read from the catalogue's code facts), rather than the caller's own raise of
another class."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.store import Store

LIB = """\
class UndefinedComparison(ValueError):
    pass


class UndefinedName(ValueError):
    pass


def _lookup(environment, name):
    if name not in environment:
        raise UndefinedName(name)
    return environment[name]


def _compare(lhs, op, rhs):
    if op not in ("==", "!="):
        raise UndefinedComparison(f"Undefined {op!r} on {lhs!r} and {rhs!r}.")
    return (lhs == rhs) == (op == "==")


def evaluate(markers, environment):
    results = []
    for lhs, op, rhs in markers:
        if lhs == "extra" and not isinstance(rhs, str):
            raise UndefinedComparison(f"Marker 'extra' must be a string, not {rhs!r}.")
        value = _lookup(environment, lhs)
        results.append(_compare(value, op, rhs))
    return all(results)
"""

# the release before: ``evaluate`` called ``_get_env``, which raised the text itself
GONE = """\
Traceback (most recent call last):
  File "app.py", line 3, in <module>
    evaluate(markers, env)
  File "/usr/lib/python3.8/site-packages/lib/markers.py", line 44, in evaluate
    value = _get_env(environment, lhs)
  File "/usr/lib/python3.8/site-packages/lib/markers.py", line 30, in _get_env
    "{0!r} does not exist in evaluation environment.".format(name)
lib.markers.UndefinedName: 'extra' does not exist in evaluation environment.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("gone")
    (root / "lib").mkdir()
    (root / "lib" / "markers.py").write_text(LIB)
    db = str(root / "c.db")
    index(str(root / "lib"), db, jobs=1)
    with Store.open(db) as s:
        yield s


def test_a_gone_function_hands_over_to_its_callers_helpers(store: Store) -> None:
    res = Matcher.load(store).explain(GONE)
    first = res.matches[0]
    assert (first.function, first.exc_type) == ("_lookup", "UndefinedName")
    assert any("calls _lookup" in r and "_get_env is gone" in r for r in first.reasons), first.reasons
    # without the catalogue's code facts nothing says which function the caller now calls
    bare = Matcher(Matcher.load(store).index).explain(GONE)
    assert not any("_get_env is gone" in r for m in bare.matches for r in m.reasons)


def test_a_function_still_there_hands_nothing_over(store: Store) -> None:
    # ``_compare`` is in the release (it raises another class): its frame is its own, and the
    # caller's helpers are not read for it
    paste = GONE.replace("in _get_env", "in _compare").replace(
        "_get_env(environment, lhs)", "_compare(value, op, rhs)"
    )
    res = Matcher.load(store).explain(paste)
    assert not any("is gone" in r for m in res.matches for r in m.reasons)


def test_a_user_frame_above_hands_nothing_over(store: Store) -> None:
    # the gone function is the only library frame: the user's call above reaches nothing known
    paste = GONE.replace(
        '  File "/usr/lib/python3.8/site-packages/lib/markers.py", line 44, in evaluate\n'
        "    value = _get_env(environment, lhs)\n",
        "",
    )
    assert "line 44" not in paste
    res = Matcher.load(store).explain(paste)
    assert not any("is gone" in r for m in res.matches for r in m.reasons)
