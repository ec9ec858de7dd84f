"""Hostile inputs on the index and match side: each attack's bound, asserted.

Every case builds its input in the test (``index_attacks.py``), runs errdex's own CLI (or a small
program using errdex) in a child process, and asserts a bound against a baseline measured in the
same run: a benign input of the same size, or the same package without the hostile file. Budgets
are generous multiples (the machine is shared), but far below what each attack cost before its
fix (quadratic or unbounded). Catalogues must pass ``PRAGMA integrity_check`` and keep their rows.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
from collections.abc import Callable
from typing import Any

import pytest
from index_attacks import (
    ACTING_MODULES,
    ERRDEX,
    HOSTILE_ANSWER,
    PASTE_SHAPES,
    SLOW_FILE_RAISES,
    Attack,
    Run,
    browser_marker,
    catalogue_check,
    dense_file,
    dense_wheel,
    fallback_module,
    index_argv,
    kill_a_worker,
    kill_workers,
    many_placeholders,
    nonlinear_regexes,
    oversized_file,
    paste_attack,
    percent_flags,
    regexes_in_tests,
    run,
    runtime_regexes,
    slow_env,
    slow_package,
    snippet,
    src_regexes,
    tree_sitter_fallback,
    write_package,
)
from test_explain_llm import fake  # noqa: F401  (the chat-completions test double, a fixture)

TIME_FACTOR = 4.0  # hostile run <= this x its same-run baseline (+ SLACK for process start-up)
SLACK = 2.0


def _pair(attack: Attack) -> tuple[Run, Run]:
    assert attack.baseline is not None
    base = run(attack.baseline, env=attack.env)
    assert base.returncode == 0, base.stderr
    hostile = run(attack.argv, stdin=attack.stdin, env=attack.env)
    return base, hostile


def _summary(r: Run) -> dict[str, Any]:
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout)  # type: ignore[no-any-return]


def _db(argv: list[str]) -> pathlib.Path:
    return pathlib.Path(argv[argv.index("--db") + 1])


def _assert_time(attack: Attack, base: Run, hostile: Run) -> None:
    budget = TIME_FACTOR * base.seconds + SLACK
    assert hostile.seconds <= budget, (
        f"{attack.name}: {hostile.seconds:.1f} s, over {budget:.1f} s ({TIME_FACTOR}x the baseline's "
        f"{base.seconds:.1f} s + {SLACK} s)"
    )


def _assert_catalogue(db: pathlib.Path, errors_at_least: int) -> None:
    integrity, errors, files = catalogue_check(db)
    assert integrity == "ok"
    assert errors >= errors_at_least and files > 0


# ---------------------------------------------------------------------------- code execution


def test_checking_an_answer_imports_nothing_it_names(tmp_path: pathlib.Path) -> None:
    """The answer checker resolves standard-library names from a table: naming ``venv.__main__``,
    ``antigravity`` or ``this`` runs nothing and imports nothing (sys.modules unchanged)."""
    env, marker = browser_marker(tmp_path)
    db = tmp_path / "c.db"
    indexed = run(index_argv(write_package(tmp_path / "src", {"pkg/__init__.py": "import os\n"}), db))
    assert indexed.returncode == 0, indexed.stderr
    snapshot_id = json.loads(indexed.stdout)["snapshot_id"]
    code = f"""
        import json, sys
        from errdex.analysis.symbols import ProjectIndex, stdlib_resolves
        from errdex.analysis.verify import check_text
        from errdex.store.fast import open_reader
        index = ProjectIndex(open_reader({str(db)!r}).facts, {snapshot_id})
        stdlib_resolves("os.path.join")  # load the table first: it is data, read once
        before = set(sys.modules)
        answer = {json.dumps(HOSTILE_ANSWER)!s}
        texts = [answer["meaning"], answer["trigger"], *answer["common_situations"], *answer["solutions"]]
        unknown = [n for t in texts for n in check_text(t, index, "pkg/__init__.py", strict=True).unknown]
        code = check_text(answer["example_fix"]["after"], index, None, code=True)
        names = {{n: stdlib_resolves(n) for n in {list(ACTING_MODULES)!r}}}
        print(json.dumps({{"new": sorted(set(sys.modules) - before), "unknown": unknown,
                          "code": code.names, "names": names}}))
    """
    r = run(snippet(code), env=env)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["new"] == []  # nothing imported, not even the names checked
    assert len(r.stdout.strip().splitlines()) == 1  # ``this`` would have printed the Zen of Python
    assert "usage:" not in r.stderr  # venv.__main__ would have parsed our argv
    assert not marker.exists()  # antigravity would have opened a browser
    assert "antigravity.fly" in out["unknown"] and "venv.__main__.main" in out["unknown"]
    assert "os.path.join" not in out["unknown"]  # real stdlib names still resolve
    assert set(out["code"]) >= {"antigravity", "venv.__main__"}
    assert out["names"]["webbrowser"] and out["names"]["json.tool"]  # tabled, without importing
    assert not out["names"]["venv.__main__"]  # a __main__ is never in the table


@pytest.mark.slow
def test_analyze_with_a_hostile_model_answer_runs_nothing(tmp_path: pathlib.Path, fake: Any) -> None:  # noqa: F811
    """End to end: ``errdex analyze --llm`` with a model naming modules that act on import."""
    pkg = write_package(
        tmp_path / "pkg", {"mod/__init__.py": "def f(x):\n    raise ValueError(f'bad {x}')\n"}
    )
    db = tmp_path / "c.db"
    indexed = run(index_argv(pkg, db))
    assert indexed.returncode == 0, indexed.stderr
    fake.then(200, HOSTILE_ANSWER)
    env, marker = browser_marker(tmp_path)
    env |= {"ERRDEX_LLM_URL": fake.url, "ERRDEX_LLM_MODEL": "fake-coder"}
    r = run([*ERRDEX, "analyze", "--llm", "--db", str(db), "--json"], env=env)
    assert r.returncode == 0, r.stderr
    assert len(fake.requests) == 1
    assert json.loads(r.stdout)["llm_answers"] == 1
    assert "Beautiful is better than ugly" not in r.stdout + r.stderr
    assert "usage:" not in r.stderr
    assert not marker.exists()


# ---------------------------------------------------------------------------- regexes


@pytest.mark.slow
def test_catastrophic_regexes_in_the_packages_tests(tmp_path: pathlib.Path) -> None:
    attack = regexes_in_tests(tmp_path)
    base, hostile = _pair(attack)
    summary = _summary(hostile)
    assert summary["errors"] == 2 and summary["expectations"] > 0
    _assert_time(attack, base, hostile)
    _assert_catalogue(_db(attack.argv), 2)


def test_untrusted_regexes_run_in_linear_time() -> None:
    from errdex.linear_re import compile_untrusted

    text = "a" * 200_000 + "!"
    for pattern in ("(a|a)*$", "(a|aa)*b", ".*" * 40 + "x", "(x+x+)+y", r"(\w+\s?)*$"):
        rx = compile_untrusted(pattern)
        assert rx is not None
        rx.search(text)  # would not return for hours with backtracking
    for refused in (r"(a*)*\1b", r"(?=a)b", "{" + "1" * 20_000):
        assert compile_untrusted(refused) is None  # decided without a regex engine
    assert compile_untrusted(r"got \d+ items\Z").search("got 3 items")  # Python's \Z is RE2's \z


@pytest.mark.slow
def test_every_regex_in_src_is_linear_on_crafted_input() -> None:
    """Each regex literal in src/, with the methods errdex calls on it, against strings built
    from its own characters: cost must grow linearly and stay under 1 µs a character."""
    sites = src_regexes()
    assert len(sites) > 60  # the scan found them (a broken scan must not pass vacuously)
    assert nonlinear_regexes(sites) == []


@pytest.mark.slow
def test_every_regex_built_at_run_time_is_linear_on_crafted_input() -> None:
    """The patterns src/ builds when it runs (a name escaped into an f-string, constants
    joined), evaluated with a word for each local name, under the same check: a pattern the
    literal scan cannot read must not escape it (``raisedby`` built one per table row, lazy
    holes and all, and ran it on the pasted message, until stop 56)."""
    sites = runtime_regexes()
    assert len(sites) >= 10  # the scan found them (a broken scan must not pass vacuously)
    assert sum("xname" in s.pattern for s in sites) >= 5  # the locals stood in for
    assert nonlinear_regexes(sites) == []


def test_the_join_prefilter_reads_a_line_of_quoted_comments_once() -> None:
    """``_may_join_args`` looks for ``"SEP".join(`` through blanks and comments in a module's
    text; with ``re`` the comment alternative read from each quote of ``"#"#"#...`` to the line's
    end (a 120 KB line 1 s of CPU, a megabyte about a minute of indexing one file). RE2 reads it
    once: the hostile line costs what a benign twin of its size does."""
    import time

    from errdex.extract.visitor import _may_join_args

    def cost(text: str) -> float:
        start = time.thread_time()
        assert not _may_join_args(text)
        return time.thread_time() - start

    size = 500_000
    benign = cost('"a' * size + "\n.args\njoin")
    hostile = cost('"#' * size + "\n.args\njoin")
    assert hostile <= TIME_FACTOR * benign + 0.05, (hostile, benign)


def test_the_linearity_check_catches_backtracking() -> None:
    """The check above is not vacuous: known quadratic shapes are reported."""
    from index_attacks import RegexSite

    bad = [
        RegexSite("md-link", r"\[([^\]\n]{1,1000})\]\([^)\n\s]{0,1000}\)", 0, frozenset({"sub"})),
        RegexSite("group-sep", r"^[ \t|]*\+[-+]+(?: \d+ -+| \.\.\.)?[-+ ]*$", 0, frozenset({"match"})),
    ]
    assert [b.split()[0] for b in nonlinear_regexes(bad)] == ["md-link", "group-sep"]


@pytest.fixture(scope="session")  # not "module": that would send the module whole to one worker
def paste_catalogue(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """The one-raise package the paste shapes are explained against, indexed once by the CLI (a
    child process of ~0.7 s CPU) per test process: every shape reads the same catalogue, from a
    copy of its own."""
    tmp = tmp_path_factory.mktemp("paste")
    pkg = write_package(tmp / "p", {"m/__init__.py": "def f(x):\n    raise ValueError(f'bad [x]({x})')\n"})
    db = tmp / "c.db"
    indexed = run(index_argv(pkg, db))
    assert indexed.returncode == 0, indexed.stderr
    return db


@pytest.mark.parametrize("shape", PASTE_SHAPES)
def test_hostile_paste_costs_what_a_benign_one_does(
    shape: str, paste_catalogue: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    """65 KB pastes shaped against the cleaning and parsing regexes (65 KB of '[' took ~1 s in
    the markdown-link cleaner, 15 s in ``errdex explain``): milliseconds, like any paste. Timed
    in this thread's CPU: on a loaded machine the wall clock also counts other processes' turns."""
    db = tmp_path / "c.db"
    shutil.copyfile(paste_catalogue, db)  # whatever explaining writes stays with this shape
    hostile, benign = paste_attack(shape)
    code = f"""
        import json, sys, time
        import errdex
        from errdex.match.parse import clean
        db = {str(db)!r}
        texts = json.loads(sys.stdin.read())
        errdex.explain("warm up", db=db)
        out = {{}}
        for name, text in texts.items():
            t = time.thread_time(); clean(text); c = time.thread_time() - t
            t = time.thread_time(); errdex.explain(text, db=db); e = time.thread_time() - t
            out[name] = [c, e]
        print(json.dumps(out))
    """
    r = run(snippet(code), stdin=json.dumps({"hostile": hostile, "benign": benign}))
    assert r.returncode == 0, r.stderr
    t = json.loads(r.stdout)
    assert t["hostile"][0] < 0.05, t  # the cleaner: milliseconds
    assert t["hostile"][1] <= 10 * t["benign"][1] + 0.05, t


# ---------------------------------------------------------------------------- quadratic paths


@pytest.mark.slow
def test_tree_sitter_fallback_parses_each_statement_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the fallback hands to ``ast.parse`` is counted, not timed: the whole file once (the
    first try, refused) and then each statement alone, about twice the file in all. Padding
    each piece with the lines before it, as the fallback once did, hands it the square of the
    file (14M characters here against 0.25M; 17 s at 40k lines), far over the bound; a wall-clock multiple
    could not tell them apart on a loaded machine, as the bug's extra time is about one
    ordinary index of the file."""
    import ast

    from errdex.extract import extract
    from errdex.model import SourceFile

    text = fallback_module(9_000)
    parsed: list[int] = []
    real_parse = ast.parse

    def counting(source: str | bytes, *args: Any, **kwargs: Any) -> Any:
        parsed.append(len(source))
        return real_parse(source, *args, **kwargs)

    monkeypatch.setattr(ast, "parse", counting)
    out = extract([SourceFile("m.py", text.encode())], "r", jobs=1)
    assert len(out.records) == 3_000  # every function's raise, read from its piece
    pieces = len(parsed) - 1
    assert pieces >= 3_000, pieces  # the file refused, then parsed piece by piece
    assert sum(parsed) <= 2 * len(text) + 8 * pieces, (sum(parsed), len(text))


def test_tree_sitter_fallback_is_linear(tmp_path: pathlib.Path) -> None:
    """The CLI on such a file (10k lines) within a small multiple of the same file without the
    error; the 40k-line attack is ``bench/hostile.py``'s."""
    attack = tree_sitter_fallback(tmp_path, lines=10_000)
    base, hostile = _pair(attack)
    summary = _summary(hostile)
    assert summary["fallback"] == 1 and summary["errors"] >= 3_300
    _assert_time(attack, base, hostile)
    _assert_catalogue(_db(attack.argv), 3_300)


@pytest.mark.slow
@pytest.mark.parametrize("build", [many_placeholders, percent_flags], ids=["placeholders", "percent-zeros"])
def test_crafted_message_costs_what_a_plain_one_does(
    build: Callable[[pathlib.Path], Attack], tmp_path: pathlib.Path
) -> None:
    attack = build(tmp_path)
    base, hostile = _pair(attack)
    assert _summary(hostile)["errors"] == 1
    _assert_time(attack, base, hostile)
    _assert_catalogue(_db(attack.argv), 1)


def test_a_message_is_cut_at_the_caps_and_says_so() -> None:
    from errdex.extract import extract
    from errdex.extract.templates import MAX_LITERAL, MAX_PLACEHOLDERS
    from errdex.model import SourceFile

    many = 'def f(a):\n    raise ValueError(f"' + "x{a}" * 5_000 + '")\n'
    long = 'def g(a):\n    raise ValueError("' + "y" * 50_000 + ' {}".format(a))\n'
    out = extract([SourceFile("m.py", (many + long).encode())], "r", jobs=1)
    cut_many, cut_long = (r.template for r in out.records)
    assert cut_many.endswith("{…}") and cut_many.count("{a}") == MAX_PLACEHOLDERS
    assert cut_long.endswith("{…}") and cut_long.count("y") == MAX_LITERAL


# ---------------------------------------------------------------------------- memory


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_file_over_the_memory_budget_is_skipped(jobs: str, tmp_path: pathlib.Path) -> None:
    attack = dense_file(tmp_path)
    argv = [*attack.argv, "-j", jobs]
    assert attack.baseline is not None
    base = run([*attack.baseline, "-j", jobs], env=attack.env)
    hostile = run(argv, env=attack.env)
    summary = _summary(hostile)
    reasons = dict(summary["skipped_files"])
    assert "out of memory" in reasons["pkg/dense.py"], reasons
    assert summary["errors"] == _summary(base)["errors"] > 0  # everything else indexed
    budget = int(attack.env["ERRDEX_WORKER_MEMORY_MB"])
    assert hostile.peak_rss_mb <= base.peak_rss_mb + budget + 150, (hostile.peak_rss_mb, base.peak_rss_mb)
    _assert_time(attack, base, hostile)
    _assert_catalogue(_db(argv), summary["errors"])


@pytest.mark.slow
def test_dense_file_in_a_tiny_wheel(tmp_path: pathlib.Path) -> None:
    attack = dense_wheel(tmp_path)
    base, hostile = _pair(attack)
    summary = _summary(hostile)
    reasons = dict(summary["skipped_files"])
    assert reasons["pkg/dense.py"].startswith("too large to analyse")
    assert summary["errors"] == _summary(base)["errors"] > 0
    assert hostile.peak_rss_mb <= base.peak_rss_mb + 2048 + 150  # the default worker budget


@pytest.mark.slow
def test_file_over_the_size_cap_is_not_parsed(tmp_path: pathlib.Path) -> None:
    attack = oversized_file(tmp_path)
    base, hostile = _pair(attack)
    summary = _summary(hostile)
    assert dict(summary["skipped_files"])["pkg/big.py"] == "too large to analyse (9.0 MiB; the cap is 8 MiB)"
    assert summary["errors"] == _summary(base)["errors"]
    _assert_time(attack, base, hostile)


@pytest.mark.slow
def test_a_killed_worker_loses_nothing_but_its_file(tmp_path: pathlib.Path) -> None:
    # six files of 1,000 raises (a second or more each): both workers are still busy when one
    # is killed 0.3 s after the first appears, at half the cost of the helper's twelve
    attack = slow_package(tmp_path, files=6)
    killed: list[int | None] = []
    # once hung for 600 s in CI: the worker killed mid-send (``test_a_pool_that_loses_a_worker_...``
    # below); bounded now, so a run this long is a failure, not a wait (alone: ~2 s, load 15: ~15 s)
    r = run(attack.argv, timeout=240, while_running=lambda pid: killed.append(kill_a_worker(pid)))
    assert killed and killed[0] is not None, "no worker appeared to kill"
    summary = _summary(r)
    skipped = dict(summary["skipped_files"])
    assert len(skipped) <= 1 and all("worker died" in why for why in skipped.values()), skipped
    assert summary["indexed"] + len(skipped) == summary["files"]
    _assert_catalogue(_db(attack.argv), summary["errors"])
    assert summary["errors"] >= (summary["files"] - 2) * SLOW_FILE_RAISES  # every other file's raises kept


@pytest.mark.slow
@pytest.mark.parametrize(("kills", "as_json"), [(1, True), (2, True), (2, False)])
def test_index_env_reruns_what_a_broken_pool_left(kills: int, as_json: bool, tmp_path: pathlib.Path) -> None:
    """``errdex index --env -j 2`` of six small distributions (a real virtualenv), a worker
    SIGKILLed mid-run: the distributions the pool still held are extracted again one at a time,
    none failed (before: every one still waiting was failed). With the first re-run worker
    killed too, that one distribution, and only it, is reported failed with the reason, on
    stderr and in the summary line, or in ``--json``; the others are indexed."""
    python = slow_env(tmp_path)
    db = tmp_path / "env.db"
    argv = [*ERRDEX, "index", "--env", "--python", str(python), "--db", str(db), "-j", "2"]
    killed: list[int] = []
    r = run(
        argv + ["--json"] * as_json,
        timeout=240,
        while_running=lambda pid: killed.extend(kill_workers(pid, kills)),
    )
    assert len(killed) == kills, f"killed {killed}, wanted {kills} workers; {r.stderr[-2000:]}"
    assert r.returncode == 0, r.stderr[-2000:]
    if as_json:
        summary = json.loads(r.stdout)
        failed = {f["distribution"]: f["error"] for f in summary["failed"]}
        indexed = {(s["repo"], s["version"]) for s in summary["indexed"]}
        assert len(indexed) == 6 - len(failed), summary
    else:
        failed = dict(
            line.removeprefix("failed ").split(": ", 1)
            for line in r.stderr.splitlines()
            if line.startswith("failed ")
        )
        assert ("1 failed" in r.stdout) == bool(failed), r.stdout
        assert f"6 distributions: {6 - len(failed)} indexed" in r.stdout, r.stdout
    assert len(failed) == kills - 1, failed
    for name, why in failed.items():
        assert name.startswith("slowdist") and name.endswith(" 1.0"), failed
        assert why == ("extraction failed when run alone: analysis worker died (killed, or out of memory)"), (
            failed
        )
    errors = (6 - len(failed)) * 3 * SLOW_FILE_RAISES
    _assert_catalogue(db, errors)


@pytest.mark.parametrize("how", ["torn", "stopped"])
def test_a_pool_that_loses_a_worker_unseen_still_answers_with_every_file(how: str) -> None:
    """``pool_lost_child.py``: a worker SIGKILLed part way through sending its result (the
    executor's manager thread then reads forever and no future ends: ``collect`` waited without
    end, the CI hang of the test above), or a worker stopped holding its chunk. The extraction
    answers within its bounds (a dead worker is seen within ``POLL``; a stopped one once its
    chunk's time limit, 1 s here, has passed, and ``STOP_GRACE`` to end it), every file's
    records there, the chunk the worker held analysed again and nothing skipped."""
    import subprocess
    import sys

    from errdex.extract import STOP_GRACE

    child = pathlib.Path(__file__).with_name("pool_lost_child.py")
    env = {**os.environ, "ERRDEX_ANALYSIS_SECONDS": "1"}
    try:
        r = subprocess.run(
            [sys.executable, str(child), how], capture_output=True, text=True, timeout=120, env=env
        )
    except subprocess.TimeoutExpired:
        raise AssertionError(f"{how}: the extraction did not answer in 120 s") from None
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["files"] == 7 and out["records"] == 7 * 40 and out["skipped"] == {}, out
    assert out["seconds"] < 30 + 2 * STOP_GRACE, out


def test_budget_constants_are_consistent() -> None:
    """The in-process cap is below the parse cap, and the worker budget holds a file at the cap
    at the ordinary-code ratio (bench/parse_memory.py: <= ~190x)."""
    from errdex.limits import IN_PROCESS_BYTES, MAX_PARSE_BYTES, WORKER_MEMORY

    assert IN_PROCESS_BYTES < MAX_PARSE_BYTES
    if "ERRDEX_WORKER_MEMORY_MB" not in os.environ:  # an operator's own budget is theirs to size
        assert MAX_PARSE_BYTES * 190 < WORKER_MEMORY
