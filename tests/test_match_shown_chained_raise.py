"""A paste with no frame that prints the ``raise`` line above its error line names the raise
(``frames._by_shown``) even when the release the catalogue holds chains it (``raise X(...)``
then, ``raise X(...) from e`` now), when the error line is its class alone with the message
wrapped under it, and when the class runs into the statement with no space between."""

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
    assert chained_forms("raise E(msg) from exc") == ["raise E(msg)"]
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
