"""Paste forms and a code idiom the issues19-issues89 set's untuned misses showed
(docs/measurements/iss89.md).

Paste forms: an exception whose ``str`` is its own repr (grpc's ``_MultiThreadedRendezvous: <
_MultiThreadedRendezvous of RPC that terminated with:``), its line under the user's code and a
sentence that does not announce it: a class not named like an exception was not taken for the
error's, and the whole paste was read as the message; and a remote runner's tag on every line it
relays (Fabric's ``[10.0.0.5] err: ``), which hid the frames and the exception line.

Code: a helper that hands back the worded text it is given (pip's ``with_source(text)``, which
returns ``text`` or ``f"{text} (from {line_source})"``), its result then grown by ``+=``
(``msg = with_source(f"Invalid requirement: {req!r}: {exc}")``; ``msg += f"\\nHint: {hint}"``):
inside the longer message the call stayed a placeholder (``{with_source(...)}``), so the text
was recorded without its words.

The packages are synthetic, parsed and never imported."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.extract import extract
from errdex.match import Matcher
from errdex.match.parse import parse
from errdex.model import SourceFile

CHANNEL = """\
class RpcError(Exception):
    pass


class _Rendezvous(RpcError):
    def __init__(self, state):
        super().__init__()
        self._state = state

    def __str__(self):
        return f"<{type(self).__name__} of RPC that terminated with:\\n\\tstatus = {self._state}\\n>"

    def __next__(self):
        if self._state is not None:
            raise self
        return None
"""

REQS = """\
class InstallationError(Exception):
    pass


def parse_line(name, line_source):
    def with_source(text):
        if not line_source:
            return text
        return f"{text} (from {line_source})"

    def _parse(req):
        if "/" in req:
            hint = "It looks like a path."
        else:
            hint = ""
        msg = with_source(f"Invalid requirement: {req!r}")
        if hint:
            msg += f"\\nHint: {hint}"
        raise InstallationError(msg)

    return _parse(name)


def describe(obj):
    if obj is None:
        return "nothing"
    return f"<{type(obj).__name__}>"


def check(obj, extra):
    msg = describe(obj)
    if extra:
        msg += f" is not allowed here: {extra}"
    raise InstallationError(msg)
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"rpclib/_channel.py": CHANNEL, "reqlib/constructors.py": REQS}
    with package_matcher(tmp_path_factory.mktemp("iss89"), files) as m:
        yield m


# ---------------------------------------------------------------- an exception printed as its repr

OWN_REPR = (
    "I followed the tutorial, but when executing this:\n\n"
    "for user in stub.List(Request()):\n"
    "    print(user)\n\n"
    "always return\n\n"
    "rpclib._channel._Rendezvous: <_Rendezvous of RPC that terminated with:\n"
    "        status = StatusCode.UNAVAILABLE\n"
    '        details = "failed to connect to all addresses"\n'
)


def test_a_class_followed_by_its_own_repr_is_the_error_line() -> None:
    q = parse(OWN_REPR)
    assert q.exc_type == "rpclib._channel._Rendezvous"
    assert q.message.startswith("<_Rendezvous of RPC that terminated with:")


@pytest.mark.parametrize(
    "line",
    [
        "rpclib._channel._Rendezvous: <Other of RPC that terminated>",  # another class's repr
        "Rendezvous: <Rendezvous of RPC that terminated>",  # no module: a label as often
    ],
)
def test_a_repr_of_another_name_or_an_unqualified_one_is_not_taken(line: str) -> None:
    q = parse("always return\n\n" + line + "\n")
    assert q.exc_type is None


def test_the_own_repr_error_is_found(matcher: Matcher) -> None:
    assert first(matcher.explain(OWN_REPR)).function == "_Rendezvous.__next__"


# ---------------------------------------------------------------- a remote runner's tag on every line

FABRIC = (
    '[10.0.0.5] err:     File "/srv/env/lib/python2.7/site-packages/reqlib/constructors.py", line 17, in _parse\n'
    "[10.0.0.5] err:       raise InstallationError(msg)\n"
    "[10.0.0.5] err:   InstallationError: Invalid requirement: 'a/b' (from line 3 of r.txt)\n"
)


@pytest.mark.parametrize("stream", ["err", "out"])
def test_a_hosts_tag_and_stream_on_every_line_are_stripped(stream: str) -> None:
    q = parse(FABRIC.replace("] err: ", f"] {stream}: "))
    assert q.exc_type == "InstallationError"
    assert [f.function for f in q.frames] == ["_parse"]


def test_a_tag_on_some_lines_only_is_kept() -> None:
    # a log quoting one tagged line is no runner's relay: every non-blank line must carry it
    text = "[10.0.0.5] err: the disk is full\nInstallationError: the disk is full\nplain line\n"
    assert parse(text).exc_type == "InstallationError"


# ---------------------------------------------------------------- the code idiom


def _templates(function: str) -> set[str]:
    ex = extract([SourceFile("reqlib/constructors.py", REQS.encode())], "local/reqlib", jobs=1)
    return {r.template for r in ex.records if r.function.endswith(function)}


def test_a_helper_wrapping_the_given_text_words_a_longer_message() -> None:
    assert _templates("_parse") >= {
        "Invalid requirement: {req!r} (from {line_source})",
        "Invalid requirement: {req!r} (from {line_source})\nHint: It looks like a path.",
    }


def test_a_helper_given_no_words_stays_a_placeholder() -> None:
    # ``describe(obj)`` returns a name or a value: inside a longer message it is no wording
    longer = {t for t in _templates("check") if "is not allowed here" in t}
    assert longer == {"{describe(obj)} is not allowed here: {extra}"}


def test_the_wrapped_text_with_its_hint_is_found(matcher: Matcher) -> None:
    paste = "ERROR: Invalid requirement: 'a/b' (from line 3 of r.txt)\nHint: It looks like a path.\n"
    m = first(matcher.explain(paste))
    assert m.function.endswith("_parse")
    assert not m.approximate


# the hint set in several branches with distinct texts: the raise's argument has one form per
# branch, the plain one (no hint) the helper's result alone, with no literal text of its own
BRANCHED_HINTS = REQS.replace(
    '            hint = "It looks like a path."\n        else:',
    '            hint = "It looks like a path."\n        elif "=" in req:\n'
    '            hint = "= is not a valid operator."\n        else:',
)


def test_the_path_without_the_hint_is_a_template_beside_the_hinted_ones() -> None:
    # the class is the codebase's own, so its renderings pass the filter keeping a printer's
    # forms that show the raise's own text (``resolve._showing``): the hints' words are the
    # only literal text of the argument's forms, and the plain path holds none of them
    ex = extract([SourceFile("reqlib/constructors.py", BRANCHED_HINTS.encode())], "local/reqlib", jobs=1)
    assert {r.template for r in ex.records if r.function.endswith("_parse")} == {
        "Invalid requirement: {req!r} (from {line_source})",
        "Invalid requirement: {req!r} (from {line_source})\nHint: It looks like a path.",
        "Invalid requirement: {req!r} (from {line_source})\nHint: = is not a valid operator.",
    }
