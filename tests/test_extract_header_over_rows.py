"""A message of a fixed header over rows the extractor cannot read: a list display of the header
added to lists built elsewhere (pydantic's ``'\\n'.join(['Valid config keys have changed in
V2:'] + renamed_bullets + removed_bullets)``), or a list of rows with the header inserted first
(numpy's ``genfromtxt``: ``errmsg.insert(0, "Some errors were detected !")`` then
``"\\n".join(errmsg)``). The record keeps the header and one placeholder for the rows, so a
pasted message of the header and its rows fits it; before, the whole join was one placeholder
and nothing matched (runtime2 pydantic-rt-011, numpy-rt-001).

The package is synthetic, parsed and never imported.
"""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

_MOD = (
    "import warnings\n"
    "\n"
    "\n"
    "def check(config, renamed):\n"
    "    bullets = [f'* {k!r} was renamed to {v!r}' for k, v in renamed.items()]\n"
    "    gone = [f'* {k!r} was removed' for k in config]\n"
    "    message = '\\n'.join(['Valid keys have changed in V3:'] + bullets + gone)\n"
    "    warnings.warn(message, UserWarning)\n"  # line 8
    "\n"
    "\n"
    "def read(rows, width):\n"
    "    bad = [(i, n) for i, n in enumerate(rows) if n != width]\n"
    "    errmsg = ['    Line #%i (got %i columns)' % (i, n) for i, n in bad]\n"
    "    if errmsg:\n"
    "        errmsg.insert(0, 'Some rows were bad !')\n"
    "        errmsg = '\\n'.join(errmsg)\n"
    "        raise ValueError(errmsg)\n"  # line 17
    "\n"
    "\n"
    "def nothing_known(rows, more):\n"
    "    raise ValueError('\\n'.join(rows + more))\n"  # line 21
    "\n"
    "\n"
    "def inserted_later(rows):\n"
    "    rows.insert(1, 'not a header')\n"
    "    raise ValueError('\\n'.join(rows))\n"  # line 26
)


def _templates(line: int) -> set[str]:
    records = extract([SourceFile("pkg/mod.py", _MOD.encode())], "local/pkg", jobs=1).records
    return {r.template for r in records if r.path == "pkg/mod.py" and r.line == line}


def test_a_header_display_added_to_unread_lists_keeps_the_header() -> None:
    # the two lists after the header are one rest, not two lines
    assert _templates(8) == {"Valid keys have changed in V3:\n{...}"}


def test_a_header_inserted_first_into_unread_rows_keeps_the_header() -> None:
    assert _templates(17) == {"Some rows were bad !\n{...}"}


def test_no_header_no_header_text() -> None:
    # lists of which nothing is known, or an item put anywhere but first, give no header
    assert all("not a header" not in t for t in _templates(26))
    assert all("Valid" not in t for t in _templates(21))
