"""Answers the paste's frames contradict: a traceback ending at a call with nothing below it
was raised by code with no Python frame (compiled), so no raise statement is exact. Each on a
small index built here."""

from __future__ import annotations

from errdex.match import Match, Matcher, Result
from errdex.match.frames import frame_info
from errdex.match.parse import Frame
from errdex.model import CatalogueEntry, render_template

_N = iter(range(1, 10**9))


def entry(
    segments: list[str],
    *,
    path: str,
    line: int,
    function: str,
    exc_type: str,
    statement: str = "",
) -> CatalogueEntry:
    k = next(_N)
    return CatalogueEntry(
        key=k, error_id=f"id{k}", repo="o/json", version="1.0", snapshot_date=None, kind="error",
        exc_type=exc_type, exc_qualname=None, template=render_template(segments), segments=segments,
        path=path, line=line, function=function, statement=statement,
    )  # fmt: skip


def top(res: Result) -> Match:
    assert res.matches, res.verdict
    return res.matches[0]


def tb(*frames: tuple[str, int, str, str], last: str, carets: bool = True) -> str:
    """A traceback as Python 3.13 prints it (carets under each call), or as 3.10 does."""
    lines = [
        "Traceback (most recent call last):",
        '  File "/home/u/main.py", line 2, in <module>',
        "    loads('')",
    ]
    lines += ["    ~~~~~^^^^"] if carets else []
    for path, line, fn, source in frames:
        lines += [
            f'  File "/venv/lib/python3.13/site-packages/{path}", line {line}, in {fn}',
            f"    {source}",
        ]
        if carets and not source.startswith("raise"):
            lines.append("    " + "~" * (len(source) - 3) + "^^^")
    return "\n".join([*lines, last])


# a decoder whose scanner has a pure-Python fallback raising the compiled scanner's messages
_EXPECTING = ["Unreadable token in the document: line ", "lineno", " column ", "colno", " (char ", "idx", ")"]
_MESSAGE = "json.errors.JSONDecodeError: Unreadable token in the document: line 1 column 1 (char 0)"
_CALLS = (
    ("json/__init__.py", 518, "loads", "return _default_decoder.decode(s)"),
    ("json/decoder.py", 400, "decode", "obj, end = self.raw_decode(s)"),
)


def _decoder() -> tuple[Matcher, CatalogueEntry, CatalogueEntry]:
    raw = entry(
        _EXPECTING, path="json/decoder.py", line=420, function="JSONDecoder.raw_decode",
        exc_type="JSONDecodeError", statement='raise JSONDecodeError("Unreadable token in the document", s, idx)',
    )  # fmt: skip
    scan = entry(
        _EXPECTING, path="json/scanner.py", line=79, function="py_make_scanner.<locals>.scan_once",
        exc_type="JSONDecodeError", statement='raise JSONDecodeError("Unreadable token in the document", string, idx)',
    )  # fmt: skip
    return Matcher.from_entries([raw, scan]), raw, scan


def test_a_traceback_ending_at_a_call_into_compiled_code_has_no_exact_answer() -> None:
    m, raw, scan = _decoder()
    # the deepest frame is a call (the compiled scanner raised below it, with no frame): the
    # raise of the same function at another line and the fallback module's raise share the text,
    # and neither ran: the call itself is the answer, then the look-alikes
    paste = tb(*_CALLS, ("json/decoder.py", 430, "raw_decode", "return self.scan_once(s, idx=_w(s, idx).end())"),
               last=_MESSAGE)  # fmt: skip
    res = m.explain(paste)
    assert res.outcome == "approximate"
    call, *alike = res.matches
    assert call.is_call and (call.path, call.line, call.function) == ("json/decoder.py", 430, "raw_decode")
    assert {x.id for x in alike} == {raw.error_id, scan.error_id}
    assert all(x.approximate for x in res.matches)
    assert "the traceback ends at a call (json/decoder.py:430)" in alike[0].reasons[-1]
    assert res.verdict.startswith("no exact match: raised below the library's call at json/decoder.py:430")


def test_a_traceback_ending_on_the_raise_or_the_message_alone_stays_exact() -> None:
    m, raw, scan = _decoder()
    on_raise = tb(*_CALLS, ("json/decoder.py", 420, "raw_decode", 'raise JSONDecodeError("Unreadable token in the document", s, idx)'),
                  last=_MESSAGE)  # fmt: skip
    res = m.explain(on_raise)
    assert top(res).id == raw.error_id and res.outcome == "exact"
    # the fallback scanner's own frame below the call: its raise ran
    below = tb(*_CALLS, ("json/decoder.py", 430, "raw_decode", "return self.scan_once(s, idx=_w(s, idx).end())"),
               ("json/scanner.py", 79, "scan_once", 'raise JSONDecodeError("Unreadable token in the document", string, idx)'),
               last=_MESSAGE)  # fmt: skip
    res = m.explain(below)
    assert top(res).id == scan.error_id and res.outcome == "exact"
    # no frames at all: the text alone, as before
    assert m.explain(_MESSAGE).outcome == "exact"


def test_a_call_line_is_evidence_only_in_a_whole_traceback_of_python_3_11_or_later() -> None:
    m, raw, _scan = _decoder()
    deepest = ("json/decoder.py", 430, "raw_decode", "return self.scan_once(s, idx=_w(s, idx).end())")
    # before 3.11 Python prints a statement's last line, whose call may be an argument's
    assert m.explain(tb(*_CALLS, deepest, last=_MESSAGE, carets=False)).outcome == "exact"
    # the exception's line is not right below the last frame: the paste was cut there
    cut = tb(*_CALLS, deepest, last="(the log goes on)\n" + _MESSAGE)
    assert m.explain(cut).outcome == "exact"
    # a frame above re-raises with another exception's trail (``raise e.with_traceback(tb)``):
    # the call below is that other exception's
    reraised = tb(_CALLS[0], ("json/decoder.py", 401, "decode", "raise err.with_traceback(tb)"), deepest,
                  last=_MESSAGE)  # fmt: skip
    assert top(m.explain(reraised)).id == raw.error_id
    assert m.explain(reraised).outcome == "exact"


def test_a_users_call_with_no_library_frame_below_stays_exact() -> None:
    # no library frame at all: the user's line calls the library. Compiled code may have raised
    # (protobuf's C descriptors), but so may Python code whose frames the library hides (jax
    # removes its internal frames from every traceback it raises through): no evidence either
    # way, so the answer stays what the text says
    m, _raw, _scan = _decoder()
    paste = "\n".join([
        "Traceback (most recent call last):",
        '  File "/home/u/main.py", line 3, in <module>',
        '    json.Decoder(strict="yes").decode(data)',
        "    ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~^^^^^^",
        _MESSAGE,
    ])  # fmt: skip
    res = m.explain(paste)
    assert res.matches and res.outcome == "exact"
    user = [Frame("/home/u/main.py", 3, "<module>", 'json.Decoder(strict="yes").decode(data)')]
    assert frame_info(m.index, user).ends_at_call is None


def test_a_call_that_is_itself_a_site_stays_exact() -> None:
    # ``warn(...)`` is recorded as a site: a traceback of a warning turned error ends on that
    # call, and the frame landing on it is the answer, exact
    site = CatalogueEntry(
        key=next(_N), error_id="warn1", repo="o/json", version="1.0", snapshot_date=None, kind="warning",
        exc_type="UserWarning", exc_qualname=None, template="Calling close() on an already closed document.",
        segments=["Calling close() on an already closed document."], path="json/book.py", line=497,
        function="Book.close", statement='warn("Calling close() on an already closed document.")',
    )  # fmt: skip
    m = Matcher.from_entries([site])
    paste = tb(("json/book.py", 497, "close", 'warn("Calling close() on an already closed document.")'),
               last="UserWarning: Calling close() on an already closed document.")  # fmt: skip
    res = m.explain(paste)
    assert top(res).id == "warn1" and res.outcome == "exact"


def test_only_a_call_line_is_evidence_of_compiled_code() -> None:
    idx = _decoder()[0].index

    def ends_at_call(source: str) -> str | None:
        frames = [Frame("/venv/lib/python3.13/site-packages/json/decoder.py", 430, "raw_decode", source)]
        return frame_info(idx, frames).ends_at_call

    assert ends_at_call("return self.scan_once(s, idx=_w(s, idx).end())") == "json/decoder.py:430"
    assert ends_at_call("if not ok: raise JSONDecodeError(msg, s, idx)") is None  # may raise itself
    assert ends_at_call("assert self.scan_once(s)") is None
    assert ends_at_call("value = cache[key]") is None  # no call: the interpreter's own error
    assert ends_at_call("") is None  # source not shown: nothing to tell
