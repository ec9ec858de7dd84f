"""A class base written through a module-level alias of another name is named by the class it
stands for (issues18's setuptools ``BaseError = _distutils_errors.DistutilsError`` then
``class PackageDiscoveryError(BaseError, RuntimeError)``): the match index relates classes by
their last name, so ``baseerror`` would never reach ``distutilserror``."""

from __future__ import annotations

from errdex.extract import extract
from errdex.match import build_index
from errdex.model import CatalogueEntry, ErrorRecord, SourceFile

_BASE = """
class LibError(Exception):
    pass


class ConfigFailure(LibError):
    pass


def check(x):
    if not x:
        raise LibError("the configuration was not read")
"""

# ``BaseError = _base.LibError``, ``from .base import LibError as Root``, ``Mid = Root``
_ERRORS = """
import argparse
from . import base as _base
from .base import LibError as Root
from .base import ConfigFailure

BaseError = _base.LibError
Mid = Root
ArgError = argparse.ArgumentError
Loop = Loop2
Loop2 = Loop


class DiscoveryError(BaseError, RuntimeError):
    pass


class ChainedError(Mid):
    pass


class ParseFailure(ArgError, ConfigFailure):
    pass


class Odd(Loop):
    pass


def find(kind):
    raise DiscoveryError(f"several top-level {kind} were found")


def chained():
    raise ChainedError("the chain was followed")


def parse():
    raise ParseFailure(None, "the arguments did not parse")


def odd():
    raise Odd("an odd base")
"""


def _bases() -> dict[str, list[str]]:
    files = [SourceFile("pkg/base.py", _BASE.encode()), SourceFile("pkg/errors.py", _ERRORS.encode())]
    ex = extract(files, "local/pkg", jobs=1)
    return {r.exc_type: r.exc_bases for r in ex.records if r.path == "pkg/errors.py"}


def test_a_base_through_a_module_alias_is_the_class_it_stands_for() -> None:
    bases = _bases()
    # ``BaseError = _base.LibError``: the class defined in the codebase, by its key
    assert bases["DiscoveryError"] == ["pkg.base.LibError", "RuntimeError"]
    # ``from .base import LibError as Root`` then ``Mid = Root``: the chain is followed
    assert bases["ChainedError"] == ["pkg.base.LibError"]
    # an alias of a class outside the codebase is its dotted name there; an import of the same
    # name is kept as written
    assert bases["ParseFailure"] == ["argparse.ArgumentError", "ConfigFailure"]
    # names bound to each other (no class at the end) are kept as written
    assert bases["Odd"] == ["Loop"]


def _entry(key: int, r: ErrorRecord) -> CatalogueEntry:
    return CatalogueEntry(
        key=key, error_id=r.id, repo="local/pkg", version="1", snapshot_date=None, kind=r.kind,
        exc_type=r.exc_type, exc_qualname=r.exc_qualname, template=r.template, segments=r.segments,
        path=r.path, line=r.line, function=r.function, exc_bases=tuple(r.exc_bases),
    )  # fmt: skip


def test_the_index_reaches_the_aliased_class_from_its_subclass() -> None:
    files = [SourceFile("pkg/base.py", _BASE.encode()), SourceFile("pkg/errors.py", _ERRORS.encode())]
    ex = extract(files, "local/pkg", jobs=1)
    entries = [_entry(i, r) for i, r in enumerate(ex.records)]
    idx = build_index(entries)
    assert "liberror" in idx.ancestors("discoveryerror")
    assert "discoveryerror" in idx.subclasses("liberror")
    assert "liberror" in idx.ancestors("chainederror")


def test_a_class_fact_names_a_base_through_the_files_dotted_alias() -> None:
    # the code facts give the index the bases of classes no statement raises (``class_bases``):
    # one file's ``BaseError = _base.LibError`` is read there as that file spells the class
    files = [SourceFile("pkg/base.py", _BASE.encode()), SourceFile("pkg/errors.py", _ERRORS.encode())]
    classes = {c.qualname: c.bases for c in extract(files, "local/pkg", jobs=1).code["pkg/errors.py"].classes}
    assert classes["DiscoveryError"] == ["_base.LibError", "RuntimeError"]
    assert classes["ParseFailure"] == ["argparse.ArgumentError", "ConfigFailure"]
    # a base bound by an import keeps its name (readers resolve imports themselves)
    assert classes["ChainedError"] == ["Mid"]
