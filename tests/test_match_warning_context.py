"""A warning printed above a traceback is not the error the paste asks about: it is tried only
when that error finds nothing. When the error's own traceback shows it raised in an installed
package the catalogue does not hold (a build backend's plugin, say), the warning's raise is
context the catalogue knows, not the origin of the error: an approximate answer, never an exact
one. A warning above an error that shows no such thing still answers as before. On a small index
built here."""

from __future__ import annotations

from errdex.match import Matcher
from errdex.model import CatalogueEntry

_WARNING = (
    "/venv/lib/python3.13/site-packages/build/dist.py:265: UserWarning: Unknown distribution option: 'readme'"
)


def _matcher() -> Matcher:
    site = CatalogueEntry(
        key=1, error_id="warn1", repo="o/build", version="1.0", snapshot_date=None, kind="warning",
        exc_type="UserWarning", exc_qualname=None, template="Unknown distribution option: {opt!r}",
        segments=["Unknown distribution option: ", "opt!r", ""], path="build/dist.py", line=265,
        function="Distribution.__init__", statement="warnings.warn(msg)",
    )  # fmt: skip
    return Matcher.from_entries([site])


def _paste(last_frame: str) -> str:
    return "\n".join(
        [
            _WARNING,
            "  warnings.warn(msg)",
            "Traceback (most recent call last):",
            last_frame,
            '    section = defn.get("tool", {})[tool_name]',
            "KeyError: 'scm_plugin'",
        ]
    )


def test_a_warning_above_an_error_raised_in_a_package_not_indexed_is_context() -> None:
    frame = '  File "/venv/lib/python3.13/site-packages/scm_plugin/reading.py", line 36, in read_pyproject'
    res = _matcher().explain(_paste(frame))
    assert res.matches, res.verdict  # the warning is still shown
    assert res.matches[0].id == "warn1"
    assert all(m.approximate for m in res.matches), res.verdict
    assert "not indexed" in res.verdict


def test_a_warning_above_an_error_of_the_users_code_still_answers() -> None:
    frame = '  File "/home/u/setup_helpers.py", line 36, in read_pyproject'
    res = _matcher().explain(_paste(frame))
    assert res.matches and res.matches[0].id == "warn1"
    assert not res.matches[0].approximate, res.verdict


def test_a_warning_above_an_error_of_pythons_own_is_context() -> None:
    # the user's call misses an argument: the interpreter's own ``TypeError``, raised at that
    # call, finds no raise; the warning printed above it is what the catalogue knows of the
    # paste, but not where the error came from
    paste = "\n".join(
        [
            _WARNING,
            "  warnings.warn(msg)",
            "Traceback (most recent call last):",
            '  File "/home/u/app.py", line 7, in <module>',
            '    limiter.shared_limit("1/second")',
            "TypeError: Limiter.shared_limit() missing 1 required positional argument: 'scope'",
        ]
    )
    res = _matcher().explain(paste)
    assert res.matches and res.matches[0].id == "warn1"  # the warning is still shown
    assert all(m.approximate for m in res.matches), res.verdict
    assert "Python's own" in res.verdict
