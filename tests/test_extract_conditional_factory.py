"""A raised local bound from a conditional expression of two factory calls: ``err =
self.v2_error(body) if api_mode == "V2" else self.v1_error(body)`` then ``raise err`` (stripe's
``handle_error_response``, after an OAuth error's own ``err = self.oauth_error(...)``). Either
arm's factory may build the exception, so the raise prints what each builds, as ``err =
self.v1_error(body); raise err`` would, and the earlier binding's factory's too. Exact templates
from parsed code, never imported."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
class CardError(Exception):
    pass


class RateLimitError(Exception):
    pass


class TemporaryError(Exception):
    pass


class GrantError(Exception):
    pass


class Requestor:
    def v1_error(self, code, message):
        if code == 402:
            return CardError(f"card declined: {message}")
        return RateLimitError(f"slow down: {message}")

    def v2_error(self, code, message):
        return TemporaryError(f"try again later ({code}): {message}")

    def grant_error(self, code):
        return GrantError(f"grant refused: {code}")

    def handle(self, grant, api_mode, code, message):
        err = None
        if grant:
            err = self.grant_error(code)
        if err is None:
            err = self.v2_error(code, message) if api_mode == "V2" else self.v1_error(code, message)
        raise err
"""


def test_the_raise_prints_what_either_arm_s_factory_builds() -> None:
    records = extract([SourceFile("req/__init__.py", SOURCE.encode())], "local/req", jobs=1).records
    line = next(i for i, ln in enumerate(SOURCE.splitlines(), 1) if "raise err" in ln)
    assert {(r.exc_type, r.template) for r in records if r.line == line} == {
        ("CardError", "card declined: {message}"),
        ("RateLimitError", "slow down: {message}"),
        ("TemporaryError", "try again later ({code}): {message}"),
        ("GrantError", "grant refused: {code}"),  # the earlier binding's factory too: three calls
    }
