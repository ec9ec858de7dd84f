"""The matching rules beyond the text: frames first, statements, relays, the pasted type, the
codebases a paste points to, public sites first on ties. Each on a small real index."""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable
from typing import Any

import pytest

from errdex.match import Match, Matcher, Result, candidates, frames
from errdex.match.candidates import Cand, message_words
from errdex.match.index import BIG_PATTERN
from errdex.match.matcher import quoted_tail
from errdex.match.parse import parse
from errdex.match.rank import Ranker
from errdex.match.result import TIE_WITNESS
from errdex.match.score import TYPE_DISAGREES, private_site, site_privacy, type_relation
from errdex.match.thresholds import CALLER_FRAME, DEEPEST_FRAME, MAX_FRAME, ON_RAISE, SAME_LINE
from errdex.match.verify import compact
from errdex.model import CatalogueEntry, render_template

_N = iter(range(1, 10**9))


def entry(
    segments: list[str],
    *,
    path: str = "lib/mod.py",
    line: int = 10,
    function: str = "f",
    exc_type: str = "ValueError",
    repo: str = "o/lib",
    relay: bool = False,
    statement: str = "",
) -> CatalogueEntry:
    k = next(_N)
    return CatalogueEntry(
        key=k, error_id=f"id{k}", repo=repo, version="1.0", snapshot_date=None, kind="error",
        exc_type=exc_type, exc_qualname=None, template=render_template(segments), segments=segments,
        path=path, line=line, function=function, relay=relay, statement=statement,
    )  # fmt: skip


def top(res: Result) -> Match:
    assert res.matches, res.verdict
    return res.matches[0]


def tb(*frames: tuple[str, int, str, str], last: str) -> str:
    lines = ["Traceback (most recent call last):"]
    for path, line, fn, source in frames:
        lines += [
            f'  File "/venv/lib/python3.12/site-packages/{path}", line {line}, in {fn}',
            f"    {source}",
        ]
    return "\n".join([*lines, last])


def test_the_last_frame_on_a_raise_names_it_whatever_the_text_says() -> None:
    # ``raise error`` of an object built elsewhere: the template is all placeholder, and another
    # template of the codebase fits the text; the frame lands on the raise, so it is the answer.
    site = entry(
        ["", "error", ""], path="lib/validators.py", line=1332, function="validate", exc_type="<unknown>"
    )
    wording = entry(["", "instance", " is not of type ", "reprs", ""], path="lib/_keywords.py", line=287)
    m = Matcher.from_entries([wording, site])
    paste = tb(
        ("lib/validators.py", 1332, "validate", "raise error"),
        last="lib.ValidationError: 'abc' is not of type 'integer'",
    )
    res = m.explain(paste)
    assert top(res).id == site.error_id and not top(res).approximate
    assert any("on the raise statement itself" in r for r in top(res).reasons)
    # the same text without the traceback: the wording's template, as before
    assert top(m.explain("'abc' is not of type 'integer'")).id == wording.error_id


# a validation report's template (jsonschema's) and a text it prints
_REPORT = ["", "instance!r", " is not of type ", "reprs", "\n\nFailed validating ", "validator!r", " in ",
           "schema_path", ":\n    ", "schema", "\n\nOn ", "instance_path", ":\n    ", "instance!r", "\n"]  # fmt: skip
_REPORT_TEXT = (
    "lib.ValidationError: 'abc' is not of type 'integer'\n\nFailed validating 'type' in"
    " schema['properties']['age']:\n    {'type': 'integer'}\n\nOn instance['age']:\n    'abc'"
)


def test_a_template_of_the_pasted_class_explaining_all_of_the_text_outranks_a_reraise_of_unknown_text() -> (
    None
):
    # the whole report fits the wording's template exactly, as the pasted class; the frame lands
    # on ``raise error``, whose text is unknown there: the object was built with that text where
    # the wording is, so the wording comes first, and the re-raise second, no longer exact
    report = _REPORT
    wording = entry(report, path="lib/_keywords.py", line=287, exc_type="ValidationError")
    site = entry(
        ["", "error", ""], path="lib/validators.py", line=1332, function="validate", exc_type="<unknown>"
    )
    m = Matcher.from_entries([wording, site])
    text = _REPORT_TEXT
    res = m.explain(tb(("lib/validators.py", 1332, "validate", "raise error"), last=text))
    assert [x.id for x in res.matches] == [wording.error_id, site.error_id]
    assert not res.matches[0].approximate and res.matches[1].approximate
    assert top(m.explain(text)).id == wording.error_id
    # a template of another class is no such evidence: the frame on the raise decides
    other = Matcher.from_entries(
        [entry(report, path="lib/_keywords.py", line=287, exc_type="KeyError"), site]
    )
    res = other.explain(tb(("lib/validators.py", 1332, "validate", "raise error"), last=text))
    assert top(res).id == site.error_id and not top(res).approximate


def test_a_template_raised_where_it_is_built_does_not_outrank_a_reraise_the_traceback_ends_on() -> None:
    # the wording's statement raises the pasted class where it builds it (``raise
    # ValidationError(...)``): an object raised there keeps that frame when raised again, so a
    # traceback ending on ``raise errors[0]`` elsewhere was not built by it, only worded alike
    # (a helper built and returned it: no frame, no statement of its own). The frame decides.
    # Built and handed on (``yield``, an assignment), the wording is still where it was made.
    text = _REPORT_TEXT
    paste = tb(("lib/validators.py", 1332, "validate", "raise errors[0]"), last=text)
    for statement, first in [
        ("raise ValidationError(", "site"),
        ("raise lib.ValidationError(instance, msg)", "site"),
        ("yield ValidationError(", "wording"),
        ("error = ValidationError(", "wording"),
        ("raise make_error(", "wording"),  # a factory's class is not read here: as before
    ]:
        wording = entry(
            _REPORT, path="lib/_keywords.py", line=287, exc_type="ValidationError", statement=statement
        )
        site = entry(
            ["", "errors[0]", ""], path="lib/validators.py", line=1332, function="validate",
            exc_type="<unknown>", statement="raise errors[0]",
        )  # fmt: skip
        m = Matcher.from_entries([wording, site])
        res = m.explain(paste)
        want = site if first == "site" else wording
        assert top(res).id == want.error_id and not top(res).approximate, statement
        assert top(m.explain(text)).id == wording.error_id  # without the traceback: the wording


def test_an_entry_s_statement_is_read_back_from_the_statements_table() -> None:
    # the reverse of ``statement_entries``: each entry's compact first line, None without one
    # (entries share a statement; ids whose bytes straddle two ids are no match)
    made = [
        entry(["a"], statement="raise A(x)"),
        entry(["b"], statement=""),
        entry(["c"], statement="raise  A( x )"),
        entry(["d"], statement="yield B(\n"),
    ]
    idx = Matcher.from_entries(made).index
    got = [idx.entry_statement(i) for i in range(len(made))]  # the index orders entries itself
    assert sorted(g for g in got if g) == ["raiseA(x)", "raiseA(x)", "yieldB("]
    assert got.count(None) == 1
    assert idx.entry_statement(len(made) + 5) is None


def test_an_entry_s_statement_is_scanned_for_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # ranking reads the statement of every entry it scores (``_consumer_over_yield``), query
    # after query and reading after reading of one paste: each id's is scanned for once and
    # kept, its answer (a statement or None) the same when asked again
    made = [
        entry(["a"], statement="raise A(x)"),
        entry(["b"], statement=""),
        entry(["d"], statement="yield B("),
    ]
    idx = Matcher.from_entries(made).index
    table = idx.statements
    scanned: list[int] = []
    scan = table._scan
    monkeypatch.setattr(table, "_scan", lambda item: scanned.append(item) or scan(item))
    ids = [*range(len(made)), len(made) + 5]
    first = [idx.entry_statement(i) for i in ids]
    assert scanned == ids and first.count(None) == 2
    assert [idx.entry_statement(i) for i in ids] == first
    assert scanned == ids  # no id scanned for again


def test_a_reraise_of_an_object_another_codebase_built_keeps_the_frame_deciding() -> None:
    # the same shapes, but the ``raise error`` is another codebase's (a validator built on the
    # library: it calls the library's ``best_match``, which returns the error, and raises it):
    # that codebase raised it, the site the traceback ends on, and the library only wrote the text
    report = _REPORT
    wording = entry(report, path="lib/_keywords.py", line=287, exc_type="ValidationError")
    site = entry(
        ["", "error", ""], path="app/shortcuts.py", line=125, function="validate", exc_type="<unknown>",
        repo="o/app",
    )  # fmt: skip
    m = Matcher.from_entries([wording, site])
    text = _REPORT_TEXT
    res = m.explain(tb(("app/shortcuts.py", 125, "validate", "raise error"), last=text))
    assert top(res).id == site.error_id and not top(res).approximate
    assert top(m.explain(text)).id == wording.error_id  # without the traceback: the wording


def test_a_template_whose_beginning_is_the_whole_message_outranks_a_reraise_of_unknown_text() -> None:
    # an executor builds the error in one thread and a future re-raises it (``raise
    # self._result``); the paste is an older release's text, the template without its last
    # sentence: the message ends inside the template, and it still was built there, so that
    # site comes first, the re-raise second (no longer exact)
    made = entry(
        ["A worker process was unexpectedly terminated. This could be caused by a segmentation"
         " fault.\n", "exit_codes", "\nDetailed tracebacks of the workers should have been printed."],
        path="lib/process_executor.py", line=740, function="_ExecutorManagerThread.wait_result",
        exc_type="TerminatedWorkerError",
    )  # fmt: skip
    site = entry(
        ["", "self._result", ""], path="lib/parallel.py", line=795, function="Callback._return_or_raise",
        exc_type="<unknown>",
    )  # fmt: skip
    m = Matcher.from_entries([made, site])
    text = (
        "lib.TerminatedWorkerError: A worker process was unexpectedly terminated. This could be"
        " caused by a segmentation fault.\n\nThe exit codes of the workers are {EXIT(1)}"
    )
    res = m.explain(tb(("lib/parallel.py", 795, "_return_or_raise", "raise self._result"), last=text))
    assert [x.id for x in res.matches] == [made.error_id, site.error_id]
    assert not res.matches[0].approximate and res.matches[1].approximate
    # a short message placing only a word at the template's start is no such evidence
    res = m.explain(
        tb(
            ("lib/parallel.py", 795, "_return_or_raise", "raise self._result"),
            last="lib.TerminatedWorkerError: A worker",
        )
    )
    assert top(res).id == site.error_id


def _old_wording(quote: str = "") -> CatalogueEntry:
    """An older release's wording that a raise elsewhere in the codebase still prints (a
    printer showing it through repr puts it in quotes)."""
    return entry(
        [quote, "self.machine.name", "Can't trigger event ", "self.name", " from state ", "state.name",
         f"!{quote}"],
        path="lib/core.py", line=456, function="Event._is_valid_source", exc_type="MachineError",
    )  # fmt: skip


def test_a_frame_on_a_raise_building_the_pasted_class_outranks_its_old_wording_elsewhere() -> None:
    # a traceback from an older release ends on ``raise MachineError(msg)``, whose text is a
    # variable the catalogue cannot read; another raise of the codebase still prints the old
    # wording exactly. The statement built the object: the frame on it decides, the exact fit
    # elsewhere comes second (a re-raise of an object made elsewhere would yield to it)
    old = _old_wording('"')
    site = entry(
        ["", "msg!r", ""], path="lib/nesting.py", line=1114, function="Machine._check_event_result",
        exc_type="MachineError",
    )  # fmt: skip
    last = 'lib.core.MachineError: "Can\'t trigger event melt from state gas!"'
    paste = tb(("lib/nesting.py", 1114, "_check_event_result", "raise MachineError(msg)"), last=last)
    res = Matcher.from_entries([old, site]).explain(paste)
    assert [x.id for x in res.matches] == [site.error_id, old.error_id]
    assert not res.matches[0].approximate
    # a statement raising an object made elsewhere (``raise error``) yields to the wording
    paste = tb(("lib/nesting.py", 1114, "_check_event_result", "raise error"), last=last)
    assert top(Matcher.from_entries([old, site]).explain(paste)).id == old.error_id


def test_a_frame_on_a_raise_building_a_class_held_in_a_variable_outranks_the_wording() -> None:
    # an interpreter records an error and raises a new one of the recorded class
    # (``raise err.exc(err.get_error()[1])``): the statement built the object, so the frame on
    # it decides, though another function's template prints the text exactly
    wording = entry(
        ["Invalid exponent, max exponent is ", "MAX_EXPONENT", ""], path="lib/utils.py", line=220,
        function="safe_pow", exc_type="RuntimeError",
    )  # fmt: skip
    site = entry(
        ["", "err.get_error()[1]", ""], path="lib/interp.py", line=384, function="Interpreter.eval",
        exc_type="<unknown>",
    )  # fmt: skip
    last = "RuntimeError: Invalid exponent, max exponent is 10000"
    paste = tb(("lib/interp.py", 384, "eval", "raise err.exc(err.get_error()[1])"), last=last)
    res = Matcher.from_entries([wording, site]).explain(paste)
    assert [x.id for x in res.matches][:2] == [site.error_id, wording.error_id]
    # the object itself raised again with another traceback was built elsewhere: it yields
    paste = tb(("lib/interp.py", 384, "eval", "raise err.with_traceback(None)"), last=last)
    assert top(Matcher.from_entries([wording, site]).explain(paste)).id == wording.error_id


def test_a_raise_the_traceback_passes_through_is_not_where_it_was_raised() -> None:
    # jinja2 re-raises a rewritten exception; the traceback goes on into template code below it
    site = entry(
        ["", "exc", ""],
        path="lib/environment.py",
        line=942,
        function="handle_exception",
        exc_type="<unknown>",
    )
    m = Matcher.from_entries([site])
    paste = tb(
        ("lib/environment.py", 942, "handle_exception", "raise rewrite_traceback_stack(source=source)"),
        last="TypeError: 'int' object is not iterable",
    ).replace("TypeError", '  File "<template>", line 1, in top-level template code\nTypeError')
    res = m.explain(paste)
    assert not any(not x.approximate for x in res.matches)


def test_the_printed_statement_finds_a_raise_whose_line_and_file_moved() -> None:
    # an older release raised in all_shortest_paths at generic.py:387; the indexed one raises the
    # same statement in a helper further down the file: the frame's source line finds it
    moved = entry(
        ["", "", ""], path="nx/paths/generic.py", line=702, function="_build_paths_from_predecessors",
        exc_type="NetworkXNoPath", statement="raise nx.NetworkXNoPath()",
    )  # fmt: skip
    other = entry(
        ["", "msg", ""],
        path="nx/paths/generic.py",
        line=517,
        function="all_shortest_paths",
        statement="raise ValueError(msg)",
    )
    m = Matcher.from_entries([other, moved])
    paste = tb(
        ("nx/paths/generic.py", 387, "all_shortest_paths", "raise nx.NetworkXNoPath()"),
        last="nx.exception.NetworkXNoPath",
    )
    res = m.explain(paste)
    assert top(res).id == moved.error_id and not top(res).approximate
    # a file that moved is trusted with the function the frame names
    renamed = entry(
        ["", "", ""],
        path="nx/paths/new.py",
        line=9,
        function="all_shortest_paths",
        exc_type="NetworkXNoPath",
        statement="raise nx.NetworkXNoPath()",
    )
    m = Matcher.from_entries([other, renamed])
    paste = tb(
        ("nx/old_paths.py", 387, "all_shortest_paths", "raise nx.NetworkXNoPath()"),
        last="nx.exception.NetworkXNoPath",
    )
    assert top(m.explain(paste)).id == renamed.error_id


def test_a_reworded_raise_is_the_only_raise_of_the_function_the_last_frame_names() -> None:
    # an older release raised ``TIMEOUT(msg)`` in ``timeout``; the indexed one builds it first
    # (``exc = TIMEOUT(msg)``; ``raise exc``): no statement reads as printed, yet the function's
    # one raise is the site, ahead of another function's literal that is the whole message
    only = entry(
        ["", "exc", ""], path="px/expect.py", line=144, function="Expecter.timeout",
        exc_type="<unknown>", statement="raise exc",
    )  # fmt: skip
    literal = entry(
        ["Timeout exceeded."], path="px/spawn.py", line=510, function="spawn.read_nonblocking",
        exc_type="TIMEOUT", statement="raise TIMEOUT('Timeout exceeded.')",
    )  # fmt: skip
    paste = tb(
        ("px/expect.py", 107, "expect_loop", "return self.timeout(e)"),
        ("px/expect.py", 70, "timeout", "raise TIMEOUT(msg)"),
        last="px.exceptions.TIMEOUT: Timeout exceeded.\n<px.spawn object at 0x7f>",
    )
    m = Matcher.from_entries([literal, only])
    assert top(m.explain(paste)).id == only.error_id and not top(m.explain(paste)).approximate
    # a function raising at two statements does not say which: the text decides
    second = entry(
        ["gave up"], path="px/expect.py", line=150, function="Expecter.timeout", exc_type="TIMEOUT",
        statement="raise TIMEOUT('gave up')",
    )  # fmt: skip
    m = Matcher.from_entries([literal, only, second])
    assert top(m.explain(paste)).id == literal.error_id
    # nor does a function whose one raise is of another class than the pasted one (pexpect's
    # ``TIMEOUT`` reads as no class name; a class that does is checked against the raise's)
    other = entry(
        ["", "msg", ""], path="px/expect.py", line=144, function="Expecter.timeout", exc_type="EOF",
        statement="raise EOF(msg)",
    )  # fmt: skip
    # the raise of a class now known at the statement (``exc = TIMEOUT(msg)`` read as the
    # construction it is, words of its own too short to question the text) stays the site when
    # the paste names no class the parser can read: nothing contradicts it
    built = entry(
        ["", "err", "\n", "msg", "\nsearcher: ", "self.searcher", ""], path="px/expect.py", line=144,
        function="Expecter.timeout", exc_type="TIMEOUT", statement="raise exc",
    )  # fmt: skip
    q = parse(paste)
    for site, types, lands in (
        (other, ["px.ExpectTimeout"], False),
        (other, ["px.EOF"], True),
        (only, [], True),
        (built, [], True),
    ):
        idx = Matcher.from_entries([literal, site]).index
        assert bool(frames.gather(idx, q.frames, types).on_raise) is lands
    # nor a helper's raise of the message its callers supply: the call above is the site
    relay = entry(
        ["", "msg", ""], path="px/expect.py", line=144, function="Expecter.timeout",
        exc_type="<unknown>", relay=True, statement="raise TIMEOUT(msg)",
    )  # fmt: skip
    m = Matcher.from_entries([literal, relay])
    assert top(m.explain(paste.replace("raise TIMEOUT(msg)", "raise TIMEOUT(text)"))).id == literal.error_id
    # nor a last frame printing a line that is no raise (the exception came from a call there)
    call = paste.replace("raise TIMEOUT(msg)", "self.spawn.read_nonblocking(size)")
    assert top(Matcher.from_entries([literal, only]).explain(call)).id == literal.error_id


def test_a_printed_raise_with_a_text_of_its_own_is_not_the_function_s_other_raise() -> None:
    # an older release raised ``WidgetError("widget_key is required")`` in ``Client.__init__``;
    # the indexed one checks the argument in a helper (``raise WidgetError(f"{name} is
    # required")``) and ``__init__`` raises only ``WidgetError("Invalid URL")``, a text too short
    # to question a message: the printed raise's own words say it is not that statement, and
    # the helper's template, the whole message, is the site (issues30, supabase-004)
    other, helper = (
        entry(segments, path="wl/client.py", line=line, function=fn, exc_type="WidgetError", statement=code)
        for segments, line, fn, code in (
            (["Invalid URL"], 68, "Client.__init__", 'raise WidgetError("Invalid URL")'),
            (
                ["", "name", " is required"],
                38,
                "_validate_str_arg",
                'raise WidgetError(f"{name} is required")',
            ),
        )
    )
    paste = tb(
        ("wl/client.py", 102, "create", "client = cls(url, key, options)"),
        ("wl/client.py", 54, "__init__", 'raise WidgetError("widget_key is required")'),
        last="wl.client.WidgetError: widget_key is required",
    )
    m = Matcher.from_entries([other, helper])
    assert top(m.explain(paste)).id == helper.error_id
    assert not frames.gather(m.index, parse(paste).frames, ["wl.client.WidgetError"]).on_raise
    # a printed raise whose text holds the function's raise's words is that raise, moved
    same = paste.replace('raise WidgetError("widget_key is required")', 'raise WidgetError("Invalid URL")')
    assert frames.gather(m.index, parse(same).frames, ["wl.client.WidgetError"]).on_raise


def test_the_only_raise_of_a_class_its_callers_pass_is_the_site_of_the_pasted_class() -> None:
    # ``raise error(message=...)`` of a class parameter: one statement, a record per class the
    # callers pass (extraction binds them); an older release printed it at another line and
    # otherwise (``raise exc_type(``), and the pasted class is one of them: that statement is
    # the site, exactly, not a literal elsewhere (before, the other classes of the same
    # statement read as a contradiction)
    classes = ("GetError", "PostError", "AuthError")
    segments = ["", "response.status_code", ": ", "message", ""]
    each = [
        entry(
            segments,
            path="kc/exceptions.py",
            line=203,
            function="raise_from_response",
            exc_type=c,
            statement="raise error(",
        )
        for c in classes
    ]
    literal = entry(
        ["401: unauthorized"], path="kc/openid.py", line=90, function="token", exc_type="AuthError",
        statement="raise AuthError('401: unauthorized')",
    )  # fmt: skip
    paste = tb(
        ("kc/openid.py", 312, "token", "return raise_from_response(data, PostError)"),
        ("kc/exceptions.py", 192, "raise_from_response", "raise exc_type("),
        last="kc.exceptions.AuthError: 401: unauthorized client",
    )
    got = top(Matcher.from_entries([literal, *each]).explain(paste))
    assert (got.id, got.approximate) == (each[2].error_id, False)
    # a pasted class the statement never raises leaves it to the text, as before
    other = tb(
        ("kc/exceptions.py", 192, "raise_from_response", "raise exc_type("),
        last="kc.exceptions.ConnectError: 401: unauthorized",
    )
    q = parse(other)
    idx = Matcher.from_entries([literal, *each]).index
    assert not frames.gather(idx, q.frames, ["kc.exceptions.ConnectError"]).on_raise


def test_a_bare_placeholder_raise_the_last_frame_prints_from_a_file_that_lost_it_stays() -> None:
    # a raise of a text made elsewhere (``raise E(message)``) is no candidate under a traceback
    # through its codebase that never entered its function, unless the last frame prints that
    # very statement from a file of the catalogue that no longer holds it: the raise moved
    moved = entry(
        ["", "message", ""], path="lib/adapters.py", line=324, function="Adapter.get_text",
        exc_type="ServiceError", statement="raise ServiceError(message)",
    )  # fmt: skip
    other = entry(
        ["", "err", ""], path="lib/bing.py", line=90, function="Bing.parse", exc_type="ServiceError",
        statement="raise ServiceError(err)",
    )  # fmt: skip
    stays = entry(
        ["Service timed out"], path="lib/base.py", line=20, function="Geocoder.call", exc_type="TimedOut",
        statement="raise TimedOut('Service timed out')",
    )  # fmt: skip
    paste = tb(
        ("lib/google.py", 217, "geocode", "self.call(url)"),
        ("lib/base.py", 171, "call", "raise ServiceError(message)"),
        last="lib.exc.ServiceError: <urlopen error [Errno -2] Name or service not known>",
    )
    ids = [x.id for x in Matcher.from_entries([other, stays, moved]).explain(paste).matches]
    assert ids and ids[0] == moved.error_id and other.error_id not in ids
    # a last frame printing another statement says nothing for the bare raise: it stays out
    call = paste.replace("raise ServiceError(message)", "result = self.adapter.get(url)")
    ids = [x.id for x in Matcher.from_entries([other, stays, moved]).explain(call).matches]
    assert moved.error_id not in ids


def test_a_class_made_at_one_function_is_named_before_its_re_raises() -> None:
    # a message alone of a class built at one function and otherwise only re-raised from a
    # variable (``raise err``): the text another release's ``__str__`` printed fits neither, and
    # the function that builds it is where the error was made
    made = entry(
        ["APIError: [", 'self.error["code"]', "]: ", 'self.error["message"]', ""],
        path="lib/http.py", line=128, function="HTTPClient.request", exc_type="APIError",
        statement="raise APIError(response)",
    )  # fmt: skip
    again = entry(
        ["", "err", ""], path="lib/http.py", line=599, function="BackOff.request", exc_type="APIError",
        statement="raise err",
    )  # fmt: skip
    paste = "lib.exceptions.APIError: {'code': 400, 'message': 'Unable to parse range', 'status': 'INVALID'}"
    res = Matcher.from_entries([again, made]).explain(paste)
    assert [x.id for x in res.matches[:2]] == [made.error_id, again.error_id]
    # a second function building the class: which one made it is the text's to tell, not this rule
    other = entry(
        ["", "response", ""], path="lib/client.py", line=40, function="Client.open",
        exc_type="APIError", statement="raise APIError(response)",
    )  # fmt: skip
    ids = [x.id for x in Matcher.from_entries([again, made, other]).explain(paste).matches]
    assert made.error_id not in ids[:1]
    # a traceback's frames decide where it was raised: the rule is for a message alone
    framed = tb(("lib/http.py", 599, "request", "raise err"), last=paste)
    assert top(Matcher.from_entries([again, made]).explain(framed)).id == again.error_id


def test_a_statement_shared_by_several_functions_is_narrowed_by_function_and_line() -> None:
    a = entry(
        ["", "error", ""],
        path="lib/v.py",
        line=450,
        function="create.<locals>.Validator.validate",
        exc_type="<unknown>",
        statement="raise error",
    )
    b = entry(
        ["", "error", ""],
        path="lib/v.py",
        line=1332,
        function="validate",
        exc_type="<unknown>",
        statement="raise error",
    )
    m = Matcher.from_entries([a, b])
    res = m.explain(tb(("lib/v.py", 1332, "validate", "raise error"), last="lib.ValidationError: bad"))
    assert [x.id for x in res.matches if not x.approximate] == [b.error_id]


def test_a_relay_helper_ranks_below_the_call_supplying_its_message() -> None:
    helper = entry(
        ["Invalid value: ", "message", ""],
        path="cli/types.py",
        line=222,
        function="ParamType.fail",
        exc_type="BadParameter",
        relay=True,
    )
    call = entry(
        ["Invalid value: ", "value", " is not a valid integer."],
        path="cli/types.py",
        line=300,
        function="IntType.convert",
        exc_type="BadParameter",
    )
    m = Matcher.from_entries([helper, call])
    assert top(m.explain("Invalid value: 'abc' is not a valid integer.")).id == call.error_id
    # a traceback ending in the helper's raise: the frame above is the call that supplied the text
    generic = entry(
        ["", "message", ""],
        path="cli/types.py",
        line=222,
        function="ParamType.fail",
        exc_type="BadParameter",
        relay=True,
    )
    supplier = entry(
        ["", "value", " is not one of the choices"],
        path="cli/types.py",
        line=480,
        function="Choice.convert",
        exc_type="BadParameter",
    )
    m = Matcher.from_entries([generic, supplier])
    paste = tb(
        ("cli/types.py", 480, "convert", "self.fail(msg)"),
        ("cli/types.py", 222, "fail", "raise BadParameter(message)"),
        last="cli.BadParameter: 'x' is not one of the choices",
    )
    res = m.explain(paste)
    assert top(res).id == supplier.error_id and not top(res).approximate
    assert res.matches[1].id == generic.error_id


def test_unknown_classes_are_neutral_and_capitals_do_not_matter() -> None:
    assert type_relation(["ValueError"], "<unknown>", "error") == (0.0, None)
    assert type_relation(["requests.exceptions.Connectionerror"], "ConnectionError", "error")[0] == 0.15
    assert type_relation(["ValueError"], "TypeError", "error")[0] < 0


def test_a_pasted_library_class_makes_its_raises_candidates() -> None:
    # the text comes from another package (httpcore), the raise only hands it on
    mapped = entry(
        ["", "message", ""],
        path="httpx/_transports/default.py",
        line=118,
        function="map_exceptions",
        exc_type="UnsupportedProtocol",
    )
    unrelated = entry(
        ["Request body is missing: ", "x", ""], path="httpx/_models.py", line=50, exc_type="ValueError"
    )
    m = Matcher.from_entries([unrelated, mapped])
    res = m.explain("httpx.UnsupportedProtocol: Request URL is missing an 'http://' or 'https://' protocol.")
    assert top(res).id == mapped.error_id
    # the text tells nothing, but the class does: that statement is its only raise, so it is exact
    assert not top(res).approximate
    # with a second raise of the class printing a value alone, the paste cannot tell which
    other = entry(
        ["", "msg", ""], path="httpx/_urls.py", line=30, function="parse", exc_type="UnsupportedProtocol"
    )
    m2 = Matcher.from_entries([unrelated, mapped, other])
    assert all(x.approximate for x in m2.explain("httpx.UnsupportedProtocol: Request URL is missing").matches)
    # a lowercase ``error`` class (``socket.error``'s idiom) is no class a CLI's ``ERROR:`` names
    sock = entry(["", "e", ""], path="kafka/client.py", line=9, function="Client.wakeup", exc_type="error")
    m3 = Matcher.from_entries([unrelated, sock])
    res = m3.explain("ERROR: usage: pytest [options]\npytest: error: unrecognized arguments: -n")
    assert all(x.approximate for x in res.matches)
    # with other capitals
    conn = entry(
        ["", "e", ""],
        path="requests/adapters.py",
        line=700,
        function="send",
        exc_type="ConnectionError",
        repo="o/requests",
    )
    m = Matcher.from_entries([conn])
    assert (
        top(m.explain("requests.exceptions.Connectionerror: Max retries exceeded with url: /")).id
        == conn.error_id
    )


def test_a_value_alone_is_exact_when_no_other_raise_of_the_class_places_text() -> None:
    # ``raise UnknownZone(zone)``: the message is the caller's value; the pasted class's other
    # raise places none of its literal text in the message, so only this one can have printed it
    zone = entry(["", "zone", ""], path="tz/core.py", line=10, function="timezone", exc_type="UnknownZone")
    other = entry(["no zone file under ", "path", ""], path="tz/files.py", line=20, function="load",
                  exc_type="UnknownZone")  # fmt: skip
    res = Matcher.from_entries([zone, other]).explain("tz.core.UnknownZone: 'Europe/Atlantis'")
    assert top(res).id == zone.error_id and not top(res).approximate
    assert any("the only raise of the pasted class" in r for r in top(res).reasons)
    # a caught exception's text re-raised (``{e}``) fits anything; another raise of the class
    # whose text the message holds only cut short (its last ``.`` missing) keeps it approximate
    reraise = entry(["", "e", ""], path="conf/traits.py", line=30, function="hold", exc_type="TraitError")
    trait = entry(["The '", "name", "' trait expected ", "info", ", not ", "value", "."], path="conf/traits.py",
                  line=40, function="TraitType.error", exc_type="TraitError")  # fmt: skip
    res = Matcher.from_entries([reraise, trait]).explain(
        "conf.traits.TraitError: The 'comm' trait expected a Comm, not x"
    )
    assert all(m.approximate for m in res.matches if m.id == reraise.error_id)


def test_a_word_read_as_a_class_is_no_pasted_class_for_a_value_alone() -> None:
    # ``Connection Failure: text``: the word before ``: `` names a class another library raises
    # once with a value alone; read from prose, it makes that raise no exact answer
    value = entry(["", "result", ""], path="invoke/runners.py", line=530, function="Runner._finish",
                  exc_type="Failure", repo="o/invoke")  # fmt: skip
    text = entry(["You have not defined a default connection"], path="mongoengine/connection.py",
                 line=327, function="get_connection", exc_type="ConnectionFailure", repo="o/mongoengine")  # fmt: skip
    res = Matcher.from_entries([value, text]).explain(
        "Mongoengine Connection Failure: You have not defined a default connection"
    )
    assert top(res).id == text.error_id


def _invalid_value(orm_value: str, cli_value: str, cli: str) -> tuple[CatalogueEntry, CatalogueEntry]:
    """An ORM's "Invalid value for '{name}': {value}" and a CLI toolkit's near twin."""
    orm = entry(
        ["Invalid value for '", "name", "': ", orm_value, ""],
        path="sqlalchemy/util/helpers.py",
        repo="o/sqlalchemy",
        exc_type="ArgumentError",
    )
    toolkit = entry(
        ["Invalid value for ", "hint", ": ", cli_value, ""],
        path=f"{cli}/types.py",
        line=40,
        repo=f"o/{cli}",
        exc_type="BadParameter",
    )
    return orm, toolkit


def test_a_codebase_nothing_points_to_is_never_exact_over_one_that_is_pointed_to() -> None:
    orm, cli = _invalid_value("arg", "message", "click")
    m = Matcher.from_entries([orm, cli])
    msg = "Invalid value for 'count': 'abc' is not a valid integer."
    # the pasted class points to click: sqlalchemy's closer wording cannot win, nor be exact
    res = m.explain(f"click.exceptions.BadParameter: {msg}")
    assert top(res).id == cli.error_id
    assert all(x.approximate for x in res.matches if x.repo == "o/sqlalchemy")
    # a frame in click points there too
    res = m.explain(tb(("click/core.py", 10, "main", "rv = self.invoke(ctx)"), last=f"Error: {msg}"))
    assert top(res).id == cli.error_id
    assert all(x.approximate for x in res.matches if x.repo == "o/sqlalchemy")
    # nothing pointing anywhere: the text decides, as before
    assert top(m.explain(msg)).id == orm.error_id


def test_a_repr_placeholder_holds_a_repr_never_prose() -> None:
    orm, cli = _invalid_value("arg!r", "get_error_msg(exc)", "typer")
    m = Matcher.from_entries([orm, cli])
    # prose where sqlalchemy prints repr(arg): typer's message, whose closer wording is not exact
    res = m.explain("Invalid value for 'count': Input should be a valid integer")
    assert top(res).id == cli.error_id
    assert all(x.approximate for x in res.matches if x.id == orm.error_id)
    # what repr prints: a quoted string, a number, a bracketed value, an object's Name(...)
    # ... or a bare name, one word, as a class's own __repr__ may print it (``ANY``)
    for value in ("'abc'", "42", "-1.5", "['a', 'b']", "<Color.RED: 1>", "Decimal('1.5')", "None", "ANY"):
        res = m.explain(f"Invalid value for 'count': {value}")
        assert top(res).id == orm.error_id and not top(res).approximate, value


def test_whole_reprs_at_the_ends_of_the_message_are_checked_shape() -> None:
    e = entry(["", "object_type_repr(obj)!r", " has no attribute ", "name!r", ""], exc_type="UndefinedError")
    m = Matcher.from_entries([e])
    # both values are one whole quoted string each: the literal text is all there is to explain
    got = top(m.explain("UndefinedError: 'dict object' has no attribute 'level_xp'"))
    assert not got.approximate and got.values["name!r"] == "'level_xp'"
    # a value running on into prose is not one: the literal text explains too little of it
    said = "UndefinedError: 'dict object' has no attribute 'level_xp' when rendering the page header"
    assert top(m.explain(said)).approximate


def test_a_last_repr_value_on_the_next_line_is_not_judged() -> None:
    # the text ends its line; what follows is other output (the log record's context), not
    # what repr() printed after the text, so it neither fails the fit nor counts as shape
    e = entry(["Unclosed client session ", "self!r", ""], exc_type="ResourceWarning")
    m = Matcher.from_entries([e])
    log = "Unclosed client session\nclient_session: <ClientSession object at 0x7fc1>"
    assert [x.id for x in m.explain(log).matches] == [e.error_id]
    # on the same line, prose where repr() prints is no fit
    assert all(
        x.approximate for x in m.explain("Unclosed client session client_session: <ClientSession>").matches
    )
    assert not top(m.explain("Unclosed client session <ClientSession object at 0x7fc1>")).approximate


def test_an_exception_printed_as_the_repr_of_its_arguments() -> None:
    # several arguments print as the repr of their tuple: the text, then object reprs far longer
    # than it. repr(attr) holds ", " (the next literal), so the leftmost fit cuts it there and the
    # gaps after it are not judged; what repr() printed between the template's literals is shape
    # the fit checked, not unexplained text, so the message is exact
    names = ["attr.name", "self.type", "value", "attr", "self.type", "value"]
    lits = ["(\"'", "' must be ", " (got ", ').", ', ", ", ", ", ")"]

    def tpl(marked: bool) -> list[str]:
        segs = [lits[0]]
        for i, (n, lit) in enumerate(zip(names, lits[1:], strict=True)):
            segs += [n + "!r" if marked and i else n, lit]
        return segs

    attr = "Attribute(name='x', default=NOTHING, validator=<instance_of validator for type <class 'int'>>, repr=True)"
    msg = f"TypeError: (\"'x' must be <class 'int'> (got '1').\", {attr}, <class 'int'>, '1')"
    plain = top(Matcher.from_entries([entry(tpl(False), exc_type="TypeError")]).explain(msg))
    marked = top(Matcher.from_entries([entry(tpl(True), exc_type="TypeError")]).explain(msg))
    # unmarked, the literal text alone explains too little of it for ``judge_fit``; the fit runs
    # from end to end with every value on one line, which is what makes it exact (acc70)
    assert (
        not plain.approximate
        and "each value is one line of the shape its placeholder prints" in plain.reasons
    )
    assert not marked.approximate and marked.values["attr!r"].startswith("Attribute(")
    assert "each value is one line of the shape its placeholder prints" not in marked.reasons
    # prose in the first argument's place is still no fit
    other = msg.replace("<class 'int'> (got", "an int (got")
    res = Matcher.from_entries([entry(tpl(True), exc_type="TypeError")]).explain(other)
    assert all(m.approximate for m in res.matches)


def test_a_dotted_type_points_to_its_package_over_a_vendored_copy() -> None:
    vendored = entry(
        ["Invalid version: ", "version", ""],
        path="numpy/_utils/_pep440.py",
        repo="o/numpy",
        exc_type="InvalidVersion",
    )
    real = entry(
        ["Invalid version: ", "version", ""],
        path="packaging/version.py",
        repo="o/packaging",
        exc_type="InvalidVersion",
    )
    m = Matcher.from_entries([vendored, real])
    res = m.explain("packaging.version.InvalidVersion: Invalid version: 'x.y'")
    assert top(res).id == real.error_id and not top(res).approximate
    assert res.matches[1].id == vendored.error_id and res.matches[1].approximate


def test_ties_go_to_the_public_site_and_the_others_are_shown() -> None:
    inner = entry(
        ["No row was found when one was required"], path="orm/_result.py", function="_Base._only_one_row"
    )
    public = entry(
        ["No row was found when one was required"], path="orm/session.py", line=90, function="Session.get_one"
    )
    m = Matcher.from_entries([inner, public])
    res = m.explain("No row was found when one was required")
    assert [x.id for x in res.matches] == [public.error_id, inner.error_id]
    assert res.verdict == (
        "exact match, a tie: 2 sites raise this message and nothing in the paste tells them apart"
        " (the first 2 answers)"
    )


def test_the_variants_of_one_statement_are_one_answer() -> None:
    # one raise whose class prints its message three ways: the best-fitting variant answers for
    # the statement, and the next place is the next statement's
    variants = [
        entry(["Missing argument", "param_hint", "."], path="click/core.py", line=2665, function="process_value"),
        entry(["Missing argument", "param_hint", ". "], path="click/core.py", line=2665, function="process_value"),
        entry(["Missing argument", "param_hint", ". ", "msg", ""], path="click/core.py", line=2665, function="process_value"),
    ]  # fmt: skip
    other = entry(
        ["Missing ", "param_type", "", "param_hint", "."], path="typer/core.py", line=111, repo="o/typer"
    )
    m = Matcher.from_entries([*variants, other])
    res = m.explain("Missing argument 'environment'.", limit=2)
    assert [x.path for x in res.matches] == ["click/core.py", "typer/core.py"]
    assert res.matches[0].id == variants[0].error_id


def test_a_report_quoted_whole_or_by_its_first_paragraph() -> None:
    # a class printing "{message}\n\nFor further information visit {url}" has both as variants
    # of the one statement: either paste is exact, and the statement is one answer
    head = ['"Config" and "model_config" cannot be used together']
    whole = [
        f"{head[0]}\n\nFor further information visit https://errors.pydantic.dev/",
        "version",
        "/u/config-both",
    ]
    variants = [
        entry(head, path="pydantic/_config.py", line=179),
        entry(whole, path="pydantic/_config.py", line=179),
    ]
    m = Matcher.from_entries(variants)
    pasted = f"PydanticUserError: {head[0]}\n\nFor further information visit https://errors.pydantic.dev/2.14/u/config-both"
    for text, want in ((pasted, variants[1]), (f"PydanticUserError: {head[0]}", variants[0])):
        res = m.explain(text)
        assert [x.id for x in res.matches] == [want.error_id] and not res.matches[0].approximate, text


@pytest.mark.parametrize(
    ("path", "function", "private"),
    [
        ("lib/api.py", "Session.get", 0),
        ("lib/api.py", "Session.__getitem__", 0),
        ("lib/__init__.py", "f", 0),
        ("lib/_impl.py", "f", 1),
        ("lib/api.py", "_Helper.run", 1),
        ("lib/api.py", "make.<locals>._inner", 1),
        ("typer/_click/parser.py", "_OptionParser.get_value", 2),
    ],
)
def test_private_sites(path: str, function: str, private: int) -> None:
    assert private_site(path, function) == private
    # a function nested in another counts half a level more in the tie-break
    assert site_privacy(path, function) == private + 0.5 * function.count("<locals>")


def test_a_module_function_before_a_method_of_a_class_made_in_a_function() -> None:
    # ``validate`` (module level) and ``create.<locals>.Validator.validate`` (a method of the
    # class ``create`` builds) raise the same message: the one a user calls directly comes
    # first, whatever the order of the lines
    nested = entry(["{instance} is not of type {t}"], path="pkg/validators.py", line=450,
                   function="create.<locals>.Validator.validate", exc_type="ValidationError")  # fmt: skip
    module = entry(["{instance} is not of type {t}"], path="pkg/validators.py", line=1332,
                   function="validate", exc_type="ValidationError")  # fmt: skip
    m = Matcher.from_entries([nested, module])
    res = m.explain("ValidationError: 'x' is not of type 'integer'")
    assert [x.id for x in res.matches] == [module.error_id, nested.error_id]


def test_a_class_without_a_message_goes_to_its_raise_in_the_traceback_s_file() -> None:
    # networkx 2.1 raised a bare NetworkXNoPath() in all_shortest_paths; the indexed release raises
    # it, with a message, in a helper of the same file. A template with no text fits an empty
    # message as well as any: only the class and the file say where.
    helper = entry(
        ["Target ", "t", " cannot be reached"],
        path="nx/generic.py",
        line=702,
        function="_build_paths",
        exc_type="NetworkXNoPath",
    )
    elsewhere = entry(
        [""], path="nx/disjoint.py", line=171, function="edge_disjoint_paths", exc_type="NetworkXNoPath"
    )
    caller = entry(
        ["method not supported: ", "m", ""], path="nx/generic.py", line=517, function="all_shortest_paths"
    )
    m = Matcher.from_entries([elsewhere, caller, helper])
    paste = tb(
        ("nx/generic.py", 387, "all_shortest_paths", "raise nx.NetworkXNoPath()"),
        last="nx.exception.NetworkXNoPath",
    )
    res = m.explain(paste)
    assert [x.id for x in res.matches[:2]] == [helper.error_id, elsewhere.error_id]
    assert all(x.approximate for x in res.matches)


def test_a_pasted_class_raised_in_the_last_frame_s_function_of_a_moved_file() -> None:
    site = entry(
        ["Could not build url for endpoint ", "endpoint", ""],
        path="wz/routing/map.py",
        line=901,
        function="MapAdapter.build",
        exc_type="BuildError",
    )
    other = entry(
        ["Could not build url with ", "x", ""],
        path="wz/routing/rules.py",
        line=50,
        function="Rule.build_compare",
        exc_type="BuildError",
    )
    m = Matcher.from_entries([other, site])
    paste = tb(
        ("wz/routing.py", 1616, "build", "raise BuildError(endpoint, values, method)"),
        last="wz.routing.BuildError: ('profile', {'u': 1}, None)",
    )
    assert top(m.explain(paste)).id == site.error_id


def _crowded_catalogue() -> tuple[list[CatalogueEntry], list[str]]:
    """Near-duplicate templates in many codebases, public and private sites, the same raise line
    in many snapshots (more than the frame cap keeps), and the pastes to ask about them."""
    words = ["alpha", "beta", "gamma", "delta", "kappa", "sigma", "omega", "shard", "axis"]
    bases = [
        ["Cannot index ", "obj", " with ", "key", ""],
        ["Expected a string or dtype-like object; got ", "dtype", ""],
        ["", "name", " must be positive."],
        ["Unimplemented scope for semaphores: ", "axes", ""],
        ["No row was found when one was required"],
    ]
    entries: list[CatalogueEntry] = []
    for b, segs in enumerate(bases):
        for k in range(40):
            copy = list(segs)
            if k:  # a word inserted into the first literal, as another release might say it
                copy[0] = f"{words[k % len(words)]}{k} {copy[0]}"
            private = k % 3 == 1
            entries.append(
                entry(
                    copy,
                    path=f"pkg{b}/{'_impl' if private else 'api'}.py",
                    line=100 + b,
                    function=f"{'_' if private else ''}check{b}",
                    exc_type="TypeError" if k % 4 == 0 else "ValueError",
                    repo=f"o/pkg{b}-{k % 7}",
                )
            )
    pastes = [
        "Cannot index <class 'numpy.ndarray'> with 'price'",
        "TypeError: Expected a string or dtype-like object; got float32",
        "ValueError: sigma5 'n' must be positive.",
        "Unimplemented scope for semaphores",
        "No row was found when one was required",
        "beta1 Cannot index x with y",
        tb(
            ("pkg1/api.py", 101, "check1", "raise TypeError(msg)"),
            last="TypeError: Expected a string or dtype-like object; got int8",
        ),
        tb(
            ("pkg2/_impl.py", 102, "_check2", "raise ValueError(msg)"),
            last="ValueError: gamma2 'k' must be positive.",
        ),
        tb(
            ("pkg3/api.py", 103, "check3", "raise ValueError(msg)"),
            last="ValueError: something else entirely",
        ),
    ]
    return entries, pastes


@pytest.mark.parametrize("limit", [1, 3, 10])
def test_the_bounded_scan_answers_as_scoring_every_candidate_would(limit: int) -> None:
    # Ranking stops once ``limit`` errors beat every remaining pattern's bound; asking for far
    # more than exist scores every candidate. The first ``limit`` answers must be the same.
    entries, pastes = _crowded_catalogue()
    m = Matcher.from_entries(entries)
    for paste in pastes:
        bounded = m.explain(paste, limit=limit).matches
        full = m.explain(paste, limit=10_000).matches[:limit]
        assert bounded, paste
        assert [(x.id, x.approximate, x.score) for x in bounded] == [
            (x.id, x.approximate, x.score) for x in full
        ], paste


def test_a_grouped_pattern_of_a_contradicted_class_is_bounded_by_its_groups_and_not_scored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A message raised from hundreds of sites is a grouped pattern (by class and kind), whose
    # entries are too many to walk for a bound. Every group's class is read from its first
    # entry instead: here all are TypeError, which the pasted ValueError contradicts, so the
    # pattern's bound falls below the ValueError rewordings that fit, and with ``limit`` of
    # them scored it is not scored at all. The answers are those of scoring everything.
    big = ["cannot reshape the block ", "x", " into the requested layout"]
    crowd = [
        entry(big, exc_type="TypeError", path=f"lib/m{i % 7}.py", line=i) for i in range(BIG_PATTERN + 40)
    ]
    near = [
        entry(segs, line=900 + k)
        for k, segs in enumerate(
            [
                ["cannot reshape the block ", "x", " into the requested ", "what", ""],
                ["cannot reshape the block ", "x", " into the ", "what", " layout"],
                ["cannot reshape the ", "what", " ", "x", " into the requested layout"],
            ]
        )
    ]
    m = Matcher.from_entries([*crowd, *near])
    paste = "ValueError: cannot reshape the block 7 into the requested layout"
    big_pid = m.index.entry_pat[0]
    assert big_pid in m.index.groups
    scored: list[int] = []
    entries_of = Ranker._entries_of

    def counted(self: Ranker, c: Cand) -> list[int]:
        scored.append(c.pid)
        return entries_of(self, c)

    monkeypatch.setattr(Ranker, "_entries_of", counted)
    for limit in (1, 3):
        scored.clear()
        bounded = m.explain(paste, limit=limit).matches
        assert big_pid not in scored
        full = m.explain(paste, limit=10_000).matches
        assert big_pid in scored  # scoring everything reaches it: only the bound left it out
        assert [(x.id, x.approximate, x.score) for x in bounded] == [
            (x.id, x.approximate, x.score) for x in full[:limit]
        ]
        assert {x.id for x in bounded} <= {e.error_id for e in near}
    # the same pattern's raises of the pasted class are still found through their group
    crowd_typed = [*crowd, entry(big, exc_type="ValueError", path="lib/v.py", line=5)]
    res = Matcher.from_entries([*crowd_typed, *near]).explain(paste, limit=1)
    assert top(res).id == crowd_typed[-1].error_id


def test_the_unnamed_sites_of_a_template_raised_in_many_places_are_scored_only_if_they_can_rank(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One message raised from 30 functions of a file (pandas' ``AbstractMethodError(msg)``), in
    # twelve releases that each reworded it by a word: a traceback's last frame lands on one of
    # those raises in every release. Each reworded pattern's bound is that landed raise's; its
    # 29 other sites have at most a file's frame evidence, so once ``limit`` errors beat that,
    # they are not scored. The answers are those of scoring everything.
    words = ["This", "method", "must", "be", "defined", "in", "the", "concrete", "class", ""]
    variants = [[*words[:k], f"tag{k}", *words[k:]] if k else words for k in range(12)]
    entries = [
        entry([" ".join(v), "name", ""], path="lib/base.py", line=100 + i, function=f"f{i}",
              exc_type="AbstractMethodError", repo=f"o/lib-v{k}")
        for k, v in enumerate(variants)
        for i in range(30)
    ]  # fmt: skip
    m = Matcher.from_entries(entries)
    paste = tb(
        ("lib/base.py", 103, "f3", "raise AbstractMethodError(msg)"),
        last="AbstractMethodError: This method must be defined in the concrete class 'weight'",
    )
    scored = _count_scored(monkeypatch)
    for limit in (1, 3, 10):
        bounded, everything = _scored_bounded_and_not(m, paste, limit, scored)
        # the pattern fitting in full is read whole (its other sites may rank: the text is
        # theirs), and so are the raises of the pasted class ``_typed`` takes (64, the first
        # two releases'); of the other ten releases only the raise the frame lands on
        assert bounded < len(entries) // 4
        assert everything > len(entries) // 2  # scoring everything reads them (main read them all)
    assert top(m.explain(paste)).id == entries[3].error_id


def test_a_value_pasted_alone_does_not_score_every_other_raise_of_an_all_placeholder_template(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ``KeyError: 'k'``: the value alone, which ``raise KeyError(msg)`` prints. Twelve releases
    # each raise KeyError at one statement and ValueError(msg) at twenty: one pattern (the
    # template is the placeholder alone) whose KeyError raises are the candidates
    # (``_value_raises``), ranked as exact: the only statement of their release raising the class
    # (``_typed_value``; the answer then says a value alone is approximate). The ValueError
    # raises are neither the pasted class's nor named by a frame: they cannot rank as exact, and
    # once ``limit`` errors do they are not scored.
    entries = [
        entry(["", "msg", ""], path="lib/mod.py", line=10 + i, function=f"f{i}",
              exc_type="KeyError" if i == 0 else "ValueError", repo=f"o/lib-v{k}")
        for k in range(12)
        for i in range(21)
    ]  # fmt: skip
    assert len(entries) < BIG_PATTERN  # not grouped by type: every entry is the pattern's
    m = Matcher.from_entries(entries)
    scored = _count_scored(monkeypatch)
    for limit in (1, 3, 10):
        bounded, everything = _scored_bounded_and_not(m, "KeyError: 'k'", limit, scored)
        assert bounded <= 12 < len(entries) // 2 < everything  # the KeyError raises (main scored all 252)
        answer = m.explain("KeyError: 'k'", limit=limit).matches
        assert {x.id for x in answer} <= {e.error_id for e in entries[::21]}


def test_a_traceback_on_a_raise_every_release_holds_scores_a_bounded_number_of_its_copies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ``raise AssertionError(msg)`` at four statements of one function, in 300 releases (one
    # pattern, the template all placeholder, grouped by type): a traceback into that function
    # names all 1,200 raises, and the 300 on its last line score alike, as do the 900 others.
    # Alike, they rank by entry id, so once twice ``limit`` of them with distinct errors and
    # statements are scored the rest cannot be shown (``_Ties``); a single answer asked for is
    # ranked against a second (``result.shown``). The answers are those of scoring every one, at
    # each ``limit``, reasons and all.
    entries = [
        entry(["", "msg", ""], path="lib/layout.py", line=10 + i, function="to_layout",
              exc_type="AssertionError" if i % 2 else "ValueError", repo=f"o/lib-v{k}")
        for k in range(300)
        for i in range(4)
    ]  # fmt: skip
    assert len(entries) > BIG_PATTERN
    m = Matcher.from_entries(entries)
    paste = tb(("lib/layout.py", 11, "to_layout", "raise AssertionError(msg)"), last="AssertionError: 3.5")
    scored = _count_scored(monkeypatch)
    answers = {}
    for limit in (1, 3, 10):
        bounded, everything = _scored_bounded_and_not(m, paste, limit, scored)
        assert bounded <= 4 * 2 * max(limit, TIE_WITNESS) < len(entries) <= everything
        answers[limit] = m.explain(paste, limit=limit).matches
    assert answers[1][0].line == 11 and not answers[1][0].approximate
    # the same answers when no two entries are taken as alike (every one scored; under a
    # traceback too, ``_kinds`` reads the kinds from the columns without ``_alike``)
    monkeypatch.setattr(Ranker, "_alike", lambda self, ei, c: None)
    monkeypatch.setattr(Ranker, "_kinds", lambda self, eis, c: [None] * len(eis))
    scored.clear()
    for limit, got in answers.items():
        assert m.explain(paste, limit=limit).matches == got
    assert len(scored) >= 3 * len(entries)


def _count_scored(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The entries ``Ranker._score`` is called for, from now on."""
    scored: list[int] = []
    score = Ranker._score

    def counted(self: Ranker, ei: int, c: Cand, fw: float | None = None) -> object:
        scored.append(ei)
        return score(self, ei, c, fw)

    monkeypatch.setattr(Ranker, "_score", counted)
    return scored


def _scored_bounded_and_not(m: Matcher, paste: str, limit: int, scored: list[int]) -> tuple[int, int]:
    """The entries scored answering ``paste`` with ``limit``, and then with no limit too (in
    all); the answers agree."""
    scored.clear()
    bounded = m.explain(paste, limit=limit).matches
    n = len(scored)
    full = m.explain(paste, limit=10_000).matches
    assert [(x.id, x.approximate, x.score) for x in bounded] == [
        (x.id, x.approximate, x.score) for x in full[:limit]
    ]
    return n, len(scored)


def test_a_printed_dict_of_messages_is_not_exact_for_one_of_its_values() -> None:
    # ``ValidationError({'age': ['Not a valid integer.']})`` prints the dict: the field's own
    # ``Not a valid integer.`` is inside it, but that raise is not what printed the whole
    inner = entry(["Not a valid integer."], path="lib/fields.py", function="Integer._validated",
                  exc_type="ValidationError")  # fmt: skip
    m = Matcher.from_entries([inner])
    res = m.explain("lib.exceptions.ValidationError: {'age': ['Not a valid integer.']}")
    assert top(res).id == inner.error_id and top(res).approximate
    # the same words as the whole message still fit exactly; a printed list is a container too
    assert not top(m.explain("ValidationError: Not a valid integer.")).approximate
    listed = m.explain("ValidationError: ['Not a valid integer.', 'Not a valid integer.']")
    assert top(listed).approximate


def test_a_template_of_the_whole_printed_list_beats_a_list_collected_from_its_values() -> None:
    # Django's ``ValidationError`` prints the list of its messages (``['Enter a valid URL.']``):
    # that template says all of the text, where ``raise ValidationError(errors)`` of a list the
    # library collected fits any list; without it, the collected list is what printed the value
    kw = {"exc_type": "ValidationError", "repo": "o/forms"}
    whole = entry(
        ["['Enter a valid URL.']"], path="forms/validators.py", function="URLValidator.__call__", **kw
    )
    value = entry(["Enter a valid URL."], path="forms/fields.py", function="URLField.clean", **kw)
    listed = entry(
        ["", "errors: list!r", ""], path="forms/fields.py", line=90, function="Field.run_validators", **kw
    )
    paste = "forms.ValidationError: ['Enter a valid URL.']"
    res = Matcher.from_entries([whole, value, listed]).explain(paste)
    assert (top(res).id, top(res).approximate) == (whole.error_id, False)
    res = Matcher.from_entries([value, listed]).explain(paste)
    assert (top(res).id, top(res).approximate) == (listed.error_id, False)
    assert [m.id for m in res.matches[:2]] == [listed.error_id, value.error_id]


def test_a_template_of_a_word_or_two_is_no_answer_for_a_message_holding_them() -> None:
    # ``raise ChildProcessError(f"{args[0]} error{...}")``: its placeholders take any text around
    # the one literal word, so every message with "error" in it fits in full; a fit that rests
    # on so little literal text is not evidence of a rewording either.
    generic = entry(
        ["", "args[0]", " error", "...", ""], path="PIL/ImageGrab.py", exc_type="ChildProcessError"
    )
    real = entry(["Invalid HTTP request received."], path="uvicorn/impl.py", line=177)
    m = Matcher.from_entries([generic, real])
    assert m.explain("ValueError: something went wrong here error").verdict.startswith("no match")
    res = m.explain("RuntimeError: the worker hit an error while starting")
    assert all(x.id != generic.error_id for x in res.matches)
    # with enough of the message its own, a short template still ranks as a rewording
    assert top(m.explain("Invalid HTTP request received")).id == real.error_id


def test_a_template_ending_another_sentence_is_not_exact() -> None:
    # C code's "image index out of range" holds a library's whole "index out of range": the
    # message is another one that ends like it; a label before the template is only a prefix
    e = entry(["index out of range for this frame"], path="pandas/core/groupby.py", exc_type="IndexError")
    m = Matcher.from_entries([e])
    assert m.explain("IndexError: image index out of range for this frame").verdict != "exact match"
    assert m.explain("IndexError: worker: index out of range for this frame").verdict == "exact match"
    assert m.explain("IndexError: [pool] index out of range for this frame").verdict == "exact match"


def test_a_library_class_named_like_a_built_in_one_is_the_library_s() -> None:
    # ``requests.exceptions.ConnectionError`` wrapping urllib3's text (urllib3 not indexed): the
    # dotted name says it is requests' class, whose raises are the candidates
    wraps = entry(["", "e", ""], path="requests/adapters.py", line=729, function="HTTPAdapter.send",
                  exc_type="ConnectionError", repo="psf/requests")  # fmt: skip
    other = entry(["", "e", ""], path="requests/adapters.py", line=740, function="HTTPAdapter.send",
                  exc_type="SSLError", repo="psf/requests")  # fmt: skip
    m = Matcher.from_entries([wraps, other])
    paste = (
        "requests.exceptions.ConnectionError: HTTPConnectionPool(host='127.0.0.1', port=9): "
        "Max retries exceeded with url: /health"
    )
    assert top(m.explain(paste)).id == wraps.error_id
    # the built-in class of that name says nothing about which library raised it
    assert not m.explain("ConnectionError: [Errno 111] Connection refused").matches


def test_a_class_raised_under_an_alias_is_found_by_its_own_name() -> None:
    # ``from .exceptions import JSONDecodeError as RequestsJSONDecodeError``
    e = CatalogueEntry(
        key=next(_N), error_id="aliased", repo="psf/requests", version="1.0", snapshot_date=None,
        kind="error", exc_type="RequestsJSONDecodeError", exc_qualname="requests.exceptions.JSONDecodeError",
        template="{e.msg}", segments=["", "e.msg", ""], path="requests/models.py", line=1113,
        function="Response.json",
    )  # fmt: skip
    m = Matcher.from_entries([e])
    res = m.explain("requests.exceptions.JSONDecodeError: Expecting value: line 1 column 1 (char 0)")
    assert res.matches and res.matches[0].id == "aliased"


def test_a_traceback_ending_on_a_cut_reraise_leaves_the_origin_to_the_text() -> None:
    # ``raise exc.with_traceback(None)`` of a caught exception (the extractor marks it a relay):
    # the traceback ends there, but the exception and its text were made in the raise the text
    # fits; the re-raise is neither exact nor first
    reraise = entry(
        ["", "exc", ""], path="pp/core.py", line=1346, function="ParserElement.parse_string",
        exc_type="ParseException", relay=True, statement="raise exc.with_traceback(None)",
    )  # fmt: skip
    origin = entry(
        ["Expected ", "name", ", found ", "found", "  (at char ", "loc", ")"],
        path="pp/core.py", line=3376, function="Word.parseImpl", exc_type="ParseException",
    )  # fmt: skip
    m = Matcher.from_entries([reraise, origin])
    paste = tb(
        ("pp/core.py", 1346, "parse_string", "raise exc.with_traceback(None)"),
        last="pp.exceptions.ParseException: Expected W:(0-9), found 'abc'  (at char 0)",
    )
    res = m.explain(paste)
    assert top(res).id == origin.error_id and not top(res).approximate
    assert all(x.approximate for x in res.matches if x.id == reraise.error_id)
    # a relay that re-raises without cutting the trail is still named where the frame lands,
    # after the template that built the text (the re-raise of unknown text yields to it)
    plain = entry(
        ["", "exc", ""], path="pp/core.py", line=1346, function="ParserElement.parse_string",
        exc_type="ParseException", relay=True, statement="raise exc",
    )  # fmt: skip
    res = Matcher.from_entries([plain, origin]).explain(paste.replace(".with_traceback(None)", ""))
    assert top(res).id == origin.error_id
    assert any(x.id == plain.error_id for x in res.matches)


def test_a_paste_pointing_only_into_packages_not_indexed_has_no_exact_answer() -> None:
    # the same words from a package the catalogue does not hold (a C-extension twin): every frame
    # lies in unindexed packages and the class is dotted with one of them, so the indexed
    # library's site is an approximate answer at most
    site = entry(
        ["Lost connection to MySQL server during query (", "exc", ")"],
        path="pymysql/connections.py",
        repo="o/pymysql",
        exc_type="OperationalError",
        function="Connection._read_packet",
    )
    m = Matcher.from_entries([site])
    text = "Lost connection to MySQL server during query (timed out)"
    frames = (
        ("django/db/backends/utils.py", 84, "_execute", "return self.cursor.execute(sql, params)"),
        ("MySQLdb/connections.py", 254, "query", "_mysql.connection.query(self, query)"),
    )
    res = m.explain(tb(*frames, last=f"MySQLdb._exceptions.OperationalError: {text}"))
    assert res.matches and all(x.approximate for x in res.matches)
    assert any("nothing in the paste points to this codebase" in r for r in top(res).reasons)
    # a built-in class under the same frames: still another package's raise
    assert all(x.approximate for x in m.explain(tb(*frames, last=f"RuntimeError: {text}")).matches)
    # the message alone points nowhere: the text decides, exact as before
    assert not top(m.explain(f"OperationalError: {text}")).approximate
    # the library's class named without a module, or a frame of the library: pointed to, exact
    assert not top(m.explain(tb(*frames, last=f"OperationalError: {text}"))).approximate
    framed = (*frames, ("pymysql/connections.py", 700, "_read_packet", "self._read_bytes(4)"))
    assert not top(m.explain(tb(*framed, last=f"pymysql.err.OperationalError: {text}"))).approximate


_GROUP_PASTE = """\
  + Exception Group Traceback (most recent call last):
  |   File "/app/main.py", line 10, in <module>
  |     lib.run(main)
  |   File "/venv/lib/python3.13/site-packages/lib/_tasks.py", line 871, in __aexit__
  |     raise BaseExceptionGroup(
  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)
  +-+---------------- 1 ----------------
    | Traceback (most recent call last):
    |   File "/venv/lib/python3.13/site-packages/lib/_abc.py", line 63, in call_for_coroutine
    |     coro = func(*args, **kwargs)
    | TypeError: 'coroutine' object is not callable
    +------------------------------------
"""


def _task_group() -> CatalogueEntry:
    """The library's raise of the group in ``_GROUP_PASTE``."""
    return entry(
        ["unhandled errors in a TaskGroup (1 sub-exception)"],
        path="lib/_tasks.py", line=871, function="TaskGroup.__aexit__", exc_type="BaseExceptionGroup",
    )  # fmt: skip


def test_an_exception_group_raised_by_the_library_is_the_answer_before_its_sub_exceptions() -> None:
    # the group is the exception that reached the top level, and its own traceback ends on the
    # library's raise of it: that raise is the answer, though a sub-exception's frames also lead
    # into the library (and its text fits a raise there)
    group = _task_group()
    leaf = entry(
        ["", "type", " object is not callable"],
        path="lib/_abc.py", line=66, function="call_for_coroutine", exc_type="TypeError",
    )  # fmt: skip
    res = Matcher.from_entries([group, leaf]).explain(_GROUP_PASTE)
    assert (top(res).function, top(res).approximate) == ("TaskGroup.__aexit__", False)


def test_an_exception_group_that_caused_a_later_raise_is_context_for_it() -> None:
    # the library's group was caught and the library raised another error from it: Python
    # prints the group first, then the later traceback at the top level; that raise is the answer
    paste = _GROUP_PASTE + (
        "\nThe above exception was the direct cause of the following exception:\n\n"
        + tb(("lib/service.py", 40, "Service.start", "raise RuntimeError(msg) from eg"),
             last="RuntimeError: could not start the service web")
    )  # fmt: skip
    later = entry(["could not start the service ", "name", ""], path="lib/service.py", line=40,
                  function="Service.start", exc_type="RuntimeError")  # fmt: skip
    res = Matcher.from_entries([_task_group(), later]).explain(paste)
    assert (top(res).function, top(res).approximate) == ("Service.start", False)


def test_an_exception_group_of_user_code_leaves_its_sub_exception_first() -> None:
    # a group whose traceback ends in the user's code (no indexed raise): the sub-exception the
    # library raised is what the paste asks about
    leaf = entry(
        ["", "type", " object is not callable"],
        path="lib/_abc.py", line=63, function="call_for_coroutine", exc_type="TypeError",
    )  # fmt: skip
    group = entry(
        ["unhandled errors in a TaskGroup (1 sub-exception)"],
        path="lib/_tasks.py", line=500, function="TaskGroup.__aexit__", exc_type="BaseExceptionGroup",
    )  # fmt: skip
    paste = _GROUP_PASTE.replace("lib/_tasks.py", "app/tasks.py")
    res = Matcher.from_entries([group, leaf]).explain(paste)
    assert top(res).function == "call_for_coroutine"


def test_a_pasted_exception_group_agrees_with_a_raise_of_the_base_group() -> None:
    # ``BaseExceptionGroup(msg, [ValueError()])`` makes an ExceptionGroup, and Python prints that
    assert type_relation(["ExceptionGroup"], "BaseExceptionGroup", "error")[0] > 0
    assert type_relation(["ExceptionGroup"], "BaseException", "error")[0] <= 0


def test_a_message_retyped_in_other_capitals_finds_its_template_approximately() -> None:
    site = entry(
        ["Either 'SQLALCHEMY_DATABASE_URI' or 'SQLALCHEMY_BINDS' must be set."],
        path="fsa/extension.py", function="SQLAlchemy.init_app", exc_type="RuntimeError",
    )  # fmt: skip
    other = entry(["Could not connect to the database at ", "url", ""], path="fsa/engine.py")
    m = Matcher.from_entries([other, site])
    res = m.explain(
        "Bcz of a blocker error: either 'sqlalchemy_database_uri' or 'sqlalchemy_binds' must be set."
    )
    assert (top(res).function, top(res).approximate) == ("SQLAlchemy.init_app", True)
    assert "the message is in other capitals than the template" in top(res).reasons
    # as written, the text is exact, and no retry says otherwise
    exact = m.explain("RuntimeError: Either 'SQLALCHEMY_DATABASE_URI' or 'SQLALCHEMY_BINDS' must be set.")
    assert not top(exact).approximate
    assert all("other capitals" not in r for r in top(exact).reasons)


def test_a_message_in_other_capitals_beats_a_raise_that_passes_any_text_through() -> None:
    # a release capitalised its message (``file ...`` then, ``File ...`` now): the raise that
    # prints whatever it is given fits the old text exactly while explaining none of it
    through = entry(
        ["", "exc.__repr__", ""], path="lib/generic.py", function="read_from_stream", exc_type="ReadError"
    )
    site = entry(
        ["File has not been decrypted"], path="lib/reader.py", function="get_object", exc_type="ReadError"
    )
    m = Matcher.from_entries([through, site])
    res = m.explain("ReadError: file has not been decrypted")
    assert (top(res).function, top(res).approximate) == ("get_object", True)
    assert "the message is in other capitals than the template" in top(res).reasons
    # as written, the template's own text is exact: no retry
    assert not top(m.explain("ReadError: File has not been decrypted")).approximate


def test_a_word_retyped_in_other_capitals_between_long_reprs_finds_its_template() -> None:
    # a reporter wrote ``Definitions`` for ``definitions``, between reprs long enough that the
    # template's words are a small share of the message's: word similarity does not reach it
    site = entry(
        ["The parameter ", "name!r", " is unknown. Evaluated attributes are ", "self.__values!r",
         ", definitions are ", "self.__declarations!r", "."],
        path="factory/builder.py", function="Resolver.__getattr__", exc_type="AttributeError",
    )  # fmt: skip
    other = entry(["Could not connect to the database at ", "url", ""], path="lib/engine.py")
    reprs = ", ".join(f"'f{i}': <factory.fuzzy.FuzzyText object at 0x13a34a{i:03d}>" for i in range(12))
    res = Matcher.from_entries([other, site]).explain(
        "AttributeError: The parameter 'foo' is unknown. Evaluated attributes are {'name': 'PwkIJ'}, "
        f"Definitions are <DeclarationSet: {{{reprs}}}>."
    )
    assert (top(res).function, top(res).approximate) == ("Resolver.__getattr__", True)
    assert "the message is in other capitals than the template" in top(res).reasons


def test_a_reworded_message_with_a_long_url_is_found_by_its_words() -> None:
    # an older release's wording of a mock library's refusal, with the request's URL in it: the
    # URL's host and path are a placeholder's value, not words of the wording
    now = entry(
        ["Connection refused by Responses - the call doesn't match any registered mock.\n\nRequest: \n- ",
         "request.method", " ", "request_url", ""],
        exc_type="ConnectionError", function="RequestsMock._on_request",
    )  # fmt: skip
    other = entry(["Unable to read the body of ", "url", ""], exc_type="OSError", function="read_body")
    m = Matcher.from_entries([now, other])
    res = m.explain(
        "Connection refused by Responses: GET https://graph.example.com/v5.0/search?access_token=x"
        "&type=adinterestvalid&interest_fbid_list=%5B%22123%22%5D doesn't match Responses Mock"
    )
    assert top(res).function == "RequestsMock._on_request" and top(res).approximate
    # a URL the template itself quotes still shares its words with the message
    docs = entry(["Unsupported mode; see https://docs.example.org/modes for the modes"], function="set_mode")
    res = Matcher.from_entries([docs]).explain("Unknown mode, see https://docs.example.org/modes")
    assert top(res).function == "set_mode"


def test_a_reworded_message_printing_a_block_over_several_lines_is_found_by_its_words() -> None:
    # an older release joined the parts with new lines instead of ". ", and the context it prints
    # is a JSON dump: its keys and values are a placeholder's value, not words of the wording
    now = entry(
        ["Unable to create file '", "infile", "'. Error message: ", "err.message", ". Context: ", "context", ""],
        exc_type="UndefinedVariableInTemplate", function="generate_files",
    )  # fmt: skip
    other = entry(["Unable to read the project ", "name", ""], exc_type="OSError", function="read_project")
    m = Matcher.from_entries([now, other])
    dump = "\n".join(
        f'        "{k}_name": "my_{k}_project",' for k in ("repo", "bucket", "stack", "owner", "team")
    )
    res = m.explain(
        "Unable to create file 'readme.rst'\nError message: 'project_name' is undefined\nContext: {\n"
        f'    "cookiecutter": {{\n        "_template": "gh:someone/some_template",\n{dump}\n    }}\n}}'
    )
    assert top(res).function == "generate_files" and top(res).approximate
    # the words outside the block are the wording; a message that is all block keeps its words
    assert message_words('Context: {\n  "repo": "xyz"\n}\ndone') == ({"context", "done"}, {"repo", "xyz"})
    assert message_words("[\n  missing field\n]") == ({"missing", "field"}, set())


def test_a_reworded_message_after_a_tools_context_prefix_is_found_by_its_words() -> None:
    # a deployment tool relays the library's error after its own context and a colon, and the
    # library has reworded the text since (a period dropped, a word changed): counted with the
    # message, the tool's words sink the overlap below the floor; the text after the colon is
    # the error's, so its words are compared too
    now = entry(
        ["'", "name", "' requires Bucket and Key properties to be specified."],
        exc_type="InvalidResourceException", function="construct_s3_location_object",
    )  # fmt: skip
    other = entry(["Unable to open the stack file ", "path", ""], exc_type="OSError", function="open_stack")
    context = [
        "Failed to create the changeset",
        "Waiter ChangeSetCreateComplete failed",
        "Waiter encountered a terminal failure state",
        "Transform AWS::Serverless-2016-10-31 failed with",
    ]
    res = Matcher.from_entries([now, other]).explain(
        ": ".join([*context, "'CodeUri' needs Bucket and Key properties to be specified"])
    )
    assert top(res).function == "construct_s3_location_object" and top(res).approximate
    m = Matcher.from_entries([now, other])
    # (compared as a whole, the tool's words sink the overlap under the floor: no answer at all)
    # a sentence before the colon is wording, not a tool's context (a wrapper's ``Failed to
    # deploy the stack. Message: {inner}``): no tail after it
    wrapped = "Failed to deploy the stack from the uploaded template file in the build folder"
    inner = "'CodeUri' needs Bucket and Key properties to be specified"
    assert not m.explain(f"{wrapped}. Message: {inner}").matches
    assert top(m.explain(f"{wrapped}: {inner}")).function == "construct_s3_location_object"
    # the tails: after each context clause of the first line, while words remain
    tails = candidates.context_tails(
        "error: cannot format a.py: Cannot parse the source: 1:14: x\nmore: words here"
    )
    assert tails == ["Cannot parse the source: 1:14: x"]  # ``error`` is a label, not a context
    # a sentence, a bracket left open, a code: the message's own form, no context before the colon
    assert candidates.context_tails("Lookup failed. Message: the key is not there") == []
    assert candidates.context_tails("Could not load it (exception: No module named 'x')") == []
    assert candidates.context_tails("RESOURCE_DOES_NOT_EXIST: Run with id=1 not found") == []
    assert candidates.context_tails("no colon here") == []


def test_a_wrappers_own_words_before_the_colon_are_no_context() -> None:
    # the library's encoder wraps what it caught: ``Error encoding {value!r}: {exc}``. Its first
    # literal opens the message, so the text before the colons is its wording, not a tool's:
    # the inner error's words after it lift no other template above the wrapper
    wrapper = entry(
        ["Error encoding ", "value!r", ": ", "exc", ""], exc_type="PyAsn1Error", function="Encoder.encode"
    )
    inner = entry(
        ["Attempted \"", "name", "\" operation on ASN.1 schema object"],
        exc_type="PyAsn1Error", function="NoValue.__getattr__", path="lib/base.py",
    )  # fmt: skip
    m = Matcher.from_entries([wrapper, inner])
    paste = (
        "PyAsn1Error: Error encoding <Point schema object, tagSet=<TagSet object, tags 0:32:16>, "
        "subtypeSpec=<ConstraintsIntersection object>, componentType=<NamedTypes object, types "
        "<NamedType object, type x=<Integer schema object>>>>: Error encoding <Integer schema "
        'object, tagSet <TagSet object, tags 0:0:2>>: Attempted "__eq__" operation on ASN.1 schema'
    )
    assert top(m.explain(paste)).function == "Encoder.encode"


def test_a_traceback_ending_on_a_bare_assert_names_it_and_the_bare_class_alone_ties_them() -> None:
    # ``assert cond`` prints ``AssertionError`` and nothing else: its record has no text, so
    # only the frame that lands on it names it; pasted alone, every assert of a library ties
    bare = entry([""], path="lib/keys.py", line=544, function="Key.to_string", exc_type="AssertionError")
    other = entry([""], path="lib/util.py", line=12, function="g", exc_type="AssertionError")
    m = Matcher.from_entries([other, bare])
    paste = tb(
        ("app.py", 3, "<module>", "key.to_string()"),
        ("lib/keys.py", 544, "Key.to_string", "assert self.curve"),
        last="AssertionError",
    )
    res = m.explain(paste)
    assert top(res).id == bare.error_id and not top(res).approximate
    alone = m.explain("AssertionError")
    assert {x.id for x in alone.matches} == {bare.error_id, other.error_id}
    assert all(x.approximate for x in alone.matches) and "every `assert`" in alone.verdict


def _encode_entries(inner_repo: str = "o/lib") -> tuple[CatalogueEntry, CatalogueEntry]:
    # ``except CodecError as exc: raise CodecError('Could not encode %r: %s' % (value, exc))``
    # around a call whose own raise has its text
    outer = entry(
        ["Could not encode ", "value!r", ": ", "exc", ""],
        path="lib/encoder.py",
        line=106,
        function="Encoder.encode",
        exc_type="CodecError",
    )
    inner = entry(
        ["Operation ", "name!r", " is not supported on a schema object"],
        path="lib/schema.py",
        line=235,
        function="Schema.__getattr__",
        exc_type="CodecError",
        repo=inner_repo,
    )
    return outer, inner


_WRAPPED = (
    "lib.CodecError: Could not encode <Integer schema, tags <Tags 0:0:2>>: "
    "Operation '__eq__' is not supported on a schema object"
)


def test_a_caught_error_s_text_inside_a_reraise_of_the_same_class_names_the_reraise() -> None:
    # the outer words alone explain little of the message, and the inner template leaves them
    # unexplained: together they fit all of it, so the re-raise is the site, exactly
    outer, inner = _encode_entries()
    m = Matcher.from_entries([inner, outer])
    res = m.explain(_WRAPPED)
    assert top(res).id == outer.error_id and not top(res).approximate
    assert res.matches[1].id == inner.error_id
    # the caught error seen alone is still its own raise's
    alone = m.explain("lib.CodecError: Operation '__eq__' is not supported on a schema object")
    assert top(alone).id == inner.error_id and not top(alone).approximate


def test_a_caught_error_s_reraise_is_found_among_other_fits_and_needs_the_inner_one() -> None:
    # the wrapped message is looked for only when no fit is confident and another full fit
    # than the outer's is there: a third template fitting part of the text does not hide it,
    # and without the inner template the outer alone explains too little to be exact
    outer, inner = _encode_entries()
    other = entry(["Could not encode ", "value!r", ""], path="lib/other.py", line=7, exc_type="CodecError")
    res = Matcher.from_entries([other, inner, outer]).explain(_WRAPPED)
    assert top(res).id == outer.error_id and not top(res).approximate
    alone = Matcher.from_entries([outer]).explain(_WRAPPED)
    assert all(x.approximate for x in alone.matches)


def test_a_caught_text_matching_another_codebase_s_template_confirms_nothing() -> None:
    outer, inner = _encode_entries(inner_repo="o/other")
    res = Matcher.from_entries([inner, outer]).explain(_WRAPPED)
    assert all(x.approximate for x in res.matches if x.id == outer.error_id)


@pytest.mark.parametrize("slot", ["exc!r", "self.msg", "describe(exc)"])
def test_a_caught_error_is_looked_for_only_in_a_bare_name_s_placeholder(slot: str) -> None:
    # a caught error is printed through the name ``except ... as exc`` bound: a repr, an
    # attribute or a call's result holding another template's words is a coincidence (the bare
    # name's placeholder is the first test's)
    outer = entry(
        ["Could not encode ", "value!r", ": ", slot, ""],
        path="lib/encoder.py",
        line=106,
        exc_type="CodecError",
    )
    _o, inner = _encode_entries()
    res = Matcher.from_entries([inner, outer]).explain(_WRAPPED)
    assert all(x.approximate for x in res.matches if x.id == outer.error_id)


def test_a_caught_error_s_raise_explaining_the_message_on_its_own_stays_first() -> None:
    # ``{e} at {path}`` re-raised in several functions: which one caught it is for the try
    # bodies to say, not the text; the inner raise, exact with the outer words after it, stays
    inner = entry(["Duration must end with letter s: ", "value", "."], path="lib/types.py", line=384)
    outers = [
        entry(
            ["", "e", " at ", "path", ""],
            path="lib/json.py",
            line=n,
            function=f"_convert{n}",
            exc_type="ParseError",
        )
        for n in (784, 812, 1113)
    ]
    res = Matcher.from_entries([inner, *outers]).explain(
        "lib.ParseError: Duration must end with letter s: 90. at Duration"
    )
    assert top(res).id == inner.error_id and not top(res).approximate


def test_a_caught_error_s_only_reraise_explaining_the_text_before_it_is_the_site() -> None:
    # ``except ImportError as err: raise ImportError(f'Parser "{parser_name}" not found. {err}')``:
    # the inner raise fits exactly but leaves the outer's words before it unexplained; the one
    # site whose template, the inner one in its placeholder, fits the whole message is first
    wording = [
        'Parsing "CommonMark" requires one of the packages\n',
        "names",
        " available at https://pypi.org",
    ]
    inner = entry(
        wording, path="lib/parsers/wrapper.py", line=49, function="<module>", exc_type="ImportError"
    )
    outer = entry(['Parser "', "parser_name", '" not found. ', "err", ""], path="lib/parsers/__init__.py",
                  line=123, function="get_parser_class", exc_type="ImportError")  # fmt: skip
    m = Matcher.from_entries([inner, outer])
    res = m.explain(
        'ImportError: Parser "markdown" not found. Parsing "CommonMark" requires one of the packages\n'
        "('pycmark', 'myst', 'recommonmark') available at https://pypi.org"
    )
    assert top(res).id == outer.error_id and not top(res).approximate
    assert res.matches[1].id == inner.error_id
    # the caught error seen alone is still its own raise's
    alone = m.explain(
        "ImportError: Parsing \"CommonMark\" requires one of the packages\n('myst',) available at https://pypi.org"
    )
    assert top(alone).id == inner.error_id and not top(alone).approximate


def test_an_inner_template_whose_value_meets_the_outer_s_words_wraps_nothing() -> None:
    # the inner's last placeholder would end where the outer's words begin: which text is whose
    # is a guess, and here the "inner" is the message holding the outer ones
    outer = entry(["", "name", " is required in env ", "env", ""], path="lib/v.py", line=406)
    joined = entry(["combined validators failed ", "errors", ""], path="lib/v.py", line=616)
    res = Matcher.from_entries([outer, joined]).explain(
        "lib.ValidationError: combined validators failed database.host_name is required in env production"
        " or database.socket_path is required in env production"
    )
    assert all(x.approximate for x in res.matches if x.id == outer.error_id)


def test_every_builtin_exception_is_known_to_the_type_evidence() -> None:
    # the families come from the interpreter's own classes, not a hand-kept list: a pasted
    # StopAsyncIteration is no TypeError raise, and an EOFError no ValueError one
    assert type_relation(["StopAsyncIteration"], "TypeError", "error")[0] == TYPE_DISAGREES
    assert type_relation(["EOFError"], "ValueError", "error")[0] == TYPE_DISAGREES
    assert type_relation(["SystemExit"], "RuntimeError", "error")[0] == TYPE_DISAGREES
    # an alias is its class's child, and the family still relates
    assert type_relation(["IOError"], "OSError", "error")[0] > 0
    assert type_relation(["BlockingIOError"], "OSError", "error")[0] > 0
    assert type_relation(["json.decoder.JSONDecodeError"], "ValueError", "error")[0] > 0


def test_a_syntax_error_the_compiler_located_is_no_exact_raise_of_the_same_words() -> None:
    # ``raise SyntaxError('invalid syntax')`` copies the compiler's words but carries no file or
    # line: only the compiler's error prints ``File "<string>", line 1`` (no function), the
    # source and a caret. The raise stays a candidate, approximately.
    site = entry(
        ["invalid syntax"], path="lib/source.py", line=392, function="getsource", exc_type="SyntaxError"
    )
    m = Matcher.from_entries([site])
    located = (
        '  File "<string>", line 1\n    from x import a.b(\n                  ^\nSyntaxError: invalid syntax'
    )
    res = m.explain(located)
    assert top(res).approximate
    assert res.verdict.startswith("no exact match: the compiler raised it")
    framed = tb(("lib/source.py", 713, "_getimport", "exec(code)"), last="") + located
    assert top(m.explain(framed)).approximate
    # the raise itself, printed with its own frame and no location, is still exact
    own = tb(
        ("lib/source.py", 392, "getsource", "raise SyntaxError('invalid syntax')"),
        last="SyntaxError: invalid syntax",
    )
    assert not top(m.explain(own)).approximate
    assert not top(m.explain("SyntaxError: invalid syntax")).approximate


def test_frame_evidence_read_in_bulk_is_the_walk_of_each_named_entry() -> None:
    # A function raising five worded messages and one all-placeholder template (a grouped
    # pattern: 130 releases x 2 statements > BIG_PATTERN) in 130 releases, each release's copy
    # of a message its own pattern, and a caller raising too: the deepest frame names 910
    # entries (the line it lands on among them), the caller's frame 260 more. The bulk reads
    # (``_pattern_weights``, ``FrameEvidence.cap``) give what the entry-by-entry walk gives:
    # every entry's weight, each pattern's best weight in the order its first entry was named,
    # the grouped pattern's named entries, and the patterns the cap keeps.
    entries = [
        entry(
            [f"bad value v{k} number {i} given", ] if i < 5 else ["", "msg", ""],
            path="lib/model.py", line=10 + i, function="fit", repo=f"o/lib-v{k}",
        )
        for k in range(130)
        for i in range(7)
    ] + [
        entry([f"run failed r{k}"], path="lib/model.py", line=40 + i, function="run", repo=f"o/lib-v{k}")
        for k in range(130)
        for i in range(2)
    ]  # fmt: skip
    m = Matcher.from_entries(entries)
    idx = m.index
    paste = tb(
        ("lib/model.py", 41, "run", "self.fit(x)"),
        ("lib/model.py", 12, "fit", 'raise ValueError(f"bad value {x}")'),
        last="ValueError: bad value v3 number 2 given",
    )
    ev = frames.gather(idx, parse(paste).frames)
    fit = set(idx.sites.get(("lib/model.py", "fit")))
    run = set(idx.sites.get(("lib/model.py", "run")))
    on_line = set(idx.sites.get(("lib/model.py", 12)))
    assert len(fit) == 910 and len(run) == 260 and on_line <= fit
    want = {ei: ON_RAISE if ei in on_line else DEEPEST_FRAME for ei in fit}
    at_41 = set(idx.sites.get(("lib/model.py", 41)))
    want |= {ei: CALLER_FRAME + SAME_LINE if ei in at_41 else CALLER_FRAME for ei in run}
    assert {ei: w for ei, (w, _fi, _d) in ev.entries.items()} == pytest.approx(want)
    # each pattern's best entry weight, in the order its first entry was named
    pids: dict[int, float] = {}
    big: dict[int, list[int]] = {}
    for ei, (w, _fi, _d) in ev.entries.items():
        pid = idx.entry_pat[ei]
        if w > pids.get(pid, 0.0):
            pids[pid] = w
        if pid in idx.groups.big:
            big.setdefault(pid, []).append(ei)
    assert list(ev.pids.items()) == list(pids.items())
    assert ev.big == big and len(big) == 1 and len(next(iter(big.values()))) == 260
    # the cap: the patterns the text fits (some of them), then by weight in that order
    fitted = {pid: None for pid in list(pids)[3:700:9]}

    def fits(pid: int) -> tuple[bool, float, float]:
        return (pid % 3 == 0, (pid % 7) / 7, pids[pid])

    def tie(pid: int) -> float:
        return float(pid % 5)

    def best(pids: list[int], key: Callable[[int], Any], rest_key: Callable[[int], float]) -> set[int]:
        # every fitted pattern first, by ``key``; then the others by ``rest_key`` (stable)
        first = heapq.nlargest(MAX_FRAME, [p for p in pids if p in fitted], key=key)
        rest = [p for p in pids if p not in fitted]
        return {*first, *heapq.nlargest(MAX_FRAME - len(first), rest, key=rest_key)}

    keep = best(list(pids), fits, pids.__getitem__)
    landed = [pid for pid, w in pids.items() if w >= ON_RAISE]
    keep |= best(landed, lambda pid: (*fits(pid), tie(pid)), tie)
    ev.cap(fits, lambda ps: list(map(tie, ps)), fitted)
    assert list(ev.pids.items()) == [(pid, w) for pid, w in pids.items() if pid in keep]
    assert len(fitted) > MAX_FRAME and len(landed) > MAX_FRAME


def test_the_frames_cap_weighs_one_landed_pattern_per_set_of_the_messages_keys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One line raising in 120 releases, each release's message its own pattern holding two of
    # six words: a traceback landing on the line lands on 120 patterns, more than ``MAX_FRAME``,
    # and the cap keeps those sharing the most key weight with the message. ``set_weights``
    # weighs one pattern per set of the message's keys: every pattern gets the weight weighing
    # it alone gives, on both paths (postings read, or over the budget and each weighed), and
    # the cap keeps what ``heapq.nlargest`` of each pattern's own weight keeps. The sets differ
    # in weight, so one weight given to all (a wrong bound) would keep other patterns.
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]
    entries = [
        entry(
            [f"bad value {words[k % 6]} {words[k // 6 % 6]} given {k}"],
            path="lib/model.py", line=12, function="fit", repo=f"o/lib-v{k}",
        )
        for k in range(120)
    ]  # fmt: skip
    idx = Matcher.from_entries(entries).index
    message = "bad value delta alpha given"
    paste = tb(("lib/model.py", 12, "fit", "raise ValueError(msg)"), last=f"ValueError: {message}")
    seen = idx.hits(compact(message))
    hit = idx.hit_weights(seen)
    ev = frames.gather(idx, parse(paste).frames)
    landed = list(ev.pids)
    assert len(landed) == 120 and set(ev.pids.values()) == {ON_RAISE}
    each = [idx.weight(pid, hit) for pid in landed]
    assert len(set(each)) >= 3
    monkeypatch.setattr(candidates, "_SETS_FROM", 2)  # the sets read for 120 patterns
    assert candidates.set_weights(idx, landed, seen, hit) == each
    with monkeypatch.context() as mp:  # the postings over the budget: each pattern weighed
        mp.setattr(candidates, "HEAD_POSTINGS", 0)
        assert candidates.set_weights(idx, landed, seen, hit) == each
    # ``_heaviest`` keeps the first ``MAX_FRAME`` (one frame weight), ``_best`` the heaviest
    want = {*landed[:MAX_FRAME], *heapq.nlargest(MAX_FRAME, landed, key=lambda pid: idx.weight(pid, hit))}
    assert len(want) > MAX_FRAME  # the weights choose: one weight for all would keep the first alone
    ev.cap(lambda pid: (False, 0.0, 0.0), lambda ps: candidates.set_weights(idx, ps, seen, hit), {})
    assert set(ev.pids) == want


def test_the_top_n_of_known_weights_is_heapqs() -> None:
    # ``frames._stable_top`` against ``heapq.nlargest`` keyed by the weights: a handful of
    # values (near-duplicates) or all distinct, ``n`` from 1 to past the length; equal weights
    # keep their order
    rng = random.Random(5)
    for trial in range(300):
        size = rng.randint(1, 60)
        values = [0.0, 1.5, 2.25] if trial % 3 else [float(v) for v in range(size)]
        pids = rng.sample(range(1000), size)
        ws = [rng.choice(values) for _ in pids]
        key = dict(zip(pids, ws, strict=True)).__getitem__
        for n in (1, 2, size // 2 or 1, size, size + 3):
            assert frames._stable_top(pids, ws, n) == heapq.nlargest(n, pids, key=key)


def test_a_message_that_is_one_value_shown_through_repr_is_judged_without_failing() -> None:
    # a template that is one value shown through repr (``{msg!r}``: a printer returning
    # ``repr(self.value)``, a ``KeyError(msg)``) fits a quoted message whole: no character is
    # left for the literal text to explain, and judging the fit must not divide by it
    whole = entry(
        ["", "msg!r", ""], path="transitions/nesting.py", repo="o/transitions", exc_type="MachineError"
    )
    worded = entry(
        ['"', "self.machine.name", "Can't trigger event ", "self.name", " from state ", "state.name", '!"'],
        path="transitions/core.py",
        repo="o/transitions",
        exc_type="MachineError",
    )
    m = Matcher.from_entries([whole, worded])
    res = m.explain('transitions.core.MachineError: "Can\'t trigger event melt from state gas!"')
    assert top(res).id == worded.error_id and not top(res).approximate


def test_a_reworded_raise_in_the_file_the_traceback_ends_in_outranks_an_old_wording_elsewhere() -> None:
    # the traceback's last frame names a function the release no longer has (the raise moved
    # beside it, in the same file, and was reworded); another file still prints the old wording
    # exactly. The file the traceback ends in is where it was raised: its raise of the pasted
    # class reading like the message comes first, the exact fit elsewhere second
    old = _old_wording()
    moved = entry(
        ["", "self.name", "Can't trigger event '", "trigger", "' from state(s) ", "state_names", "!"],
        path="lib/nesting.py", line=1114, function="Machine._check_event_result", exc_type="MachineError",
    )  # fmt: skip
    m = Matcher.from_entries([old, moved])
    last = "lib.core.MachineError: Can't trigger event count from state collecting!"
    paste = tb(("lib/nesting.py", 136, "_trigger", "raise self._error(msg)"), last=last)
    assert [x.id for x in m.explain(paste).matches] == [moved.error_id, old.error_id]
    # a frame in a function the file still has leaves its own raises to decide: the reworded
    # raise beside it is no longer favoured over the exact text
    kept = entry(["Nothing to trigger"], path="lib/nesting.py", line=130, function="Machine._trigger")
    m = Matcher.from_entries([old, moved, kept])
    assert top(m.explain(paste)).id == old.error_id


def test_an_errors_text_quoted_after_a_programs_words_is_read_alone() -> None:
    # Airflow's ``Broken DAG: [path] '...'``: str() of a KeyError (its text's repr) after the
    # program's words. A template opening with a placeholder swallows the words and the quote,
    # approximately; the quoted text alone is the other template, exactly
    var = entry(["Variable ", "key", " does not exist"], path="af/models/variable.py", function="Variable.get", exc_type="KeyError")  # fmt: skip
    path = entry(["", "self", " does not exist"], path="af/io/path.py", function="Path.copy", exc_type="FileNotFoundError")  # fmt: skip
    m = Matcher.from_entries([path, var])
    res = m.explain("Broken DAG: [/opt/dags/example.py] 'Variable example_config does not exist'")
    assert (top(res).function, top(res).approximate) == ("Variable.get", False)
    assert "the error's text is quoted at the end of other words" in top(res).reasons
    # a quoted name of the message's own is no message: nothing read from it
    assert quoted_tail("Unknown layer 'Functional'") is None
    assert quoted_tail("one line\n'and another one here'") is None


def test_a_list_items_label_is_no_tools_context() -> None:
    # a library's message listing what it tried, one ``- label: error`` line each (tarfile's
    # ``file could not be opened successfully:`` then ``- method gz: ReadError('not a gzip
    # file')``): read without its first line, the item's label is no tool's context, so the
    # inner error's words after it do not outrank the raise that printed the list
    outer = entry(
        ["file could not be opened successfully:\n- method ", "comptype", ": ", "e!r", ""],
        exc_type="ReadError", function="TarFile.open",
    )  # fmt: skip
    inner = entry(["not a gzip file"], exc_type="ReadError", function="_Stream._init_read_gz")
    paste = (
        "pkg.ReadError: file could not be opened successfully:\n"
        "- method gz: ReadError('not a gzip file')\n"
        "- method bz2: ReadError('not a bzip2 file')\n"
        "- method tar: ReadError('truncated header')"
    )
    assert top(Matcher.from_entries([outer, inner]).explain(paste)).function == "TarFile.open"
    assert candidates.context_tails("- method gz: ReadError('not a gzip file') and more words") == []
    assert candidates.context_tails("* step two: the file was not found at all") == []
    # every marker the paste reader knows is a list item here too (one definition, parse's)
    assert candidates.context_tails("2. step two: the file was not found at all") == []
    assert candidates.context_tails("\u2022 step two: the file was not found at all") == []
    # a dash that opens a word, not an item, leaves the tails alone
    assert candidates.context_tails("-x step two: the file was not found at all") != []
