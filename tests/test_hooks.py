"""Runtime hooks on real programs: a script, threads, warnings, IPython and pytest.

Everything runs in a real virtualenv with packaging 26.4 installed from its wheel (``reach_env``)
and a catalogue indexed from that environment's files. The raise site the hooks name must be the
line the real traceback ends on, found without text matching, and the original traceback must be
exactly what Python prints without errdex.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

pytestmark = [pytest.mark.network, pytest.mark.slow]

FAILS_IN_PACKAGING = """\
import sys
from packaging.version import Version
print("args", sys.argv[1:])
Version("not a version")
"""


def _run(
    python: Path, args: list[str], cwd: Path, db: str | None, **kw: object
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ERRDEX_", "PYTHON"))}
    if db is not None:
        env["ERRDEX_DB"] = db
    return subprocess.run(
        [str(python), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120, **kw
    )  # type: ignore[call-overload,no-any-return]


def _last_frame_line(traceback_text: str) -> tuple[str, int]:
    frames = re.findall(r'File "([^"]+)", line (\d+)', traceback_text)
    path, line = frames[-1]
    return path, int(line)


def test_run_names_the_exact_raise_site_and_keeps_the_traceback(
    reach_venv: Path, reach_db: str, tmp_path: Path
) -> None:
    script = tmp_path / "app.py"
    script.write_text(FAILS_IN_PACKAGING)
    plain = _run(reach_venv, [str(script.name), "one", "--two"], tmp_path, None)
    hooked = _run(reach_venv, ["-m", "errdex", "run", script.name, "one", "--two"], tmp_path, reach_db)
    assert plain.returncode == hooked.returncode == 1
    assert plain.stdout == hooked.stdout == "args ['one', '--two']\n"  # the script's own argv
    # the original traceback, byte for byte, then errdex's lines
    assert hooked.stderr.startswith(plain.stderr), hooked.stderr
    extra = hooked.stderr[len(plain.stderr) :]
    path, line = _last_frame_line(plain.stderr)
    assert path.endswith("site-packages/packaging/version.py")
    head = extra.splitlines()[0]
    assert head.startswith(
        f"errdex: InvalidVersion raised at packaging/version.py:{line} in Version.__init__"
    )
    assert "(pypa/packaging 26.4)" in head
    assert "message template: Invalid version: '{version}'" in extra
    assert "when: It is raised when `match` is false" in extra  # the trigger, from the guards
    assert re.search(r"more: errdex show [0-9a-f]{16}", extra)


def test_run_relay_warning_and_thread(reach_venv: Path, reach_db: str, tmp_path: Path) -> None:
    """A warning with stacklevel=2 and a helper's raise both resolve to the library's own line;
    an uncaught exception in a thread goes through threading.excepthook."""
    script = tmp_path / "shop.py"
    script.write_text(
        "import threading, shoplib\n"
        "shoplib.old_buy(1)\n"
        "t = threading.Thread(target=shoplib.buy, args=(0,))\n"
        "t.start(); t.join()\n"
        "print('main goes on')\n"
    )
    hooked = _run(reach_venv, ["-W", "always", "-m", "errdex", "run", script.name], tmp_path, reach_db)
    assert hooked.returncode == 0 and hooked.stdout == "main goes on\n"
    err = hooked.stderr
    # the warning as Python shows it (attributed to the caller by stacklevel=2) ...
    assert "shop.py:2: DeprecationWarning: old_buy() is deprecated; use buy() instead" in err
    # ... and the line of shoplib that issued it
    assert "errdex: DeprecationWarning warned at shoplib/__init__.py:15 in old_buy (pypi/shoplib 1.0)" in err
    # the thread's traceback ends in the helper (line 6); the site is the call that supplied the text
    assert "Exception in thread" in err and "ValueError: count must be positive" in err
    assert "errdex: ValueError raised at shoplib/__init__.py:10 in buy (pypi/shoplib 1.0)" in err


def test_run_without_the_library_indexed_says_what_to_run(reach_venv: Path, tmp_path: Path) -> None:
    from errdex.pipeline import index

    db = str(tmp_path / "other.db")
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "other.py").write_text("def f():\n    raise KeyError('nothing')\n")
    index(str(tmp_path / "lib"), db, jobs=1)
    script = tmp_path / "app.py"
    script.write_text(FAILS_IN_PACKAGING)
    hooked = _run(reach_venv, ["-m", "errdex", "run", script.name], tmp_path, db)
    assert hooked.returncode == 1
    assert (
        "errdex: the error comes from packaging 26.4, which is not in the catalogue at this version"
        in hooked.stderr
    )
    assert "to index it: errdex index --env   (or: errdex index pypi:packaging==26.4)" in hooked.stderr


def test_run_with_no_catalogue_is_one_line_after_the_traceback(reach_venv: Path, tmp_path: Path) -> None:
    script = tmp_path / "app.py"
    script.write_text(FAILS_IN_PACKAGING)
    hooked = _run(reach_venv, ["-m", "errdex", "run", script.name], tmp_path, str(tmp_path / "missing.db"))
    assert hooked.returncode == 1
    tail = hooked.stderr.split("InvalidVersion: Invalid version: 'not a version'\n", 1)[1]
    assert tail.startswith("errdex: no catalogue at ") and tail.count("\n") == 1


def test_install_keeps_an_existing_hook(reach_venv: Path, reach_db: str, tmp_path: Path) -> None:
    """A hook installed before errdex (rich's, a logger's) still runs, and runs first."""
    script = tmp_path / "app.py"
    script.write_text(
        "import sys, errdex\n"
        "def mine(t, v, tb):\n"
        "    print('my hook saw', t.__name__, file=sys.stderr)\n"
        "sys.excepthook = mine\n"
        "errdex.install()\n"
        "errdex.install()  # twice: still one report\n"
        "from packaging.version import Version\n"
        "Version('bad version')\n"
    )
    out = _run(reach_venv, [script.name], tmp_path, reach_db)
    assert out.stderr.startswith(
        "my hook saw InvalidVersion\nerrdex: InvalidVersion raised at packaging/version.py:"
    )
    assert out.stderr.count("errdex: ") == 1


def test_ipython_extension_in_a_real_shell(reach_venv: Path, reach_db: str, tmp_path: Path) -> None:
    cells = (
        "%load_ext errdex\nfrom packaging.version import Version\nVersion('not a version')\nprint('after')\n"
    )
    out = _run(
        reach_venv,
        [
            "-m",
            "IPython",
            "--simple-prompt",
            "--no-banner",
            "--colors=NoColor",
            "--HistoryManager.enabled=False",
        ],
        tmp_path,
        reach_db,
        input=cells,
    )
    text = out.stdout + out.stderr
    # IPython's own traceback is there, unchanged by the extension
    assert "InvalidVersion: Invalid version: 'not a version'" in text
    assert re.search(r"raise InvalidVersion\(", text)
    # then the site, as text in a terminal
    site = re.search(
        r"errdex: InvalidVersion raised at packaging/version\.py:(\d+) in Version\.__init__", text
    )
    assert site, text
    assert "when: It is raised when `match` is false" in text
    assert text.index("Invalid version: 'not a version'") < site.start()
    assert "after" in text  # the session goes on


def test_ipython_notebook_bundle_has_html(reach_db: str) -> None:
    """In a notebook the same report is a display bundle whose HTML escapes catalogue text."""
    from packaging.version import InvalidVersion, Version

    from errdex.hooks import as_html, report_exception

    with pytest.raises(InvalidVersion) as info:
        Version("<b>not</b> a version")
    report = report_exception(info.value, reach_db)
    html = as_html(report, "InvalidVersion")
    assert report.kind == "found" and "packaging/version.py" in html
    assert "Invalid version: &#x27;{version}&#x27;" in html and "<b>not</b>" not in html


pytest_plugins = ["pytester"]


def test_pytest_plugin_adds_a_section_for_library_raises(pytester: pytest.Pytester, reach_db: str) -> None:
    pytester.makepyfile(
        test_shop="""
        from packaging.version import Version

        def test_library_raises():
            Version("not a version")

        def test_own_assert():
            assert 1 + 1 == 3
        """
    )
    result = pytester.runpytest_subprocess("-p", "errdex", "--errdex-db", reach_db)
    result.assert_outcomes(failed=2)
    out = result.stdout.str()
    sections = out.split("_____ ")
    lib = next(s for s in sections if s.startswith("test_library_raises"))
    own = next(s for s in sections if s.startswith("test_own_assert"))
    assert re.search(
        r"errdex: InvalidVersion raised at packaging/version\.py:\d+ in Version\.__init__", lib
    ), lib
    assert "errdex: " not in own  # the test's own assert is not a library's raise site


def test_pytest_plugin_is_silent_unless_asked(pytester: pytest.Pytester, reach_db: str) -> None:
    pytester.makepyfile("from packaging.version import Version\ndef test_x():\n    Version('nope')\n")
    result = pytester.runpytest_subprocess("--errdex-db", reach_db)
    result.assert_outcomes(failed=1)
    assert "errdex: " not in result.stdout.str()
    asked = pytester.runpytest_subprocess("--errdex", "--errdex-db", reach_db)
    assert "errdex: InvalidVersion raised at packaging/version.py" in asked.stdout.str()


def test_explain_takes_an_exception_object(reach_db: str) -> None:
    import gc
    import warnings

    from packaging.version import InvalidVersion, Version

    import errdex
    from errdex import hooks

    with pytest.raises(InvalidVersion) as info:
        Version("1.0 beta")
    tb = info.value.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    cached = dict(hooks._readers)  # the hooks' readers, from earlier tests of this process
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always", ResourceWarning)
        matches = errdex.explain(info.value, db=reach_db)
        gc.collect()
    assert matches and not matches[0].approximate
    assert (matches[0].path, matches[0].line) == ("packaging/version.py", tb.tb_lineno)
    # the library call closes what it opened (the hooks' own reader lives until exit)
    assert [str(w.message) for w in seen if issubclass(w.category, ResourceWarning)] == []
    assert hooks._readers == cached


def test_explain_api_missing_catalogue_is_a_clear_error(tmp_path: Path) -> None:
    import errdex
    from errdex.store import StoreError

    with pytest.raises(StoreError, match=r"no catalogue at .*missing\.db"):
        errdex.explain("ValueError: x", db=str(tmp_path / "missing.db"))
    assert not (tmp_path / "missing.db").exists()


def test_hook_lookup_is_by_content_not_by_path(reach_db: str, tmp_path: Path) -> None:
    """A file at the same site path with other content (another version) is not this record."""
    from errdex.hooks.sites import Frame, lookup
    from errdex.store.fast import open_reader

    site = tmp_path / "lib" / "python3.13" / "site-packages" / "packaging"
    site.mkdir(parents=True)
    changed = site / "version.py"
    changed.write_text("# another release\n" * 466 + "raise ValueError('x')\n")
    with open_reader(reach_db) as reader:
        report = lookup(reader, [Frame(str(changed), 467, "f")], "x")
    assert report.kind == "not-indexed"


COLD_HOOK = """\
import io, sys
import errdex.hooks
out = io.StringIO()
errdex.hooks.install(sys.argv[1], stream=out)
from packaging.version import Version
try:
    Version("not a version")
except Exception as e:
    exc = e
sys.stderr = io.StringIO()  # the traceback Python's own hook prints first
sys.excepthook(type(exc), exc, exc.__traceback__)
loaded = sorted(m for m in sys.modules if m.startswith(("errdex.", "sqlalchemy")))
from errdex.hooks import as_text
from errdex.hooks.sites import frames_of, lookup
from errdex.store.fast import open_reader
with open_reader(sys.argv[1]) as reader:
    full = as_text(lookup(reader, frames_of(exc.__traceback__), str(exc)), type(exc).__name__)
print(repr(out.getvalue()), repr(full), " ".join(loaded), sep="\\n")
"""


def test_cold_hook_answers_on_the_light_reader(reach_venv: Path, reach_db: str, tmp_path: Path) -> None:
    """A fresh process's first error is answered by ``store.lite`` alone: the same text as the
    full reader gives, without importing the record classes, the code facts, the match index or
    SQLAlchemy (what a cold hook paid for before perf49)."""
    probe = _run(reach_venv, ["-c", COLD_HOOK, reach_db], tmp_path, None)
    assert probe.returncode == 0, probe.stderr
    hooked, full, loaded = probe.stdout.splitlines()
    assert hooked == full
    assert "errdex: InvalidVersion raised at packaging/version.py:" in hooked
    heavy = {
        "errdex.store.fast", "errdex.store.records", "errdex.store.facts", "errdex.store.sql",
        "errdex.model", "errdex.analysis.result", "errdex.match.artifact", "errdex.match.index",
        "errdex.match.shared_index", "errdex.match.matcher", "sqlalchemy",
    }  # fmt: skip
    assert "errdex.store.lite" in loaded.split()
    assert not heavy & set(loaded.split()), loaded
