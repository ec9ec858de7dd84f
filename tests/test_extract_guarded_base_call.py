"""An exception ``__init__`` that builds its text from keyword arguments only under a guard on
them, and otherwise hands its base a fixed text (issue #10, issues44's libtmux-003).

- ``if all(arg is not None for arg in [key, value, cmd]): return super().__init__(f"...")`` then
  ``return super().__init__("Could not find object")``: the guard is a test of several
  parameters, the guarded call returns, and the fall-through's call is the other branch. Before,
  neither was seen as a choice the call decides (the last call won), and a base initialiser
  that returns early when given ``*args`` (``if args: super().__init__(*args); return``) lost
  its subclass's text to its own default.
- The same with ``key is not None and value is not None``, and with ``if``/``else``.
- A raise that passes the keywords gets the built text; one that passes none gets the fixed one.

Real case: libtmux 0.62.0's ``TmuxObjectDoesNotExist.__init__`` (``Could not find
{obj_key}={obj_id} for {list_cmd} ...``) under ``ObjectDoesNotExist``'s ``if args:`` early
return; ``fetch_obj``'s raises had only ``No objects found``.
"""

from __future__ import annotations

from index_helpers import marked_templates

SOURCE = """\
class LookupFailed(Exception):
    def __init__(self, *args, query=None):
        self.query = query
        if args:
            super().__init__(*args)
            return
        super().__init__("No objects found")


class RowMissing(LookupFailed):
    def __init__(self, key=None, value=None, table=None, *args):
        if all(arg is not None for arg in [key, value, table]):
            return super().__init__(f"Could not find {key}={value} in {table}")
        return super().__init__("Could not find object")


class PairMissing(Exception):
    def __init__(self, left=None, right=None):
        if left is not None and right is not None:
            super().__init__(f"No pair {left} and {right} known")
        else:
            super().__init__("No pair known")


class HalfGuarded(Exception):
    def __init__(self, left=None, flag=False):
        if left is not None and flag.enabled:
            return super().__init__(f"Half {left}")
        return super().__init__("Unguarded text")


def fetch(key, value, table):
    raise RowMissing(key=key, value=value, table=table)  # <- guarded


def fetch_some(key):
    raise RowMissing(key=key)  # <- partial


def fetch_none():
    raise RowMissing()  # <- bare


def pair(a, b):
    raise PairMissing(left=a, right=b)  # <- pair


def pair_none(a):
    raise PairMissing(left=a, right=None)  # <- pair_none


def lookup(q):
    raise LookupFailed(query=q)  # <- default


def half(a):
    raise HalfGuarded(left=a, flag=a)  # <- half
"""


def _templates() -> dict[str, set[str]]:
    return marked_templates(SOURCE)


def test_a_guard_on_every_keyword_argument_picks_the_built_text() -> None:
    at = _templates()
    # before: {"No objects found"} (the base's early return for ``*args`` was not a choice)
    assert at["guarded"] == {"Could not find {key}={value} in {table}"}
    assert at["partial"] == {"Could not find object"}
    assert at["bare"] == {"Could not find object"}


def test_a_conjunction_of_none_tests_in_an_if_else_is_decided_by_the_call() -> None:
    at = _templates()
    # before: {"No pair known"} (an ``and`` of tests was no test the call decides)
    assert at["pair"] == {"No pair {a} and {b} known"}
    assert at["pair_none"] == {"No pair known"}


def test_an_early_return_for_args_leaves_the_fall_through_to_calls_without_them() -> None:
    at = _templates()
    assert at["default"] == {"No objects found"}


def test_a_guard_reading_state_the_call_does_not_decide_is_no_choice() -> None:
    at = _templates()
    # ``flag.enabled`` is no parameter's test: the last call stands, as before
    assert at["half"] == {"Unguarded text"}
