"""A ``!r`` placeholder prints one repr: a value that opens a quoted string which closes before
the literal after it (``'illegal_argument_exception', "alias ..."`` in ``RequestError(400,
{message!r})``) is two values or prose, not what that statement printed, and the fit is no exact
match. The same holds for a template opening with the placeholder, whose value starts at the
message's start (``"pyflakes" failed ... "'Node'`` taken for ``{name!r}`` of ``{name!r} object
has no attribute {attr!r}``). A last value, whose end no literal marks, is not judged so: the
lines after it are other output."""

from __future__ import annotations

from test_match_rules import entry, top

from errdex.match import Matcher
from errdex.match.verify import _string_closes_early


def test_a_quoted_value_followed_by_more_text_is_no_repr() -> None:
    assert _string_closes_early("'a',\"b\"")
    assert _string_closes_early("b'a'x")
    assert _string_closes_early('"pyflakes"failedduringexecutiondueto"\'Node\'')


def test_a_whole_string_or_one_cut_inside_it_or_no_string_passes() -> None:
    assert not _string_closes_early("'a'")
    assert not _string_closes_early("rb'a\\'b'")
    assert not _string_closes_early("'isnotin")  # cut inside by the next literal's leftmost place
    assert not _string_closes_early("400,'a',\"b\"")  # opens with no quote: not judged here
    assert not _string_closes_early("Node('x')")


def _request_errors() -> Matcher:
    shown = entry(
        ["RequestError(400, ", "message!r", ")"], path="searchkit/helpers/document.py", function="Document.mget",
        exc_type="RequestError",
    )  # fmt: skip
    raised = entry(
        ["RequestError(", "error_message!r", ")"], path="searchkit/connection/base.py",
        function="Connection._raise_error", exc_type="RequestError",
    )  # fmt: skip
    return Matcher.from_entries([shown, raised])


def test_two_quoted_values_are_not_one_repr() -> None:
    res = _request_errors().explain(
        "searchkit.exceptions.RequestError: RequestError(400, 'illegal_argument_exception', "
        '"alias [logs] has more than one index associated with it, can\'t execute a single index op")'
    )
    assert top(res).function == "Connection._raise_error", [(m.function, m.approximate) for m in res.matches]
    assert not top(res).approximate
    mget = [m for m in res.matches if m.function == "Document.mget"]
    assert not mget or mget[0].approximate


def test_prose_before_a_quoted_name_is_not_the_opening_repr() -> None:
    site = entry(
        ["", "self.__class__.__name__!r", " object has no attribute ", "attr_name!r", ""],
        path="dslkit/utils.py", function="AttrDict.__getattr__", exc_type="AttributeError",
    )  # fmt: skip
    res = Matcher.from_entries([site]).explain(
        "\"pyflakes\" failed during execution due to \"'ExceptHandler' object has no attribute 'depth'\""
    )
    assert all(m.approximate for m in res.matches), [(m.function, m.reasons) for m in res.matches]


def test_a_last_value_followed_by_other_lines_is_still_exact() -> None:
    site = entry(
        ["Not an executable object: ", "statement!r", ""], path="sqlkit/engine.py", function="Connection.execute",
        exc_type="ObjectNotExecutableError",
    )  # fmt: skip
    res = Matcher.from_entries([site]).explain(
        "ObjectNotExecutableError: Not an executable object: 'VALUES CURRENT_SCHEMA'\n\n"
        "Connection info needed in the URL format, example:\n    driver://user:password@host/db"
    )
    assert top(res).function == "Connection.execute"
    assert not top(res).approximate
