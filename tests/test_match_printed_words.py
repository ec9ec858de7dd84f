"""A wrapper's words around another raise's text that the parser takes for the paste's own.

A library that catches an error and raises its own with the caught text inside often writes a
class's name at the head of its words (``f"ProviderError: backend failed - {e}"``, a class's
``f"{type(self).__name__}: {message}"``) or appends a hint set off by rules (``f"{e}{HINT}"``
where the hint has ``-----`` lines around an example). Python prints ``pkg.Class:
ProviderError: backend failed - ...``: the parser reads ``ProviderError:`` as a further class
prefix and drops the rules as a paste's separators, so the wrapper's template no longer fits
from its start, and the caught error's raise (whose words are all there) came first,
approximate. The message as the paste printed it is tried when nothing fits exactly: the
wrapper, whose template holds the other raise's message in its placeholder, is the exact
answer. On a real catalogue indexed from fixture code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import class_in_parentheses, parse, printed_prefixes, ruled_message

ERRORS = """\
class ServiceError(Exception):
    pass
"""

CLIENT = '''\
from svc.errors import ServiceError

HINT = """

The usual cause is a token pasted with its quotes.

Example:
----------------------------------------
client = connect(token="abc")
----------------------------------------
"""


def check_token(token):
    if not token.isalnum():
        raise ValueError(f"token {token!r} has characters a token never has")
    return token


def call(token):
    try:
        return check_token(token)
    except ValueError as e:
        raise ServiceError(f"ProviderError: backend refused the request - {e}") from e


def relay(token):
    try:
        return check_token(token)
    except ValueError as e:
        raise ServiceError(f"svc.ServiceError: the upstream service said - {e}") from e


def connect(token):
    try:
        return check_token(token)
    except ValueError as e:
        raise ServiceError(f"{e}{HINT}") from e
'''

INNER = "token '\"abc\"' has characters a token never has"
RULE = "-" * 40


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"svc/__init__.py": "", "svc/errors.py": ERRORS, "svc/client.py": CLIENT}
    with package_matcher(tmp_path_factory.mktemp("printed"), files) as m:
        yield m


def test_a_class_name_the_wrapper_printed_is_its_text(matcher: Matcher) -> None:
    res = matcher.explain(f"svc.errors.ServiceError: ProviderError: backend refused the request - {INNER}")
    top = first(res)
    assert top.function == "call", [m.function for m in res.matches]
    assert not top.approximate, top.reasons
    # the caught error's raise, whose words fill the wrapper's placeholder, is named as its cause
    assert any("the text raised at svc/client.py" in r and "(check_token)" in r for r in top.reasons)


def test_a_class_built_head_shown_alone_is_the_text(matcher: Matcher) -> None:
    # an application showing ``str(e)`` alone: one module-qualified prefix, the class's name
    # the wrapper wrote at the head of its own text
    res = matcher.explain(f"svc.ServiceError: the upstream service said - {INNER}")
    top = first(res)
    assert top.function == "relay", [m.function for m in res.matches]
    assert not top.approximate, top.reasons


def test_one_undotted_prefix_is_the_class_alone() -> None:
    q = parse("ValueError: bad value")
    assert printed_prefixes(q.text, q.message) == []
    dotted = parse("svc.ServiceError: bad value")
    assert printed_prefixes(dotted.text, dotted.message) == ["svc.ServiceError: bad value"]


def test_rules_the_wrapper_printed_are_its_text(matcher: Matcher) -> None:
    hint = f'The usual cause is a token pasted with its quotes.\n\nExample:\n{RULE}\nclient = connect(token="abc")\n{RULE}'
    res = matcher.explain(f"svc.errors.ServiceError: {INNER}\n\n{hint}")
    top = first(res)
    assert top.function == "connect", [m.function for m in res.matches]
    assert not top.approximate, top.reasons
    assert any("(check_token)" in r for r in top.reasons), top.reasons


def test_a_wrapper_that_fits_as_pasted_names_its_cause(matcher: Matcher) -> None:
    # nothing cleaned off: the wrapper fits exactly as parsed, and its placeholder holds the
    # other raise's message all the same
    res = matcher.explain(
        f"svc.errors.ServiceError: {INNER}\n\nThe usual cause is a token pasted with its quotes.\n\nExample:"
    )
    top = first(res)
    assert top.function == "connect" and not top.approximate, (top.function, top.reasons)
    assert any("the text raised at" in r and "(check_token)" in r for r in top.reasons), top.reasons


def test_the_inner_raise_alone_is_still_its_own_exact_answer(matcher: Matcher) -> None:
    # nothing was cleaned off: the readings as printed are never tried; and a raise of its own
    # words names no cause
    res = matcher.explain(f"ValueError: {INNER}")
    assert first(res).function == "check_token"
    assert not first(res).approximate
    assert not any("the text raised at" in r for r in first(res).reasons)


def test_printed_prefixes_are_the_text_after_each_further_class() -> None:
    q = parse("pkg.errors.ServiceError: ProviderError: UpstreamError: text here")
    assert q.message == "text here"
    assert printed_prefixes(q.text, q.message) == [
        "ProviderError: UpstreamError: text here",
        "UpstreamError: text here",
    ]
    one = parse("ServiceError: text here")
    assert printed_prefixes(one.text, one.message) == []  # one class: the text as parsed


def test_ruled_message_puts_back_only_rules_inside_the_message() -> None:
    q = parse(f"ValueError: first line\n{RULE}\nsecond line\n{RULE}\nthird line")
    assert RULE not in q.message
    assert ruled_message(q.text, q.message) == f"first line\n{RULE}\nsecond line\n{RULE}\nthird line"
    plain = parse("ValueError: first line\nsecond line")
    assert ruled_message(plain.text, plain.message) is None


DRIVER = """\
class ProgrammingError(Exception):
    pass


def convert(value):
    if not isinstance(value, (int, str)):
        raise ProgrammingError(f"Failed processing parameters; Python {type(value).__name__!r} cannot be converted")
    return value
"""


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"drv/__init__.py": "", "drv/errors.py": DRIVER}
    with package_matcher(tmp_path_factory.mktemp("driver"), files) as m:
        yield m


CONVERTED = "Failed processing parameters; Python 'tuple' cannot be converted"


@pytest.mark.parametrize("after", ["", "\n[SQL: INSERT INTO t (a) VALUES (%(a)s)]"])
def test_a_class_another_package_printed_in_parentheses_is_the_error(driver: Matcher, after: str) -> None:
    # a toolkit not indexed caught the driver's error and printed ``(class) text``, then its
    # own lines: the driver's raise is the site, exactly
    res = driver.explain(f"toolkit.exc.ProgrammingError: (drv.errors.ProgrammingError) {CONVERTED}{after}")
    top = first(res)
    assert top.function == "convert", [m.function for m in res.matches]
    assert not top.approximate, top.reasons


def test_class_in_parentheses_reads_a_dotted_class_only() -> None:
    assert class_in_parentheses("(drv.errors.ProgrammingError) text") == (
        "drv.errors.ProgrammingError",
        "text",
    )
    assert class_in_parentheses("(see the docs) text") is None
    assert class_in_parentheses("(os.path) text") is None  # dotted, but no class's name


def test_a_class_in_parentheses_after_other_text_is_the_error(driver: Matcher) -> None:
    # a service's log prefix before the wrapper's line: the class printed after it is read
    # (``_embedded``), and its text opens with the class the wrapper caught
    res = driver.explain(
        f"worker_1   | toolkit.exc.ProgrammingError: (drv.errors.ProgrammingError) {CONVERTED}"
    )
    top = first(res)
    assert top.function == "convert", [m.function for m in res.matches]
    assert not top.approximate, top.reasons
