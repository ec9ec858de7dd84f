"""Message forms that the raise does not spell out but Python prints predictably: string methods
applied to a message piece, exception classes whose names do not open with a capital, a printer
whose text is first given in the branches of an ``if``, and the caught class's name.

The fixture package (``tests/fixtures/extract/forms``) is parsed, never imported. Each site
carries a ``# <- name`` marker; every template below is what Python prints for that statement,
with placeholders for what the call does not fix.
"""

from __future__ import annotations

import pathlib
import re

import pytest

from errdex.extract import Extraction, extract
from errdex.match.parse import parse
from errdex.model import SourceFile

FIXTURE = pathlib.Path(__file__).parent / "fixtures" / "extract" / "forms"
_MARK = re.compile(r"# <- (\w+)")


@pytest.fixture(scope="module")
def forms() -> tuple[Extraction, dict[str, tuple[str, int]]]:
    files = [
        SourceFile(p.relative_to(FIXTURE).as_posix(), p.read_bytes()) for p in sorted(FIXTURE.rglob("*.py"))
    ]
    marks: dict[str, tuple[str, int]] = {}
    for f in files:
        for i, line in enumerate(f.data.decode().split("\n"), 1):
            m = _MARK.search(line)
            if m:
                marks[m.group(1)] = (f.path, i)
    return extract(files, "local/forms", jobs=1), marks


def templates(forms: tuple[Extraction, dict[str, tuple[str, int]]], name: str) -> set[tuple[str, str]]:
    ex, marks = forms
    path, line = marks[name]
    found = {(r.exc_type, r.template) for r in ex.records if r.path == path and r.line <= line <= r.end_line}
    assert found, f"no record at {name}"
    return found


def test_removeprefix_and_capitalize_in_a_base_class(
    forms: tuple[Extraction, dict[str, tuple[str, int]]],
) -> None:
    # ``msg = message.removeprefix("Bad Request: ")`` then ``msg.capitalize()`` when it changed
    # (python-telegram-bot's ``TelegramError``): the caller's literal is reshaped, both ways
    assert templates(forms, "prefix_literal") == {("Clash", "Chat not found"), ("Clash", "chat NOT found")}
    # the prefix of an f-string's literal goes; the placeholder left is the caller's own name
    assert templates(forms, "prefix_placeholder") == {("Clash", "{description}")}


def test_case_methods_on_literal_and_placeholder(
    forms: tuple[Extraction, dict[str, tuple[str, int]]],
) -> None:
    # ``"unknown mode: ".upper() + name.lower()``: the literal changes case, the name stays
    assert templates(forms, "case_methods") == {("ValueError", "UNKNOWN MODE: {name}")}


def test_lower_camel_case_exception_class(forms: tuple[Extraction, dict[str, tuple[str, int]]]) -> None:
    # ``raise sTTError(tts=self, response=r)`` (gTTS's ``gTTSError``): a class, not a helper;
    # its constructor words the message from the response, through its own method
    # (``self.msg = self.infer_msg(self.rsp)``), filled with what this raise passes
    want = ("sTTError", "{response.status} ({response.reason}) from the speech API. Probable cause: Unknown")
    assert want in templates(forms, "lower_class")
    assert all(t == "sTTError" for t, _ in templates(forms, "lower_class_text"))


def test_printer_text_first_given_in_branches(forms: tuple[Extraction, dict[str, tuple[str, int]]]) -> None:
    # ``if self.message: msg = f"{self.message}: {self.status}" else: msg = f"{self.status}"``
    # (PyGithub's ``GithubException.__str__``): the raise that passes no message prints the
    # ``else`` text, the one that passes a message the other
    assert templates(forms, "fold_no_message") == {
        ("NotFound", "{status}"),
        ("NotFound", "{status} {json.dumps(self.data)}"),
    }
    assert templates(forms, "fold_message") == {
        ("ApiException", "Server Error: {status}"),
        ("ApiException", "Server Error: {status} {json.dumps(self.data)}"),
    }


def test_caught_class_name_in_a_log_record(forms: tuple[Extraction, dict[str, tuple[str, int]]]) -> None:
    # ``except requests.HTTPError as exc: logger.error(f"{exc.__class__.__name__}: ...")``
    # (twine's ``main``): the class's name, and the placeholder for a subclass's
    assert templates(forms, "caught_name") == {
        ("log.ERROR", "HTTPError: {exc.response.status_code} from {exc.response.url}"),
        ("log.ERROR", "{exc.__class__.__name__}: {exc.response.status_code} from {exc.response.url}"),
    }
    assert ("log.ERROR", "OSError: {exc}") in templates(forms, "log_type_name")


@pytest.mark.parametrize(
    ("line", "exc_type", "message"),
    [
        ("gtts.tts.gTTSError: 429 (Too Many Requests) from TTS API.", "gtts.tts.gTTSError", "429 (Too"),
        ("telegram.error.Conflict: terminated by other request", "telegram.error.Conflict", "terminated"),
    ],
)
def test_exception_line_with_a_lower_case_or_one_word_class(line: str, exc_type: str, message: str) -> None:
    # a class named in lower camel case with an exception's suffix, or a one-word class that a
    # lowercase module path qualifies, is the type; the rest is the message
    got = parse(line)
    assert got.exc_type == exc_type
    assert got.message.startswith(message)


@pytest.mark.parametrize("line", ["Note: see below", "Usage: errdex explain", "error: bad value"])
def test_words_before_a_colon_stay_message(line: str) -> None:
    assert parse(line).exc_type is None


def test_loop_else_sees_what_the_body_assigned(forms: tuple[Extraction, dict[str, tuple[str, int]]]) -> None:
    # ``for ...: try: connect() except OSError as e: reason = str(e) else: break`` then the
    # loop's ``else: raise`` (paramiko's ``Transport.__init__``): the reason is the default or
    # the caught error's text
    assert templates(forms, "loop_else") == {
        ("ConnectionError", "Unable to connect to {hostname}: No suitable address family"),
        ("ConnectionError", "Unable to connect to {hostname}: {reason}"),
    }
