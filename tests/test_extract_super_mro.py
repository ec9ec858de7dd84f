"""``super()`` in an exception's ``__init__`` follows the instance's MRO as Python computes it
(C3), with the bases outside the codebase in their places (issue #10, issues49 urllib3-002).

urllib3's ``class ProxySchemeUnknown(AssertionError, URLSchemeUnknown)`` builds its message and
calls ``super().__init__(message)``: the next class of its MRO is ``AssertionError``, one of
Python's exceptions, whose initialiser keeps the message as given and calls no other. Before, the
MRO held only the codebase's classes, so the walk went on to ``URLSchemeUnknown.__init__`` and
stored that class's f-string wrapped round the message (``Not supported URL scheme {message}``).
A codebase class first in the MRO is still followed, and a diamond is walked in C3's order (the
shared base after both branches), not breadth-first. Exact templates, parsed, never imported."""

from __future__ import annotations

import re

from errdex.extract import extract
from errdex.extract.facts import ClassInfo
from errdex.extract.resolve import Resolver
from errdex.model import SourceFile

SOURCE = """\
class BaseWidgetError(Exception):
    pass


class SchemeUnknown(BaseWidgetError):
    def __init__(self, scheme):
        message = f"Not a supported scheme {scheme}"
        super().__init__(message)
        self.scheme = scheme


class ProxySchemeUnknown(AssertionError, SchemeUnknown):
    def __init__(self, scheme):
        if scheme == "localhost":
            scheme = None
        if scheme is None:
            message = "Proxy had no scheme, should start with http:// or https://"
        else:
            message = f"Proxy had unsupported scheme {scheme}"
        super().__init__(message)


class HostSchemeUnknown(SchemeUnknown, ValueError):
    def __init__(self, scheme):
        super().__init__(f"host {scheme}")


class Quiet(AssertionError, SchemeUnknown):
    pass


def proxy(url):
    raise ProxySchemeUnknown(url.scheme)  # <- builtin_first


def host(url):
    raise HostSchemeUnknown(url.scheme)  # <- codebase_first


def quiet(url):
    raise Quiet(url.scheme)  # <- no_init
"""

_MARK = re.compile(r"# <- (\w+)")


def _templates() -> dict[str, set[str]]:
    """The templates of each marked raise, by its mark."""
    by_line: dict[int, set[str]] = {}
    for r in extract([SourceFile("pkg/errors.py", SOURCE.encode())], "local/pkg", jobs=1).records:
        by_line.setdefault(r.line, set()).add(r.template)
    marked = ((n, _MARK.search(text)) for n, text in enumerate(SOURCE.split("\n"), 1))
    return {m.group(1): by_line.get(n, set()) for n, m in marked if m is not None}


def test_a_builtin_next_in_the_mro_takes_the_message_as_given() -> None:
    at = _templates()
    # before: both wrapped in ``Not a supported scheme {...}`` (SchemeUnknown's __init__)
    assert at["builtin_first"] == {
        "Proxy had no scheme, should start with http:// or https://",
        "Proxy had unsupported scheme {url.scheme}",
    }
    # no initialiser of its own: ``AssertionError.__init__`` runs, given the argument
    assert at["no_init"] == {"{url.scheme}"}


def test_a_codebase_class_next_in_the_mro_is_still_followed() -> None:
    assert _templates()["codebase_first"] == {"Not a supported scheme host {url.scheme}"}


def test_the_mro_is_c3_with_the_bases_outside_in_their_places() -> None:
    # class D(B, C); B(A); C(A): C3 gives D, B, C, A (breadth-first gives the same here); with
    # class E(B, X) and X(object) outside: E, B, A, <X>
    r = Resolver([])
    r.classes.update(
        {
            "m.A": ClassInfo(["Exception"], ["Exception"]),
            "m.B": ClassInfo(["A"], ["m.A"]),
            "m.C": ClassInfo(["A"], ["m.A"]),
            "m.D": ClassInfo(["B", "C"], ["m.B", "m.C"]),
            "m.F": ClassInfo(["B", "G"], ["m.B", "m.G"]),
            "m.G": ClassInfo(["Exception"], ["Exception"]),
            "m.P": ClassInfo(["AssertionError", "B"], ["AssertionError", "m.B"]),
        }
    )
    r._canon.update({k: k for k in r.classes})  # the keys are their own definitions
    assert r.mro("m.D") == ["m.D", "m.B", "m.C", "m.A"]
    # breadth-first gives F, B, G, A; in C3 B's base A comes before G (neither is the other's
    # base; both end in Exception, which comes after both)
    assert r.mro("m.F") == ["m.F", "m.B", "m.A", "m.G"]
    full = r.linearized("m.P")
    assert full is not None
    assert full[:2] == ["m.P", "<builtin>.AssertionError"]
    assert full.index("<builtin>.Exception") > full.index("m.A")
