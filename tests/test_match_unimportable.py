"""A ``.py`` file whose name is no identifier (``loader (copy).py``, ``grammar.py
pre-rewriting-resolve_refs.py``, ``gen-docs.py``) cannot be imported: it is a copy left in the tree
or a script run by its path, so of sites sharing a message the importable module's comes first,
above the tie-breaks that favour the copy's; a traceback through the copy still puts it first. On a real catalogue indexed from fixture code with such a copy beside its module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.match.score import importable_file
from errdex.store import Store

# the module users import; an older copy of it is left in the package under another name
LOADER = """\
class Lookup:
    def __init__(self, table):
        self.table = table

    def resolve(self, name):
        if name not in self.table:
            raise ValueError(f'The entry "{name}" was never set.')
        return self.table[name]

    def size(self, name):
        if name not in self.table:
            raise ValueError(f"No size for {name!r} in this table.")
        return len(self.table[name])
"""

# the copy's ``size`` calls its ``resolve``: a tie-break of its own the module's sites lack
COPY = LOADER.replace("return len(self.table[name])", "return len(self.resolve(name))")


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("unimportable")
    pkg = root / "tablekit"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "loader.py").write_text(LOADER)
    (pkg / "loader (copy).py").write_text(COPY)
    db = str(root / "c.db")
    index(str(pkg), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


@pytest.mark.parametrize(
    ("paste", "function"),
    [
        # a plain tie: the copy's path sorts first, yet the module's raise leads
        ("ValueError: No size for 'colour' in this table.", "Lookup.size"),
        # the copy's code calls its ``resolve`` (a tie-break of its own), the module's does not
        ('ValueError: The entry "primary_key" was never set.', "Lookup.resolve"),
    ],
)
def test_a_module_import_reaches_comes_before_its_copy(matcher: Matcher, paste: str, function: str) -> None:
    res = matcher.explain(paste)
    assert res.matches and not res.matches[0].approximate, res.verdict
    assert res.matches[0].function == function
    assert res.matches[0].path.endswith("loader.py")
    copy = next(m for m in res.matches[1:3] if m.path.endswith("loader (copy).py"))
    assert "import cannot reach" in " ".join(copy.reasons)


def test_a_traceback_through_the_copy_still_names_it(matcher: Matcher) -> None:
    paste = (
        "Traceback (most recent call last):\n"
        '  File "/srv/app/main.py", line 3, in <module>\n'
        "    table.size('colour')\n"
        '  File "/srv/venv/lib/python3.12/site-packages/tablekit/loader (copy).py", line 12, in size\n'
        '    raise ValueError(f"No size for {key!r} in this table.")\n'
        "ValueError: No size for 'colour' in this table.\n"
    )
    res = matcher.explain(paste)
    assert res.matches[0].path.endswith("loader (copy).py"), res.verdict


@pytest.mark.parametrize(
    ("path", "importable"),
    [
        ("pkg/loader.py", True),
        ("pkg/__init__.py", True),
        ("pkg/_private.py", True),
        ("pkg/grammar.py pre-rewriting-resolve_refs.py", False),
        ("pkg/loader (copy).py", False),
        ("scripts/gen-docs.py", False),
        ("pkg\\win-copy.py", False),
        ("pkg/ext.pyx", True),  # not a Python module file: nothing said
    ],
)
def test_importable_file(path: str, importable: bool) -> None:
    assert importable_file(path) is importable
