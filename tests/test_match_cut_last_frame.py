"""A paste cut inside its last frame's heading, after the file's name (a stored excerpt ending at
``File ".../keycloak/exceptions.py"``, no line, function or exception line): the frame above
calls a function of that file, and the traceback went on into it, so that function's raise is
the answer, approximate (no text was pasted to verify it). On a real catalogue indexed from a
small package whose client hands every failed response to a helper that raises."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

ERRORS = """\
class ClientError(Exception):
    pass


def check(code):
    if code < 0:
        raise ValueError("a negative status code")


def raise_error_from_response(response, error):
    if response.ok:
        return response.body
    raise error(f"request failed: {response.status}")  # <- the helper's raise
"""

CLIENT = """\
from pkg.errors import ClientError, check, raise_error_from_response


class Client:
    def token(self, response):
        if response.status == 0:
            raise ClientError("no status")
        return raise_error_from_response(response, ClientError)  # <- the call
"""


def _line(text: str, mark: str) -> int:
    return next(i for i, s in enumerate(text.splitlines(), 1) if mark in s)


RAISE = _line(ERRORS, "# <- the helper's raise")
CALL = _line(CLIENT, "# <- the call")
SITE = "/usr/local/lib/python3.8/site-packages/pkg"


def _paste(call: str) -> str:
    return "\n".join(
        [
            "Traceback (most recent call last):",
            '  File "<stdin>", line 1, in <module>',
            f'  File "{SITE}/client.py", line {CALL}, in token',
            f"    {call}",
            f'  File "{SITE}/errors.py"',
        ]
    )


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """The package indexed by the real pipeline, its saved index loaded."""
    files = {"pkg/__init__.py": "", "pkg/errors.py": ERRORS, "pkg/client.py": CLIENT}
    with package_matcher(tmp_path_factory.mktemp("cutframe"), files) as m:
        yield m


def test_a_heading_cut_after_its_file_is_a_frame_with_no_line() -> None:
    q = parse(_paste("return raise_error_from_response(response, ClientError)"))
    assert [(f.function, f.line) for f in q.frames][-2:] == [("token", CALL), (None, None)]
    assert q.frames[-2].source == "return raise_error_from_response(response, ClientError)"
    assert q.frames[-1].path == f"{SITE}/errors.py"


def test_the_cut_frame_is_the_function_the_frame_above_calls_in_that_file(matcher: Matcher) -> None:
    res = matcher.explain(_paste("return raise_error_from_response(response, ClientError)"))
    top = res.matches[0]
    assert (top.path, top.line, top.function) == ("pkg/errors.py", RAISE, "raise_error_from_response")
    assert top.approximate  # no exception line was pasted: nothing verifies the raise


def test_a_call_naming_no_function_of_the_cut_file_names_none_there(matcher: Matcher) -> None:
    # ``print`` is no function of errors.py: the cut frame says nothing the file's raises share
    res = matcher.explain(_paste("return print(response)"))
    assert all(m.path != "pkg/errors.py" for m in res.matches)


@pytest.mark.parametrize("tail", [f", line {RAISE + 3}", f", line {RAISE + 3}, in"])
def test_a_heading_cut_after_its_line_or_before_its_function_is_read_alike(
    matcher: Matcher, tail: str
) -> None:
    # cut later in the heading (after the line's number, or after ``, in``): the same frame,
    # the line kept, the function still the one the frame above calls into
    text = _paste("return raise_error_from_response(response, ClientError)") + tail
    q = parse(text)
    assert (q.frames[-1].path, q.frames[-1].line, q.frames[-1].function) == (
        f"{SITE}/errors.py",
        RAISE + 3,
        None,
    )
    top = matcher.explain(text).matches[0]
    assert (top.path, top.line, top.function) == ("pkg/errors.py", RAISE, "raise_error_from_response")
