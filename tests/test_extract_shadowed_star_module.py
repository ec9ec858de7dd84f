"""A star-imported exception class looked up in a module whose name its package re-exports a
member under (issue #10: "message idioms the extractor does not read").

``pkg/__init__.py`` doing ``from .common import helpers as common`` makes the dotted name
``pkg.common`` stand for the class ``helpers`` outside the module, while code inside
``pkg/common.py`` still sees the names its own ``from .core import *`` brought in. Before, the
lookup of ``ParseError`` raised in ``pkg/common.py`` walked the alias into
``pkg.common.helpers.ParseError`` and never searched ``common``'s star imports: the class was
unknown, its printed form unread, and the site was recorded as its first argument ``'{ss}'``.
"""

from __future__ import annotations

import re

from errdex.extract import extract
from errdex.model import SourceFile

INIT = """\
from .errors import *
from .core import *
from .common import helpers as common
"""

ERRORS = """\
class ParseError(Exception):
    def __init__(self, pstr, loc=0, msg=None):
        if msg is None:
            msg, pstr = pstr, ""
        self.loc = loc
        self.msg = msg
        self.pstr = pstr

    def __str__(self):
        return f"{self.msg}  (at char {self.loc})"
"""

CORE = """\
from .errors import *


def expect(s, loc):
    raise ParseError(s, loc, "Expected a digit")  # <- literal
"""

COMMON = """\
from datetime import datetime

from .core import *


class helpers:
    @staticmethod
    def to_date(fmt):
        def cvt(ss, ll, tt):
            try:
                return datetime.strptime(tt[0], fmt).date()
            except ValueError as ve:
                raise ParseError(ss, ll, str(ve))  # <- converted

        return cvt
"""

_MARK = re.compile(r"# <- (\w+)")


def _templates() -> dict[str, set[str]]:
    files = {"pkg/__init__.py": INIT, "pkg/errors.py": ERRORS, "pkg/core.py": CORE, "pkg/common.py": COMMON}
    marks = {
        m.group(1): (path, i)
        for path, text in files.items()
        for i, line in enumerate(text.split("\n"), 1)
        if (m := _MARK.search(line))
    }
    ex = extract([SourceFile(p, t.encode()) for p, t in files.items()], "local/pkg", jobs=1)
    return {name: {r.template for r in ex.records if (r.path, r.line) == at} for name, at in marks.items()}


def test_a_star_imported_class_is_found_in_a_module_its_package_shadows() -> None:
    at = _templates()
    assert at["literal"] == {"Expected a digit  (at char {loc})"}
    # before: {"{ss}"} (the class unknown, its first argument taken for the message)
    assert at["converted"] == {"{ve}  (at char {ll})"}
