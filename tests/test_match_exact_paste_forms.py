"""Paste forms that found the right site but lost its exactness (issues55): the reporter's
words around the error hid where its text ends. Each form is read back to the error's text
alone, so the answer is exact (the judge shows an approximate answer as a guess): a prose
paragraph after a message that names no class, a quoted ``"Class: text"`` whose sentence runs
on, a message in a code span a sentence calls the error (``the error says `...```), an
exception's repr in a code span mid-sentence, pytest's frames pasted under a warning's report,
and a template's first sentence copied from a rendered page (its backticks gone)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import lone_exception_line, parse
from errdex.match.result import Result

LIB = """\
import warnings


class DuplicateKeyError(Exception):
    pass


def apply_stylesheet(wb):
    warnings.warn("Workbook contains no default style, apply the library's default")


def init_fields(fields):
    raise ValueError(
        "The data_key argument for one or more fields collides with another field's name or data_key argument."
    )


def show(renderer):
    raise ValueError("Mime type rendering requires a notebook format package but it is not installed")


class Url:
    def __init__(self, url):
        if len(url) > 2079:
            raise ValueError("URL exceeds the spreadsheet's maximum length.")


def __getattr__(name):
    if name == "__version__":
        warnings.warn(
            "Accessing lib.__version__ is deprecated and will be removed in a future release.",
            DeprecationWarning,
            stacklevel=2,
        )
        return "1.0"
    raise AttributeError(name)


def register(key):
    raise DuplicateKeyError(
        f"There are multiple elements with the same `key='{key}'`. To fix this, please make sure "
        "that the `key` argument is unique for each element you create."
    )
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("forms"), {"__init__.py": LIB}) as m:
        yield m


def exact_site(matcher: Matcher, text: str) -> tuple[Result, str]:
    """The answer to ``text`` and the function of its first match, which must be exact."""
    res = matcher.explain(text)
    top = first(res)
    assert not top.approximate, (top.function, top.reasons)
    return res, top.function


def test_a_prose_paragraph_after_a_classless_message_leaves_it_exact(matcher: Matcher) -> None:
    # an issue's title, then the reporter's question (marshmallow #2200's shape)
    res, function = exact_site(
        matcher,
        "The data_key argument for one or more fields collides with another field's name or data_key argument.\n\n"
        "I would like to know more about this error. Is it not possible to have the same data_key for two "
        "different fields? The docs say nothing about it, and the schema worked with the older release.",
    )
    assert function == "init_fields"
    assert "first paragraph" in res.verdict


def test_the_paragraph_under_an_issue_templates_heading_is_the_first(matcher: Matcher) -> None:
    # an issue template's sections (pydub #666's shape): the heading over the error's text is
    # the template's, and the next section the reporter's answers to it; the text is the
    # message's first part (its first line), so only the paragraph read alone is exact
    res, function = exact_site(
        matcher,
        "### Actual behavior\n\n"
        "Mime type rendering requires a notebook format package\n\n"
        "### Your System configuration\n- Python version: 3.9.13\n- Library version: 0.25.1",
    )
    assert function == "show"
    assert "first paragraph" in res.verdict


def test_a_quoted_message_in_a_sentence_then_a_paragraph_is_exact(matcher: Matcher) -> None:
    _res, function = exact_site(
        matcher,
        'The library issues the "Workbook contains no default style, apply the library\'s default", but '
        "does not offer a way to set one.\n\nFollow the linked solution and ignore it.",
    )
    assert function == "apply_stylesheet"


def test_a_first_paragraph_of_prose_alone_is_not_made_exact(matcher: Matcher) -> None:
    # the first paragraph holds no text of the library: the reading finds nothing exact, so
    # the whole paste's reading stands
    res = matcher.explain(
        "I upgraded today and something broke in my schema definitions.\n\n"
        "The data_key argument for one or more fields collides with another field name."
    )
    assert not res.matches or res.matches[0].approximate


def test_a_quoted_class_line_whose_sentence_runs_on_is_the_error(matcher: Matcher) -> None:
    _res, function = exact_site(
        matcher,
        "after saving the file and running the script the following warning is returned.\n"
        '"UserWarning: Workbook contains no default style, apply the library\'s default" if the warning '
        "is ignored then the reader reports 2 header records when there are 7 header records in the sheet.",
    )
    assert function == "apply_stylesheet"


def test_lone_exception_line_takes_a_quoted_class_line_only_when_prose_follows_its_quote() -> None:
    lines = ["the warning is returned.", '"UserWarning: no default style" if it is ignored then it fails.']
    assert lone_exception_line(lines) == (1, lines[1])
    # a word in quotes that is no exception's name, or a line that ends at its quote
    assert lone_exception_line(["see below.", '"Note: no default style" if it is ignored.']) is None
    assert lone_exception_line(["see below.", '"UserWarning: no default style"']) is None


def test_a_code_span_the_sentence_calls_the_error_is_the_message(matcher: Matcher) -> None:
    text = (
        "Please note that `nbformat.__version__` is `5.8.0` and the error says "
        "`Mime type rendering requires a notebook format package but it is not installed`."
    )
    assert (
        parse(text).message
        == "Mime type rendering requires a notebook format package but it is not installed"
    )
    assert exact_site(matcher, text)[1] == "show"


def test_a_code_span_a_sentence_does_not_call_the_error_stays_prose() -> None:
    text = "Please note that `nbformat.__version__` is `5.8.0` and the docs show `pip install nbformat`."
    assert parse(text).message == text


def test_an_exception_repr_in_a_code_span_mid_sentence_is_the_error(matcher: Matcher) -> None:
    text = (
        "Hello, since the last release I'm getting the `ValueError(\"URL exceeds the spreadsheet's maximum "
        'length.")` for long URLs. Before I did not notice a similar error.'
    )
    q = parse(text)
    assert (q.exc_type, q.message) == ("ValueError", "URL exceeds the spreadsheet's maximum length.")
    assert exact_site(matcher, text)[1] == "Url.__init__"


def test_a_call_in_a_code_span_or_two_reprs_are_not_read_as_the_error() -> None:
    call = 'I call `make_url("https://example.com")` for long URLs and it fails.'
    assert parse(call).exc_type is None and parse(call).message == call
    two = "I get `ValueError(\"a is wrong\")` and then `KeyError('b')` when I retry."
    assert parse(two).exc_type is None
    # an error line whose own text quotes a repr in backticks keeps its text
    own = "Failed: Raised exception group did not match: `ValueError()` is not an exception group"
    assert parse(own).message.endswith("`ValueError()` is not an exception group")


PYTEST_WARNING = """\
## Message

```
{env}/site-packages/lib/__init__.py:43
{env}/site-packages/lib/__init__.py:43: DeprecationWarning: Accessing lib.__version__ is deprecated and will be removed in a future release.
    warnings.warn(
```

## Traceback
```
{env}/site-packages/app/__init__.py:6: in <module>
    from .engine import Engine
{env}/site-packages/app/engine.py:16: in <module>
    if Version(lib.__version__) >= Version("3.0.0"):
```
"""


def test_pytest_frames_pasted_under_a_warning_are_not_its_text(matcher: Matcher) -> None:
    q = parse(PYTEST_WARNING)
    assert q.exc_type == "DeprecationWarning"
    assert q.message == "Accessing lib.__version__ is deprecated and will be removed in a future release."
    assert exact_site(matcher, PYTEST_WARNING)[1] == "__getattr__"


def test_a_template_s_first_sentence_without_its_backticks_is_exact(matcher: Matcher) -> None:
    # an issue's title copying the rendered text: the code span's backticks gone, the
    # template's second sentence left off
    text = "DuplicateKeyError: There are multiple elements with the same key='first_tree'."
    assert exact_site(matcher, text)[1] == "register"
    # a few words of it, cut well short, stay a guess
    short = matcher.explain("DuplicateKeyError: There are multiple elements")
    assert not short.matches or short.matches[0].approximate
