"""What the pasted class says about a site beyond its text (acc142, issues46).

A log call is no raise: a paste naming an exception class (``ValueError: posx and posy should be
finite values``, an older release's raise) is never answered exactly by a later release's
``_log.warning`` of the same words. A class dotted with a package (``numpy.linalg.LinAlgError``)
is defined there: among codebases raising it with one text (scikit-learn raising numpy's class
with numpy's words), the package's own raise comes first."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.model import CatalogueEntry, render_template

LOGGING = """\
import logging

_log = logging.getLogger(__name__)


def draw(x, y):
    if x is None or y is None:
        _log.warning("posx and posy should be finite values")
        return None
    return (x, y)
"""


@pytest.fixture(scope="module")
def logging_matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(Path(tmp_path_factory.mktemp("logcall")), {"textpkg.py": LOGGING}) as m:
        yield m


def test_a_log_call_is_not_the_exact_answer_to_a_pasted_exception(logging_matcher: Matcher) -> None:
    res = logging_matcher.explain("ValueError: posx and posy should be finite values")
    assert res.matches and res.matches[0].kind == "log"
    assert res.matches[0].approximate
    assert res.outcome != "exact"
    assert any("raises nothing" in r for r in res.matches[0].reasons)


def test_the_words_alone_or_a_log_record_still_find_the_log_call(logging_matcher: Matcher) -> None:
    for paste in (
        "posx and posy should be finite values",
        "WARNING:textpkg:posx and posy should be finite values",
    ):
        res = logging_matcher.explain(paste)
        assert res.matches and res.matches[0].kind == "log", paste
        assert not res.matches[0].approximate, paste


_N = iter(range(1, 10**9))


def _entry(repo: str, path: str, function: str) -> CatalogueEntry:
    k = next(_N)
    segments = ["SVD did not converge"]
    return CatalogueEntry(
        key=k, error_id=f"id{k}", repo=repo, version="1.0", snapshot_date=None, kind="error",
        exc_type="LinAlgError", exc_qualname="numpy.linalg.LinAlgError", template=render_template(segments),
        segments=segments, path=path, line=10 + k, function=function,
    )  # fmt: skip


def _two_codebases() -> tuple[Matcher, CatalogueEntry, CatalogueEntry]:
    # the class's own package raises it from a private helper; the dependent from a public
    # function, which the tie-break priors favour
    own = _entry("o/numpy", "numpy/linalg/_linalg.py", "_raise_svd_nonconvergence")
    dependent = _entry("o/sklearn", "sklearn/cluster/spectral.py", "discretize")
    return Matcher.from_entries([own, dependent]), own, dependent


def test_a_dotted_class_puts_its_own_packages_raise_first() -> None:
    m, own, dependent = _two_codebases()
    res = m.explain("numpy.linalg.LinAlgError: SVD did not converge")
    assert [x.id for x in res.matches[:2]] == [own.error_id, dependent.error_id]
    assert not res.matches[0].approximate
    assert any("dotted with this codebase's package" in r for r in res.matches[0].reasons)


def test_an_undotted_class_leaves_the_tie_to_the_priors() -> None:
    m, own, dependent = _two_codebases()
    res = m.explain("LinAlgError: SVD did not converge")
    assert [x.id for x in res.matches[:2]] == [dependent.error_id, own.error_id]
