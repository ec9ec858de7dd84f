"""Quotes next to a placeholder are the value's dress, not the template's words: a paste shows
the template's `` `{orig}` `` as ``'orig'`` (retyped), ``‘orig’`` (a chat's typographic quotes)
or ``orig`` (a markdown renderer took the backquotes for code marks), and the message still
fits the template exactly, the value without the quotes. The index's keys leave those quotes
out, or no key of such a paste reaches the template. A quote away from every placeholder is
the template's text like any other character (issue #10)."""

from __future__ import annotations

import pytest
from test_match_rules import entry, top

from errdex.match import Matcher
from errdex.match.index import Index
from errdex.match.verify import compact, compact_map, loose_fit, loose_lits, values


def _not_found(*more: list[str]) -> Matcher:
    site = entry(
        ["Executable `", "orig", "` not found"], path="toolkit/shebang.py", function="normexe",
        exc_type="ExecutableNotFoundError",
    )  # fmt: skip
    others = (
        entry(m, path="toolkit/other.py", function="g", exc_type="ExecutableNotFoundError") for m in more
    )
    return Matcher.from_entries([site, *others])


@pytest.mark.parametrize(
    "shown",
    [
        "i-dont-exist",  # dropped
        "'i-dont-exist'",  # retyped as quotes
        '"i-dont-exist"',
        "\u2018i-dont-exist\u2019",  # typographic
        "\u201ci-dont-exist\u201d",
        "`i-dont-exist'",  # opened with one, closed with another
    ],
)
def test_quotes_around_a_value_retyped_or_dropped_still_fit_exactly(shown: str) -> None:
    res = _not_found().explain(f"ExecutableNotFoundError: Executable {shown} not found")
    m = top(res)
    assert (m.path, m.approximate) == ("toolkit/shebang.py", False), [
        (x.path, x.approximate) for x in res.matches
    ]
    assert m.values == {"orig": "i-dont-exist"}


def test_a_quote_away_from_placeholders_is_still_text() -> None:
    site = entry(
        ["Please specify `target_modules` in ", "where", ""], path="tuner/base.py", function="prepare"
    )
    # the index's keys keep a code span's backticks away from every placeholder: they are the
    # template's text, and a paste that keeps them (or retypes them as quotes) is not loosened
    assert loose_lits(("Pleasespecify`target_modules`in", "")) == ("Pleasespecify`target_modules`in", "")
    res = Matcher.from_entries([site]).explain("ValueError: Please specify 'target_modules' in peft_config")
    assert not res.matches or res.matches[0].approximate
    # a paste holding no backtick at all is what a Markdown page shows of the span: read without
    # its backticks the template fits in full (``unticked_fit``, verified among the similar
    # patterns by ``unticked_similar``), and the answer says the backticks were dropped
    res = Matcher.from_entries([site]).explain("ValueError: Please specify target_modules in peft_config")
    m = top(res)
    assert (m.path, m.approximate) == ("tuner/base.py", False)
    assert any("backticks" in r for r in m.reasons), m.reasons


def test_the_template_as_written_ranks_above_one_whose_quotes_were_loosened() -> None:
    res = _not_found(["Executable '", "orig", "' not found"]).explain(
        "ExecutableNotFoundError: Executable 'i-dont-exist' not found"
    )
    assert top(res).path == "toolkit/other.py", [(x.path, x.approximate) for x in res.matches]


def test_loose_fit_takes_the_shown_quotes_back_into_the_literals() -> None:
    lits = tuple(compact(x) for x in ["Executable `", "` not found"])
    assert loose_lits(lits) == ("Executable", "notfound")
    text = "Executable 'x' not found"
    f = loose_fit(lits, compact(text))
    assert f is not None and f.full and f.anchored_start and f.anchored_end
    assert f.covered == len("Executable'") + len("'notfound")
    assert values(["orig"], f, text, compact_map(text)) == {"orig": "x"}
    # the quotes a value shows inside it stay the value's own: one taken back per template quote
    text = "Executable ''x'' not found"
    f = loose_fit(lits, compact(text))
    assert f is not None and values(["orig"], f, text, compact_map(text)) == {"orig": "'x'"}


def test_nothing_to_loosen_or_other_words_is_no_loose_fit() -> None:
    assert loose_fit(("Executable", "notfound"), "Executablexnotfound") is None
    assert loose_fit(("Executable`", "`notfound"), "Executablexismissing") is None
    # one quote of the pair shown: a message cut inside the value, which the truncated fit judges
    assert loose_fit(("Packagenotfoundat'", "'"), "Packagenotfoundat'C:/Users/Docume") is None
    # neither shown and no value: the message may as well be cut before the value
    assert loose_fit(("Packagenotfoundat'", "'"), "Packagenotfoundat") is None
    assert loose_fit(("Packagenotfoundat'", "'"), "Packagenotfoundat`C:/x`") is not None
    # a template of quotes and placeholders alone
    assert loose_lits(("'", "'and'", "'")) == ("", "and", "")


@pytest.mark.parametrize("shown", ["x", "'x'", "`x`"])
def test_the_keys_leave_out_the_quotes_next_to_a_placeholder(shown: str) -> None:
    # without them, a paste that lost or retyped the quotes holds no key of the template, and
    # the pattern is never verified among thousands of others
    idx = Index.build([entry(["Executable `", "orig", "` not found"])], "g")
    cmsg = compact(f"Executable {shown} not found")
    assert idx.exact_candidates(idx.hits(cmsg)) == [0]


def test_a_loosened_fit_does_not_count_a_value_as_quoted() -> None:
    # ``"{e}" is not supported`` loosened is ``{e} is not supported``: its value is no longer
    # known to be quoted, so it is not explained text, and the template that prints the words
    # before the value as well comes first
    bare = entry(['"', "e", '" is not supported'], path="fonts/cli.py", function="main")
    site = entry(["Authentication plugin '", "name", "' is not supported"], path="db/plugins.py")
    res = Matcher.from_entries([bare, site]).explain(
        "worker_1 | orm.exc.NotSupportedError: (db.errors.NotSupportedError) "
        "Authentication plugin 'caching_sha2_password' is not supported"
    )
    assert top(res).path == "db/plugins.py", [(x.path, x.approximate) for x in res.matches]
    assert all(m.approximate for m in res.matches if m.path == "fonts/cli.py")


def test_a_loosened_fit_that_cannot_be_exact_does_not_rank() -> None:
    # loosened, ``{path}:{line}:{column}: "{e}" is not supported`` is holes and three words that
    # fit any line ending so; only a fit that may be exact is taken loosened
    bare = entry(
        ["", "path", ":", "line", ":", "column", ': "', "e", '" is not supported'], path="fonts/cli.py"
    )
    site = entry(["Authentication plugin '", "name", "' is not supported"], path="db/plugins.py")
    res = Matcher.from_entries([bare, site]).explain(
        "worker_1 | [2021-01-22 07:16:54,965: ERROR/Worker-2] Task t[36094758] raised unexpected: "
        "NotSupportedError(\"(db.errors.NotSupportedError) Authentication plugin 'sha2' is not supported\",)"
    )
    assert top(res).path == "db/plugins.py", [(x.path, x.approximate) for x in res.matches]
    assert not [m for m in res.matches if any("quotes around a value" in str(r) for r in m.reasons)]


def test_a_value_unquoted_over_lines_is_not_a_loosened_fit() -> None:
    # a renderer takes the marks off a value inside a line; with no quote to end it, a value
    # running on over lines is the text that follows (a validator's location lines)
    m = Matcher.from_entries([entry(["when expecting a number found '", "data", "'"], path="schema/num.py")])
    one = m.explain("ValidationError: when expecting a number found abc")
    assert not top(one).approximate and top(one).values == {"data": "abc"}
    over = m.explain(
        'ValidationError: when expecting a number\nfound non-matching string\n  in "<unicode string>", line 1'
    )
    assert not [x for x in over.matches if any("quotes around a value" in str(r) for r in x.reasons)]
