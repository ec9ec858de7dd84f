"""scripts/make_runtime_set.py and the scripts built on its harness, run for real: a
virtualenv, a pinned release from the registry, and snippets that fail in it. The cases they write
must be well formed, their truth must name statements that exist in the installed files, and they
must agree with the committed sets.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
REGRESSION = ROOT / "tests" / "data" / "regression"
# (script, the set it makes, one library of it). packaging: small, pure Python, no dependencies,
# the cheapest real library to install; starlette: its failing `assert`s are raise sites; idna:
# no dependencies, and helpers that raise a message they are handed (alternatives); requests:
# pure Python, and a set whose script also installs a pin no snippet list owns (httpx); h11: pure
# Python, no dependencies, and a message handed to a helper that raises it; jsonpointer: one
# module, no dependencies, the cheapest library of the set whose script is only `set_main`;
# cssselect: pure Python, no dependencies, a set whose libraries rank ~800-1100; pymysql: pure
# Python, no dependencies, the cheapest library of a set whose venv also holds pandas and scipy;
# webcolors: pure Python, no dependencies, the cheapest library of a set whose venv also holds
# openai and its HTTP stack; attrs: no dependencies, the cheapest library of runtime2, the
# script that re-runs the runtime set's pins with other snippets (packaging's there prints an
# exception group, not a traceback); pillow: one wheel, no dependencies, the cheapest library
# of runtime3, whose venv holds pandas, scikit-learn, scipy, boto3 and the rest; attrs again for
# runtime4, the set whose snippets all take the judge's truth (`compiled_truth`) and whose script
# also installs werkzeug, which no snippet list owns; attrs again for runtime5, runtime4's second
# reading at the same pins with other snippets; pytz for runtime6 (14 other popular
# libraries, all `compiled_truth` as well): one module, no dependencies, its cheapest library;
# pyjwt for runtime7 (14 more popular libraries, `compiled_truth`): pure Python, no
# dependencies, the cheapest library of a set whose venv also holds sympy, xarray and statsmodels
# whose messages hold no address (tenacity's `RetryError[<Future at 0x...>]` does); jmespath
# for runtime8 (14 more popular libraries, `compiled_truth`): pure Python, no dependencies, and
# messages that hold neither an address nor a time (yarl's and itsdangerous' do); sqlparse for
# runtime9 (14 more popular libraries, `compiled_truth`): pure Python, no dependencies, and
# messages that hold neither an address nor a path (pluggy's, GitPython's and pexpect's do); toml
# for runtime10 (14 more popular libraries, `compiled_truth`): one module, no dependencies, and
# messages that hold neither an address nor a path (joblib's, DeepDiff's and Alembic's do); pyjwt
# again for runtime12 (runtime7's libraries and releases, other mistakes): its messages hold no
# address, path or port a run would change (its key client meets the closed port 9); idna for
# runtime13 (runtime8's libraries and releases, other mistakes): one package, no dependencies, and
# messages that hold no address, path, port or time; toml again for runtime15 (runtime10's
# libraries and releases, other mistakes): one module, no dependencies, and messages that hold no
# address, path or time (its one file mistake names a file of the snippet's own folder); redis
# for runtime14 (runtime9's libraries and releases, other mistakes): pure Python, no
# dependencies, and messages that hold no address, port or time a run would change (its one path
# is a fixed missing socket); websockets for runtime19 (runtime8's libraries and releases, a third
# reading): one package, no dependencies, five snippets whose messages hold no address, path,
# port or time (its clients fail on their options before they connect).
SCRIPTS = [
    ("make_runtime_set.py", "runtime", "packaging"),
    ("make_heldout_set.py", "heldout", "starlette"),
    ("make_heldout2_set.py", "heldout2", "idna"),
    ("make_popular_set.py", "popular", "requests"),
    ("make_popular2_set.py", "popular2", "h11"),
    ("make_popular3_set.py", "popular3", "jsonpointer"),
    ("make_popular6_set.py", "popular6", "cssselect"),
    ("make_popular7_set.py", "popular7", "pymysql"),
    ("make_popular8_set.py", "popular8", "webcolors"),
    ("make_runtime2_set.py", "runtime2", "attrs"),
    ("make_runtime3_set.py", "runtime3", "pillow"),
    ("make_runtime4_set.py", "runtime4", "attrs"),
    ("make_runtime5_set.py", "runtime5", "attrs"),
    ("make_runtime6_set.py", "runtime6", "pytz"),
    ("make_runtime7_set.py", "runtime7", "pyjwt"),
    ("make_runtime8_set.py", "runtime8", "jmespath"),
    ("make_runtime9_set.py", "runtime9", "sqlparse"),
    ("make_runtime10_set.py", "runtime10", "toml"),
    ("make_runtime12_set.py", "runtime12", "pyjwt"),
    ("make_runtime13_set.py", "runtime13", "idna"),
    ("make_runtime15_set.py", "runtime15", "toml"),
    ("make_runtime14_set.py", "runtime14", "redis"),
    ("make_runtime19_set.py", "runtime19", "websockets"),
]

pytestmark = [pytest.mark.slow, pytest.mark.network]


def _function_at(tree: ast.Module, line: int) -> list[str]:
    """Qualified names (as co_qualname spells them) of the functions whose body holds `line`."""
    names: list[str] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = prefix + child.name
                end = child.end_lineno or child.lineno
                if isinstance(child, ast.ClassDef):
                    visit(child, name + ".")
                elif child.lineno <= line <= end:
                    names.append(name)
                    visit(child, name + ".<locals>.")
            else:
                visit(child, prefix)

    visit(tree, "")
    return names


@dataclass(frozen=True)
class Made:
    script: str
    committed: Path
    lib: str
    out: Path
    site: Path
    stdout: str


@pytest.fixture(scope="module", params=SCRIPTS, ids=[s[1] for s in SCRIPTS])
def made(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Made:
    """Run a script for one library into a fresh folder; other libraries' cases already there."""
    script, set_name, lib = request.param
    out = tmp_path_factory.mktemp("out")
    work = tmp_path_factory.mktemp("work")
    kept = {"id": "other-rt-001", "library": "other", "version": "1", "kind": "message", "input": "x",
            "expected": None, "source": "kept"}  # fmt: skip
    (out / "cases.jsonl").write_text(json.dumps(kept) + "\n", encoding="utf-8")
    (out / "versions.json").write_text(json.dumps({"other": "1"}), encoding="utf-8")
    r = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / script), "--only", lib, "--out", str(out), "--work", str(work)],
        capture_output=True, text=True, timeout=900, check=False,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr[-3000:]
    (site,) = (work / "venv").glob("lib/python3*/site-packages")
    return Made(f"scripts/{script}", REGRESSION / set_name, lib, out, site, r.stdout)


def _cases(out: Path, library: str) -> list[dict]:
    lines = (out / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    return [c for c in map(json.loads, lines) if c["library"] == library]


def test_cases_are_well_formed_and_other_libraries_are_kept(made: Made) -> None:
    out, site, stdout, lib = made.out, made.site, made.stdout, made.lib
    cases = _cases(out, lib)
    assert len(cases) >= 8  # at least four snippets, two forms each
    assert [c["id"] for c in cases] == [f"{lib}-rt-{i:03d}" for i in range(1, len(cases) + 1)]
    versions = json.loads((out / "versions.json").read_text(encoding="utf-8"))
    installed = next(site.glob(f"{lib}-*.dist-info")).name.removesuffix(".dist-info").split("-")[1]
    assert versions == {"other": "1", lib: installed}
    assert [c["id"] for c in _cases(out, "other")] == ["other-rt-001"]
    for c in cases:
        assert c["version"] == installed
        assert c["kind"] in ("message", "traceback", "negative")
        assert c["input"].strip()
        assert c["source"].startswith(f"runtime: {made.script} {lib}#"), c["source"]
        assert c["source"].rsplit("#", 1)[1].isdigit()
        assert (c["expected"] is None) == (c["kind"] == "negative")
    # each error twice: the message the user sees last, then the whole traceback ending in it
    for message, traceback in zip(cases[::2], cases[1::2], strict=True):
        assert message["source"] == traceback["source"]
        assert message["expected"] == traceback["expected"]
        assert traceback["input"].startswith("Traceback (most recent call last):")
        assert traceback["input"].endswith(message["input"])
    assert re.search(rf"^{lib}\s+\d+\s+\d+", stdout, re.M), stdout
    assert stdout.splitlines()[-1].startswith("summary: libraries=1 ")


def test_truth_frames_are_statements_of_the_installed_release(made: Made) -> None:
    positives = [c for c in _cases(made.out, made.lib) if c["expected"]]
    assert positives
    for c in positives:
        if c["kind"] == "message":  # the exception type is the one the message names
            assert c["input"].split(":", 1)[0].rsplit(".", 1)[-1] == c["expected"]["exc_type"]
        for want in [c["expected"], *c["expected"].get("alternatives", [])]:
            path = made.site / want["path"]
            assert path.is_file(), want
            tree = ast.parse(path.read_bytes())
            # breadth first, so the innermost statement starting on a line wins
            statements = {n.lineno: n for n in ast.walk(tree) if isinstance(n, ast.stmt)}
            stmt = statements.get(want["line"])
            assert stmt is not None, want
            assert want["function"] in _function_at(tree, want["line"]), want
            # a raise or an assert, or the call that hands its message to a helper that raises it
            assert isinstance(stmt, ast.Raise | ast.Assert) or any(
                isinstance(n, ast.Call) for n in ast.walk(stmt)
            ), want


def test_regenerated_truth_matches_the_committed_set(made: Made) -> None:
    lib = made.lib
    committed = {c["id"]: c for c in _cases(made.committed, lib)}
    versions = json.loads((made.committed / "versions.json").read_text(encoding="utf-8"))
    fresh = _cases(made.out, lib)
    if fresh[0]["version"] != versions[lib]:
        pytest.skip(f"the registry served {lib} {fresh[0]['version']}, the committed set has {versions[lib]}")
    assert [c["id"] for c in fresh] == list(committed)
    for c in fresh:
        want = committed[c["id"]]
        assert (c["kind"], c["expected"], c["note"]) == (want["kind"], want["expected"], want["note"])
        if c["kind"] == "message":
            assert c["input"] == want["input"]  # tracebacks differ only in the work folder's path


def _harness() -> object:
    """The harness script as a module (it is a script, not a package: loaded from its path)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "make_runtime_set", ROOT / "scripts" / "make_runtime_set.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # its dataclasses look their module up by name
    spec.loader.exec_module(sys.modules[spec.name])
    return sys.modules[spec.name]


def test_cli_error_line_reads_a_panel_of_any_title_up_to_its_rule() -> None:
    # tyro titles its panels by the error's kind and puts the argument's help under a rule
    # inside the panel: the message is the rows above the rule; typer's `Error` panel is read
    # as before, and a panel titled with an error is preferred to another panel printed after it
    read = _harness().cli_error_line  # type: ignore[attr-defined]
    tyro = (
        "╭─ Value error ────────────────────────╮\n"
        "│ Error parsing --count: invalid       │\n"
        "│ literal for int(): 'abc'             │\n"
        "│ ──────────────────────────────────── │\n"
        "│ Argument helptext:                   │\n"
        "│     --count INT                      │\n"
        "╰──────────────────────────────────────╯\n"
        "╭─ Hint ───────────╮\n"
        "│ see --help       │\n"
        "╰──────────────────╯\n"
    )
    assert read(tyro) == "Error parsing --count: invalid literal for int(): 'abc'"
    typer = "Usage: app.py COUNT\n╭─ Error ──────────╮\n│ Invalid value    │\n│ for 'count'.     │\n╰──────────────────╯\n"
    assert read(typer) == "Invalid value for 'count'."
    assert read(
        "╭─ Unrecognized options ─╮\n│ Unrecognized: --cnt    │\n│ ────────────────────── │\n│ Perhaps --count │\n╰────╯\n"
    ) == ("Unrecognized: --cnt")


def test_a_wrapped_text_of_two_plain_words_is_still_carried() -> None:
    # dnspython's ``Reader.read`` re-raises ``SyntaxError(f"{filename}:{line}: {detail}") from
    # None`` around ``unknown rdatatype 'world'``: the message carries the inner text whole,
    # though two plain words make no run (acc179); a short text inside another word does not
    carries = _harness().carries  # type: ignore[attr-defined]
    assert carries("<string>:1: unknown rdatatype 'world'", "unknown rdatatype 'world'")
    assert carries("while reading: bad value for the field given", "bad value for the field")
    assert not carries("Invalid escape: booming", "boom")
    assert not carries("<string>:1: bad rdatatype 'world'", "unknown rdatatype 'world'")


def test_compiled_truth_takes_the_calling_library_frame_instead_of_a_negative(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # An error raised in compiled code below a library's Python frame (pydantic-core below
    # `BaseModel.__init__`) is a negative by default; a snippet marked `compiled_truth` takes that
    # deepest Python frame as its truth, as a judge reading the traceback does.
    h: Any = _harness()

    class FakeDist:
        name = "pkg"

        def relpath(self, file: str) -> str | None:
            return "pkg/main.py" if "site-packages" in file else None

    class FakeSrc:
        def package_strings(self, dist: object) -> list[str]:
            return []

    dist = FakeDist()
    frames = [
        {"file": "/w/main.py", "line": 3, "qualname": "<module>", "pos": [3, 3, 0, 9]},
        {"file": "/v/site-packages/pkg/main.py", "line": 280, "qualname": "Model.__init__", "pos": [280, 280, 8, 40]},
    ]  # fmt: skip
    found = h.LibraryFrame(frames, 1, dist, h.Origin("call", False))
    monkeypatch.setattr(h, "deepest_library_frame", lambda *a, **k: found)
    run = {"exc_type": "ValidationError", "frames": frames, "is_warning": False, "init_params": None}
    outcomes = {}
    for flag in (False, True):
        out = h.Outcome("pkg", 1, h.Snippet(about="x", code="", compiled_truth=flag))
        out.message = "ValidationError: 1 validation error for Model"
        h.judge(run, {"pkg": dist}, FakeSrc(), out)
        outcomes[flag] = out
    assert outcomes[False].negative and outcomes[False].expected is None
    assert not outcomes[True].negative
    assert outcomes[True].expected == {
        "path": "pkg/main.py", "line": 280, "function": "Model.__init__", "exc_type": "ValidationError"
    }  # fmt: skip
    assert "calls compiled code that raises ValidationError" in outcomes[True].note


def test_a_frame_in_a_comprehension_is_its_enclosing_function() -> None:
    # CPython names a generator expression's frame `f.<locals>.<genexpr>`; its line is f's code,
    # and the truth test finds the function by the line's `def` (popular35's numpy-rt-037)
    h: Any = _harness()

    class FakeDist:
        def relpath(self, file: str) -> str | None:
            return "pkg/core.py"

    frame = {"file": "/site-packages/pkg/core.py", "line": 7, "qualname": "norm.<locals>.<genexpr>"}
    assert h.frame_site(frame, FakeDist(), "AxisError")["function"] == "norm"
    nested = dict(frame, qualname="Box.norm.<locals>.<listcomp>.<locals>.<genexpr>")
    assert h.frame_site(nested, FakeDist(), "AxisError")["function"] == "Box.norm"
    closure = dict(frame, qualname="norm.<locals>.inner")
    assert h.frame_site(closure, FakeDist(), "AxisError")["function"] == "norm.<locals>.inner"


def _interpreters() -> dict[str, str]:
    """The Pythons >= 3.12 this machine has (by version): this one, those on PATH, pyenv's."""
    import glob
    import shutil

    found = {f"{sys.version_info[0]}.{sys.version_info[1]}": sys.executable}
    candidates = [shutil.which(f"python3.{m}") for m in range(12, 16)]
    candidates += sorted(
        glob.glob(str(Path.home() / ".pyenv" / "versions" / "3.1[2-9]*" / "bin" / "python3"))
    )
    for exe in filter(None, candidates):
        r = subprocess.run(
            [exe, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
        if r.returncode == 0 and tuple(map(int, r.stdout.split("."))) >= (3, 12):
            found.setdefault(r.stdout.strip(), exe)
    return found


def test_a_failing_assert_has_the_same_truth_on_every_interpreter(tmp_path: Path) -> None:
    # Where a failing `assert` raised is the test expression's span (and line) on Python 3.13 and
    # the whole statement's on 3.12; both are the assert raising its message, on the statement's
    # first line. The 3.12 span used to read as "a call" and left starlette's asserts out of
    # heldout as ambiguous truth. Runs the harness on every interpreter >= 3.12 found here.
    h: Any = _harness()
    site = tmp_path / "site"
    (site / "pkg").mkdir(parents=True)
    (site / "pkg" / "__init__.py").write_text(
        "def one_line(path):\n"
        "    assert path.startswith('/'), \"Routed paths must start with '/'\"\n"
        "\n"
        "def bare(path):\n"
        "    assert path.startswith('/')\n"
        "\n"
        "def multi_line(path):\n"
        "    assert (\n"
        "        path.startswith('/')\n"
        '    ), f"Unknown path {path!r}"\n',
        encoding="utf-8",
    )
    (tmp_path / "harness.py").write_text(h.HARNESS, encoding="utf-8")
    dists = {"pkg": h.Dist("pkg", "1", site, ("pkg",))}
    want = {"one_line": 2, "bare": 5, "multi_line": 8}
    truths: dict[str, list[dict[str, Any]]] = {}
    for version, exe in _interpreters().items():
        for function in want:
            folder = tmp_path / version / function
            folder.mkdir(parents=True)
            script = folder / "main.py"
            script.write_text(
                f"import sys\nsys.path.insert(0, {str(site)!r})\nimport pkg\npkg.{function}('x')\n"
            )
            record = folder / "record.json"
            subprocess.run(
                [exe, str(tmp_path / "harness.py"), str(record), str(script), "plain"],
                cwd=folder, env=h.child_env(), capture_output=True, timeout=120, check=False,
            )  # fmt: skip
            run = json.loads(record.read_text(encoding="utf-8"))
            out = h.Outcome("pkg", 1, h.Snippet(about="x", code=""))
            out.message = run["message"]
            h.judge(run, dists, h.SourceIndex(), out)
            assert not out.skipped and not out.negative, (version, function, out.skipped or out.note)
            assert out.expected == {
                "path": "pkg/__init__.py", "line": want[function], "function": function, "exc_type": "AssertionError"
            }, version  # fmt: skip
            truths.setdefault(version, []).append(out.expected)
    assert len({json.dumps(t) for t in truths.values()}) == 1


def test_a_namespace_folder_two_distributions_share_is_split_by_their_records(tmp_path: Path) -> None:
    # protobuf and google-auth both install under ``google/`` (a namespace package): attributed
    # by the top-level folder alone, every protobuf frame read as google-auth's (runtime8's
    # notes said "Raised in google-auth, which protobuf runs"). The files each RECORD lists
    # decide; a distribution without a RECORD still falls back to its top-level names.
    h: Any = _harness()
    site = tmp_path / "site"
    for rel in ("google/protobuf/json_format.py", "google/auth/jwt.py"):
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text("x = 1\n", encoding="utf-8")
    protobuf = h.Dist("protobuf", "7", site, ("google",), frozenset({"google/protobuf/json_format.py"}))
    auth = h.Dist("google-auth", "2", site, ("google",), frozenset({"google/auth/jwt.py"}))
    bare = h.Dist("legacy", "1", site, ("google",))
    frame = str(site / "google" / "protobuf" / "json_format.py")
    assert auth.relpath(frame) is None
    assert protobuf.relpath(frame) == "google/protobuf/json_format.py"
    assert bare.relpath(frame) == "google/protobuf/json_format.py"
    # a Cython build-tree path (relative) is attributed the same way
    assert auth.relpath("lib/google/protobuf/json_format.py") is None
    assert protobuf.relpath("lib/google/protobuf/json_format.py") == "google/protobuf/json_format.py"
