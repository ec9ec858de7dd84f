"""Paste forms and a code idiom the issues14-issues86 set's untuned misses showed
(docs/measurements/iss86.md).

Paste forms: a CI job log whose every line carries the job's columns (Zuul's ``job-output.txt``:
``2019-08-24 06:30:04.720339 | ubuntu-bionic | ``), which hid the error lines under a time and
a node's name; and GitHub Actions' own last line of a failed step (``Error: Process completed
with exit code 2.``), read as an ``Error: text`` exception line, or as the last line of the
message above it.

Code: joblib's loky keeps ``class BrokenProcessPool(_BPPException)``, an exception class whose
own name is no exception's (its base, the standard library's class imported under another
name, is named like one), and builds it to be raised elsewhere (``bpe = BrokenProcessPool("A
task has failed to un-serialize. ...")``, returned to the manager thread that sets it on the
futures): a class called by a name not ending like an exception's was taken for no exception,
and the text was never recorded.

A negative: the standard library's own ``importlib.metadata`` raising its own class, every frame
in its folder (``/usr/lib/python3.11/importlib/metadata/__init__.py``, ``from_name``), was
answered exactly by the ``importlib_metadata`` backport's copy of that function: a namesake
of the traceback's last frame in another file was taken for code that moved.

The packages are synthetic, parsed and never imported."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.extract import extract
from errdex.match import Matcher
from errdex.match.parse import parse
from errdex.model import SourceFile

CORE = """\
class BuildError(Exception):
    pass


class VersionError(Exception):
    pass


def run(target):
    raise BuildError(f"the target {target} is stale")


def require(ext, major, minor):
    raise VersionError(
        f"The {ext} extension used by this project needs at least v{major}.{minor}; "
        "it therefore cannot be built with this version."
    )
"""

POOL = '''\
from concurrent.futures.process import BrokenProcessPool as _BPPException


class BrokenProcessPool(_BPPException):
    """The pool broke."""


class WorkerLost(BrokenProcessPool):
    pass


def wait_result(reader):
    if reader:
        bpe = BrokenProcessPool(
            "A task has failed to un-serialize. Please ensure that"
            " the arguments of the function are all picklable."
        )
        bpe.__cause__ = reader
    else:
        bpe = WorkerLost("A worker of the pool was lost before its task ended.")
    return reader, bpe  # (the manager thread sets it on every pending future)
'''


METAPORT = """\
class PackageNotFoundError(ModuleNotFoundError):
    pass


class Distribution:
    @classmethod
    def from_name(cls, name):
        if not name:
            raise ValueError("A distribution name is required.")
        raise PackageNotFoundError(f"No package metadata was found for {name}")
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"buildlib/core.py": CORE, "buildlib/pool.py": POOL, "metaport/__init__.py": METAPORT}
    with package_matcher(tmp_path_factory.mktemp("iss86"), files) as m:
        yield m


# ---------------------------------------------------------------- a CI job log's columns

ZUUL = (
    "2019-08-24 06:30:03.531265 | ubuntu-bionic | Running build v2.2.0\n"
    "2019-08-24 06:30:04.720207 | ubuntu-bionic |\n"
    "2019-08-24 06:30:04.720480 | ubuntu-bionic | buildlib.core.BuildError: the target docs is stale\n"
    "2019-08-24 06:30:04.978070 | ubuntu-bionic | ERROR: InvocationError for command /x/bin/build "
    "(exited with code 2)\n"
)


NO_NODE = (
    "2019-08-24 06:30:04.720207 | Running build v2.2.0\n"
    "2019-08-24 06:30:04.720480 | buildlib.core.BuildError: the target docs is stale\n"
)


@pytest.mark.parametrize("log", [ZUUL, NO_NODE], ids=["time-and-node", "time-alone"])
def test_a_ci_job_logs_columns_are_stripped(log: str) -> None:
    q = parse(log)
    assert q.exc_type == "buildlib.core.BuildError"
    assert q.message.startswith("the target docs is stale")


def test_a_time_and_bar_on_one_line_of_many_is_kept() -> None:
    # a table row quoting a time is no log's column: most lines must carry it
    text = "buildlib.core.BuildError: the target docs is stale\nwhen\nwhere\n2019-08-24 06:30:04 | x | y\n"
    assert parse(text).message.startswith("the target docs is stale")


def test_a_ci_job_log_is_found(matcher: Matcher) -> None:
    assert first(matcher.explain(ZUUL)).function == "run"


# ---------------------------------------------------------------- a CI runner's exit line

TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "/w/app.py", line 3, in <module>\n'
    "    run('docs')\n"
    '  File "/env/lib/python3.11/site-packages/buildlib/core.py", line 10, in run\n'
    '    raise BuildError(f"the target {target} is stale")\n'
    "buildlib.core.BuildError: the target docs is stale\n"
)


@pytest.mark.parametrize(
    "exit_line",
    ["Error: Process completed with exit code 1.", "##[error]Process completed with exit code 1."],
)
def test_the_runners_exit_line_is_not_the_messages_last(exit_line: str) -> None:
    q = parse(TRACEBACK + exit_line + "\n")
    assert (q.exc_type, q.message) == ("buildlib.core.BuildError", "the target docs is stale")


BANNER = (
    "Run build -b html docs/source/ docs/build/html\n"
    "Running build v4.2.0\n\n"
    "Build version error:\n"
    "The buildlib.applehelp extension used by this project needs at least v5.0; it therefore cannot be "
    "built with this version.\n"
    "Error: Process completed with exit code 2.\n"
)


def test_the_runners_exit_line_is_no_error_line() -> None:
    q = parse(BANNER)
    assert q.exc_type != "Error"
    assert "Process completed" not in q.message


def test_a_banner_above_the_runners_exit_line_is_found(matcher: Matcher) -> None:
    assert first(matcher.explain(BANNER)).function == "require"


# ---------------------------------------------------------------- the code idiom


def test_a_module_exception_class_named_otherwise_built_and_stored() -> None:
    ex = extract([SourceFile("buildlib/pool.py", POOL.encode())], "local/buildlib", jobs=1)
    made = {(r.exc_type, r.template) for r in ex.records if r.function == "wait_result"}
    assert (
        "BrokenProcessPool",
        "A task has failed to un-serialize. Please ensure that the arguments of the function are all picklable.",
    ) in made
    # a subclass of it, named otherwise too, is one (its base is the module's exception class)
    assert ("WorkerLost", "A worker of the pool was lost before its task ended.") in made


@pytest.mark.parametrize(
    "bases",
    [
        "dict",  # no exception
        "Response, BottleException",  # an exception that is a response too (bottle's HTTPResponse)
        "RuntimeWarning",  # a warning, which a built exception's rule leaves out by its name too
    ],
)
def test_a_class_named_otherwise_that_is_no_plain_exception_is_not_recorded(bases: str) -> None:
    src = (
        "class BottleException(Exception):\n    pass\n\n\nclass Response:\n    pass\n\n\n"
        f"class Reply({bases}):\n    pass\n\n\n"
        "def load(d):\n    reply = Reply(d)\n    return reply\n"
    )
    ex = extract([SourceFile("buildlib/opts.py", src.encode())], "local/buildlib", jobs=1)
    assert not [r for r in ex.records if r.function == "load"]


def test_a_message_of_a_stored_exception_named_otherwise_is_found(matcher: Matcher) -> None:
    top = first(
        matcher.explain(
            "errors occurs : buildlib.pool.BrokenProcessPool: A task has failed to un-serialize. "
            "Please ensure that the arguments of the function are all picklable."
        )
    )
    assert top.function == "wait_result"


# ---------------------------------------------------------------- the standard library's own


def _metadata_traceback(folder: str, module: str) -> str:
    return (
        "Traceback (most recent call last):\n"
        '  File "/usr/bin/autotrash", line 22, in importlib_load_entry_point\n'
        "    for entry_point in distribution(dist_name).entry_points\n"
        f'  File "{folder}/__init__.py", line 981, in distribution\n'
        "    return Distribution.from_name(distribution_name)\n"
        f'  File "{folder}/__init__.py", line 565, in from_name\n'
        "    raise PackageNotFoundError(name)\n"
        f"{module}.PackageNotFoundError: No package metadata was found for autotrash\n"
    )


def test_the_standard_librarys_own_raise_is_not_its_backports(matcher: Matcher) -> None:
    res = matcher.explain(_metadata_traceback("/usr/lib/python3.11/importlib/metadata", "importlib.metadata"))
    assert not res.matches or res.matches[0].approximate


def test_the_backports_own_raise_is_still_found(matcher: Matcher) -> None:
    top = first(
        matcher.explain(_metadata_traceback("/env/lib/python3.11/site-packages/metaport", "metaport"))
    )
    assert top.function == "Distribution.from_name"
    assert not top.approximate, top.reasons
