"""An exception built and thrown or set, not raised (issue #10).

``self.parent.throw(LoopExit("..."))`` throws the exception into another greenlet, which raises
it at its paused switch; ``gen.throw(Exc(msg))`` raises it in a generator, ``fut.set_exception(
Exc(msg))`` at the future's ``await``. No ``raise`` statement carries the text, so the call is
the raise site, with the class and template a ``raise`` of the same exception would have, even
when the text is the class's own (a class printing itself, no literal at the call). A caught
exception handed on, or something not an exception, is no site of its own."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import ErrorRecord, SourceFile

SOURCE = """\
class LoopExit(Exception):
    def __str__(self):
        return repr(self)


class Hub:
    def run(self, debug):
        self.parent.throw(LoopExit("This operation would block forever",
                                   self,
                                   debug))

    def close(self, gen, n):
        gen.throw(ValueError(f"bad value {n}"))

    def lost(self, fut, peer):
        exc = ConnectionResetError(f"Connection lost to {peer}")
        self.closed = True
        fut.set_exception(exc)

    def timed_out(self, waiter):
        waiter.set_exception(TimeoutError())

    def failed(self, fut):
        try:
            self.step()
        except OSError as e:
            fut.set_exception(e)

    def handed(self, fut, error):
        fut.set_exception(error)

    def other(self, gen):
        gen.throw(make_value("not an exception"))
"""


def _records() -> list[ErrorRecord]:
    return extract([SourceFile("pkg/hub.py", SOURCE.encode())], "local/pkg", jobs=1).records


def _line(text: str) -> int:
    return next(i for i, row in enumerate(SOURCE.split("\n"), 1) if text in row)


def test_a_thrown_exception_is_a_raise_site_at_the_call() -> None:
    got = {(r.line, r.exc_type, r.template) for r in _records()}
    assert (_line("gen.throw(ValueError"), "ValueError", "bad value {n}") in got
    # a class that prints itself: kept, as ``raise LoopExit(...)`` is, though no literal is known
    assert any(line == _line("self.parent.throw") and exc == "LoopExit" for line, exc, _ in got)


def test_an_exception_stored_in_a_local_is_thrown_at_the_call_line() -> None:
    got = {(r.line, r.exc_type, r.template) for r in _records()}
    assert (_line("fut.set_exception(exc)"), "ConnectionResetError", "Connection lost to {peer}") in got
    assert not any(line == _line("exc = ConnectionResetError") for line, _, _ in got)


def test_an_exception_built_without_arguments_is_set_at_the_call() -> None:
    got = {(r.line, r.exc_type, r.template) for r in _records()}
    assert (_line("waiter.set_exception"), "TimeoutError", "") in got


def test_a_caught_or_given_exception_or_a_non_exception_is_no_site() -> None:
    lines = {r.line for r in _records()}
    for text in ("fut.set_exception(e)", "fut.set_exception(error)", "gen.throw(make_value"):
        assert _line(text) not in lines, text
