"""What a new user pasting real errors of real releases gets: each library indexed from its wheel
on PyPI (cached after the first run), each paste as the library prints it.

requests' ``InvalidURL(*e.args)``, jinja2's ``self.fail(msg)`` raising its default class,
attrs' tuple of a message and reprs, click's ``Choice`` message in another release's wording,
and a pydantic-core validation report raised from compiled code.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from errdex.match import Matcher, Result
from errdex.store import Store
from errdex.store.sharedcache import ENV

pytestmark = [pytest.mark.network, pytest.mark.slow]

RELEASES = ["requests==2.34.2", "jinja2==3.1.6", "attrs==26.1.0", "click==8.5.1", "pydantic==2.14.4"]


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory, shared_extractions: Path) -> str:
    from errdex.pipeline import index

    db = str(tmp_path_factory.mktemp("trial") / "c.db")
    # the regression sets issues, runtime and popular pin these releases too: whichever
    # indexes one second reads its files' facts from the run's shared extraction cache
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(ENV, str(shared_extractions))
        for spec in RELEASES:
            index(f"pypi:{spec}", db)
    return db


@pytest.fixture(scope="module")
def matcher(catalogue: str) -> Iterator[Matcher]:
    with Store.open(catalogue) as store:
        yield Matcher.load(store)


def _records(db: str, path: str, line: int) -> set[tuple[str, str]]:
    with Store.open(db) as store:
        return {(e.exc_type, e.template) for e in store.list_errors(path=path)[1] if e.line == line}


def _site_pasted(matcher: Matcher, text: str) -> Result:
    return matcher.explain(text, limit=5)


def test_requests_invalid_url_from_caught_args_prints_them(catalogue: str) -> None:
    # ``raise InvalidURL(*e.args)`` through ``RequestException.__init__(*args)``
    assert _records(catalogue, "requests/models.py", 511) == {("InvalidURL", "{*e.args}")}


def test_jinja2_fail_without_a_class_raises_template_syntax_error(catalogue: str) -> None:
    # ``self.fail(...)`` of ``fail(msg, lineno=None, exc=TemplateSyntaxError)``: no ``<unknown>``
    types = {t for t, _ in _records(catalogue, "jinja2/parser.py", 306)}
    assert types == {"TemplateSyntaxError"}


def test_invalid_url_means_a_value_error(catalogue: str) -> None:
    from errdex.analysis import analyze_error

    with Store.open(catalogue) as store:
        row = next(e for e in store.list_errors(path="requests/models.py")[1] if e.line == 520)
        err = store.get_error(row.id)
        assert err is not None
        meaning = analyze_error(store, err).meaning.text
    assert "kind of ValueError" in meaning and "operating-system" not in meaning


ATTRS_PASTE = """\
Traceback (most recent call last):
  File "/app/x.py", line 9, in <module>
    C(x=5)
  File "/venv/lib/python3.12/site-packages/attr/validators.py", line 264, in __call__
    raise ValueError(msg, attr, self.options, value)
ValueError: ("'x' must be in [1, 2, 3] (got 5)", Attribute(name='x', default=NOTHING, \
validator=<in_ validator with options [1, 2, 3]>, repr=True, eq=True, alias='x'), [1, 2, 3], 5)
"""


def test_attrs_values_keep_their_commas(matcher: Matcher) -> None:
    best = _site_pasted(matcher, ATTRS_PASTE).matches[0]
    assert best.path == "attr/validators.py" and not best.approximate
    assert best.values["attr!r"] == (
        "Attribute(name='x', default=NOTHING, validator=<in_ validator with options [1, 2, 3]>, "
        "repr=True, eq=True, alias='x')"
    )
    assert best.values["value!r"] == "5"


CLICK_PASTE = """\
Traceback (most recent call last):
  File "/app/cli.py", line 20, in <module>
    main()
  File "/venv/lib/python3.12/site-packages/click/types.py", line 472, in convert
    self.fail(self.get_invalid_choice_message(value=value, ctx=ctx), param=param, ctx=ctx)
click.exceptions.BadParameter: {message}
"""


def test_click_choice_is_exact_only_when_its_template_fits(matcher: Matcher) -> None:
    now = _site_pasted(matcher, CLICK_PASTE.format(message="'purple' is not one of 'red', 'green', 'blue'."))
    assert now.outcome == "exact" and now.matches[0].function == "Choice.convert"
    # click 8.1's wording, raised from the same line: the answer and its reasons agree it is reworded
    old = _site_pasted(
        matcher, CLICK_PASTE.format(message="invalid choice: purple. (choose from red, green)")
    )
    assert old.outcome == "approximate"
    assert all(m.approximate for m in old.matches)


PYDANTIC_PASTE = """\
Traceback (most recent call last):
  File "/app/m.py", line 7, in <module>
    Model(x="a")
  File "/venv/lib/python3.12/site-packages/pydantic/main.py", line 253, in __init__
    validated_self = self.__pydantic_validator__.validate_python(data, self_instance=self)
pydantic_core._pydantic_core.ValidationError: 1 validation error for Model
x
  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, \
input_value='a', input_type=str]
    For further information visit https://errors.pydantic.dev/2.14/v/int_parsing
"""


def test_a_pydantic_core_report_gets_no_bare_placeholder_answer(matcher: Matcher) -> None:
    # raised in compiled code under ``validate_python``: ``raise ve`` in a validator the
    # traceback never entered fits any text, and is no answer
    res = _site_pasted(matcher, PYDANTIC_PASTE)
    assert res.outcome != "exact"
    bare = [m.template for m in res.matches if re.fullmatch(r"\{[^{}]*\}", m.template)]
    assert not bare
    # main.py:253 of this release is another statement (a class attribute of ``BaseModel``):
    # the frame in ``__init__`` at that line number is no evidence for it
    assert not any(m.path == "pydantic/main.py" and m.line == 253 for m in res.matches)
