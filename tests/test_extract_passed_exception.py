"""A raise of a call that hands back the exception it was given (issue #10).

``raise self._transport_error(self._make_connection_error(request, err), response)``: the outer
method records the error for a retry policy and returns its parameter as given, so the raise
raises what the inner factory method builds, a message composed from its locals. The site's
templates are the factory's, as for ``raise self._make_connection_error(request, err)``."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
import httpx

errors_not_to_retry = set()


class APIError(Exception):
    def __init__(self, message, request, *, body):
        super().__init__(message)
        self.request = request
        self.message = message


class APIConnectionError(APIError):
    def __init__(self, *, message="Connection error.", request):
        super().__init__(message, request, body=None)


class Client:
    def _make_connection_error(self, request, cause):
        if not isinstance(cause, httpx.RequestError):
            return APIConnectionError(request=request)
        reason = type(cause).__name__
        host = self._failed_host(request, cause)
        connection = f"Connection to {host}" if host else "Connection"
        return APIConnectionError(message=f"{connection} failed: {reason}", request=request)

    def _transport_error(self, error, response):
        if not self._should_retry_failure(response):
            errors_not_to_retry.add(error)
        return error

    def _attempt_request(self, request):
        try:
            return self._client.send(request)
        except Exception as err:
            raise self._transport_error(self._make_connection_error(request, err), None) from err
"""


def test_a_raise_of_a_call_returning_its_argument_raises_that_argument() -> None:
    ex = extract([SourceFile("pkg/client.py", SOURCE.encode())], "local/pkg", jobs=1)
    line = next(i for i, text in enumerate(SOURCE.split("\n"), 1) if "raise self._transport_error" in text)
    found = {(r.exc_type, r.template) for r in ex.records if r.line <= line <= r.end_line}
    assert found == {
        ("APIConnectionError", "Connection error."),
        ("APIConnectionError", "Connection failed: {reason}"),
        ("APIConnectionError", "Connection to {host} failed: {reason}"),
    }
