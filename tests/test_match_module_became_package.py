"""A traceback from a release where a library was one module (``site-packages/sh.py``) against
a catalogue of a release where it is a package (``sh/__init__.py``): the frame lies in that
package's ``__init__.py``, so its function still names the site (issue #10 item 6: frames of
another site-packages layout)."""

from __future__ import annotations

from errdex.match import Matcher
from errdex.model import CatalogueEntry, render_template

_K = iter(range(1, 1000))


def _entry(path: str, function: str, line: int) -> CatalogueEntry:
    segs = ["Command exited with code ", "code", ""]
    k = next(_K)
    return CatalogueEntry(
        key=k, error_id=f"{path}:{function}", repo="o/sh", version="2.0", snapshot_date=None, kind="error",
        exc_type="ErrorReturnCode", exc_qualname=None, template=render_template(segs), segments=segs,
        path=path, line=line, function=function,
    )  # fmt: skip


def test_a_frame_of_the_old_module_lies_in_the_packages_init() -> None:
    other = _entry("sh/contrib.py", "Sudo.run", 40)
    site = _entry("sh/__init__.py", "RunningCommand.wait", 820)
    m = Matcher.from_entries([other, site])
    assert m.index.resolve_path("/venv/lib/python2.7/site-packages/sh.py") == "sh/__init__.py"
    paste = (
        "Traceback (most recent call last):\n"
        '  File "/home/u/run.py", line 3, in <module>\n'
        "    sh.find('.')\n"
        '  File "/venv/lib/python2.7/site-packages/sh.py", line 348, in wait\n'
        "    raise ErrorReturnCode(code)\n"
        "sh.ErrorReturnCode: Command exited with code 1"
    )
    res = m.explain(paste)
    assert res.matches and res.matches[0].id == site.error_id, [(x.id, x.reasons) for x in res.matches]


def test_a_module_the_catalogue_holds_is_still_that_module() -> None:
    m = Matcher.from_entries([_entry("sh.py", "wait", 10), _entry("sh/__init__.py", "wait", 20)])
    assert m.index.resolve_path("/venv/lib/python3.12/site-packages/sh.py") == "sh.py"
    assert m.index.resolve_path("/venv/lib/python3.12/site-packages/pkg/__init__.py") is None
