"""The explain stage on small inputs: expectations, linking, guard prose, solutions, rendering."""

from __future__ import annotations

import ast
import inspect
import io
import os
import subprocess
import textwrap
from pathlib import Path

import pytest
from sources_helpers import git

from errdex.analysis.meaning import gather_notes
from errdex.analysis.solutions import imperatives, solutions_for
from errdex.analysis.trigger import describe_guards
from errdex.analysis.verify import identifiers, names_in_code
from errdex.extract import is_test_path
from errdex.extract.expectations import _needle_lines, _walk_stmt, expectations_in, find_expectations
from errdex.extract.testlinks import link_expectations, literal_fragments, pattern_fits_template
from errdex.model import ErrorRecord, SourceFile, error_id
from errdex.model import TestExpectation as Expectation

FIXTURES = Path(__file__).parent / "fixtures" / "explain"

MPMD_GUARDS = [
    "len(meshes_and_fns) > 1",
    "for scratch_type in flat_scratch_types",
    "not isinstance(scratch_type.memory_space, pallas_core.CoreMemorySpace) and scratch_type.memory_space "
    "not in (tpu_core.MemorySpace.HBM, tpu_core.MemorySpace.VMEM_SHARED)",
]


def test_find_expectations_shapes() -> None:
    data = (FIXTURES / "test_sample.py").read_bytes()
    found = find_expectations([SourceFile("tests/test_sample.py", data), SourceFile("pkg/mod.py", data)])
    got = {(e.function, e.exc_type, e.pattern, e.kind) for e in found}
    assert ("test_literal", "ValueError", r"got \d+ features", "raises") in got
    assert ("test_fstring_and_const", "ValueError", "alpha must be positive", "raises") in got
    assert ("test_escape", "TypeError", r"expected\ \(a,\ b\)", "raises") in got
    assert ("test_call_form", "KeyError", None, "raises") in got
    assert ("test_param", "UserWarning", "too small", "warns") in got
    assert ("test_param", "UserWarning", "too big", "warns") in got
    assert ("TestCase.test_regex", "RuntimeError", "boom .* now", "assert_raises") in got
    assert ("TestCase.test_plain", "OSError", None, "assert_raises") in got
    assert all(e.path == "tests/test_sample.py" for e in found)  # pkg/mod.py is not a test file
    lit = next(e for e in found if e.function == "test_literal")
    assert (lit.line, lit.end_line) == (11, 12)


_SCOPES = """\
import pytest


def test_split():
    with (
        pytest.raises(
            ValueError, match="bad " "value"
        )
    ):
        pass


class TestNested:
    def helper(self):
        return 1

    def test_inner(self):
        def inner():
            self.assertRaises(KeyError, f, 1)

        inner()


def test_none():
    x = "raise"
"""


@pytest.mark.parametrize("module", [ast, inspect, textwrap])
def test_the_finders_walk_yields_the_statements_a_walk_of_every_node_does(module: object) -> None:
    """The finder acts on statements only, so its walk follows only the fields holding them:
    the statements, handlers and cases come as a depth-first walk of every node gives them."""
    tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    kinds = (ast.stmt, ast.excepthandler, ast.match_case)
    scopes = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    for stmt in ast.walk(tree):
        if not isinstance(stmt, ast.stmt) or isinstance(stmt, scopes):
            continue
        expected: list[ast.AST] = []
        stack: list[ast.AST] = [stmt]
        while stack:  # every node, depth first, nested scopes not entered
            node = stack.pop()
            if isinstance(node, kinds):
                expected.append(node)
            if node is stmt or not isinstance(node, scopes):
                stack.extend(reversed(list(ast.iter_child_nodes(node))))
        assert list(_walk_stmt(stmt)) == expected


def test_expectations_skip_only_scopes_naming_no_expecting_call() -> None:
    """Functions and classes with no line naming a callee of ``_CALLS`` are passed over; where
    the lines cannot be read off the text (NFKC identifiers, carriage returns) nothing is."""
    assert _needle_lines(_SCOPES) == [6, 19]
    want = [
        ("test_split", "ValueError", "bad value", "raises", 5, 10),
        ("TestNested.test_inner.<locals>.inner", "KeyError", None, "assert_raises", 19, 19),
    ]
    for text in (
        _SCOPES,
        _SCOPES.replace("pytest.raises", "pytest.\uff52aises"),
        _SCOPES.replace("\n", "\r"),
    ):
        tree = ast.parse(text)
        got = expectations_in("tests/test_x.py", tree, text)
        assert [(e.function, e.exc_type, e.pattern, e.kind, e.line, e.end_line) for e in got] == want
        assert got == expectations_in("tests/test_x.py", tree)  # the walk of every scope
    assert _needle_lines(_SCOPES.replace("pytest.raises", "pytest.\uff52aises")) is None
    assert _needle_lines(_SCOPES.replace("\n", "\r")) is None
    assert _needle_lines("x = 1\n") == []


def test_is_test_path() -> None:
    assert is_test_path("sklearn/linear_model/tests/test_omp.py")
    assert (
        is_test_path("tests/helpers.py") and is_test_path("pkg/conftest.py") and is_test_path("a/b_test.py")
    )
    assert not is_test_path("jax/_src/pallas/mpmd.py")


def _rec(
    template_segments: list[str],
    exc: str = "ValueError",
    path: str = "pkg/mod.py",
    bases: list[str] | None = None,
) -> ErrorRecord:
    tmpl = "".join(p if i % 2 == 0 else "{" + p + "}" for i, p in enumerate(template_segments))
    return ErrorRecord(
        kind="error",
        exc_type=exc,
        template=tmpl,
        segments=template_segments,
        expanded_segments=template_segments,
        path=path,
        line=1,
        end_line=1,
        function="f",
        exc_bases=bases or [],
        id=error_id("r", path, "f", exc, tmpl),
    )


def _exp(exc: str, pattern: str | None) -> Expectation:
    return Expectation(
        path="tests/test_x.py", line=1, end_line=2, function="t", exc_type=exc, pattern=pattern, kind="raises"
    )


def test_link_by_regex_and_by_fragments() -> None:
    feats = _rec(["X has ", "n", " features, but the model expects ", "m", " features."])
    other = _rec(["Unknown solver ", "s", "."])
    custom = _rec(["config file ", "p", " is broken"], exc="ConfigError", bases=["ValueError"])
    found = [
        _exp("ValueError", r"X has \d+ features"),  # regex over the sample rendering
        _exp("ValueError", "X has 3 features, but the model expects 4 features"),  # dynamic values
        _exp("ValueError", "config file .* is broken"),  # subclass via exc_bases
        _exp("TypeError", "Unknown solver"),  # wrong type: no link
        _exp("ValueError", "totally unrelated words"),
        _exp("ValueError", "X has many labels and other stuff"),  # placeholders cannot carry it
        _exp("ConfigError", None),  # codebase-specific type, single site: linked by type
        _exp("ValueError", None),  # builtin type without match: never linked
    ]
    assert link_expectations(found, [feats, other, custom]) == 4
    assert [e.error_ids for e in found] == [[feats.id], [feats.id], [custom.id], [], [], [], [custom.id], []]


def test_linking_is_the_same_whatever_the_hash_seed() -> None:
    """Two words of the pattern each index one template: the tie must not follow set order."""
    import sys

    probe = (
        "from errdex.extract.testlinks import link_expectations; "
        "from errdex.model import ErrorRecord, TestExpectation, error_id\n"
        "recs = [ErrorRecord('error', 'ValueError', t, s, s, 'm.py', 1, 1, 'f', id=error_id('r', 'm.py', 'f', "
        "'ValueError', t)) for t, s in (('foo {x}', ['foo ', 'x', '']), ('{y} bar', ['', 'y', ' bar']))]\n"
        "exp = TestExpectation('tests/t.py', 1, 2, 't', 'ValueError', 'foo .* bar', 'raises')\n"
        "link_expectations([exp], recs); print(exp.error_ids == [recs[1].id])"
    )
    seen = {
        subprocess.run([sys.executable, "-c", probe], env={**os.environ, "PYTHONHASHSEED": str(seed)},
                       capture_output=True, text=True, check=True).stdout.strip()
        for seed in range(8)
    }  # fmt: skip
    assert seen == {"True"}  # "bar" sorts before "foo": its template is the one linked


def test_fragments_and_automaton() -> None:
    assert literal_fragments(r"got \d+ features \(x=1\)") == ["got ", " features (x=1)"]
    assert literal_fragments("abc?d") == ["ab", "d"]
    segs = ["got ", "n", " features"]
    assert pattern_fits_template(["got 3 features"], segs)
    assert pattern_fits_template(["3 feat"], segs)
    assert pattern_fits_template(["got 3 labels"], segs)  # "got 3 labels features": words decide
    assert not pattern_fits_template(["get"], ["got it"])  # no placeholder to absorb it
    assert not pattern_fits_template(["features", "got"], ["got features"])  # order matters


def test_catastrophic_pattern_is_never_run() -> None:
    long = _rec(["a" * 5000 + "!"])
    found = [_exp("ValueError", "(a+)+b aaaa")]
    link_expectations(found, [long])  # returns at once: nested repeats are not compiled
    assert found[0].error_ids == []


def test_guard_prose_for_the_mpmd_seed() -> None:
    t = describe_guards(
        MPMD_GUARDS, {"tpu_core": "jax._src.pallas.mosaic.core", "pallas_core": "jax._src.pallas.core"}
    )
    assert t.conditions == [
        "`meshes_and_fns` has more than 1 item",
        "For each `scratch_type` in `flat_scratch_types`",
        "`scratch_type.memory_space` is not a `pallas_core.CoreMemorySpace` and not one of "
        "`tpu_core.MemorySpace.HBM`, `tpu_core.MemorySpace.VMEM_SHARED`",
    ]
    assert "`tpu_core` is `jax._src.pallas.mosaic.core`" in t.text
    sols, _ = solutions_for(t, MPMD_GUARDS, "x", "x", [])
    assert sols[0].source == "guard"
    assert "`tpu_core.MemorySpace.HBM` or `tpu_core.MemorySpace.VMEM_SHARED`" in sols[0].text
    assert "a `pallas_core.CoreMemorySpace`" in sols[0].text


@pytest.mark.parametrize(
    ("guard", "phrase"),
    [
        ("x is None", "`x` is None"),
        ("not (x is None)", "`x` is not None"),
        ("len(shape) != 2", "`shape` has not exactly 2 items"),
        ("not isinstance(x, (int, float))", "`x` is neither a `int` nor a `float`"),
        ("a < 0 or b < 0", "either `a` is less than 0, or `b` is less than 0"),
        ("not hasattr(est, 'fit')", "`est` has no attribute 'fit'"),
        ("except KeyError as e", "When handling `KeyError`"),
        ("weird ** expression", "`weird ** expression` holds"),
    ],
)
def test_guard_phrases(guard: str, phrase: str) -> None:
    assert describe_guards([guard]).conditions[0].lower() == phrase.lower()


def test_imperatives_and_docs() -> None:
    msg = (
        "Reshape your data either using array.reshape(-1, 1). Please file an issue at "
        "https://github.com/x/y. See https://docs.jax.dev/en/latest/pallas/grid_blockspec.html#pallas-blockspec"
    )
    assert imperatives(msg)[0].startswith("Reshape your data")
    _, refs = solutions_for(describe_guards([]), [], msg, msg, [])
    assert "https://docs.jax.dev/en/latest/pallas/grid_blockspec.html#pallas-blockspec" in refs


def test_notes_above_enclosing_headers() -> None:
    src = [
        "def f(x):",
        "    # unrelated sibling note",
        "    y = 1",
        "    if x:",
        "        # TODO(a): explain the limit",
        "        # continued here.",
        "        for i in x:",
        "            if i:",
        "                raise ValueError('no')  # pyrefly: ignore",
    ]
    assert gather_notes(src, 9, 9, 1, []) == ["TODO(a): explain the limit continued here."]


def test_render_plain() -> None:
    from rich.console import Console

    from errdex.analysis.result import Analysis, Meaning, Provenance, Solution, TriggerText
    from errdex.cli.render import print_error
    from errdex.history.versions import ErrorHistory
    from errdex.store.records import Occurrence, SourceWindow, Version
    from errdex.views import ErrorView

    version = Version("1.0", "1.0", "pypi", None, None, None, None, False)
    occ = Occurrence(1, version, 2, 2, None, (), (), (), 1, 2, (), None, False)
    analysis = Analysis(
        meaning=Meaning("It means."), trigger=TriggerText((), "Always."), reached_from=(),
        solutions=(Solution("Do it.", "guard"),), solutions_note=None, references=(), comments=(), todos=(),
        examples=(), contrast=(), tests_shipped=False, tests_note="No tests.", related=(), llm=None,
        provenance=Provenance("static", "o/r@1.0", None),
    )  # fmt: skip
    view = ErrorView(
        id="0123456789abcdef", repo="o/r", repo_url=None, kind="error", exc_type="ValueError",
        exc_qualname=None, exc_bases=(), level=None, template="bad {x}", segments=("bad ", "x", ""),
        expanded_template="", expanded_segments=(), path="p.py", line=2, end_line=2, function="f",
        version=version, guards=(), source=SourceWindow(1, ("def f(x):", "    raise ValueError(f'bad {x}')")),
        comments=(), docstring=None, permalink=None, versions=(occ,), report_issue=None,
        history=ErrorHistory("0123456789abcdef", "o/r", ("1.0",), (), ()),
        analysis=analysis,
    )  # fmt: skip
    buf = io.StringIO()
    print_error(view, Console(file=buf, width=100, color_system=None))
    out = buf.getvalue()
    for part in ("o/r · error · ValueError", "What it means", "Thrown at p.py:2", "1. Do it.", "No tests."):
        assert part in out


def test_git_repo_with_tests_folder(tmp_path: Path) -> None:
    """Tests outside the package are indexed and linked; the page shows them as the example."""
    from errdex.pipeline import index
    from errdex.store import Store
    from errdex.views import error_view

    repo = tmp_path / "shapes"
    (repo / "shapes").mkdir(parents=True)
    (repo / "tests").mkdir()
    (repo / "shapes" / "__init__.py").write_text(
        "def area(w, h):\n"
        "    if w < 0:\n"
        "        raise ValueError(f'width must be non-negative, got {w}')\n"
        "    return w * h\n"
    )
    (repo / "tests" / "test_x.py").write_text(
        "import pytest\nfrom shapes import area\n\n\n"
        "def test_negative_width():\n"
        "    with pytest.raises(ValueError, match='width must be non-negative, got -1'):\n"
        "        area(-1, 2)\n"
    )
    git(repo, "init")
    git(repo, "add", ".")
    git(repo, "commit", "-m", "init")
    db = str(tmp_path / "c.db")
    summary = index(f"{repo}@HEAD", db, jobs=1)
    assert (summary.expectations, summary.linked_expectations) == (1, 1)
    with Store.open(db) as store:
        _, rows = store.list_errors()
        [row] = [r for r in rows if r.template.startswith("width must")]
        a = error_view(store, store.get_error(row.id)).to_json()["analysis"]
        [ex] = a["examples"]
        assert ex["path"] == "tests/test_x.py" and "area(-1, 2)" in ex["source"]
        assert ex["source"].startswith("def test_negative_width")
        assert a["tests_shipped"] is True
        assert a["trigger"]["conditions"] == ["`w` is less than 0"]
        assert any(
            s["source"] == "parameter" and "(w=...)`" in s["text"] and "unless `w` is at least 0" in s["text"]
            for s in a["solutions"]
        ), a["solutions"]


def test_a_passing_sibling_test_is_shown_beside_the_failing_one(tmp_path: Path) -> None:
    from errdex.pipeline import index
    from errdex.store import Store
    from errdex.views import error_view

    root = tmp_path / "proj"
    (root / "shapes").mkdir(parents=True)
    (root / "shapes" / "__init__.py").write_text(
        "def area(w, h):\n    if w < 0:\n        raise ValueError(f'width must be >= 0, got {w}')\n    return w * h\n"
    )
    (root / "tests").mkdir()
    (root / "tests" / "test_area.py").write_text(
        "import pytest\nfrom shapes import area\n\n"
        "def test_area_negative():\n    with pytest.raises(ValueError, match='width must be'):\n        area(-1, 2)\n\n"
        "def test_area():\n    assert area(2, 3) == 6\n\n"
        "def test_unrelated():\n    assert sorted([2, 1]) == [1, 2]\n"
    )
    db = str(tmp_path / "c.db")
    index(str(root), db, jobs=1)
    with Store.open(db) as store:
        [row] = store.list_errors()[1]
        analysis = error_view(store, store.get_error(row.id)).to_json()["analysis"]
        assert [e["function"] for e in analysis["examples"]] == ["test_area_negative"]
        [contrast] = analysis["contrast"]
        assert contrast["function"] == "test_area" and contrast["shared"] == ["area"]
        assert "assert area(2, 3) == 6" in contrast["source"]


def test_a_condition_quoted_from_a_walrus_assert_is_code_not_prose() -> None:
    # ``assert (attr := op.attributes.get("a.b"))`` gives the condition
    # ``attr := op.attributes.get("a.b")``, Python only in parentheses: read as prose, its string
    # literal was taken for a dotted name the grounding check could not resolve
    text = 'It is raised when `attr := op.attributes.get("mhlo.frontend_attributes")`.'
    assert identifiers(text) == ["op.attributes.get"]
    # a statement cut from a block still reads as code; prose stays prose
    assert names_in_code("    value = config.load()") == ["config.load"]
    assert names_in_code("see the docs") is None
