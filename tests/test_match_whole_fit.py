"""Of the raises of the pasted class, a template holding a few literal characters that the whole
message fits from its first character to its last (``raise UnknownName(f"{space}.{name}")``
pasted as ``UnknownName: geo.v2.point``) is at least as good an answer as a template of
placeholders alone (``raise UnknownName(record)``), which fits any message: its fit is the
narrower one. The discount a few literal characters get among much other text still holds for a
fit found inside a longer message. On a real catalogue indexed from fixture code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher, site

from errdex.match import Matcher

ERRORS = """\
class UnknownName(Exception):
    pass
"""

# the reader qualifies a bare name with its namespace, then raises it; the checker raises the
# value it was handed, whatever it is
SCHEMA = """\
from namekit.errors import UnknownName


def resolve(name, space, known):
    if name not in known:
        raise UnknownName(f"{space}.{name}")
    return known[name]
"""

CHECK = """\
from namekit.errors import UnknownName


def check(record, known):
    if record in known:
        return True
    raise UnknownName(record)


def check_again(record, known):
    if record in known:
        return True
    raise UnknownName(record)
"""


# a status code written into the template: a literal word or number, not a joint between values
STATUS = """\
from namekit.errors import UnknownName


def fetch(data):
    raise UnknownName(f"404 {data}")
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {
        "namekit/__init__.py": "",
        "namekit/errors.py": ERRORS,
        "namekit/schema.py": SCHEMA,
        "namekit/check.py": CHECK,
        "namekit/status.py": STATUS,
    }
    with package_matcher(tmp_path_factory.mktemp("wholefit"), files) as m:
        yield m


@pytest.mark.parametrize("cls", ["UnknownName", "namekit.errors.UnknownName"])
def test_a_whole_fit_of_a_few_literals_leads_the_placeholders_alone(matcher: Matcher, cls: str) -> None:
    res = matcher.explain(f"{cls}: geo.v2.point")
    assert site(first(res)) == ("namekit/schema.py", "resolve"), [site(m) for m in res.matches]


def test_a_message_the_literals_do_not_fit_keeps_the_placeholders_alone(matcher: Matcher) -> None:
    # no dot: only the templates of placeholders alone fit
    res = matcher.explain("UnknownName: point")
    assert first(res).path == "namekit/check.py", [site(m) for m in res.matches]


@pytest.mark.parametrize(
    "message",
    [
        "404 point",  # a literal number: content, not a joint
        "geo.v2\npoint",  # a value running over a line break
    ],
)
def test_a_literal_word_or_a_second_line_leaves_the_placeholders_alone_first(
    matcher: Matcher, message: str
) -> None:
    res = matcher.explain(f"UnknownName: {message}")
    assert first(res).path == "namekit/check.py", [site(m) for m in res.matches]
