"""Advice that helps, or one line saying none is known; what an error's own class says it is.

Unit tests for the sentence filter and the parameter feeds, then one real catalogue (a package
indexed from a directory) that has each case: a public function's argument, a private helper
reached from a public function with a parameter of the same name, a maintainers' comment that is
not advice, an exception class built on another module's class, and a raise with no known fix.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from errdex.analysis.classes import class_docstring
from errdex.analysis.solutions import NO_FIX, imperatives, parameter_feeds, solutions_for
from errdex.analysis.trigger import describe_guards


@pytest.mark.parametrize(
    "sentence",
    [
        "reshape with None dimensions not supported yet",
        "Either both the ref and the value are transposed or neither is.",
        "To avoid unintended promotion, 4-bit floats do not support implicit promotion.",
        "check failed for operand {x}",
        "add is not supported for sparse arrays",
    ],
)
def test_statements_are_not_advice(sentence: str) -> None:
    assert imperatives(sentence) == []


@pytest.mark.parametrize(
    ("message", "advice"),
    [
        ("Bad dtype. Instead, use jnp.float32 here.", "Instead, use jnp.float32 here."),
        ("Overflow. To fix this, pass a smaller `n`.", "To fix this, pass a smaller `n`."),
        ("Use arr.filled() to fill masked values", "Use arr.filled() to fill masked values"),
        ("No backend. Set JAX_PLATFORMS='' to pick one.", "Set JAX_PLATFORMS='' to pick one."),
        (
            "Cannot promote. You can cast explicitly, e.g. x.astype('float32').",
            "You can cast explicitly, e.g. x.astype('float32').",
        ),
        (
            "Bad shape. Reshape your data with array.reshape(-1, 1).",
            "Reshape your data with array.reshape(-1, 1).",
        ),
    ],
)
def test_imperatives_keep_real_advice_whole(message: str, advice: str) -> None:
    assert imperatives(message) == [advice]


def test_feeds_prefer_the_raising_function_then_a_reaching_one() -> None:
    guards = ["mode not in ('a', 'b')", "self.strict and n < 1"]
    direct = parameter_feeds(guards, ("pkg.run", ("self", "n", "mode")), [])
    assert [(f.param, f.function, f.direct) for f in direct] == [
        ("n", "pkg.run", True),
        ("mode", "pkg.run", True),
    ]
    assert direct[0].condition.startswith("either") and "`n` is at least 1" in direct[0].condition
    via = parameter_feeds(["n < 1"], None, [("pkg.api", ("x", "n"))])
    assert [(f.param, f.function, f.direct) for f in via] == [("n", "pkg.api", False)]
    assert parameter_feeds(["n < 1"], None, [("pkg.api", ("x",))]) == []
    # a loop or a handler is not a check on the value: no argument to blame
    assert parameter_feeds(["for n in items", "except KeyError"], ("pkg.f", ("n", "items")), []) == []


def test_a_guard_on_self_names_the_constructor_argument_that_set_it() -> None:
    guards = ["if self.strict and self.size(n) > 3"]
    [feed] = parameter_feeds(guards, None, [], ("pkg.Box", ("strict", "label")))
    assert (feed.param, feed.function, feed.attribute) == ("strict", "pkg.Box", True)
    sols, _ = solutions_for(describe_guards(guards), guards, "too big", "too big", [], feeds=[feed])
    assert sols[0].text.startswith("`self.strict` is what you pass as `pkg.Box(strict=...)`")
    # an attribute the constructor does not take was computed later: nothing to point the user at
    assert parameter_feeds(["if self.cache_size > 3"], None, [], ("pkg.Box", ("strict",))) == []


def test_accepted_values_join_the_argument_and_nothing_restates_the_guard() -> None:
    guards = ["mode not in ('a', 'b')"]
    feeds = parameter_feeds(guards, ("pkg.run", ("mode",)), [])
    sols, _ = solutions_for(describe_guards(guards), guards, "bad mode", "bad mode", [], feeds=feeds)
    assert [s.to_json() for s in sols] == [
        {
            "text": "Check the value you pass as `pkg.run(mode=...)`: give it `'a'` or `'b'`.",
            "source": "parameter",
        }
    ]
    bare = ["x.ndim > 2"]
    assert solutions_for(describe_guards(bare), bare, "too many dims", "too many dims", [])[0] == []


def test_class_docstring_is_read_under_the_header() -> None:
    lines = [
        "class Bad(",
        "    Base,",
        "):  # comment",
        "",
        '    r"""A bad thing happened.',
        "",
        "    More words.",
        '    """',
        "    code = 1",
    ]
    assert class_docstring(lines, 1) == "A bad thing happened.\n\nMore words."
    assert class_docstring(["class A:", "    '''One line.'''"], 1) == "One line."
    assert class_docstring(["class A:", "    x = 1"], 1) is None
    assert class_docstring(["class A:", '    """never closed'], 1) is None


def _analyses(src: Path) -> dict[str, dict[str, Any]]:
    """Index the packages under ``src`` and return each error's analysis JSON by its template."""
    from errdex.pipeline import index
    from errdex.store import Store
    from errdex.views import error_view

    db = str(src.parent / "c.db")
    index(str(src), db, jobs=1)
    with Store.open(db) as store:
        _, rows = store.list_errors()
        out: dict[str, dict[str, Any]] = {}
        for r in rows:
            err = store.get_error(r.id)
            assert err is not None
            out[r.template] = error_view(store, err).to_json()["analysis"]
        return out


def _starting(analyses: dict[str, dict[str, Any]], prefix: str) -> dict[str, Any]:
    [found] = [a for template, a in analyses.items() if template.startswith(prefix)]
    return found


def test_a_catalogue_gives_arguments_class_meanings_and_an_honest_none(tmp_path: Path) -> None:
    pkg = tmp_path / "src" / "geo"
    pkg.mkdir(parents=True)
    (pkg / "errors.py").write_text(
        "class GeoError(ValueError):\n"
        '    """Base of every geometry error."""\n\n\n'
        "class ShapeError(GeoError):\n"
        '    """A shape that cannot exist was described."""\n'
    )
    (pkg / "__init__.py").write_text(
        "from geo.errors import ShapeError\n\n\n"
        "def area(w, h):\n"
        "    if w < 0:\n"
        "        raise ShapeError(f'width must be non-negative, got {w}')\n"
        "    return w * h\n\n\n"
        "def scale(shape, factor):\n"
        "    return _checked(factor) * shape\n\n\n"
        "def _checked(factor):\n"
        "    # the cache below assumes this; use the fast path from now on\n"
        "    if factor == 0:\n"
        "        raise ValueError('a zero factor collapses the shape')\n"
        "    return factor\n\n\n"
        "def load(data):\n"
        "    raise RuntimeError('the loader has not been written')\n"
    )
    analyses = _analyses(tmp_path / "src")
    shape = _starting(analyses, "width must")
    assert shape["solutions"][0]["source"] == "parameter"
    assert "`geo.area(w=...)`" in shape["solutions"][0]["text"]
    assert "codebase-specific kind of ValueError" in shape["meaning"]["text"]
    assert "“A shape that cannot exist was described.”" in shape["meaning"]["text"]

    zero = _starting(analyses, "a zero")
    [fix] = zero["solutions"]
    assert fix["source"] == "parameter" and "`geo.scale(factor=...)`, a public function" in fix["text"]
    assert "use the fast path" not in str(zero["solutions"])  # a maintainers' note, not advice

    none = _starting(analyses, "the loader")
    assert none["solutions"] == [] and none["solutions_note"] == NO_FIX
    assert shape["solutions_note"] is None


def test_a_catalogue_points_self_attributes_at_the_constructor_and_skips_private_docs(tmp_path: Path) -> None:
    pkg = tmp_path / "src" / "box"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(
        "class Base:\n"
        "    def __init__(self, strict=False, label=''):\n"
        "        self.strict = strict\n"
        "        self.label = label\n\n\n"
        "class Box(Base):\n"
        "    def fill(self, items):\n"
        "        if self.strict and len(items) > 3:\n"
        "            raise ValueError('a strict box holds three items')\n"
        "        return list(items)\n\n"
        "    def pack(self, items):\n"
        '        """Check and pack the items.\n\n        :meta private:\n        """\n'
        "        if len(items) > 9:\n"
        "            raise OverflowError('no box holds ten items')\n"
        "        return items\n\n\n"
        "def ship(items):\n"
        "    box = Box()\n"
        "    return box.pack(items)\n"
    )
    analyses = _analyses(tmp_path / "src")
    strict = _starting(analyses, "a strict")
    texts = [s["text"] for s in strict["solutions"]]
    assert "`box.Box.fill(items=...)`" in texts[0]  # the method's own argument, then the object's
    assert texts[1].startswith("`self.strict` is what you pass as `box.Box(strict=...)` (or to a subclass)")
    pack = _starting(analyses, "no box")
    # Box.pack is documented as private: the fix is the argument of the public ship(), not pack()'s
    texts = [s["text"] for s in pack["solutions"]]
    assert texts and all("Box.pack(" not in t for t in texts)
    assert any("`box.ship(items=...)`" in t for t in texts)


def test_the_tests_note_names_the_sdist_that_was_read() -> None:
    from dataclasses import replace

    from errdex.analysis.examples import tests_note
    from errdex.store.records import Snapshot, SnapshotStats

    snap = Snapshot(
        id=1, repo="o/demo", version="1.0", ref_kind="pypi", ref="demo==1.0", commit=None, date=None,
        source_url=None, tag=None, archive="demo-1.0-py3-none-any.whl", sha256=None, indexed_at=None,
        has_tests=False, stats=SnapshotStats(),
    )  # fmt: skip
    assert tests_note(snap, 0, 0) == "The demo 1.0 wheel shipped no tests, so no example from its test suite."
    read = replace(snap, stats=SnapshotStats.from_json({"tests_from": "demo-1.0.tar.gz"}))
    assert tests_note(read, 0, 0) == (
        "The demo 1.0 wheel and its sdist (demo-1.0.tar.gz) shipped no tests, so no example from its test suite."
    )
    assert tests_note(read, 4, 0).startswith("The demo 1.0 sdist (demo-1.0.tar.gz) has 4 test expectations")
    assert tests_note(
        replace(snap, stats=SnapshotStats.from_json({"tests_from": ["not", "a", "name"]})), 0, 0
    ) == tests_note(snap, 0, 0)
