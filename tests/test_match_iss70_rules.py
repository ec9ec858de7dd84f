"""A tie-break the issues3-issues70 set's untuned misses showed (docs/measurements/iss70.md).

Sibling modules raising one text alike (APScheduler's job stores, each ``add_job`` raising
``ConflictingIdError(job.id)``), all but one guarding an optional dependency at their top level
(``try: import etcd3`` / ``except ImportError: raise ImportError("... requires etcd3")``): the
module that needs nothing more installed, the default a user gets, comes first among them.

On a real catalogue indexed from a fixture package shaped like that."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

BASE = """\
class ConflictingIdError(KeyError):
    def __init__(self, job_id):
        super().__init__(f"Job identifier ({job_id}) conflicts with an existing job")
"""

# an optional backend: its module refuses to import without its dependency
ETCD = """\
from sched.jobstores.base import ConflictingIdError

try:
    from etcd3 import Etcd3Client
except ImportError as exc:
    raise ImportError("EtcdJobStore requires etcd3 be installed") from exc


class EtcdJobStore:
    def add_job(self, job):
        if job.id in self.jobs:
            raise ConflictingIdError(job.id)
"""

# the default backend: nothing beyond the package itself
MEMORY = """\
from sched.jobstores.base import ConflictingIdError


class MemoryJobStore:
    def add_job(self, job):
        if job.id in self.jobs:
            raise ConflictingIdError(job.id)
"""

PASTE = "sched.jobstores.base.ConflictingIdError: 'Job identifier (abc) conflicts with an existing job'"


# the package as files under ``sched/jobstores/`` (the empty ``__init__.py`` files make it one)
STORES = {"base": BASE, "etcd": ETCD, "memory": MEMORY}


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {f"sched/jobstores/{name}.py": code for name, code in STORES.items()}
    files.update(dict.fromkeys(("sched/__init__.py", "sched/jobstores/__init__.py"), ""))
    with package_matcher(tmp_path_factory.mktemp("iss70_rules"), files) as m:
        yield m


def test_the_default_module_comes_before_an_optional_backend_raising_the_same(matcher: Matcher) -> None:
    got = [(m.path, m.function) for m in matcher.explain(PASTE).matches[:2]]
    assert got == [
        ("sched/jobstores/memory.py", "MemoryJobStore.add_job"),
        ("sched/jobstores/etcd.py", "EtcdJobStore.add_job"),
    ]


def test_the_guard_itself_is_still_found_first_by_its_own_text(matcher: Matcher) -> None:
    # the rule only orders sites of one text: the guard's own message still finds the guard
    top = matcher.explain("ImportError: EtcdJobStore requires etcd3 be installed").matches[0]
    assert (top.path, top.function) == ("sched/jobstores/etcd.py", "<module>")


# a library's core module guards its own compiled extension at import (Pillow's ``Image.py``:
# ``from . import _imaging as core`` / ``except ImportError: raise ImportError(...)``), and the
# package calls its ``open`` from several places; a plugin module raises the same text in an
# ``open`` nothing calls. The guard is no optional backend: the callers' count decides.
CORE = """\
try:
    from img import _core
except ImportError as exc:
    raise ImportError("The _core extension was built for another version of img") from exc


def open(fp, mode="r"):
    if mode != "r":
        raise ValueError(f"bad mode {mode!r}")
    return fp
"""

PLUGIN = """\
def open(fp, mode="r"):
    if mode != "r":
        raise ValueError(f"bad mode {mode!r}")
    return fp
"""

USERS = """\
from img.image import open


def load(fp):
    return open(fp)


def thumbnail(fp):
    return open(fp)


def convert(fp):
    return open(fp)
"""


@pytest.fixture(scope="module")
def core_matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"img/__init__.py": "", "img/image.py": CORE, "img/gdplugin.py": PLUGIN, "img/tools.py": USERS}
    with package_matcher(tmp_path_factory.mktemp("iss70_core"), files) as m:
        yield m


def test_a_core_module_guarding_its_own_extension_keeps_its_callers_order(core_matcher: Matcher) -> None:
    got = [(m.path, m.function) for m in core_matcher.explain("ValueError: bad mode 'w'").matches[:2]]
    assert got == [("img/image.py", "open"), ("img/gdplugin.py", "open")]
