"""``errdex.cli.progress`` off a terminal: the lines it writes without rich are the bytes rich
writes, and rich is not imported for them."""

from __future__ import annotations

import os
import subprocess
import sys

MESSAGES = [
    "listing the release tags of 1 source repositories",
    "building the match index",
    "downloading https://files.pythonhosted.org/packages/jax-0.10.2-py3-none-any.whl and more and more",
    "a [bold]markup-looking[/] name",
    "an emoji code :warning: in a name",
    "tabs\tand\x1bescapes",
    "non-ASCII naïve",
    "x" * 77,
    "x" * 78,
]

SCRIPT = """
import sys
import errdex.cli.progress as p
if sys.argv[1] == "rich":
    p.plain_line = lambda *a, **k: False
bar = p.ProgressBar(tty=False)
for m in {messages!r}:
    bar.stage(m)
bar.start(45, "files")
for _ in range(45):
    bar.advance()
bar.start(3, "a label: with :two: colons")
bar.advance(3)
bar.close()
print("rich" in sys.modules)
"""


def _clean_env() -> dict[str, str]:
    """The environment without what makes rich style or wrap (pytest sets COLUMNS)."""
    return {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS")}


def _run(mode: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    code = SCRIPT.format(messages=MESSAGES)
    clean = _clean_env()
    return subprocess.run(
        [sys.executable, "-c", code, mode],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        env={**clean, "PYTHONIOENCODING": "utf-8", **env},
        check=True,
    )


def test_plain_lines_are_what_rich_writes() -> None:
    ours, rich = _run("plain"), _run("rich")
    assert ours.stderr == rich.stderr
    assert b"files: 45/45" in ours.stderr and b"\xe2\x80\xa2 building the match index\n" in ours.stderr


def test_rich_is_not_imported_for_plain_lines_only() -> None:
    code = "import errdex.cli.progress as p, sys; b = p.ProgressBar(tty=False); b.stage('indexing'); print('rich' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env={**_clean_env(), "PYTHONIOENCODING": "utf-8"},
        check=True,
    )
    assert out.stdout.strip() == "False" and out.stderr == "• indexing\n"


def test_colour_forced_by_the_environment_goes_through_rich() -> None:
    ours, rich = _run("plain", FORCE_COLOR="1"), _run("rich", FORCE_COLOR="1")
    assert ours.stderr == rich.stderr and b"\x1b[" in ours.stderr


def test_a_width_from_the_environment_goes_through_rich() -> None:
    ours, rich = _run("plain", COLUMNS="30"), _run("rich", COLUMNS="30")
    assert ours.stderr == rich.stderr
