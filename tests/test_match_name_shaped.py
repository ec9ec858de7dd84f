"""A placeholder printing a ``__name__`` (``{type(ex).__name__}``) holds a Python name: a fit
that puts text no name spells there (spaces, ``/``, ``()``) is not how that statement printed
the message (issue #10, duckduckgo-search-003). A library wrapping a request's errors as
``f"{url} {type(ex).__name__}: {ex}"`` and its JSON helpers as ``f"{type(ex).__name__}:
{ex}"``: the paste of the first fits the second too, with the URL read as the class's name."""

from __future__ import annotations

from errdex.match import Matcher
from errdex.model import CatalogueEntry, render_template

BARE = ["", "type(ex).__name__", ": ", "ex", ""]
WITH_URL = ["", "url", " ", "type(ex).__name__", ": ", "ex", ""]
PASTE = "search.SearchError: get_url() https://api.example.org/d.js SearchError: Ratelimit"
WHY = "a placeholder printing a name (`__name__`, an id) holds text no such name spells"


def _entry(key: int, segs: list[str], path: str, function: str) -> CatalogueEntry:
    return CatalogueEntry(
        key=key, error_id=function, repo="o/search", version="1.0", snapshot_date=None, kind="error",
        exc_type="SearchError", exc_qualname=None, template=render_template(segs), segments=segs,
        path=path, line=10 * key, function=function,
    )  # fmt: skip


def _matcher() -> Matcher:
    return Matcher.from_entries(
        [
            _entry(1, BARE, "search/utils.py", "json_loads"),
            _entry(2, BARE, "search/utils.py", "json_dumps"),
            _entry(3, WITH_URL, "search/client.py", "Client.get_url"),
        ]
    )


def test_a_url_is_no_class_name_the_template_with_a_url_slot_comes_first() -> None:
    res = _matcher().explain(PASTE)
    assert res.matches and res.matches[0].function == "Client.get_url", [m.function for m in res.matches]
    bare = [m for m in res.matches if m.function.startswith("json_")]
    assert bare and all(WHY in m.reasons for m in bare)
    assert WHY not in res.matches[0].reasons  # the URL slot takes the text before the name


def test_a_class_name_where_the_template_prints_one_is_no_penalty() -> None:
    res = _matcher().explain("search.SearchError: JSONDecodeError: Expecting value")
    assert res.matches
    bare = [m for m in res.matches if m.function.startswith("json_")]
    assert bare and all(WHY not in m.reasons for m in bare)


# an identifier (``{rule.ID}``, ``{run_id}``) prints one token: a config loader's
# ``invalid config: {rule.ID}: {res}`` does not print a YAML parser's lines in its rule id
BY_RULE = ["invalid config: ", "rule.ID", ": ", "res", ""]
CAUGHT = ["invalid config: ", "e", ""]
YAML_ERROR = (
    "lint.ConfigError: invalid config: while parsing a flow mapping\n"
    '  in "<unicode string>", line 1, column 9:\n'
    "expected ',' or '}', but got '<stream end>'"
)


def test_an_id_placeholder_holding_lines_of_text_goes_below_the_caught_errors_template() -> None:
    m = Matcher.from_entries(
        [
            CatalogueEntry(
                key=7, error_id="rule", repo="o/lint", version="1.0", snapshot_date=None, kind="error",
                exc_type="ConfigError", exc_qualname=None, template=render_template(BY_RULE), segments=BY_RULE,
                path="lint/config.py", line=230, function="validate_rule_conf",
            ),
            CatalogueEntry(
                key=8, error_id="parse", repo="o/lint", version="1.0", snapshot_date=None, kind="error",
                exc_type="ConfigError", exc_qualname=None, template=render_template(CAUGHT), segments=CAUGHT,
                path="lint/config.py", line=79, function="Config.parse",
            ),
        ]
    )  # fmt: skip
    res = m.explain(YAML_ERROR)
    assert res.matches and res.matches[0].function == "Config.parse", [m.function for m in res.matches]
    rule = next(x for x in res.matches if x.function == "validate_rule_conf")
    assert WHY in rule.reasons
    # a rule id that is one token is no penalty
    res2 = m.explain("lint.ConfigError: invalid config: line-length: max must be an int")
    assert all(WHY not in x.reasons for x in res2.matches)
