"""A template's last ``!r`` placeholder prints one repr: a value that is a whole quoted string,
bracketed value or number followed by a space and words on its line (``'abc' is not a valid
integer.`` taken for ``{arg!r}`` of ``Invalid value for '{name}': {arg!r}``) is another
message sharing the template's head, not what that statement printed. And a log record's level
before the ``Error:`` label a CLI prints (``ERROR [app.main] Error: Invalid value ...``) leaves
the label a label: no class to disagree with the site's; a record whose message is a class
alone is that class raised without a message, as the class pasted alone is."""

from __future__ import annotations

from test_match_rules import entry, top

from errdex.match import Matcher
from errdex.match.score import TYPE_DISAGREES, type_relation
from errdex.match.verify import _repr_token_end


def test_the_repr_a_value_opens_with_ends_where_it_closes() -> None:
    assert _repr_token_end("'abc'isnot") == 5
    assert _repr_token_end("b'a\\'b'x") == 7
    assert _repr_token_end("['a]',2]x") == 8  # a bracket inside a string is the string's
    assert _repr_token_end("-1.5is") == 4
    assert _repr_token_end("'unclosed") == 0
    assert _repr_token_end("[1,2") == 0
    assert _repr_token_end("bad'x'") == 0  # a word, not a string prefix
    assert _repr_token_end("Name(1)") == 0  # not judged here


def _sites() -> Matcher:
    enum_arg = entry(
        ["Invalid value for '", "name", "': ", "arg!r", ""], path="sqlkit/util.py", function="parse_enum",
        exc_type="ArgumentError",
    )  # fmt: skip
    number = entry(
        ["Invalid value for ", "hint", ": ", "value!r", " is not a valid ", "self.name", "."],
        path="clikit/types.py", function="NumberType.convert", exc_type="BadParameter",
    )  # fmt: skip
    return Matcher.from_entries([enum_arg, number])


def test_words_after_a_last_repr_are_not_that_repr() -> None:
    for prefix in ("", "2024-05-01 12:00:00,123 ERROR [app.main] Error: "):
        res = _sites().explain(prefix + "Invalid value for '--count': 'abc' is not a valid integer.")
        assert top(res).function == "NumberType.convert", [(m.function, m.reasons) for m in res.matches]
        assert not top(res).approximate
        enum = [m for m in res.matches if m.function == "parse_enum"]
        assert not enum or enum[0].approximate


def test_a_whole_last_repr_and_punctuation_after_it_still_fit() -> None:
    for text in (
        "Invalid value for 'mode': 'fast'",
        "Invalid value for 'mode': ['a', 'b']",
        "Invalid value for 'mode': 'fast'.",
    ):
        res = _sites().explain(text)
        assert top(res).function == "parse_enum", (text, [(m.function, m.reasons) for m in res.matches])
        assert not top(res).approximate, text


def test_a_last_repr_followed_by_other_lines_is_not_judged() -> None:
    res = _sites().explain("Invalid value for 'mode': 'fast'\nretrying with defaults")
    assert top(res).function == "parse_enum"


def test_a_log_level_before_the_error_label_is_no_class() -> None:
    # every line known: the CLI's class, and another indexed codebase's ``Error`` (a database
    # library's ``exc.Error``), so a class ``Error`` would contradict ``BadParameter``
    lines = {"badparameter": {"usageerror", "exception"}, "usageerror": {"exception"}, "error": {"exception"}}

    def hierarchy(key: str) -> set[str]:
        return lines.get(key, set())

    assert type_relation(["log.ERROR", "Error"], "BadParameter", "error", hierarchy)[0] > TYPE_DISAGREES
    assert type_relation(["Error"], "BadParameter", "error", hierarchy)[0] > TYPE_DISAGREES
    # a class printed with its module is no label, under a log level too
    assert (
        type_relation(["log.ERROR", "db.exc.Error"], "BadParameter", "error", hierarchy)[0] == TYPE_DISAGREES
    )


def test_a_log_records_message_that_is_a_class_alone_is_that_class_raised_bare() -> None:
    bare = entry([""], path="aiokit/builtins.py", line=129, function="next", exc_type="StopAsyncIteration")
    m = Matcher.from_entries([bare])
    for paste in ("StopAsyncIteration", "2024-05-01 12:00:00,123 ERROR [app.main] StopAsyncIteration"):
        res = m.explain(paste)
        assert top(res).id == bare.error_id, (paste, res.verdict)
        assert top(res).approximate and "the class is alone" in res.verdict
    # a word the record holds is no class
    assert not m.explain("2024-05-01 12:00:00,123 ERROR [app.main] Done").matches
