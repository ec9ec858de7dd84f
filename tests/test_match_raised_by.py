"""A message alone that one standard-library callable raises (``random.sample``'s ``Sample larger
than population or is negative``) is answered at the library's calls of that callable, read from
the code facts: the deepest library frame, where the judge places an error raised below it.
Approximate, kind ``call``; a few calls are a tie the verdict owns up to, many are no answer.
On a real catalogue of a small package indexed here (``index_helpers.package_matcher``)."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from index_helpers import first, package_matcher

from errdex.match.raisedby import (
    MAX_CALL_CHARS,
    MAX_HOLE,
    MAX_MESSAGE,
    call_text,
    raised_by,
    raised_by_table,
    whole,
)
from errdex.match.result import CALL_KIND

_STATS = """\
import json
import random
from datetime import datetime


def pick(items, k, seed=None):
    if k is None:
        raise ValueError("k must be given")
    rng = random.Random(seed)
    return rng.sample(items, k)


def to_json(obj):
    return json.dumps(obj, allow_nan=False)


def dump_all(objs):
    return [json.dumps(o) for o in objs]


def save(obj, fp):
    json.dump(
        obj,
        fp,
        allow_nan=False,
    )


def day(text):
    return datetime.strptime(text, "%Y-%m-%d")


def hour(text):
    return datetime.strptime(text, "%H")


def minute(text):
    return datetime.strptime(text, "%M")


def second(text):
    return datetime.strptime(text, "%S")


def choose(items):
    if not items:
        raise IndexError("Cannot choose from an empty sequence")
    return items[0]
"""

_FILES = {"pkg/__init__.py": "", "pkg/stats.py": _STATS}


def _line(text: str) -> int:
    return next(n for n, line in enumerate(_STATS.splitlines(), 1) if text in line)


def test_the_table_reads_whole_messages_of_the_pasted_class() -> None:
    assert raised_by_table()
    row = raised_by("Sample larger than population or is negative", ["ValueError"])
    assert row is not None and row.callable == "sample" and row.names() == ["sample"]
    assert row.calls("rng.sample") and row.calls("random.sample") and not row.calls("resample")
    nan = raised_by("Out of range float values are not JSON compliant: nan", ["ValueError"])
    assert nan is not None and nan.calls("json.dumps") and not nan.calls("self.dumps")
    # another class, no class at all, or more words than the text: not the callable's
    assert raised_by("Sample larger than population or is negative", ["TypeError"]) is None
    assert raised_by("Sample larger than population or is negative", []) is None
    assert raised_by("Sample larger than population or is negative!", ["ValueError"]) is None


def test_one_call_of_the_raising_callable_answers_alone(tmp_path: Path) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain("ValueError: Sample larger than population or is negative")
    call = first(res)
    assert call.kind == CALL_KIND and call.is_call and call.approximate
    assert (call.path, call.line, call.function) == ("pkg/stats.py", _line("rng.sample"), "pick")
    assert call.template == "rng.sample(...)" and call.tied_with == []
    assert "raised by sample, which the library calls here" in call.reasons[0]
    assert res.outcome == "approximate"
    assert res.verdict == (
        f"no exact match: raised by sample (the standard library), which pick calls it at "
        f"pkg/stats.py:{_line('rng.sample')}"
    )


def test_a_few_calls_are_a_tie_and_a_call_without_the_keyword_cannot_raise(tmp_path: Path) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain("ValueError: Out of range float values are not JSON compliant: nan")
    calls = [(x.function, x.line) for x in res.matches if x.is_call]
    # ``dump_all``'s ``json.dumps(o)`` writes NaN (no ``allow_nan=False``): not a place of it;
    # ``save``'s keyword three lines below its call's first line is read with the call
    assert calls == [("to_json", _line("allow_nan=False)")), ("save", _line("json.dump("))]
    assert first(res).tied_with == [f"pkg/stats.py:{_line('json.dump(')}"]
    assert "a tie: the indexed libraries call it at 2 places" in res.verdict


def test_a_call_s_text_runs_to_its_closing_parenthesis() -> None:
    source = "x = 1\nf(a,\n  g(b),\n  c=False)\ny = f(2)\n"
    assert call_text(source, 2) == "f(a,\n  g(b),\n  c=False)"
    assert call_text(source, 5) == "y = f(2)"
    row = raised_by("Out of range float values are not JSON compliant", ["ValueError"])
    assert row is not None and row.keyword == "allow_nan=False"
    assert row.passes_keyword("json.dumps(x, allow_nan = False)")
    assert not row.passes_keyword("json.dumps(x, allow_nan=allow_nan)")
    assert not row.passes_keyword("json.dumps(x)")


def test_many_calls_are_no_answer(tmp_path: Path) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain("ValueError: time data 'x' does not match format '%Y-%m-%d'")
    assert not any(x.is_call for x in res.matches)
    assert "which the indexed libraries call at more than 3 places" in res.verdict


def test_the_library_s_own_raise_of_the_text_comes_first(tmp_path: Path) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain("IndexError: Cannot choose from an empty sequence")
    top = first(res)
    assert not top.is_call and not top.approximate
    assert (top.function, top.line) == ("choose", _line("raise IndexError"))
    assert not any(x.is_call for x in res.matches)


def test_a_traceback_is_answered_at_its_own_frames(tmp_path: Path) -> None:
    paste = (
        "Traceback (most recent call last):\n"
        '  File "/x/main.py", line 3, in <module>\n'
        "    pick([1], 5)\n"
        '  File "/usr/lib/python3.12/random.py", line 430, in sample\n'
        '    raise ValueError("Sample larger than population or is negative")\n'
        "ValueError: Sample larger than population or is negative"
    )
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(paste)
    assert "raised by sample" not in res.verdict


def test_a_dotted_class_is_read_by_its_last_name() -> None:
    row = raised_by("Incorrect padding", ["binascii.Error"])
    assert row is not None and row.calls("base64.b64decode") and not row.calls("b64decode")
    assert raised_by("Incorrect padding", ["Error"]) is row
    assert raised_by("Incorrect padding", ["ValueError"]) is None


def test_a_row_fits_the_whole_text_with_every_hole_filled() -> None:
    lits = ("x", "y", "z")  # ``x{}y{}z``
    assert whole(lits, "x1y2z")
    assert whole(lits, "xyyaz")  # the first ``y`` is the first hole's value
    assert not whole(lits, "xyz")  # both holes empty
    assert not whole(lits, "x1yz")  # the second hole empty
    assert not whole(lits, "x1y2z!")  # more after the template
    assert not whole(lits, "!x1y2z")  # more before it
    assert whole(("", "!"), "a!") and not whole(("", "!"), "!")
    assert not whole(("a", ""), "a" + "b" * (MAX_HOLE + 1))  # a hole holds a value, not a log
    assert whole(("a",), "a") and not whole(("a",), "ab")


def _regex_whole(lits: tuple[str, ...], text: str) -> bool:
    """The rule as the regular expression it replaced (trusted, tiny inputs only)."""
    hole = f"(.{{1,{MAX_HOLE}}}?)"
    return re.fullmatch("(?s)" + hole.join(map(re.escape, lits)), text) is not None


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.text("ab!", max_size=3), min_size=1, max_size=4).map(tuple),
    st.text("ab!", max_size=12),
)
def test_the_linear_fit_agrees_with_the_regex_it_replaced(lits: tuple[str, ...], text: str) -> None:
    assert whole(lits, text) == _regex_whole(lits, text)


def test_a_hostile_paste_or_call_costs_a_scan_not_a_backtrack() -> None:
    # a message of the row's words repeated up to the read limit: refused by its length, or
    # fitted by one ``find`` per literal; a call of thousands of ``allow_nan`` among spaces
    long = "time data " + "does not match format " * 25
    assert len(long) <= MAX_MESSAGE and raised_by(long, ["ValueError"]) is not None
    assert raised_by("time data x" * 500, ["ValueError"]) is None
    row = raised_by("Out of range float values are not JSON compliant", ["ValueError"])
    assert row is not None
    assert not row.passes_keyword("f(" + "allow_nan" + " " * 10_000 + "x" + "allow_nan  =  Falsey" * 2_000)
    assert row.passes_keyword("f(" + "allow_nan " * 5_000 + "allow_nan=False)")
    assert len(call_text("f(" + "a," * 100_000 + ")", 1)) == MAX_CALL_CHARS
