"""A paste with no frame that prints the ``raise`` line above its error line names the raise
(``frames._by_shown``) even when the release the catalogue holds chains it (``raise X(...)``
then, ``raise X(...) from e`` now), when the error line is its class alone with the message
wrapped under it, when the class runs into the statement with no space between, and when the
selection copied began inside the word ``raise`` (``ise X(...)``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.frames import chained_forms
from errdex.match.matcher import shown_raise
from errdex.match.parse import parse

URLS = """\
class ImproperlyConfigured(Exception):
    pass


class Resolver:
    def __init__(self, urlconf_name, module):
        self.urlconf_name = urlconf_name
        self.module = module

    @property
    def url_patterns(self):
        patterns = getattr(self.module, "urlpatterns", self.module)
        try:
            iter(patterns)
        except TypeError as e:
            msg = (
                "The included URLconf '{name}' does not appear to have any patterns in it. If you see the "
                "'urlpatterns' variable with valid patterns in the file then the issue is probably caused "
                "by a circular import."
            )
            raise ImproperlyConfigured(msg.format(name=self.urlconf_name)) from e
        return patterns

    def check(self):
        if not self.urlconf_name:
            raise ImproperlyConfigured("The URLconf name must not be empty and must name a module of urls.")
"""

# Django 2.0's statement printed, the message cut at its front (a reporter blanked the repr)
CUT = "'<function ______ at _________location>'does not appear to have any patterns in it"


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("urls"), {"urls/resolvers.py": URLS}) as m:
        yield m


@pytest.mark.parametrize(
    "paste",
    [
        f"raise ImproperlyConfigured(msg.format(name=self.urlconf_name))\nurls.resolvers.ImproperlyConfigured: {CUT}",
        f"raise ImproperlyConfigured(msg.format(name=self.urlconf_name))\nurls.resolvers.ImproperlyConfigured:\n{CUT}",
        f"raise ImproperlyConfigured(msg.format(name=self.urlconf_name))urls.resolvers.ImproperlyConfigured:\n{CUT}",
    ],
)
def test_a_printed_raise_an_older_release_did_not_chain_names_its_site(matcher: Matcher, paste: str) -> None:
    top = first(matcher.explain(paste))
    assert top.function == "Resolver.url_patterns"
    assert any("prints this statement above its error line" in r for r in top.reasons)


def test_without_the_printed_raise_the_cut_message_names_no_site(matcher: Matcher) -> None:
    res = matcher.explain(f"urls.resolvers.ImproperlyConfigured: {CUT}")
    assert all(m.function != "Resolver.url_patterns" or m.approximate for m in res.matches)
    assert not any("prints this statement" in r for m in res.matches for r in m.reasons)


def test_chained_forms_add_or_drop_the_cause() -> None:
    # the bare form first, then the other causes (a release may chain it ``from None``)
    dropped = chained_forms("raise E(msg) from exc")
    assert dropped[0] == "raise E(msg)"
    assert "raise E(msg) from None" in dropped and "raise E(msg) from exc" not in dropped
    forms = chained_forms("raise E(msg)")
    assert "raise E(msg) from e" in forms and "raise E(msg) from None" in forms
    assert chained_forms("return E(msg)") == []


def test_a_class_alone_between_the_raise_and_the_message() -> None:
    text = "raise E(msg)\npkg.E:\ncut message"
    assert shown_raise(text, "cut message") == "raise E(msg)"
    # prose between them is not a class line
    assert shown_raise("raise E(msg)\nthen it said:\ncut message", "cut message") is None


def test_a_class_run_into_the_statement_is_split_only_when_its_module_names_it() -> None:
    got = parse("raise E(msg.format(name=x))pkg.mod.Error:\ncut message")
    assert got.exc_type == "pkg.mod.Error" and got.message.strip() == "cut message"
    # a word and colon after a parenthesis inside the statement's text is not a class
    got = parse('raise ValueError("bad call(x)value: here")')
    assert got.exc_type != "value"


SESSIONS = """\
class SessionError(Exception):
    pass


def wrap_system_error(native_err, context):
    raise SessionError(f"Session failed: {native_err}, Context: {context}") from native_err


class Proxy:
    def step(self, base_error, context_msg):
        raise SessionError(f"Session failed: {base_error}, Context: {context_msg}")
"""


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("sess"), {"sess/core.py": SESSIONS}) as m:
        yield m


@pytest.mark.parametrize("cut", ["aise", "ise", "se"])
def test_a_raise_whose_first_letters_the_copy_left_out_still_names_its_site(
    sessions: Matcher, cut: str
) -> None:
    # the paste's first line is the raise statement with its start cut off by the selection
    # (pyspnego-002: ``ise SpnegoError(base_error=native_err, context_msg=context) from
    # native_err``): read whole again, it names the one of the two raises of the template
    paste = (
        f'{cut} SessionError(f"Session failed: {{native_err}}, Context: {{context}}") from native_err\n'
        "sess.core.SessionError: Session failed: Server not found, Context: Processing token"
    )
    top = first(sessions.explain(paste))
    assert top.function == "wrap_system_error"
    assert any("prints this statement above its error line" in r for r in top.reasons)


def test_a_cut_raise_is_read_only_as_the_first_line_and_only_when_the_word_is_cut() -> None:
    msg = "sess.core.SessionError: boom"
    assert shown_raise("ise SessionError(msg)\n" + msg, "boom") == "raise SessionError(msg)"
    assert shown_raise("aise SessionError(msg) from e\n" + msg, "boom") == "raise SessionError(msg) from e"
    # a line below other lines is no selection's first line; a word merely ending so is none
    assert shown_raise("Traceback:\nise SessionError(msg)\n" + msg, "boom") is None
    assert shown_raise("otherwise SessionError(msg)\n" + msg, "boom") is None
    assert shown_raise("e SessionError(msg)\n" + msg, "boom") is None
