"""A traceback whose last frame prints only the opening of a raise (``raise StateError(``, the
text on the lines below it in that release), on a real catalogue indexed from fixture code: in
this release the frame's own function raises the class on one line, and another function of the
file opens its raise exactly as printed. The printed line names only a class, so the other
function's raise is no evidence; the frame's function and the text decide."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher

LIB = """\
class StateError(Exception):
    pass


class Subscriptions:
    def __init__(self):
        self.kind = None
        self.assigned = {}

    def set_kind(self, kind):
        if self.kind in (None, kind):
            self.kind = kind
        else:
            raise StateError(
                "Subscription to topics, partitions and pattern are mutually exclusive"
            )

    def change(self, topics):
        self.topics = topics

    def assigned_state(self, part):
        state = self.assigned.get(part)
        if state is None:
            raise StateError(f"No current assignment for partition {part}")
        return state
"""

# the release before: ``assigned_state`` opened its raise on one line, the f-string below it
PASTE = """\
Traceback (most recent call last):
  File "/srv/app/consume.py", line 3, in <module>
    subs.assigned_state(part)
    ~~~~~~~~~~~~~~~~~~~^^^^^^
  File "/usr/lib/python3.11/site-packages/lib/subs.py", line 19, in assigned_state
    raise StateError(
lib.subs.StateError: No current assignment for partition Part(topic='raw', partition=4)
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("bare_open"), {"subs.py": LIB}) as m:
        yield m


def test_a_printed_raise_opening_names_no_other_functions_raise(matcher: Matcher) -> None:
    res = matcher.explain(PASTE)
    assert first(res).function == "Subscriptions.assigned_state", [m.function for m in res.matches]
    other = [m for m in res.matches if m.function == "Subscriptions.set_kind"]
    assert not any("on the raise statement itself" in r for m in other for r in m.reasons)


def test_a_printed_raise_opening_in_its_own_function_still_lands(matcher: Matcher) -> None:
    # the frame names the function whose raise opens as printed: that statement is the site
    paste = PASTE.replace("line 19, in assigned_state", "line 14, in set_kind").replace(
        "No current assignment for partition Part(topic='raw', partition=4)",
        "Subscription to topics, partitions and pattern are mutually exclusive",
    )
    assert first(matcher.explain(paste)).function == "Subscriptions.set_kind"
