"""A library that runs a script (a project template's hook copied to a temporary file) prints the
script's traceback, then what it says on catching the failure: a log record, then its own error
with no frames (cookiecutter's ``Hook script failed (exit status: 1)``). The traceback is of a
built-in class through no file of the catalogue; the library's line after it, read alone, is
the error the user met (``Matcher._reported_after_script``), exact: the frames shown are the
script's, not the library's raise's. A log record's template is no raise and is not taken."""

from __future__ import annotations

from test_match_rules import entry, top

from errdex.match import Matcher

SCRIPT_TB = (
    "Traceback (most recent call last):\n"
    '  File "/tmp/tmpq6nse7e3.py", line 44, in <module>\n'
    "    remove_files(\n"
    '  File "/tmp/tmpq6nse7e3.py", line 11, in remove_files\n'
    "    Path(path).unlink()\n"
    '  File "/usr/lib/python3.12/pathlib.py", line 1342, in unlink\n'
    "    os.unlink(self)\n"
    "FileNotFoundError: [Errno 2] No such file or directory: '.flake8'\n"
)


# (template segments, file, line, function, class): the library's raise and the log record its
# hook runner writes while handling that raise
_SITES = (
    (["Hook script failed (exit status: ", "exit_status", ")"], "tmplkit/hooks.py", 99, "run_script", "FailedHookException"),
    (
        ["Stopping generation because ", "hook_name", " hook script didn't exit successfully"],
        "tmplkit/hooks.py", 172, "run_hook_from_repo_dir", "log.EXCEPTION",
    ),
)  # fmt: skip


def _kit() -> Matcher:
    return Matcher.from_entries(
        [entry(seg, path=path, line=line, function=fn, exc_type=cls) for seg, path, line, fn, cls in _SITES]
    )


def test_the_library_error_after_a_script_traceback_is_the_answer() -> None:
    res = _kit().explain(
        SCRIPT_TB
        + "ERROR: Stopping generation because post_gen_project hook script didn't exit successfully\n"
        + "Hook script failed (exit status: 1)\n"
    )
    assert top(res).function == "run_script", [(m.function, m.approximate) for m in res.matches]
    assert not top(res).approximate
    assert top(res).values == {"exit_status": "1"}


def test_a_log_record_alone_after_it_is_no_raise() -> None:
    res = _kit().explain(
        SCRIPT_TB
        + "ERROR: Stopping generation because post_gen_project hook script didn't exit successfully\n"
    )
    assert not res.exact_top, [(m.function, m.approximate) for m in res.matches]


def test_a_library_class_keeps_its_own_reading() -> None:
    # the error line names no built-in class: the rule does not read the lines after it
    res = _kit().explain(
        SCRIPT_TB.replace("FileNotFoundError", "tmplkit.TemplateError")
        + "Hook script failed (exit status: 1)\n"
    )
    assert "the library's report of it" not in res.verdict
