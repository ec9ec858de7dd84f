"""A re-raise that wraps a caught error's text (``except OSError as exc: raise SystemExit(f"error:
{exc}")``) can only have caught what its ``except`` names. Several such wrappers in one function
(distutils' ``run_commands``: ``except DistutilsArgError``, ``except OSError``, ``except
(DistutilsError, CCompilerError)``) fit ``error: <inner message>`` alike; the handler's classes,
carried from the catalogue's guards into the match index, tell the one that catches the inner
raise's class (here through a base named by a module-level alias). On a real folder, indexed in
the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.match.index import E_LINE, E_PATH, Index
from errdex.match.shared_index import merge
from errdex.model import handler_classes
from errdex.store import Store

_ERRORS = """
class LibError(Exception):
    pass


class ArgError(LibError):
    pass
"""

_DISCOVERY = """
from . import errors as _errors

BaseError = _errors.LibError


class DiscoveryError(BaseError, RuntimeError):
    pass


def discover(kind, found):
    raise DiscoveryError(f"Multiple top-level {kind} discovered in a flat layout: {found}, will not proceed")
"""

_CORE = """
from .errors import ArgError, LibError
from .discovery import discover


def run(command):
    try:
        parse(command)
    except ArgError as msg:
        raise SystemExit("usage: run COMMAND\\nerror: " + str(msg))
    try:
        discover("packages", command)
    except KeyboardInterrupt:
        raise SystemExit("interrupted")
    except OSError as exc:
        raise SystemExit(f"error: {exc}")
    except (LibError, ValueError) as msg:
        raise SystemExit("error: " + str(msg))


def parse(command):
    return command
"""

_PASTE = (
    "error: Multiple top-level packages discovered in a flat layout: ['core', 'plugins'], will not proceed"
)


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("handlers")
    pkg = root / "lib"
    pkg.mkdir()
    for name, text in (("__init__", ""), ("errors", _ERRORS), ("discovery", _DISCOVERY), ("core", _CORE)):
        (pkg / f"{name}.py").write_text(text)
    db = str(root / "c.db")
    index(str(pkg), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def test_the_handlers_classes_reach_the_index_and_survive_storing_and_merging(matcher: Matcher) -> None:
    idx = matcher.index
    by_line = {e[E_LINE]: i for i in range(len(idx.entries)) if (e := idx.entries[i])[E_PATH] == "core.py"}
    want = {
        by_line[10]: ["argerror"],
        by_line[14]: ["keyboardinterrupt"],
        by_line[16]: ["oserror"],
        by_line[18]: ["liberror", "valueerror"],
    }
    got = {i: sorted(names) for i, names in idx.entry_handlers().items()}
    assert got == want
    assert {i: sorted(n) for i, n in Index.loads(idx.dumps()).entry_handlers().items()} == want
    assert {i: sorted(n) for i, n in merge([idx]).entry_handlers().items()} == want


def test_only_the_wrapper_whose_handler_catches_the_inner_class_wraps_it(matcher: Matcher) -> None:
    res = matcher.explain(_PASTE)
    lines = [m.line for m in res.matches]
    # the origin and the wrapper catching ``LibError`` (a base of the inner class, through
    # ``BaseError = _errors.LibError``) first; ``except OSError``'s wrapper is not one
    assert set(lines[:2]) == {12, 18}, res.matches
    wrapped = {m.line for m in res.matches if any("caught and raised again" in r for r in m.reasons)}
    assert wrapped == {18}


def test_handler_classes_read_from_guards() -> None:
    assert handler_classes(["except (DistutilsError, CCompilerError) as msg", "not (DEBUG)"]) == (
        "DistutilsError",
        "CCompilerError",
    )
    assert handler_classes(["except OSError as exc", "x", "except errors.Bad"]) == ("errors.Bad",)
    assert handler_classes(["except KeyError"]) == ("KeyError",)
    assert handler_classes(["x > 1"]) == ()
    assert handler_classes(["except ERRORS[0] as e"]) == ()
    # a bare ``except:`` inside another handler catches anything: not the outer one's classes
    assert handler_classes(["except OSError as exc", "except"]) == ()
