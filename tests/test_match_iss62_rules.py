"""Three readings the issues24-issues62 set's untuned misses showed (docs/measurements/iss62.md).

1. A message whose advice quotes a call with keywords (wandb's ``... setting:
   `wandb.init(settings=wandb.Settings(init_timeout=120))`.``): a call of a class not named as an
   exception is code the message quotes, not an exception's own ``Name(field=...)`` repr, so the
   line keeps its text and no class is read from it.

2. A log printed above a traceback cut before its error line, several records of one tool's
   output (``wblib: Using ...``, ``wblib: Network error ...``) before its error record
   (``wblib: ERROR <text>``): the error record is the error's text, read from there; the tool's
   earlier records are other output.

3. A frame of a file the catalogue does not hold (another release's module) whose printed line
   only opens a raise of a class (``raise TypeError(``): its function's name and that class are
   all it says, so namesake functions raising that class in several files (every ``__init__``
   raising TypeError) are not its raise moved, and the text decides.

On real catalogues indexed from fixture packages shaped like that."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

ERRORS = """\
class CommError(Exception):
    pass


class OpsError(Exception):
    pass
"""

SENTRY = """\
import sys


def reraise(exc):
    raise exc.with_traceback(sys.exc_info()[2])
"""

INIT = """\
from wblib.errors import CommError
from wblib.sentry import reraise


def _wait(timeout):
    raise CommError(
        f"Run initialization has timed out after {timeout} sec."
        " Please try increasing the timeout with the `init_timeout`"
        " setting: `wblib.init(settings=wblib.Settings(init_timeout=120))`."
    )


def init(timeout=90):
    try:
        _wait(timeout)
    except Exception as e:
        reraise(e)
"""

BASEOPERATOR = """\
from wblib.errors import OpsError


class BaseOperator:
    def __init__(self, task_id, **kwargs):
        if kwargs:
            raise OpsError(
                f"Invalid arguments were passed to {self.__class__.__name__} (task_id: {task_id}). "
                f"Invalid arguments were:\\n**kwargs: {kwargs}",
            )
        self.task_id = task_id
"""

TRIGGER = """\
class TriggerOperator:
    def __init__(self, logical_date):
        if not isinstance(logical_date, str):
            type_name = type(logical_date).__name__
            raise TypeError(
                f"Expected str type for parameter 'logical_date'. Got {type_name}"
            )
        self.logical_date = logical_date
"""

SENSOR = """\
class DateSensor:
    def __init__(self, target_time):
        if not isinstance(target_time, str):
            raise TypeError(
                f"Expected str type for target_time. Got {type(target_time)}"
            )
        self.target_time = target_time
"""

MESSAGE = (
    "Run initialization has timed out after 600 sec. Please try increasing the timeout with the "
    "`init_timeout` setting: `wblib.init(settings=wblib.Settings(init_timeout=120))`."
)

LOG_OVER_CUT = f"""\
wblib: Using the core backend.  Please refer to https://example.org/core for more information.
wblib: API key is configured. Use `wblib login --relogin` to force relogin
wblib: Network error (ConnectTimeout), entering retry loop.
wblib: ERROR {MESSAGE}
Traceback (most recent call last):
  File "train.py", line 719, in <module>
    wblib.init(project="p")
  File "/venv/lib/python3.10/site-packages/wblib/init.py", line 17, in init
    reraise(e)
  File "/venv/lib/python3.10/site-packages/wblib/sentry.py", line 9, in reraise"""

MOVED_FRAME = """\
Traceback (most recent call last):
  File "/venv/lib/python3.12/site-packages/wblib/sdk/bases/operator.py", line 521, in apply_defaults
    result = func(self, **kwargs, default_args=default_args)
  File "/venv/lib/python3.12/site-packages/wblib/sdk/bases/operator.py", line 1051, in __init__
    raise TypeError(
TypeError: Invalid arguments were passed to ApprovalOperator (task_id: approve). Invalid arguments were:
**kwargs: {'assigned_users': [{'id': 'admin'}]}"""

PACKAGE = {
    "errors": ERRORS,
    "sentry": SENTRY,
    "init": INIT,
    "baseoperator": BASEOPERATOR,
    "trigger": TRIGGER,
    "sensor": SENSOR,
}


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {f"wblib/{mod}.py": code for mod, code in {"__init__": "", **PACKAGE}.items()}
    with package_matcher(tmp_path_factory.mktemp("iss62_rules"), files) as m:
        yield m


def test_a_quoted_call_of_a_settings_class_is_no_exception_repr() -> None:
    q = parse(MESSAGE)
    assert q.exc_types == []
    assert q.message.startswith("Run initialization has timed out")


def test_an_exception_listing_its_fields_is_still_its_repr() -> None:
    q = parse('QueryError(type=USER_ERROR, name=X, message="boom")')
    assert q.exc_types == ["QueryError"]


def test_the_message_quoting_a_call_is_found(matcher: Matcher) -> None:
    top = first(matcher.explain(MESSAGE))
    assert top.function == "_wait"
    assert not top.approximate


def test_the_error_record_of_a_log_above_a_cut_traceback(matcher: Matcher) -> None:
    res = matcher.explain(LOG_OVER_CUT)
    top = first(res)
    assert top.function == "_wait"
    assert not top.approximate
    assert "above the cut traceback" in res.verdict


def test_a_log_without_an_error_record_is_read_whole(matcher: Matcher) -> None:
    # INFO chatter alone above the cut traceback names no raise: the frames answer
    head = "wblib: Using the core backend.\nwblib: Network error (ConnectTimeout), entering retry loop.\n"
    res = matcher.explain(head + LOG_OVER_CUT.split("\n", 4)[4])
    assert first(res).approximate


def test_a_moved_file_printing_only_the_class_leaves_namesakes_out(matcher: Matcher) -> None:
    top = first(matcher.explain(MOVED_FRAME))
    assert top.function == "BaseOperator.__init__"


def test_an_exception_line_above_a_generic_error_record_stays_the_error() -> None:
    # a console panel prints the error (``RuntimeError: ...``, indented, wrapped), then the
    # server logs the traceback under a generic record (uvicorn's ``ERROR:    Exception in ASGI
    # application``), cut before its own error line: the panel's text is the error, not the record's
    paste = "\n".join(
        [
            "                    RuntimeError: Task group is not initialized. Make sure to   ",
            "                    use run().                                                  ",
            'INFO:     127.0.0.1:38168 - "GET /mcp HTTP/1.1" 500 Internal Server Error',
            "ERROR:    Exception in ASGI application",
            "Traceback (most recent call last):",
            '  File "/venv/lib/python3.12/site-packages/wblib/init.py", line 17, in init',
            "    reraise(e)",
        ]
    )
    earlier = parse(paste).blocks[-1].earlier
    assert earlier is not None and "Task group is not initialized" in earlier.message
