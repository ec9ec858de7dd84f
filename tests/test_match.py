"""The matcher: literal-in-order fitting, ranking by evidence, interpreter messages, hostile input."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from errdex.match import Match, Matcher, Result
from errdex.match.artifact import unpack
from errdex.match.index import Index
from errdex.match.verify import _TYPOGRAPHIC, compact, compact_map, cut_cover, echoed, fit, repr_start, values
from errdex.model import CatalogueEntry, render_template

_N = iter(range(1, 10**9))


def entry(segments: list[str], path: str = "lib/mod.py", line: int = 10, function: str = "f",
          exc_type: str = "ValueError", kind: str = "error", version: str = "1.0", repo: str = "o/lib",
          error_id: str | None = None, date: str | None = None) -> CatalogueEntry:  # fmt: skip
    k = next(_N)
    return CatalogueEntry(
        key=k, error_id=error_id or f"id{k}", repo=repo, version=version, snapshot_date=date,
        kind=kind, exc_type=exc_type, exc_qualname=None, template=render_template(segments),  # type: ignore[arg-type]
        segments=segments, path=path, line=line, function=function,
    )  # fmt: skip


def top(res: Result) -> Match:
    assert res.matches, res.verdict
    return res.matches[0]


# --- verify -----------------------------------------------------------------------------------------


def lits(segments: list[str]) -> tuple[str, ...]:
    return tuple(compact(s) for s in segments[0::2])


def test_fit_and_values() -> None:
    segs = ["Block spec for ", "name", " is missing ", "scratch_type=", "."]
    msg = "Block spec for  x_ref\nis missing BlockType(a, b)."
    f = fit(lits(segs), compact(msg))
    assert f is not None and f.full and f.anchored_start and f.anchored_end
    vals = values(segs[1::2], f, msg, compact_map(msg))
    assert vals == {"name": "x_ref", "scratch_type=": "BlockType(a, b)"}


def test_values_holding_the_next_literal_inside_brackets_round_trip() -> None:
    # attrs' ``(msg, attr, options, value)`` tuple: ``attr``'s repr holds ", " (the literal after
    # it) inside its parentheses; the value runs to the ", " outside them
    segs = ["(", "msg!r", ", ", "attr!r", ", ", "options!r", ", ", "value!r", ")"]
    shown = {
        "msg!r": "\"'x' must be in [1, 2] (got 5)\"",
        "attr!r": "Attribute(name='x', default=NOTHING, validator=<in_ validator with options [1, 2]>)",
        "options!r": "[1, 2]",
        "value!r": "5",
    }
    msg = "(" + ", ".join(shown.values()) + ")"
    f = fit(lits(segs), compact(msg))
    assert f is not None and f.full
    assert values(segs[1::2], f, msg, compact_map(msg)) == shown
    # a value that closes what it opens keeps the leftmost cut; one whose brackets never close
    # in a place the rest fits keeps it too
    msg = "(a, (b, c), d)"
    f = fit(lits(["(", "x", ", ", "y", ")"]), compact(msg))
    assert f is not None and values(["x", "y"], f, msg, compact_map(msg)) == {"x": "a", "y": "(b, c), d"}
    msg = "(f(a, b)"
    f = fit(lits(["(", "x", ", ", "y", ")"]), compact(msg))
    assert f is not None and values(["x", "y"], f, msg, compact_map(msg)) == {"x": "f(a", "y": "b"}


def test_what_a_repr_may_open_with() -> None:
    for text in ("'purple'", '"x"', "[1, 2]", "(a, b)", "{'k': 1}", "<object at 0x1>", "42", "-1.5",
                 "None", "True is odd", "b'raw'", "Attribute(name='x')", "enum.Color.RED", "ANY", ""):  # fmt: skip
        assert repr_start(text), text
    for text in ("invalid choice: purple.", "Input should be a valid integer", "got 5"):
        assert not repr_start(text), text


def test_placeholder_glued_to_literal() -> None:
    segs = ["bad k", "x", " value"]
    f = fit(lits(segs), compact("bad kx=17 value"))
    assert f is not None and f.full


def test_truncated_message_fits_prefix() -> None:
    segs = [
        "Unimplemented primitive in Pallas TPU lowering for ",
        "k",
        ": ",
        "p",
        ". Please file an issue at x.",
    ]
    f = fit(lits(segs), compact("Unimplemented primitive in Pallas TPU lowering for KernelType.TC: cumsum."))
    assert f is not None and not f.full and f.covered >= 45


def test_no_fit() -> None:
    assert fit(lits(["abc ", "x", " def"]), compact("zzz")) is None


def test_compact_straightens_quotes_only_outside_ascii() -> None:
    # ``compact`` leaves ASCII text untranslated: right only while every quote it straightens
    # lies outside ASCII
    assert all(code > 127 for code in _TYPOGRAPHIC)
    assert compact("Call \u2018fit\u2019 with  \u201cx\u201d\n") == "Call'fit'with\"x\""
    assert compact(" a\tb 'c' ") == "ab'c'"
    assert compact("caf\u00e9 \u2032") == "caf\u00e9'"


# pieces that look like template text on purpose: braces, literal words, newlines, runs of spaces
placeholder_text = st.lists(st.sampled_from([*"ab {}x\n:.'()", "lit", "foo bar", "  "]), max_size=12).map(
    "".join
)
literal_text = st.lists(st.sampled_from([*"abcdefg {}:.,'\n", "foo bar", "lit", "  "]), max_size=8).map(
    "".join
)


@st.composite
def template_and_values(draw: Any) -> tuple[list[str], list[str]]:
    n = draw(st.integers(0, 4))
    segs = [draw(literal_text)]
    for i in range(n):
        segs += [f"p{i}", draw(literal_text)]
    vals = [draw(placeholder_text) for _ in range(n)]
    return segs, vals


@given(template_and_values())
@settings(max_examples=400, deadline=None)
def test_any_rendering_fits_and_values_are_consistent(tv: tuple[list[str], list[str]]) -> None:
    segs, vals = tv
    message = "".join(s if i % 2 == 0 else vals[i // 2] for i, s in enumerate(segs))
    f = fit(lits(segs), compact(message))
    assert f is not None and f.full, (segs, message)
    got = values(segs[1::2], f, message, compact_map(message))
    # re-rendering with the recovered values gives the message back (modulo whitespace)
    rerendered = "".join(s if i % 2 == 0 else got.get(segs[i], "") for i, s in enumerate(segs))
    assert compact(rerendered) == compact(message)


@given(template_and_values(), st.integers(0, 200), literal_text)
@settings(max_examples=400, deadline=None)
def test_cut_cover_is_fits_verdict(tv: tuple[list[str], list[str]], cut: int, noise: str) -> None:
    """``cut_cover`` says what ``fit`` says of a message cut short (or another one): no fit,
    a full fit, or how much a truncated one covers (its tail unmeasured when not anchored)."""
    segs, vals = tv
    message = "".join(s if i % 2 == 0 else vals[i // 2] for i, s in enumerate(segs))
    for text in (message, message[:cut], noise + message[:cut], noise):
        ls, msg = lits(segs), compact(text)
        f, got = fit(ls, msg), cut_cover(ls, msg)
        if f is None:
            assert got == -2
        elif f.full:
            assert got == -1
        elif f.anchored_start:
            assert got == f.covered
            # with a floor, the tail is measured unless even the longest leaves the fit below it
            floor = len(msg) * 3 // 4
            low = cut_cover(ls, msg, floor)
            assert low == f.covered or (low == f.covered - f.partial and f.covered < floor)
        else:
            assert got == -3 - (f.covered - f.partial)


@given(template_and_values())
@settings(max_examples=150, deadline=None)
def test_matcher_finds_any_rendering(tv: tuple[list[str], list[str]]) -> None:
    segs, vals = tv
    segs = (
        ["Distinctive opening words here ", *segs[1:]]
        if len(segs) > 1
        else ["Distinctive opening words here"]
    )
    vals = vals[: (len(segs) - 1) // 2]
    message = "".join(s if i % 2 == 0 else vals[i // 2] for i, s in enumerate(segs))
    target = entry(segs)
    m = Matcher.from_entries([target, entry(["Something else entirely ", "x", ""])])
    res = m.explain("ValueError: " + message)
    assert any(x.id == target.error_id for x in res.matches)


# --- ranking -----------------------------------------------------------------------------------------


def test_all_placeholder_template_ranks_last_or_not_at_all() -> None:
    generic = entry(["", "msg", ""])
    specific = entry(
        ["Length mismatch: Expected axis has ", "old", " elements, new values have ", "new", " elements"]
    )
    m = Matcher.from_entries([generic, specific])
    res = m.explain("ValueError: Length mismatch: Expected axis has 26 elements, new values have 24 elements")
    assert top(res).id == specific.error_id and not top(res).approximate
    assert top(res).values == {"old": "26", "new": "24"}
    assert res.verdict == "exact match"
    assert all(x.id != generic.error_id for x in res.matches[:1])


def test_coverage_beats_template_length() -> None:
    short = entry(["cannot reindex on an axis with duplicate labels"])
    long = entry(
        [
            "cannot reindex on an axis with duplicate labels",
            "x",
            " and then a long tail of text that is not in the message",
        ]
    )
    m = Matcher.from_entries([long, short])
    assert top(m.explain("cannot reindex on an axis with duplicate labels")).id == short.error_id


def test_type_and_frames_order_sites_sharing_a_template() -> None:
    segs = [
        "You are trying to merge on ",
        "a",
        " and ",
        "b",
        " columns. If you wish to proceed you should use pd.concat",
    ]
    a = entry(
        segs,
        path="pandas/core/reshape/merge.py",
        line=1844,
        function="_MergeOperation._maybe_coerce_merge_keys",
    )
    b = entry(segs, path="pandas/core/reshape/other.py", line=20, function="other", exc_type="TypeError")
    m = Matcher.from_entries([b, a])
    msg = (
        "You are trying to merge on object and int64 columns. If you wish to proceed you should use pd.concat"
    )
    res = m.explain("ValueError: " + msg)
    assert [x.id for x in res.matches[:2]] == [a.error_id, b.error_id]
    assert "exception type agrees (ValueError)" in res.matches[0].reasons
    tb = (
        "Traceback (most recent call last):\n"
        '  File "/x/site-packages/pandas/core/reshape/other.py", line 20, in other\n'
        "    raise TypeError(msg)\n"
        f"TypeError: {msg}\n"
    )
    res = m.explain(tb)
    assert res.matches[0].id == b.error_id
    assert any(r.startswith("frame pandas/core/reshape/other.py:20 in other") for r in res.matches[0].reasons)


def test_frame_line_picks_the_version() -> None:
    segs = ["No connection adapters were found for ", "url", ""]
    old = entry(segs, path="requests/sessions.py", line=792, function="Session.get_adapter", version="2.31",
                error_id="same", date="2023-01-01")  # fmt: skip
    new = entry(segs, path="requests/sessions.py", line=881, function="Session.get_adapter", version="2.34",
                error_id="same", date="2025-01-01")  # fmt: skip
    m = Matcher.from_entries([new, old])
    tb = (
        "Traceback (most recent call last):\n"
        '  File "C:\\Py\\Lib\\site-packages\\requests\\sessions.py", line 792, in get_adapter\n'
        '    raise InvalidSchema(f"No connection adapters were found for {url!r}")\n'
        "requests.exceptions.InvalidSchema: No connection adapters were found for 'x://y'\n"
    )
    res = m.explain(tb)
    assert len(res.matches) == 1  # one error, reported once
    assert res.matches[0].version == "2.31" and res.matches[0].values == {"url": "'x://y'"}


def test_reworded_message_with_frame_is_approximate_top() -> None:
    target = entry(["Unknown label type: ", "y_type", ". Maybe you are trying to fit a classifier, which expects discrete classes on a regression target with continuous values."],
                   path="sklearn/utils/multiclass.py", line=230, function="check_classification_targets")  # fmt: skip
    noise = entry(["Unknown metric ", "m", " for this estimator"], path="sklearn/metrics/x.py")
    m = Matcher.from_entries([noise, target])
    tb = (
        '  File "C:\\A\\lib\\site-packages\\sklearn\\utils\\multiclass.py", line 172, in check_classification_targets\n'
        '    raise ValueError("Unknown label type: %r" % y_type)\n\n'
        "ValueError: Unknown label type: 'continuous'\n"
    )
    res = m.explain(tb)
    assert top(res).id == target.error_id and top(res).approximate


def test_nothing_close_means_no_match() -> None:
    m = Matcher.from_entries([entry(["Length mismatch: Expected axis has ", "n", " elements"])])
    res = m.explain("ZooError: the giraffe escaped through the fence again")
    assert res.matches == [] and res.verdict == "no match in the indexed codebases"


def test_log_and_warning_kinds() -> None:
    log = entry(["An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed."],
                kind="log", exc_type="log.WARNING")  # fmt: skip
    m = Matcher.from_entries([log])
    res = m.explain("2024-01-01 10:00:00,123 WARNING jax._src.xla_bridge: An NVIDIA GPU may be present on this "
                    "machine, but a CUDA-enabled jaxlib is not installed.")  # fmt: skip
    assert not top(res).approximate and "log level agrees (WARNING)" in top(res).reasons


# --- interpreter messages and outside-library evidence -----------------------------------------------------


def test_runtime_message_is_recognised_and_generic_template_demoted() -> None:
    generic = entry(["", "obj", " object has no attribute ", "name", ""])
    m = Matcher.from_entries([generic])
    res = m.explain("AttributeError: 'NoneType' object has no attribute 'shape'")
    assert res.builtin is not None and "Python built-in error" in res.verdict
    assert all(x.approximate for x in res.matches)


def test_an_interpreter_message_a_library_also_raises_is_answered_by_the_library_alone() -> None:
    # the interpreter's entries are added after the library's; one sharing the library's exact
    # text must not be answered as a site of its own (no page knows a ``<python>`` id)
    own = entry(
        ["slice step cannot be zero"], exc_type="ValueError", path="lib/core.py", function="canonicalize"
    )
    res = Matcher.from_entries([own]).explain("ValueError: slice step cannot be zero")
    assert [(x.path, x.approximate) for x in res.matches] == [("lib/core.py", False)]
    assert not any("<python>" in r for r in top(res).reasons)


@pytest.mark.parametrize(
    "text",
    [
        "TypeError: f() takes 2 positional arguments but 3 were given",
        "TypeError: unhashable type: 'list'",
        "IndexError: list index out of range",
        "ModuleNotFoundError: No module named 'foo'",
        "ZeroDivisionError: division by zero",
        "RecursionError: maximum recursion depth exceeded",
        "ImportError: cannot import name 'x' from 'y' (/a/b.py)",
        "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)",
    ],
)
def test_common_runtime_messages(text: str) -> None:
    res = Matcher.from_entries([entry(["some library message ", "x", ""])]).explain(text)
    assert res.builtin is not None, text
    assert not [x for x in res.matches if not x.approximate]


def test_extension_frame_denies_weak_exact_match() -> None:
    e = entry(
        ["Expected ", "n", " fields in line ", "row", ", saw ", "k", ""],
        path="pandas/io/parsers/python_parser.py",
    )
    m = Matcher.from_entries([e])
    tb = (
        '  File "pandas\\_libs\\parsers.pyx", line 2025, in pandas._libs.parsers.raise_parser_error\n'
        "pandas.errors.ParserError: Error tokenizing data. C error: Expected 1 fields in line 13, saw 2\n"
    )
    res = m.explain(tb)
    assert all(x.approximate for x in res.matches)
    assert "outside the indexed Python code" in res.verdict


def test_message_with_unstripped_prefix_is_tolerated() -> None:
    e = entry(["cannot reindex on an axis with duplicate labels"])
    res = Matcher.from_entries([e]).explain(
        "[worker-3] oops: cannot reindex on an axis with duplicate labels"
    )
    assert top(res).id == e.error_id
    assert "message has extra text before the template" in top(res).reasons


def test_a_log_line_that_is_the_template_whole_is_exact() -> None:
    """In a pasted log the error is one record among others: a line that is the template from
    end to end after its header is what the library printed, as if that line were pasted alone."""
    e = entry(["Can't locate revision identified by '", "rev", "'"], exc_type="CommandError")
    log = (
        "$ alembic current\n"
        "INFO  [alembic.runtime.migration] Context impl SQLiteImpl.\n"
        "INFO  [alembic.runtime.migration] Will assume non-transactional DDL.\n"
        "ERROR [alembic.util.messaging] Can't locate revision identified by 'fe7656c21eaa'\n"
        "  FAILED: Can't locate revision identified by 'fe7656c21eaa'"
    )
    res = Matcher.from_entries([e]).explain(log)
    assert top(res).id == e.error_id and not top(res).approximate
    assert any("one whole line of the message" in r for r in top(res).reasons)


def test_an_unlabelled_line_is_a_record_only_among_log_records() -> None:
    """A console line without a header between log records is a record; the first line of a
    message written over several lines is not (another template may be the whole message)."""
    e = entry(["Failed to find attribute ", "name", " in ", "module", "."])
    log = (
        "[2024-05-21 09:11:25 +0000] [1] [INFO] Booting worker with pid: 8\n"
        "Failed to find attribute 'app' in 'web.render'.\n"
        "[2024-05-21 09:11:25 +0000] [8] [INFO] Worker exiting (pid: 8)\n"
        "[2024-05-21 09:11:25 +0000] [1] [ERROR] Reason: App failed to load."
    )
    assert not top(Matcher.from_entries([e]).explain(log)).approximate
    prose = (
        "Failed to find attribute 'app' in 'web.render'.\n"
        "The module was found, but it defines no attribute of that name; check the spelling of "
        "the application variable and that the module really assigns it before it is imported."
    )
    assert top(Matcher.from_entries([e]).explain(prose)).approximate
    # bracketed lines of a message (a statement and its parameters) are no log records
    listing = (
        "Failed to find attribute 'app' in 'web.render'.\n"
        "[SQL: SELECT app FROM modules WHERE name = ? AND kind = ?]\n"
        "[parameters: ('web.render', 'attribute')]"
    )
    assert top(Matcher.from_entries([e]).explain(listing)).approximate


def test_a_label_and_a_hole_holding_a_report_of_several_lines_is_exact() -> None:
    """``raise ConfigurationError(f"... configuration file: {e}")`` around a YAML error: the
    hole holds the parser's report, over several lines, so the template's literal text is a
    small share of the message although it is all of it; its first line is the template end to
    end, and is judged alone. A template that does not end in a hole after a label is no such
    whole (the lines after it are another message's or the reporter's)."""
    e = entry(
        ["MkDocs encountered an error parsing the configuration file: ", "e", ""],
        exc_type="ConfigurationError",
    )
    paste = (
        "Error: MkDocs encountered an error parsing the configuration file: while constructing a Python object\n"
        "cannot find module 'material.extensions.emoji' (No module named 'material.extensions')\n"
        '  in "/home/user/Projects/site/mkdocs.yml", line 84, column 20'
    )
    res = Matcher.from_entries([e]).explain(paste)
    assert top(res).id == e.error_id and not top(res).approximate
    # no such whole: a template ending in its own text, or one whose first line is the label
    # alone (the hole, all on the lines after, is not judged by it)
    report = (
        "cannot find module 'material.extensions.emoji' (No module named 'material.extensions')\n"
        '  in "/home/user/Projects/site/mkdocs.yml", line 84, column 20'
    )
    for segments, first in (
        (["MkDocs encountered an error parsing the configuration file ", "name", "."],
         "MkDocs encountered an error parsing the configuration file mkdocs.yml.\n"),
        (["Parameter validation failed:\n", "msg", ""], "Parameter validation failed:\n"),
    ):  # fmt: skip
        assert top(Matcher.from_entries([entry(segments)]).explain(first + report)).approximate


def test_a_line_after_a_sentence_is_not_a_record() -> None:
    """Text before the template ending in a word is a sentence the template ends, not a label."""
    e = entry(["Target database is not up to date."])
    log = (
        "INFO  [alembic.runtime.migration] Context impl SQLiteImpl.\n"
        "INFO  [alembic.runtime.migration] Will assume non-transactional DDL.\n"
        "ERROR [alembic.env] We found that the Target database is not up to date.\n"
        "INFO  [alembic.runtime.migration] Done with all the steps of this run."
    )
    assert top(Matcher.from_entries([e]).explain(log)).approximate


def test_inner_errors_listed_under_the_first_line_are_the_outer_raises_values() -> None:
    """typeguard's ``check_union``: ``raise TypeCheckError(f"did not match any element in the
    union:\n{formatted_errors}")``, each inner error on its own line after a label. The first
    line is the template Python printed; a later line that is another raise's template whole
    is a value of that raise, not the error, and only ranks after it. (The index holds each
    raise's text without ``TypeCheckError.__str__``'s path prefix too: that is the variant a
    labelled line is whole.)"""
    outer, inner = (
        entry(segments, path="typeguard/_checkers.py", line=line, function=fn, exc_type="TypeCheckError")
        for segments, line, fn in (
            (["", '" of ".join(self._path)', " did not match any element in the union:\n", "formatted_errors", ""],
             460, "check_union"),
            (["is not an instance of ", "qualified_name(origin_type)", ""], 567, "check_instance"),
        )
    )  # fmt: skip
    m = Matcher.from_entries([outer, inner])
    lines = [
        "float did not match any element in the union:",
        "int: is not an instance of int",
        "str: is not an instance of str",
    ]
    union = "typeguard.TypeCheckError: " + "\n  ".join(lines)
    res = m.explain(union)
    assert top(res).id == outer.error_id and not top(res).approximate
    assert [x.id for x in res.matches[1:]] == [inner.error_id] and res.matches[1].approximate
    # the inner error pasted alone is the inner raise, exact
    alone = m.explain("typeguard.TypeCheckError: is not an instance of str")
    assert top(alone).id == inner.error_id and not top(alone).approximate
    # a line that is a template whole after a label stays exact when no template fits the
    # whole message from its start (a log's record, or text around another raise's message)
    log = "While checking the arguments:\n  int: is not an instance of int"
    assert top(m.explain(log)).id == inner.error_id and not top(m.explain(log)).approximate
    # nor is a line after a template's last words a value of it: the message goes on past it
    closed = entry(["Checking the arguments of ", "func", " failed:"], exc_type="TypeCheckError")
    after = "Checking the arguments of f failed:\n  int: is not an instance of int"
    got = Matcher.from_entries([closed, inner]).explain(after)
    assert top(got).id == inner.error_id and not top(got).approximate


def test_a_header_line_that_is_a_templates_literal_owns_the_lines_listed_under_it() -> None:
    """A raise that tries alternatives and lists what each said, one ``- 'name': {err}`` line
    apiece under a header of its own words (``"...optional:\n" + "\n".join(...)``): the inner
    errors make the message long, so the outer template's literal text explains too little of
    it to be confident; yet its first literal is the whole first line, the line Python printed
    after the class, so a later line that is another raise's template whole is a value of the
    outer raise and ranks after it."""
    outer, inner = (
        entry(segments, path="pkg/core.py", line=line, function=fn, exc_type="ValueError")
        for segments, line, fn in (
            (["Input values did not match any of the formats where the format keyword is optional:\n- '",
              "name", "': ", "err", "", "...", ""], 655, "TimeBase._get_time_fmt"),
            (["Time delta '", "timestr", "' does not match quantity_str format"], 2424, "parse_string"),
        )
    )  # fmt: skip
    m = Matcher.from_entries([outer, inner])
    listed = (
        "ValueError: Input values did not match any of the formats where the format keyword is optional:\n"
        "- 'jd': for jd class, input should be (long) doubles, string, or Decimal, and second values "
        "are only allowed for (long) doubles.\n"
        "- 'datetime': Input values for datetime class must be datetime.timedelta objects\n"
        "- 'quantity_str': Time delta 'abc' does not match quantity_str format"
    )
    assert top(m.explain(listed)).id == outer.error_id
    # the inner error pasted alone is the inner raise, exact
    alone = m.explain("ValueError: Time delta 'abc' does not match quantity_str format")
    assert top(alone).id == inner.error_id and not top(alone).approximate


def test_a_tail_fit_ranks_below_its_classs_fit_of_the_whole_paste() -> None:
    """A class whose printer writes a line per context the error passed through, then the
    innermost message (``==> {ctx}`` lines, then ``=====> {message}``): the innermost raise's
    own template fits the paste's last line with lines of other text before it, and its words
    are most of the paste; the re-raise with a context fits all of it, opening with its own
    text, with far less literal. Printed alone, the inner raise would not have printed the
    lines above, so the whole fit ranks first; pasted alone, the inner message is the inner
    raise's, exact. A tail after lines of another class's text is not judged so."""
    wrap, inner = (
        entry(segments, path="conf.py", line=line, function=fn, exc_type="ChainedError")
        for segments, line, fn in (
            (["\n==> ", "msg", "\n=====> ", "err.error_msg", ""], 36, "within"),
            (["\n=====> Missing required key: ", "self.key", ""], 70, "require_key"),
        )
    )  # fmt: skip
    m = Matcher.from_entries([wrap, inner])
    paste = "conf.ChainedError: \n==> At Config()\n==> At key: hooks\n==> At Hook(id=MISSING)\n=====> Missing required key: id"
    res = m.explain(paste)
    assert [x.id for x in res.matches[:2]] == [wrap.error_id, inner.error_id]
    alone = m.explain("conf.ChainedError: \n=====> Missing required key: id")
    assert top(alone).id == inner.error_id and not top(alone).approximate
    other = entry(["Loading ", "path", " failed:"], path="load.py", exc_type="LoadError")
    m2 = Matcher.from_entries([other, inner])
    lines = "conf.ChainedError: Loading a.yaml failed:\n=====> Missing required key: id"
    assert top(m2.explain(lines)).id == inner.error_id


# --- hostile input ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small() -> Matcher:
    return Matcher.from_entries([
        entry(["Length mismatch: Expected axis has ", "old", " elements, new values have ", "new", " elements"]),
        entry(["", "x", ""]),
        entry(["", "a", "", "b", "{x}"]),
        entry(["{x}{x}", "y", "{x}"]),
    ])  # fmt: skip


def test_huge_log(small: Matcher) -> None:
    log = "2024-01-01 10:00:00,000 INFO app: step done {x}\n" * 220_000  # ~10 MB
    res = small.explain(
        log + "ValueError: Length mismatch: Expected axis has 2 elements, new values have 3 elements"
    )
    assert top(res).values == {"old": "2", "new": "3"}


def test_repeated_placeholder_like_fragments(small: Matcher) -> None:
    for text in ("{x}" * 100_000, "Length mismatch: " * 100_000, "elements, " * 100_000 + "Length mismatch"):
        small.explain(text)  # bounded: the message is capped, the matcher is linear


def test_nul_bytes_and_invalid_utf8(small: Matcher) -> None:
    raw = b"ValueError: Length mismatch: Expected axis has \x00\xff\xfe elements, new values have 1 elements"
    res = small.explain(raw.decode("utf-8", errors="replace"))
    assert top(res).values["old"] == "\x20\ufffd\ufffd".strip() or "\ufffd" in top(res).values["old"]


def test_empty_input(small: Matcher) -> None:
    res = small.explain("")
    assert res.matches == []


# --- artifact ----------------------------------------------------------------------------------------------


class FakeStore:
    def __init__(self, entries: list[CatalogueEntry]) -> None:
        self.entries = entries
        self.artifacts: dict[str, bytes] = {}
        self.gen = "g1"
        self.builds = 0

    def iter_entries(self, repo: str | None = None) -> Any:
        self.builds += 1
        return iter(self.entries)

    def get_artifact(self, name: str) -> bytes | None:
        return self.artifacts.get(name)

    def put_artifact(self, name: str, data: bytes) -> None:
        self.artifacts[name] = data

    def generation(self) -> str:
        return self.gen


def test_load_uses_artifact_and_rebuilds_when_stale() -> None:
    store = FakeStore([entry(["cannot reindex on an axis with duplicate labels"])])
    m1 = Matcher.load(store)
    assert store.builds == 1 and store.artifacts
    m2 = Matcher.load(store)
    assert store.builds == 1
    assert top(m2.explain("cannot reindex on an axis with duplicate labels")).id == top(
        m1.explain("cannot reindex on an axis with duplicate labels")).id  # fmt: skip
    store.gen = "g2"
    Matcher.load(store)
    assert store.builds == 2
    assert Index.loads(unpack(store.artifacts["match-index"])).generation == "g2"


def test_repo_filter_and_json() -> None:
    a = entry(["cannot reindex on an axis with duplicate labels"], repo="o/a")
    b = entry(["cannot reindex on an axis with duplicate labels"], repo="o/b")
    m = Matcher.from_entries([a, b], repo="o/b")
    res = m.explain("cannot reindex on an axis with duplicate labels")
    assert [x.repo for x in res.matches] == ["o/b"]
    j = res.matches[0].to_json()
    assert set(j) == {"id", "repo", "version", "kind", "exc_type", "template", "path", "line", "function",
                      "score", "approximate", "values", "reasons", "tied_with"}  # fmt: skip


def test_render_human() -> None:
    from io import StringIO

    from rich.console import Console

    from errdex.match import render_human

    m = Matcher.from_entries([entry(["Length mismatch: Expected axis has ", "old", " elements"])])
    buf = StringIO()
    render_human(
        m.explain("ValueError: Length mismatch: Expected axis has 3 elements"), Console(file=buf, width=120)
    )
    out = buf.getvalue()
    assert "exact match" in out and "lib/mod.py:10" in out and "old = 3" in out


# --- scale: candidate generation stays bounded and complete ----------------------------------------------


def test_suffix_prefix_matches_brute_force() -> None:
    from errdex.match.verify import _suffix_prefix

    def brute(msg: str, pos: int, lit: str) -> int:
        room = min(len(msg) - pos, len(lit) - 1, 400)
        return next((p for p in range(room, 0, -1) if msg.endswith(lit[:p])), 0)

    @given(st.text("abc", max_size=12), st.integers(0, 12), st.text("abc", min_size=1, max_size=6))
    @settings(max_examples=300, deadline=None)
    def check(msg: str, pos: int, lit: str) -> None:
        pos = min(pos, len(msg))
        assert _suffix_prefix(msg, pos, lit) == brute(msg, pos, lit)

    check()


def test_cut_short_message_found_among_many_near_duplicates() -> None:
    head = "Unimplemented primitive in Pallas TPU lowering for "
    target = entry([head, "k", ": ", "p", ". Please file an issue at x."], function="lower")
    dups = [entry([head, "k", f": variant {i} ", "p", " is unsupported."]) for i in range(600)]
    m = Matcher.from_entries([*dups, target])
    res = m.explain(
        "Unimplemented primitive in Pallas TPU lowering for KernelType.TC: cumsum. Please file an is"
    )
    assert top(res).id == target.error_id and not top(res).approximate


def test_cut_short_message_of_template_starting_with_placeholder() -> None:
    e = entry(
        ["", "name", " is not a valid estimator parameter for this pipeline step; choose one of ", "opts", ""]
    )
    m = Matcher.from_entries([e, entry(["", "x", " is not a valid thing"])])
    res = m.explain("'alpha' is not a valid estimator parameter for this pipeline st")
    assert top(res).id == e.error_id and not top(res).approximate


def test_a_message_worded_on_past_the_literal_it_never_reaches_is_no_cut_one() -> None:
    # js-yaml's port of pyyaml's words: the tail holds the next literal's opening (``but found``)
    # and then other words, so the message was not cut before that literal; cut inside it, or
    # before it, the message still reads as cut short and exact
    e = entry(["expected a single document in the stream", "start", "but found another document", "end", ""])
    m = Matcher.from_entries([e])
    ported = m.explain("expected a single document in the stream, but found more")
    assert top(ported).id == e.error_id and top(ported).approximate
    for cut in (
        "expected a single document in the stream in 'a.yml', line 1, column 1: but found anoth",
        "expected a single document in the stream at line 2",
    ):
        res = m.explain(cut)
        assert top(res).id == e.error_id and not top(res).approximate, cut
    # an older release's period where the template has a colon: the sentence ended there
    formatter = entry(["Unable to output report using '", "fmt", "' formatter: ", "e", ""])
    period = Matcher.from_entries([formatter]).explain("Unable to output report using 'screen' formatter.")
    assert top(period).id == formatter.error_id and not top(period).approximate
    f = fit(
        lits(["expected a single document", "x", "but found another document"]),
        compact("expected a single document, but found more"),
    )
    assert f is not None and not f.full and f.diverged


def test_template_of_common_fragments_only_is_still_found() -> None:
    common = [entry([f"Expected axis {i} to be valid", "x", ""], line=100 + i) for i in range(50)]
    e = entry(["Expected axis ", "a", " to be valid", "b", ""], line=5)
    m = Matcher.from_entries([*common, e])
    res = m.explain("ValueError: Expected axis 7 to be valid")
    assert any(x.id == e.error_id for x in res.matches)


def test_frame_picks_the_raise_among_thousands_of_generic_entries() -> None:
    generic = [
        entry(["", "msg", ""], path=f"lib/m{i % 40}.py", function=f"f{i}", line=i) for i in range(1200)
    ]
    target = entry(
        ["", "msg", ""], path="lib/core.py", function="validate", line=88, exc_type="NotImplementedError"
    )
    m = Matcher.from_entries([*generic, target])
    tb = (
        'Traceback (most recent call last):\n  File "/x/site-packages/lib/core.py", line 88, in validate\n'
        "    raise NotImplementedError(msg)\nNotImplementedError: "
    )
    assert top(m.explain(tb)).id == target.error_id


def test_fstring_debug_specifier_value_is_the_value_not_the_name() -> None:
    segs = ["MPMD map requires a `core_type`, but ", "scratch_type=", " is missing it."]
    entry = CatalogueEntry(
        key=1,
        error_id="a" * 16,
        repo="jax-ml/jax",
        version="0.10.2",
        snapshot_date=None,
        kind="error",
        exc_type="NotImplementedError",
        exc_qualname=None,
        template=render_template(segs),
        segments=segs,
        path="jax/_src/pallas/mpmd.py",
        line=842,
        function="_mpmd_map.<locals>.wrapper",
    )
    m = Matcher.from_entries([entry])
    res = m.explain(
        "NotImplementedError: MPMD map requires a `core_type`, but scratch_type=BlockType(8, 128) "
        "is missing it."
    )
    assert res.matches and not res.matches[0].approximate
    assert res.matches[0].values == {"scratch_type=": "BlockType(8, 128)"}
    # The name is literal evidence: another expression's value does not fit.
    other = m.explain("MPMD map requires a `core_type`, but other=BlockType() is missing it.").matches
    assert all(x.approximate for x in other)


def test_deepest_frame_beats_interpreter_wording_reused_by_a_library() -> None:
    segs = ["'", "type(self).__name__", "' object has no attribute '", "name", "'"]
    entry = CatalogueEntry(
        key=1,
        error_id="b" * 16,
        repo="acme/nn",
        version="2.0",
        snapshot_date=None,
        kind="error",
        exc_type="AttributeError",
        exc_qualname=None,
        template=render_template(segs),
        segments=segs,
        path="nn/module.py",
        line=1976,
        function="Module.__getattr__",
    )
    m = Matcher.from_entries([entry])
    bare = m.explain("AttributeError: 'Net' object has no attribute 'fc2'")
    assert bare.builtin is not None  # the interpreter says exactly this too: no confident claim
    assert all(x.approximate for x in bare.matches)
    tb = (
        "Traceback (most recent call last):\n"
        '  File "train.py", line 10, in <module>\n    model.fc2\n'
        '  File "/venv/lib/python3.11/site-packages/nn/module.py", line 1695, in __getattr__\n'
        "    raise AttributeError(f\"'{type(self).__name__}' object has no attribute '{name}'\")\n"
        "AttributeError: 'Net' object has no attribute 'fc2'"
    )
    res = m.explain(tb)
    assert res.verdict == "exact match"
    assert res.matches[0].function == "Module.__getattr__" and not res.matches[0].approximate


# --- second round: generalisation fixes ------------------------------------------------------------


def test_same_line_continuation_after_a_literal_ending_is_not_exact() -> None:
    # a C extension formats "...timestamp: <value>" where the Python raise site says only the words
    m = Matcher.from_entries([entry(["Out of bounds nanosecond timestamp"], exc_type="OutOfBoundsDatetime")])
    res = m.explain("OutOfBoundsDatetime: Out of bounds nanosecond timestamp: 1-01-01 00:00:00")
    assert top(res).approximate
    # text on the following lines (a YAML mark, a hint) or a closing quote keeps it exact
    assert not top(
        m.explain('OutOfBoundsDatetime: Out of bounds nanosecond timestamp\n  in "a.yml", line 3')
    ).approximate
    assert not top(m.explain('OutOfBoundsDatetime: "Out of bounds nanosecond timestamp."')).approximate
    # what an exception class's __str__ appends on the same line is no other message
    assert not top(
        m.explain("OutOfBoundsDatetime: Out of bounds nanosecond timestamp (see e/14)")
    ).approximate


def test_reworded_message_found_by_its_opening_words_and_first_sentence() -> None:
    # an older release said "... for parameter `x`"; the newer template added a second sentence
    common = [entry([f"An entry with this name does not appear in `data` number {i}."]) for i in range(30)]
    target = entry(["Could not interpret value `", "val", "` for `", "key", "`. An entry with this name does not "
                    "appear in `data`."], path="sns/_core/data.py", line=232)  # fmt: skip
    m = Matcher.from_entries([*common, target])
    res = m.explain("ValueError: Could not interpret value `Date` for parameter `x`")
    assert top(res).path == "sns/_core/data.py" and top(res).approximate


def test_traceback_through_a_library_breaks_ties_between_libraries() -> None:
    a = entry(["", "target", " has no attribute ", "name", ""], path="_pytest/monkeypatch.py", repo="o/pytest",
              exc_type="AttributeError")  # fmt: skip
    b = entry(["", "obj", " has no attribute ", "name", ""], path="jinja2/runtime.py", repo="o/jinja",
              exc_type="UndefinedError", function="fail")  # fmt: skip
    other = entry(["unrelated"], path="jinja2/environment.py", repo="o/jinja", function="render")
    m = Matcher.from_entries([a, b, other])
    tb = (
        "Traceback (most recent call last):\n"
        '  File "/srv/venv/lib/python3.11/site-packages/jinja2/environment.py", line 1301, in render\n'
        "    self.environment.handle_exception()\n"
        '  File "templates/index.html", line 12, in top-level template code\n'
        "    <h1>{{ page.title }}</h1>\n"
        "jinja2.exceptions.UndefinedError: 'dict object' has no attribute 'title'"
    )
    assert top(m.explain(tb)).path == "jinja2/runtime.py"


def _one_entry_matcher(segs: list[str], exc_type: str = "NotFittedError") -> Matcher:
    entry = CatalogueEntry(
        key=1,
        error_id="c" * 16,
        repo="acme/ml",
        version="1.0",
        snapshot_date=None,
        kind="error",
        exc_type=exc_type,
        exc_qualname=None,
        template=render_template(segs),
        segments=segs,
        path="ml/validation.py",
        line=10,
        function="check_is_fitted",
    )
    return Matcher.from_entries([entry])


FITTED = [
    "This ",
    "name",
    " instance is not fitted yet. Call 'fit' with appropriate arguments before using it.",
]


@pytest.mark.parametrize(
    "pasted",
    [
        # typographic quotes from an issue tracker
        "NotFittedError: This Ridge instance is not fitted yet. Call \u2018fit\u2019 with appropriate arguments "
        "before using it.",
        # quoted in a reply, twice
        "> > NotFittedError: This Ridge instance is not fitted yet.\n> > Call 'fit' with appropriate arguments "
        "before using it.",
        # copied from a rendered page
        "NotFittedError: This Ridge instance is not fitted yet. Call &#39;fit&#39; with appropriate arguments "
        "before using it.",
        # cut short by the user, with an ellipsis of either kind
        "NotFittedError: This Ridge instance is not fitted yet. Call 'fit' with appropriate \u2026",
        "NotFittedError: This Ridge instance is not fitted yet. Call 'fit' with appropriate ...",
    ],
)
def test_paste_artifacts_do_not_hide_an_exact_match(pasted: str) -> None:
    res = _one_entry_matcher(FITTED).explain(pasted)
    assert res.matches and not res.matches[0].approximate, res.verdict
    assert res.matches[0].values.get("name") == "Ridge"


def test_a_template_ending_in_an_ellipsis_still_matches_in_full() -> None:
    segs = ["Downloading ", "name", " from the model hub, please wait..."]
    res = _one_entry_matcher(segs, "UserWarning").explain(
        "UserWarning: Downloading bert-base from the model hub, please wait..."
    )
    assert res.matches and not res.matches[0].approximate
    assert res.matches[0].values == {"name": "bert-base"}


def test_pytest_source_marker_is_not_taken_for_quoting() -> None:
    from errdex.match import parse_query

    q = parse_query(
        ">       raise ValueError(f'bad {x}')\nE       ValueError: bad 3\n\nlib/core.py:12: ValueError"
    )
    assert q.message == "bad 3" and q.exc_type == "ValueError"


def test_mapping_item_echoed_in_the_repr_of_its_mapping_is_confirmed_text() -> None:
    # ``raise RefreshError("{}: {}".format(data["error"], data.get("error_description")), data)``
    # prints ``('invalid_grant: Bad Request', {'error': 'invalid_grant', ...})``: the items shown
    # again inside the mapping's repr are text the template explains, so the fit is exact and
    # outranks a template of two open reprs that fits any two-argument tuple
    own = entry(
        ["('", 'data["error"]', ": ", 'data.get("error_description")', "', ", "data!r", ")"],
        exc_type="RefreshError", function="handle",
    )  # fmt: skip
    other = entry(["(", "REFRESH_ERROR!r", ", ", "body!r", ")"], exc_type="RefreshError", function="other")
    m = Matcher.from_entries([own, other])
    msg = "('invalid_grant: Bad Request', {'error': 'invalid_grant', 'error_description': 'Bad Request'})"
    got = top(m.explain("RefreshError: " + msg))
    assert (got.function, got.approximate) == ("handle", False)
    # values that the mapping's repr does not hold are no such evidence
    msg = "('invalid_grant: Bad Request', {'code': 7})"
    assert not any(
        x.function == "handle" and not x.approximate for x in m.explain("RefreshError: " + msg).matches
    )


def test_echoed_counts_only_items_of_a_repr_mapping() -> None:
    names = ['data["error"]', "data!r"]
    lits = ("", ":", "")
    msg = compact("bad: {'error': 'bad'}")
    f = fit(lits, msg)
    assert f is not None and echoed(names, f, msg) == 3
    msg = compact("bad: {'error': 'other'}")
    f = fit(lits, msg)
    assert f is not None and echoed(names, f, msg) == 0
    f = fit(lits, compact("bad: {'error': 'bad'}"))
    assert f is not None and echoed(['data["error"]', "other!r"], f, compact("bad: {'error': 'bad'}")) == 0


def test_message_starting_in_the_other_case_is_tried_again_approximately() -> None:
    # an older release printed ``no such option: -d``; the indexed one ``No such option '-d'.``
    # (and a template that fits once the first letter's case is swapped is still only close)
    m = Matcher.from_entries([
        entry(["No such option '", "opt", "'."], exc_type="NoSuchOption", function="match_opt"),
        entry(["Invalid value for ", "name", ": must be positive"], function="check"),
    ])  # fmt: skip
    got = top(m.explain("no such option: -d"))
    assert (got.function, got.approximate) == ("match_opt", True)
    res = m.explain("invalid value for x: must be positive")
    assert (top(res).function, top(res).approximate) == ("check", True)
    assert res.verdict.startswith("approximate")
    # a message that matches as written is not tried again
    assert not top(m.explain("Invalid value for x: must be positive")).approximate


def test_an_os_error_s_quoted_filename_is_the_interpreter_s_message() -> None:
    # OSError's str() prints the filename's repr: a library raise copying the format
    # (``"[Errno 2] No such file or directory: '%s'" % name``) explains the text no better
    copy = entry(["[Errno 2] No such file or directory: '", "name", "'"], exc_type="FileNotFoundError")
    res = Matcher.from_entries([copy]).explain(
        "FileNotFoundError: [Errno 2] No such file or directory: 'a.lark'"
    )
    assert res.builtin is not None and res.matches and all(m.approximate for m in res.matches)


def test_a_logged_text_that_names_the_class_it_caught_is_the_logging_call() -> None:
    # ``logger.error(f"{type(exc).__name__}: could not reach ... {url}")`` in a CLI's main: the
    # record's text opens with the class's name, which the parser reads as a pasted class; the
    # text tried whole is the logging call's, not the ``raise err`` of that class that prints
    # any text at all
    logged = entry(["", "type(exc).__name__", ": could not reach the package mirror at ", "url", ""],
                   path="lib/cli.py", line=41, function="main", kind="log", exc_type="log.ERROR")  # fmt: skip
    reraised = entry(["", "err", ""], path="lib/net.py", line=88, function="fetch", exc_type="MirrorError")
    m = Matcher.from_entries([logged, reraised])
    for text in (
        "ERROR    MirrorError: could not reach the package mirror at https://x.example/simple",
        "ERROR:lib.cli:MirrorError: could not reach the package mirror at https://x.example/simple",
    ):
        best = top(m.explain(text))
        assert (best.path, best.line, best.approximate) == ("lib/cli.py", 41, False)
        assert "the logged text names the class it caught (MirrorError: ...)" in best.reasons
    # pasted as an exception (no log level), the raise of the class is a fair answer
    assert top(m.explain("MirrorError: could not reach the package mirror at https://x")).path == "lib/net.py"


def test_another_program_s_next_lines_after_the_message_are_cut_off() -> None:
    # setuptools-scm under ``pip install .`` (a real paste's shape): pip's own ``ERROR:`` line
    # follows the exception line and reads as the message's second line; the head that a
    # template fits exactly is the reading kept
    segs = ["setuptools-scm was unable to detect version for ", "root!r", "."]
    m = Matcher.from_entries([entry(segs, exc_type="LookupError", function="_version_missing")])
    res = m.explain(
        "LookupError: setuptools-scm was unable to detect version for '/tmp'.\n"
        "ERROR: Command errored out with exit status 1: python setup.py egg_info Check the logs"
    )
    got = top(res)
    assert (got.function, got.approximate) == ("_version_missing", False)
    assert got.values == {"root!r": "'/tmp'"}
    assert "first 1 of 2 lines" in res.verdict
    # a second line the template does hold is matched whole, not cut
    whole = Matcher.from_entries([entry(["bad value ", "v", "\nsee the docs"], function="g")])
    res = whole.explain("ValueError: bad value 3\nsee the docs")
    assert not top(res).approximate and "lines" not in res.verdict


def test_long_values_shaped_as_their_holes_print_do_not_dilute_a_fit_from_end_to_end() -> None:
    # a caught error's class name and text inside the template, the message from end to end:
    # the object's repr and the OS error make the literal text 16% of it, under the share an
    # anchored fit needs, yet every value is one line of the shape its placeholder prints
    segs = ["Connection error caused by: ", "self.errors[0].__class__.__name__", "(", "self.errors[0]", ")"]
    m = Matcher.from_entries([entry(segs, exc_type="ConnectionError", function="perform_request")])
    inner = (
        "<urllib3.connection.HTTPConnection object at 0x7fda4509fcd0>: "
        "Failed to establish a new connection: [Errno 111] Connection refused"
    )
    got = top(
        m.explain(
            f"elastic_transport.ConnectionError: Connection error caused by: NewConnectionError({inner})"
        )
    )
    assert (got.function, got.approximate) == ("perform_request", False)
    assert got.values["self.errors[0].__class__.__name__"] == "NewConnectionError"
    # a ``__name__`` hole holding words is not a class's name
    said = f"ConnectionError: Connection error caused by: a new connection error of the pool ({inner})"
    assert top(m.explain(said)).approximate
    # a value running over a line end is a hole swallowing the next lines
    assert top(
        m.explain(f"ConnectionError: Connection error caused by: NewConnectionError({inner}\nRetrying)")
    ).approximate
    # a ``!r`` hole holding a repr and text after it (a module's path) is not one repr
    imp = Matcher.from_entries(
        [entry(["cannot import name ", "name!r", " from ", "module!r", ""], exc_type="ImportError")]
    )
    path = "(/home/u/.venv/lib/python3.11/site-packages/scipy/linalg/__init__.py)"
    assert top(imp.explain(f"ImportError: cannot import name 'triu' from 'scipy.linalg' {path}")).approximate
    # a template opening with a hole holds any text before its own: it stays a wrapper's fit
    segs = [
        "",
        "self._error_message",
        "\n\nFor further information visit https://errors.example.dev/",
        "v",
        "/u/",
        "code",
        "",
    ]
    wrap = Matcher.from_entries([entry(segs, exc_type="ImportError", function="__getattr__")])
    moved = (
        "`BaseSettings` has been moved to the `pydantic-settings` package. See the migration guide for"
        " details, the settings section of the documentation and the changelog of the release that"
        " moved it, which lists every name that moved with it and where each one lives now."
    )
    text = (
        f"ImportError: {moved}\n\nFor further information visit https://errors.example.dev/2.6/u/import-error"
    )
    assert top(wrap.explain(text)).approximate


def test_lines_that_introduce_the_message_are_not_its_text() -> None:
    # a tool's own line announcing the error (flake8's "There was a critical error during
    # execution of Flake8:", a user's "this message was displayed:") and a shell prompt above
    # it: the message is the tail after them, fitted from its first character to the end
    segs = ["plugin code for `", "loaded.display_name", "` does not match ", "VALID_CODE_PREFIX.pattern", ""]
    m = Matcher.from_entries([entry(segs, exc_type="ExecutionError", function="_classify_plugins")])
    msg = "plugin code for `local[MCOD1]` does not match ^[A-Z]{1,3}[0-9]{0,3}$"
    for paste, lines in (
        (f"$ flake8 .\nThere was a critical error during execution of Flake8:\n{msg}", "last 1 of 2 lines"),
        (f"See the issue - this causes:\n\nThere was a critical error during execution:\n{msg}", "last 1 of"),
        # the tail wrapped by the terminal: whitespace is not compared
        (f"It fails with:\n    {msg[:45]}\n    {msg[45:]}", "last 2 of 3 lines"),
    ):
        res = m.explain(paste)
        got = top(res)
        assert (got.function, got.approximate) == ("_classify_plugins", False), paste
        assert got.values["loaded.display_name"] == "local[MCOD1]"
        assert lines in res.verdict
    # a line before that does not introduce anything may be the message's own first line:
    # the paste is not the template's text, and the fit stays approximate
    lost = Matcher.from_entries([entry(["Connection to remote host was lost."], function="recv")])
    assert top(lost.explain("The Session has been Closed!\nConnection to remote host was lost.")).approximate
    # introduced by a line ending in a colon, the same line is the message whole
    assert not top(lost.explain("It then says:\nConnection to remote host was lost.")).approximate
    # the tail is read as a paste of its own: a ``Class: text`` line there is that class's
    # error, and a template raised as another class printing any name is not exact over it
    attr = entry(
        ["", "type(self).__name__", " object has no attribute ", "attr!r", ""], function="__getattr__"
    )
    code = "for elem in self.tree.iter() if has_iter else self.tree.getiterator():"
    paste = f"{code}\nAttributeError: 'ElementTree' object has no attribute 'getiterator'"
    assert top(Matcher.from_entries([attr]).explain(paste)).approximate


def test_an_applications_words_before_a_multi_line_messages_first_line_are_not_its_text() -> None:
    # ``f"{what} failed: {e}"`` logged over a marked YAML-like error of several lines (issues45
    # pyyaml-002): read from after the head's ``: ``, the error's template fits exactly
    segs = ["while reading a key\n  in ", "mark", "\nexpected a colon\n  in ", "mark2", ""]
    m = Matcher.from_entries([entry(segs, exc_type="ReadError", function="read_key")])
    msg = 'while reading a key\n  in "a.cfg", line 2, column 1\nexpected a colon\n  in "a.cfg", line 3, column 1'
    assert not top(m.explain(msg)).approximate
    res = m.explain(f"ERROR: Loader Init failed: {msg}")
    got = top(res)
    assert (got.function, got.approximate) == ("read_key", False)
    assert "application's words" in res.verdict
    # a quoted or bracketed head is not an application's words: the reading is not tried
    assert top(m.explain(f"Loader 'main' failed: {msg}")).approximate
    # a template that is the head's own text is not read otherwise: words before a single line
    # are the template fit's to tolerate, no reading drops them
    one = Matcher.from_entries([entry(["expected a colon"], exc_type="ReadError", function="colon")])
    assert "application's words" not in one.explain("Loader failed: expected a colon").verdict
