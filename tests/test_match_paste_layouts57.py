"""Paste layouts read from GitHub issue threads (the issues57 set): pytest's warnings summary
copied from a terminal that padded each line with blanks, an error box printing the
exception's text above a bare ``Traceback:`` line (Streamlit's) copied without the class,
pytest's log record head (``logger:file.py:NNN message``) with or without its level column, a
code span under a lead-in line with the reporter's prose going on below it, and Sphinx's record
of a reST problem (``docs/x.rst:78: ERROR: text [docutils]``). On a small index built here; each
rule's test failed before the rule, the guards (what must stay as it was) pass both ways."""

from __future__ import annotations

from errdex.match import Matcher
from errdex.match.parse import parse
from errdex.model import CatalogueEntry


def _first(entries: list[CatalogueEntry], text: str) -> tuple[str | None, bool]:
    """The first answer's id and whether it is approximate (None when nothing answers)."""
    res = Matcher.from_entries(entries).explain(text)
    return (res.matches[0].id, res.matches[0].approximate) if res.matches else (None, True)


def _entry(
    key: int, kind: str, exc: str, template: str, segments: list[str], path: str, line: int, function: str
) -> CatalogueEntry:
    return CatalogueEntry(
        key=key, error_id=f"e{key}", repo="o/pkg", version="1.0", snapshot_date=None, kind=kind,  # type: ignore[arg-type]
        exc_type=exc, exc_qualname=None, template=template, segments=segments, path=path, line=line,
        function=function,
    )  # fmt: skip


_OPTION_PARSER = _entry(
    1,
    "warning",
    "DeprecationWarning",
    "The frontend.OptionParser class will be replaced by a subclass of argparse.ArgumentParser.",
    ["The frontend.OptionParser class will be replaced by a subclass of argparse.ArgumentParser."],
    "docpkg/frontend.py",
    901,
    "OptionParser.__init__",
)
_OPTION = _entry(
    2,
    "warning",
    "DeprecationWarning",
    "The frontend.Option class will be removed.",
    ["The frontend.Option class will be removed."],
    "docpkg/frontend.py",
    613,
    "Option.__init__",
)
_PAD = " " * 40  # what a terminal copied at its screen's width adds to each line

_PADDED_SUMMARY = "\n".join(
    [
        "The current release shows these warnings:",
        "```",
        "lib/app/tests/test_docs.py:21" + _PAD,
        "  /src/app/lib/app/tests/test_docs.py:21: DeprecationWarning: The frontend.OptionParser class"
        " will be replaced by a subclass of argparse.ArgumentParser." + _PAD,
        "    settings = docpkg.frontend.OptionParser(components=c).get_default_values()" + _PAD,
        _PAD,
        "../../../usr/lib/python3.11/optparse.py:1000" + _PAD,
        "  /usr/lib/python3.11/optparse.py:1000: DeprecationWarning: The frontend.Option class will be removed.",
        "    option = self.option_class(*args, **kwargs)" + _PAD,
        "```",
    ]
)


def test_a_warnings_summary_with_padded_lines_reads_as_its_warnings() -> None:
    q = parse(_PADDED_SUMMARY)
    assert [b.message.strip() for b in q.blocks] == [
        "The frontend.OptionParser class will be replaced by a subclass of argparse.ArgumentParser.",
        "The frontend.Option class will be removed.",
    ]
    assert _first([_OPTION_PARSER, _OPTION], _PADDED_SUMMARY)[0] in ("e1", "e2")


_STATUS = _entry(
    3,
    "error",
    "<unknown>",
    "Error code: {response.status_code} - {body}",
    ["Error code: ", "response.status_code", " - ", "body", ""],
    "apisdk/_base_client.py",
    1441,
    "SyncAPIClient._request",
)
_POST = _entry(
    4,
    "error",
    "ValueError",
    "post needs a path, not {path!r}",
    ["post needs a path, not ", "path!r", ""],
    "apisdk/_base_client.py",
    1792,
    "SyncAPIClient.post",
)
_BOX = "\n".join(
    [
        "Error code: 401 - invalid x-api-key",
        "",
        "Traceback:",
        "",
        'File "/home/app/loop.py", line 133, in sampling_loop',
        "    raw = client.messages.create(",
        "",
        '  File "/home/env/lib/python3.11/site-packages/apisdk/_base_client.py", line 1277, in post',
        "    return cast(ResponseT, self.request(cast_to, opts))",
    ]
)


def test_an_error_box_s_text_above_its_traceback_header_is_the_error() -> None:
    q = parse(_BOX)
    assert q.message == "Error code: 401 - invalid x-api-key"
    assert q.frames and q.frames[-1].function == "post"
    assert _first([_STATUS, _POST], _BOX)[0] == "e3"


def test_prose_above_an_ordinary_traceback_stays_the_reporter_s() -> None:
    # Python's own header, no box: the traceback's error is not the sentence above it
    text = _BOX.replace("Error code: 401 - invalid x-api-key", "It fails with:").replace(
        "Traceback:", "Traceback (most recent call last):"
    )
    assert parse(text).message != "It fails with:"


_ENDED = _entry(
    5,
    "log",
    "log.WARNING",
    "Tried calling {func.__name__} on an ended span.",
    ["Tried calling ", "func.__name__", " on an ended span."],
    "tracesdk/trace/__init__.py",
    387,
    "_check_span_ended.<locals>.wrapper",
)
_END = _entry(
    6,
    "log",
    "log.WARNING",
    "Calling end() on an ended span.",
    ["Calling end() on an ended span."],
    "tracesdk/trace/__init__.py",
    961,
    "Span.end",
)


def test_pytest_s_log_record_head_is_no_part_of_the_message() -> None:
    for line in (
        "WARNING  tracesdk.trace:__init__.py:357 Tried calling set_status on an ended span.",
        "tracesdk.trace:__init__.py:357 Tried calling set_status on an ended span.",
    ):
        assert parse(line).message == "Tried calling set_status on an ended span.", line
    record = "WARNING  tracesdk.trace:__init__.py:357 Tried calling set_status on an ended span."
    assert _first([_ENDED, _END], record) == ("e5", False)


_SPAN_UNDER_LEAD_IN = """**What is the actual behavior?**
Multiple warning logs:
`tracesdk.trace:__init__.py:287 Tried calling set_status on an ended span.`

**Additional context**
It happens because we call `set_status` after ending a span"""


def test_a_code_span_under_a_lead_in_is_the_error_though_prose_follows() -> None:
    assert parse(_SPAN_UNDER_LEAD_IN).message == "Tried calling set_status on an ended span."
    assert _first([_ENDED, _END], _SPAN_UNDER_LEAD_IN)[0] == "e5"


def test_two_spans_under_lead_ins_are_two_errors_and_none_is_taken() -> None:
    text = "First run:\n`Tried calling set_status on an ended span.`\n\nSecond run:\n"
    text += "`Calling end() on an ended span.`\n\nAny idea?"
    assert parse(text).message.startswith("First run:")


_CONTENT = _entry(
    7,
    "error",
    "DirectiveError",
    'Content block expected for the "{self.name}" directive; none found.',
    ['Content block expected for the "', "self.name", '" directive; none found.'],
    "docpkg/parsers/rst/__init__.py",
    376,
    "Directive.assert_has_content",
)
_INDENT = _entry(
    8,
    "log",
    "log.ERROR",
    "Unexpected indentation.",
    ["Unexpected indentation."],
    "docpkg/parsers/rst/states.py",
    2932,
    "Text.text",
)
_UNINDENT = _entry(
    9,
    "warning",
    "UserWarning",
    "{node_name} ends without a blank line; unexpected unindent.",
    ["", "node_name", " ends without a blank line; unexpected unindent."],
    "docpkg/parsers/rst/states.py",
    543,
    "RSTState.unindent_warning",
)


def test_a_sphinx_record_reads_as_its_level_and_text() -> None:
    # ``{location}: {LEVEL}: {text}``, the warning's type tag after it (Sphinx 7.3 on)
    record = '../docs/get_started.rst:78: ERROR: Content block expected for the "note" directive; none found. [docutils]'
    q = parse(record)
    assert (q.kind, q.level) == ("log", "ERROR")
    assert q.message == 'Content block expected for the "note" directive; none found.'
    assert _first([_CONTENT], "The change fixes the following error:\n" + record) == ("e7", False)


def test_the_error_record_of_two_sphinx_records_under_a_heading_is_the_error() -> None:
    # (a guard) records under the reporter's words: the first at ERROR is the error, up to the
    # next record, as for other log records
    text = (
        "Sphinx is throwing errors on the docs.\n\n## Error\n"
        "/src/pkg/mod.py:docstring of pkg.mod.Module.fit:5: ERROR: Unexpected indentation.\n"
        "/src/pkg/mod.py:docstring of pkg.mod.Module.fit:6: WARNING: Block quote ends without a blank line;"
        " unexpected unindent."
    )
    assert _first([_INDENT, _UNINDENT], text) == ("e8", False)


def test_a_sentence_with_a_level_word_is_no_sphinx_record() -> None:
    # the location must end like a source file's: prose quoting a level stays prose
    assert parse("It says: ERROR: Unexpected indentation.").kind != "log"
