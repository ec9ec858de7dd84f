"""The printed message's shape around the raise's template (issue #10, acc195), on a real
catalogue indexed from fixture code shaped like the libraries that print so.

- A printer's local holding the base class's printed form: sphinx's ``ExtensionError.__str__``
  is ``parent_str = super().__str__()`` then ``f"{parent_str} (exception: {self.orig_exc})"``;
  fontTools feaLib's ``FeatureLibError.__str__`` is ``message = Exception.__str__(self)`` then
  ``f"{self.location}: {message}"``. The local stayed a hole of its own (``{parent_str}``),
  so the only form with the raise's words was the bare message, and a pasted printed form was
  the right site but approximate.
- ``BaseException.__str__`` of arguments spread from a sequence after two or more given ones
  (google-resumable-media's ``InvalidResponse(response, "Request failed with status code",
  code, "Expected one of", *codes)``): the repr of the tuple, not the first argument alone.
- ``s[:i] + x + s[i:]`` with ``i = s.index("\\n")`` (huggingface_hub's ``_format`` putting
  `` (Request ID: ...)`` after the message's first line): ``x`` inserted there once ``s`` is
  the text the caller passes.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.extract import extract
from errdex.match import Matcher
from errdex.model import SourceFile

ERRORS = """\
class SphinxError(Exception):
    category = "Sphinx error"


class ExtensionError(SphinxError):
    def __init__(self, message, orig_exc=None, modname=None):
        super().__init__(message)
        self.message = message
        self.orig_exc = orig_exc
        self.modname = modname

    def __str__(self):
        parent_str = super().__str__()
        if self.orig_exc:
            return f"{parent_str} (exception: {self.orig_exc})"
        return parent_str


class FeatureLibError(Exception):
    def __init__(self, message, location=None):
        Exception.__init__(self, message)
        self.location = location

    def __str__(self):
        message = Exception.__str__(self)
        if self.location:
            return f"{self.location}: {message}"
        else:
            return message


class InvalidResponse(Exception):
    def __init__(self, response, *args):
        super(InvalidResponse, self).__init__(*args)
        self.response = response


class HubHTTPError(Exception):
    def __init__(self, message, response=None):
        super().__init__(message)
        self.response = response
"""

LIB = """\
import importlib

from .errors import ExtensionError, FeatureLibError, HubHTTPError, InvalidResponse


def load_extension(extname):
    try:
        return importlib.import_module(extname)
    except ImportError as err:
        raise ExtensionError("Could not import extension %s" % extname, err) from err


def expect_number(token, location):
    if not token.isdigit():
        raise FeatureLibError("Expected a number", location)
    return int(token)


def require_status_code(response, status_codes):
    status_code = response.status_code
    if status_code not in status_codes:
        raise InvalidResponse(
            response,
            "Request failed with status code",
            status_code,
            "Expected one of",
            *status_codes,
        )
    return status_code


def _format(error_type: type[HubHTTPError], custom_message: str, response) -> HubHTTPError:
    final_error_message = custom_message
    request_id = response.headers.get("X-Request-Id")
    if request_id:
        request_id_message = f" (Request ID: {request_id})"
        if "\\n" in final_error_message:
            newline_index = final_error_message.index("\\n")
            final_error_message = (
                final_error_message[:newline_index] + request_id_message + final_error_message[newline_index:]
            )
        else:
            final_error_message += request_id_message
    return error_type(final_error_message.strip(), response=response)


def raise_for_status(response):
    if response.status_code == 404:
        message = f"{response.status_code} Client Error." + "\\n\\n" + f"Entry Not Found for url: {response.url}."
        raise _format(HubHTTPError, message, response)
"""


def _templates(function: str) -> set[str]:
    files = [
        SourceFile("lib/errors.py", ERRORS.encode()),
        SourceFile("lib/core.py", LIB.encode()),
    ]
    records = extract(files, "local/lib", jobs=1).records
    return {r.template for r in records if r.function == function}


def test_a_printers_local_holding_the_bases_printed_form_is_that_form() -> None:
    assert "Could not import extension {extname} (exception: {err})" in _templates("load_extension")
    assert "{location}: Expected a number" in _templates("expect_number")
    # the bare message stays a form of its own (printed where the raise passes no cause)
    assert "Expected a number" in _templates("expect_number")


def test_spread_arguments_after_two_given_print_the_tuples_repr() -> None:
    assert (
        "('Request failed with status code', {status_code!r}, 'Expected one of', {status_codes})"
        in _templates("require_status_code")
    )


def test_text_spliced_at_the_first_line_break_is_inserted_there() -> None:
    assert (
        "{response.status_code} Client Error. (Request ID: {request_id})\n\n"
        "Entry Not Found for url: {response.url}." in _templates("raise_for_status")
    )


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"errors.py": ERRORS, "core.py": LIB}
    with package_matcher(tmp_path_factory.mktemp("printed_shapes"), files) as m:
        yield m


PASTES = {
    "load_extension": "Extension error:\n"
    "Could not import extension traceability (exception: No module named 'traceability')\n"
    "make: *** [Makefile:20: html] Error 2",
    "require_status_code": "lib.errors.InvalidResponse: ('Request failed with status code', 400, "
    "'Expected one of', <HTTPStatus.OK: 200>, 308)",
    "raise_for_status": "lib.errors.HubHTTPError: 404 Client Error. (Request ID: "
    "Root=1-684bd970-1580de85616085897ca5a570;8c78d1b2)\n\n"
    "Entry Not Found for url: https://example.org/org/model/resolve/main/config.json.",
}


@pytest.mark.parametrize("function", sorted(PASTES))
def test_the_printed_form_is_an_exact_answer(matcher: Matcher, function: str) -> None:
    res = matcher.explain(PASTES[function])
    top = first(res)
    assert (top.function, top.approximate) == (function, False), [
        (m.function, m.approximate) for m in res.matches
    ]
