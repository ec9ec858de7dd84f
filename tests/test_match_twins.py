"""Near-ties of one message without frames: the synchronous, generic site first, its
``async`` and platform twins right after it; a traceback raised in a twin module (one the
release no longer has by that name) puts the twins first (on a real catalogue indexed from
fixture code)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.match.result import Match
from errdex.store import Store

ERRORS = """\
class Timeout(TimeoutError):
    pass
"""

LOCK = """\
from locks.errors import Timeout


class FileLock:
    def acquire(self, timeout):
        if timeout < 0:
            raise Timeout(f"The file lock '{self.path}' could not be acquired.")
"""

ASYNC_LOCK = """\
from locks.errors import Timeout


class AsyncFileLock:
    async def acquire(self, timeout):
        if timeout < 0:
            raise Timeout(f"The file lock '{self.lock_file}' could not be acquired.")
"""

BSD = """\
def rlimit(resource, limits):
    if len(limits) != 2:
        raise ValueError(f"second argument must be a (soft, hard) tuple, got {limits!r}")
"""

LINUX = BSD


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("twins")
    pkg = root / "locks"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "errors.py").write_text(ERRORS)
    (pkg / "lock.py").write_text(LOCK)
    (pkg / "async_lock.py").write_text(ASYNC_LOCK)
    (pkg / "_psbsd.py").write_text(BSD)
    (pkg / "_pslinux.py").write_text(LINUX)
    db = str(root / "c.db")
    index(str(pkg), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def test_the_synchronous_site_of_a_message_comes_before_its_async_twin(matcher: Matcher) -> None:
    res = matcher.explain("locks.errors.Timeout: The file lock 'jobs.lock' could not be acquired.")
    got = [(m.path, m.function, m.approximate) for m in res.matches[:2]]
    assert got == [
        ("lock.py", "FileLock.acquire", False),
        ("async_lock.py", "AsyncFileLock.acquire", False),
    ]
    assert res.matches[0].score >= res.matches[1].score


def test_a_traceback_raised_in_a_renamed_async_module_puts_the_async_twin_first(
    matcher: Matcher,
) -> None:
    # the user's release called the module asyncio_lock.py: the frame names no file of the
    # catalogue and its function fits both sites, but it ran the asynchronous one
    res = matcher.explain(
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.10/site-packages/locks/asyncio_lock.py", line 7, in acquire\n'
        '    raise Timeout(f"The file lock {self.lock_file!r} could not be acquired.")\n'
        "locks.errors.Timeout: The file lock 'jobs.lock' could not be acquired."
    )
    got = [m.path for m in res.matches[:2]]
    assert got == ["async_lock.py", "lock.py"]


def test_the_generic_platform_module_comes_before_another_platform_s(matcher: Matcher) -> None:
    res = matcher.explain("ValueError: second argument must be a (soft, hard) tuple, got (1024,)")
    got = [(m.path, m.function) for m in res.matches[:2]]
    assert got == [("_pslinux.py", "rlimit"), ("_psbsd.py", "rlimit")]


def test_what_counts_as_a_twin() -> None:
    from errdex.match.parse import Frame
    from errdex.match.result import Match, literal
    from errdex.match.twins import raised_in_twin, twin

    def m(path: str, function: str) -> Match:
        return Match("i", "r", "1", "error", "E", "t", path, 1, function, 1.0, False)

    assert twin(m("filelock/_async_lock/_lock.py", "BaseAsyncFileLock.acquire"))
    assert twin(m("filelock/_core/_acquire.py", "AsyncAcquisition._async_poll_until_acquired"))
    assert twin(m("psutil/_psbsd.py", "Process.rlimit"))
    assert twin(m("serial/serialwin32.py", "Serial.write"))
    assert twin(m("pkg/windows/io.py", "read"))
    assert not twin(m("psutil/_pslinux.py", "Process.rlimit"))
    assert not twin(m("serial/serialposix.py", "Serial.write"))
    assert not twin(m("hmac/cli.py", "main"))  # neither "mac" nor "cli" names a platform
    # an ``aio/`` package mirroring the synchronous modules, or an ``aio`` module, is the async copy
    assert twin(m("kubernetes/aio/config/kube_config.py", "ConfigNode.get_with_name"))
    assert twin(m("azure/storage/blob/aio/_models.py", "ContainerPropertiesPaged.__init__"))
    assert twin(m("pkg/transport_aio.py", "send"))
    assert not twin(m("kubernetes/config/kube_config.py", "ConfigNode.get_with_name"))
    assert not twin(m("aiohttp/client.py", "ClientSession._request"))  # "aio" only as a whole name part
    assert not twin(m("pkg/radio.py", "RadioMixin._radio"))
    assert raised_in_twin([Frame("C:\\py\\site-packages\\socketio\\asyncio_client.py", 149, "connect")])
    assert raised_in_twin([Frame("main.py", 3, "<module>"), Frame("/x/serial/serialwin32.py", 9, "open")])
    assert not raised_in_twin([Frame("/x/async-bot/venv/site-packages/socketio/client.py", 161, "connect")])
    assert not raised_in_twin([Frame("C:/Windows/py/socketio/client.py", 161, "connect")])
    assert not raised_in_twin([])
    assert literal("The file lock '{self.lock_file}' could not be acquired.") == literal(
        "The file lock '{lock_filename}' could not be acquired."
    )


def test_approximate_twins_of_one_text_are_ordered_like_exact_ones() -> None:
    # an older wording (the suffix a later release added is missing): the class and the frame's
    # function lead to both twins alike, approximately; the synchronous one is what most code runs
    from errdex.match.result import Match
    from errdex.match.twins import twins_last

    tmpl = "{msg}, Timeout: {timeout}s"

    def m(path: str, approximate: bool, score: float = 0.5) -> Match:
        return Match(
            "i" + path, "r", "1", "error", "E", tmpl, path, 244, "Topology._loop", score, approximate
        )

    got = twins_last([m("pkg/asynchronous/topology.py", True), m("pkg/synchronous/topology.py", True)])
    assert [x.path for x in got] == ["pkg/synchronous/topology.py", "pkg/asynchronous/topology.py"]
    # between approximate answers a small gap is the text fitting one better: no move
    gap = [m("pkg/asynchronous/topology.py", True, 0.507), m("pkg/synchronous/topology.py", True)]
    assert twins_last(gap) == gap
    # an exact first answer does not trade places with an approximate twin
    mixed = [m("pkg/asynchronous/topology.py", False), m("pkg/synchronous/topology.py", True)]
    assert twins_last(mixed) == mixed


def _site(path: str, function: str, score: float = 2.158, repo: str = "r") -> Match:
    tmpl = "Expected a non-empty value for `model_id` but received {model_id!r}"
    return Match(
        "i" + path + function, repo, "1", "error", "ValueError", tmpl, path, 87, function, score, False
    )


def test_a_variant_in_a_module_nested_below_the_other_comes_after_it() -> None:
    # an SDK raises one message from every sibling resource: ``resources/beta/models.py`` is
    # ``resources/models.py`` with a folder added, the general form users reach first
    from errdex.match.twins import twins_last

    beta = _site("sdk/resources/beta/models.py", "Models.retrieve")
    plain = _site("sdk/resources/models.py", "Models.retrieve")
    got = twins_last([beta, plain])
    assert [m.path for m in got] == ["sdk/resources/models.py", "sdk/resources/beta/models.py"]
    assert got[1].reasons[-1] == (
        "a variant of sdk/resources/models.py:87 (Models.retrieve) (a longer module path or class name): "
        "listed after it"
    )
    assert got[0].reasons == []
    assert [m.score for m in got] == [m.score for m in [beta, plain]]  # each place keeps its score


def test_a_variant_class_named_after_the_other_comes_after_it_and_async_twins_stay_last() -> None:
    from errdex.match.twins import twins_last

    sites = [
        _site("sdk/types.py", "FunctionResponsePart.from_uri"),
        _site("sdk/types.py", "AsyncPart.from_uri"),
        _site("sdk/types.py", "Part.from_uri"),
        _site("sdk/other.py", "Blob.from_uri"),  # no variant of any: keeps its place among the plain
    ]
    got = [m.function for m in twins_last(sites)]
    assert got == ["Part.from_uri", "Blob.from_uri", "FunctionResponsePart.from_uri", "AsyncPart.from_uri"]


def test_what_counts_as_a_variant() -> None:
    from errdex.match.twins import variant_of

    plain = _site("sdk/resources/messages/batches.py", "Batches.retrieve")
    assert variant_of(_site("sdk/resources/beta/messages/batches.py", "Batches.retrieve"), plain)
    assert variant_of(_site("sdk/resources/beta/messages/batches.py", "AsyncBatches.retrieve"), plain)
    assert variant_of(_site("sdk/resources/messages/batches.py", "AsyncBatches.retrieve"), plain)
    assert variant_of(_site("sdk/resources/messages/concrete.py", "ConcreteBatches.retrieve"), plain)
    assert not variant_of(plain, plain)
    assert not variant_of(_site("sdk/resources/beta/messages/batches.py", "Batches.cancel"), plain)
    assert not variant_of(_site("sdk/resources/beta/messages/batches.py", "Jobs.retrieve"), plain)
    assert not variant_of(_site("sdk/resources/beta/messages/jobs.py", "Batches.retrieve"), plain)
    # a class in another folder is a sibling, not a variant; nor a shorter path; nor another codebase
    assert not variant_of(_site("sdk/lib/batches.py", "AsyncBatches.retrieve"), plain)
    assert not variant_of(_site("sdk/batches.py", "Batches.retrieve"), plain)
    assert not variant_of(
        _site("sdk/resources/beta/messages/batches.py", "Batches.retrieve", repo="x"), plain
    )
    # a name is extended by whole CapWords words: ``XBatches`` is no word before ``Batches``
    assert not variant_of(_site("sdk/resources/messages/batches.py", "XBATCHBatches.retrieve"), plain)
    # module functions: the path alone
    assert variant_of(_site("pkg/v1/parse.py", "parse_obj"), _site("pkg/parse.py", "parse_obj"))
    assert not variant_of(_site("pkg/parse.py", "parse_obj"), _site("pkg/v1/parse.py", "parse_obj"))


CLIENT = """\
class ControllerClient:
    def _wait_for_healthy(self, name, status):
        if status.bad:
            raise RuntimeError(
                f"Deployment {name} is UNHEALTHY: " f"{status.message}"
            )
"""

BENCH = """\
def _controller_wait_for_healthy(deployment_name, dep):
    if dep.bad:
        raise RuntimeError(f"Deployment {deployment_name} is UNHEALTHY: {dep.message}")
"""

API = """\
def run(app):
    return app
"""


def test_a_tie_is_ordered_by_the_function_the_last_frame_names_in_a_moved_file(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # the user's release raised in serve/api.py's _wait_for_healthy; the release indexed keeps
    # api.py without it, the method moved to _private/client.py, and a benchmark raises the
    # same words in a function of another name: the frame's name tells the two apart
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("moved")
    pkg = root / "serve"
    (pkg / "_private").mkdir(parents=True)
    (pkg / "benchmarks").mkdir()
    for d in (pkg, pkg / "_private", pkg / "benchmarks"):
        (d / "__init__.py").write_text("")
    (pkg / "api.py").write_text(API)
    (pkg / "_private" / "client.py").write_text(CLIENT)
    (pkg / "benchmarks" / "common.py").write_text(BENCH)
    db = str(root / "c.db")
    index(str(pkg), db, jobs=1)
    paste = (
        'File "/venv/lib/python3.7/site-packages/serve/api.py", line 328, in _wait_for_healthy\n'
        '    raise RuntimeError(f"Deployment {name} is UNHEALTHY: {status.message}")\n'
        "RuntimeError: Deployment echo is UNHEALTHY: Failed to update deployment."
    )
    with Store.open(db) as store:
        res = Matcher.load(store).explain(paste)
    assert [m.function for m in res.matches[:2]] == [
        "ControllerClient._wait_for_healthy",
        "_controller_wait_for_healthy",
    ]
    assert not res.matches[0].tied_with
    # without the frame the two sites print the same words: a tie, in the ranker's order
    with Store.open(db) as store:
        res = Matcher.load(store).explain(
            "RuntimeError: Deployment echo is UNHEALTHY: Failed to update deployment."
        )
    assert res.matches[0].tied_with
