"""Which raise site a traceback names, on a real catalogue indexed from fixture code: the
function the traceback ends in raised the exception when its message reads like the paste,
even when the paste comes from a release whose lines moved and whose wording changed, and an
exact text elsewhere does not outrank it; a message unlike any of its raises says the raise
moved, and the text decides."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Match, Matcher, Result
from errdex.store import Store

PATHS = """\
class NodeNotFound(Exception):
    pass


def shortest(graph, source, target):
    if source not in graph:
        raise NodeNotFound(f"Source {source} is not in G")
    if target not in graph:
        raise NodeNotFound(f"Target {target} is not in G")
    return [source, target]


def check_targets(kind):
    if kind == "continuous":
        raise ValueError(f"Unknown label type: {kind}. Maybe you are trying to fit a classifier on a regression target")


def unique_labels(ys):
    raise ValueError(f"Unknown label type: {ys!r}")
"""

ASTAR = """\
from graphs.paths import NodeNotFound


def astar(graph, source, target, heuristic=None):
    if source not in graph or target not in graph:
        raise NodeNotFound(f"Either source {source} or target {target} is not in G")
    if heuristic is not None and heuristic(source, target) is None:
        raise NodeNotFound(f"No heuristic estimate for node {target} could be computed")
    return [source, target]
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("sites")
    (root / "graphs").mkdir()
    (root / "graphs" / "paths.py").write_text(PATHS)
    (root / "graphs" / "astar.py").write_text(ASTAR)
    db = str(root / "c.db")
    index(str(root / "graphs"), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def top(res: Result) -> Match:
    assert res.matches, res.verdict
    return res.matches[0]


def ipython(function: str, line: int, source: str, last: str, exc: str = "NodeNotFound") -> str:
    """An IPython traceback from another release: the raise at ``line`` printed with ``source``."""
    return (
        "---------------------------------------------------------------------------\n"
        f"{exc:<42}Traceback (most recent call last)\n"
        "Cell In[3], line 1\n"
        "----> 1 shortest(G, 1, 5)\n\n"
        f"File ~/venv/lib/python3.11/site-packages/graphs/paths.py:{line}, in {function}(graph, source, target)\n"
        f"--> {line}     {source}\n\n"
        f"{last}\n"
    )


def test_the_function_the_traceback_ends_in_outranks_an_exact_text_elsewhere(matcher: Matcher) -> None:
    # an older release said "Either source ... or target ..." in ``shortest``, at another line,
    # through a variable: no statement or line matches, but the frame names the function, whose
    # raises of the pasted class read like the message
    paste = ipython(
        "shortest", 42, "raise NodeNotFound(msg)", "NodeNotFound: Either source 1 or target 5 is not in G"
    )
    res = matcher.explain(paste)
    assert top(res).function == "shortest" and top(res).approximate
    exact = [m for m in res.matches if not m.approximate]
    assert [m.function for m in exact] == ["astar"]  # still shown, exact, below
    # without the traceback, the text decides
    assert top(matcher.explain("NodeNotFound: Either source 1 or target 5 is not in G")).function == "astar"


def test_a_message_unlike_the_functions_raises_says_the_raise_moved(matcher: Matcher) -> None:
    # the check moved from ``shortest`` into ``astar`` between releases: ``shortest``'s own
    # messages share little with the text, so the exact text in the other function is the site
    paste = ipython(
        "shortest",
        42,
        "raise NodeNotFound(msg)",
        "NodeNotFound: No heuristic estimate for node 5 could be computed",
    )
    res = matcher.explain(paste)
    assert (top(res).function, top(res).approximate) == ("astar", False)


def test_an_exact_text_in_the_file_the_traceback_ends_in_stays_first(matcher: Matcher) -> None:
    # the traceback ends in ``check_targets`` (its release said less, at another line); the
    # message fits ``unique_labels`` of the same file in full: the raise may have moved there,
    # and the text decides, exact; the reworded raise of the function comes next, approximate
    paste = ipython(
        "check_targets",
        7,
        'raise ValueError("Unknown label type: %r" % kind)',
        "ValueError: Unknown label type: 'continuous'",
        exc="ValueError",
    )
    res = matcher.explain(paste)
    assert (top(res).function, top(res).approximate) == ("unique_labels", False)
    assert (res.matches[1].function, res.matches[1].approximate) == ("check_targets", True)
