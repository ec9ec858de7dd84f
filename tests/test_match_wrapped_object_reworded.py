"""A message pasted alone in an older release's wording (issues58-issues83's requests
``Invalid return character or leading space in header: Value1``, which 2.34 words ``Invalid
leading whitespace, reserved character(s), or return character(s) in header value: ...``), in a
codebase that also wraps another package's exception in the same class (``except _InvalidHeader
as e: raise InvalidHeader(e, request=request)``). The wrapping raise's template is the caught
object's name alone: it fits any text of the class and wrote none of it, as a bare re-raise
(``raise err``) does. The raise whose words the message shares is where that text was written,
and answers first; the wrapping raise still answers a text no raise of the class words like it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.index import wraps_name

UTILS = """\
from pkg.errors import InvalidHeader


def validate_header_part(header, part, kind):
    if not isinstance(part, (str, bytes)):
        raise InvalidHeader(f"Header part ({part!r}) from {header} must be of type str or bytes, not {type(part)}")
    if part != part.strip():
        raise InvalidHeader(
            f"Invalid leading whitespace, reserved character(s), or return "
            f"character(s) in header {kind}: {part!r}"
        )
"""

ADAPTER = """\
from otherlib.exceptions import InvalidHeader as _InvalidHeader

from pkg.errors import ConnectionError, InvalidHeader


class Adapter:
    def send(self, request, conn):
        try:
            return conn.urlopen(request)
        except _InvalidHeader as e:
            raise InvalidHeader(e, request=request)
        except OSError as e:
            raise ConnectionError(e, request=request)
"""

ERRORS = """\
class RequestException(OSError):
    def __init__(self, *args, request=None):
        self.request = request
        super().__init__(*args)


class InvalidHeader(RequestException, ValueError):
    pass


class ConnectionError(RequestException):
    pass
"""


# the package: its errors, a validator raising two texts, an adapter wrapping another package's error
FILES = {"pkg/__init__.py": "", "pkg/errors.py": ERRORS, "pkg/utils.py": UTILS, "pkg/adapters.py": ADAPTER}


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(Path(tmp_path_factory.mktemp("wrapped")), FILES) as m:
        yield m


def test_a_reworded_raise_of_the_class_answers_before_a_wrapping_of_a_caught_object(lib: Matcher) -> None:
    res = lib.explain("pkg.InvalidHeader: Invalid return character or leading space in header: Value1")
    assert first(res).function == "validate_header_part", [
        (m.function, m.score, m.reasons) for m in res.matches
    ]
    assert first(res).approximate  # another wording: a guess, never exact


def test_a_text_no_raise_words_like_it_is_still_the_wrapping_raise_s(lib: Matcher) -> None:
    res = lib.explain(
        "pkg.InvalidHeader: Received response with content-encoding: gzip, but failed to decode it."
    )
    assert first(res).function == "Adapter.send"


def test_wraps_name_reads_a_new_exception_built_on_the_template_s_one_name() -> None:
    assert wraps_name("raiseInvalidHeader(e,request=request)", ["e"], "InvalidHeader")
    assert wraps_name("raiseerrors.Timeout(err)", ["err"], "errors.Timeout")
    assert not wraps_name(
        "raiseInvalidHeader(e.args[0])", ["e"], "InvalidHeader"
    )  # a part of it: relays_text
    assert not wraps_name("raiseInvalidHeader(msg,e)", ["e"], "InvalidHeader")  # not its first argument
    assert not wraps_name("raiseInvalidHeader(e)", ["e", "other"], "InvalidHeader")
    assert not wraps_name("raiseInvalidHeader(self)", ["self"], "InvalidHeader")
    # a helper raising the class its caller names: the text is the caller's, written at the call
    assert not wraps_name("raiseexception_type(msg)", ["msg"], "ELFError")
