"""A traceback from a release where a module was one file (dateutil 2's ``dateutil/parser.py``)
against a catalogue of a release where it is a package that re-exports a private module named
after it (``dateutil/parser/__init__.py`` importing from ``dateutil/parser/_parser.py``): the
frame's function still names its raises, in that private module (issues55-issues76)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

INIT = """\
from ._parser import parse, parser

__all__ = ["parse", "parser"]
"""

PARSER = """\
class parser:
    def parse(self, timestr):
        if not timestr:
            raise ValueError("Unknown string format")
        return timestr


def parse(timestr):
    return parser().parse(timestr)
"""

# a public function elsewhere raising the very text: without the frame, priors put it first
FORMATS = """\
def read_format(spec):
    if not spec:
        raise ValueError("Unknown string format")
    return spec
"""

# an egg's frames print no source line: only the frame's function can name the raise
PASTE = (
    "Traceback (most recent call last):\n"
    '  File "<stdin>", line 1, in <module>\n'
    '  File "/usr/lib/python3.4/site-packages/python_datepkg-2.4.2-py3.4.egg/datepkg/parser.py", line 1008, in parse\n'
    '  File "/usr/lib/python3.4/site-packages/python_datepkg-2.4.2-py3.4.egg/datepkg/parser.py", line 395, in {fn}\n'
    "ValueError: Unknown string format\n"
)


@pytest.fixture(scope="module")
def dates(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {
        "datepkg/__init__.py": "",
        "datepkg/parser/__init__.py": INIT,
        "datepkg/parser/_parser.py": PARSER,
        "datepkg/formats.py": FORMATS,
    }
    with package_matcher(Path(tmp_path_factory.mktemp("packaged")), files) as m:
        yield m


def test_a_frame_of_the_old_module_names_its_function_in_the_private_module(dates: Matcher) -> None:
    res = dates.explain(PASTE.format(fn="parse"))
    assert res.matches, res.verdict
    best = res.matches[0]
    assert (best.path, best.function) == ("datepkg/parser/_parser.py", "parser.parse"), [
        (x.path, x.function, x.reasons) for x in res.matches
    ]
    assert any("in parse" in r for r in best.reasons)


def test_a_function_the_private_module_lacks_names_nothing_there(dates: Matcher) -> None:
    # the frame names a function the private module does not hold: the frame stays in the
    # package's ``__init__.py`` and names no raise of ``_parser.py``
    res = dates.explain(PASTE.format(fn="_parse_other").replace(", in parse\n", ", in _parse_other\n"))
    assert res.matches
    assert not any("in _parse_other" in r for m in res.matches for r in m.reasons)
