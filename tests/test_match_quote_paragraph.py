"""A reporter's Markdown quote between paragraphs of their own (issues58-issues83's
scikit-learn-004: the issue title's error line, then ``> Deprecated since version 1.1: ...``
quoted from the docs, then a sentence): a ``>`` line with one space at most before its text,
after a blank line, is no pytest marker (pytest's ``>`` stands right under the source lines it
follows and before an indented statement, three spaces at least). It was read as one, and
everything above it (the error line) was dropped as source: the last sentence became the
message."""

from __future__ import annotations

from errdex.match.parse import parse

ERROR = "InvalidParameterError: The 'loss' parameter of SGDClassifier must be a str"
QUOTE = "> Deprecated since version 1.1: The loss 'log' was deprecated in v1.1 and will be removed in version 1.3."
AFTER = "Looks like the latest version of scikit-learn (1.3.0) doesn't support loss 'log'."


def test_a_quoted_paragraph_between_the_error_and_a_sentence_keeps_the_error_line() -> None:
    q = parse(f"{ERROR}\n\n{QUOTE}\n\n{AFTER}")
    assert q.exc_type == "InvalidParameterError"
    assert q.message.startswith("The 'loss' parameter of SGDClassifier must be a str")


def test_pytest_s_marker_under_the_source_still_marks_the_failing_line() -> None:
    listing = (
        "    def test_fit():\n"
        "        model = make()\n"
        ">       model.fit(X)\n"
        "E       ValueError: Input X contains NaN.\n"
    )
    q = parse(listing)
    assert q.exc_type == "ValueError"
    assert q.message.strip() == "Input X contains NaN."
