"""Paste forms and a code idiom the issues4-issues73 set's untuned misses showed
(docs/measurements/iss73.md).

Paste forms: a module-qualified class ending a traceback with no message, then the reporter's
question after a blank line (read as the class's message, the class lost); log records in the
``%(asctime)s : %(levelname)s : %(name)s : %(message)s`` layout, and in the `` - `` layout with the
logger's name carrying the format's bracketed fields (``cif.hunter[145][MainThread] - ``); an
exception line a letter quotes in double quotes whose message quotes JSON of its own; and a
fence typed inline around the exception line (```` due to ```pkg.Error: text``` if ... ````).

Code: dnspython's exception classes keep their format as ``fmt = f"{msg[:-1]} {{query}}:
{{errors}}"``, the class's own ``msg`` without its period; the slice's text was kept as a field
named ``msg[:-1]``, so no message built from it matched.

The packages are synthetic, parsed and never imported."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.extract import extract
from errdex.match import Matcher
from errdex.match.parse import parse
from errdex.model import SourceFile

ERRORS = """\
class DNSException(Exception):
    msg = None
    fmt = None

    def __init__(self, *args, **kwargs):
        self.kwargs = kwargs
        if kwargs and self.fmt:
            msg = self.fmt.format(**kwargs)
        else:
            msg = self.msg
        super().__init__(msg)


class NoNameservers(DNSException):
    msg = "All nameservers failed to answer the query."
    fmt = f"{msg[:-1]} {{query}}: {{errors}}"


class InvalidRepositoryError(Exception):
    pass


class APIError(Exception):
    def __init__(self, message, explanation=None):
        super().__init__(message)
        self.explanation = explanation

    def __str__(self):
        message = super().__str__()
        if self.explanation:
            message = f'{message} ("{self.explanation}")'
        return message


def next_nameserver(query, errors):
    raise NoNameservers(query=query, errors=errors)


def open_repo(path):
    raise InvalidRepositoryError(path)


def pull(error, body):
    raise APIError(error, explanation=body)
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("iss73"), {"netlib/errors.py": ERRORS}) as m:
        yield m


# ---------------------------------------------------------------- the code idiom


def test_a_class_format_made_from_a_slice_of_the_class_text() -> None:
    ex = extract([SourceFile("netlib/errors.py", ERRORS.encode())], "local/netlib", jobs=1)
    templates = {r.template for r in ex.records if r.function == "next_nameserver"}
    assert "All nameservers failed to answer the query {query}: {errors}" in templates
    assert not any("msg[" in t for t in templates)


def test_a_message_built_from_the_sliced_text_is_found(matcher: Matcher) -> None:
    top = first(
        matcher.explain(
            "All nameservers failed to answer the query example.org. IN A: "
            "Server 1.1.1.1 UDP port 53 answered SERVFAIL"
        )
    )
    assert top.function == "next_nameserver"


# ---------------------------------------------------------------- a bare class, then prose

TRACEBACK = (
    "> Traceback (most recent call last):\n"
    '  File "train.py", line 9, in <module>\n'
    "    repo = open_repo(path)\n"
    '  File "/env/lib/site-packages/netlib/errors.py", line 45, in open_repo\n'
    "    raise InvalidRepositoryError(path)\n"
    "netlib.errors.InvalidRepositoryError\n"
)


def test_a_bare_class_then_the_reporters_question() -> None:
    q = parse(TRACEBACK + "\nWhat can I do to solve this problem? thanks!")
    assert (q.exc_type, q.message) == ("netlib.errors.InvalidRepositoryError", "")


def test_a_class_line_with_a_message_keeps_its_paragraphs() -> None:
    # only a class printed alone says that nothing after it is the exception's
    q = parse("netlib.errors.InvalidRepositoryError: first part\n\nsecond part")
    assert q.exc_type == "netlib.errors.InvalidRepositoryError"
    assert q.message.startswith("first part")


def test_a_bare_class_then_prose_is_found(matcher: Matcher) -> None:
    top = first(matcher.explain(TRACEBACK + "\nWhat can I do to solve this problem? thanks!"))
    assert top.function == "open_repo"


# ---------------------------------------------------------------- log record layouts

NONS = "All nameservers failed to answer the query example.org. IN A: Server 1.1.1.1 answered SERVFAIL"


def test_a_spaced_colon_record_drops_its_fields() -> None:
    q = parse(
        "app    | 2019-01-22 10:22:57 : DEBUG : connectionpool : POST /v1.35/images/create 500 233\n"
        f"app    | 2019-01-22 10:22:57 : CRITICAL : dnsclient : {NONS}\n"
        "app    | Traceback (most recent call last):"
    )
    assert (q.exc_type, q.message) == ("log.CRITICAL", NONS)


def test_a_dashed_record_drops_a_logger_with_bracketed_fields() -> None:
    q = parse(f"2019-05-04 01:26:24,204 - ERROR - cif.hunter[145][MainThread] - {NONS}")
    assert (q.exc_type, q.message) == ("log.ERROR", NONS)


def test_a_dashed_record_keeps_a_plain_word_before_a_dash() -> None:
    # a bare word and a dash may open the message itself
    q = parse("2019-05-04 01:26:24,204 - ERROR - Timeout - retrying in 5 seconds")
    assert q.message == "Timeout - retrying in 5 seconds"


def test_a_dashed_record_with_bracketed_fields_is_found(matcher: Matcher) -> None:
    top = first(matcher.explain(f"2019-05-04 01:26:24,204 - ERROR - cif.hunter[145][MainThread] - {NONS}"))
    assert top.function == "next_nameserver"


# ---------------------------------------------------------------- quoted and fenced inline

BODY = 'b\'{"message":"unauthorized: access to the requested resource is not authorized"}\''
LETTER = (
    "Hello team,\n\n"
    f' I got "netlib.errors.APIError: 500 Server Error: Internal Server Error ("{BODY}") ".  '
    "Would you mind helping me fix it?\n\nThanks in advance,\nGeorge"
)


def test_a_letter_quoting_an_exception_line_with_quotes_inside() -> None:
    q = parse(LETTER)
    assert q.exc_type == "netlib.errors.APIError"
    assert q.message == f'500 Server Error: Internal Server Error ("{BODY}")'


def test_a_letter_quoting_two_exception_lines_takes_neither() -> None:
    two = LETTER + '\nThen "netlib.errors.APIError: 404 Client Error: Not Found ("gone")" too.'
    assert parse(two).exc_type != "netlib.errors.APIError"


def test_a_quoted_exception_line_in_a_letter_is_found(matcher: Matcher) -> None:
    assert first(matcher.explain(LETTER)).function == "pull"


def test_an_inline_fence_around_an_exception_line() -> None:
    q = parse(
        "today i was unable to use it due to ```netlib.errors.APIError: 500 Server Error "
        '("json: cannot unmarshal array")``` if anyone can give a idea'
    )
    assert q.exc_type == "netlib.errors.APIError"
    assert q.message == '500 Server Error ("json: cannot unmarshal array")'


# ---------------------------------------------------------------- VS Code's report, copied alone

STYLES = """\
class Styles:
    def __getitem__(self, key):
        raise KeyError("no style with name '%s'" % key)
"""

VSCODE = (
    "Exception has occurred: KeyError       (note: full exception trace is shown but execution "
    "is paused at: _run_module_as_main)\n"
    "\"no style with name 'Footnote Reference'\"\n"
    '  File "/env/lib/python3.8/site-packages/doclib/styles.py", line 3, in __getitem__\n'
    "    raise KeyError(\"no style with name '%s'\" % key)\n"
    '  File "/home/u/serializer.py", line 94, in parse_page\n'
    "    text.style = document.styles['Footnote Reference']\n"
    '  File "/home/u/serializer.py", line 147, in <module>\n'
    "    parse_page(page)\n"
    '  File "/usr/lib/python3.8/runpy.py", line 87, in _run_code\n'
    "    exec(code, run_globals)\n"
    '  File "/usr/lib/python3.8/runpy.py"'
)


def test_a_vscode_report_with_its_note_and_the_launchers_frames() -> None:
    q = parse(VSCODE)
    assert q.exc_type == "KeyError"
    # (KeyError prints its key's repr: the quotes are the class's, the matcher reads inside them)
    assert q.message in (
        "no style with name 'Footnote Reference'",
        "\"no style with name 'Footnote Reference'\"",
    )
    # listed most recent call first, the launcher's frames under the script's: Python's order
    assert [f.function for f in q.frames][-3:] == ["<module>", "parse_page", "__getitem__"]


def test_a_vscode_report_copied_alone_is_found(tmp_path_factory: pytest.TempPathFactory) -> None:
    with package_matcher(tmp_path_factory.mktemp("iss73vs"), {"doclib/styles.py": STYLES}) as m:
        top = first(m.explain(VSCODE))
    assert top.function == "Styles.__getitem__"
    assert not top.approximate, top.reasons
