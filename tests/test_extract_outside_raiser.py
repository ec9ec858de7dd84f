"""A function of another package that raises its own class with the text it is given
(``pytest.fail(reason)`` raises ``Failed``): the call is that class's site with that text
(``Visitor.on_outside_raiser``, acc137)."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

_PLUGIN = """import pytest
from pytest import fail
from _pytest.outcomes import fail as _fail

TIMEOUT_MESSAGE = "Timeout (>%ss) from the plugin."


def on_alarm(settings):
    pytest.fail(TIMEOUT_MESSAGE % settings.timeout)


def assert_queries(n, done):
    msg = f"Expected to perform {n} queries but {done} were done"
    fail(msg, pytrace=False)


def check(value):
    pytest.fail(reason=f"bad value {value!r}")
    pytest.fail()
    pytest.skip("not on this platform")
    _fail("the outcome module's own name")
"""

_OWN = """def fail(reason):
    raise RuntimeError(reason)
"""

_CALLER = """from .outcomes import fail


def run(x):
    fail(f"no {x}")
"""


def _records(files: list[SourceFile]) -> set[tuple[str, int, str, str, str]]:
    ex = extract(files, "local/pkg", jobs=1)
    return {(r.path, r.line, r.kind, r.exc_type, r.template) for r in ex.records}


def test_pytest_fail_is_a_site_of_failed_with_the_text_it_is_given() -> None:
    got = {
        (line, kind, exc, text)
        for _, line, kind, exc, text in _records([SourceFile("pkg/plugin.py", _PLUGIN.encode())])
    }
    # before: no record at any of these lines (the call's body is pytest's, in no catalogue)
    assert (9, "error", "Failed", "Timeout (>{settings.timeout}s) from the plugin.") in got
    assert (14, "error", "Failed", "Expected to perform {n} queries but {done} were done") in got
    assert (18, "error", "Failed", "bad value {value!r}") in got
    assert (21, "error", "Failed", "the outcome module's own name") in got
    # no text given: no site; a skip is no error
    assert not any(line in (19, 20) for line, _, _, _ in got)


def test_a_codebase_s_own_fail_raises_what_its_body_raises() -> None:
    # pytest's own ``fail`` (or any codebase's function of that name) is read from its body,
    # as every helper of the codebase is; the rule is only for another package's function
    files = [SourceFile("pkg/outcomes.py", _OWN.encode()), SourceFile("pkg/run.py", _CALLER.encode())]
    got = _records(files)
    assert not any(exc == "Failed" for _, _, _, exc, _ in got)
    assert any(
        path == "pkg/run.py" and exc == "RuntimeError" and text == "no {x}" for path, _, _, exc, text in got
    )


_ALIASED = """import pytest as pt
from pytest import fail as flunk


class Case:
    def fail(self, msg):
        return msg

    def check(self, value):
        pt.fail(f"aliased module {value}")
        flunk("aliased function")
        self.fail("a method of the same name")
        pt.xfail("an expected failure is no error")
"""


def test_the_raiser_is_known_by_its_import_whatever_the_local_name() -> None:
    # the call's own name is read first (perf53: ``_dotted`` and the imports only for a name a
    # raiser's key ends with): an attribute by its name, a plain name by its import's target
    got = {
        (line, exc, text)
        for _, line, _, exc, text in _records([SourceFile("pkg/case.py", _ALIASED.encode())])
    }
    assert (10, "Failed", "aliased module {value}") in got
    assert (11, "Failed", "aliased function") in got
    assert not any(exc == "Failed" and line in (12, 13) for line, exc, _ in got)
