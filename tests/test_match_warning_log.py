"""A log of several warnings, as ``warnings`` prints them (``path:line: Category: text``, then the
source line), with no traceback: each warning is an error of its own and any may be the one the
user asks about. Read whole, the log's first warning stood for it and the others were dropped
(another library's ``RuntimeWarning`` printed before the plotting library's ``UserWarning``).
Each is now read apart, and the one the catalogue explains exactly answers; the last one's answer
when none is exact. pytest's warnings summary of two entries, under its banner and with each
entry under the location pytest groups it by, is such a log. On a small index built here."""

from __future__ import annotations

from errdex.match import Matcher
from errdex.match.parse import parse
from errdex.model import CatalogueEntry


def _warn(
    key: int, category: str, template: str, segments: list[str], path: str, line: int
) -> CatalogueEntry:
    return CatalogueEntry(
        key=key, error_id=f"w{key}", repo="o/plotkit", version="1.0", snapshot_date=None, kind="warning",
        exc_type=category, exc_qualname=None, template=template, segments=segments, path=path, line=line,
        function="Plotter.density", statement="warnings.warn(msg, category)",
    )  # fmt: skip


_VARIANCE = _warn(
    1,
    "UserWarning",
    "Dataset has 0 variance; skipping density estimate. Pass `warn_singular=False` to disable this warning.",
    [
        "Dataset has 0 variance; skipping density estimate. Pass `warn_singular=False` to disable this warning."
    ],
    "plotkit/distributions.py",
    355,
)
_FEW = _warn(
    2,
    "UserWarning",
    "Too few points ({n}) for a density estimate.",
    ["Too few points (", "n", ") for a density estimate."],
    "plotkit/distributions.py",
    340,
)
_OTHER = (
    "/env/lib/python3.12/site-packages/numlib/core/nanops.py:1016: RuntimeWarning: invalid value encountered"
    " in subtract\n  sqr = _ensure_numeric((avg - values) ** 2)"
)
_MINE = (
    "<ipython-input-20-d1f90ecbf4e4>:1: UserWarning: Dataset has 0 variance; skipping density estimate. Pass"
    " `warn_singular=False` to disable this warning.\n  pl.density(s, bw_adjust=.25)"
)


def test_the_warning_the_catalogue_explains_answers_after_another_librarys() -> None:
    paste = "Cannot plot certain data, it warns:\n```\n" + _OTHER + "\n" + _MINE + "\n```"
    res = Matcher.from_entries([_VARIANCE, _FEW]).explain(paste)
    assert res.matches and res.matches[0].id == "w1", res.verdict
    assert not res.matches[0].approximate, res.verdict


def test_the_first_warning_answers_when_it_is_the_one_explained() -> None:
    paste = _MINE + "\n" + _OTHER
    res = Matcher.from_entries([_VARIANCE, _FEW]).explain(paste)
    assert res.matches and res.matches[0].id == "w1", res.verdict
    assert not res.matches[0].approximate, res.verdict
    assert "another warning of the log" in res.verdict


def test_each_warning_of_a_log_is_a_block_the_last_the_primary() -> None:
    q = parse(_OTHER + "\n" + _MINE)
    assert [b.exc_type for b in q.blocks] == ["RuntimeWarning", "UserWarning"]
    assert q.primary == 1
    assert q.blocks[1].message.startswith("Dataset has 0 variance")


def test_a_location_line_of_an_exception_is_no_warning_record() -> None:
    paste = "pkg/a.py:3: ValueError: bad value\n" + _MINE
    assert len(parse(paste).blocks) == 1


_ENTRY = [
    "../../../usr/lib/python3/dist-packages/plotkit/distributions.py:340",
    "  /usr/lib/python3/dist-packages/plotkit/distributions.py:340: UserWarning: Too few points ({n}) for a"
    " density estimate.",
    "  ",  # the message ended in a line break: an indented blank line before the source line
    "    warnings.warn(msg, category)",
]
_SUMMARY = "\n".join(
    [
        "==================================== warnings summary ====================================",
        *[ln.format(n=3) for ln in _ENTRY],
        "",
        *[ln.format(n=4) for ln in _ENTRY],
        "",
        "-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html",
    ]
)


def test_a_pytest_warnings_summary_reads_as_its_warnings() -> None:
    q = parse(_SUMMARY)
    assert [b.message for b in q.blocks] == [
        "Too few points (3) for a density estimate.",
        "Too few points (4) for a density estimate.",
    ]
    res = Matcher.from_entries([_VARIANCE, _FEW]).explain(_SUMMARY)
    assert res.matches and res.matches[0].id == "w2", res.verdict
    assert not res.matches[0].approximate, res.verdict


def test_one_summary_entry_under_its_banner_reads_as_its_warning() -> None:
    one = "\n".join(_SUMMARY.split("\n")[:5])
    q = parse(one)
    assert len(q.blocks) == 1 and q.message == "Too few points (3) for a density estimate."
    res = Matcher.from_entries([_VARIANCE, _FEW]).explain(one)
    assert res.matches and res.matches[0].id == "w2" and not res.matches[0].approximate, res.verdict


def test_an_entry_under_a_file_count_keeps_the_message_own_line_break() -> None:
    # ten tests or more raising one warning: pytest writes ``file: N warnings`` over the entry
    # (``collapsed_location_report``), and the message's own line goes on one space deeper than
    # the entry, the source line two; with the user's sentence above the summary
    paste = "\n".join(
        [
            "For example, in the unit test we have",
            "",
            "tests/test_network.py: 3 warnings",
            "  /home/ci/pkg/stats.py:360: RuntimeWarning: The iteration is not making good progress, as"
            " measured by the ",
            "   improvement from the last ten iterations.",
            "    x0 = solve(lambda x: f(x, a), start)",
        ]
    )
    q = parse(paste)
    assert q.exc_type == "RuntimeWarning"
    assert q.message == (
        "The iteration is not making good progress, as measured by the\n improvement from the last ten iterations."
    )


def test_a_warning_logged_through_capture_warnings_keeps_its_location() -> None:
    # ``logging.captureWarnings``: the ``py.warnings`` logger's header before the location
    # (celery's worker format, logging's basic one) is no part of the path
    for head in ("[2025-11-03 16:28:12,387: WARNING/MainProcess] ", "WARNING:py.warnings:"):
        q = parse(
            f"{head}/app/site-packages/plotkit/core.py:508: UserWarning: Too few points (3)\n  warn(msg)"
        )
        assert [(f.path, f.line) for f in q.frames] == [("/app/site-packages/plotkit/core.py", 508)]
        assert (q.exc_type, q.message) == ("UserWarning", "Too few points (3)")
