"""An object's default repr in the message (``<pkg.mod.Cls object at 0x...>``) tells apart the
sites that raise one text from methods of several classes: libraries print ``str(self)`` or
``repr(self)`` of the object that failed into their message (pexpect's ``TIMEOUT`` shows the ``spawn`` it timed out
on), so the site in that class's method, in that module, comes first. On a real catalogue
indexed from fixture code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher, Result
from errdex.match.rank import in_module, module_of, object_reprs
from errdex.store import Store

ERRORS = """\
class Timeout(Exception):
    pass
"""

BASE = """\
from .errors import Timeout


class SpawnBase:
    def read(self, size):
        raise Timeout(f"Timeout exceeded on {self!r}")
"""

PTY = """\
from .base import SpawnBase
from .errors import Timeout


class Spawn(SpawnBase):
    def read(self, size):
        raise Timeout(f"Timeout exceeded on {self!r}")
"""

FD = """\
from .base import SpawnBase
from .errors import Timeout


class FdSpawn(SpawnBase):
    def read(self, size):
        raise Timeout(f"Timeout exceeded on {self!r}")


class Spawn:
    def read(self, size):
        raise Timeout(f"Timeout exceeded on {self!r}")
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("reprs")
    pkg = root / "spawnlib"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for name, source in (("errors", ERRORS), ("base", BASE), ("pty", PTY), ("fd", FD)):
        (pkg / f"{name}.py").write_text(source)
    db = str(root / "c.db")
    index(str(pkg), db, jobs=1)  # from inside the package: its paths lack ``spawnlib/``
    with Store.open(db) as store:
        yield Matcher.load(store)


def paste(shown: str) -> str:
    return f"spawnlib.errors.Timeout: Timeout exceeded on {shown}"


def first(res: Result) -> tuple[str, str]:
    assert res.matches and not res.matches[0].approximate, res.verdict
    return res.matches[0].path, res.matches[0].function


@pytest.mark.parametrize(
    ("shown", "site"),
    [
        ("<spawnlib.pty.Spawn object at 0x7f3a2c1b9e50>", ("pty.py", "Spawn.read")),
        ("<spawnlib.fd.FdSpawn object at 0x7f3a2c1b9e50>", ("fd.py", "FdSpawn.read")),
        # the same class name in another module is another class
        ("<spawnlib.fd.Spawn object at 0x7f3a2c1b9e50>", ("fd.py", "Spawn.read")),
        ("<spawnlib.base.SpawnBase object at 0xf64fe82c>", ("base.py", "SpawnBase.read")),
    ],
)
def test_the_object_the_message_shows_names_its_class_site(
    matcher: Matcher, shown: str, site: tuple[str, str]
) -> None:
    res = matcher.explain(paste(shown))
    assert first(res) == site
    assert "shows an object of this site's class" in " ".join(res.matches[0].reasons)
    assert "tie" not in res.verdict  # the repr tells the sites apart


@pytest.mark.parametrize(
    "shown",
    [
        "<app.MySpawn object at 0x7f3a2c1b9e50>",  # the user's own class: no site is its
        "<spawnlib.pty.Other object at 0x7f3a2c1b9e50>",  # a class with no site of this text
    ],
)
def test_no_object_of_a_site_class_leaves_the_tie(matcher: Matcher, shown: str) -> None:
    res = matcher.explain(paste(shown))
    assert len({m.path for m in res.matches[:4]}) == 3
    assert not any("shows an object" in r for m in res.matches for r in m.reasons)
    assert "tie" in res.verdict


def test_object_reprs_and_modules() -> None:
    msg = "x <a.b.C object at 0x1f> y <a.Outer.Inner object at 0xABC> <C object at 0x1> <a.b.D at 0x2>"
    assert object_reprs(msg) == {("a.b", "C"), ("a.Outer", "Inner")}
    assert object_reprs("no repr here") == set()
    assert module_of("pkg/sub/mod.py") == "pkg.sub.mod"
    assert module_of("pkg/sub/__init__.py") == "pkg.sub"
    assert module_of("single.py") == "single"
    # a path from inside the package, and a nested class's outer name before its own
    assert in_module("spawnlib.pty", ".pty") and in_module("spawnlib.pty", ".spawnlib.pty")
    assert in_module("spawnlib.pty.Outer", ".spawnlib.pty")
    assert not in_module("spawnlib.pty", ".fd") and not in_module("spawnlib.xpty", ".pty")


def test_frames_come_before_the_object_shown(matcher: Matcher) -> None:
    # the traceback lands on ``FdSpawn.read``'s raise: that names the site, whatever object the
    # message shows (a spawn handed to another one's method, say)
    line = FD.splitlines().index('        raise Timeout(f"Timeout exceeded on {self!r}")') + 1
    tb = (
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.12/site-packages/spawnlib/fd.py", line '
        f"{line}, in read\n"
        '    raise Timeout(f"Timeout exceeded on {self!r}")\n'
        + paste("<spawnlib.pty.Spawn object at 0x7f3a2c1b9e50>")
    )
    res = matcher.explain(tb)
    assert first(res) == ("fd.py", "FdSpawn.read")
    assert not any("shows an object" in r for r in res.matches[0].reasons)
