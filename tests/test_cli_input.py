"""What the command line does with the input a new user actually gives it: an empty paste, binary
data, a UTF-16 file from Windows, a long log, a source that cannot exist, and the --help texts.

Everything runs the real ``errdex`` command in a subprocess on a real SQLite catalogue of a small
library indexed from a directory.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from errdex.cli import app
from errdex.cli.commands import reflowed

ERRDEX = [sys.executable, "-m", "errdex.cli"]

LIB = '''"""A tiny library."""


def load(path):
    if not path.endswith(".toml"):
        raise ValueError(f"expected a .toml file, got {path!r}")
'''

TRACEBACK = """Traceback (most recent call last):
  File "/home/me/app.py", line 3, in <module>
    tinylib.load("a.json")
  File "/home/me/src/tinylib/__init__.py", line 6, in load
    raise ValueError(f"expected a .toml file, got {path!r}")
ValueError: expected a .toml file, got 'a.json'
"""


def index_package(root: Path, name: str, source: str) -> str:
    """A catalogue of one package ``name`` whose ``__init__.py`` is ``source``, made by the CLI."""
    (root / name).mkdir()
    (root / name / "__init__.py").write_text(source)
    path = str(root / "c.db")
    subprocess.run([*ERRDEX, "index", str(root), "--db", path], capture_output=True, check=True)
    return path


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    return index_package(tmp_path_factory.mktemp("lib"), "tinylib", LIB)


def _explain(db: str, data: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run(
        [*ERRDEX, "explain", "--db", db, "--no-auto-index", *args, "-"],
        input=data,
        capture_output=True,
        env=env,
    )


@pytest.mark.parametrize("paste", [b"", b"  \n\n\t\n"])
def test_an_empty_paste_is_a_usage_error_not_a_hint_to_index_more(db: str, paste: bytes) -> None:
    r = _explain(db, paste)
    assert r.returncode == 2, r
    assert b"error: nothing to explain: the paste is empty" in r.stderr
    assert b"index" not in r.stdout and b"Traceback" not in r.stderr


def test_an_empty_argument_is_a_usage_error(db: str) -> None:
    r = subprocess.run([*ERRDEX, "explain", "--db", db, ""], capture_output=True)
    assert r.returncode == 2 and b"the paste is empty" in r.stderr


def test_binary_data_is_refused_rather_than_echoed_as_a_parsed_message(db: str) -> None:
    junk = bytes(range(256)) * 64  # every byte value: control bytes and invalid UTF-8
    r = _explain(db, junk)
    assert r.returncode == 2, r
    assert b"error: the paste is not text" in r.stderr
    assert r.stdout == b""


def test_a_log_with_a_few_stray_bytes_is_still_text(db: str) -> None:
    log = ("INFO started \x00 caf\xe9\n" * 3).encode("latin-1") + TRACEBACK.encode()
    r = _explain(db, log)
    assert r.returncode == 0, r
    assert b"exact match" in r.stdout


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_byte_order_mark_is_read_as_utf16(db: str, encoding: str) -> None:
    r = _explain(db, TRACEBACK.encode(encoding), "--json")
    assert r.returncode == 0, r
    assert b'"verdict": "exact"' in r.stdout


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8-sig", "utf-32"])
def test_a_paste_saved_with_a_byte_order_mark_is_read_in_its_encoding(db: str, encoding: str) -> None:
    # Windows PowerShell's `python app.py 2> err.txt` writes UTF-16 with a BOM
    r = _explain(db, TRACEBACK.encode(encoding), "--json")
    assert r.returncode == 0, r
    assert b'"verdict": "exact"' in r.stdout


def test_a_paste_longer_than_the_parser_reads_says_so_on_stderr(db: str) -> None:
    from errdex.match.parse import INPUT_CAP

    log = "INFO worker processed an item\n" * (INPUT_CAP // 30 + 10) + TRACEBACK
    r = _explain(db, log.encode(), "--json")
    assert r.returncode == 0, r
    assert b"only its last 1,000,000 are read" in r.stderr
    assert r.stdout.lstrip().startswith(b"{")  # the JSON answer keeps its shape


def test_a_short_paste_has_no_such_note(db: str) -> None:
    r = _explain(db, TRACEBACK.encode())
    assert r.returncode == 0 and b"are read" not in r.stderr


@pytest.mark.parametrize(
    "source",
    [
        "./no-such-dir-errdex",
        "pypi:requests==>1",
        "git:https://example.org",
        "pypi:errdex-no-such-project-zq7x",  # well formed, but PyPI has no such project
        "pypi:requests==0.0.0.999",
        "pypi:requests>=999",
    ],
)
def test_a_source_that_cannot_exist_is_exit_code_2(tmp_path: Path, source: str) -> None:
    r = subprocess.run(
        [*ERRDEX, "index", source, "--db", str(tmp_path / "c.db")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert r.returncode == 2, r
    assert r.stderr.splitlines()[-1].startswith("error: ") and "Traceback" not in r.stderr  # after progress
    assert not (tmp_path / "c.db").exists()


def test_ctrl_c_while_indexing_into_a_new_catalogue_leaves_no_file(tmp_path: Path) -> None:
    import signal

    lib = tmp_path / "biglib"
    lib.mkdir()
    for i in range(1500):  # enough files that the run is still extracting when it is interrupted
        (lib / f"m{i}.py").write_text(
            f"def f(x):\n    if x:\n        raise ValueError(f'bad {{x}} in {i}')\n"
        )
    db = tmp_path / "c.db"
    cmd = [*ERRDEX, "index", str(lib), "--db", str(db), "-j", "1"]
    # SIGINT at its default in the child, so that Python turns it into KeyboardInterrupt: a test
    # run started in the background by a non-interactive shell inherits SIGINT ignored
    default_int = functools.partial(signal.signal, signal.SIGINT, signal.SIG_DFL)
    with subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True, preexec_fn=default_int) as p:
        assert p.stderr is not None
        for line in p.stderr:
            if "files: " in line:  # the catalogue is open, extraction under way
                break
        p.send_signal(signal.SIGINT)
        rest = p.stderr.read()
        assert p.wait(timeout=60) == 130, rest
    assert "interrupted" in rest
    assert not list(tmp_path.glob("c.db*"))


def test_matches_beside_a_deepest_frame_in_a_package_not_indexed_say_what_to_index(db: str) -> None:
    # the message reads like tinylib's, but the error was raised in zzpkg, which is not indexed
    # (nor installed here): the answer names the command that indexes zzpkg
    paste = (
        "Traceback (most recent call last):\n"
        '  File "/home/me/app.py", line 3, in <module>\n'
        '    zzpkg.check("a.json")\n'
        '  File "/venv/lib/python3.12/site-packages/zzpkg/core.py", line 12, in check\n'
        "    raise ValueError(msg)\n"
        "ValueError: expected a .toml file, got 'a.json'\n"
    )
    for args in ((), ("--json",)):
        r = _explain(db, paste.encode(), *args)
        assert b"tinylib/__init__.py" in r.stdout, r
        assert b"errdex index pypi:zzpkg" in r.stdout and b"errdex index --env" in r.stdout
    # raised in the indexed library: no such hint
    assert b"errdex index" not in _explain(db, TRACEBACK.encode()).stdout


def test_command_summaries_are_one_sentence_in_the_command_list() -> None:
    out = CliRunner().invoke(app, ["--help"], terminal_width=200).output
    row = next(line for line in out.splitlines() if " diff " in line)
    assert "What changed in a codebase's errors between two indexed releases." in row
    assert "reworded" not in out  # the detail belongs to `errdex diff --help`


def test_help_prose_is_reflowed_and_examples_keep_their_lines() -> None:
    wide = {**os.environ, "COLUMNS": "200", "TERMINAL_WIDTH": "200"}
    out = subprocess.run([*ERRDEX, "explain", "--help"], capture_output=True, text=True, env=wide).stdout
    # one sentence wrapped at 100 columns in the source no longer breaks where the source did
    assert "1 when there is none or the message is Python's own" in out
    assert "\n" in out.split("Example:", 1)[1].split("pbpaste", 1)[0]  # each example on its own line


def test_reflowed_joins_prose_and_keeps_verbatim_lines() -> None:
    doc = """Summary.

    A sentence
    wrapped here.
    Example:  errdex a
              errdex b
    More prose
    after it.
    """
    assert reflowed(doc) == (
        "Summary.\n\nA sentence wrapped here.\nExample:  errdex a\n          errdex b\nMore prose after it."
    )


WIDE_LIB = '''"""A library whose raise line is wider than 80 columns."""


def connect(host, port, timeout):
    if timeout <= 0:
        raise ValueError(f"timeout must be positive to connect to {host}:{port}, got {timeout} (set it in the config)")
'''


def test_answers_into_a_file_or_pipe_keep_their_lines_whole(tmp_path: Path) -> None:
    root = tmp_path / "lib"
    (root / "widelib").mkdir(parents=True)
    (root / "widelib" / "__init__.py").write_text(WIDE_LIB)
    db = str(tmp_path / "c.db")
    subprocess.run([*ERRDEX, "index", str(root), "--db", db], capture_output=True, check=True)
    raise_line = WIDE_LIB.splitlines()[-1].strip()
    assert len(raise_line) > 100
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    paste = (
        "ValueError: timeout must be positive to connect to db.example.org:5432, got 0 (set it in the config)"
    )
    explained = subprocess.run(
        [*ERRDEX, "explain", "--db", db, "--no-auto-index", paste], capture_output=True, text=True, env=env
    )
    assert explained.returncode == 0, explained
    assert raise_line in explained.stdout  # the "Thrown at" code, not cut at 80 columns
    eid = explained.stdout.rsplit("errdex show ", 1)[1].split()[0]
    shown = subprocess.run([*ERRDEX, "show", eid, "--db", db], capture_output=True, text=True, env=env)
    assert shown.returncode == 0, shown
    assert raise_line in shown.stdout  # the Source section, not cropped


def test_db_given_before_the_command_is_the_commands_catalogue(db: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "ERRDEX_DB"}
    before = subprocess.run(
        [*ERRDEX, "--db", db, "explain", "--no-auto-index", "--json", TRACEBACK],
        capture_output=True,
        text=True,
        env=env,
    )
    assert before.returncode == 0, before
    assert '"verdict": "exact"' in before.stdout
    missing = str(tmp_path / "none.db")
    own = subprocess.run(
        [*ERRDEX, "--db", missing, "list", "--db", db, "--json"], capture_output=True, text=True, env=env
    )
    assert own.returncode == 0, own  # the command's own --db wins
    wrong = subprocess.run([*ERRDEX, "--db", missing, "list"], capture_output=True, text=True, env=env)
    assert wrong.returncode == 2 and f"no catalogue at {missing}" in wrong.stderr
