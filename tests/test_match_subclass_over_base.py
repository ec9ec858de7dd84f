"""A pasted class that a later release raises nowhere itself but keeps as the base of the
classes it split it into (streamlit's ``DuplicateWidgetID``, now the base of
``StreamlitDuplicateElementKey`` and ``StreamlitDuplicateElementId``; issues55-issues76
streamlit-006): the raises of its subclasses come before the raises of its own bases, which
never printed its name (``StreamlitAPIException`` everywhere in the library)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.match.score import TYPE_RELATED, type_relation

ERRORS = """\
class APIError(Exception):
    pass


class DuplicateID(APIError):
    pass


class DuplicateKey(DuplicateID):
    def __init__(self, key):
        super().__init__(f"There are multiple elements with the same key={key!r}.")
"""

WIDGETS = """\
from .errors import DuplicateKey


def _register_element(key, seen):
    if key in seen:
        raise DuplicateKey(key)
    seen.add(key)
"""

CONFIG = """\
from .errors import APIError


def check_size(size):
    if size < 0:
        raise APIError(f"Size {size} must be positive.")
"""

PASTE = (
    "appkg.errors.DuplicateID: This app has encountered an error. The original error message "
    "is redacted to prevent data leaks.\n"
    "Traceback:\n"
    'File "/app/main.py", line 80, in transform\n'
    "    ,key=i)\n"
)


def _hierarchy(key: str) -> set[str]:
    return {"duplicatekey": {"duplicateid", "apierror"}, "duplicateid": {"apierror"}, "apierror": set()}.get(
        key, set()
    )


def test_a_subclass_relates_more_than_a_base() -> None:
    sub = type_relation(["DuplicateID"], "DuplicateKey", "error", _hierarchy)
    base = type_relation(["DuplicateID"], "APIError", "error", _hierarchy)
    assert sub[0] == TYPE_RELATED
    assert 0 < base[0] < sub[0]
    assert base[1] and "related" in base[1]


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"appkg/__init__.py": "", "appkg/errors.py": ERRORS, "appkg/widgets.py": WIDGETS}
    files["appkg/config.py"] = CONFIG
    with package_matcher(Path(tmp_path_factory.mktemp("split")), files) as m:
        yield m


def test_the_subclass_raise_comes_first(app: Matcher) -> None:
    res = app.explain(PASTE)
    assert res.matches, res.verdict
    assert res.matches[0].function == "_register_element", [(x.function, x.reasons) for x in res.matches]
