"""A message wrapped on its way up and then given more context by a raise further up: a credentials
provider's ``cannot configure default credentials ...``, caught and raised again as
``f"{auth_type} auth: {e}"``, caught again and raised as ``ValueError(message) from e`` where a
helper appended ``. Config: auth_type=pat`` (a template all placeholder). The pasted message is
the first wrapper's words, the provider's words, then the appended text: the first wrapper,
which explains the most of it, is named first, not the provider whose words are only the middle.
A wrapper with words of its own after the caught text must still fit to the end. On a real
catalogue indexed from fixture code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

PROVIDERS = """\
class DefaultCredentials:
    def __call__(self, cfg):
        for provider in cfg.providers:
            header = provider(cfg)
            if header:
                return header
        raise ValueError(
            "cannot configure default credentials, please check the documentation to configure "
            "credentials for your preferred authentication method."
        )
"""

CONFIG = """\
from authkit.providers import DefaultCredentials


class Config:
    def __init__(self, **kwargs):
        self.providers = []
        self.attrs = kwargs
        try:
            self.init_auth()
        except ValueError as e:
            message = self.wrap_debug_info(str(e))
            raise ValueError(message) from e

    def wrap_debug_info(self, message):
        details = ", ".join(f"{k}={v}" for k, v in sorted(self.attrs.items()))
        return f"{message.rstrip('.')}. Config: {details}"

    def init_auth(self):
        strategy = DefaultCredentials()
        try:
            self.header = strategy(self)
        except ValueError as e:
            raise ValueError(f"{self.attrs.get('auth_type', 'default')} auth: {e}") from e


class Session:
    def login(self):
        try:
            self.header = DefaultCredentials()(self)
        except ValueError as e:
            raise ValueError(f"login failed: {e} (check the profile)") from e
"""

INNER = (
    "cannot configure default credentials, please check the documentation to configure "
    "credentials for your preferred authentication method."
)


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"authkit/__init__.py": "", "authkit/providers.py": PROVIDERS, "authkit/config.py": CONFIG}
    with package_matcher(tmp_path_factory.mktemp("appended"), files) as m:
        yield m


def test_the_wrapper_is_named_under_text_appended_further_up(matcher: Matcher) -> None:
    res = matcher.explain(f"ValueError: pat auth: {INNER.rstrip('.')}. Config: auth_type=pat")
    assert res.matches, res.verdict
    assert res.matches[0].function == "Config.init_auth", [m.function for m in res.matches]
    assert not res.matches[0].approximate
    assert any(m.function == "DefaultCredentials.__call__" for m in res.matches[1:3])


def test_the_wrapper_is_named_when_it_ends_the_message(matcher: Matcher) -> None:
    # what the joined fit did before: anchored at both ends
    res = matcher.explain(f"ValueError: pat auth: {INNER}")
    assert res.matches and res.matches[0].function == "Config.init_auth"


def test_a_wrapper_with_words_after_the_caught_text_must_fit_to_the_end(matcher: Matcher) -> None:
    # ``login failed: {e} (check the profile)``: its closing words are not in this paste, so
    # the text after the provider's words is no context it carries, and it is not joined
    res = matcher.explain(f"ValueError: login failed: {INNER.rstrip('.')}. Config: auth_type=pat")
    assert res.matches
    assert res.matches[0].function != "Session.login"
    login = [m for m in res.matches if m.function == "Session.login"]
    assert not login or "caught and raised again" not in " ".join(login[0].reasons)
