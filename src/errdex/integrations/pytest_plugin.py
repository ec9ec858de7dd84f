"""The pytest plugin: a failing test's report names the library line that raised.

Registered as the ``errdex`` plugin (entry point ``pytest11``), it stays silent unless asked:
``pytest --errdex``, or ``pytest -p errdex`` where plugins are not loaded automatically. Then a
test that fails with an exception raised inside an installed library gets an ``errdex`` section
in its failure report, found by the real frames of the exception (``errdex.hooks``): the raise
site, its message template, and when the library raises it. A failure raised by the test's own
code (a plain ``assert``) gets no section. ``--errdex-db`` (or ``ERRDEX_DB``) names the catalogue.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from typing import Any

import pytest

_ON = pytest.StashKey[bool]()
_DB = pytest.StashKey["str | None"]()
_PROBLEM = pytest.StashKey[str]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("errdex", "errdex: name the library line a failure was raised at")
    group.addoption(
        "--errdex", action="store_true", default=False, help="add the raise site to failure reports"
    )
    group.addoption(
        "--errdex-db", default=None, help="errdex catalogue (default: ERRDEX_DB, then errdex's default)"
    )


def pytest_configure(config: pytest.Config) -> None:
    named = any(p == "errdex" for p in (config.getoption("plugins", None) or []))
    config.stash[_ON] = bool(config.getoption("errdex", False)) or named
    config.stash[_DB] = config.getoption("errdex_db", None) or os.environ.get("ERRDEX_DB") or None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    if not item.config.stash.get(_ON, False) or call.excinfo is None or call.when != "call":
        return
    report = outcome.get_result()
    if not report.failed:
        return
    from errdex.hooks import as_text, report_exception
    from errdex.store.errors import StoreError

    exc = call.excinfo.value
    try:
        found = report_exception(exc, item.config.stash.get(_DB, None), call.excinfo.tb)
    except StoreError as e:  # asked for, so say why there is no answer: once, at the end
        # (a missing catalogue is the same for every failure, the test's own asserts included)
        item.config.stash[_PROBLEM] = str(e)
        return
    except Exception:  # the lookup must never turn a test failure into an internal error
        return
    text = as_text(found, type(exc).__name__)
    if text:
        report.sections.append(("errdex", text))


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    problem = config.stash.get(_PROBLEM, None)
    if problem is not None:
        terminalreporter.write_sep("-", "errdex")
        terminalreporter.write_line(
            f"errdex: {problem} (pytest takes the catalogue as --errdex-db PATH or ERRDEX_DB)"
        )
