"""Two templates sharing every word of a message, on a real catalogue of two codebases indexed
from fixture code: word similarity lifts both fits alike (neither has enough literal text to be
exact), but one explains the whole message and the other leaves text after it unexplained
(``'n' must be >= 0: -3``: ``{name} must be >= 0`` stops before ``: -3``). The text a fit leaves
unexplained at the message's ends still counts against it after the lift, so the fit of the
whole message comes first, whatever the tie-break priors favour.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from errdex.match import Matcher
from errdex.pipeline import index
from errdex.store import Store

# the library the message came from: a validator printing the attribute, the bound and the value
BOUNDS = """\
class _NumberValidator:
    def __init__(self, bound, compare_op):
        self.bound = bound
        self.compare_op = compare_op

    def __call__(self, inst, attr, value):
        if not value >= self.bound:
            msg = f"'{attr.name}' must be {self.compare_op} {self.bound}: {value}"
            raise ValueError(msg)


def ge(bound):
    return _NumberValidator(bound, ">=")
"""

# another library raising a shorter text with the same words, from a helper its code calls
PRINTING = """\
def _positive(value, name):
    if value is not None and value < 0:
        raise ValueError(f"{name} must be >= 0")
    return value


def set_options(precision=None, threshold=None, edgeitems=None):
    _positive(precision, "precision")
    _positive(threshold, "threshold")
    _positive(edgeitems, "edgeitems")
"""


@pytest.fixture(scope="module")
def two_codebases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """One catalogue holding both libraries, each indexed from its own folder."""
    root: Path = tmp_path_factory.mktemp("similar_full_fit")
    db = str(root / "c.db")
    for name, source in (("bounds", BOUNDS), ("printing", PRINTING)):
        path = root / name / name / "__init__.py"
        path.parent.mkdir(parents=True)
        path.write_text(source)
        index(str(root / name), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def test_the_fit_explaining_the_whole_message_comes_first(two_codebases: Matcher) -> None:
    res = two_codebases.explain("ValueError: 'n' must be >= 0: -3")
    got = [(m.path, m.function, m.score) for m in res.matches]
    assert [m.path for m in res.matches[:2]] == ["bounds/__init__.py", "printing/__init__.py"], got
    assert res.matches[0].function == "_NumberValidator.__call__", got
    assert res.matches[0].score > res.matches[1].score, got
