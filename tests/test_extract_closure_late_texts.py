"""A text the function around a closure binds a name to after the closure's ``def`` (issue #10).

A decorator factory used bare finds its "message" is the decorated function, and rebinds the
name to its default text after defining the decorator:

    def async_unsafe(message):
        def decorator(func):
            def inner(*args, **kwargs):
                raise SynchronousOnlyOperation(message)
            ...
        if callable(message):
            func = message
            message = "You cannot call this from an async context ..."
            return decorator(func)
        return decorator

The closure reads ``message`` when it runs, so the later text is what it raises. Before, the
closure saw the name as it stood at the ``def`` (the parameter) and the raise was ``{message}``.
"""

from __future__ import annotations

from marked_helpers import by_mark

SOURCE = """\
import functools


class SynchronousOnlyOperation(Exception):
    pass


def async_unsafe(message):
    def decorator(func):
        @functools.wraps(func)
        def inner(*args, **kwargs):
            if kwargs.get("loop"):
                raise SynchronousOnlyOperation(message)  # <- late
            return func(*args, **kwargs)

        return inner

    if callable(message):
        func = message
        message = (
            "You cannot call this from an async context - use a thread or "
            "sync_to_async."
        )
        return decorator(func)
    return decorator


def guarded(fallback):
    def check(value):
        if value is None:
            raise ValueError(fallback)  # <- own
        fallback = value
        return fallback

    fallback = "The value was missing and no default was configured"
    return check


def counted(limit):
    def check(value):
        if value > limit:
            raise ValueError(f"{value} is over the limit {limit}")  # <- number
        return value

    limit = 10
    return check


def only_later():
    def report():
        raise RuntimeError(reason)  # <- only_later

    reason = "The worker stopped before it finished its queue"
    return report
"""


def _templates() -> dict[str, set[str]]:
    return {mark: {t for _, t in found} for mark, found in by_mark(SOURCE, "pkg/asyncio.py").items()}


def test_a_text_bound_after_the_closure_s_def_is_what_the_closure_raises() -> None:
    at = _templates()
    # before: {"{message}"}
    assert "You cannot call this from an async context - use a thread or sync_to_async." in at["late"]
    # a name bound only after the ``def``, only to a text: that text
    assert at["only_later"] == {"The worker stopped before it finished its queue"}


def test_a_name_the_closure_binds_itself_or_a_number_adds_no_text() -> None:
    at = _templates()
    # the closure's own local (it assigns ``fallback``): the outer text is not its value
    assert at["own"] == {"{fallback}"}
    # a number bound later is no text
    assert at["number"] == {"{value} is over the limit {limit}"}
