"""A message pasted alone whose class is module-qualified into a package the catalogue does not
hold (``yaml.scanner.ScannerError: mapping values are not allowed here``) is not the raise of a
class an indexed package defines, however alike the words: Python prints a class with the
module that defines it. A library that copied another package's messages (a YAML library
keeping PyYAML's, a driver fork keeping the original driver's) then answers approximately,
never exactly. The library's own qualified or bare class, the class under the package's older
name or home, and a raise of another package's class the library imports keep their exact
answer; so does a class a Markdown code span or a label's colon opens. On a real catalogue
indexed from fixture code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.match.matcher import embedded_error

# a library carrying a YAML package of its own (``yamlkit.yaml``) whose scanner raises its own
# class with the words PyYAML's scanner prints
SCANNER = """\
class ScannerError(Exception):
    pass


def fetch_value(allowed):
    if not allowed:
        raise ScannerError("mapping values are not allowed here")
"""

# the same library raising a class of a package it does not ship
LOADER = """\
from otherpkg.errors import LoadFailure


def load_document(stream):
    if stream is None:
        raise LoadFailure("the stream closed before the first document")
"""

# a raise of another package's class the library imports, with no message of its own (Flask's
# ``raise BadRequest()`` of werkzeug's class, which prints its default description) ...
HTTP = """\
from otherpkg.exceptions import BadRequest


def _reject_body(body):
    if body is None:
        raise BadRequest()
"""

# ... and the library's own namesake class, raised bare too (Django's ``BadRequest``)
ADMIN = """\
class BadRequest(Exception):
    pass


def change_view(request):
    if request is None:
        raise BadRequest
    return change_view(request)


def add_view(request):
    return change_view(request)
"""

WORDS = "mapping values are not allowed here"


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    # indexed above the package: its paths (and top-level name) are yamlkit/...
    files = {
        "yamlkit/__init__.py": "",
        "yamlkit/yaml/__init__.py": "",
        "yamlkit/yaml/scanner.py": SCANNER,
        "yamlkit/loader.py": LOADER,
        "yamlkit/http.py": HTTP,
        "yamlkit/admin.py": ADMIN,
    }
    with package_matcher(tmp_path_factory.mktemp("namesake"), files) as m:
        yield m


def test_another_packages_class_with_the_same_words_is_only_approximate(matcher: Matcher) -> None:
    res = matcher.explain(f"yaml.scanner.ScannerError: {WORDS}")
    assert res.matches and res.matches[0].function == "fetch_value"
    assert all(m.approximate for m in res.matches), [(m.function, m.approximate) for m in res.matches]
    assert any("does not hold" in r for r in res.matches[0].reasons), res.matches[0].reasons


@pytest.mark.parametrize(
    "cls",
    [
        "ScannerError",
        "yamlkit.yaml.scanner.ScannerError",
        "oldkit.yaml.scanner.ScannerError",  # the package's older name: the same modules
        "bigpkg.vendored.yamlkit.yaml.scanner.ScannerError",  # a copy another package vendors
    ],
)
def test_the_librarys_own_class_keeps_its_exact_raise(matcher: Matcher, cls: str) -> None:
    res = matcher.explain(f"{cls}: {WORDS}")
    assert res.matches and not res.matches[0].approximate, res.verdict
    assert res.matches[0].function == "fetch_value"


def test_a_raise_of_an_imported_class_of_another_package_stays_exact(matcher: Matcher) -> None:
    res = matcher.explain("otherpkg.errors.LoadFailure: the stream closed before the first document")
    assert res.matches and not res.matches[0].approximate, res.verdict
    assert res.matches[0].function == "load_document"


@pytest.mark.parametrize(
    ("paste", "rest"),
    [
        # the closing backtick on a line of its own leaves the span unread: the class is found
        # inside the text, after its opening backtick
        (f"`yamlkit.yaml.scanner.ScannerError: {WORDS}\n`", f"{WORDS}\n`"),
        (f"Error:yamlkit.yaml.scanner.ScannerError: {WORDS}", WORDS),  # a label glued to it
    ],
)
def test_a_class_after_a_backtick_or_a_labels_colon_is_the_librarys_own(
    matcher: Matcher, paste: str, rest: str
) -> None:
    assert embedded_error(paste, matcher.index) == ("yamlkit.yaml.scanner.ScannerError", rest)
    res = matcher.explain(paste)
    assert res.matches and not res.matches[0].approximate, res.verdict


def test_a_namesake_of_the_printed_class_is_no_agreement_of_class(matcher: Matcher) -> None:
    # ``werkzeug.exceptions.BadRequest: 400 Bad Request: ...`` (runtime4's flask-rt-005) is the
    # raise of werkzeug's class Flask imports, not Django's own ``BadRequest``: Python printed
    # the class with werkzeug's module, so the namesake's class does not agree with it (its
    # raise stays an answer, after the raise of the class printed)
    res = matcher.explain(
        "otherpkg.exceptions.BadRequest: 400 Bad Request: The browser (or proxy) sent a request that"
        " this server could not understand."
    )
    got = [(m.function, m.score) for m in res.matches]
    assert res.matches and res.matches[0].function == "_reject_body", got
    namesake = next(m for m in res.matches if m.function == "change_view")
    assert namesake.score < res.matches[0].score
    assert not any(r.startswith("exception type agrees") for r in namesake.reasons), namesake.reasons
    assert any("does not hold" in r for r in namesake.reasons), namesake.reasons


@pytest.mark.parametrize("cls", ["ruamel.yaml.scanner.ScannerError", "strictyml.yaml.scanner.ScannerError"])
def test_a_fork_under_a_name_of_its_own_prints_another_packages_class(matcher: Matcher, cls: str) -> None:
    # the same modules under an unrelated top-level name are a fork's or a copy's (opensearch-py
    # keeps elasticsearch-py's ``exceptions.RequestError``), not the library under an older name:
    # the words fit, the class does not, so the raise stays an answer, approximate
    res = matcher.explain(f"{cls}: {WORDS}")
    assert res.matches and res.matches[0].function == "fetch_value"
    assert all(m.approximate for m in res.matches), [(m.function, m.approximate) for m in res.matches]
