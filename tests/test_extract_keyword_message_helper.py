"""A message built by a helper of another module given its text by keyword (issue #10).

``msg = create_error_message(message=f"Expected dict, got {input}", error_code=...)`` then
``raise InvalidUpdateError(msg)``: a call of a function with keyword arguments only was taken
for a function that may return a mapping of classes (``exc_map = get_exc_map()``), so the local
held no text and the raise printed ``{msg}``. A call handed text builds text: the raise's
template is the helper's, with the call's text in place."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

ERRORS = """\
from enum import Enum


class ErrorCode(Enum):
    INVALID_NODE_RETURN_VALUE = "INVALID_NODE_RETURN_VALUE"


def create_error_message(*, message: str, error_code: ErrorCode) -> str:
    return (
        f"{message}\\n"
        "For troubleshooting, visit: https://docs.example.org/"
        f"errors/{error_code.value}"
    )


class InvalidUpdateError(Exception):
    pass
"""

STATE = """\
from pkg.errors import ErrorCode, InvalidUpdateError, create_error_message


def attach_node(output_keys):
    def _get_updates(input):
        if isinstance(input, dict):
            return list(input.items())
        else:
            msg = create_error_message(
                message=f"Expected dict, got {input}",
                error_code=ErrorCode.INVALID_NODE_RETURN_VALUE,
            )
            raise InvalidUpdateError(msg)

    return _get_updates
"""


def test_a_local_from_a_helper_given_text_by_keyword_holds_the_helper_s_text() -> None:
    ex = extract(
        [SourceFile("pkg/errors.py", ERRORS.encode()), SourceFile("pkg/state.py", STATE.encode())],
        "local/pkg",
        jobs=1,
    )
    found = {(r.exc_type, r.template) for r in ex.records if r.path == "pkg/state.py" and r.line == 13}
    assert found == {
        (
            "InvalidUpdateError",
            "Expected dict, got {input}\nFor troubleshooting, visit: https://docs.example.org/"
            "errors/{ErrorCode.INVALID_NODE_RETURN_VALUE.value}",
        )
    }
