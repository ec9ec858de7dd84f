"""An exception printer's local holding what the instance holds (issue #10, acc160).

aiohttp's ``HttpProcessingError.__str__``: ``msg = indent(self.message, "  ")`` then
``return f"{self.code}, message:\\n{msg}"``. A direct ``{self.message}`` is filled per raise
with the text the raise passes; through a local it stayed the hole ``{msg}``, so every raise of
every subclass printed ``400, message:\\n{msg}`` (issues48 aiohttp-005's ``Can not decode
content-encoding: brotli (br)...`` had no literal to meet). A printer's local bound to an
instance attribute, also through ``textwrap.indent``/``dedent`` imported by name, is now that
attribute's text in an f-string, as ``"..." + msg`` already was.
"""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
import textwrap
from textwrap import indent


class HttpError(Exception):
    code = 0
    message = ""

    def __init__(self, *, code=None, message=""):
        if code is not None:
            self.code = code
        self.message = message

    def __str__(self):
        msg = indent(self.message, "  ")
        return f"{self.code}, message:\\n{msg}"


class BadMessage(HttpError):
    code = 400

    def __init__(self, message):
        super().__init__(message=message)


class EncodingError(BadMessage):
    pass


class JobError(Exception):
    def __init__(self, job, reason=""):
        self.job = job
        self.reason = reason

    def __str__(self):
        name = self.job
        why = textwrap.dedent(self.reason)
        return f"job {name} failed: {why}"


class Quoted(Exception):
    def __init__(self, text):
        self.text = text

    def __str__(self):
        shown = indent(self.text, "> ")
        return f"quoted:\\n{shown}"


def decode(enc, job):
    if enc == "br":
        raise EncodingError("Can not decode content-encoding: brotli (br)")  # <- indent
    if enc == "job":
        raise JobError(job, "out of memory")  # <- local
    raise Quoted("no such encoding")  # <- prefixed
"""


def _at(name: str) -> set[str]:
    line = next(i for i, t in enumerate(SOURCE.split("\n"), 1) if t.endswith(f"# <- {name}"))
    records = extract([SourceFile("m/__init__.py", SOURCE.encode())], "local/m", jobs=1).records
    return {r.template for r in records if r.line == line}


def test_an_indented_attribute_through_a_local_is_the_raise_s_text() -> None:
    assert _at("indent") == {"400, message:\nCan not decode content-encoding: brotli (br)"}


def test_a_local_bound_to_an_attribute_is_filled_per_raise() -> None:
    assert _at("local") == {"job {job} failed: out of memory"}


def test_an_indent_whose_prefix_is_not_whitespace_stays_a_hole() -> None:
    # ``indent(text, "> ")`` puts words before each line: the extractor does not rewrite them
    assert _at("prefixed") == {"quoted:\n{shown}"}
