"""Exceptions built in one place and raised in another (issue #10).

A validator's keyword functions ``yield ValidationError(...)``; the library's entry point picks
one from another package's generator (``error = best_match(validator.iter_errors(x))``) and
``raise error``. No generator of the codebase is named where the raised name is bound, so the
link by name finds nothing; what the codebase builds and yields for someone else to raise is
what that call hands back. The raise carries those texts and, the yields being of one class,
its own open record (``{error}``) is of that class. A value whose class an ``isinstance`` test
names (``if isinstance(response, ResponseError): raise response``) is of that class. A caught
exception, a parameter, or a codebase yielding nothing gains nothing."""

from __future__ import annotations

from errdex.extract import cache_entry, extract, extract_file
from errdex.extract.cache import decode
from errdex.model import ErrorRecord, SourceFile

KEYWORDS = """\
from jsonschema.exceptions import ValidationError


def nullable(validator, value, instance, schema):
    if instance is None and not value:
        yield ValidationError("None for not nullable")


def read_only(validator, ro, instance, schema):
    if ro:
        yield ValidationError(f"Tried to write read-only property with {instance}")
"""

SHORTCUTS = """\
from jsonschema.exceptions import best_match


def validate(instance, schema, cls):
    validator = cls(schema)
    error = best_match(validator.iter_errors(instance))
    if error is not None:
        raise error


def reraise(instance, handler):
    try:
        handler(instance)
    except KeyError as error:
        raise error


def given(error):
    raise error
"""

CONNECTION = """\
import queue

from redis.exceptions import ResponseError


class Connection:
    def read_response(self):
        response = self.responses.get()
        if isinstance(response, ResponseError):
            raise response
        return response

    def other(self):
        response = self.responses.get()
        if isinstance(response, ERROR_TYPES):
            raise response
        return response
"""


def _records(*files: tuple[str, str]) -> list[ErrorRecord]:
    sources = [SourceFile(path, text.encode()) for path, text in files]
    return extract(sources, "local/pkg", jobs=1).records


def _line(source: str, text: str) -> int:
    return next(i for i, row in enumerate(source.split("\n"), 1) if text in row)


def _validator() -> list[ErrorRecord]:
    return _records(("pkg/_keywords.py", KEYWORDS), ("pkg/shortcuts.py", SHORTCUTS))


def test_a_raise_of_a_picked_error_carries_the_codebases_yielded_texts() -> None:
    at = _line(SHORTCUTS, "raise error")
    got = {(r.exc_type, r.template) for r in _validator() if r.path == "pkg/shortcuts.py" and r.line == at}
    assert ("ValidationError", "None for not nullable") in got
    assert ("ValidationError", "Tried to write read-only property with {instance}") in got


def test_the_raises_open_record_is_of_the_yielded_class() -> None:
    at = _line(SHORTCUTS, "raise error")
    got = {(r.exc_type, r.template) for r in _validator() if r.path == "pkg/shortcuts.py" and r.line == at}
    assert ("ValidationError", "{error}") in got
    assert not any(exc == "<unknown>" for exc, _ in got)


def test_a_caught_or_given_error_gains_no_yielded_text() -> None:
    records = _validator()
    caught = _line(SHORTCUTS, "except KeyError as error") + 1
    given = _line(SHORTCUTS, "def given") + 1
    for at in (caught, given):
        got = {r.template for r in records if r.path == "pkg/shortcuts.py" and r.line == at}
        assert got == {"{error}"}, (at, got)


def test_a_codebase_yielding_nothing_gives_a_picked_error_nothing() -> None:
    at = _line(SHORTCUTS, "raise error")
    got = {(r.exc_type, r.template) for r in _records(("pkg/shortcuts.py", SHORTCUTS)) if r.line == at}
    assert got == {("<unknown>", "{error}")}


def test_an_isinstance_test_names_the_class_of_a_queued_response() -> None:
    records = _records(("pkg/connection.py", CONNECTION))
    at = _line(CONNECTION, "raise response")
    assert {(r.exc_type, r.template) for r in records if r.line == at} == {("ResponseError", "{response}")}
    other = _line(CONNECTION, "ERROR_TYPES") + 1  # a tuple held in a constant names no class
    assert {(r.exc_type, r.template) for r in records if r.line == other} == {("<unknown>", "{response}")}


def test_a_yield_whose_texts_a_raise_carries_is_no_site_of_its_own() -> None:
    # no traceback ends on a yield: the raise carrying its text is the one answer
    assert not [r for r in _validator() if r.path == "pkg/_keywords.py"]
    # a yield no raise of the codebase carries (another package's raise) keeps its record
    alone = {(r.exc_type, r.template) for r in _records(("pkg/_keywords.py", KEYWORDS))}
    assert ("ValidationError", "None for not nullable") in alone


def test_an_isinstance_test_of_the_root_class_names_none() -> None:
    source = "def run(job):\n    result = job.wait()\n    if isinstance(result, Exception):\n        raise result\n"
    records = _records(("pkg/jobs.py", source))
    assert {(r.exc_type, r.template) for r in records if r.line == 4} == {("<unknown>", "{result}")}


PICK = """\
def pick(errors):
    return errors[0]
"""

PICKED = """\
from pkg.util import pick


def run(x):
    error = pick(x)
    raise error
"""


def test_a_picked_error_resolves_alike_whether_the_picker_was_parsed_now_or_taken_from_the_cache() -> None:
    """``pick`` is the codebase's own function, so the raise gains none of the yielded texts
    (``calls_outside``). A file taken from the catalogue's cache comes without its code facts
    (``cache_entry``): the function names the resolution reads of it must come with the entry,
    or an added release (``pkg/api.py`` changed, ``pkg/util.py`` not) resolves the raise as if
    ``pick`` were another package's, and its records differ from the same release indexed
    alone (the yield's own record was dropped too, as carried by that raise)."""
    files = [
        SourceFile("pkg/_keywords.py", KEYWORDS.encode()),
        SourceFile("pkg/util.py", PICK.encode()),
        SourceFile("pkg/api.py", PICKED.encode()),
    ]
    fresh = extract(files, "local/pkg", jobs=1).records
    known = {}
    for f in files[:2]:
        facts = decode(cache_entry(extract_file(f.path, f.data)))
        assert facts is not None and facts.code is None and facts.func_names  # as the cache gives it
        known[f.path] = facts
    cached = extract(files, "local/pkg", jobs=1, known=known).records
    at = _line(PICKED, "raise error")
    assert {(r.exc_type, r.template) for r in fresh if r.path == "pkg/api.py" and r.line == at} == {
        ("<unknown>", "{error}")
    }
    assert [(r.path, r.line, r.exc_type, r.template) for r in cached] == [
        (r.path, r.line, r.exc_type, r.template) for r in fresh
    ]
