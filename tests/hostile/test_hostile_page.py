"""The error page on text from indexed code: linear in a run of ``)`` and in a guard's names.

``render.prose`` links bare URLs and ``_trim_url`` cuts sentence punctuation off a URL's end,
keeping a ``)`` that closes a ``(`` inside it. It counted the parentheses of the whole prefix
at every step, quadratic in a run of ``)``: a guard of indexed code holding a backtick (which
ends the guard's code span early) then a URL and 80,000 ``)`` took 7 s of CPU to render its
error page, and a megabyte literal (the parse cap is 8 MiB) about twenty minutes of a server
thread. The counts now move with the end; the answers are the old loop's (its oracle below).
A guard's names (``trigger._names_of``, what the page's trigger grounds) were kept in a list
scanned for each name: a guard of 8,000 ``x.aN == N`` joined by ``and`` took 10.8 s to render.
Timed in CPU: the wall clock on a shared machine also counts other processes' turns."""

from __future__ import annotations

import ast
import random
import time
from pathlib import Path

from fastapi.testclient import TestClient

from errdex.analysis.trigger import _names_of, describe_guards
from errdex.astutil import dotted_name
from errdex.pipeline import index
from errdex.store import Store
from errdex.web.app import create_app
from errdex.web.render import _URL_TRAILING, _trim_url, prose

RUN = 80_000  # ``)`` after the URL: 2.3 s in ``prose`` before, milliseconds now


def _old_trim(url: str) -> tuple[str, str]:
    """``_trim_url`` before sec55, verbatim: the oracle."""
    end = len(url)
    while end:
        c = url[end - 1]
        if c in _URL_TRAILING or (c == ")" and url.count("(", 0, end) < url.count(")", 0, end)):
            end -= 1
            continue
        break
    return url[:end], url[end:]


def test_the_url_trim_is_the_old_one() -> None:
    rng = random.Random(55)
    for _ in range(5_000):
        tail = "".join(rng.choice("()a.,;:!?'\"/") for _ in range(rng.randint(0, 12)))
        url = "https://a.b/" + tail
        assert _trim_url(url) == _old_trim(url), url
    assert _trim_url("https://en.wikipedia.org/wiki/Foo_(bar)).") == (
        "https://en.wikipedia.org/wiki/Foo_(bar)",
        ").",
    )


def _cpu(text: str) -> float:
    start = time.thread_time()
    prose(text)
    return time.thread_time() - start


def test_a_url_ending_in_a_run_of_closing_parentheses_costs_what_a_plain_one_does() -> None:
    hostile = "`x == '`https://a.b/" + ")" * RUN + "'`"
    benign = "`x == '`https://a.b/" + "a" * RUN + "'`"
    assert str(prose(hostile)).count(")") == RUN  # every one is kept, as text after the link
    bad, good = _cpu(hostile), _cpu(benign)
    assert bad <= 5 * good + 0.05, (bad, good)


def test_the_error_page_of_such_a_guard_renders_at_once(tmp_path: Path) -> None:
    pkg = tmp_path / "webpkg"
    pkg.mkdir()
    literal = "`https://a.b/" + ")" * RUN
    (pkg / "__init__.py").write_text(
        f"def f(x):\n    if x == {literal!r}:\n        raise ValueError('bad value')\n"
    )
    db = tmp_path / "c.db"
    index(str(pkg), str(db), jobs=1)
    with Store.open(str(db), readonly=True) as store:
        _, rows = store.list_errors()
    (row,) = rows
    with TestClient(create_app(str(db))) as client:
        start = time.process_time()  # the page renders in the server's thread pool
        page = client.get(f"/{row.repo}/errors/{row.id}")
        took = time.process_time() - start
    assert page.status_code == 200
    assert ")" * 1000 in page.text  # the guard is on the page
    assert took < 1.5, took  # 7 s before


# ------------------------------------------------ the names of a guard (``analysis.trigger``)

GUARD_NAMES = 10_000  # distinct names in one guard: ~5 s before (quadratic), 0.3 s now


def _old_names_of(src: str) -> list[str]:
    """``trigger._names_of`` before sec55, verbatim but for the parse fallback: the oracle."""
    out: list[str] = []
    for node in ast.walk(ast.parse(src.strip(), mode="eval")):
        if isinstance(node, ast.Attribute | ast.Name):
            dotted = dotted_name(node)
            if dotted and dotted not in out and not any(o.startswith(dotted + ".") for o in out):
                out.append(dotted)
    return out


def test_the_names_of_a_guard_are_the_old_ones() -> None:
    rng = random.Random(55)
    parts = ["x", "y", "x.a", "x.a.b", "x.ab", "y.a", "f(x.a.b.c)", "x.a.b.c.d", "len(y.a)", "x[y.b]"]
    for _ in range(3_000):
        terms = [f"{rng.choice(parts)} == {rng.randint(0, 3)}" for _ in range(rng.randint(1, 8))]
        src = rng.choice([" and ", " or "]).join(terms)
        assert _names_of(src) == _old_names_of(src), src


def test_a_guard_of_thousands_of_names_is_described_in_linear_time() -> None:
    def cpu(n: int) -> float:
        guard = " and ".join(f"x.a{i} == {i}" for i in range(n))
        start = time.thread_time()
        trigger = describe_guards([guard])
        took = time.thread_time() - start
        assert len(trigger.names) == n  # every name, once
        return took

    small, big = cpu(GUARD_NAMES // 4), cpu(GUARD_NAMES)
    assert big <= 8 * small + 0.1, (small, big)  # 4x the guard: ~4x the time (16x before)
