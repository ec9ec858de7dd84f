"""A paste's class printed with its module tells apart two modules' classes of one name
(``Ranker._class_as_printed``, issue #10, runtime19's protobuf-rt-013): protobuf's
``json_format`` and ``text_format`` each define a ``ParseError`` and raise
``Couldn't parse integer: ...``, ``text_format`` through a method returning its class
(``raise self.ParseError(...)``, which the extractor leaves unresolved). Python prints the class
with the module that defines it, so ``google.protobuf.json_format.ParseError: ...`` is
``json_format``'s raise; the priors alone put the public ``Tokenizer`` method first."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher

TEXT_FMT = """\
class Error(Exception):
    pass


class ParseError(Error):
    def __init__(self, message, line=None, column=None):
        super().__init__(message)
        self.line, self.column = line, column


class Tokenizer:
    def __init__(self, text):
        self.token, self.line, self.column = text, 0, 0

    def ParseError(self, message):
        return ParseError(message, self.line + 1, self.column + 1)

    def consume_integer(self):
        text = self.token
        if not text.isdigit():
            raise self.ParseError("Couldn't parse integer: " + text)
        return int(text)
"""

JSON_FMT = """\
class Error(Exception):
    pass


class ParseError(Error):
    pass


def _convert_integer(value):
    if isinstance(value, float) and not value.is_integer():
        raise ParseError("Couldn't parse integer: {0}".format(value))
    return int(value)
"""

LIFTED = "the paste prints this raise's class with its module"


@pytest.fixture(scope="module")
def wire(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"wire/__init__.py": "", "wire/text_fmt.py": TEXT_FMT, "wire/json_fmt.py": JSON_FMT}
    with package_matcher(tmp_path_factory.mktemp("printed"), files) as m:
        yield m


def test_the_printed_module_picks_its_own_class(wire: Matcher) -> None:
    res = wire.explain("wire.json_fmt.ParseError: Couldn't parse integer: 1.5 at Int64Value.value")
    top = first(res)
    assert (top.path, top.function) == ("wire/json_fmt.py", "_convert_integer"), [
        (a.path, a.function, a.score) for a in res.matches
    ]
    assert any(LIFTED in r for r in top.reasons)
    # the other raise is still listed (the lift is a tie-break, within the priors)
    assert "wire/text_fmt.py" in [a.path for a in res.matches]


def test_the_unresolved_raise_keeps_its_place_otherwise(wire: Matcher) -> None:
    # its own module printed, or no module: nothing is lifted, the priors order the two
    for text in (
        "wire.text_fmt.ParseError: Couldn't parse integer: x",
        "ParseError: Couldn't parse integer: x",
    ):
        res = wire.explain(text)
        assert first(res).path == "wire/text_fmt.py", text
        assert not any(LIFTED in r for a in res.matches for r in a.reasons), text
