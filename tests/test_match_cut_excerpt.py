"""An excerpt of a message cut at both ends (``...text ...``), alone or between the ``<<`` and
``>>`` an application's one-line summary puts around the error's text: the cut marks and the
words around the marks are not the message's."""

from __future__ import annotations

from test_match_rules import entry, top

from errdex.match import Matcher
from errdex.match.matcher import _without_truncation_marker, angle_quoted


def _site() -> Matcher:
    removed = entry(
        ["\n\nYou tried to access apikit.", "self._symbol", ", but this is no longer supported in apikit>=1.0.0 - see the"
         " README for the API.\n\nYou can run `apikit migrate` to upgrade your codebase.\n"],
        path="apikit/lib/_old_api.py", function="RemovedProxy.__call__", exc_type="APIRemovedInV1",
    )  # fmt: skip
    return Matcher.from_entries([removed])


def test_cut_marks_at_either_end_are_dropped() -> None:
    assert _without_truncation_marker("...You tried to access x ...") == "You tried to access x"
    assert _without_truncation_marker("\u2026You tried") == "You tried"
    assert _without_truncation_marker("... and so") is None  # an ellipsis before a space is prose
    assert _without_truncation_marker("...") is None
    assert _without_truncation_marker("You tried") is None


def test_the_text_between_double_angle_marks_in_a_summary_line() -> None:
    line = "exception <<...You tried to access x, but this is no longer supported ...>> at line 15 of a.py >> x = 1"
    assert angle_quoted(line) == "...You tried to access x, but this is no longer supported ..."
    assert angle_quoted("print(1 << 20 >> 3 and more words here)") is None  # a shift: spaces inside the marks
    assert angle_quoted("cat <<EOF>> out") is None  # too short for a phrase
    assert angle_quoted("a\n<<You tried to access x, but this is no longer>>") is None  # one line only


def test_a_message_cut_at_both_ends_is_exact() -> None:
    text = "You tried to access apikit.ChatCompletion, but this is no longer supported in apikit>=1.0.0"
    for paste in (
        f"...{text} ...",
        f"exception <<...{text} ...>> at line 15 of chat.py >> completion = apikit.create(...",
    ):
        res = _site().explain(paste)
        assert top(res).function == "RemovedProxy.__call__", paste
        assert not top(res).approximate, (paste, top(res).reasons)
