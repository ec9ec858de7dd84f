"""A traceback cut before its exception line says less than Python printed; two things in the
paste can still name the error. A log that printed the error's repr above the traceback
(httpcore's trace ``...failed exception=ProtocolError('...')``, asyncio's report of a task that
died, ``exception=LocalProtocolError('...')>``) states its class and text, which the cut part's
frames then place. And the last frame's raise of a text that is no literal (``raise
_exceptions.UnparsedFlagAccessError(error_message)``) still names the class. Each on a real
catalogue of a small package indexed here (``index_helpers.package_matcher``)."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, line_of, package_matcher

from errdex.match.parse import parse

_CONN = """\
class ProtocolError(Exception):
    pass


class UnparsedFlagAccessError(Exception):
    pass


class StateMachine:
    def process_input(self, input_):
        if not isinstance(input_, int):
            msg = "Input must be an instance of ConnectionInputs"
            raise ValueError(msg)
        try:
            func, target_state = self._transitions[(self.state, input_)]
        except KeyError as e:
            old_state = self.state
            self.state = 3
            msg = f"Invalid input {input_} in state {old_state}"
            raise ProtocolError(msg) from e
        self.state = target_state
        return func


class FlagValues:
    def __getattr__(self, name):
        flag_entry = self._flags().get(name)
        if flag_entry is None:
            raise AttributeError(name)
        if self.parsed or flag_entry.present:
            return flag_entry.value
        raise UnparsedFlagAccessError(
            f"Trying to access flag --{name} before flags were parsed."
        )
"""

_FILES = {"pkg/__init__.py": "", "pkg/conn.py": _CONN}
_SITE = "/venv/lib/python3.11/site-packages/pkg/conn.py"
_LOOKUP = line_of(_CONN, "self._transitions[(self.state, input_)]")
_PROTOCOL_RAISE = line_of(_CONN, "raise ProtocolError(msg)")
_UNPARSED_RAISE = line_of(_CONN, "raise UnparsedFlagAccessError(")

_TRACE_LOG = "\n".join(
    [
        "14:29:53.989 | DEBUG   | netlib - send_headers.started request=<Request [b'GET']> stream_id=2001",
        "14:29:53.989 | DEBUG   | netlib - send_headers.failed exception=ProtocolError('Invalid input 0 in state 3')",
        "14:29:53.990 | DEBUG   | netlib - response_closed.complete",
        "14:29:58.130 | DEBUG   | app.client - Encountered retryable exception during request.",
        "Traceback (most recent call last):",
        f'  File "{_SITE}", line {_LOOKUP}, in process_input',
        "    func, target_state = self._transitions[(self.state, input_)]",
    ]
)


def test_a_logged_repr_above_a_cut_traceback_is_its_error(tmp_path: Path) -> None:
    # the traceback lost its exception line after its one frame (the lookup whose KeyError the
    # function turns into ProtocolError): the trace log's repr names the class and the text
    q = parse(_TRACE_LOG)
    assert (q.exc_type, q.message) == ("ProtocolError", "Invalid input 0 in state 3")
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_TRACE_LOG)
    got = first(res)
    assert (got.path, got.line, got.function) == (
        "pkg/conn.py",
        _PROTOCOL_RAISE,
        "StateMachine.process_input",
    )
    assert not got.approximate


def test_a_task_s_repr_above_a_chain_cut_in_its_last_part_is_the_error(tmp_path: Path) -> None:
    # asyncio's report of a task that died, its repr wrapped over lines, then the chain: the
    # interpreter's KeyError, and the part raised while handling it, cut inside its frames
    text = "\n".join(
        [
            "unhandled exception during asyncio.run() shutdown",
            "task: <Task finished name='Task-1813' coro=<Downloader._get_media() done, defined at ",
            "/home/u/dl.py:336> ",
            "exception=LocalProtocolError('Invalid input 11 in state 3')>",
            "Traceback (most recent call last):",
            f'  File "{_SITE}", line {_LOOKUP}, in process_input',
            "    func, target_state = self._transitions[(self.state, input_)]",
            "KeyError: (3, 11)",
            "",
            "During handling of the above exception, another exception occurred:",
            "",
            "Traceback (most recent call last):",
            '  File "/venv/lib/python3.11/site-packages/netlib/http2.py", line 111, in handle_request',
            "    status, headers = await self._receive_response(",
            '  File "/venv/lib/python3.11/site-packages/netlib/http2.py", line 259, in _receive_event',
            "    await self.",
        ]
    )
    q = parse(text)
    assert (q.exc_type, q.message) == ("LocalProtocolError", "Invalid input 11 in state 3")
    assert q.primary == len(q.blocks) - 1  # the cut part, not the KeyError before it
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(text)
    assert (first(res).line, first(res).function) == (_PROTOCOL_RAISE, "StateMachine.process_input")


def test_no_repr_above_leaves_the_cut_part_as_it_was() -> None:
    # the log lines above state no exception: the frames alone are the evidence, no class made up
    text = _TRACE_LOG.replace("exception=ProtocolError('Invalid input 0 in state 3')", "status=failed")
    q = parse(text)
    assert q.exc_type is None and q.message == ""


def test_a_cut_traceback_s_raise_of_a_variable_names_the_class(tmp_path: Path) -> None:
    # an older release's frame (its line is no line of this function's), the exception line cut
    # to ``pkg.``: the raise the frame prints gives no literal text, but its class is the error's
    text = "\n".join(
        [
            "Traceback (most recent call last):",
            '  File "train.py", line 24, in main',
            "    if FLAGS.sc2_run_config is None:",
            f'  File "{_SITE}", line {_UNPARSED_RAISE + 40}, in __getattr__',
            "    raise _exceptions.UnparsedFlagAccessError(error_message)",
            "pkg.",
        ]
    )
    q = parse(text)
    assert (q.exc_type, q.message) == ("UnparsedFlagAccessError", "")
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(text)
    assert (first(res).line, first(res).function) == (_UNPARSED_RAISE, "FlagValues.__getattr__")


def test_a_raise_of_a_call_that_builds_the_error_names_no_class() -> None:
    text = "\n".join(
        [
            "Traceback (most recent call last):",
            f'  File "{_SITE}", line 9, in check',
            "    raise make_error(code)",
        ]
    )
    assert parse(text).exc_type is None


def test_text_above_the_traceback_keeps_the_class_of_a_cut_raise_off() -> None:
    # a GraphQL error box: its ``Message:`` above a stack cut on an f-string's raise is the text
    # tried for the error; a class read off the raise alone would outrank it
    text = "\n".join(
        [
            "Message: Invariant failed. Description: Asset must be part of at least one job",
            "",
            "Stack Trace:",
            f'  File "{_SITE}", line 12, in invariant',
            '    raise CheckError(f"Invariant failed. Description: {desc}")',
        ]
    )
    q = parse(text)
    assert q.blocks[q.primary].exc_type is None


def test_an_earlier_tracebacks_raise_line_is_no_logged_repr() -> None:
    """A chain whose first traceback's header is dressed in Markdown (``**`Traceback ...``) and
    whose last part is cut: the first part's ``raise Error(context_msg=...)`` source line above
    the cut part's header is code, not a log's repr, so the whole first part stays the error
    (issues41 pyspnego-003, a reporter's bold code span around the paste)."""
    paste = "\n".join(
        [
            "**`Traceback (most recent call last):",
            f'  File "{_SITE}", line 12, in process_input',
            '    raise ProtocolError(context_msg="Unable to negotiate", base_error=last_err)',
            "pkg.conn.ProtocolError: Invalid input 7 in state 2, Context: Unable to negotiate",
            "",
            "During handling of the above exception, another exception occurred:",
            "",
            "Traceback (most recent call last):",
            '  File "/opt/app/run.py", line 17, in <module>',
            "    c.connect()",
            '  File "/opt/app/client.py", line 105, in connect',
            "    self.session.connect()",
            "  Fil",
        ]
    )
    q = parse(paste)
    assert q.message == "Invalid input 7 in state 2, Context: Unable to negotiate", (q.message, q.primary)
    assert q.exc_type == "pkg.conn.ProtocolError"
