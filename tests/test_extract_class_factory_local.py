"""``raise _format(SomeError, message, response)``: a helper given the exception class (a
parameter annotated ``type[E]``) and a message assembled in a variable at the call, which builds
the instance in a local and returns it (``err = error_type(final.strip(), ...)``; ``setattr``s;
``return err``). The raise is the site; its record holds the class the call passes and the
message as the call assembled it (the variable's f-string concatenation), with the text the
helper appends under its test (issue #10; issues49 huggingface_hub-005, ``hf_raise_for_status``'s
nine ``raise _format(...)``). Before, the helper's returned local was not read as the instance,
so the raise stored the class argument as its text (``{RevisionMissing}``, class unknown).
Exact templates, parsed, never imported."""

from __future__ import annotations

import re

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
from typing import Any, TypeVar

_E = TypeVar("_E", bound="HubError")


class HubError(Exception):
    def __init__(self, message, response=None, server_message=None):
        super().__init__(message)
        self.response = response


class RevisionMissing(HubError):
    pass


class EntryMissing(HubError):
    pass


def _format(error_type: type[_E], custom_message: str, response, **attrs: Any) -> _E:
    server = response.headers.get("X-Error-Message")
    final = custom_message
    if server:
        final += "\\n\\n" + server
    err = error_type(final, response=response, server_message=server)
    for k, v in attrs.items():
        setattr(err, k, v)
    return err


def _plain(error_type: type[_E], custom_message: str) -> _E:
    text = custom_message
    err = error_type(text.strip())
    return err


def raise_for_status(response, repo_id):
    code = response.headers.get("X-Error-Code")
    if code == "RevisionNotFound":
        message = f"{response.status_code} Client Error." + "\\n\\n" + f"Revision Not Found for url: {response.url}."
        raise _format(RevisionMissing, message, response, repo_id=repo_id)  # <- revision
    if code == "EntryNotFound":
        message = (
            f"{response.status_code} Client Error."
            "\\n\\n"
            f"Entry Not Found for url: {response.url}."
        )
        raise _plain(EntryMissing, message)  # <- entry
"""

_MARK = re.compile(r"# <- (\w+)")


def _records() -> dict[str, set[tuple[str, str]]]:
    marks = {m.group(1): i for i, line in enumerate(SOURCE.split("\n"), 1) if (m := _MARK.search(line))}
    ex = extract([SourceFile("pkg/_http.py", SOURCE.encode())], "local/pkg", jobs=1)
    return {
        name: {(r.exc_type, r.template) for r in ex.records if r.line == line} for name, line in marks.items()
    }


def test_the_class_passed_and_the_message_assembled_at_the_call() -> None:
    at = _records()
    # before: {("<unknown>", "{RevisionMissing}")}
    assert at["revision"] == {
        (
            "RevisionMissing",
            "{response.status_code} Client Error.\n\nRevision Not Found for url: {response.url}.\n\n{server}",
        )
    }


def test_a_local_copy_of_the_message_parameter_stripped() -> None:
    # ``text = custom_message``; ``error_type(text.strip())``: the caller's text (before:
    # ``{EntryMissing}``, class unknown; with the local alone, ``{text.strip}``)
    assert _records()["entry"] == {
        ("EntryMissing", "{response.status_code} Client Error.\n\nEntry Not Found for url: {response.url}.")
    }
