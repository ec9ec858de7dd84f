"""Tracebacks from a release whose raise has since moved into a helper of the same file, on
real catalogues indexed from fixture code (what each function calls read from the catalogue's
code facts):

- the deepest library frame prints a raise statement its function no longer holds, while a
  helper it now calls holds that very statement: the helper's raise is the site, above the
  frame's function's own raise of the class that reads otherwise, above a namesake
  statement in a function the frame's function does not call, and above the same statement
  in another module of the package (``opened.py``'s helper: the statement has not left the
  frame's file);
- the frame prints only the opening of a raise over lines (``raise ValueError(``) that none of
  its function's raises opens with: the function and the helper it calls weigh alike, and the
  text decides;
- the deepest frame's function is gone from the release (renamed): the frame above it, still
  there, now calls the helper that raises the pasted class.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

CALLEE_LIB = """\
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
def helpers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """One package holding the three modules, each the release a paste below ran an older one of."""
    files = {"validation.py": CALLEE_LIB, "opened.py": OPENED_LIB, "markers.py": GONE_LIB}
    with package_matcher(tmp_path_factory.mktemp("helper_raises"), files) as m:
        yield m


def test_the_printed_raise_now_in_a_called_helper_is_the_site(helpers: Matcher) -> None:
    res = helpers.explain(INLINE)
    first = res.matches[0]
    assert (first.function, first.exc_type) == ("_check_element_wise", "ValueError")
    assert any("now in _check_element_wise" in r for r in first.reasons), first.reasons
    # without the catalogue's code facts the frame's function's own raise comes first
    bare = Matcher(helpers.index).explain(INLINE)
    assert bare.matches[0].function == "check_finite"


def test_a_namesake_statement_the_function_does_not_call_is_not_the_site(helpers: Matcher) -> None:
    # ``check_positive`` raises ``ValueError(msg_err)`` too, but ``check_finite`` never calls it
    res = helpers.explain(INLINE)
    assert not any("now in check_positive" in r for m in res.matches for r in m.reasons), [
        m.reasons for m in res.matches
    ]


def _keeps_own(m: Matcher, paste: str, printed: str, line: int, helped: str) -> None:
    """The paste with its last frame printing ``check_finite``'s own one-line raise of this
    release (at its ``line``) in place of ``printed``: that raise is the answer, and no reason
    names the helper (a reason holding ``helped``)."""
    own = "\n".join(
        '    raise ValueError("Input contains NaN")' if text.strip() == printed else text
        for text in paste.split("\n")
    ).replace("line 30,", f"line {line},")
    assert own != paste.replace("line 30,", f"line {line},")
    res = m.explain(own)
    assert res.matches[0].function == "check_finite"
    assert not any(helped in r for found in res.matches for r in found.reasons)


def test_a_statement_the_function_still_holds_stays_its_own(helpers: Matcher) -> None:
    # the frame prints the function's own statement of this release: the rule has nothing to move
    _keeps_own(helpers, INLINE, "raise ValueError(msg_err)", 15, "now in")


OPENED_LIB = """\
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
  File "/usr/lib/python3.8/site-packages/lib/opened.py", line 30, in check_finite
    raise ValueError(
ValueError: Input contains NaN, infinity or a value too large for dtype('float64')
"""


def test_a_statement_the_function_no_longer_has_weighs_its_helpers_alike(helpers: Matcher) -> None:
    res = helpers.explain(OLDER)
    first = res.matches[0]
    assert first.function == "_check_element_wise", [(m.function, m.reasons) for m in res.matches]
    assert any("calls _check_element_wise" in r for r in first.reasons), first.reasons


def test_the_functions_own_statement_keeps_its_raise(helpers: Matcher) -> None:
    # the frame prints the one-line raise this release has in ``check_finite``
    _keeps_own(helpers, OLDER, "raise ValueError(", 18, "calls _check_element_wise")


GONE_LIB = """\
class UndefinedComparison(ValueError):
    \"\"\"A comparison the markers cannot make.\"\"\"


class UndefinedName(ValueError):
    \"\"\"A name the environment does not hold.\"\"\"


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


def test_a_gone_function_hands_over_to_its_callers_helpers(helpers: Matcher) -> None:
    res = helpers.explain(GONE)
    first = res.matches[0]
    assert (first.function, first.exc_type) == ("_lookup", "UndefinedName")
    assert any("calls _lookup" in r and "_get_env is gone" in r for r in first.reasons), first.reasons
    # without the catalogue's code facts nothing says which function the caller now calls
    bare = Matcher(helpers.index).explain(GONE)
    assert not any("_get_env is gone" in r for m in bare.matches for r in m.reasons)


def test_a_function_still_there_hands_nothing_over(helpers: Matcher) -> None:
    # ``_compare`` is in the release (it raises another class): its frame is its own, and the
    # caller's helpers are not read for it
    paste = GONE.replace("in _get_env", "in _compare").replace(
        "_get_env(environment, lhs)", "_compare(value, op, rhs)"
    )
    res = helpers.explain(paste)
    assert not any("is gone" in r for m in res.matches for r in m.reasons)


def test_a_user_frame_above_hands_nothing_over(helpers: Matcher) -> None:
    # the gone function is the only library frame: the user's call above reaches nothing known
    paste = GONE.replace(
        '  File "/usr/lib/python3.8/site-packages/lib/markers.py", line 44, in evaluate\n'
        "    value = _get_env(environment, lhs)\n",
        "",
    )
    assert "line 44" not in paste
    res = helpers.explain(paste)
    assert not any("is gone" in r for m in res.matches for r in m.reasons)
