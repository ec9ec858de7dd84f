"""A paste with no frame that says where its error came from by other means than a template:
the class named with its module, or the ``raise`` statement printed above the error line."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

SVC = """\
class ResponseError(Exception):
    def __init__(self, error, status_code=-1):
        super().__init__(error)
        self.error = error
        self.status_code = status_code

    def __str__(self):
        return f"{self.error} (status code: {self.status_code})"


class SyntaxProblem(Exception):
    def __init__(self, doc, lines, argstr, i, why):
        super().__init__(doc)
        self.lines, self.why, self.near = lines, why, argstr[i : i + 20]

    def __str__(self):
        return f"at line {self.lines}: Bad syntax ({self.why}) near {self.near!r}"


class Client:
    def request(self, response):
        if response.status >= 400:
            raise ResponseError(response.text, response.status)
        return response.json()

    def stream(self, response):
        for part in response.lines():
            if part.get("error"):
                raise ResponseError(part["error"])
            yield part


class Parser:
    doc = "<stdin>"
    lines = 0

    def fail(self, argstr, i, why):
        raise SyntaxProblem(self.doc, self.lines, argstr, i, why)

    def directive(self, argstr, i):
        if argstr.startswith("bind"):
            self.fail(argstr, i, "keyword bind is obsolete: use @prefix")
        if not argstr:
            self.fail(argstr, i, "expected directive or statement")
        return i
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    # the package's own folder under the one indexed: its paths are ``svc/core.py``
    with package_matcher(tmp_path_factory.mktemp("svc"), {"svc/core.py": SVC}) as m:
        yield m


def test_a_message_alone_naming_the_class_with_its_module_answers_with_its_raises(matcher: Matcher) -> None:
    # another release's ``__str__`` printed the server's text alone (no ``(status code: N)``
    # yet): no template of the class fits it, but the paste names the class and its package
    res = matcher.explain("svc.core.ResponseError: model 'llama2' not found, try pulling it first")
    top = first(res)
    assert top.function in ("Client.request", "Client.stream") and top.approximate
    assert all(m.exc_type == "ResponseError" for m in res.matches)
    assert any("names this class with its module" in r for r in top.reasons)
    # the class's name alone is a common word: it stands for no one library's raises
    assert not matcher.explain("ResponseError: model 'llama2' not found, try pulling it first").matches


def test_a_raise_line_run_together_with_a_class_and_no_message_keeps_both() -> None:
    # an issue title: the raise's source line, then the exception line with nothing after its
    # colon; the class is one a module path qualifies, not one of the usual suffixes
    q = parse("raise SyntaxProblem(self.doc, self.lines, argstr, i, why) svc.core.SyntaxProblem:")
    assert (q.exc_types, q.message) == (["svc.core.SyntaxProblem"], "")
    assert q.text.split("\n") == [
        "raise SyntaxProblem(self.doc, self.lines, argstr, i, why)",
        "svc.core.SyntaxProblem:",
    ]
    # a qualified name inside the statement's own text is no class: the line stays as it is
    q = parse('raise ValueError("see mod.Option: the docs")')
    assert q.text == 'raise ValueError("see mod.Option: the docs")'


def test_the_raise_statement_printed_above_the_error_line_names_the_site(matcher: Matcher) -> None:
    # no frame, no message: the statement the paste prints is the helper's own raise, which the
    # class's other sites (the calls handing it a text) are not
    res = matcher.explain("raise SyntaxProblem(self.doc, self.lines, argstr, i, why) svc.core.SyntaxProblem:")
    top = first(res)
    assert top.function == "Parser.fail" and top.approximate
    assert any("prints this statement above its error line" in r for r in top.reasons)
    # printed on its own line above the error line (a log keeping a traceback's last two lines)
    res = matcher.explain(
        "    raise ResponseError(response.text, response.status)\nsvc.core.ResponseError: model not found"
    )
    assert first(res).function == "Client.request"
